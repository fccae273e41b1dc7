// An input problem and its ways out: the banner above the results (the field and what it allows,
// in the page's language, then "Go to the field", "Remove <field>" when the scenario holds a value
// there, "Start over from the example"), and reaching a field on the page.
import { h } from '../dom.js';

// What a field allows, in the page's language: the core's rule by its code (the page's own
// errors carry their text in `allowed`).
export function allowedText(t, error) {
  return error.code ? t.text(error.code, error.params, error.allowed) : error.allowed;
}

// "<what is allowed>; got <value>", or the message of an error that names no rule.
export function problemDetail(t, error) {
  const allowed = allowedText(t, error);
  if (!allowed) return error.message;
  return error.got ? t('error.detail', { allowed, got: error.got }) : allowed;
}

const labelled = (t, path) => t.hasField(path) || t.hasField(String(path).split('.').at(-1));

// The whole problem as one line of text: "<label> (<field>): <detail>".
export function problemSentence(t, error) {
  const field = String(error.field ?? '');
  const label = !field ? '' : labelled(t, field) ? `${t.field(field)} (${field})` : field;
  return `${label ? `${label}${t('notes.separator')}` : ''}${problemDetail(t, error)}`;
}

// A field path for people: its label when the language file has one, with the path as code (what
// a scenario file or the CLI calls it), else the path alone.
export function fieldLabel(t, path) {
  return labelled(t, path) ? [t.field(path), ' ', h('code', { class: 'key' }, path)] : h('code', {}, path);
}

// ways: { go, drop, startOver } (go and drop may be null: no field, or nothing to remove).
export function problemBanner(t, error, field, ways) {
  const action = (text, onClick, name) => h('button', { type: 'button', class: 'link', dataset: { action: name }, on: { click: onClick } }, text);
  const where = error.field ? [fieldLabel(t, error.field), t('notes.separator')] : [];
  return [h('strong', {}, t('error.heading')), ' ', ...where, problemDetail(t, error), ' ',
    h('span', { class: 'error-actions' },
      ways.go ? action(t('error.go_to_field'), ways.go, 'go') : null,
      ways.drop ? action(t('error.drop_field', { field: labelled(t, field) ? t.field(field) : field }), ways.drop, 'drop') : null,
      action(t('error.start_over'), ways.startOver, 'start-over'))];
}

// Focuses the control for `path`, or when the page has none for it the nearest enclosing one,
// else the line where its error is shown, opening the folded groups around it.
export function focusControl(path) {
  const target = nearest(path, (p) => document.querySelector(`[data-field="${CSS.escape(p)}"]`))
    ?? nearest(path, (p) => document.querySelector(`[data-error-for="${CSS.escape(p)}"]`));
  if (!target) return;
  for (let node = target.parentElement; node; node = node.parentElement) {
    if (node.tagName === 'DETAILS') node.open = true;
  }
  if (!target.matches('input, select, textarea, button')) target.tabIndex = -1;
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}

// The first of path, its parent, its grandparent, ... for which find returns an element.
function nearest(path, find) {
  for (let current = path; current; current = current.includes('.') ? current.slice(0, current.lastIndexOf('.')) : '') {
    const found = find(current);
    if (found) return found;
  }
  return null;
}
