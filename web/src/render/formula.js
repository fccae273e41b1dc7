// "How did you get this number?": the core's formula for a result path, shown with its symbols,
// then with the scenario's values substituted, the terms listed with what they count (the core's
// text codes, in the page's language), and the source linked.
import { h, link } from '../dom.js';
import { getPath } from '../state.js';

const placeholder = /\{([A-Za-z0-9_]+)\}/g;

export function formulaPanel(ctx, path) {
  const { t, fmt, result } = ctx;
  const explanation = result.explain?.[path];
  const terms = new Map((explanation.terms ?? []).map((term) => [term.name, term]));
  const value = getPath(result, path);
  const unitOf = (term) => (term.unit_code ? t.text(term.unit_code, term.unit_params, term.unit) : term.unit ?? '');

  const symbolic = [];
  const substituted = [];
  let last = 0;
  for (const match of explanation.formula.matchAll(placeholder)) {
    const operators = pretty(explanation.formula.slice(last, match.index));
    symbolic.push(operators, h('var', {}, match[1]));
    const term = terms.get(match[1]);
    substituted.push(operators, term
      ? h('span', { class: 'sub', title: unitOf(term) || undefined }, fmt.exact(term.value))
      : h('var', {}, match[1]));
    last = match.index + match[0].length;
  }
  const tail = pretty(explanation.formula.slice(last));
  symbolic.push(tail);
  substituted.push(tail);

  const reference = result.references?.[explanation.ref];
  return h('div', { class: 'formula', role: 'region', attrs: { 'aria-label': t('formula.for', { name: t.field(path) }) } },
    h('p', { class: 'formula-line' }, h('code', {}, h('span', { class: 'formula-name' }, t.field(path)), ' = ', symbolic)),
    h('p', { class: 'formula-line' }, h('code', {}, '= ', substituted, ' = ', h('strong', {}, fmt.exact(value)))),
    terms.size ? h('dl', { class: 'formula-terms' }, [...terms.values()].map((term) => [
      h('dt', {}, h('var', {}, term.name)),
      h('dd', {}, fmt.exact(term.value), unitOf(term) ? ` ${unitOf(term)}` : ''),
    ])) : null,
    h('p', { class: 'formula-source' }, t('formula.source'), ' ',
      reference ? h('cite', {}, link(reference.url, reference.citation)) : h('code', {}, explanation.ref),
      explanation.source ? ['; ', t('formula.figures_from'), ' ', h('code', {}, explanation.source)] : null),
    // The pages resolve the path to their section (methodology_links.js), so the mapping and
    // the pages load only when followed.
    h('p', { class: 'formula-more' }, ['methodology', 'validation'].map((page, i) => [i ? ' · ' : '',
      h('a', { href: `${page}.html#for=${path}`, dataset: { page } }, t(`nav.${page}`))])),
  );
}

function pretty(operators) {
  return operators.replace(/\s\*\s/g, ' × ');
}
