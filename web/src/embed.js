// The embed card (embed.html): the scenario in the URL fragment, answered by the core, shown as a
// compact read-only card for an iframe in documentation. It reports its height to the parent page
// and makes no request beyond its own files.
import { h, replaceChildren } from './dom.js';
import { startEngine } from './engine.js';
import { availableFlows } from './flows/index.js';
import { BYTE_UNITS, createFormat } from './format.js';
import { createI18n, detectLanguage, isLanguage, loadLanguage } from './i18n/index.js';
import { modelName } from './render/shell.js';
import { getPath } from './state.js';
import { decodeState } from './url.js';

const card = document.getElementById('card');

function reportHeight() {
  if (window.parent === window) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  window.parent.postMessage({ type: 'llm-sizer:height', height }, '*');
}

async function boot() {
  let linked = null;
  let linkError = null;
  try {
    linked = await decodeState(location.hash);
  } catch (error) {
    linkError = error;
  }
  const lang = isLanguage(linked?.ui?.l) ? linked.ui.l : detectLanguage(navigator.languages ?? []);
  const t = createI18n(await loadLanguage(lang));
  const fmt = createFormat({ locale: t.locale, bytes: BYTE_UNITS.includes(linked?.ui?.u) ? linked.ui.u : 'GiB', words: t.units });
  document.documentElement.lang = t.locale;

  const open = h('a', { href: `./${location.hash}`, target: '_blank', rel: 'noopener' }, t('embed.open'));
  const footer = h('footer', {}, h('span', {}, 'LLM Sizer'), open);
  if (!linked) {
    replaceChildren(card, h('p', { class: 'problem' }, t('embed.failed', { reason: t(`link.${linkError?.reason ?? 'unversioned'}`) })), footer);
    return;
  }
  const engine = await startEngine();
  const catalog = engine.catalog();
  const { result, error } = engine.estimate(linked.scenario);
  if (error) {
    replaceChildren(card, h('p', { class: 'problem' }, t('embed.error', { message: error.message })), footer);
    return;
  }
  const accelerator = result.hardware.accelerator;
  const ctx = { result, t, fmt, catalog, expanded: new Set(), modelName: modelName(t, result.scenario, null, result) };
  // Each flow the scenario carries, with its headline figures (the model's first, untitled).
  const groups = availableFlows(result).map((flow) => [flow, flow.headline(ctx)]).filter(([, items]) => items.length)
    .map(([flow, items]) => h('section', { class: 'stat-group', dataset: { flow: flow.id } },
      flow.section ? h('h2', {}, t(`flow.${flow.id}`), flow.caption ? h('span', { class: 'caption' }, ` · ${flow.caption(ctx)}`) : null) : null,
      h('dl', { class: 'stats' }, items.map(({ path, label }) => {
        const value = getPath(result, path);
        // A three-state answer reads as its words; fits and does not fit colour like yes and no.
        const verdict = typeof value === 'string';
        const good = verdict ? value !== 'does_not_fit' : value;
        const text = verdict ? t.choice(`placement.${value}`, value) : fmt.byName(path, value);
        return h('div', { class: `stat${typeof value === 'boolean' || verdict ? (good ? ' yes' : ' no') : ''}` }, h('dt', {}, label),
          h('dd', {}, h('data', { value: String(value), dataset: { path } }, text)));
      }))));
  document.title = `LLM Sizer: ${ctx.modelName}`;
  replaceChildren(card,
    h('h1', {}, ctx.modelName),
    h('p', { class: 'sub' }, t('embed.hardware', { count: fmt.integer(result.hardware.count), name: accelerator.name }),
      result.hardware.host ? ` ${t('embed.host', { host: result.hardware.host.name, ram: fmt.bytes(result.hardware.host.memory_bytes) })}` : null),
    groups,
    footer);
}

new ResizeObserver(reportHeight).observe(document.documentElement);
boot().finally(() => {
  reportHeight();
  document.documentElement.dataset.ready = 'true';
});
