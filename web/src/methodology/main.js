// methodology.html: each formula family with its equation, assumptions, defaults (read from the
// core for a few reference scenarios, so the page shows the values the calculator uses now), what
// it leaves out, its sources and the validation rows that test it. Sections are anchored by the ids
// the calculator's formula panels link to (methodology_links.js).
import { h, link, replaceChildren } from '../dom.js';
import { startEngine } from '../engine.js';
import { methodologyFor, pathInHash } from '../methodology_links.js';
import { startPage } from '../pages/page_shell.js';
import { getPath } from '../state.js';
import { scenarios } from './scenarios.js';

// The page's strings, with the validation page's category names.
const withCategories = (own, validation) => Promise.all([own(), validation()])
  .then(([m, v]) => ({ default: { ...m.default, ui: { ...v.default.ui, ...m.default.ui } } }));
const strings = {
  en: () => withCategories(() => import('../i18n/methodology.en.js'), () => import('../i18n/validation.en.js')),
  zh: () => withCategories(() => import('../i18n/methodology.zh.js'), () => import('../i18n/validation.zh.js')),
};

const results = {};

function list(items) {
  return h('ul', {}, items.map((item) => h('li', {}, item)));
}

function constantsTable({ t, fmt }, section) {
  return h('table', { class: 'table constants' },
    h('tbody', {}, section.constants.map((c) => {
      const value = getPath(results[c.scenario], c.path);
      return h('tr', { dataset: { path: c.path, scenario: c.scenario } },
        h('th', { scope: 'row' }, c.label, h('div', { class: 'hint' }, `${t('constants.for')}: ${t.content.scenarios[c.scenario]}`)),
        h('td', { class: 'num' }, h('data', { value: String(value) }, value === undefined ? '–' : fmt.byName(c.path, value))),
        h('td', {}, c.source));
    })));
}

function sectionView(page, section) {
  const { t } = page;
  const part = (key, content) => [h('h3', {}, t(key)), content];
  return h('section', { id: section.id, class: 'method' },
    h('h2', {}, h('a', { href: `#${section.id}`, class: 'anchor' }, section.title)),
    section.pending ? h('p', { class: 'hint' }, t('pending')) : [
      part('equation', h('pre', { class: 'equation' }, h('code', {}, section.equation.join('\n')))),
      part('assumes', list(section.assumes)),
      section.constants.length ? part('constants', constantsTable(page, section)) : null,
      part('not_modelled', list(section.not_modelled)),
      part('sources', list(section.sources.map(([text, url]) => link(url, text)))),
      section.validation.length ? h('p', { class: 'validation-links' }, t('validation'), ' ',
        section.validation.map((category, i) => [i ? ' · ' : '',
          h('a', { href: `validation.html#category=${category}`, dataset: { category } }, t(`category.${category}`))])) : null,
    ]);
}

function render(page) {
  const { t } = page;
  const { sections } = t.content;
  replaceChildren(document.getElementById('intro'), t('page.intro'));
  replaceChildren(document.getElementById('contents'), h('h2', {}, t('contents')),
    h('ol', {}, sections.map((s) => h('li', {}, h('a', { href: `#${s.id}` }, s.title)))));
  replaceChildren(document.getElementById('sections'), sections.map((s) => sectionView(page, s)));
  // A link lands on its section once the sections exist: #kv-cache, or a formula panel's
  // #for=<result path>, which marks the section it belongs to.
  const path = pathInHash(location.hash);
  const id = path ? methodologyFor(path)?.anchor : location.hash.slice(1);
  const target = id ? document.getElementById(id) : null;
  if (path && target) target.dataset.linked = path;
  target?.scrollIntoView();
}

async function boot() {
  const engine = await startEngine();
  for (const [key, scenario] of Object.entries(scenarios)) {
    const { result, error } = engine.estimate(scenario);
    if (error) throw new Error(`${key}: ${error.message}`);
    results[key] = result;
  }
  await startPage('methodology.html', strings, render);
}

boot();
