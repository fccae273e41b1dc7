// Pieces shared by the page and the embed card.
import { h } from '../dom.js';
import { describeModel } from '../state.js';

// The model's name for people: the preset's name (a config the core recognised as a preset's
// included), the config's own name, or "custom model".
// catalog (the presets listing) or result (whose model.preset names it) supplies preset names.
export function modelName(t, scenario, catalog, result) {
  const info = describeModel(scenario, catalog);
  if (info.kind === 'preset') {
    const fromResult = result?.model?.preset?.id === info.presetId ? result.model.preset.name : undefined;
    const name = info.preset?.name ?? fromResult ?? String(info.presetId);
    return Object.keys(info.overrides).length ? t('model.modified_name', { name }) : name;
  }
  if (info.kind === 'config') {
    // A pasted config equal to a preset's is that preset (the core recognises it).
    if (result?.model?.preset?.recognised) return result.model.preset.name;
    const name = info.config._name_or_path;
    return typeof name === 'string' && name ? name : t('model.custom');
  }
  return t('model.none');
}

export function glossaryList(t) {
  return h('dl', { class: 'glossary' }, Object.entries(t.glossary).map(([key, [name, text]]) =>
    h('div', { dataset: { term: key } }, h('dt', {}, name), h('dd', {}, text))));
}
