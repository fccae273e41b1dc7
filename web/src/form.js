// Form controls name the scenario path they edit (data-field="hardware.count") and the kind of
// value they hold (data-kind="int", "bytes", ...). This module builds such controls, reads them,
// fills them from the core's answer, and puts the core's errors next to the field they name.
import { h, uid } from './dom.js';
import { allowedText } from './render/problem.js';
import { fieldTerm } from './render/term.js';

// A labelled input row for `path`. kind: int | number | bytes | bytes_per_s | flops_per_s | watts |
// fraction | bool | string | scalar | list (names, comma-separated; with choices or groups, a
// select of several). options: { name (the core field, for label and help), label, showKey (show
// the raw field name too), choices: [[value, text]] or groups: [[group, [[value, text]]]] (a
// select), placeholder, onReset }.
export function fieldRow(t, fmt, path, kind, { label, name, showKey = false, choices, groups, placeholder, onReset } = {}) {
  const id = uid('field');
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const options = (list) => list.map(([value, text]) => h('option', { value }, text));
  let control;
  if (kind === 'bool') {
    control = h('input', { type: 'checkbox', id });
  } else if (groups) {
    control = h('select', { id, multiple: kind === 'list' }, groups.map(([group, list]) => h('optgroup', { label: group }, options(list))));
  } else if (choices) {
    control = h('select', { id, multiple: kind === 'list' }, options(choices));
  } else {
    control = h('input', { type: 'text', id, autocomplete: 'off', spellcheck: false, placeholder,
      inputMode: kind === 'int' ? 'numeric' : kind === 'string' || kind === 'scalar' || kind === 'list' ? 'text' : 'decimal' });
  }
  control.dataset.field = path;
  control.dataset.kind = kind;
  const unit = fmt.inputUnit(kind);
  const reset = onReset
    ? h('button', { type: 'button', class: 'reset', hidden: true, title: t('field.reset'),
      attrs: { 'aria-label': t('field.reset_named', { name: name ? t.field(name) : label }) }, on: { click: onReset } }, '↺')
    : null;
  // A field the language file does not name (a config key the core does not read) shows as its key.
  const named = label ?? (showKey && !t.hasField(name) ? null : fieldTerm(t, name, { focusable: false }));
  const caption = h('label', { htmlFor: id }, named, showKey ? h('code', { class: 'key' }, name) : null);
  // The help text describes the control too (screen readers read it with the field).
  const help = caption.querySelector('.tip');
  control.setAttribute('aria-describedby', [help?.id, errorId, noteId].filter(Boolean).join(' '));
  return h('div', { class: `field${kind === 'bool' ? ' field-bool' : ''}`, dataset: { row: path } },
    caption,
    h('span', { class: 'control' }, control, unit ? h('span', { class: 'unit' }, unit) : null, reset),
    h('p', { class: 'field-error', id: errorId, dataset: { errorFor: path } }),
    h('p', { class: 'field-note', id: noteId, dataset: { noteFor: path } }));
}

// { value } | { empty: true } | { invalid: true } for a control built by fieldRow.
export function readControl(control, fmt) {
  const { kind } = control.dataset;
  if (kind === 'bool') return { value: control.checked };
  if (kind === 'string') return control.value === '' ? { empty: true } : { value: control.value };
  if (kind === 'scalar') return parseScalar(control.value);
  if (kind === 'list' && control.multiple) {
    const names = [...control.selectedOptions].map((option) => option.value);
    return names.length ? { value: names } : { empty: true };
  }
  if (kind === 'list') {
    const names = control.value.split(/[\s,]+/).filter(Boolean);
    return names.length ? { value: names } : { empty: true };
  }
  const parsed = fmt.fromInput(kind === 'int' || kind === 'fraction' ? 'number' : kind, control.value);
  return parsed;
}

// A value typed for a config field of unknown type: true/false, a number, or text.
export function parseScalar(text) {
  const trimmed = String(text).trim();
  if (trimmed === '') return { empty: true };
  if (trimmed === 'true' || trimmed === 'false') return { value: trimmed === 'true' };
  if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return { value: Number(trimmed) };
  return { value: trimmed };
}

// Sets every control under root to the value the core used, except the one being typed in and
// those keep(path) holds (text that is no value stays as typed, beside its error).
// valueFor(path) → value or undefined.
export function fillControls(root, valueFor, fmt, { keep = () => false } = {}) {
  for (const control of root.querySelectorAll('[data-field][data-kind]')) {
    if (control === document.activeElement && control.dataset.dirty === 'true') continue;
    if (keep(control.dataset.field)) continue;
    delete control.dataset.dirty;
    const value = valueFor(control.dataset.field);
    const { kind } = control.dataset;
    if (kind === 'bool') control.checked = Boolean(value);
    else if (control.multiple) {
      const chosen = new Set((Array.isArray(value) ? value : []).map(String));
      for (const option of control.options) option.selected = chosen.has(option.value);
    } else if (control.tagName === 'SELECT') {
      if (value !== undefined && ![...control.options].some((o) => o.value === String(value))) {
        control.append(h('option', { value: String(value) }, String(value)));
      }
      control.value = value === undefined ? '' : String(value);
    } else {
      const text = kind === 'list' && Array.isArray(value) ? value.join(', ')
        : kind === 'string' || kind === 'scalar' ? (value ?? '') : fmt.toInput(kind, value);
      if (control.value !== String(text)) control.value = String(text);
    }
  }
}

// Shows { field, message, allowed, got } next to its field: the exact path, else the nearest
// enclosing one (model.num_key_value_heads → model), else the page's general error line.
// Returns the element it was shown in.
export function placeError(root, error, t, fallback) {
  for (const element of root.querySelectorAll('[data-error-for]')) element.textContent = '';
  for (const element of root.querySelectorAll('[aria-invalid]')) element.removeAttribute('aria-invalid');
  if (!error) return null;
  const allowed = allowedText(t, error);
  const text = allowed ? t('error.detail', { allowed, got: error.got || '–' }) : error.message;
  let path = String(error.field ?? '');
  for (;;) {
    const slot = path && root.querySelector(`[data-error-for="${CSS.escape(path)}"]`);
    if (slot) {
      slot.textContent = text;
      root.querySelector(`[data-field="${CSS.escape(path)}"]`)?.setAttribute('aria-invalid', 'true');
      return slot;
    }
    if (!path.includes('.')) break;
    path = path.slice(0, path.lastIndexOf('.'));
  }
  if (fallback) fallback.textContent = error.message;
  return fallback;
}

// Notes the page adds to a field (e.g. "changed nothing"); path → text.
export function placeNotes(root, notes) {
  for (const element of root.querySelectorAll('[data-note-for]')) {
    element.textContent = notes.get(element.dataset.noteFor) ?? '';
  }
}
