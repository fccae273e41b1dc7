// The answer side of the page: the error banner, the tabs and the open view, drawn from the
// core's last result (the view's module loads on first use).
import { h, replaceChildren } from '../dom.js';
import { flowById, flows } from '../flows/index.js';
import { deviceName } from '../render/device_name.js';
import { problemBanner } from '../render/problem.js';
import { fieldOfError, getPath } from '../state.js';
import { loadView, viewOf } from './views.js';

const $ = (id) => document.getElementById(id);

function renderProblem(app) {
  const banner = $('result-error');
  if (!app.error) {
    banner.replaceChildren();
    banner.hidden = true;
    return;
  }
  const field = fieldOfError(app.error.field);
  const droppable = field && field !== 'model' && (app.invalid.has(field) || getPath(app.scenario, field) !== undefined);
  replaceChildren(banner, problemBanner(app.t, app.error, field, {
    go: field ? () => app.focusField(field) : null,
    drop: droppable ? () => app.dropField(field) : null,
    startOver: () => app.startOver(),
  }));
  banner.hidden = false;
}

// Every view is always offered (an error never hides the way to another view); each computes its
// section when opened.
function renderTabs(app, active) {
  replaceChildren($('tabs'), flows.map((flow) => h('button', {
    type: 'button', role: 'tab', id: `tab-${flow.id}`, tabIndex: flow === active ? 0 : -1,
    attrs: { 'aria-selected': String(flow === active), 'aria-controls': 'flow' },
    on: { click: () => app.selectTab(flow.id) },
  }, app.t(`flow.${flow.id}`))));
}

// What a view's render() is given: the result, the formats, and the ways back into the page.
function viewContext(app, active) {
  const { t } = app;
  return {
    result: app.result, t, fmt: app.fmt, expanded: app.expanded, catalog: app.catalog, modelName: app.modelName(),
    deviceName: deviceName(t, app.result.hardware.accelerator), hostName: deviceName(t, app.result.hardware.host),
    chart: (key, spec) => app.charts.chart(key, spec, `${t.lang}|${app.fmt.bytesUnit}`),
    set: (path, value) => app.set(path, value),
    reset: (path) => app.reset(path),
    // A pasted measurement read by the core: { value: { measured, format } } or { error }.
    readMeasurement: (text) => app.engine.readMeasurement(text),
    scenario: app.scenario,
    job: app.job?.flow === active.id && app.job.key === JSON.stringify(app.result.scenario) ? app.job : null,
    // Opens another view on a new scenario (the planner's "use this plan").
    go: (tab, scenario) => {
      app.ui.tab = flowById(tab).id;
      app.commit(scenario);
    },
  };
}

export function renderResults(app) {
  const { t, charts } = app;
  renderProblem(app);
  $('results').classList.toggle('stale', Boolean(app.error && app.result));
  const active = app.flow();
  renderTabs(app, active);
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
    loadView(active).then(() => app.flow() === active && renderResults(app), (error) => {
      console.error(error);
      replaceChildren(view, h('p', { class: 'empty' }, t('results.failed')));
    });
    return;
  }
  // A control that redraws the view (a format's "Use") keeps the focus across the redraw.
  const focusKey = view.contains(document.activeElement) ? document.activeElement.dataset.focusKey : undefined;
  charts.begin();
  try {
    replaceChildren(view, module.render(viewContext(app, active)));
    view.dataset.view = active.id;
    if (focusKey) view.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`)?.focus();
  } catch (error) {
    console.error(error);
    replaceChildren(view, h('p', { class: 'empty' }, t('results.failed')));
  }
  charts.end();
}
