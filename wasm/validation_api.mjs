// The validation page's WASM core: the calculator's functions plus validate(measurements,
// options), in a module of its own so the calculator never downloads the validation code.
import { coreApi } from './core_api.mjs';
import createModule from './llm_sizer_validation_wasm.mjs';

export async function createLlmSizerValidation(options = {}) {
  return coreApi(await createModule({ ...options }));
}
