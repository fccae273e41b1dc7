// The whole core: createLlmSizer() resolves to { estimate(scenario), presets() } (core_api.mjs).
import { wrapCore } from './core_api.mjs';
import createModule from './llm_sizer_wasm.mjs';

// options are passed to the Emscripten factory (e.g. { wasmBinary } under node).
export function createLlmSizer(options = {}) {
  return wrapCore(createModule, options);
}
