// The page's language and byte units: its strings, its number formats and the controls that
// choose them.
import { replaceChildren } from '../dom.js';
import { BYTE_UNITS, createFormat } from '../format.js';
import { createI18n, isLanguage } from '../i18n/index.js';
import { glossaryList } from '../render/shell.js';

const $ = (id) => document.getElementById(id);

// A language whose strings have loaded (loadLanguage).
export function setLanguage(app, lang) {
  app.ui.lang = isLanguage(lang) ? lang : 'en';
  app.t = createI18n(app.ui.lang);
  app.fmt = createFormat({ locale: app.t.locale, bytes: app.ui.units, words: app.t.units });
  document.documentElement.lang = app.t.locale;
  document.title = app.t('app.title');
  for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = app.t(element.dataset.i18n);
  for (const element of document.querySelectorAll('[data-i18n-label]')) {
    element.setAttribute('aria-label', app.t(element.dataset.i18nLabel));
  }
  for (const input of document.querySelectorAll('input[name="lang"]')) input.checked = input.value === app.ui.lang;
  replaceChildren($('glossary-list'), glossaryList(app.t));
}

export function setUnits(app, units) {
  app.ui.units = BYTE_UNITS.includes(units) ? units : 'GiB';
  app.fmt = createFormat({ locale: app.t.locale, bytes: app.ui.units, words: app.t.units });
  for (const input of document.querySelectorAll('input[name="units"]')) input.checked = input.value === app.ui.units;
}
