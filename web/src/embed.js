// The embed card (embed.html): the scenario in the URL fragment, answered by the core, shown as a
// compact read-only card for an iframe in documentation. It reports its height to the parent page
// and makes no request beyond its own files.
import { h, replaceChildren } from './dom.js';
import { startEngine } from './engine.js';
import { availableFlows } from './flows/index.js';
import { BYTE_UNITS, createFormat } from './format.js';
import { createI18n, detectLanguage, languages } from './i18n/index.js';
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
  const lang = Object.hasOwn(languages, linked?.ui?.l ?? '') ? linked.ui.l : detectLanguage(navigator.languages ?? []);
  const t = createI18n(lang);
  const fmt = createFormat({ locale: t.locale, bytes: BYTE_UNITS.includes(linked?.ui?.u) ? linked.ui.u : 'GiB', words: t.units });
  document.documentElement.lang = t.locale;

  const open = h('a', { href: `./${location.hash}`, target: '_blank', rel: 'noopener' }, t('embed.open'));
  const footer = h('footer', {}, h('span', {}, 'LLM Sizer'), open);
  if (!linked) {
    replaceChildren(card, h('p', { class: 'problem' }, t('embed.failed', { reason: t(`link.${linkError?.reason ?? 'unversioned'}`) })), footer);
    return;
  }
  const engine = await startEngine();
  const { result, error } = engine.estimate(linked.scenario);
  if (error) {
    replaceChildren(card, h('p', { class: 'problem' }, t('embed.error', { message: error.message })), footer);
    return;
  }
  const accelerator = result.hardware.accelerator;
  const ctx = { result, t, fmt, expanded: new Set(), modelName: modelName(t, result.scenario, null, result) };
  const stats = availableFlows(result).flatMap((flow) => flow.headline(ctx)).map(({ path, label }) => {
    const value = getPath(result, path);
    return h('div', { class: 'stat' }, h('dt', {}, label),
      h('dd', {}, h('data', { value: String(value), dataset: { path } }, fmt.byName(path, value))));
  });
  document.title = `LLM Sizer: ${ctx.modelName}`;
  replaceChildren(card,
    h('h1', {}, ctx.modelName),
    h('p', { class: 'sub' }, t('embed.hardware', { count: fmt.integer(result.hardware.count), name: accelerator.name })),
    h('dl', { class: 'stats' }, stats),
    footer);
}

new ResizeObserver(reportHeight).observe(document.documentElement);
boot().finally(() => {
  reportHeight();
  document.documentElement.dataset.ready = 'true';
});
