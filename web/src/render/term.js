// A word with an explanation: hover or focus shows the tooltip, and assistive technology reads it
// as the word's description.
import { h, uid } from '../dom.js';

export function term(text, help, { focusable = true } = {}) {
  if (!help) return h('span', {}, text);
  const id = uid('tip');
  return h('span', { class: 'term', tabIndex: focusable ? 0 : undefined, attrs: { 'aria-describedby': id } },
    text, h('span', { class: 'tip', id, role: 'tooltip' }, help));
}

// A term from the glossary by key ("gqa", "kv_cache", ...), with its short name as the text.
export function glossaryTerm(t, key, text) {
  const entry = t.glossary[key];
  return entry ? term(text ?? entry[0], entry[1]) : h('span', {}, text ?? key);
}

// A core field's label with its help text ("num_key_value_heads" → "KV heads" + tooltip).
export function fieldTerm(t, name, options) {
  return term(t.field(name), t.help(name), options);
}
