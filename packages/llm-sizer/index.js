// The LLM Sizer core as an ES module: createLlmSizer() resolves to { estimate(scenario),
// presets() }, computed by the core compiled to WebAssembly (the same core the CLI and the page
// run). The .wasm ships beside this file; bundlers (webpack 5, Vite, Rollup) find it through the
// new URL(..., import.meta.url) below and copy it with the build.
import { createLlmSizer as createCore } from 'llm-sizer-wasm';

export function createLlmSizer(options = {}) {
  return createCore({ locateFile: () => new URL('./llm_sizer_wasm.wasm', import.meta.url).href, ...options });
}
