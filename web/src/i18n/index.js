// The page's languages. Each language file holds every string the page shows, in one place:
// ui (sentences and labels), fields (the core's field names: label and one-line help), glossary
// (terms with tooltips), units (unit words), choices (names of the core's enumerated values). A
// string missing from one language falls back to English, then to its key, so a new core field
// never renders as nothing. English ships with the page (it is the fallback); other languages
// load when chosen, so nobody downloads a language they do not read.
import en from './en.js';

const loaders = { en: async () => en, zh: async () => (await import('./zh.js')).default };
const loaded = { en };

export const languageIds = Object.keys(loaders);

export function isLanguage(id) {
  return Object.hasOwn(loaders, String(id ?? ''));
}

// Loads a language's strings (once); an unknown id loads English.
export async function loadLanguage(id) {
  const lang = isLanguage(id) ? id : 'en';
  loaded[lang] ??= await loaders[lang]();
  return lang;
}

const fieldOrder = new Map(Object.keys(en.fields).map((name, index) => [name, index]));

// The language a first visit gets: the first of the browser's languages we have.
export function detectLanguage(preferred = []) {
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

// The strings of a loaded language (English until the language has loaded).
export function createI18n(lang) {
  const strings = loaded[lang] ?? en;
  const fill = (text, vars) => text.replace(/\{(\w+)\}/g, (match, name) => (name in vars ? String(vars[name]) : match));
  const t = (key, vars = {}) => fill(strings.ui[key] ?? en.ui[key] ?? key, vars);
  t.lang = strings.lang;
  t.locale = strings.locale;
  t.units = { ...en.units, ...strings.units };
  // A core field's label and help: "num_key_value_heads" → ["KV heads", "…"]; unknown → its name.
  // A path ("inference.overhead_bytes") is looked up whole first, then by its last part.
  const entry = (key) => strings.fields[key] ?? en.fields[key];
  const lookup = (name) => {
    const leaf = String(name).split('.').at(-1);
    return entry(name) ?? entry(leaf) ?? [leaf, ''];
  };
  t.field = (name) => lookup(name)[0];
  t.help = (name) => lookup(name)[1];
  t.hasField = (name) => Object.hasOwn(en.fields, name);
  // A choice's name for people ("recompute.selective" → "selective (attention)"), else the id.
  t.choice = (key, fallback) => strings.choices?.[key] ?? en.choices?.[key] ?? fallback;
  // Display order of core fields: the language file's order, unknown fields last.
  t.order = (name) => fieldOrder.get(name) ?? fieldOrder.get(String(name).split('.').at(-1)) ?? fieldOrder.size;
  t.glossary = strings.glossary;
  return t;
}
