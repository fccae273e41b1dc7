// "The real checkpoint": after a model loads from the Hub, its safetensors headers (and nothing of
// the tensor data) are read, and the core says the exact bytes by dtype and the format the
// checkpoint is in, which becomes the estimate's weight format.
import { h } from '../dom.js';
import { problemSentence } from '../render/problem.js';
import { fetchCheckpointHeaders, HubError } from './hub.js';

// Reads the checkpoint of `id`; onChange(state) as it goes: { id, kind: 'busy' | 'ok' | 'error',
// text?, report? }.
export async function readCheckpoint(app, id, config, onChange) {
  const { t } = app;
  onChange({ id, kind: 'busy', text: t('checkpoint.reading', { id, done: 0, total: '…' }) });
  let files;
  try {
    files = await fetchCheckpointHeaders(id, (done, total) => onChange({ id, kind: 'busy', text: t('checkpoint.reading', { id, done, total }) }));
  } catch (error) {
    const kind = error instanceof HubError ? error.kind : 'network';
    onChange({ id, kind: 'error', text: t(`checkpoint.${kind}`, { id, detail: error.detail ?? '' }) });
    return;
  }
  const answer = await app.engine.readCheckpoint({ repo: id, config, files });
  if (answer.error) {
    onChange({ id, kind: 'error', text: t('checkpoint.refused', { problem: problemSentence(t, answer.error) }) });
    return;
  }
  onChange({ id, kind: 'ok', report: answer.value });
  if (answer.value.format.weights) app.set('inference.weights', answer.value.format.weights);
}

// The block: files, tensors and bytes, the format and what it set, the bytes by dtype, and any
// disagreement with config.json.
export function checkpointBlock(app, state) {
  const { t, fmt } = app;
  if (!state) return null;
  if (state.kind !== 'ok') {
    return h('div', { class: 'checkpoint' }, h('p', { class: `status ${state.kind}`, attrs: { role: 'status' } }, state.text));
  }
  const r = state.report;
  // The headers' bytes are exact: the rounded figure, then every byte.
  const exact = (bytes) => `${fmt.bytes(bytes)} (${fmt.integer(bytes)} B)`;
  const weights = r.format.weights;
  const format = weights ? app.catalog.choices?.inference?.weights?.find((w) => w.id === weights) : null;
  const formatName = format ? t.text(format.name_code, {}, format.name) : weights;
  const rows = r.dtypes.map((d) => h('tr', {},
    h('th', { attrs: { scope: 'row' } }, h('code', {}, d.dtype)),
    h('td', {}, fmt.integer(d.tensors)),
    h('td', {}, exact(d.bytes))));
  const difference = r.model?.expected_bytes !== undefined
    ? h('p', { class: 'meta' }, t('checkpoint.expected', { format: formatName, bytes: fmt.bytes(r.model.expected_bytes), change: fmt.percent(Math.abs(r.model.difference)) }))
    : null;
  return h('div', { class: 'checkpoint', dataset: { checkpoint: r.repo ?? '' } },
    h('h3', {}, t('checkpoint.heading')),
    h('p', {}, t('checkpoint.summary', { files: r.files.length, tensors: fmt.integer(r.tensors), bytes: exact(r.bytes) })),
    h('p', { dataset: { format: weights ?? '' } }, weights
      ? t('checkpoint.format', { method: r.format.method, detail: r.format.detail, format: formatName })
      : t('checkpoint.format_unsized', { method: r.format.method, detail: r.format.detail })),
    h('table', { class: 'checkpoint-dtypes' },
      h('thead', {}, h('tr', {}, ...['dtype', 'tensors', 'bytes'].map((k) => h('th', { attrs: { scope: 'col' } }, t(`checkpoint.${k}`))))),
      h('tbody', {}, ...rows)),
    difference,
    ...r.warnings.map((w) => h('p', { class: 'notice', attrs: { role: 'note' } }, t.text(w.code, w.params, w.message))));
}
