// The JS face of a WASM core module (api.mjs: the whole core; model_api.mjs: the page's first
// view): estimate() and presets() return parsed JSON or throw an Error whose message is the CLI's
// message, with .field, .allowed and .got, and the rule as .code and .params (a code of the core's
// message table, which the page translates).
function unwrap(text) {
  const value = JSON.parse(text);
  if (value && value.error) {
    const error = new Error(value.error.message);
    error.field = value.error.field;
    error.allowed = value.error.allowed;
    error.got = value.error.got;
    error.code = value.error.code;
    error.params = value.error.params ?? {};
    throw error;
  }
  return value;
}

// createModule: an Emscripten factory; options are passed to it (e.g. { wasmBinary } under node).
export async function wrapCore(createModule, options = {}) {
  const module = await createModule({ ...options });
  return {
    estimate(scenario) {
      const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
      return unwrap(module.estimate(text));
    },
    presets() {
      return unwrap(module.presets());
    },
  };
}
