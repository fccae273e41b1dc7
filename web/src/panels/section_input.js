// The open view's scenario section (inference, serving or training) as a form. The fields are the
// keys of the core's normalised section (every default written out; a nested object the flow names
// as nested, such as serving.workload, by the path of each of its fields), in the order the flow
// lays out (flows/index.js: primary, questions, then the rest under "more"); enumerated fields are
// selects fed by presets().choices. A flow that reads other sections shows the fields of them that
// it names (the Serving view: the inference engine, and the fleet search's devices). Values shown are the scenario's, else
// the core's default.
import { h } from '../dom.js';
import { fieldRow } from '../form.js';
import { kindOf } from '../format.js';
import { fieldTerm } from '../render/term.js';
import { getPath } from '../state.js';

// The section's keys, the nested objects the flow names spelled out as paths ("workload.prompt_tokens").
function sectionKeys(normalized, nested = []) {
  return Object.entries(normalized).flatMap(([key, value]) => (nested.includes(key) && value && typeof value === 'object'
    ? Object.keys(value).map((inner) => `${key}.${inner}`) : [key]));
}

export function createSectionPanel(app) {
  const element = h('section', { class: 'panel section-panel', hidden: true, attrs: { 'aria-labelledby': 'section-heading' } });
  let signature = '';
  let groups = []; // [{ details, paths }] for the collapsible groups
  let tuning = []; // [{ control, path }] optional fields with the value used as placeholder
  const knownKeys = new Map(); // flow id → the section's keys the core reported last

  function build(flow, keys, normalized) {
    const { t, fmt } = app;
    const { section, inputs } = flow;
    const hidden = new Set(inputs.hidden ?? []);
    const optional = inputs.optional ?? [];
    const primary = inputs.primary.filter((key) => (keys.includes(key) || optional.includes(key)) && !hidden.has(key));
    const questions = inputs.questions.filter((key) => !hidden.has(key));
    const tuned = (inputs.tuning ?? []).filter((key) => !keys.includes(key));
    const placed = new Set([...primary, ...questions, ...hidden]);
    const extra = optional.filter((key) => !keys.includes(key));
    const more = [...keys, ...extra, ...tuned].filter((key, i, all) => !placed.has(key) && all.indexOf(key) === i);
    const row = (key) => fieldFor(app, section, inputs, key, getPath(normalized, key));
    tuning = [];
    const rows = (list) => list.map((key) => {
      const built = row(key);
      if (tuned.includes(key)) tuning.push({ control: built.querySelector('[data-field]'), path: `${section}.assumptions.${key}` });
      return built;
    });
    const group = (titleKey, list) => {
      const details = h('details', { class: 'editor' }, h('summary', {}, t(titleKey)), h('div', { class: 'fields' }, rows(list)));
      groups.push({ details, paths: list.map((key) => `${section}.${key}`) });
      return details;
    };
    groups = [];
    // Each other section the flow reads: its heading and the fields of it the flow names.
    const readBlocks = (inputs.reads ?? []).flatMap((reads) => {
      const read = app.result?.scenario?.[reads.section];
      const lists = reads.lists ?? [];
      return [h('h3', { class: 'fields-heading' }, t(reads.heading)),
        h('div', { class: 'fields', dataset: { reads: reads.section } },
          reads.keys.map((key) => fieldFor(app, reads.section, { lists }, key, read?.[key])))];
    });
    // replaceChildren writes a null as the text "null": the absent parts are left out first.
    element.replaceChildren(...[
      h('h2', { id: 'section-heading' }, t(inputs.heading)),
      h('p', { class: 'field-error', dataset: { errorFor: section } }),
      h('div', { class: 'fields' }, rows(primary)),
      ...readBlocks,
      group('inputs.questions', questions),
      more.length ? group('inputs.more', more) : null,
    ].filter(Boolean));
    // A group holding a value the user set starts open.
    for (const { details, paths } of groups) {
      if (paths.some((path) => getPath(app.scenario, path) !== undefined)) details.open = true;
    }
  }

  return {
    element,
    update() {
      const flow = app.flow();
      if (!flow.section || !flow.inputs) {
        element.hidden = true;
        return;
      }
      // Shown while the core refuses the input too: the field at fault may be here.
      element.hidden = false;
      const normalized = app.result?.scenario?.[flow.section];
      if (normalized && flow.available(app.result)) knownKeys.set(flow.id, sectionKeys(normalized, flow.inputs.nested));
      const keys = knownKeys.get(flow.id) ?? [...flow.inputs.primary];
      const next = JSON.stringify([app.t.lang, app.fmt.bytesUnit, flow.id, keys]);
      if (next !== signature) {
        signature = next;
        build(flow, keys, normalized);
      }
      for (const button of element.querySelectorAll('.reset')) {
        button.hidden = getPath(app.scenario, button.closest('[data-row]').dataset.row) === undefined;
      }
      for (const { control, path } of tuning) {
        const used = app.result ? getPath(app.result, path) : undefined;
        control.placeholder = typeof used === 'number' ? app.fmt.toInput(control.dataset.kind, used) : '';
      }
    },
  };
}

// One field of a section: a select when the core lists its choices, a checkbox for a flag, a
// list of names, or a number (bytes in the page's byte unit). inputs: the flow's layout of it.
function fieldFor(app, section, inputs, key, value) {
  const { t, fmt } = app;
  const path = `${section}.${key}`;
  const listed = app.catalog.choices?.[section]?.[key];
  const keep = inputs.choices?.[key] ?? (() => true);
  const options = { label: fieldTerm(t, path, { focusable: false }), name: path, onReset: () => app.reset(path) };
  if (Array.isArray(listed)) {
    // A field holding several names (inputs.lists) is a select of several.
    const kind = inputs.lists?.includes(key) || Array.isArray(value) ? 'list' : 'string';
    const items = listed.map((item) => (typeof item === 'object' ? item : { id: item })).filter((item) => keep(item.id));
    const text = (item) => (item.name_code ? t.text(item.name_code, item.name_params, item.name) : item.name ?? t.choice(`${key}.${item.id}`, item.id));
    if (items.some((item) => item.family)) {
      const families = new Map();
      for (const item of items) {
        if (!families.has(item.family)) families.set(item.family, []);
        families.get(item.family).push([item.id, text(item)]);
      }
      return fieldRow(t, fmt, path, kind, { ...options, groups: [...families].map(([family, list]) => [t.choice(`family.${family}`, family), list]) });
    }
    return fieldRow(t, fmt, path, kind, { ...options, choices: items.map((item) => [item.id, text(item)]) });
  }
  let kind = kindOf(key) === 'bytes' ? 'bytes' : 'number';
  if (typeof value === 'boolean') kind = 'bool';
  else if (Array.isArray(value)) kind = 'list';
  else if (typeof value === 'string' || inputs.text?.includes(key)) kind = 'string';
  return fieldRow(t, fmt, path, kind, options);
}
