// The page's first view: the same API as api.mjs for scenarios without sections (a section is an
// error, code "error.section_elsewhere"), from a module with only the model's code and presets.
import { coreApi } from './core_api.mjs';
import createModule from './llm_sizer_model_wasm.mjs';

// options are passed to the Emscripten factory (e.g. { wasmBinary } under node).
export async function createLlmSizer(options = {}) {
  return coreApi(await createModule({ ...options }));
}
