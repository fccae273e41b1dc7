// The page's first view: the same API as api.mjs for scenarios without sections (a section is an
// error, code "error.section_elsewhere"), from a module with only the model's code and presets.
import { wrapCore } from './core_api.mjs';
import createModule from './llm_sizer_model_wasm.mjs';

export function createLlmSizer(options = {}) {
  return wrapCore(createModule, options);
}
