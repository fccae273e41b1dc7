// Long use: consecutive estimates through the WASM module, as a long page session makes them
// (models, inference and training, and bad input that unwinds through the error path), printing
// the WASM memory and the JS heap at the start and the end. The core's memory is WebAssembly
// linear memory, which grows and never shrinks: a leak in the core or the binding shows as growth.
//
//   node tests/bench/long_use.mjs [estimates=100000]
import { loadRawWasm } from '../node/support.mjs';

const total = Number(process.argv[2] ?? 100_000);
const scenarios = [
  { model: 'llama-3-8b' },
  { model: 'deepseek-v3', hardware: { count: 8 }, inference: { runtime: 'vllm', weights: 'fp8' } },
  { model: 'llama-3-70b', hardware: { count: 4 }, inference: { batch: 32, context_tokens: 8192 } },
  { model: 'qwen3-next-80b-a3b', inference: { runtime: 'llama.cpp', weights: 'q4_k_m' } },
  { model: 'llama-3.1-405b', hardware: { count: 1024 }, training: { tokens: 15e12, tp: 8, pp: 2 } },
  { model: 'mixtral-8x7b', training: { method: 'qlora', lora_rank: 16 } },
  { model: 'gemma-3-4b', hardware: { accelerator: 'rtx-4090' }, inference: {}, training: { method: 'lora' } },
  { model: { preset: 'llama-3-8b', num_hidden_layers: -3 } },
  { model: 'llama-3-8b', training: { mfu: 2 } },
  '{"model": "gpt2", "hardware": {"count": 1e400}}',
].map((s) => (typeof s === 'string' ? s : JSON.stringify(s)));

const core = await loadRawWasm();
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const wasmBytes = () => core.HEAP8.buffer.byteLength;
const jsHeap = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

function run(count) {
  let refused = 0;
  for (let i = 0; i < count; i += 1) {
    if (core.estimate(scenarios[i % scenarios.length]).startsWith('{"error"')) refused += 1;
  }
  return refused;
}

const warmup = scenarios.length * 10;
run(warmup); // every path once, so first-use allocations are not counted as growth
const start = { wasm: wasmBytes(), js: jsHeap() };
const started = performance.now();
const refused = run(total);
const seconds = (performance.now() - started) / 1000;
const end = { wasm: wasmBytes(), js: jsHeap() };

console.log(`${total} estimates in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)}/s, ${refused} refused as bad input)`);
console.log(`WASM memory: ${mib(start.wasm)} at the start, ${mib(end.wasm)} at the end (${end.wasm - start.wasm} bytes grown)`);
console.log(`JS heap: ${mib(start.js)} at the start, ${mib(end.js)} at the end${globalThis.gc ? '' : ' (run node --expose-gc for collected figures)'}`);
