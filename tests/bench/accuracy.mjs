// Prints how far the calculator's speed predictions are from published measurements
// (data/measurements/inference-speed.json): median and 90th-percentile absolute error per metric,
// and the worst cases. Usage: node tests/bench/accuracy.mjs [--all]   (after scripts/build.sh)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { loadWasm, root } from '../node/support.mjs';

// Measurement vocabulary → scenario vocabulary. Runtimes the calculator does not name are
// CUDA-graph PyTorch-level engines, which the generic runtime stands for.
const runtimes = {
  'llama.cpp': 'llama.cpp', vllm: 'vllm', sglang: 'sglang', 'tensorrt-llm': 'tensorrt-llm',
  'nvidia-nim': 'tensorrt-llm', 'gpt-fast': 'generic', exllama: 'generic', exllamav2: 'generic',
  'mlc-llm': 'generic', 'pytorch-compile': 'generic',
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
  if (!presets.accelerators.some((a) => a.id === accelerator)) return null;
  const prompt = Math.max(1, m.prompt_tokens ?? 1);
  const output = Math.max(1, m.output_tokens ?? 1);
  const inference = {
    runtime, weights, batch: m.batch ?? 1, prompt_tokens: prompt, output_tokens: output,
    context_tokens: Math.max(prompt + output, 512), allow_long_context: true, tp: m.tp ?? 1,
  };
  if (m.kv_cache && runtime === 'llama.cpp') inference.kv_cache = m.kv_cache;
  return { model, hardware: { accelerator, count: m.count ?? 1 }, inference };
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

async function main() {
  const engine = await loadWasm();
  const presets = engine.presets();
  const measurements = JSON.parse(readFileSync(join(root, 'data/measurements/inference-speed.json'), 'utf8'));
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
  console.log(`measurements: ${rows.length} compared, ${skipped} skipped (format, model or device not in the catalog)`);
  console.log('metric                      n   median |error|   p90 |error|');
  for (const [metric, list] of Object.entries(errors)) {
    list.sort((a, b) => a - b);
    const pct = (x) => `${(100 * x).toFixed(1)}%`.padStart(8);
    console.log(`${metric.padEnd(26)} ${String(list.length).padStart(3)}   ${pct(quantile(list, 0.5))}      ${pct(quantile(list, 0.9))}`);
  }
  const all = rows.map((r) => Math.abs(r.error)).sort((a, b) => a - b);
  console.log(`all                        ${String(all.length).padStart(3)}   ${(100 * quantile(all, 0.5)).toFixed(1).padStart(7)}%      ${(100 * quantile(all, 0.9)).toFixed(1).padStart(7)}%`);
  rows.sort((a, b) => Math.abs(b.error) - Math.abs(a.error));
  const shown = process.argv.includes('--all') ? rows : rows.slice(0, 12);
  console.log('\nlargest errors:');
  for (const r of shown) {
    console.log(`  ${(100 * r.error).toFixed(0).padStart(5)}%  ${r.id} (${r.metric}: published ${r.published}, predicted ${r.predicted.toPrecision(4)})`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
