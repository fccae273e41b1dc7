// The calculator's WASM core: createLlmSizer() resolves to { estimate(scenario),
// plan(scenario), fleet(scenario, onProgress), presets(), readMeasurement(text) }
// (core_api.mjs says how results and errors come back).
import { coreApi } from './core_api.mjs';
import createModule from './llm_sizer_wasm.mjs';

// options are passed to the Emscripten factory (e.g. { wasmBinary } under node).
export async function createLlmSizer(options = {}) {
  return coreApi(await createModule({ ...options }));
}
