// The page's event wiring: the form's controls, the tabs' keys, the units and language choices,
// the header's buttons and navigation between links.
import { fillControls, readControl } from '../form.js';
import { loadLanguage } from '../i18n/index.js';
import { setLanguage, setUnits } from './display.js';
import { invalidError } from './inputs_view.js';
import { readLink } from './link.js';
import { prefKeys, writePref } from './preferences.js';

const $ = (id) => document.getElementById(id);

function bindControls(app) {
  const inputs = $('inputs');
  const onControl = (event) => {
    const control = event.target.closest?.('[data-field][data-kind]');
    if (!control) return;
    const isText = control.tagName === 'TEXTAREA' || (control.tagName === 'INPUT' && control.type !== 'checkbox');
    if ((event.type === 'input') !== isText) return; // text: every keystroke; checkboxes, selects: on change
    control.dataset.dirty = 'true';
    const parsed = readControl(control, app.fmt);
    const path = control.dataset.field;
    if (parsed.invalid) {
      // Kept as typed, with its error, until it is a number again (never snapped back).
      app.invalid.set(path, control.value);
      app.error = invalidError(app, path, control.value);
      app.render();
      return;
    }
    app.invalid.delete(path);
    if (parsed.empty) app.reset(path);
    else app.set(path, parsed.value);
  };
  inputs.addEventListener('input', onControl);
  inputs.addEventListener('change', onControl);
  // Leaving a field shows the value the core used ("2.50" → "2.5"; blank → the default).
  inputs.addEventListener('focusout', (event) => {
    if (event.target.dataset?.dirty) {
      delete event.target.dataset.dirty;
      fillControls(inputs, (path) => app.valueFor(path), app.fmt, { keep: (path) => app.invalid.has(path) });
    }
  });
}

function bindTabKeys(app) {
  $('tabs').addEventListener('keydown', (event) => {
    const tabs = [...$('tabs').querySelectorAll('[role="tab"]')];
    const index = tabs.indexOf(document.activeElement);
    if (index < 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: tabs.length - 1 - index }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    app.selectTab(tabs[(index + step + tabs.length) % tabs.length].id.slice('tab-'.length), { focus: true });
  });
}

function bindDisplayChoices(app) {
  for (const input of document.querySelectorAll('input[name="units"]')) {
    input.addEventListener('change', () => {
      setUnits(app, input.value);
      writePref(prefKeys.units, app.ui.units);
      app.render();
      app.link.writeSoon();
    });
  }
  for (const input of document.querySelectorAll('input[name="lang"]')) {
    input.addEventListener('change', async () => {
      try {
        setLanguage(app, await loadLanguage(input.value));
      } catch {
        setLanguage(app, app.ui.lang); // not reachable now (offline): stay in the current language
        return;
      }
      writePref(prefKeys.lang, app.ui.lang);
      app.render();
      app.link.writeSoon();
    });
  }
}

function bindHeader(app) {
  // The header's Copy link says it worked right where it was pressed.
  $('copy-link').addEventListener('click', async () => {
    const said = await app.share.copyLink();
    const status = $('copy-status');
    status.textContent = said.text;
    status.className = `copy-status ${said.copied ? 'ok' : 'bad'}`;
    clearTimeout(status.timer);
    status.timer = setTimeout(() => {
      status.textContent = '';
    }, 4000);
  });
  // On a phone the inputs come after the answer: the header's button goes to them.
  $('to-inputs').addEventListener('click', () => {
    const panel = document.querySelector('.model-panel');
    panel.scrollIntoView({ block: 'start' });
    panel.querySelector('input, select, textarea')?.focus({ preventScroll: true });
  });
}

function bindNavigation(app) {
  addEventListener('hashchange', async () => {
    if (location.hash === app.linkHash) return;
    // An in-page anchor (the skip link's #results) is no link: keep the page's own.
    if (app.linkHash && /^#[A-Za-z][\w-]*$/.test(location.hash) && document.getElementById(location.hash.slice(1))) {
      history.replaceState(history.state, '', app.linkHash);
      return;
    }
    await app.link.open(await readLink(location.hash));
  });
}

export function bindInputs(app) {
  bindControls(app);
  bindTabKeys(app);
  bindDisplayChoices(app);
  bindHeader(app);
  bindNavigation(app);
}
