// The page's only door to the core: every number it shows comes from here. The WASM module is
// loaded once. A single estimate takes about a millisecond, so it runs right here on the main
// thread and every input change is answered within the frame. Long jobs (a planner sweep) will be
// handed to a module Worker behind this same object; views receive results and never call the
// engine, so where a number was computed is invisible to them.
import { createLlmSizer } from 'llm-sizer-wasm';

let loading;

// wasmUrl: where the .wasm is; by default beside the page (the code that loads it may sit in a
// chunks/ folder). The card element passes its package's own.
export function startEngine({ wasmUrl } = {}) {
  const locateFile = (file) => (wasmUrl ? String(wasmUrl) : new URL(file, document.baseURI).href);
  loading ??= createLlmSizer({ locateFile }).then((core) => {
    let catalog;
    return {
      // The catalog listing (models, accelerators, prices, ...), read once: it is large.
      catalog() {
        catalog ??= core.presets();
        return catalog;
      },
      // { result } or { error: { message, field, allowed, got } }; never throws.
      estimate(scenario) {
        try {
          return { result: core.estimate(scenario) };
        } catch (error) {
          return {
            error: {
              message: String(error?.message ?? error),
              field: error?.field ?? '',
              allowed: error?.allowed ?? '',
              got: error?.got ?? '',
            },
          };
        }
      },
    };
  });
  return loading;
}
