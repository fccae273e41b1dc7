// The page's languages. Each language file holds every string the page shows, in one place:
// ui (sentences and labels), fields (the core's field names: label and one-line help), glossary
// (terms with tooltips), units (unit words). A string missing from one language falls back to
// English, then to its key, so a new core field never renders as nothing.
import en from './en.js';
import zh from './zh.js';

export const languages = { en, zh };

const fieldOrder = new Map(Object.keys(en.fields).map((name, index) => [name, index]));

// The language a first visit gets: the first of the browser's languages we have.
export function detectLanguage(preferred = []) {
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (Object.hasOwn(languages, base)) return base;
  }
  return 'en';
}

export function createI18n(lang) {
  const strings = languages[lang] ?? en;
  const fill = (text, vars) => text.replace(/\{(\w+)\}/g, (match, name) => (name in vars ? String(vars[name]) : match));
  const t = (key, vars = {}) => fill(strings.ui[key] ?? en.ui[key] ?? key, vars);
  t.lang = strings.lang;
  t.locale = strings.locale;
  t.units = { ...en.units, ...strings.units };
  // A core field's label and help: "num_key_value_heads" → ["KV heads", "…"]; unknown → its name.
  t.field = (name) => (strings.fields[name] ?? en.fields[name] ?? [name, ''])[0];
  t.help = (name) => (strings.fields[name] ?? en.fields[name] ?? [name, ''])[1];
  t.hasField = (name) => Object.hasOwn(en.fields, name);
  // Display order of core fields: the language file's order, unknown fields last.
  t.order = (name) => (fieldOrder.has(name) ? fieldOrder.get(name) : fieldOrder.size);
  t.glossary = strings.glossary;
  return t;
}
