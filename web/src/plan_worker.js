// The planner's search, off the page's thread: its own copy of the core answers plan() requests
// step by step (the plans for the scenario's GPUs, then each point of the scaling curve) and
// posts each step, so the page shows the best plan first and never waits for the curve. A newer
// request supersedes an older one between steps.
import { createLlmSizer } from 'llm-sizer-wasm';

import { errorOf } from './core_engine.js';

let loading;
let latest = 0;

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

async function answer({ id, scenario }) {
  try {
    loading ??= createLlmSizer({ locateFile: (file) => new URL(file, self.location.href).href });
    const core = await loading;
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
  answer(data);
};
