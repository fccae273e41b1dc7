// Prints how fast the serving fleet search runs in WASM under node, against the serving issue's
// goal of 5,000 layouts in 200 ms or less (a layout at a replica count, estimated or simulated),
// and what it answers. The case is that issue's first question: Llama-3.1-70B in FP8 at 20
// requests/s of 2,000-token prompts and 300-token answers, TTFT p99 <= 1 s and TPOT p99 <= 50 ms,
// on H100, H200 or MI300X (vLLM).
// Usage: node tests/bench/fleet.mjs   (after scripts/build.sh)
import { loadWasm } from '../node/support.mjs';
import { fastest } from './fastest.mjs';

const scenario = {
  model: 'llama-3.1-70b',
  inference: { weights: 'fp8', runtime: 'vllm' },
  serving: { workload: { requests_per_s: 20, prompt_tokens: 2000, output_tokens: 300 }, targets: { ttft_p99_s: 1, tpot_p99_s: 0.05 } },
  fleet: { accelerators: ['h100-sxm', 'h200', 'mi300x'] },
};

const core = await loadWasm();
const { ms, answer } = fastest(() => core.fleet(scenario), 3);
const { search, best, layouts } = answer.fleet;
// Each replica count priced is a layout evaluated (device, TP, replicas): by the queueing formulas
// (estimates) or by the simulation.
const evaluated = search.estimates + search.simulations;
const rows = [
  ['layouts searched (device x TP, and disaggregated)', `${search.layouts}`],
  ['replica counts estimated by the formulas', `${search.estimates}`],
  ['replica counts simulated', `${search.simulations}`],
  ['time for the search', `${ms.toFixed(0)} ms`],
  ['layouts evaluated per 200 ms', `${Math.round((evaluated / ms) * 200)} (goal: 5,000)`],
];
for (const [what, value] of rows) console.log(`${what}: ${value}`);
// A layout: its tensor-parallel size, or its prefill and decode pools.
const shape = (l) => (l.mode === 'disaggregated'
  ? `prefill ${l.prefill ? `${l.prefill.replicas} x TP ${l.prefill.tp}` : '-'} + decode ${l.decode ? `${l.decode.replicas} x TP ${l.decode.tp}` : '-'}`
  : `TP ${l.tp}`);
for (const l of layouts) {
  console.log(`  ${l.accelerator_name} ${shape(l)}: ${l.status}${l.gpus ? `, ${l.gpus} GPUs, $${l.usd_per_hour?.toFixed(2)}/h` : ''}`);
}
console.log(best ? `cheapest: ${best.accelerator_name} ${shape(best)}, ${best.gpus} GPUs, $${best.usd_per_hour.toFixed(2)}/h, `
  + `$${best.cost_per_million_output_tokens_usd.toFixed(3)} per million output tokens` : 'none meets the targets');
