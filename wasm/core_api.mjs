// The JS face of a WASM core module (api.mjs: the whole core; model_api.mjs: the page's first view;
// validation_api.mjs: the validation page): estimate(), plan(), fleet() and readMeasurement() (not in the
// first view's module),
// presets() and, in the validation module, validate() return parsed JSON or throw an Error whose
// message is the CLI's message, with .field, .allowed and .got, and the rule as .code and .params
// (a code of the core's message table, which the page translates).
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

const asText = (value) => (typeof value === 'string' ? value : JSON.stringify(value));

export function coreApi(module) {
  const api = {
    estimate(scenario) {
      return unwrap(module.estimate(asText(scenario)));
    },
    presets() {
      return unwrap(module.presets());
    },
  };
  if (module.plan) {
    // The training planner: the fastest plans that fit and the scaling curve (plan_json.hpp).
    api.plan = (scenario) => unwrap(module.plan(asText(scenario)));
  }
  if (module.fleet) {
    // The serving fleet search: the cheapest layout meeting the targets, each layout searched,
    // the Pareto points (fleet.hpp); onProgress(done, total) hears of each layout searched.
    api.fleet = (scenario, onProgress) => unwrap(module.fleet(asText(scenario), onProgress));
  }
  if (module.read_measurement) {
    // A pasted llama-bench table, llama.cpp timings, vLLM summary or figure, read into
    // { measured: {...}, format } for the scenario's inference.measured (measurement_paste.hpp).
    api.readMeasurement = (text) => unwrap(module.read_measurement(String(text)));
  }
  if (module.read_checkpoint) {
    // A checkpoint's safetensors headers { repo, config, files: [{ name, header }] }, read into
    // exact bytes by dtype, its format and config.json's model in it (checkpoint_read.hpp).
    api.readCheckpoint = (input) => unwrap(module.read_checkpoint(asText(input)));
    // The first bytes of a GGUF file (a Uint8Array, as many as hold its header), read into its
    // file type, layers and bytes by ggml type; name names the file in errors.
    api.readGgufHeader = (bytes, name = 'model.gguf') => unwrap(module.read_gguf_header(bytes, String(name)));
  }
  if (module.validate) {
    // measurements: data/measurements/ as {"<file>": [rows]} (object or JSON text); options:
    // { category, ids }. The report `llm-sizer validate --json` prints.
    api.validate = (measurements, options = {}) => unwrap(module.validate(asText(measurements), JSON.stringify(options)));
  }
  return api;
}
