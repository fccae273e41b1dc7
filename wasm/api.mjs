// The JS face of the WASM core: estimate(), plan() and presets() return parsed JSON or throw an Error
// whose message is the CLI's message, with .field, .allowed and .got for the page.
import createModule from './llm_sizer_wasm.mjs';

function unwrap(text) {
  const value = JSON.parse(text);
  if (value && value.error) {
    const error = new Error(value.error.message);
    error.field = value.error.field;
    error.allowed = value.error.allowed;
    error.got = value.error.got;
    throw error;
  }
  return value;
}

// options are passed to the Emscripten factory (e.g. { wasmBinary } under node).
export async function createLlmSizer(options = {}) {
  const module = await createModule({ ...options });
  return {
    estimate(scenario) {
      const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
      return unwrap(module.estimate(text));
    },
    // The training planner: the fastest plans that fit and the scaling curve (plan_json.hpp).
    plan(scenario) {
      const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
      return unwrap(module.plan(text));
    },
    presets() {
      return unwrap(module.presets());
    },
  };
}
