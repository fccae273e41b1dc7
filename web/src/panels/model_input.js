// The model input: a searchable preset picker, a pasted config.json, or a config fetched from the
// Hugging Face Hub; then every field of the config the model is made from, editable.
import { h, link, uid } from '../dom.js';
import { fieldRow, parseScalar } from '../form.js';
import { jsonErrorText, parseJsonObject } from '../json_guard.js';
import { createPicker } from '../render/picker.js';
import { describeModel, effectiveModelConfig } from '../state.js';
import { checkpointBlock, readCheckpoint, readGgufCheckpoint } from './checkpoint_block.js';
import { fetchGgufListing, fetchHubConfig, HubError, hubPageUrl, isModelId } from './hub.js';

const sources = ['preset', 'config', 'hub'];

export function createModelPanel(app) {
  const element = h('section', { class: 'panel model-panel', attrs: { 'aria-labelledby': 'model-heading' } });
  let builtFor = null;
  let source = null; // the source tab the user opened; null follows the scenario
  let draft = null; // config.json text typed but not yet used
  let hubId = '';
  let hubStatus = null; // { kind: 'busy' | 'ok' | 'error', text }
  let checkpoint = null; // the loaded repo's checkpoint files: checkpoint_block.js's state
  let parts;
  let editorSignature = '';

  function build() {
    const { t } = app;
    const picker = createPicker({
      label: t('model.pick'),
      placeholder: t('model.search'),
      emptyText: t('model.no_match'),
      field: 'model',
      items: app.catalog.models.map((m) => ({
        value: m.id, label: m.name, group: m.family || m.id,
        search: `${m.name} ${m.id} ${m.family ?? ''} ${m.hf_id ?? ''}`.toLowerCase(),
      })),
      onPick: (id) => app.setModel(id),
    });
    const radios = sources.map((value) => h('label', { class: 'seg' },
      h('input', { type: 'radio', name: 'model-source', value, on: { change: () => {
        source = value;
        showSource();
      } } }),
      h('span', {}, t(`model.source.${value}`))));
    const textarea = h('textarea', { id: uid('config'), rows: 8, spellcheck: false, placeholder: t('model.paste_placeholder'),
      attrs: { 'aria-label': t('model.paste_label') },
      on: {
        input: () => (draft = textarea.value),
        keydown: (event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) useConfig();
        },
      } });
    const configError = h('p', { class: 'field-error', role: 'alert' });
    const hubInput = h('input', { type: 'text', autocomplete: 'off', spellcheck: false, placeholder: 'meta-llama/Llama-3.1-8B',
      attrs: { 'aria-label': t('model.hub_label') },
      on: {
        input: () => (hubId = hubInput.value.trim()),
        keydown: (event) => {
          if (event.key === 'Enter') loadHub();
        },
      } });
    const hubButton = h('button', { type: 'button', on: { click: loadHub } }, t('model.hub_load'));
    const hubLine = h('p', { class: 'status', role: 'status' });
    const editorBody = h('div', { class: 'fields' });
    const editorMore = h('div', { class: 'fields' });
    const adder = buildAdder();

    parts = {
      picker, radios, textarea, configError, hubInput, hubButton, hubLine, editorBody, editorMore, adder,
      panels: {
        preset: h('div', { class: 'source' }, picker.element),
        config: h('div', { class: 'source' }, textarea,
          h('div', { class: 'actions' }, h('button', { type: 'button', on: { click: useConfig } }, t('model.use_config')),
            h('span', { class: 'hint' }, t('model.paste_hint'))),
          configError),
        hub: h('div', { class: 'source' },
          h('div', { class: 'inline' }, hubInput, hubButton),
          h('p', { class: 'hint' }, t('model.hub_hint')),
          hubLine),
      },
      summary: h('p', { class: 'model-summary' }),
      checkpoint: h('div', { class: 'checkpoint-slot', attrs: { 'aria-live': 'polite' } }),
      typeLine: h('p', { class: 'model-type hint' }),
      typeWarning: h('div', { class: 'notice type-warning', attrs: { role: 'alert' } }),
      editor: h('details', { class: 'editor' },
        h('summary', {}, t('model.fields'), h('span', { class: 'hint' }, ` ${t('model.fields_hint')}`)),
        editorBody,
        h('details', { class: 'more' }, h('summary', {}, t('model.more_fields')), editorMore),
        adder.element),
    };
    element.replaceChildren(
      h('h2', { id: 'model-heading' }, t('model.heading')),
      h('div', { class: 'segmented', role: 'radiogroup', attrs: { 'aria-label': t('model.source') } }, radios),
      ...Object.values(parts.panels),
      h('p', { class: 'field-error', dataset: { errorFor: 'model' } }),
      parts.summary,
      parts.checkpoint,
      parts.typeLine,
      parts.typeWarning,
      parts.editor,
    );
    hubInput.value = hubId;
    editorSignature = '';
    builtFor = t.lang;
  }

  function buildAdder() {
    const { t } = app;
    const listId = uid('keys');
    const key = h('input', { type: 'text', autocomplete: 'off', spellcheck: false, placeholder: t('model.add_key'),
      attrs: { list: listId, 'aria-label': t('model.add_key') } });
    const value = h('input', { type: 'text', autocomplete: 'off', spellcheck: false, placeholder: t('model.add_value'),
      attrs: { 'aria-label': t('model.add_value') } });
    const error = h('p', { class: 'field-error', role: 'alert' });
    const datalist = h('datalist', { id: listId });
    const add = () => {
      const name = key.value.trim();
      const parsed = parseScalar(value.value);
      if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) || name === 'preset' || name === 'text_config') {
        error.textContent = t('model.add_bad_key');
        return;
      }
      if (parsed.empty) {
        error.textContent = t('model.add_no_value');
        return;
      }
      error.textContent = '';
      key.value = '';
      value.value = '';
      app.set(`model.${name}`, parsed.value);
    };
    value.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') add();
    });
    return {
      datalist,
      element: h('div', { class: 'adder' },
        h('p', { class: 'hint' }, t('model.add_hint')),
        h('div', { class: 'inline' }, key, value, h('button', { type: 'button', on: { click: add } }, t('model.add'))),
        datalist, error),
    };
  }

  function useConfig() {
    const { t } = app;
    const text = parts.textarea.value;
    let config;
    try {
      config = parseJsonObject(text);
    } catch (error) {
      parts.configError.textContent = jsonErrorText(t, error, { 'bad-json': 'model.paste_bad_json',
        'not-object': 'model.paste_not_object', 'too-large': 'model.paste_too_large' });
      // Megabytes in a text box keep the browser busy laying them out; nothing here is usable.
      if (error.reason === 'too-large') {
        parts.textarea.value = '';
        draft = null;
      }
      return;
    }
    parts.configError.textContent = '';
    draft = null;
    app.setModel(config);
  }

  async function loadHub() {
    const { t } = app;
    const id = parts.hubInput.value.trim();
    hubId = id;
    if (!isModelId(id)) {
      hubStatus = { kind: 'error', text: t('hub.bad-id') };
      showHub();
      return;
    }
    hubStatus = { kind: 'busy', text: t('hub.loading', { id }) };
    showHub();
    let config;
    try {
      config = await fetchHubConfig(id);
      hubStatus = { kind: 'ok', text: t('hub.loaded', { id }) };
      source = 'config';
      draft = null;
      app.setModel(config);
    } catch (error) {
      // No config.json: a GGUF repository, whose model is the base model its card names.
      if (error instanceof HubError && error.kind === 'not-found' && await loadGgufRepo(id)) return;
      const kind = error instanceof HubError ? error.kind : 'network';
      checkpoint = null;
      hubStatus = { kind: 'error', text: t(`hub.${kind}`, { id, detail: error.detail ?? '' }) };
      showHub();
      return;
    }
    // Loading is the user's request for the checkpoint too: its headers, never its tensors.
    await readCheckpoint(app, id, config, (state) => {
      checkpoint = state;
      showCheckpoint(describeModel(app.scenario, app.catalog));
    });
  }

  // A GGUF repository: false when it holds no .gguf file (the caller then says what is missing).
  async function loadGgufRepo(id) {
    const { t } = app;
    hubStatus = { kind: 'busy', text: t('hub.listing', { id }) };
    showHub();
    let listing;
    let config;
    try {
      listing = await fetchGgufListing(id);
      if (!listing) return false;
      if (!listing.base) {
        hubStatus = { kind: 'error', text: t('hub.gguf-no-base', { id }) };
        showHub();
        return true;
      }
      config = await fetchHubConfig(listing.base);
    } catch (error) {
      const kind = error instanceof HubError ? error.kind : 'network';
      checkpoint = null;
      hubStatus = { kind: 'error', text: t(`hub.${kind}`, { id: listing?.base ?? id, detail: error.detail ?? '' }) };
      showHub();
      return true;
    }
    hubStatus = { kind: 'ok', text: t('hub.loaded_gguf', { id, base: listing.base }) };
    source = 'config';
    draft = null;
    app.setModel(config);
    await readGgufCheckpoint(app, id, listing.base, config, listing.files, (state) => {
      checkpoint = state;
      showCheckpoint(describeModel(app.scenario, app.catalog));
    });
    showHub();
    return true;
  }

  // Shown while the model is the one loaded from that repo.
  function showCheckpoint(info) {
    const shown = info.kind === 'config' && checkpoint && info.config._name_or_path === checkpoint.id;
    parts.checkpoint.replaceChildren(...[shown ? checkpointBlock(app, checkpoint) : null].filter(Boolean));
  }

  function showHub() {
    parts.hubLine.textContent = hubStatus?.text ?? '';
    parts.hubLine.className = `status ${hubStatus?.kind ?? ''}`;
    parts.hubButton.disabled = hubStatus?.kind === 'busy';
  }

  function showSource() {
    for (const radio of parts.radios) radio.querySelector('input').checked = radio.querySelector('input').value === source;
    for (const [name, panel] of Object.entries(parts.panels)) panel.hidden = name !== source;
  }

  function showSummary(info) {
    const { t } = app;
    const summary = [];
    if (info.kind === 'preset' && info.preset) {
      summary.push(h('strong', {}, info.preset.name));
      if (info.preset.hf_id) summary.push(' · ', link(hubPageUrl(info.preset.hf_id), info.preset.hf_id));
      if (Object.keys(info.overrides).length) summary.push(' · ', h('span', { class: 'badge' }, t('model.modified')));
    } else if (info.kind === 'config' && app.result?.model?.preset?.recognised && !app.error) {
      const { preset } = app.result.model;
      summary.push(h('strong', {}, preset.name), ' · ', h('span', { class: 'badge ok' }, t('model.recognised')));
      if (preset.hf_id) summary.push(' · ', link(hubPageUrl(preset.hf_id), preset.hf_id));
    } else if (info.kind === 'config') {
      const name = typeof info.config._name_or_path === 'string' ? info.config._name_or_path : '';
      summary.push(h('strong', {}, name || t('model.custom')));
      if (name && isModelId(name) && name.includes('/')) summary.push(' · ', link(hubPageUrl(name), t('model.on_hub')));
      const type = info.config.text_config?.model_type ?? info.config.model_type;
      if (typeof type === 'string') summary.push(' · ', h('code', {}, type));
    }
    parts.summary.replaceChildren(...summary);
  }

  // The model_type the core recognised and the layout it counted with, and, for a type it does not
  // know, its warning (the Llama layout assumed) in plain sight rather than among the notes.
  function showRecognised() {
    const { t } = app;
    const architecture = app.result?.model?.architecture;
    parts.typeLine.replaceChildren(...(architecture ? [t('model.recognised_type', {
      type: architecture.model_type || '?', shape: architecture.shape, stacks: t(`model.stacks.${architecture.stacks ?? 'decoder'}`),
    })] : []));
    const warning = (app.result?.warnings ?? []).find((w) => w.field === 'model.model_type' || w.field === 'model.text_config.model_type');
    parts.typeWarning.hidden = !warning;
    parts.typeWarning.replaceChildren(...(warning ? [h('p', {}, h('strong', {}, t('model.type_warning')), ' ', t.text(warning.code, warning.params, warning.message))] : []));
  }

  function showEditor(info) {
    const { t, fmt } = app;
    const config = effectiveModelConfig(info);
    const editable = Object.keys(config).filter((key) => {
      const value = config[key];
      return typeof value === 'number' || typeof value === 'boolean' || (key === 'model_type' && typeof value === 'string');
    });
    const architecture = leafKeys(app.result?.model?.architecture ?? {});
    // The config keys the core reads (presets().config_fields) come first, those it reports in
    // the architecture leading; the rest of the config (token ids, dropout, ...) changes nothing
    // and waits under "more". The adder offers the keys the core reads that the config omits.
    const read = new Set(app.catalog.config_fields ?? []);
    const primary = [...architecture.filter((key) => editable.includes(key) && read.has(key)),
      ...editable.filter((key) => !architecture.includes(key) && read.has(key))];
    const secondary = editable.filter((key) => !primary.includes(key));
    const addable = [...read].filter((key) => !editable.includes(key) && !/_config$/.test(key));
    parts.editor.hidden = info.kind === 'none' || (info.kind === 'preset' && !info.preset);
    const signature = JSON.stringify([info.kind, primary, secondary, addable]);
    if (signature !== editorSignature) {
      editorSignature = signature;
      const row = (key) => {
        const value = config[key];
        const kind = key === 'model_type' ? 'string' : typeof value === 'boolean' ? 'bool' : 'number';
        const choices = key === 'model_type'
          ? [...new Set([value, ...app.catalog.model_types])].map((type) => [type, type]) : undefined;
        return fieldRow(t, fmt, `model.${key}`, kind, { name: key, showKey: true, choices,
          onReset: info.kind === 'preset' ? () => app.reset(`model.${key}`) : undefined });
      };
      parts.editorBody.replaceChildren(...primary.map(row));
      parts.editorMore.replaceChildren(...secondary.map(row));
      parts.editorMore.parentElement.hidden = secondary.length === 0;
      parts.adder.datalist.replaceChildren(...addable.map((key) => h('option', { value: key })));
    }
    const overrides = info.kind === 'preset' ? info.overrides : {};
    for (const button of parts.editor.querySelectorAll('.reset')) {
      const path = button.closest('[data-row]').dataset.row;
      button.hidden = !Object.hasOwn(overrides, path.slice('model.'.length));
    }
  }

  return {
    element,
    // external: the scenario was replaced from outside (a link, an import): forget local choices.
    update({ external = false } = {}) {
      if (builtFor !== app.t.lang) build();
      if (external) {
        source = null;
        draft = null;
      }
      const info = describeModel(app.scenario, app.catalog);
      source ??= info.kind === 'config' ? 'config' : 'preset';
      showSource();
      showHub();
      if (info.kind === 'preset') {
        parts.picker.show(info.presetId, info.preset?.name ?? String(info.presetId));
      } else {
        parts.picker.show('', '');
      }
      if (draft === null && document.activeElement !== parts.textarea) {
        parts.textarea.value = info.kind === 'config' ? JSON.stringify(info.config, null, 2) : '';
      }
      showSummary(info);
      showCheckpoint(info);
      showRecognised();
      showEditor(info);
    },
  };
}

// ["hidden_size", ..., "num_experts", ...]: the architecture's leaf names, nested groups flattened.
function leafKeys(object) {
  return Object.entries(object).flatMap(([key, value]) =>
    (value && typeof value === 'object' && !Array.isArray(value) ? leafKeys(value) : [key]));
}
