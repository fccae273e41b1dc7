// The page's core, in two steps so the first view downloads only what it shows: the model module
// (parameters, their explanations and the presets, without the data's sources; wasm/model_api.mjs)
// answers scenarios without sections, and the whole core (engine.js, loaded as its own chunk)
// loads once the page is idle, or sooner when a view with a section (inference, training,
// quantization) or a link holding one needs it, and from then on answers everything.
import { createLlmSizer } from 'llm-sizer-model-wasm';

import { coreEngine, locator } from './core_engine.js';
import { plannerMethods } from './planner_client.js';

const wholeCore = () => import('./engine.js').then(({ startEngine }) => startEngine());

// whole: start with the whole core (a link that opens a view with a section).
export async function startPageEngine({ whole = false } = {}) {
  let full = whole ? await wholeCore() : null;
  const first = full ?? coreEngine(await createLlmSizer({ locateFile: locator() }));
  let loadingFull = null;
  return {
    // The presets listing: the models and devices of the first module, for the pickers; once the
    // whole core has loaded, its listing, with the sections' choices.
    catalog: () => (full ?? first).catalog(),
    estimate: (scenario) => (full ?? first).estimate(scenario),
    readMeasurement: (text) => (full ?? first).readMeasurement(text),
    // The whole core reads checkpoints: loaded first if the page has not yet.
    async readCheckpoint(input) {
      await this.loadSections();
      return full.readCheckpoint(input);
    },
    async readGgufHeader(bytes, name) {
      await this.loadSections();
      return full.readGgufHeader(bytes, name);
    },
    get hasSections() {
      return full !== null;
    },
    // The planner's worker loads the whole core itself, so neither needs the other.
    ...plannerMethods(),
    // Resolves once the whole core answers (at once if it already does).
    loadSections() {
      // A failed load (offline) is tried again on the next request.
      loadingFull ??= full ? Promise.resolve() : wholeCore().then((engine) => {
        full = engine;
      }, (error) => {
        loadingFull = null;
        throw error;
      });
      return loadingFull;
    },
  };
}
