// The page's controller: the scenario and the UI state in, the core's result out, the URL kept in
// step. Inputs edit the sparse scenario; every change is recomputed by the core and shown in the
// same frame; the link is rewritten once typing pauses. The core is asked only for the sections
// the open view shows (flows/index.js); the scenario keeps every section a view was opened for.
import { h, replaceChildren } from './dom.js';
import { flowById, flows, sections } from './flows/index.js';
import { BYTE_UNITS, createFormat } from './format.js';
import { fillControls, placeError, placeNotes, readControl } from './form.js';
import { createI18n, detectLanguage, isLanguage, loadLanguage } from './i18n/index.js';
import { createHardwarePanel } from './panels/hardware_input.js';
import { createModelPanel } from './panels/model_input.js';
import { createSectionPanel } from './panels/section_input.js';
import { createSharePanel } from './panels/share.js';
import { startPageEngine } from './page_engine.js';
import { chartSlots } from './render/charts/index.js';
import { focusControl, problemBanner, problemDetail } from './render/problem.js';
import { showProgress } from './render/progress.js';
import { glossaryList, modelName } from './render/shell.js';
import {
  deepEqual, describeModel, effectiveModelConfig, fieldOfError, getPath, openScenario, pruneScenario, resetField, setField,
  withSections,
} from './state.js';
import { decodeState, encodeState, LinkError } from './url.js';

// What an empty link opens: an example to start from. The core has no default model, by design.
const firstVisit = { model: 'llama-3-8b' };
const prefKeys = { units: 'llm-sizer.units', lang: 'llm-sizer.lang' };
// The link is rewritten this long after the last change: pruning it asks the core once per value.
const linkDelayMs = 120;

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

  set(path, value) {
    const before = { result: app.error ? null : app.result, value: app.valueFor(path) };
    commit(setField(app.scenario, path, value, { normalized: app.result?.scenario, catalog: app.catalog }),
      { edited: { path, value, before } });
  },
  reset(path) {
    commit(resetField(app.scenario, path, { keep: sections }), { edited: { path, value: undefined, before: {} } });
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
  computed(scenario = app.scenario) {
    const { section, asks } = app.flow();
    return { ...withSections(scenario, section ? [section] : [], sections), ...asks };
  },
  modelName() {
    const fresh = app.result && !app.error;
    return modelName(app.t, fresh ? app.result.scenario : app.scenario, app.catalog, fresh ? app.result : null);
  },
  // The page's link once the latest change has been written to it.
  async currentLink() {
    let serial;
    do {
      serial = linkSerial;
      await linkWritten;
    } while (serial !== linkSerial);
    return location.href;
  },
};

let panels = [];
let share;
const charts = chartSlots();
const views = new Map(); // flow id → its loaded view module (flows load on first use)
const viewLoads = new Map();

function viewOf(flow) {
  return flow.render ? flow : views.get(flow.id);
}

function loadView(flow) {
  if (viewOf(flow)) return Promise.resolve();
  if (!viewLoads.has(flow.id)) {
    viewLoads.set(flow.id, flow.load().then((module) => views.set(flow.id, module.default)));
  }
  return viewLoads.get(flow.id);
}

function readPref(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writePref(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage may be disabled; the choice still holds for this page and its link.
  }
}

// A language whose strings have loaded (loadLanguage).
function setLanguage(lang) {
  app.ui.lang = isLanguage(lang) ? lang : 'en';
  app.t = createI18n(app.ui.lang);
  app.fmt = createFormat({ locale: app.t.locale, bytes: app.ui.units, words: app.t.units });
  document.documentElement.lang = app.t.locale;
  document.title = app.t('app.title');
  for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = app.t(element.dataset.i18n);
  for (const element of document.querySelectorAll('[data-i18n-label]')) {
    element.setAttribute('aria-label', app.t(element.dataset.i18nLabel));
  }
  for (const input of document.querySelectorAll('input[name="lang"]')) input.checked = input.value === app.ui.lang;
  replaceChildren($('glossary-list'), glossaryList(app.t));
}

function setUnits(units) {
  app.ui.units = BYTE_UNITS.includes(units) ? units : 'GiB';
  app.fmt = createFormat({ locale: app.t.locale, bytes: app.ui.units, words: app.t.units });
  for (const input of document.querySelectorAll('input[name="units"]')) input.checked = input.value === app.ui.units;
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
  if (!app.error && app.invalid.size) app.error = invalidError(...app.invalid.entries().next().value);
  if (edited) noteEffect(edited);
  render({ external });
  writeLinkSoon();
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
  flow.background(app.engine, scenario, (report) => {
    if (app.job !== job || report.superseded) return;
    Object.assign(job, report);
    if (app.flow() === flow) renderResults();
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
  renderInputs({ external });
  renderResults();
  performance.measure('llm-sizer:render', 'llm-sizer:render-start');
  performance.measure('llm-sizer:update', 'llm-sizer:estimate-start');
}

function invalidError(path, text) {
  return { field: path, message: `${path}: ${app.t('field.not_number')}`, allowed: app.t('field.not_number'), got: text };
}

function renderInputs({ external = false } = {}) {
  for (const panel of panels) panel.update({ external });
  const inputs = $('inputs');
  fillControls(inputs, (path) => app.valueFor(path), app.fmt, { keep: (path) => app.invalid.has(path) });
  const error = app.error ? { ...app.error, field: fieldOfError(app.error.field) } : null;
  placeError(inputs, error, app.t, null);
  placeNotes(inputs, app.notes);
}

function renderResults() {
  const { t } = app;
  const banner = $('result-error');
  if (app.error) {
    const field = fieldOfError(app.error.field);
    const droppable = field && field !== 'model' && (app.invalid.has(field) || getPath(app.scenario, field) !== undefined);
    replaceChildren(banner, problemBanner(t, app.error, field, {
      go: field ? () => focusField(field) : null,
      drop: droppable ? () => app.dropField(field) : null,
      startOver: () => app.startOver(),
    }));
    banner.hidden = false;
  } else {
    banner.replaceChildren();
    banner.hidden = true;
  }
  $('results').classList.toggle('stale', Boolean(app.error && app.result));

  // Every view is always offered (an error never hides the way to another view); each computes
  // its section when opened.
  const tabs = flows;
  const active = app.flow();
  const tablist = $('tabs');
  replaceChildren(tablist, tabs.map((flow) => h('button', {
    type: 'button', role: 'tab', id: `tab-${flow.id}`, tabIndex: flow === active ? 0 : -1,
    attrs: { 'aria-selected': String(flow === active), 'aria-controls': 'flow' },
    on: { click: () => selectTab(flow.id) },
  }, t(`flow.${flow.id}`))));
  const view = $('flow');
  if (!app.result || !active.available(app.result)) {
    view.removeAttribute('aria-labelledby');
    replaceChildren(view, h('p', { class: 'empty' }, t('results.none')));
    charts.begin();
    charts.end();
    return;
  }
  view.setAttribute('aria-labelledby', `tab-${active.id}`);
  const module = viewOf(active);
  delete view.dataset.view; // set to the flow's id once its view is drawn
  if (!module) {
    replaceChildren(view, h('p', { class: 'empty' }, t('results.loading')));
    loadView(active).then(() => app.flow() === active && renderResults(), (error) => {
      console.error(error);
      replaceChildren(view, h('p', { class: 'empty' }, t('results.failed')));
    });
    return;
  }
  const ctx = {
    result: app.result, t, fmt: app.fmt, expanded: app.expanded, catalog: app.catalog, modelName: app.modelName(),
    chart: (key, spec) => charts.chart(key, spec, `${t.lang}|${app.fmt.bytesUnit}`),
    set: (path, value) => app.set(path, value),
    scenario: app.scenario,
    job: app.job?.flow === active.id && app.job.key === JSON.stringify(app.result.scenario) ? app.job : null,
    // Opens another view on a new scenario (the planner's "use this plan").
    go: (tab, scenario) => {
      app.ui.tab = flowById(tab).id;
      commit(scenario);
    },
  };
  // A control that redraws the view (a format's "Use") keeps the focus across the redraw.
  const focusKey = view.contains(document.activeElement) ? document.activeElement.dataset.focusKey : undefined;
  charts.begin();
  try {
    replaceChildren(view, module.render(ctx));
    view.dataset.view = active.id;
    if (focusKey) view.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`)?.focus();
  } catch (error) {
    console.error(error);
    replaceChildren(view, h('p', { class: 'empty' }, t('results.failed')));
  }
  charts.end();
}

// The whole core, and the strings of the views with a section in the page's language.
async function loadWholeCore() {
  await Promise.all([app.engine.loadSections(), loadLanguage(app.ui.lang, { sections: true })]);
  setLanguage(app.ui.lang);
}

// Whether computing `scenario` for the view `tab` needs the whole core (a section: the model module
// of the first view has none).
function needsWholeCore(scenario, tab) {
  // A host's link to the GPU is resolved from the interconnects, which only the whole core holds.
  return Boolean(flowById(tab).section) || Boolean(scenario?.hardware?.host)
    || [...sections, 'quantization'].some((key) => scenario && key in scenario);
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
      await loadWholeCore();
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

// ---- the link ---------------------------------------------------------------------------

let linkSerial = 0;
let linkWritten = Promise.resolve();

function uiForLink() {
  return { t: app.result ? app.flow().id : undefined, u: app.ui.units, l: app.ui.lang };
}

// Rewrites the fragment once changes pause (replaceState: the Back button is not flooded).
// Values equal to their defaults are dropped first, so links stay short. <html data-link-pending>
// is set until the link shows the latest change.
function writeLinkSoon() {
  linkSerial += 1;
  const serial = linkSerial;
  // A navigation meanwhile (Back, a typed fragment) wins: its hashchange shows that link instead.
  const shown = location.hash;
  app.linkHash = ''; // no link shows this state until it is written
  document.documentElement.dataset.linkPending = 'true';
  linkWritten = new Promise((resolve) => {
    setTimeout(async () => {
      try {
        if (serial !== linkSerial) return;
        if (location.hash !== shown) {
          delete document.documentElement.dataset.linkPending;
          return;
        }
        const pruned = pruneScenario(app.scenario, { catalog: app.catalog, sections, estimate: (s) => app.engine.estimate(s) });
        if (!deepEqual(pruned, app.scenario)) {
          app.scenario = pruned;
          renderInputs();
        }
        const hash = await encodeState({ scenario: app.scenario, ui: uiForLink() });
        if (serial !== linkSerial || location.hash !== shown) return;
        app.linkHash = hash;
        if (location.hash !== hash) history.replaceState(history.state, '', hash);
        share.showLink(location.href);
        delete document.documentElement.dataset.linkPending;
      } finally {
        resolve();
      }
    }, linkDelayMs);
  });
}

async function readLink(hash) {
  try {
    return await decodeState(hash);
  } catch (error) {
    if (error instanceof LinkError) return { error };
    throw error;
  }
}

async function applyLink(linked) {
  hideNotice();
  let scenario = firstVisit;
  if (linked?.error) {
    showNotice(app.t('link.failed', { reason: app.t(`link.${linked.error.reason}`) }));
  } else if (linked) {
    if (isLanguage(linked.ui.l)) setLanguage(await loadLanguage(linked.ui.l));
    if (linked.ui.u && BYTE_UNITS.includes(linked.ui.u)) setUnits(linked.ui.u);
    app.ui.tab = linked.ui.t ?? null;
    if (needsWholeCore(linked.scenario, app.ui.tab)) await loadWholeCore();
    const opened = openScenario(linked.scenario, (s) => app.engine.estimate(s), firstVisit, { keep: sections });
    scenario = opened.scenario;
    if (opened.dropped.length) {
      showNotice(app.t('link.dropped', { count: opened.dropped.length }), opened.dropped.map((d) => h('li', { dataset: { code: d.code ?? '' } },
        h('code', {}, d.field), app.t('notes.separator'),
        d.code === 'error.unknown_field' ? app.t('link.unknown_field') : problemDetail(app.t, d))));
    }
  } else {
    app.ui.tab = null;
  }
  app.expanded.clear();
  commit(scenario, { external: true });
}

function showNotice(text, items = []) {
  replaceChildren($('notice'), h('p', {}, text), items.length ? h('ul', {}, items) : null,
    h('button', { type: 'button', class: 'link', on: { click: hideNotice } }, app.t('notice.dismiss')));
  $('notice').hidden = false;
}

function hideNotice() {
  $('notice').hidden = true;
  $('notice').replaceChildren();
}

// ---- wiring -------------------------------------------------------------------------------

function bindInputs() {
  const inputs = $('inputs');
  const onControl = (event) => {
    const control = event.target.closest?.('[data-field][data-kind]');
    if (!control) return;
    const isText = control.tagName === 'TEXTAREA' || (control.tagName === 'INPUT' && control.type !== 'checkbox');
    if ((event.type === 'input') !== isText) return; // text: every keystroke; checkboxes, selects: on change
    control.dataset.dirty = 'true';
    const parsed = readControl(control, app.fmt);
    const path = control.dataset.field;
    if (parsed.invalid) {
      // Kept as typed, with its error, until it is a number again (never snapped back).
      app.invalid.set(path, control.value);
      app.error = invalidError(path, control.value);
      render();
      return;
    }
    app.invalid.delete(path);
    if (parsed.empty) app.reset(path);
    else app.set(path, parsed.value);
  };
  inputs.addEventListener('input', onControl);
  inputs.addEventListener('change', onControl);
  // Leaving a field shows the value the core used ("2.50" → "2.5"; blank → the default).
  inputs.addEventListener('focusout', (event) => {
    if (event.target.dataset?.dirty) {
      delete event.target.dataset.dirty;
      fillControls(inputs, (path) => app.valueFor(path), app.fmt, { keep: (path) => app.invalid.has(path) });
    }
  });

  $('tabs').addEventListener('keydown', (event) => {
    const tabs = [...$('tabs').querySelectorAll('[role="tab"]')];
    const index = tabs.indexOf(document.activeElement);
    if (index < 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: tabs.length - 1 - index }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    selectTab(tabs[(index + step + tabs.length) % tabs.length].id.slice('tab-'.length), { focus: true });
  });

  for (const input of document.querySelectorAll('input[name="units"]')) {
    input.addEventListener('change', () => {
      setUnits(input.value);
      writePref(prefKeys.units, app.ui.units);
      render();
      writeLinkSoon();
    });
  }
  for (const input of document.querySelectorAll('input[name="lang"]')) {
    input.addEventListener('change', async () => {
      try {
        setLanguage(await loadLanguage(input.value));
      } catch {
        setLanguage(app.ui.lang); // not reachable now (offline): stay in the current language
        return;
      }
      writePref(prefKeys.lang, app.ui.lang);
      render();
      writeLinkSoon();
    });
  }
  // The header's Copy link says it worked right where it was pressed.
  $('copy-link').addEventListener('click', async () => {
    const said = await share.copyLink();
    const status = $('copy-status');
    status.textContent = said.text;
    status.className = `copy-status ${said.copied ? 'ok' : 'bad'}`;
    clearTimeout(status.timer);
    status.timer = setTimeout(() => {
      status.textContent = '';
    }, 4000);
  });
  // On a phone the inputs come after the answer: the header's button goes to them.
  $('to-inputs').addEventListener('click', () => {
    const panel = document.querySelector('.model-panel');
    panel.scrollIntoView({ block: 'start' });
    panel.querySelector('input, select, textarea')?.focus({ preventScroll: true });
  });
  addEventListener('hashchange', async () => {
    if (location.hash === app.linkHash) return;
    // An in-page anchor (the skip link's #results) is no link: keep the page's own.
    if (app.linkHash && /^#[A-Za-z][\w-]*$/.test(location.hash) && document.getElementById(location.hash.slice(1))) {
      history.replaceState(history.state, '', app.linkHash);
      return;
    }
    await applyLink(await readLink(location.hash));
  });
}

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
    setLanguage(await loadLanguage(lang, { sections: whole }));
  } catch (error) {
    $('load-failed').hidden = false; // no language to say it in: the page's own English line
    throw error;
  }
  setUnits(app.ui.units);
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
  const model = createModelPanel(app);
  const hardware = createHardwarePanel(app);
  const section = createSectionPanel(app);
  share = createSharePanel(app);
  panels = [model, hardware, section, share];
  $('inputs').replaceChildren(model.element, hardware.element, section.element, share.element);
  bindInputs();
  await applyLink(linked);
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
      await loadWholeCore();
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
