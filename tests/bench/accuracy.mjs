// Prints how far the calculator's speed predictions are from published measurements: median and
// 90th-percentile absolute error per metric and the worst cases, for the models on the devices
// (data/measurements/inference-speed.json) and for CPUs, partial and expert offload
// (data/measurements/offload-speed.json).
// Usage: node tests/bench/accuracy.mjs [--all]   (after scripts/build.sh)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { loadWasm, root } from '../node/support.mjs';

// Measurement vocabulary → scenario vocabulary. Runtimes the calculator does not name are
// CUDA-graph PyTorch-level engines, which the generic runtime stands for.
const runtimes = {
  'llama.cpp': 'llama.cpp', vllm: 'vllm', sglang: 'sglang', 'tensorrt-llm': 'tensorrt-llm',
  'nvidia-nim': 'tensorrt-llm', 'gpt-fast': 'generic', exllama: 'generic', exllamav2: 'generic',
  'mlc-llm': 'generic', 'pytorch-compile': 'generic',
  // llama.cpp inside; KTransformers places routed experts on the CPU as llama.cpp's exps=CPU does.
  ollama: 'llama.cpp', ktransformers: 'llama.cpp',
};
const formats = { 'int8-weight-only': 'int8', 'int4-g32': 'int4', 'gptq-4bit': 'gptq-4bit-g128' };
const accelerators = { a100: 'a100-80gb-sxm', h100: 'h100-sxm' };
const models = { 'mistral-7b': 'mistral-7b-v0.1' };

export function scenarioFor(m, presets) {
  const runtime = runtimes[m.runtime];
  const model = models[m.model] ?? m.model;
  const accelerator = accelerators[m.accelerator] ?? m.accelerator;
  let weights = formats[m.weights] ?? m.weights;
  if (!runtime || !weights) return null;
  if (runtime === 'llama.cpp' && ['fp16', 'bf16'].includes(weights)) weights = 'f16';
  if (runtime !== 'llama.cpp' && weights === 'f16') weights = 'fp16';
  if (!presets.models.some((p) => p.id === model)) return null;
  if (![...presets.accelerators, ...(presets.cpus ?? [])].some((a) => a.id === accelerator)) return null;
  const prompt = Math.max(1, m.prompt_tokens ?? 1);
  const output = Math.max(1, m.output_tokens ?? 1);
  const inference = {
    runtime, weights, batch: m.batch ?? 1, prompt_tokens: prompt, output_tokens: output,
    context_tokens: Math.max(prompt + output, 512), allow_long_context: true, tp: m.tp ?? 1,
  };
  if (m.kv_cache && runtime === 'llama.cpp') inference.kv_cache = m.kv_cache;
  if (m.gpu_layers !== undefined) inference.gpu_layers = m.gpu_layers;
  if (m.offload_experts !== undefined) inference.offload_experts = m.offload_experts;
  return { model, hardware: hardwareFor(m, accelerator, presets), inference };
}

// The machine as measured: the RAM installed and its speed go to the CPU, the host beside a GPU or
// the CPU that is the only device.
function hardwareFor(m, accelerator, presets) {
  const memory = {};
  if (m.host_memory_bytes) memory.memory_bytes = m.host_memory_bytes;
  if (m.host_memory_mt_per_s) memory.memory_mt_per_s = m.host_memory_mt_per_s;
  if (m.sockets) memory.sockets = m.sockets;
  const cpu = (id) => (Object.keys(memory).length ? { preset: id, ...memory } : id);
  if (m.host) return { accelerator, count: m.count ?? 1, host: cpu(m.host) };
  if (presets.cpus?.some((c) => c.id === accelerator)) return { accelerator: cpu(accelerator), count: 1 };
  return { accelerator, count: m.count ?? 1 };
}

// The published metric read off a result.
export function predicted(metric, inference) {
  switch (metric) {
    case 'decode_tokens_per_s': return inference.decode_tokens_per_s;
    case 'prefill_tokens_per_s': return inference.prefill_tokens_per_s;
    case 'ttft_s': return inference.ttft_s;
    case 'itl_s': return 1 / inference.decode_tokens_per_s;
    // Benchmarks divide output tokens by the whole run, prefill included.
    case 'throughput_tokens_per_s': return inference.requests_per_s * inference.prompt_output[1];
    default: return undefined;
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

// Errors of one file's measurements: { rows, errors by metric, skipped }.
function compare(engine, presets, file) {
  const measurements = JSON.parse(readFileSync(join(root, 'data/measurements', file), 'utf8'));
  const errors = {};
  const rows = [];
  let skipped = 0;
  for (const m of measurements) {
    const scenario = scenarioFor(m, presets);
    if (!scenario) { skipped += 1; continue; }
    if (m.metric === 'throughput_tokens_per_s' && !m.batch) { skipped += 1; continue; }
    let inference;
    try {
      inference = engine.estimate(scenario).inference;
    } catch (error) {
      skipped += 1;
      continue;
    }
    inference.prompt_output = [scenario.inference.prompt_tokens, scenario.inference.output_tokens];
    const value = predicted(m.metric, inference);
    if (value === undefined || value === null) { skipped += 1; continue; }
    const error = value / m.value - 1;
    (errors[m.metric] ??= []).push(Math.abs(error));
    rows.push({ id: m.id, metric: m.metric, published: m.value, predicted: value, error });
  }
  return { rows, errors, skipped };
}

function report(file, { rows, errors, skipped }) {
  console.log(`\n${file}: ${rows.length} compared, ${skipped} skipped (format, model or device not in the catalog, or it does not fit)`);
  console.log('metric                      n   median |error|   p90 |error|');
  const pct = (x) => `${(100 * x).toFixed(1)}%`.padStart(8);
  for (const [metric, list] of Object.entries(errors)) {
    list.sort((a, b) => a - b);
    console.log(`${metric.padEnd(26)} ${String(list.length).padStart(3)}   ${pct(quantile(list, 0.5))}      ${pct(quantile(list, 0.9))}`);
  }
  const all = rows.map((r) => Math.abs(r.error)).sort((a, b) => a - b);
  console.log(`all                        ${String(all.length).padStart(3)}   ${pct(quantile(all, 0.5))}      ${pct(quantile(all, 0.9))}`);
  rows.sort((a, b) => Math.abs(b.error) - Math.abs(a.error));
  const shown = process.argv.includes('--all') ? rows : rows.slice(0, 12);
  console.log('largest errors:');
  for (const r of shown) {
    console.log(`  ${(100 * r.error).toFixed(0).padStart(5)}%  ${r.id} (${r.metric}: published ${r.published}, predicted ${r.predicted.toPrecision(4)})`);
  }
}

async function main() {
  const engine = await loadWasm();
  const presets = engine.presets();
  for (const file of ['inference-speed.json', 'offload-speed.json']) report(file, compare(engine, presets, file));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
