// Pieces every flow shares: a titled section, the core's warnings, and the closing list of
// assumptions and sources.
import { h, link } from '../dom.js';

export function section(title, hint, ...children) {
  return h('section', { class: 'block' }, h('h3', {}, title), hint ? h('p', { class: 'hint' }, hint) : null, children);
}

export function warningsSection(ctx) {
  const { warnings = [] } = ctx.result;
  if (!warnings.length) return null;
  return h('section', { class: 'block notes', attrs: { 'aria-label': ctx.t('notes.heading') } },
    h('h3', {}, ctx.t('notes.heading')),
    h('ul', {}, warnings.map((w) => h('li', {}, w.field ? h('code', {}, w.field) : null, w.field ? ': ' : '', w.message))));
}

// assumptions: [{ label, value: Node|text, help }] (a flow's MFU, efficiencies, overheads);
// extra: [{ label, body }] further sources. The core's references close the list.
export function assumptionsSection(ctx, assumptions, extra = []) {
  const { t, result } = ctx;
  const references = Object.entries(result.references ?? {});
  return h('section', { class: 'block sources' },
    h('h3', {}, t(assumptions.length ? 'sources.assumptions_heading' : 'sources.heading')),
    assumptions.length ? h('dl', { class: 'assumptions' }, assumptions.map((a) => h('div', {},
      h('dt', {}, a.label), h('dd', {}, a.value, a.help ? h('span', { class: 'hint' }, ` — ${a.help}`) : null)))) : null,
    h('ul', { class: 'references' },
      references.map(([id, reference]) => h('li', { dataset: { ref: id } }, link(reference.url, reference.citation))),
      extra.map((item) => h('li', {}, h('details', {}, h('summary', {}, item.label), h('p', { class: 'source-text' }, item.body))))));
}
