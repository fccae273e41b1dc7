// Quantization: every weight format for this model and hardware, side by side: memory, whether it
// fits, decode and prefill speed, and its quality as the core defines it: the perplexity increase
// over the 16-bit model in a published table, with the KL divergence where published (or "not
// published": a quality is never invented). Every count and the chart come from the same rows.
// The memory-vs-quality scatter highlights the Pareto frontier; "Use" makes a format the
// scenario's inference.weights.
import { h, link } from '../dom.js';
import { resultNumber } from '../render/number.js';
import { glossaryTerm } from '../render/term.js';
import { formatName } from './inference.js';
import { figure, reference, section, warningsSection, assumptionsSection } from './parts.js';

export default {
  render(ctx) {
    const options = ctx.result.quantization.options;
    // One numbered source per published table, in the order the rows cite them.
    const sources = [...new Map(options.filter((o) => o.quality).map((o) => [o.quality.source, o.quality])).values()];
    return h('div', { class: 'flow' }, headline(ctx, options), tradeoff(ctx, options), table(ctx, options, sources),
      warningsSection(ctx), assumptionsSection(ctx, [], sources.map((quality, i) => ({
        label: ctx.t('quant.quality_source', { n: i + 1 }), body: h('cite', {}, link(quality.url, quality.source)),
      }))));
  },
};

function headline(ctx, options) {
  const { result, t, fmt } = ctx;
  const asked = result.scenario.inference;
  const where = { count: fmt.integer(result.hardware.count), device: ctx.deviceName };
  const fitting = options.filter((o) => o.fits).length;
  const known = options.filter((o) => o.quality).length;
  const best = result.inference?.best_format;
  const current = options.find((o) => o.format === asked.weights);
  return h('section', { class: 'headline', attrs: { 'aria-label': t('model.headline') } },
    h('p', { class: 'headline-title' }, t('quant.setup', { model: ctx.modelName, ...where })),
    h('div', { class: 'answers' },
      h('div', { class: 'answer' }, h('span', { class: 'answer-value', dataset: { count: 'fits' } },
        t('quant.of', { n: fmt.integer(fitting), total: fmt.integer(options.length) })), h('span', { class: 'answer-label' }, t('quant.fit_label', where))),
      h('div', { class: 'answer' }, h('span', { class: 'answer-value', dataset: { count: 'known' } }, fmt.integer(known)),
        h('span', { class: 'answer-label' }, t('quant.known_label')))),
    best ? h('p', { class: 'meta' }, t('quant.best', { format: formatName(ctx, best) })) : h('p', { class: 'meta' }, t('inference.no_format')),
    current ? h('p', { class: 'meta' }, t(current.fits ? 'quant.current_fits' : 'quant.current_not_fits', { format: t.text(current.name_code, current.name_params, current.name) })) : null);
}

// Memory (x, log) against quality loss (y): every format with a published figure, the Pareto
// frontier joined. Formats of the same size are drawn a byte apart so each keeps its point.
function tradeoff(ctx, options) {
  const { t, fmt } = ctx;
  const known = options.filter((o) => o.quality).sort((a, b) => a.weights_bytes - b.weights_bytes);
  const hint = t('quant.chart_hint', { unknown: fmt.integer(options.length - known.length) });
  if (known.length === 0) {
    return section(t('quant.tradeoff'), null, h('p', { class: 'empty-chart' }, t('quant.no_quality')));
  }
  const x = [];
  for (const o of known) x.push(x.length && o.weights_bytes <= x.at(-1) ? x.at(-1) + 1 : o.weights_bytes);
  const chart = ctx.chart('quantization.tradeoff', {
    x,
    xLabel: t('quant.memory_axis'),
    yLabel: t('quant.loss_axis'),
    format: { x: fmt.bytes, y: (v) => fmt.pct(v) },
    series: [
      { label: t('quant.formats'), values: known.map((o) => o.quality_loss_pct), points: true, colour: 9 },
      { label: t('quant.frontier'), values: known.map((o) => (o.pareto ? o.quality_loss_pct : null)), connect: true, colour: 0,
        labels: known.map((o) => (o.pareto ? o.format : null)) },
    ],
  });
  return section(t('quant.tradeoff'), null, h('div', { class: 'charts' },
    figure(glossaryTerm(t, 'pareto', t('quant.tradeoff_chart')), chart, hint)));
}

// Families whose names the glossary explains.
const familyTerms = { gguf: 'gguf', gptq: 'gptq_awq', awq: 'gptq_awq', bitsandbytes: 'nf4' };

function table(ctx, options, sources) {
  const { result, t, fmt } = ctx;
  const asked = result.scenario.inference;
  const families = new Map((ctx.catalog?.choices?.inference?.weights ?? []).map((w) => [w.id, w.family]));
  const rows = [];
  let family = null;
  options.forEach((o, i) => {
    const path = (key) => `quantization.options.${i}.${key}`;
    const panels = []; // the row's formulas, opened under it
    const number = (key) => {
      if (o[key] === null || o[key] === undefined) return '–';
      const { value, panel } = resultNumber(ctx, path(key));
      if (panel) panels.push(panel);
      return value;
    };
    if (families.get(o.format) !== family) {
      family = families.get(o.format);
      const name = t.choice(`family.${family}`, family ?? '');
      rows.push(h('tr', { class: 'group' }, h('th', { colSpan: 8, scope: 'colgroup' },
        familyTerms[family] ? glossaryTerm(t, familyTerms[family], name) : name)));
    }
    const current = o.format === asked.weights;
    const q = o.quality;
    const loss = q
      ? [number('quality_loss_pct'), h('sup', {}, `[${sources.findIndex((s) => s.source === q.source) + 1}]`),
        h('span', { class: 'key' }, q.dataset ?? t('quant.dataset_not_stated')),
        q.baseline_format ? h('span', { class: 'key' }, ' ', t('quant.vs_baseline', { format: q.baseline_format.toUpperCase() })) : null]
      : h('span', { class: 'unknown' }, t('quant.not_published'));
    rows.push(h('tr', { class: [current ? 'current' : '', o.pareto ? 'pareto' : ''].join(' ').trim() || undefined,
      dataset: { format: o.format, pareto: String(o.pareto) } },
    h('th', { scope: 'row' }, h('span', { class: 'format-name' }, t.text(o.name_code, o.name_params, o.name)), ' ', h('code', { class: 'key' }, o.format),
      o.native ? h('span', { class: 'badge' }, t('quant.native')) : null,
      o.runtime_supported ? null : h('span', { class: 'badge warn' }, t('quant.not_loaded', { runtime: asked.runtime }))),
    h('td', { class: 'n' }, number('bits_per_weight')),
    h('td', { class: 'n' }, number('weights_bytes')),
    h('td', { class: `n ${o.fits ? 'yes' : 'no'}` }, o.fits ? `✓ ${t('yes')}` : `✗ ${t('no')}`),
    h('td', { class: 'n' }, number('decode_tokens_per_s')),
    h('td', { class: 'n quality' }, loss,
      o.pareto ? h('span', { class: 'badge ok', title: t.glossary.pareto[1] }, t('quant.pareto')) : null),
    h('td', { class: 'n' }, o.quality_kld === undefined ? '–' : fmt.number(o.quality_kld)),
    h('td', {}, h('button', { type: 'button', class: 'use', attrs: { 'aria-pressed': String(current) }, dataset: { focusKey: `use:${o.format}` },
      on: { click: () => ctx.set('inference.weights', o.format) } }, current ? t('quant.in_use') : t('quant.use')))));
    if (panels.length) rows.push(h('tr', { class: 'formula-row' }, h('td', { colSpan: 8 }, panels)));
  });
  const head = ['quant.format', 'quant.bits', 'quant.weights', 'quant.fits', 'quant.decode', 'quant.loss', 'quant.kld', '']
    .map((key) => h('th', { scope: 'col', class: key === 'quant.format' || !key ? undefined : 'n' },
      key === 'quant.kld' ? glossaryTerm(t, 'kld', t(key)) : key ? t(key) : ''));
  return section(t('quant.table'), t('quant.table_hint', { batch: fmt.integer(asked.batch) }),
    h('div', { class: 'table-scroll' }, h('table', { class: 'table quant-table' }, h('thead', {}, h('tr', {}, head)), h('tbody', {}, rows))),
    h('p', { class: 'source-text' }, t('quant.formats_source'), ' ', reference(ctx, 'weight-formats')));
}
