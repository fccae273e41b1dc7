// The embed card (embed.html): the scenario in the URL fragment, answered by the core, shown as a
// compact read-only card for an iframe in documentation. It reports its height to the parent page
// and makes no request beyond its own files.
import { replaceChildren } from './dom.js';
import { startEngine } from './engine.js';
import { BYTE_UNITS, createFormat } from './format.js';
import { createI18n, detectLanguage, isLanguage, loadLanguage } from './i18n/index.js';
import { cardContent, cardFleet, cardProblem } from './render/card.js';
import { problemSentence } from './render/problem.js';
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
  const t = createI18n(await loadLanguage(lang, { sections: true }));
  const fmt = createFormat({ locale: t.locale, bytes: BYTE_UNITS.includes(linked?.ui?.u) ? linked.ui.u : 'GiB', words: t.units });
  document.documentElement.lang = t.locale;

  const open = `./${location.hash}`;
  if (!linked) {
    replaceChildren(card, cardProblem(t, t('embed.failed', { reason: t(`link.${linkError?.reason ?? 'unversioned'}`) }), { open }));
    return;
  }
  const engine = await startEngine();
  const catalog = engine.catalog();
  const { result, error } = engine.estimate(linked.scenario);
  if (error) {
    replaceChildren(card, cardProblem(t, t('embed.error', { message: problemSentence(t, error) }), { open }));
    return;
  }
  const content = cardContent({ result, t, fmt, catalog }, { open });
  document.title = `LLM Sizer: ${content[0].textContent}`;
  replaceChildren(card, content);
  // Traffic that keeps arriving has a cheapest fleet: the background worker searches it (as for
  // the Serving view) and the card grows by it, above its footer.
  const { requests_per_s: rate, concurrency } = linked.scenario.serving?.workload ?? {};
  if (!result.serving || (rate === undefined && concurrency === undefined)) return;
  await new Promise((resolve) => {
    let shown = false;
    engine.loadCurve(linked.scenario, (report) => {
      const value = report.value ?? {};
      if (shown || !(value.fleet || value.fleet_error || report.finished)) return;
      shown = true;
      if (value.fleet || value.fleet_error) card.insertBefore(cardFleet({ t, fmt }, value), card.lastElementChild);
      resolve();
    });
  });
}

new ResizeObserver(reportHeight).observe(document.documentElement);
boot().finally(() => {
  reportHeight();
  document.documentElement.dataset.ready = 'true';
});
