// The whole core (every section) beside the first view's model module, and the strings of the
// views with a section in the page's language.
import { flowById, sections } from '../flows/index.js';
import { loadLanguage } from '../i18n/index.js';
import { setLanguage } from './display.js';

export async function loadWholeCore(app) {
  await Promise.all([app.engine.loadSections(), loadLanguage(app.ui.lang, { sections: true })]);
  setLanguage(app, app.ui.lang);
}

// Whether computing `scenario` for the view `tab` needs the whole core (a section: the model module
// of the first view has none).
export function needsWholeCore(scenario, tab) {
  // A host's link to the GPU is resolved from the interconnects, which only the whole core holds.
  return Boolean(flowById(tab).section) || Boolean(scenario?.hardware?.host)
    || [...sections, 'quantization'].some((key) => scenario && key in scenario);
}
