// validation.html: every published figure in data/measurements/ run through the core in this
// page (the same report `llm-sizer validate --json` prints), filterable by category, model,
// accelerator and runtime, with a predicted-vs-published chart and a link from each row to its
// scenario in the calculator. The measurements load here only, never in the calculator.
import { createLlmSizerValidation } from 'llm-sizer-validation-wasm';

import { h, linkify, replaceChildren } from '../dom.js';
import { startPage } from '../pages/page_shell.js';
import { xyChart } from '../render/charts/index.js';
import { calculatorLink, choices, compared, filterKeys, filtersFromHash, hashOf, matches, quantity } from './rows.js';

const strings = { en: () => import('../i18n/validation.en.js'), zh: () => import('../i18n/validation.zh.js') };
const $ = (id) => document.getElementById(id);
const band = 0.2; // the chart's ±20% lines

const state = { rows: [], categories: [], notes: new Map(), links: new Map(), filters: filtersFromHash(location.hash), chart: null, page: null };

// The validation module: the calculator's core plus validate(), loaded by this page only.
function startCore() {
  return createLlmSizerValidation({ locateFile: (file) => new URL(file, document.baseURI).href });
}

// Runs the rows category by category, so the page shows progress and stays responsive.
async function validateAll(core, measurements, progress) {
  const categories = [...new Set(['parameters', ...Object.values(measurements).flat().map((row) => row.category).filter(Boolean)])];
  const rows = [];
  const summaries = [];
  for (const [index, category] of categories.entries()) {
    progress(category, index, categories.length);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const report = core.validate(measurements, { category });
    rows.push(...report.rows);
    summaries.push(...report.categories);
  }
  return { rows, categories: summaries };
}

function categoryName(t, id) {
  const name = t(`category.${id}`);
  return name === `category.${id}` ? id : name;
}

function summaryTable({ t, fmt }) {
  const pct = (x) => (typeof x === 'number' ? fmt.percent(x) : '–');
  return h('table', { class: 'table summary' },
    h('thead', {}, h('tr', {}, ['col.category', 'col.rows', 'col.compared', 'col.tested', 'col.failed', 'col.median', 'col.p90'].map((key) => h('th', { scope: 'col' }, t(key))))),
    h('tbody', {}, state.categories.map((s) => h('tr', { dataset: { category: s.category } },
      h('th', { scope: 'row' }, h('a', { href: hashOf({ category: s.category }) }, categoryName(t, s.category))),
      h('td', {}, fmt.integer(s.rows)), h('td', {}, fmt.integer(s.compared)), h('td', {}, fmt.integer(s.tested)),
      h('td', { class: s.failed ? 'bad' : '' }, fmt.integer(s.failed)),
      h('td', {}, h('data', { value: String(s.median_abs_error) }, pct(s.median_abs_error))),
      h('td', {}, h('data', { value: String(s.p90_abs_error) }, pct(s.p90_abs_error)))))));
}

function filterControls({ t }) {
  const select = (key) => {
    const values = choices(state.rows, key);
    const control = h('select', { id: `filter-${key}`, dataset: { filter: key }, on: { change: () => setFilter(key, control.value) } },
      h('option', { value: '' }, t('filter.all')),
      values.map((value) => h('option', { value, selected: value === state.filters[key] },
        key === 'category' ? categoryName(t, value) : key === 'status' ? t(`status.${value}`) : value)));
    return h('label', { class: 'filter' }, h('span', {}, t(`filter.${key}`)), control);
  };
  return h('div', { class: 'filters' }, filterKeys.map(select));
}

function setFilter(key, value) {
  state.filters = { ...state.filters, [key]: value };
  history.replaceState(null, '', hashOf(state.filters) || location.pathname);
  drawRows();
}

function rowView({ t, fmt }, row) {
  const error = typeof row.error === 'number' ? `${row.error > 0 ? '+' : ''}${fmt.percent(row.error)}` : '';
  const href = state.links.get(row.id);
  const note = row.message ?? state.notes.get(row.id);
  return h('tr', { dataset: { id: row.id, status: row.status, category: row.category } },
    h('td', {}, href ? h('a', { href, class: 'row-id', title: t('row.open') }, row.id) : h('span', { class: 'row-id' }, row.id),
      note ? h('div', { class: 'row-note' }, note) : null),
    h('td', {}, categoryName(t, row.category)),
    h('td', {}, row.model ?? ''), h('td', {}, row.accelerator ?? ''), h('td', {}, row.runtime ?? ''),
    h('td', { class: 'num' }, h('data', { value: String(row.published), dataset: { unit: row.unit ?? '' } }, quantity(fmt, row.published, row.unit))),
    h('td', { class: 'num' }, h('data', { class: 'predicted', value: String(row.predicted) }, quantity(fmt, row.predicted, row.unit))),
    h('td', { class: `num ${row.status}` }, h('data', { class: 'error', value: String(row.error) }, error)),
    h('td', { class: 'num' }, typeof row.tolerance === 'number' ? `±${fmt.percent(row.tolerance)}` : ''),
    h('td', {}, t(`status.${row.status}`)),
    h('td', {}, row.date ?? ''),
    h('td', { class: 'source' }, linkify(row.source ?? '')));
}

function chartSpec({ t, fmt }, rows) {
  const points = rows.filter((row) => compared(row) && row.published > 0 && row.predicted > 0)
    .sort((a, b) => a.published - b.published);
  const x = points.map((row) => row.published);
  const categories = [...new Set(points.map((row) => row.category))];
  const series = categories.map((category) => ({
    label: categoryName(t, category), points: true,
    values: points.map((row) => (row.category === category ? row.predicted : null)),
  }));
  series.push({ label: t('chart.equal'), values: x, colour: 9 });
  series.push({ label: `+${fmt.percent(band)}`, values: x.map((v) => v * (1 + band)), colour: 9, dash: true });
  series.push({ label: `−${fmt.percent(band)}`, values: x.map((v) => v * (1 - band)), colour: 9, dash: true });
  return { x, series, xLabel: t('chart.published'), yLabel: t('chart.predicted'), log: { x: true, y: true },
    format: { x: fmt.number, y: fmt.number }, height: 420 };
}

async function drawChart(page, rows) {
  state.chart?.destroy();
  state.chart = null;
  const element = $('chart');
  const spec = chartSpec(page, rows);
  element.hidden = spec.x.length === 0;
  if (!element.hidden) state.chart = await xyChart(element, spec);
}

function drawRows() {
  const page = state.page;
  const { t } = page;
  for (const control of document.querySelectorAll('[data-filter]')) control.value = state.filters[control.dataset.filter] ?? '';
  const shown = state.rows.filter((row) => matches(row, state.filters));
  $('shown').textContent = t('rows.shown', { shown: page.fmt.integer(shown.length), total: page.fmt.integer(state.rows.length) });
  replaceChildren($('rows'), shown.map((row) => rowView(page, row)));
  return drawChart(page, shown);
}

async function render(page) {
  state.page = page;
  const { t } = page;
  replaceChildren($('intro'), t('page.intro'), ' ', h('code', {}, 'llm-sizer validate'), ' ', t('page.cli'));
  if (!state.rows.length) return;
  replaceChildren($('summary'), h('h2', {}, t('summary.heading')), h('p', { class: 'hint' }, t('summary.hint')), summaryTable(page));
  replaceChildren($('filters'), h('h2', {}, t('rows.heading')), filterControls(page), h('p', { id: 'shown', class: 'hint' }));
  replaceChildren($('rows-head'), h('tr', {}, ['col.id', 'col.category', 'col.model', 'col.accelerator', 'col.runtime', 'col.published',
    'col.predicted', 'col.error', 'col.tolerance', 'col.status', 'col.date', 'col.source'].map((key) => h('th', { scope: 'col' }, t(key)))));
  await drawRows();
}

async function boot() {
  const progress = $('progress');
  await startPage('validation.html', strings, render);
  try {
    const [core, measurements] = await Promise.all([startCore(),
      fetch('measurements.json').then((response) => {
        if (!response.ok) throw new Error(`measurements.json: HTTP ${response.status}`);
        return response.json();
      })]);
    for (const row of Object.values(measurements).flat()) if (row?.notes && row.id) state.notes.set(row.id, row.notes);
    const report = await validateAll(core, measurements, (category, index, total) => {
      progress.textContent = state.page.t('progress', { category: categoryName(state.page.t, category), index: index + 1, total });
    });
    state.rows = report.rows;
    state.categories = report.categories;
    await Promise.all(state.rows.map(async (row) => state.links.set(row.id, await calculatorLink(row))));
    progress.hidden = true;
    await render(state.page);
  } catch (error) {
    progress.textContent = state.page.t('failed', { detail: error.message });
    progress.classList.add('bad');
  }
  document.documentElement.dataset.validated = 'true';
}

addEventListener('hashchange', () => {
  state.filters = filtersFromHash(location.hash);
  if (state.rows.length) drawRows();
});
boot();
