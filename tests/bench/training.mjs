// Prints how far the training time model is from published figures:
//  1. the calibration set (data/measurements/training-throughput.json, llm-foundry; each row's
//     scenario, as `llm-sizer validate --category training-throughput` runs it): estimated MFU
//     against published, and the framework share a fit to it would give;
//  2. the utilisation of the published plans in data/measurements/training-runs.json (Megatron-LM's
//     Table 1, Llama 3 405B's three stages): the old constant 40% ("before") and the step-time
//     model ("after") against the published figure;
//  3. GPU-hours of the published runs there, with the old constant 40% MFU ("before") and with
//     the step-time model on the planner's best plan for the run's GPUs ("after"; 1024 GPUs where
//     the run's count is not published).
// Usage: node tests/bench/training.mjs [--all]   (after scripts/build.sh)
import { loadWasm, readJson } from '../node/support.mjs';

const all = process.argv.includes('--all');
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const median = (values) => quantile(values, 0.5);
const pct = (x) => `${(100 * x).toFixed(1)}%`;

const core = await loadWasm();
const presets = core.presets();

// 1. Calibration.
const errors = {};
const ratios = [];
let share;
for (const row of readJson('data/measurements/training-throughput.json')) {
  const { arch } = row;
  const training = core.estimate(row.scenario).training;
  share = training.assumptions.framework_share;
  const error = training.mfu_estimated - row.mfu;
  (errors[row.accelerator] ??= []).push(Math.abs(error));
  if (arch.seq_len === 2048) ratios.push(row.mfu / training.mfu_estimated);
  if (all) console.log(`  ${row.id}: published ${pct(row.mfu)}, estimated ${pct(training.mfu_estimated)}`);
}
console.log('calibration (llm-foundry): |estimated - published| MFU in points');
for (const [device, list] of Object.entries(errors)) {
  console.log(`  ${device}: ${list.length} rows, median ${(100 * median(list)).toFixed(1)}, 90th percentile ${(100 * quantile(list, 0.9)).toFixed(1)}`);
}
console.log(`  framework share ${share}; a fit to the 2048-token rows gives ${(share * median(ratios)).toFixed(3)}`);

// 2. Utilisation of published plans. Megatron-LM (Narayanan et al. 2021): Selene's 8 x 200 Gb/s
// HDR per node, no FlashAttention, dropout, full recomputation, micro-batch 1, and the papers'
// "% of peak" counts the recomputation (hfu). Llama 3 405B (Table 4 and section 3.3.2): 400 Gb/s
// RoCE, sequence parallelism, no recomputation, interleaved schedule (4 chunks assumed), MFU with
// the causal half of attention counted (its 131K-token stage's 38% is reproduced only so).
const utilisation = [];
for (const run of readJson('data/measurements/training-runs.json')) {
  let scenario;
  let published;
  let key;
  if (run.id.startsWith('megatron-ptdp-') && run.arch) {
    const { arch } = run;
    scenario = {
      model: { model_type: 'gpt2', n_embd: arch.hidden, n_layer: arch.layers, n_head: arch.heads, vocab_size: arch.vocab, n_positions: arch.seq_len },
      hardware: { accelerator: run.accelerator, count: run.gpus, inter_node: 'ib-hdr' },
      training: { tp: run.parallelism.tp, pp: run.parallelism.pp, micro_batch: 1, seq_len: arch.seq_len,
        global_batch_tokens: run.global_batch_sequences * arch.seq_len, recompute: 'full', flash_attention: false, dropout: true },
    };
    [published, key] = [run.hfu, 'hfu_estimated'];
  } else if (run.id.startsWith('llama-3.1-405b-stage-')) {
    const p = run.parallelism;
    scenario = {
      model: run.model,
      hardware: { accelerator: run.accelerator, count: run.gpus, inter_node: 'roce-400g' },
      training: { tp: p.tp, pp: p.pp, cp: p.cp, dp: p.dp, micro_batch: 1, seq_len: run.seq_len_tokens,
        global_batch_tokens: run.batch_size_per_dp * p.dp * run.seq_len_tokens, sequence_parallel: true, recompute: 'none',
        pipeline_schedule: 'interleaved', virtual_stages: 4, zero_stage: 1, causal_attention_flops: true },
    };
    [published, key] = [run.mfu, 'mfu_estimated'];
  } else {
    continue;
  }
  const estimated = core.estimate(scenario).training[key];
  utilisation.push({ id: run.id, published, before: 0.4, after: estimated });
  if (all) console.log(`  ${run.id}: published ${pct(published)}, estimated ${pct(estimated)}`);
}
console.log(`\nutilisation of ${utilisation.length} published plans, |estimate - published| in points`);
for (const key of ['before', 'after']) {
  const list = utilisation.map((u) => Math.abs(u[key] - u.published));
  console.log(`  ${key === 'before' ? 'before (0.40)' : 'after (step-time model)'}: median ${(100 * median(list)).toFixed(1)}, `
    + `90th percentile ${(100 * quantile(list, 0.9)).toFixed(1)}, worst ${(100 * Math.max(...list)).toFixed(1)}`);
}

// 3. GPU-hours of published runs.
const configs = { 'llama-1-65b': readJson('tests/reference/configs/llama-65b.json') };
const assumedGpus = 1024;
const rows = [];
for (const run of readJson('data/measurements/training-runs.json')) {
  if (!run.gpu_hours || !run.tokens || !run.accelerator) continue;
  const model = presets.models.some((m) => m.id === run.model) ? run.model : configs[run.model];
  if (!model || !presets.accelerators.some((a) => a.id === run.accelerator)) continue;
  const seq = run.context_tokens ?? run.seq_len_tokens;
  const training = { tokens: run.tokens, ...(seq ? { seq_len: seq } : {}), ...(run.precision === 'fp8' ? { precision: 'fp8' } : {}),
    ...(run.global_batch_tokens ? { global_batch_tokens: run.global_batch_tokens } : {}) };
  const hardware = { accelerator: run.accelerator, count: run.gpus ?? assumedGpus };
  // Before: the old default, 40% of peak on the executed FLOPs whatever the plan (the batch does
  // not matter to it, and may not split over the default plan's data parallelism).
  const { global_batch_tokens: batch, ...constant } = training;
  const before = core.estimate({ model, hardware, training: { ...constant, mfu: 0.4, recompute: 'none' } }).training;
  const after = core.estimate({ model, hardware, training }).training;
  rows.push({ id: run.id, published: run.gpu_hours, gpus: hardware.count, before: before.gpu_hours, after: after.gpu_hours,
    plan: after.parallelism, fits: after.fits, mfu: after.mfu_estimated });
}
const errorOf = (value, published) => Math.abs(value / published - 1);
console.log(`\nGPU-hours against ${rows.length} published runs (${assumedGpus} GPUs where the count is not published)`);
for (const r of rows) {
  const p = r.plan;
  console.log(`  ${r.id} on ${r.gpus}: published ${r.published.toExponential(3)}, 40% MFU ${r.before.toExponential(3)} `
    + `(${pct(r.before / r.published - 1)}), model ${r.after.toExponential(3)} (${pct(r.after / r.published - 1)}; `
    + `tp ${p.tp} pp ${p.pp} dp ${p.dp} cp ${p.cp} ep ${p.ep}, MFU ${pct(r.mfu)}${r.fits ? '' : ', does not fit'})`);
}
for (const [label, key] of [['before (MFU 0.40)', 'before'], ['after (step-time model)', 'after']]) {
  const list = rows.map((r) => errorOf(r[key], r.published));
  console.log(`  ${label}: median error ${pct(median(list))}, 90th percentile ${pct(quantile(list, 0.9))}`);
}
