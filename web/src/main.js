// The page's controller: the scenario and the UI state in, the core's result out, the URL kept in
// step. Inputs edit the sparse scenario; every change is recomputed by the core and shown in the
// same frame; the link is rewritten once typing pauses (app/link.js). The core is asked only for
// the sections the open view shows (flows/index.js); the scenario keeps every section a view was
// opened for. The answer side is drawn by app/results_view.js, the inputs by app/inputs_view.js,
// the events are wired in app/bind_inputs.js.
import { bindInputs } from './app/bind_inputs.js';
import { setLanguage, setUnits } from './app/display.js';
import { renderInputs, invalidError } from './app/inputs_view.js';
import { createLink, readLink } from './app/link.js';
import { prefKeys, readPref } from './app/preferences.js';
import { renderResults } from './app/results_view.js';
import { loadView } from './app/views.js';
import { loadWholeCore, needsWholeCore } from './app/whole_core.js';
import { h, replaceChildren } from './dom.js';
import { flowById, flowSections, flows, sections } from './flows/index.js';
import { BYTE_UNITS } from './format.js';
import { detectLanguage, isLanguage, loadLanguage } from './i18n/index.js';
import { createHardwarePanel } from './panels/hardware_input.js';
import { createModelPanel } from './panels/model_input.js';
import { createSectionPanel } from './panels/section_input.js';
import { createSharePanel } from './panels/share.js';
import { startPageEngine } from './page_engine.js';
import { chartSlots } from './render/charts/index.js';
import { focusControl } from './render/problem.js';
import { showProgress } from './render/progress.js';
import { modelName } from './render/shell.js';
import { deepEqual, describeModel, effectiveModelConfig, getPath, resetField, setField, withSections } from './state.js';

// What an empty link opens: an example to start from. The core has no default model, by design.
const firstVisit = { model: 'llama-3-8b' };

const $ = (id) => document.getElementById(id);

const app = {
  engine: null,
  // The engine's presets listing: the first view's module's (its pickers), then, once the whole
  // core has loaded, the whole core's (with the sections' choices).
  get catalog() {
    return app.engine?.catalog() ?? null;
  },
  scenario: {},
  result: null, // the last result the core returned
  error: null, // the current scenario's error, when the core refused it
  invalid: new Map(), // field path → text typed there that is not a value (kept as typed)
  defaults: null, // the core's normalised scenario of the example (what an empty field means)
  ui: { tab: null, units: 'GiB', lang: 'en', stash: {} }, // stash: settings a tab put aside
  t: null,
  fmt: null,
  expanded: new Set(), // result paths whose formula is open
  notes: new Map(), // field path → a note about the last edit
  linkHash: '',
  job: null, // the open view's background job (the planner's search): { key, flow, done, total, value, finished, error }
  panels: [],
  share: null,
  charts: chartSlots(),
  link: null, // createLink(): writing and opening the page's link

  set(path, value) {
    const before = { result: app.error ? null : app.result, value: app.valueFor(path) };
    let scenario = setField(app.scenario, path, value, { normalized: app.result?.scenario, catalog: app.catalog });
    // The bytes and file a loaded checkpoint gave belong to its format: another format drops them.
    if (path === 'inference.weights') scenario = dropCheckpointFile(scenario);
    commit(scenario, { edited: { path, value, before } });
  },
  reset(path) {
    let scenario = resetField(app.scenario, path, { keep: sections });
    if (path === 'inference.weights') scenario = dropCheckpointFile(scenario);
    commit(scenario, { edited: { path, value: undefined, before: {} } });
  },
  setModel(model) {
    for (const path of app.notes.keys()) if (path.startsWith('model.')) app.notes.delete(path);
    for (const path of app.invalid.keys()) if (path.startsWith('model.')) app.invalid.delete(path);
    commit({ ...app.scenario, model });
  },
  // The ways out of an error: the field without its value, or the example the page opens with.
  dropField(path) {
    app.invalid.delete(path);
    app.reset(path);
  },
  startOver() {
    app.invalid.clear();
    app.ui.stash = {};
    commit(structuredClone(firstVisit), { external: true });
  },
  setScenario(scenario) {
    commit(scenario, { external: true });
  },
  // The value a control shows: what the scenario says, else what the core used.
  valueFor(path) {
    if (path.startsWith('model.')) {
      return effectiveModelConfig(describeModel(app.scenario, app.catalog))[path.slice('model.'.length)];
    }
    const device = /^hardware\.(accelerator|host)\.(.+)$/.exec(path);
    if (device) {
      // The figure the core used; while the core refuses the input, the figure typed.
      const [, key, rest] = device;
      const chosen = app.scenario.hardware?.[key];
      const own = app.error && chosen && typeof chosen === 'object' ? getPath(chosen, rest) : undefined;
      return own ?? getPath(app.result?.hardware?.[key], rest);
    }
    return getPath(app.scenario, path) ?? getPath(app.result?.scenario, path);
  },
  // The open view's flow, and the scenario the core is asked about for it.
  flow() {
    return flowById(app.ui.tab);
  },
  commit: (scenario, options) => commit(scenario, options),
  render: (options) => render(options),
  renderInputs: (options) => renderInputs(app, options),
  selectTab: (id, options) => selectTab(id, options),
  focusField: (path) => focusField(path),
  computed(scenario = app.scenario) {
    const flow = app.flow();
    return { ...withSections(scenario, flowSections(flow), sections), ...flow.asks };
  },
  modelName() {
    const fresh = app.result && !app.error;
    return modelName(app.t, fresh ? app.result.scenario : app.scenario, app.catalog, fresh ? app.result : null);
  },
  // The page's link once the latest change has been written to it.
  currentLink() {
    return app.link.current();
  },
};

// A loaded checkpoint's bytes and file name describe that checkpoint's format only.
function dropCheckpointFile(scenario) {
  const without = resetField(scenario, 'inference.checkpoint_weights_bytes', { keep: sections });
  return resetField(without, 'inference.model_file', { keep: sections });
}

// ---- computing and showing ---------------------------------------------------------------

function commit(scenario, { external = false, edited = null } = {}) {
  // The open view's section belongs to the scenario (the link then says what was looked at).
  const { section } = app.flow();
  const own = section ? scenario?.[section] : null;
  app.scenario = section && (own === null || typeof own !== 'object' || Array.isArray(own)) ? { ...scenario, [section]: {} } : scenario;
  performance.mark('llm-sizer:estimate-start');
  const answer = app.engine.estimate(app.computed());
  performance.measure('llm-sizer:estimate', 'llm-sizer:estimate-start');
  if (answer.result) {
    app.result = answer.result;
    app.error = null;
    // Views sharing a section by method (full training, fine-tuning): the one the result belongs
    // to is shown. A view without a method of its own (the planner) stays.
    const owner = flows.find((flow) => flow.section === section && flow.owns?.(answer.result.scenario));
    if (owner && app.flow().owns) app.ui.tab = owner.id;
  } else {
    app.error = answer.error;
  }
  if (external) {
    app.notes.clear();
    app.invalid.clear();
  }
  // Text typed in a number field that is no number stays an error until it is fixed.
  if (!app.error && app.invalid.size) app.error = invalidError(app, ...app.invalid.entries().next().value);
  if (edited) noteEffect(edited);
  render({ external });
  app.link.writeSoon();
  runBackground();
}

// The open view's background job, started again whenever the question it asks changes; each
// report redraws the view (the answer so far), and a newer question supersedes an older one.
function runBackground() {
  const flow = app.flow();
  if (!flow.background || app.error || !app.result) return;
  // The question is the core's normalised scenario: pruning the link's defaults does not change it.
  const key = JSON.stringify(app.result.scenario);
  if (app.job?.key === key) return;
  const scenario = app.computed();
  const job = { key, flow: flow.id, done: 0, total: 1, value: null, finished: false, error: null };
  app.job = job;
  // Marked on the page while it runs, as the link's pending write is (tests wait for both).
  document.documentElement.dataset.jobPending = 'true';
  flow.background(app.engine, scenario, (report) => {
    if (app.job !== job || report.superseded) return;
    Object.assign(job, report);
    if (job.finished) delete document.documentElement.dataset.jobPending;
    if (app.flow() === flow) renderResults(app);
  });
}

// An edit the core accepted but that changed nothing, or that it did not apply, gets a note: a
// config field the core does not read, or an override the preset shadows.
function noteEffect({ path, value, before }) {
  for (const noted of app.notes.keys()) if (noted === path || noted.startsWith(`${path}.`)) app.notes.delete(noted);
  if (app.error || !before.result || deepEqual(before.value, value)) return;
  if (path.startsWith('model.') && deepEqual(before.result.model, app.result.model)) {
    app.notes.set(path, app.t('field.no_effect'));
  } else if (path.startsWith('hardware.accelerator.') && typeof value === 'number') {
    const used = getPath(app.result.hardware?.accelerator, path.slice('hardware.accelerator.'.length));
    if (used !== value) app.notes.set(path, app.t('field.not_applied'));
  }
}

function render({ external = false } = {}) {
  performance.mark('llm-sizer:render-start');
  renderInputs(app, { external });
  renderResults(app);
  performance.measure('llm-sizer:render', 'llm-sizer:render-start');
  performance.measure('llm-sizer:update', 'llm-sizer:estimate-start');
}

// Opening a view adds its section to the scenario (and may switch the training method: full
// training and fine-tuning share a section), then asks the core for it, once the whole core has
// loaded if the view needs it (the view says it is loading meanwhile).
async function selectTab(id, { focus = false } = {}) {
  if (needsWholeCore(app.scenario, id) && !app.engine.hasSections) {
    app.ui.tab = flowById(id).id;
    for (const tab of $('tabs').children) tab.setAttribute('aria-selected', String(tab.id === `tab-${app.ui.tab}`));
    delete $('flow').dataset.view; // no view is drawn until the core answers
    replaceChildren($('flow'), h('p', { class: 'empty' }, app.t('results.loading')));
    try {
      await loadWholeCore(app);
    } catch (error) {
      console.error(error);
      replaceChildren($('flow'), h('p', { class: 'empty' }, app.t('results.failed')));
      return;
    }
    if (app.ui.tab !== flowById(id).id) return; // another tab was chosen meanwhile
  }
  const flow = flowById(id);
  const scenario = flow.enter ? flow.enter(app.scenario, app.ui.stash, app.catalog) : app.scenario;
  app.ui.tab = flow.id;
  commit(scenario);
  if (focus) $(`tab-${app.ui.tab}`)?.focus();
}

// Shows and focuses the control for `path`: a field of another view's section opens that view
// first (the view that owns the section as it stands, fine-tuning for a LoRA run, so opening it
// changes nothing in the scenario).
async function focusField(path) {
  const section = path.split('.')[0];
  if (sections.includes(section) && app.flow().section !== section) {
    const owner = flows.find((flow) => flow.section === section && flow.owns?.(app.scenario))
      ?? flows.find((flow) => flow.section === section);
    await selectTab(owner.id);
  }
  focusControl(path);
}

// ---- start --------------------------------------------------------------------------------

// A link's UI part, read before the core has loaded, so the loading screen speaks its language.
function quickUi(hash) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ''));
  return { l: params.get('l'), u: params.get('u'), t: params.get('t') };
}

async function boot() {
  const early = quickUi(location.hash);
  // The core, the linked view's code and the language load side by side (a view that fails to
  // load says so in its place, later). index.html preloads no .wasm: which core module comes first
  // (the model module, or the whole core for a view with a section) depends on the link.
  const whole = Boolean(flowById(early.t).section);
  const engineReady = startPageEngine({ whole });
  engineReady.catch(() => {}); // reported below, once the page can say it in its language
  const view = loadView(flowById(early.t)).catch(() => {});
  app.ui.units = BYTE_UNITS.includes(early.u) ? early.u : readPref(prefKeys.units) ?? 'GiB';
  const lang = isLanguage(early.l) ? early.l : readPref(prefKeys.lang) ?? detectLanguage(navigator.languages ?? [navigator.language]);
  try {
    setLanguage(app, await loadLanguage(lang, { sections: whole }));
  } catch (error) {
    $('load-failed').hidden = false; // no language to say it in: the page's own English line
    throw error;
  }
  setUnits(app, app.ui.units);
  const done = showProgress($('progress'), app.t('loading'));
  let engine;
  let linked;
  try {
    [engine, linked] = await Promise.all([engineReady, readLink(location.hash), view]);
  } catch (error) {
    done();
    replaceChildren($('flow'), h('p', { class: 'empty' }, app.t('load_failed', { detail: String(error?.message ?? error) })));
    throw error;
  }
  done();
  app.engine = engine;
  app.defaults = engine.estimate(firstVisit).result?.scenario ?? null;
  app.link = createLink(app, firstVisit);
  const model = createModelPanel(app);
  const hardware = createHardwarePanel(app);
  const section = createSectionPanel(app);
  app.share = createSharePanel(app);
  app.panels = [model, hardware, section, app.share];
  $('inputs').replaceChildren(model.element, hardware.element, section.element, app.share.element);
  bindInputs(app);
  await app.link.open(linked);
  performance.mark('llm-sizer:first-result');
  requestAnimationFrame(() => setTimeout(() => performance.mark('llm-sizer:first-result-painted'), 0));
  document.documentElement.dataset.ready = 'true';
  // Once the page is idle the whole core loads and answers from the next change on (the same
  // figures, with the data's sources, which the first view's module leaves out), so every tab
  // opens at once; the view shown is not redrawn under the user's pointer. Views that answer from
  // a background job (the planner) load their code, and the engine its worker (whose copy of the
  // .wasm then comes from the browser's cache), so their first answer is not held up. Offline,
  // a view that needs the whole core says so when opened.
  whenIdle(async () => {
    try {
      await loadWholeCore(app);
    } catch {
      return;
    }
    const background = flows.filter((flow) => flow.background);
    for (const flow of background) loadView(flow).catch(() => {});
    if (background.length) app.engine.warmPlanner();
  });
}

function whenIdle(fn) {
  if (globalThis.requestIdleCallback) requestIdleCallback(fn, { timeout: 3000 });
  else setTimeout(fn, 1000);
}

boot();
