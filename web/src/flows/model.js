// The model: how many parameters, where they sit, and the architecture the core read them from.
import { h, linkify } from '../dom.js';
import { stackedBars } from '../render/charts/index.js';
import { resultNumber } from '../render/number.js';
import { fieldTerm, glossaryTerm } from '../render/term.js';
import { assumptionsSection, section, warningsSection } from './parts.js';

export default {
  id: 'model',
  section: null,
  available: (result) => Boolean(result.model),

  headline(ctx) {
    const { params_total: total, params_active: active } = ctx.result.model;
    const items = [{ path: 'model.params_total', label: ctx.t('model.params_total') }];
    if (active !== total) items.push({ path: 'model.params_active', label: ctx.t('model.params_active') });
    return items;
  },

  render(ctx) {
    return h('div', { class: 'flow' }, headline(ctx), breakdown(ctx), architecture(ctx), warningsSection(ctx),
      assumptionsSection(ctx, [], modelSources(ctx)));
  },
};

function headline(ctx) {
  const { result, t, fmt } = ctx;
  const model = result.model;
  const panels = [];
  const big = (path, label, help) => {
    const { value, panel } = resultNumber(ctx, path);
    panels.push(panel);
    return h('div', { class: 'answer' }, h('span', { class: 'answer-value' }, value), h('span', { class: 'answer-label' }, help ?? label));
  };
  const answers = [big('model.params_total', t('model.params_total'))];
  if (model.params_active !== model.params_total) {
    answers.push(big('model.params_active', t('model.params_active'), glossaryTerm(t, 'moe', t('model.params_active'))));
  }
  const notes = [];
  const preset = model.preset;
  if (preset?.official_params) {
    const matches = preset.official_params === model.params_total;
    const modified = typeof result.scenario.model === 'object' && !preset.recognised;
    notes.push(h('p', { class: 'meta' },
      t(modified ? 'model.published_original' : preset.official_params_precision === 'exact' ? 'model.published_exact' : 'model.published_rounded'), ' ',
      h('data', { value: String(preset.official_params) },
        preset.official_params_precision === 'exact' ? fmt.integer(preset.official_params) : fmt.count(preset.official_params)),
      matches ? h('span', { class: 'badge ok' }, ` ✓ ${t('model.matches')}`) : null));
  }
  // A side figure; its formula panel goes below the notes.
  const notePanels = [];
  const side = (path) => {
    const { value, panel } = resultNumber(ctx, path);
    if (panel) notePanels.push(panel);
    return value;
  };
  if (model.params_vision > 0) {
    notes.push(h('p', { class: 'meta' }, t('model.includes_vision'), ' ', side('model.params_vision')));
  }
  if (model.params_audio > 0) {
    notes.push(h('p', { class: 'meta' }, t('model.includes_audio'), ' ', side('model.params_audio')));
  }
  if (model.params_mtp > 0) {
    notes.push(h('p', { class: 'meta' }, glossaryTerm(t, 'mtp'), ': ', side('model.params_mtp'), ' ', t('model.mtp_apart')));
  }
  if (model.params_embedding > 0) {
    notes.push(h('p', { class: 'meta' }, t.field('params_embedding'), ': ', side('model.params_embedding')));
  }
  return h('section', { class: 'headline', attrs: { 'aria-label': t('model.headline') } },
    h('p', { class: 'headline-title' }, ctx.modelName),
    h('div', { class: 'answers' }, answers), panels, notes, notePanels);
}

function breakdown(ctx) {
  const { result, t, fmt } = ctx;
  const model = result.model;
  const parts = Object.entries(model.breakdown).filter(([, value]) => value > 0);
  const chart = stackedBars({
    rows: [{ label: '', segments: parts.map(([key, value]) => ({ key, label: t.field(key), value })) }],
    format: fmt.count,
    title: t('model.breakdown'),
  });
  const rows = [];
  for (const [key, value] of parts) {
    const path = `model.breakdown.${key}`;
    const { value: number, panel } = resultNumber(ctx, path);
    rows.push(h('tr', {},
      h('th', { scope: 'row' }, fieldTerm(t, key)),
      h('td', { class: 'n' }, number),
      h('td', { class: 'n' }, fmt.percent(value / model.params_total))));
    if (panel) rows.push(h('tr', { class: 'formula-row' }, h('td', { colSpan: 3 }, panel)));
  }
  return section(t('model.breakdown'), t('model.breakdown_hint'),
    chart,
    h('table', { class: 'table' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('model.component')), h('th', { scope: 'col', class: 'n' }, t('model.params')),
        h('th', { scope: 'col', class: 'n' }, t('model.share')))),
      h('tbody', {}, rows)));
}

function architecture(ctx) {
  const { result, t } = ctx;
  return section(t('model.architecture'), t('model.architecture_hint'), traits(ctx), describe(ctx, result.model.architecture));
}

// The architecture's named traits (GQA, MoE, MLA, sliding window, ...), each with its explanation.
function traits(ctx) {
  const { t } = ctx;
  const a = ctx.result.model.architecture;
  const layers = a.attention_layers ?? {};
  const keys = [];
  if (a.num_key_value_heads === 1 && a.num_attention_heads > 1) keys.push('mqa');
  else if (a.num_key_value_heads < a.num_attention_heads && !a.mla) keys.push('gqa');
  if (a.mla) keys.push('mla');
  if (a.moe) keys.push('moe');
  if (layers.sliding > 0) keys.push('sliding_window');
  if (layers.linear > 0) keys.push('linear_attention');
  if (a.tie_word_embeddings) keys.push('tied');
  if (a.num_nextn_predict_layers > 0) keys.push('mtp');
  if (!keys.length) return null;
  return h('p', { class: 'traits' }, keys.map((key) => h('span', { class: 'trait' }, glossaryTerm(t, key))));
}

// The normalised architecture as a list of facts; nested groups (moe, mla, attention layers)
// become their own blocks. Keys are shown in the language file's order, unknown ones last.
function describe(ctx, object) {
  const { t, fmt } = ctx;
  const entries = Object.entries(object).sort(([a], [b]) => t.order(a) - t.order(b));
  const scalars = entries.filter(([, v]) => !(v && typeof v === 'object'));
  const groups = entries.filter(([, v]) => v && typeof v === 'object' && !Array.isArray(v));
  const value = (v) => (typeof v === 'boolean' ? t(v ? 'yes' : 'no') : typeof v === 'number' ? fmt.integer(v) : h('code', {}, String(v)));
  return h('div', { class: 'facts' },
    h('dl', { class: 'fact-list' }, scalars.map(([key, v]) => h('div', { class: 'fact' },
      h('dt', {}, fieldTerm(t, key)), h('dd', {}, value(v))))),
    groups.map(([key, group]) => h('div', { class: 'fact-group' },
      h('h4', {}, fieldTerm(t, key)),
      h('dl', { class: 'fact-list' }, Object.entries(group).sort(([a], [b]) => t.order(a) - t.order(b))
        .map(([sub, v]) => h('div', { class: 'fact' }, h('dt', {}, fieldTerm(t, sub)), h('dd', {}, value(v))))))));
}

function modelSources(ctx) {
  const preset = ctx.result.model.preset;
  return preset?.source ? [{ label: ctx.t('model.data_source', { name: preset.name }), body: h('cite', {}, linkify(preset.source)) }] : [];
}
