// The background searches' client: the training planner's search and the Serving view's load curve
// take tens to hundreds of milliseconds, so they run in a module Worker with its own copy of the
// whole core (plan_worker.js) and the page never freezes.
import { errorOf } from './core_engine.js';

// One worker for the planner. Only the latest request matters: a newer one makes the worker drop
// the older one between its steps.
function createPlanner() {
  let worker;
  let serial = 0;
  const pending = new Map(); // id → onProgress
  const start = () => {
    // The worker sits beside the page (build.mjs emits it at the site's root).
    worker = new Worker(new URL('plan-worker.js', document.baseURI), { type: 'module' });
    worker.onmessage = ({ data }) => {
      const report = pending.get(data.id);
      if (!report) return;
      if (data.finished) pending.delete(data.id);
      report(data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      for (const [id, report] of pending) report({ id, finished: true, error: errorOf(event.message ?? 'worker failed') });
      pending.clear();
      worker = null;
    };
  };
  // onProgress({ done, total, value, finished, error }): value is the planner's answer so far
  // (plans first, then the scaling curve point by point).
  const ask = (job, scenario, onProgress) => {
    if (!worker) start();
    serial += 1;
    for (const [id, report] of pending) report({ id, finished: true, superseded: true });
    pending.clear();
    pending.set(serial, onProgress);
    worker.postMessage({ id: serial, job, scenario });
  };
  const plan = (scenario, onProgress) => ask('plan', scenario, onProgress);
  // onProgress as plan's; value: { capacity_requests_per_s, points: [{ requests_per_s, ttft_p99_s,
  // tpot_p99_s, output_tokens_per_s, met_targets_fraction, overloaded }] }, the rates ascending.
  const loadCurve = (scenario, onProgress) => ask('load_curve', scenario, onProgress);
  // The worker loads its own copy of the core (the .wasm comes from the browser's cache): warmed
  // with a small search while the page is idle, the first real one does not wait for that.
  const warm = () => plan({ model: 'gpt2', training: {}, planner: { top: 1, scaling_curve: false } }, () => {});
  return { plan, loadCurve, warm };
}

// plan(), loadCurve() and warmPlanner() for an engine: one worker, started on first use.
export function plannerMethods() {
  let planner;
  return {
    // The training planner, in the background: see createPlanner.
    plan(scenario, onProgress) {
      planner ??= createPlanner();
      planner.plan(scenario, onProgress);
    },
    // The Serving view's latencies against the request rate, in the background: see createPlanner.
    loadCurve(scenario, onProgress) {
      planner ??= createPlanner();
      planner.loadCurve(scenario, onProgress);
    },
    // Starts the planner's worker ahead of its first search.
    warmPlanner() {
      if (planner) return;
      planner = createPlanner();
      planner.warm();
    },
  };
}
