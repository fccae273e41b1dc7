// The page's only door to the core: every number it shows comes from here. The WASM module is
// loaded once. A single estimate takes about a millisecond, so it runs right here on the main
// thread and every input change is answered within the frame. The planner's search takes longer
// (tens to hundreds of milliseconds): it runs in a module Worker with its own copy of the core
// (plan_worker.js), so the page never freezes; views receive results and never call the engine,
// so where a number was computed is invisible to them.
import { createLlmSizer } from 'llm-sizer-wasm';

let loading;

// The error shape views show: { message, field, allowed, got } (the planner's worker uses it too).
export function errorOf(error) {
  return {
    message: String(error?.message ?? error),
    field: error?.field ?? '',
    allowed: error?.allowed ?? '',
    got: error?.got ?? '',
  };
}

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
  const plan = (scenario, onProgress) => {
    if (!worker) start();
    serial += 1;
    for (const [id, report] of pending) report({ id, finished: true, superseded: true });
    pending.clear();
    pending.set(serial, onProgress);
    worker.postMessage({ id: serial, scenario });
  };
  // The worker loads its own copy of the core (the .wasm comes from the browser's cache): warmed
  // with a small search while the page is idle, the first real one does not wait for that.
  const warm = () => plan({ model: 'gpt2', training: {}, planner: { top: 1, scaling_curve: false } }, () => {});
  return { plan, warm };
}

// wasmUrl: where the .wasm is; by default beside the page (the code that loads it may sit in a
// chunks/ folder). The card element passes its package's own.
export function startEngine({ wasmUrl } = {}) {
  const locateFile = (file) => (wasmUrl ? String(wasmUrl) : new URL(file, document.baseURI).href);
  loading ??= createLlmSizer({ locateFile }).then((core) => {
    let catalog;
    let planner;
    return {
      // The catalog listing (models, accelerators, prices, ...), read once: it is large.
      catalog() {
        catalog ??= core.presets();
        return catalog;
      },
      // { result } or { error: { message, field, allowed, got } }; never throws.
      estimate(scenario) {
        try {
          return { result: core.estimate(scenario) };
        } catch (error) {
          return { error: errorOf(error) };
        }
      },
      // The training planner, in the background: see createPlanner.
      plan(scenario, onProgress) {
        planner ??= createPlanner();
        planner.plan(scenario, onProgress);
      },
      // Starts the planner's worker ahead of its first search.
      warmPlanner() {
        if (planner) return;
        planner = createPlanner();
        planner.warm();
      },
    };
  });
  return loading;
}
