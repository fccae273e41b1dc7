// The page's languages. Each language file holds every string the page shows, in one place:
// ui (sentences and labels), fields (the core's field names: label and one-line help, in the
// order facts are listed), glossary (terms with tooltips), units (unit words), choices (names of
// the core's enumerated values). Both files have the same keys in the same order (a test checks
// it); an unknown key shows as itself, so a new core field never renders as nothing; texts (the
// core's texts by code: errors, warnings, notes, units of formula terms, format names; the codes
// are the core's core/message_table.hpp, whose English the core writes beside each code, so en.js
// holds none, and a test checks zh.js holds exactly those). A language loads when chosen, so each
// visitor downloads the one they read; the strings of the views with a section (<lang>.sections.js:
// their ui and fields, and the core's texts only the sections give) load with the whole core, once
// a page asks for them.
const loaders = { en: () => import('./en.js'), zh: () => import('./zh.js') };
const sectionLoaders = { en: () => import('./en.sections.js'), zh: () => import('./zh.sections.js') };
const loaded = {};
let sectionsWanted = false;

export const languageIds = Object.keys(loaders);

export function isLanguage(id) {
  return Object.hasOwn(loaders, String(id ?? ''));
}

// Loads a language's strings (once); an unknown id loads English. sections: with the strings of
// the views with a section, from then on for every language loaded.
export async function loadLanguage(id, { sections = false } = {}) {
  const lang = isLanguage(id) ? id : 'en';
  sectionsWanted ||= sections;
  const [strings, more] = await Promise.all([loaders[lang](), sectionsWanted ? sectionLoaders[lang]() : null]);
  if (!loaded[lang] || (more && !loaded[lang].withSections)) loaded[lang] = prepare(strings.default, more?.default);
  return lang;
}

function prepare(strings, sections) {
  const merged = sections
    ? { ...strings, ui: { ...strings.ui, ...sections.ui }, fields: { ...strings.fields, ...sections.fields },
      texts: { ...strings.texts, ...sections.texts }, withSections: true }
    : strings;
  return { ...merged, order: new Map(Object.keys(merged.fields).map((name, index) => [name, index])) };
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
  // core writes them, without digit groups (a range "[1, 1000000]" stays readable). A code the
  // language has no text for (every code in English) shows as the fallback: the core's English.
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
