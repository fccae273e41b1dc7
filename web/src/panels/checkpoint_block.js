// "The real checkpoint": after a model loads from the Hub, its safetensors headers (and nothing of
// the tensor data) are read, and the core says the exact bytes by dtype and the format the
// checkpoint is in, which becomes the estimate's weight format.
import { h } from '../dom.js';
import { problemSentence } from '../render/problem.js';
import { fetchCheckpointHeaders, fetchFileStart, HubError } from './hub.js';

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
  // The files' own bytes size the estimates from now on, in the format they name.
  const { weights } = answer.value.format;
  if (weights) {
    const { model_file: file, ...inference } = app.scenario.inference ?? {};
    app.commit({ ...app.scenario, inference: { ...inference, weights, checkpoint_weights_bytes: answer.value.bytes, model_repo: id } });
  }
}

// A GGUF repository: its listing read (files and sizes, not a byte of the weights), the core
// names each file's type and its bytes, and the file that suits the hardware best is used at
// once: the largest that fits on the device, else the largest that fits with offload, else the
// smallest. `id` is the base model whose config.json was loaded.
export async function readGgufCheckpoint(app, repo, id, config, files, onChange) {
  const { t } = app;
  const answer = await app.engine.readCheckpoint({ repo, config, gguf_files: files });
  if (answer.error) {
    onChange({ id, repo, kind: 'error', text: t('checkpoint.refused', { problem: problemSentence(t, answer.error) }) });
    return;
  }
  const state = { id, repo, kind: 'ok', report: answer.value, rows: null, onChange };
  onChange(state);
  const rows = ggufRows(app, state);
  const usable = rows.filter((row) => row.verdict && row.verdict !== 'does_not_fit');
  const best = usable.filter((row) => row.verdict === 'fits_on_device').at(-1) ?? usable.at(-1)
    ?? rows.find((row) => row.file.weights);
  if (best) useGgufFile(app, repo, best.file);
}

// The scenario that runs one GGUF file: llama.cpp loading the repo's file, sized by its bytes.
export function ggufScenario(scenario, repo, file) {
  const inference = { ...(scenario.inference ?? {}), runtime: 'llama.cpp', weights: file.weights,
    checkpoint_weights_bytes: file.bytes, model_repo: repo };
  // A mix llama-quantize has no name for is loaded by its file name, not as repo:TYPE.
  if (file.mixed) inference.model_file = file.file.split('/').pop();
  else delete inference.model_file;
  return { ...scenario, inference };
}

function useGgufFile(app, repo, file) {
  app.commit(ggufScenario(app.scenario, repo, file));
}

// A GGUF header holds the metadata (the vocabulary too, often several MB) before the tensor list:
// the first MB is read, then four times as much while the core says the header runs on, up to a
// size no real header reaches.
const ggufFirstRead = 1 << 20;
const ggufLongestRead = 64 << 20;

// On request, one file's header: the core reads its ggml types and their bytes. The state's
// header is { file, kind: 'busy' | 'ok' | 'error', text?, report? }.
async function readGgufHeader(app, state, file) {
  const { t, fmt } = app;
  const show = (header) => {
    state.header = { file: file.file, ...header };
    state.onChange(state);
  };
  const name = file.file.split('/').pop();
  for (let length = ggufFirstRead; ; length *= 4) {
    show({ kind: 'busy', text: t('checkpoint.gguf_header_reading', { file: name, bytes: fmt.bytes(length) }) });
    let bytes;
    try {
      bytes = await fetchFileStart(state.repo, file.file, length);
    } catch (error) {
      const kind = error instanceof HubError ? error.kind : 'network';
      show({ kind: 'error', text: t(`checkpoint.${kind}`, { id: state.repo, detail: error.detail ?? '' }) });
      return;
    }
    const answer = await app.engine.readGgufHeader(bytes, name);
    const runsOn = answer.error?.code === 'error.gguf_truncated' && bytes.length === length;
    if (runsOn && length < ggufLongestRead) continue;
    if (answer.error) {
      show({ kind: 'error', text: t('checkpoint.gguf_header_refused', { file: name, problem: problemSentence(t, answer.error) }) });
    } else {
      show({ kind: 'ok', report: answer.value });
    }
    return;
  }
}

// The header's answer: what the file is, and its tensors' bytes by ggml type.
function ggufHeaderBlock(app, state, file) {
  const { t, fmt } = app;
  const header = state.header;
  if (!header || header.file !== file.file) return null;
  if (header.kind !== 'ok') return h('p', { class: `status ${header.kind}`, attrs: { role: 'status' } }, header.text);
  const r = header.report;
  const rows = r.types.map((type) => h('tr', {},
    h('th', { attrs: { scope: 'row' } }, h('code', {}, type.type)),
    h('td', {}, fmt.integer(type.tensors)),
    h('td', {}, `${fmt.bytes(type.bytes)} (${fmt.integer(type.bytes)} B)`),
    h('td', {}, fmt.percent(r.bytes > 0 ? type.bytes / r.bytes : 0))));
  return h('div', { class: 'gguf-header', dataset: { ggufHeader: file.file } },
    h('p', {}, t('checkpoint.gguf_header_summary', { file: r.file, architecture: r.architecture || '—',
      layers: r.layers, tensors: fmt.integer(r.tensors), bytes: fmt.bytes(r.bytes), header: fmt.bytes(r.header_bytes) })),
    file.parts > 1 ? h('p', { class: 'meta' }, t('checkpoint.gguf_header_part', { parts: file.parts })) : null,
    h('div', { class: 'table-scroll' }, h('table', { class: 'checkpoint-gguf-types' },
      h('thead', {}, h('tr', {}, ...['gguf_header_type', 'tensors', 'bytes', 'gguf_header_share'].map((k) => h('th', { attrs: { scope: 'col' } }, t(`checkpoint.${k}`))))),
      h('tbody', {}, ...rows))),
    ...r.warnings.map((w) => h('p', { class: 'notice', attrs: { role: 'note' } }, t.text(w.code, w.params, w.message))));
}

// Each file's fit and decode speed on the scenario's hardware, from the core; computed again only
// when the model, the hardware or the rest of the inference section change.
function ggufRows(app, state) {
  const { weights, checkpoint_weights_bytes: bytes, model_repo: repo, model_file: file, ...rest } = app.scenario.inference ?? {};
  const key = JSON.stringify([app.scenario.model, app.scenario.hardware, rest]);
  if (state.rows?.key === key) return state.rows.list;
  const list = state.report.gguf.map((entry) => {
    if (!entry.weights) return { file: entry };
    const { result, error } = app.engine.estimate(ggufScenario(app.scenario, state.repo, entry));
    if (!result) return { file: entry, error };
    const inference = result.inference;
    return { file: entry, verdict: inference.placement?.verdict, decode: inference.decode_tokens_per_s };
  });
  state.rows = { key, list };
  return list;
}

function ggufBlock(app, state) {
  const { t, fmt } = app;
  const r = state.report;
  const current = app.scenario.inference ?? {};
  const rows = ggufRows(app, state).map((row) => {
    const f = row.file;
    const chosen = current.weights === f.weights && current.checkpoint_weights_bytes === f.bytes;
    const verdict = row.verdict ? t.choice(`placement.${row.verdict}`, row.verdict) : (row.error ? problemSentence(t, row.error) : t('checkpoint.gguf_unsized'));
    const speed = row.decode !== undefined && row.decode !== null ? fmt.tokensPerSecond(row.decode) : '—';
    return h('tr', { dataset: { gguf: f.file }, class: chosen ? 'chosen' : '' },
      h('th', { attrs: { scope: 'row' } }, h('code', {}, f.quant || f.file), f.mixed ? h('span', { class: 'meta' }, ` ${t('checkpoint.gguf_mixed')}`) : null,
        f.parts > 1 ? h('span', { class: 'meta' }, ` ${t('checkpoint.gguf_parts', { parts: f.parts })}`) : null),
      h('td', {}, `${fmt.bytes(f.bytes)}`),
      h('td', { class: `gguf-fit ${row.verdict ?? ''}` }, verdict),
      h('td', {}, speed),
      h('td', {}, f.weights
        ? h('button', { type: 'button', class: 'use', attrs: { 'aria-pressed': String(chosen) }, on: { click: () => useGgufFile(app, state.repo, f) } }, t(chosen ? 'checkpoint.gguf_in_use' : 'checkpoint.gguf_use'))
        : null));
  });
  const inUse = ggufRows(app, state).map((row) => row.file)
    .find((f) => current.weights === f.weights && current.checkpoint_weights_bytes === f.bytes);
  const busy = state.header?.kind === 'busy';
  return h('div', { class: 'checkpoint', dataset: { checkpoint: r.repo ?? '' } },
    h('h3', {}, t('checkpoint.gguf_heading')),
    h('p', {}, t('checkpoint.gguf_summary', { files: r.gguf.length, repo: r.repo ?? '', base: state.id })),
    h('div', { class: 'table-scroll' }, h('table', { class: 'checkpoint-gguf' },
      h('thead', {}, h('tr', {}, ...['gguf_type', 'bytes', 'gguf_fit', 'gguf_speed', 'gguf_pick'].map((k) => h('th', { attrs: { scope: 'col' } }, t(`checkpoint.${k}`))))),
      h('tbody', {}, ...rows))),
    inUse ? h('p', {}, h('button', { type: 'button', class: 'gguf-read-header', disabled: busy,
      on: { click: () => readGgufHeader(app, state, inUse) } },
    t('checkpoint.gguf_header_read', { file: inUse.file.split('/').pop() }))) : null,
    inUse ? ggufHeaderBlock(app, state, inUse) : null,
    r.projectors.length ? h('p', { class: 'meta' }, t('checkpoint.gguf_projectors', { files: r.projectors.map((p) => p.file).join(', ') })) : null,
    ...r.warnings.map((w) => h('p', { class: 'notice', attrs: { role: 'note' } }, t.text(w.code, w.params, w.message))));
}

// The block: files, tensors and bytes, the format and what it set, the bytes by dtype, and any
// disagreement with config.json; for a GGUF repository, its files with fit and speed.
export function checkpointBlock(app, state) {
  const { t, fmt } = app;
  if (!state) return null;
  if (state.kind !== 'ok') {
    return h('div', { class: 'checkpoint' }, h('p', { class: `status ${state.kind}`, attrs: { role: 'status' } }, state.text));
  }
  if (state.report.kind === 'gguf') return ggufBlock(app, state);
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
