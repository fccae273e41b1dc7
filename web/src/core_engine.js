// A core's API as the page uses it (engine.js: the whole core; page_engine.js: the first view's
// model module, then the whole core). Every number shown comes from a core; views receive results
// and never call an engine, so where a number was computed is invisible to them. A single
// estimate takes about a millisecond, so it runs on the main thread, answered within the frame.

// Where a module finds its .wasm: wasmUrl, or the file beside the page (the code that loads it may
// sit in a chunks/ folder).
export function locator(wasmUrl) {
  return (file) => (wasmUrl ? String(wasmUrl) : new URL(file, document.baseURI).href);
}

// The error shape views show: { message, field, allowed, got, code, params } (the planner's worker
// uses it too).
export function errorOf(error) {
  return {
    message: String(error?.message ?? error),
    field: error?.field ?? '',
    allowed: error?.allowed ?? '',
    got: error?.got ?? '',
    code: error?.code ?? '',
    params: error?.params ?? {},
  };
}

// estimate() answers { result } or { error } (errorOf) and never throws; the catalog listing is
// read once (it is large).
export function coreEngine(core) {
  let catalog;
  return {
    catalog() {
      catalog ??= core.presets();
      return catalog;
    },
    estimate(scenario) {
      try {
        return { result: core.estimate(scenario) };
      } catch (error) {
        return { error: errorOf(error) };
      }
    },
    // A pasted measurement read into inference.measured's fields: { value } or { error } (the
    // whole core only; the first view's module has no sections).
    // A checkpoint's safetensors headers read into bytes by dtype and its format: { value } or
    // { error } (the whole core only).
    readCheckpoint(input) {
      if (!core.readCheckpoint) return { error: errorOf(new Error('the whole core is not loaded')) };
      try {
        return { value: core.readCheckpoint(input) };
      } catch (error) {
        return { error: errorOf(error) };
      }
    },
    // A GGUF file's first bytes read into its types and bytes: { value } or { error }.
    readGgufHeader(bytes, name) {
      if (!core.readGgufHeader) return { error: errorOf(new Error('the whole core is not loaded')) };
      try {
        return { value: core.readGgufHeader(bytes, name) };
      } catch (error) {
        return { error: errorOf(error) };
      }
    },
    readMeasurement(text) {
      if (!core.readMeasurement) return { error: errorOf(new Error('the whole core is not loaded')) };
      try {
        return { value: core.readMeasurement(text) };
      } catch (error) {
        return { error: errorOf(error) };
      }
    },
  };
}
