// The page's background searches, off its thread, on the worker's own copy of the core: the
// planner's (the plans for the scenario's GPUs, then each point of the scaling curve) and the
// Serving view's (for traffic that keeps arriving, the cheapest fleet first, the core posting each
// layout it has searched; then the load curve: the deployment's capacity, then its latencies at a
// series of request rates up to it). Each step is posted, so the page shows the first answer at once and never
// waits for the rest. A newer request supersedes an older one between steps.
import { createLlmSizer } from 'llm-sizer-wasm';

import { errorOf } from './core_engine.js';

let loading;
let latest = 0;

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

// The request rates of the load curve, as shares of the deployment's offline rate (the same
// requests all at once; its ramp and tail put it below the steady capacity): light load up to it,
// then higher rates until the engine is overloaded (its queue grows while requests arrive).
const loadShares = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];
const overloadShares = [1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8];

const loadCore = () => {
  loading ??= createLlmSizer({ locateFile: (file) => new URL(file, self.location.href).href });
  return loading;
};

// One point of the load curve: what the core's simulation answers at that rate.
function loadPoint(core, scenario, lengths, requestsPerS) {
  const { serving } = core.estimate({ ...scenario, serving: { ...scenario.serving, workload: { ...lengths, requests_per_s: requestsPerS } } });
  return {
    requests_per_s: requestsPerS,
    ttft_p99_s: serving.ttft_s.p99,
    tpot_p99_s: serving.tpot_s.p99,
    output_tokens_per_s: serving.output_tokens_per_s,
    met_targets_fraction: serving.met_targets_fraction ?? null,
    overloaded: serving.overloaded,
  };
}

// The cheapest fleet for traffic that keeps arriving (a rate or a concurrency), with the core's
// progress posted as it searches; { fleet } or { fleet_error } (nothing for offline traffic).
function fleetSearch(core, id, scenario) {
  const { requests_per_s: rate, concurrency } = scenario.serving?.workload ?? {};
  if (rate === undefined && concurrency === undefined) return {};
  try {
    const answer = core.fleet(scenario, (done, total) => {
      self.postMessage({ id, done, total, phase: 'fleet', value: { points: [] }, finished: false });
    });
    return { fleet: answer };
  } catch (error) {
    return { fleet_error: errorOf(error) };
  }
}

async function loadCurve({ id, scenario }) {
  try {
    const core = await loadCore();
    if (id !== latest) return;
    const fleet = fleetSearch(core, id, scenario);
    await nextTurn();
    if (id !== latest) return;
    // The offline rate: the same requests all at once (no rate, no concurrency).
    const { requests_per_s: rate, concurrency, ...lengths } = scenario.serving?.workload ?? {};
    const capacity = core.estimate({ ...scenario, serving: { ...scenario.serving, workload: lengths } }).serving?.requests_per_s;
    const value = { ...fleet, capacity_requests_per_s: capacity ?? null, points: [] };
    const total = capacity ? loadShares.length + overloadShares.length + 1 : 1;
    self.postMessage({ id, phase: 'curve', done: 1, total, value, finished: total === 1 });
    if (!capacity) return;
    for (const share of [...loadShares, ...overloadShares]) {
      await nextTurn();
      if (id !== latest) return;
      const point = loadPoint(core, scenario, lengths, share * capacity);
      value.points = [...value.points, point];
      const finished = point.overloaded || value.points.length + 1 === total;
      self.postMessage({ id, phase: 'curve', done: finished ? total : value.points.length + 1, total, value, finished });
      if (finished) return;
    }
  } catch (error) {
    self.postMessage({ id, finished: true, error: errorOf(error) });
  }
}

async function plan({ id, scenario }) {
  try {
    const core = await loadCore();
    if (id !== latest) return;
    const planner = scenario.planner ?? {};
    // The plans first, with the GPU counts the core's curve would use.
    const first = core.plan({ ...scenario, planner: { ...planner, scaling_curve: false } });
    const counts = first.scenario.planner.scaling_gpus;
    const value = { ...first, scaling: [] };
    self.postMessage({ id, done: 1, total: counts.length + 1, value, finished: counts.length === 0 });
    for (const gpus of counts) {
      await nextTurn();
      if (id !== latest) return;
      const point = core.plan({ ...scenario, planner: { ...planner, top: 0, scaling_gpus: [gpus] } });
      value.scaling = [...value.scaling, ...point.scaling];
      const done = value.scaling.length + 1;
      self.postMessage({ id, done, total: counts.length + 1, value, finished: done === counts.length + 1 });
    }
  } catch (error) {
    self.postMessage({ id, finished: true, error: errorOf(error) });
  }
}

self.onmessage = ({ data }) => {
  latest = data.id;
  if (data.job === 'load_curve') loadCurve(data);
  else plan(data);
};
