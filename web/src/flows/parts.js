// Pieces every flow shares: a titled section, headline figures and verdicts, tables of result
// numbers, figures, the core's warnings, and the closing list of assumptions and sources.
import { h, link, linkify } from '../dom.js';
import { resultNumber } from '../render/number.js';
import { fieldLabel } from '../render/problem.js';
import { fieldTerm, glossaryTerm } from '../render/term.js';
import { getPath } from '../state.js';

export function section(title, hint, ...children) {
  return h('section', { class: 'block' }, h('h3', {}, title), hint ? h('p', { class: 'hint' }, hint) : null, children);
}

// One headline figure, large, with its label; its formula panel is added to `panels` (shown
// below the headline's figures).
export function answer(ctx, path, label, panels) {
  const { value, panel } = resultNumber(ctx, path);
  if (panel) panels.push(panel);
  return h('div', { class: 'answer' }, h('span', { class: 'answer-value' }, value), h('span', { class: 'answer-label' }, label));
}

// The yes/no answer of a view ("fits on 2 × H100 SXM"), and what to do about it (more); the
// data-verdict attribute holds the answer for machines.
export function verdict(ok, text, more) {
  return h('p', { class: `verdict ${ok ? 'ok' : 'bad'}`, dataset: { verdict: String(ok) } },
    h('span', { class: 'verdict-mark', attrs: { 'aria-hidden': 'true' } }, ok ? '✓' : '✗'),
    h('span', {}, text, more ? h('span', { class: 'verdict-more' }, ` ${more}`) : null));
}

// Result numbers as a two-column table, each with its formula when the core explains it. rows:
// [{ path, label (default: the field's name and help), note }]; absent or null values are skipped.
export function numbersTable(ctx, rows) {
  const body = [];
  for (const row of rows) {
    const value = getPath(ctx.result, row.path);
    if (value === null || value === undefined) continue;
    const { value: number, panel } = resultNumber(ctx, row.path);
    body.push(h('tr', {},
      h('th', { scope: 'row' }, row.label ?? fieldTerm(ctx.t, row.path)),
      h('td', { class: 'n' }, number, row.note ? h('span', { class: 'hint' }, ` ${row.note}`) : null)));
    if (panel) body.push(h('tr', { class: 'formula-row' }, h('td', { colSpan: 2 }, panel)));
  }
  return body.length ? h('table', { class: 'table numbers' }, h('tbody', {}, body)) : null;
}

// A chart with its title and a one-line reading guide.
export function figure(title, chart, caption) {
  return h('figure', { class: 'chart-figure' }, h('figcaption', {}, title), chart, caption ? h('p', { class: 'hint' }, caption) : null);
}

// The core's reference `id` as a link named by its authors and year ("Korthikanti et al. 2022";
// the full citation is its tooltip and closes the view), or null when the result has none.
export function reference(ctx, id) {
  const ref = ctx.result.references?.[id];
  if (!ref) return null;
  const short = ref.citation.match(/^[^:(]*?\b(?:19|20)\d{2}\b/)?.[0] ?? ref.citation.split(/[:,(]/)[0].trim();
  const anchor = link(ref.url, short);
  anchor.title = ref.citation;
  return h('cite', {}, anchor);
}

// The device's datasheet: its source's first link, named after the device (the whole source
// text is under Hardware → Device specs).
export function datasheet(ctx) {
  const { accelerator } = ctx.result.hardware;
  const url = String(accelerator.source ?? '').match(/https?:\/\/[^\s<>"')\]]+[^\s<>"')\].,;:]/)?.[0];
  const name = ctx.t('sources.datasheet', { device: ctx.deviceName });
  return url ? link(url, name) : accelerator.source ? name : null;
}

// Where a GPU-hour price comes from: the catalog entry (provider, instance, date, the rule that
// chose it, its source), the scenario, or nowhere.
export function priceSource(ctx, source) {
  const { t } = ctx;
  if (!source || source.kind === 'none') return t('price.none');
  if (source.kind === 'scenario') return t('price.scenario');
  const rule = source.rule_code ? t.text(source.rule_code, source.rule_params, source.rule) : source.rule;
  return [t('price.catalog', { provider: source.provider ?? '', instance: source.instance ?? '', as_of: source.as_of ?? '' }),
    rule ? t('price.rule', { rule }) : '', t('price.end'), source.source ? citation(source.source) : ''];
}

// A source as the data or the core gives it (a citation, left in its own words), its links live.
export function citation(text) {
  return h('cite', {}, linkify(text));
}

// The core's warnings, each said in the page's language from its code, after the field it is about.
export function warningsSection(ctx) {
  const { t } = ctx;
  const { warnings = [] } = ctx.result;
  if (!warnings.length) return null;
  return h('section', { class: 'block notes', attrs: { 'aria-label': t('notes.heading') } },
    h('h3', {}, t('notes.heading')),
    h('ul', {}, warnings.map((w) => h('li', { dataset: { code: w.code ?? '' } },
      w.field ? fieldLabel(t, w.field) : null, w.field ? t('notes.separator') : '', t.text(w.code, w.params, w.message)))));
}

// assumptions: [{ label, value: Node|text, help, source: Node|text }] (a flow's MFU, efficiencies,
// overheads: the figure used, one line on what it means, where it comes from); extra: [{ label,
// body }] further sources. The core's references close the list.
export function assumptionsSection(ctx, assumptions, extra = []) {
  const { t, result } = ctx;
  const references = Object.entries(result.references ?? {});
  return h('section', { class: 'block sources' },
    h('h3', {}, t(assumptions.length ? 'sources.assumptions_heading' : 'sources.heading')),
    assumptions.length ? h('dl', { class: 'assumptions' }, assumptions.map((a) => h('div', {},
      h('dt', {}, a.label), h('dd', {}, h('span', { class: 'assumption-value' }, a.value),
        a.help ? h('span', { class: 'hint' }, ` — ${a.help}`) : null,
        a.source && (!Array.isArray(a.source) || a.source.length) ? h('span', { class: 'assumption-source' }, t('sources.from'), ' ', a.source) : null)))) : null,
    h('ul', { class: 'references' },
      references.map(([id, ref]) => h('li', { dataset: { ref: id } }, h('cite', {}, link(ref.url, ref.citation)))),
      extra.map((item) => h('li', {}, h('details', {}, h('summary', {}, item.label), h('div', { class: 'source-text' }, item.body))))));
}

// An assumption from a block's assumptions object: label and help from the language file
// (by path, e.g. "inference.assumptions.memory_efficiency"), the value formatted by its name.
// glossary: a glossary key whose tooltip the label carries (MFU, ZeRO, ...).
export function assumption(ctx, path, source, glossary) {
  const { t, fmt } = ctx;
  const value = getPath(ctx.result, path);
  const choice = typeof value === 'string' ? t.choice(`${path.split('.').at(-1)}.${value}`) : undefined;
  const shown = typeof value === 'boolean' ? t(value ? 'yes' : 'no')
    : choice ?? (typeof value === 'string' ? h('code', {}, value) : fmt.byName(path, value));
  return { label: glossary ? glossaryTerm(t, glossary, t.field(path)) : t.field(path), value: shown, help: t.help(path), source };
}
