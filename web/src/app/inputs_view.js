// The input panels and the form's controls, filled from the scenario and the core's answer.
import { fillControls, placeError, placeNotes } from '../form.js';
import { fieldOfError } from '../state.js';

// A number field holding text that is no number: an error of the page's own, until it is fixed.
export function invalidError(app, path, text) {
  return { field: path, message: `${path}: ${app.t('field.not_number')}`, allowed: app.t('field.not_number'), got: text };
}

export function renderInputs(app, { external = false } = {}) {
  for (const panel of app.panels) panel.update({ external });
  const inputs = document.getElementById('inputs');
  fillControls(inputs, (path) => app.valueFor(path), app.fmt, { keep: (path) => app.invalid.has(path) });
  const error = app.error ? { ...app.error, field: fieldOfError(app.error.field) } : null;
  placeError(inputs, error, app.t, null);
  placeNotes(inputs, app.notes);
}
