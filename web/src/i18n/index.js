// The page's languages. Each language file holds every string the page shows, in one place:
// ui (sentences and labels), fields (the core's field names: label and one-line help, in the
// order facts are listed), glossary (terms with tooltips), units (unit words), choices (names of
// the core's enumerated values). Both files have the same keys in the same order (a test checks
// it); an unknown key shows as itself, so a new core field never renders as nothing; texts (the
// core's texts by code: errors, warnings, notes, units of formula terms, format names; the codes
// are the core's core/message_table.hpp, and a test checks both files hold exactly those). A
// language loads when chosen, so each visitor downloads the one they read.
const loaders = { en: () => import('./en.js'), zh: () => import('./zh.js') };
const loaded = {};

export const languageIds = Object.keys(loaders);

export function isLanguage(id) {
  return Object.hasOwn(loaders, String(id ?? ''));
}

// Loads a language's strings (once); an unknown id loads English.
export async function loadLanguage(id) {
  const lang = isLanguage(id) ? id : 'en';
  loaded[lang] ??= prepare((await loaders[lang]()).default);
  return lang;
}

function prepare(strings) {
  return { ...strings, order: new Map(Object.keys(strings.fields).map((name, index) => [name, index])) };
}

// The language a first visit gets: the first of the browser's languages we have.
export function detectLanguage(preferred = []) {
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

// The strings of a loaded language (loadLanguage first).
export function createI18n(lang) {
  const strings = loaded[lang] ?? loaded.en ?? Object.values(loaded)[0];
  if (!strings) throw new Error('createI18n: no language loaded yet');
  const fill = (text, vars) => text.replace(/\{(\w+)\}/g, (match, name) => (name in vars ? String(vars[name]) : match));
  const t = (key, vars = {}) => fill(strings.ui[key] ?? key, vars);
  t.lang = strings.lang;
  t.locale = strings.locale;
  t.units = strings.units;
  // A core field's label and help: "num_key_value_heads" → ["KV heads", "…"]; unknown → its name.
  // A path ("inference.overhead_bytes") is looked up whole first, then by its last part.
  const entry = (key) => strings.fields[key];
  const lookup = (name) => {
    const leaf = String(name).split('.').at(-1);
    return entry(name) ?? entry(leaf) ?? [leaf, ''];
  };
  t.field = (name) => lookup(name)[0];
  t.help = (name) => lookup(name)[1];
  t.hasField = (name) => Object.hasOwn(strings.fields, name);
  // A choice's name for people ("recompute.selective" → "selective (attention)"), else the id.
  t.choice = (key, fallback) => strings.choices?.[key] ?? fallback;
  // A text of the core by its code and values ({code: "error.divide_model_heads", params: {heads:
  // 32}} → "must divide the model's 32 attention heads"). A value that names a choice (param "recompute",
  // value "selective") shows as the choice's name; lists are joined; numbers are written as the
  // core writes them, without digit groups (a range "[1, 1000000]" stays readable). An unknown
  // code shows as the fallback (the core's English) or itself.
  const numbers = new Intl.NumberFormat(strings.locale, { maximumFractionDigits: 6, useGrouping: false });
  const value = (name, item) => {
    if (Array.isArray(item)) return item.map((each) => value(name, each)).join(strings.separator);
    if (typeof item === 'number') return numbers.format(item);
    if (name === 'reason') return strings.reasons[item] ?? String(item);
    return strings.choices?.[`${name}.${item}`] ?? String(item);
  };
  t.text = (code, params = {}, fallback) => {
    const template = strings.texts[code];
    if (template === undefined) return fallback ?? code ?? '';
    return template.replace(/\{(\w+)\}/g, (match, name) => (name in (params ?? {}) ? value(name, params[name]) : match));
  };
  // Display order of core fields: the language file's order, unknown fields last.
  t.order = (name) => strings.order.get(name) ?? strings.order.get(String(name).split('.').at(-1)) ?? strings.order.size;
  t.glossary = strings.glossary;
  return t;
}
