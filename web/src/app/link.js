// The page's link: rewritten once changes pause, opened on load and on every navigation, with a
// notice for what a link held that this build cannot open.
import { h, replaceChildren } from '../dom.js';
import { sectionQuestion, sections } from '../flows/index.js';
import { BYTE_UNITS } from '../format.js';
import { isLanguage, loadLanguage } from '../i18n/index.js';
import { problemDetail } from '../render/problem.js';
import { deepEqual, openScenario, pruneScenario } from '../state.js';
import { decodeState, encodeState, LinkError } from '../url.js';
import { setLanguage, setUnits } from './display.js';
import { loadWholeCore, needsWholeCore } from './whole_core.js';

// The link is rewritten this long after the last change: pruning it asks the core once per value.
const linkDelayMs = 120;

const $ = (id) => document.getElementById(id);

export async function readLink(hash) {
  try {
    return await decodeState(hash);
  } catch (error) {
    if (error instanceof LinkError) return { error };
    throw error;
  }
}

// { writeSoon, current, open, hideNotice } over the page's state `app`; `firstVisit` is the
// scenario an empty or broken link opens.
export function createLink(app, firstVisit) {
  let serial = 0;
  let written = Promise.resolve();

  const uiForLink = () => ({ t: app.result ? app.flow().id : undefined, u: app.ui.units, l: app.ui.lang });

  function hideNotice() {
    $('notice').hidden = true;
    $('notice').replaceChildren();
  }

  function showNotice(text, items = []) {
    replaceChildren($('notice'), h('p', {}, text), items.length ? h('ul', {}, items) : null,
      h('button', { type: 'button', class: 'link', on: { click: hideNotice } }, app.t('notice.dismiss')));
    $('notice').hidden = false;
  }

  // Rewrites the fragment once changes pause (replaceState: the Back button is not flooded).
  // Values equal to their defaults are dropped first, so links stay short. <html data-link-pending>
  // is set until the link shows the latest change.
  function writeSoon() {
    serial += 1;
    const mine = serial;
    // A navigation meanwhile (Back, a typed fragment) wins: its hashchange shows that link instead.
    const shown = location.hash;
    app.linkHash = ''; // no link shows this state until it is written
    document.documentElement.dataset.linkPending = 'true';
    written = new Promise((resolve) => {
      setTimeout(async () => {
        try {
          if (mine !== serial) return;
          if (location.hash !== shown) {
            delete document.documentElement.dataset.linkPending;
            return;
          }
          const pruned = pruneScenario(app.scenario, { catalog: app.catalog, sections, question: sectionQuestion, estimate: (s) => app.engine.estimate(s) });
          if (!deepEqual(pruned, app.scenario)) {
            app.scenario = pruned;
            app.renderInputs();
          }
          const hash = await encodeState({ scenario: app.scenario, ui: uiForLink() });
          if (mine !== serial || location.hash !== shown) return;
          app.linkHash = hash;
          if (location.hash !== hash) history.replaceState(history.state, '', hash);
          app.share.showLink(location.href);
          delete document.documentElement.dataset.linkPending;
        } finally {
          resolve();
        }
      }, linkDelayMs);
    });
  }

  // The page's link once the latest change has been written to it.
  async function current() {
    let seen;
    do {
      seen = serial;
      await written;
    } while (seen !== serial);
    return location.href;
  }

  async function open(linked) {
    hideNotice();
    let scenario = firstVisit;
    if (linked?.error) {
      showNotice(app.t('link.failed', { reason: app.t(`link.${linked.error.reason}`) }));
    } else if (linked) {
      if (isLanguage(linked.ui.l)) setLanguage(app, await loadLanguage(linked.ui.l));
      if (linked.ui.u && BYTE_UNITS.includes(linked.ui.u)) setUnits(app, linked.ui.u);
      app.ui.tab = linked.ui.t ?? null;
      if (needsWholeCore(linked.scenario, app.ui.tab)) await loadWholeCore(app);
      const opened = openScenario(linked.scenario, (s) => app.engine.estimate(s), firstVisit, { keep: sections });
      scenario = opened.scenario;
      if (opened.dropped.length) {
        showNotice(app.t('link.dropped', { count: opened.dropped.length }), opened.dropped.map((d) => h('li', { dataset: { code: d.code ?? '' } },
          h('code', {}, d.field), app.t('notes.separator'),
          d.code === 'error.unknown_field' ? app.t('link.unknown_field') : problemDetail(app.t, d))));
      }
    } else {
      app.ui.tab = null;
    }
    app.expanded.clear();
    app.commit(scenario, { external: true });
  }

  return { writeSoon, current, open, hideNotice };
}
