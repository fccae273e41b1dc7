// The whole core (every section, every preset), loaded once: the embed card, <llm-sizer-card>,
// and the page's views with a section compute here (the page's first view starts with the smaller
// model module, page_engine.js). The planner runs in its own worker (planner_client.js).
import { createLlmSizer } from 'llm-sizer-wasm';

import { coreEngine, locator } from './core_engine.js';
import { plannerMethods } from './planner_client.js';

let loading;

// wasmUrl: where the .wasm is; by default beside the page. The card element passes its package's.
export function startEngine({ wasmUrl } = {}) {
  // A failed load (offline) is tried again on the next call.
  loading ??= createLlmSizer({ locateFile: locator(wasmUrl) })
    .then((core) => ({ ...coreEngine(core), ...plannerMethods() }), (error) => {
      loading = null;
      throw error;
    });
  return loading;
}
