// The hardware input: the accelerator catalog grouped by vendor (and the CPUs, which can be the
// only device), the device count, the host CPU with its RAM (where offloaded layers and experts
// live), and the device's specs as the core resolved them, each editable (a preset with overrides,
// or a wholly custom device).
import { h, linkify } from '../dom.js';
import { fieldRow } from '../form.js';
import { kindOf } from '../format.js';
import { term } from '../render/term.js';

const customValue = '__custom';
// Rows in the order people read a datasheet: name, memory, bandwidths, compute, power, the rest.
const kindRank = { 'string-text': -1, bytes: 0, bytes_per_s: 1, flops_per_s: 2, watts: 3 };
// What the core says about a device rather than a figure of it: neither shown as a field nor copied.
const reportedOnly = new Set(['modified']);

export function createHardwarePanel(app) {
  const element = h('section', { class: 'panel hardware-panel', attrs: { 'aria-labelledby': 'hardware-heading' } });
  let builtFor = null;
  let parts;
  let specSignature = '';

  function build() {
    const { t, fmt } = app;
    const vendors = new Map();
    for (const accelerator of app.catalog.accelerators) {
      const vendor = accelerator.vendor || t('hardware.other');
      if (!vendors.has(vendor)) vendors.set(vendor, []);
      vendors.get(vendor).push(accelerator);
    }
    const select = h('select', { id: 'accelerator', dataset: { field: 'hardware.accelerator' },
      attrs: { 'aria-describedby': 'accelerator-error' },
      on: { change: () => choose(select.value) } },
    [...vendors].map(([vendor, list]) => h('optgroup', { label: vendor },
      list.map((a) => h('option', { value: a.id }, a.name)))),
    h('optgroup', { label: t('hardware.cpu_group') }, app.catalog.cpus.map((c) => h('option', { value: c.id }, c.name))),
    h('optgroup', { label: t('hardware.custom_group') }, h('option', { value: customValue }, t('hardware.custom'))));
    // The host: none, or a CPU by kind of machine; its RAM and memory speed as installed.
    const categories = ['desktop', 'laptop', 'workstation', 'server'];
    const hostSelect = h('select', { id: 'host', dataset: { field: 'hardware.host' },
      attrs: { 'aria-describedby': 'host-error host-hint' }, on: { change: () => chooseHost(hostSelect.value) } },
    h('option', { value: '' }, t('hardware.no_host')),
    categories.map((category) => h('optgroup', { label: t(`hardware.cpu_category.${category}`) },
      app.catalog.cpus.filter((c) => c.category === category).map((c) => h('option', { value: c.id }, c.name)))));
    // The disk llama.cpp pages weights in from when RAM is short (a CPU as the device, or a host).
    const disk = h('div', { class: 'fields disk-fields' },
      fieldRow(t, fmt, 'hardware.disk_read_bytes_per_s', 'bytes_per_s', { label: t('hardware.disk_read') }),
      h('p', { class: 'hint' }, t('hardware.disk_hint')));
    const hostFields = h('div', { class: 'fields host-fields' },
      fieldRow(t, fmt, 'hardware.host.memory_bytes', 'bytes', { label: t('hardware.host_memory') }),
      fieldRow(t, fmt, 'hardware.host.memory_mt_per_s', 'number', { label: t('hardware.host_speed') }));
    const host = h('div', { class: 'host-block' },
      h('div', { class: 'field field-block' },
        h('label', { htmlFor: 'host' }, term(t('hardware.host'), t('hardware.host_help'))),
        h('span', { class: 'control' }, hostSelect),
        h('p', { class: 'hint', id: 'host-hint' }, t('hardware.host_hint')),
        h('p', { class: 'field-error', id: 'host-error', dataset: { errorFor: 'hardware.host' } })),
      hostFields);
    const modified = h('p', { class: 'modified', hidden: true },
      h('span', { class: 'badge' }, t('hardware.modified')), ' ',
      h('button', { type: 'button', class: 'link', on: { click: () => {
        const accelerator = app.scenario.hardware?.accelerator;
        if (accelerator && typeof accelerator === 'object' && accelerator.preset) app.set('hardware.accelerator', accelerator.preset);
      } } }, t('hardware.reset')));
    const specs = h('div', { class: 'fields' });
    const source = h('p', { class: 'source-text' });
    parts = { select, modified, specs, source, host, hostSelect, hostFields, disk };
    element.replaceChildren(
      h('h2', { id: 'hardware-heading' }, t('hardware.heading')),
      h('div', { class: 'field field-block' },
        h('label', { htmlFor: 'accelerator' }, term(t('hardware.accelerator'), t.help('accelerator'))),
        h('span', { class: 'control' }, select),
        h('p', { class: 'field-error', id: 'accelerator-error', dataset: { errorFor: 'hardware.accelerator' } })),
      modified,
      fieldRow(t, fmt, 'hardware.count', 'int', { name: 'count' }),
      host,
      disk,
      h('p', { class: 'field-error', dataset: { errorFor: 'hardware' } }),
      h('details', { class: 'editor' }, h('summary', {}, t('hardware.specs'), h('span', { class: 'hint' }, ` ${t('hardware.specs_hint')}`)),
        specs, source),
    );
    specSignature = '';
    builtFor = t.lang;
  }

  function choose(value) {
    // A CPU as the device holds everything itself: it has no host beside it.
    if (app.catalog.cpus.some((c) => c.id === value) && app.scenario.hardware?.host) {
      const { host, ...hardware } = app.scenario.hardware;
      app.setScenario({ ...app.scenario, hardware: { ...hardware, accelerator: value } });
      return;
    }
    if (value !== customValue) {
      app.set('hardware.accelerator', value);
      return;
    }
    // A custom device starts as a copy of the device in use, figures only.
    const spec = app.result?.hardware?.accelerator ?? {};
    const custom = { name: app.t('hardware.custom_name') };
    for (const [key, value] of Object.entries(spec)) {
      if (reportedOnly.has(key)) continue;
      if (typeof value === 'number' || typeof value === 'boolean' || (value && typeof value === 'object')) custom[key] = value;
    }
    app.set('hardware.accelerator', custom);
  }

  // A new host keeps the RAM already entered (the machine's memory rarely changes with the CPU).
  function chooseHost(id) {
    if (!id) {
      app.reset('hardware.host');
      return;
    }
    const current = app.scenario.hardware?.host;
    const memory = current && typeof current === 'object' && current.memory_bytes ? { memory_bytes: current.memory_bytes } : null;
    app.set('hardware.host', memory ? { preset: id, ...memory } : id);
  }

  function showHost() {
    const result = app.result;
    const device = result?.hardware?.accelerator;
    // A CPU as the device holds everything in its own RAM; unified memory has no separate host.
    parts.host.hidden = Boolean(device && (device.category === 'cpu' || device.unified_memory));
    const chosen = app.scenario.hardware?.host;
    const id = typeof chosen === 'string' ? chosen : chosen?.preset ?? (chosen ? customValue : '');
    if (id && ![...parts.hostSelect.options].some((o) => o.value === id)) parts.hostSelect.append(h('option', { value: id }, id));
    parts.hostSelect.value = id;
    parts.hostFields.hidden = !chosen;
    parts.disk.hidden = !(chosen || device?.category === 'cpu');
  }

  function showSpecs() {
    const { t, fmt } = app;
    const spec = app.result?.hardware?.accelerator ?? {};
    const accelerator = app.scenario.hardware?.accelerator;
    const custom = Boolean(accelerator && typeof accelerator === 'object' && !('preset' in accelerator));
    const rows = [];
    for (const [key, value] of Object.entries(spec)) {
      if (reportedOnly.has(key)) continue;
      if (value && typeof value === 'object') {
        for (const [sub, subValue] of Object.entries(value)) {
          if (typeof subValue === 'number') rows.push({ path: `${key}.${sub}`, name: key, sub, kind: kindOf(`${key}.${sub}`) });
        }
      } else if (typeof value === 'number') {
        rows.push({ path: key, name: key, kind: kindOf(key) });
      } else if (typeof value === 'boolean') {
        rows.push({ path: key, name: key, kind: 'bool' });
      } else if (key === 'name' && custom) {
        rows.push({ path: key, name: key, kind: 'string-text' });
      }
    }
    rows.sort((a, b) => (kindRank[a.kind] ?? 9) - (kindRank[b.kind] ?? 9));
    const signature = JSON.stringify([custom, rows, fmt.bytesUnit]);
    if (signature !== specSignature) {
      specSignature = signature;
      parts.specs.replaceChildren(...rows.map((row) => fieldRow(t, fmt, `hardware.accelerator.${row.path}`,
        row.kind === 'string-text' ? 'string' : row.kind,
        { name: row.name, label: row.sub ? term(`${t.field(row.name)} ${row.sub.toUpperCase()}`, t.help(row.name), { focusable: false }) : undefined,
          onReset: custom ? undefined : () => app.reset(`hardware.accelerator.${row.path}`) })));
    }
    const overrides = accelerator && typeof accelerator === 'object' && 'preset' in accelerator ? accelerator : {};
    for (const button of parts.specs.querySelectorAll('.reset')) {
      const path = button.closest('[data-row]').dataset.row.slice('hardware.accelerator.'.length);
      button.hidden = !Object.hasOwn(overrides, path.split('.')[0]);
    }
    parts.source.replaceChildren(...(spec.source ? [t('hardware.source'), ' ', h('cite', {}, linkify(spec.source))] : []));
  }

  return {
    element,
    update() {
      if (builtFor !== app.t.lang) build();
      // The device in use: the scenario's, else the core's default (also while it refuses the input).
      const accelerator = app.scenario.hardware?.accelerator ?? app.result?.scenario?.hardware?.accelerator
        ?? app.defaults?.hardware?.accelerator;
      let value = customValue;
      if (typeof accelerator === 'string') value = accelerator;
      else if (accelerator && typeof accelerator === 'object' && typeof accelerator.preset === 'string') value = accelerator.preset;
      if (![...parts.select.options].some((o) => o.value === value)) {
        // An id the catalog does not know (a hostile or outdated link): shown as itself, never run.
        parts.select.append(h('option', { value }, value));
      }
      parts.select.value = value;
      parts.modified.hidden = !(accelerator && typeof accelerator === 'object' && 'preset' in accelerator);
      showHost();
      showSpecs();
    },
  };
}
