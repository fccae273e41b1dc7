// Loads the WASM core once; every number the page shows comes from here.
import { createLlmSizer } from 'llm-sizer-wasm';

let engine;

export function loadEngine() {
  engine ??= createLlmSizer();
  return engine;
}
