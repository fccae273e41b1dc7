// What validation.html and methodology.html share: the language (the calculator's stored choice,
// else the browser's), the page's own strings loaded for it, the header's language switch and the
// ready signal the browser tests wait for. Each page keeps its strings in its own module per
// language (web/src/i18n/<page>.<lang>.js, same keys in both), so the calculator's first view
// never downloads them.
import { h } from '../dom.js';
import { createFormat } from '../format.js';
import { createI18n, detectLanguage, isLanguage, loadLanguage } from '../i18n/index.js';

const langKey = 'llm-sizer.lang';

function storedLanguage() {
  try {
    return localStorage.getItem(langKey);
  } catch {
    return null;
  }
}

function storeLanguage(lang) {
  try {
    localStorage.setItem(langKey, lang);
  } catch {
    // Storage may be disabled; the choice still holds for this visit.
  }
}

const pages = [['index.html', 'nav.calculator'], ['validation.html', 'nav.validation'], ['methodology.html', 'nav.methodology']];

// The header every page shares: the name (back to the calculator), the pages, the language.
function header(current) {
  const language = (id, text, lang) => h('label', { class: 'seg' }, h('input', { type: 'radio', name: 'lang', value: id }), h('span', { lang }, text));
  return h('header', { class: 'top' },
    h('div', { class: 'brand' }, h('h1', {}, h('a', { href: 'index.html', class: 'home' }, 'LLM Sizer'))),
    h('nav', { class: 'site-nav' }, pages.map(([href, key]) =>
      h('a', { href, dataset: { i18n: key }, attrs: { 'aria-current': href === current ? 'page' : null } }))),
    h('div', { class: 'prefs' }, h('div', { class: 'segmented', role: 'radiogroup', dataset: { i18nLabel: 'prefs.language' } },
      language('en', 'EN', 'en'), language('zh', '中文', 'zh-CN'))));
}

// current: the page's file name (marked in the header's links).
// loaders: { en: () => import(...), zh: () => import(...) } for the page's strings.
// render(page): draws the page for the language; called again when the language changes.
// Returns the page: { t (the page's strings), calc (the calculator's), fmt, lang }.
export async function startPage(current, loaders, render) {
  document.body.prepend(header(current));
  const choose = async (lang) => {
    const id = isLanguage(lang) && loaders[lang] ? lang : 'en';
    const [strings] = await Promise.all([loaders[id](), loadLanguage(id, { sections: true })]);
    const calc = createI18n(id);
    const own = strings.default;
    const fill = (text, vars) => text.replace(/\{(\w+)\}/g, (match, name) => (name in vars ? String(vars[name]) : match));
    const t = (key, vars = {}) => fill(own.ui[key] ?? calc(key, vars), vars);
    t.content = own;
    const page = { lang: id, t, calc, fmt: createFormat({ locale: calc.locale, words: calc.units }) };
    document.documentElement.lang = calc.locale;
    document.title = t('page.title');
    for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n);
    for (const element of document.querySelectorAll('[data-i18n-label]')) element.setAttribute('aria-label', t(element.dataset.i18nLabel));
    for (const input of document.querySelectorAll('input[name="lang"]')) input.checked = input.value === id;
    return page;
  };
  for (const input of document.querySelectorAll('input[name="lang"]')) {
    input.addEventListener('change', async () => {
      storeLanguage(input.value);
      await render(await choose(input.value));
    });
  }
  const first = await choose(storedLanguage() ?? detectLanguage(navigator.languages ?? []));
  try {
    await render(first);
  } finally {
    document.documentElement.dataset.ready = 'true';
  }
  return first;
}
