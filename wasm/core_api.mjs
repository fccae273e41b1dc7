// The JS face of a WASM core module: estimate(), plan(), presets() and, in the validation module,
// validate() return parsed JSON or throw an Error whose message is the CLI's message, with
// .field, .allowed and .got for the page.
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

const asText = (value) => (typeof value === 'string' ? value : JSON.stringify(value));

export function coreApi(module) {
  const api = {
    estimate(scenario) {
      return unwrap(module.estimate(asText(scenario)));
    },
    // The training planner: the fastest plans that fit and the scaling curve (plan_json.hpp).
    plan(scenario) {
      return unwrap(module.plan(asText(scenario)));
    },
    presets() {
      return unwrap(module.presets());
    },
  };
  if (module.validate) {
    // measurements: data/measurements/ as {"<file>": [rows]} (object or JSON text); options:
    // { category, ids }. The report `llm-sizer validate --json` prints.
    api.validate = (measurements, options = {}) => unwrap(module.validate(asText(measurements), JSON.stringify(options)));
  }
  return api;
}
