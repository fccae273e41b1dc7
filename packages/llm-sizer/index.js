// The LLM Sizer core as an ES module: createLlmSizer() resolves to { estimate(scenario),
// presets() }, computed by the core compiled to WebAssembly (the same core the CLI and the page
// run). The .wasm ships beside this file; bundlers (webpack 5, Vite, Rollup) find it through the
// new URL(..., import.meta.url) below and copy it with the build.
import { createLlmSizer as createCore } from 'llm-sizer-wasm';

import { checkJsonObject } from '../../web/src/json_guard.js';

export async function createLlmSizer(options = {}) {
  const core = await createCore({ locateFile: () => new URL('./llm_sizer_wasm.wasm', import.meta.url).href, ...options });
  return {
    ...core,
    // A scenario object is checked as the page checks untrusted JSON (depth, finite numbers)
    // before it is serialised: JSON.stringify overflows the stack on deep nesting and writes
    // Infinity as null, an absent field. Text goes to the core, which refuses the same.
    estimate(scenario) {
      return core.estimate(typeof scenario === 'string' ? scenario : checkJsonObject(scenario));
    },
  };
}
