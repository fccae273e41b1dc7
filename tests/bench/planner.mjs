// Prints how fast the training planner runs in WASM under node, against its budget: 5,000 plans
// or more searched in 100 ms or less, a 12-point scaling curve in 500 ms or less. The case is the
// issue's: Llama-3-70B on 64 H100 SXM, 8-GPU NVLink nodes, 400 Gb/s InfiniBand.
// Usage: node tests/bench/planner.mjs   (after scripts/build.sh)
import { loadWasm } from '../node/support.mjs';
import { fastest } from './fastest.mjs';

const scenario = {
  model: 'llama-3-70b',
  hardware: { accelerator: 'h100-sxm', count: 64, gpus_per_node: 8, inter_node: 'ib-ndr' },
  training: {},
};

const core = await loadWasm();
const plans = fastest(() => core.plan({ ...scenario, planner: { scaling_curve: false } }), 5);
const curve = fastest(() => core.plan({ ...scenario, planner: { top: 0 } }), 5);
const evaluated = plans.answer.search.evaluated;
const best = plans.answer.plans[0];
const rows = [
  ['plans searched (evaluated)', `${evaluated} (${plans.answer.search.candidates} enumerated)`, 'at least 5000', evaluated >= 5000],
  ['time for that search', `${plans.ms.toFixed(1)} ms`, 'at most 100 ms', plans.ms <= 100],
  ['12-point scaling curve', `${curve.ms.toFixed(1)} ms (${curve.answer.scaling.length} points)`, 'at most 500 ms', curve.ms <= 500],
];
for (const [what, value, budget, ok] of rows) console.log(`${ok ? 'ok  ' : 'OVER'} ${what}: ${value} (budget ${budget})`);
console.log(`best plan: tp ${best.tp}, pp ${best.pp}, dp ${best.dp}, zero ${best.zero_stage}, micro-batch ${best.micro_batch}, `
  + `recompute ${best.recompute}: ${best.step_time_s.toFixed(2)} s per step, MFU ${(100 * best.mfu_estimated).toFixed(1)}%`);
process.exitCode = rows.every((row) => row[3]) ? 0 : 1;
