// An input problem and its ways out: the banner above the results (the core's message, then "Go to
// the field", "Remove <field>" when the scenario holds a value there, "Start over from the
// example"), and reaching a field on the page.
import { h } from '../dom.js';

// ways: { go, drop, startOver } (go and drop may be null: no field, or nothing to remove).
export function problemBanner(t, error, field, ways) {
  const action = (text, onClick, name) => h('button', { type: 'button', class: 'link', dataset: { action: name }, on: { click: onClick } }, text);
  return [h('strong', {}, t('error.heading')), ' ', error.message, ' ',
    h('span', { class: 'error-actions' },
      ways.go ? action(t('error.go_to_field'), ways.go, 'go') : null,
      ways.drop ? action(t('error.drop_field', { field }), ways.drop, 'drop') : null,
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
