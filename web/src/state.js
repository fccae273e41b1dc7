// The scenario the user is building, as sparse JSON: only what they chose. The core's normalised
// `result.scenario` supplies every default; nothing here knows a default or a list of fields.
// Form controls name a scenario path (data-field="hardware.count"), and these functions apply an
// edit at such a path, whatever section it is in.

export function getPath(object, path) {
  let value = object;
  for (const key of splitPath(path)) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

export function splitPath(path) {
  return path === '' ? [] : String(path).split('.');
}

export function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
}

const clone = (value) => (value === undefined ? undefined : structuredClone(value));

function setIn(object, keys, value) {
  let node = object;
  for (const key of keys.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object' || Array.isArray(node[key])) node[key] = {};
    node = node[key];
  }
  node[keys.at(-1)] = value;
}

// keep: top-level sections that stay even when emptied ("training": {} asks for a training
// estimate with every default).
function deleteIn(object, keys, keep = []) {
  const parents = [object];
  for (const key of keys.slice(0, -1)) {
    const next = parents.at(-1)?.[key];
    if (next === null || typeof next !== 'object') return;
    parents.push(next);
  }
  delete parents.at(-1)[keys.at(-1)];
  // Drop the objects the deletion emptied (hardware: {} says nothing).
  for (let i = parents.length - 1; i > 0; i -= 1) {
    if (i === 1 && keep.includes(keys[0])) break;
    if (Object.keys(parents[i]).length === 0) delete parents[i - 1][keys[i - 1]];
  }
}

// What the scenario's model is: a preset (maybe with overrides) or a config.json object.
// catalog: the core's presets() listing.
export function describeModel(scenario, catalog) {
  const model = scenario?.model;
  if (typeof model === 'string') {
    return { kind: 'preset', presetId: model, preset: findPreset(catalog, model), overrides: {} };
  }
  if (model && typeof model === 'object' && !Array.isArray(model) && 'preset' in model) {
    const { preset, ...overrides } = model;
    return { kind: 'preset', presetId: preset, preset: findPreset(catalog, preset), overrides };
  }
  if (model && typeof model === 'object' && !Array.isArray(model)) return { kind: 'config', config: model };
  return { kind: 'none' };
}

function findPreset(catalog, id) {
  return catalog?.models?.find((entry) => entry.id === id);
}

// The config fields the model is made from, before overrides: a multimodal config's language
// model lives under text_config, and that is what overrides and edits address.
export function languageConfig(config) {
  if (!config || typeof config !== 'object') return {};
  const text = config.text_config;
  return text && typeof text === 'object' && !Array.isArray(text) ? { ...config, ...text, text_config: undefined } : config;
}

export function effectiveModelConfig(info) {
  if (info.kind === 'preset') return { ...languageConfig(info.preset?.config), ...info.overrides };
  if (info.kind === 'config') return languageConfig(info.config);
  return {};
}

// Returns a new scenario with `value` at `path`. context.normalized is the core's last
// result.scenario (the accelerator in use when the scenario names none); context.catalog the
// presets() listing.
export function setField(scenario, path, value, context = {}) {
  const next = clone(scenario) ?? {};
  const keys = splitPath(path);
  if (keys[0] === 'model' && keys.length > 1) {
    const info = describeModel(next, context.catalog);
    if (info.kind === 'preset') {
      next.model = { preset: info.presetId, ...info.overrides };
      setIn(next.model, keys.slice(1), value);
    } else if (info.kind === 'config') {
      const text = next.model.text_config;
      const target = text && typeof text === 'object' && !Array.isArray(text) ? text : next.model;
      setIn(target, keys.slice(1), value);
    }
    return next;
  }
  // A figure of the accelerator or the host: a preset id becomes { preset, ...overrides }.
  if (keys[0] === 'hardware' && (keys[1] === 'accelerator' || keys[1] === 'host') && keys.length > 2) {
    let device = next.hardware?.[keys[1]] ?? context.normalized?.hardware?.[keys[1]];
    if (typeof device === 'string') device = { preset: device };
    device = clone(device) ?? {};
    // An override replaces a preset's top-level entry whole; a nested edit starts from its value.
    if ('preset' in device && keys.length > 3 && !(keys[2] in device)) {
      const list = keys[1] === 'host' ? context.catalog?.cpus : context.catalog?.accelerators;
      const entry = list?.find((a) => a.id === device.preset);
      if (entry && entry[keys[2]] && typeof entry[keys[2]] === 'object') device[keys[2]] = clone(entry[keys[2]]);
    }
    setIn(device, keys.slice(2), value);
    next.hardware = { ...next.hardware, [keys[1]]: device };
    return next;
  }
  setIn(next, keys, value);
  return next;
}

// Returns a new scenario without the value at `path`: back to the preset's or the core's default.
// keep: the flow sections that stay in the scenario when their last value goes.
export function resetField(scenario, path, { keep = [] } = {}) {
  const next = clone(scenario) ?? {};
  const keys = splitPath(path);
  if (keys[0] === 'model' && keys.length > 1 && next.model && typeof next.model === 'object') {
    const text = next.model.text_config;
    if (!('preset' in next.model) && text && typeof text === 'object' && keys[1] in text) {
      deleteIn(text, keys.slice(1));
    } else {
      deleteIn(next.model, keys.slice(1));
    }
    return collapse(next);
  }
  deleteIn(next, keys, keep);
  return collapse(next);
}

// The scenario the core is asked about: the flow sections in `wanted` (added empty when the
// scenario has none yet), every other section of `all` left out. A section costs the core time
// (inference: the whole quantization table), so the page computes only what the open view shows.
export function withSections(scenario, wanted, all) {
  const next = { ...scenario };
  for (const section of all) {
    if (!wanted.includes(section)) delete next[section];
    else if (!isObject(next[section])) next[section] = {};
  }
  return next;
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// {"preset": id} with no overrides left is just the id.
function collapse(scenario) {
  if (scenario.model && typeof scenario.model === 'object' && Object.keys(scenario.model).length === 1 &&
      'preset' in scenario.model) {
    scenario.model = scenario.model.preset;
  }
  for (const key of ['accelerator', 'host']) {
    const device = scenario.hardware?.[key];
    if (device && typeof device === 'object' && Object.keys(device).length === 1 && 'preset' in device) {
      scenario.hardware[key] = device.preset;
    }
  }
  return scenario;
}

// Drops every value that changes nothing, so links stay short: overrides equal to the preset's own
// value, and any other field whose removal leaves the core's normalised scenario the same.
// estimate(scenario) returns { result } or { error }. sections: the flow sections ("training",
// "inference"); they stay even when empty, and a value in one is checked with only the sections
// question(section) names computed (the section and those its defaults come from; the others
// cannot change its default).
export function pruneScenario(scenario, { catalog, estimate, sections = [], question = (section) => [section] }) {
  let next = clone(scenario);
  const info = describeModel(next, catalog);
  if (info.kind === 'preset' && info.preset) {
    const base = languageConfig(info.preset.config);
    for (const [key, value] of Object.entries(info.overrides)) {
      if (deepEqual(base[key], value)) next = resetField(next, `model.${key}`);
    }
  }
  const accelerator = next.hardware?.accelerator;
  if (accelerator && typeof accelerator === 'object' && 'preset' in accelerator) {
    const entry = catalog?.accelerators?.find((a) => a.id === accelerator.preset);
    for (const [key, value] of Object.entries(accelerator)) {
      if (key !== 'preset' && entry && deepEqual(entry[key], value)) next = resetField(next, `hardware.accelerator.${key}`);
    }
  }
  // A value goes when its section's normalised form stays the same without it: the whole section,
  // since one value can set others (a training section naming no plan field gets the planner's).
  const normalised = (candidate, section) =>
    estimate(withSections(candidate, sections.includes(section) ? question(section) : [], sections)).result?.scenario?.[section];
  const kept = new Map(); // section → its normalised form with the values kept so far
  for (const path of leafPaths(next)) {
    const without = resetField(next, path, { keep: sections });
    const section = splitPath(path)[0];
    if (!kept.has(section)) kept.set(section, normalised(next, section));
    const after = normalised(without, section);
    if (after !== undefined && deepEqual(after, kept.get(section))) next = without;
  }
  return next;
}

// Scenario leaves outside the model and outside an accelerator object (those are pruned above).
function leafPaths(scenario, prefix = '') {
  const paths = [];
  for (const [key, value] of Object.entries(scenario)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (path === 'model' || (path === 'hardware.accelerator' && typeof value === 'object')) continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) paths.push(...leafPaths(value, path));
    else paths.push(path);
  }
  return paths;
}

// A scenario from a link, made one the core accepts: each field the core refuses (unknown to this
// version, or out of range) is dropped, one at a time, and reported; a model the core refuses is
// replaced by the example's. estimate(scenario) returns { result } or { error }; keep: the flow
// sections that stay when their last value goes. Returns { scenario, dropped: [{ field, allowed,
// got, code, params }] } (code and params: the core's rule, which the page translates); the scenario may still be refused when the error names no value the link holds (a
// default that the rest of it makes invalid), or after maxDrops values.
const maxDrops = 64;

export function openScenario(scenario, estimate, example, { keep = [] } = {}) {
  let next = clone(scenario);
  const dropped = [];
  while (dropped.length < maxDrops) {
    const { error } = estimate(next);
    if (!error) break;
    const field = String(error.field ?? '');
    const onModel = field === 'model' || field.startsWith('model.');
    if (field && field !== 'model' && field !== 'model.preset' && getPath(next, field) !== undefined) {
      next = resetField(next, field, { keep });
    } else if (onModel && !deepEqual(next.model, example.model)) {
      next = { ...next, model: clone(example.model) };
    } else {
      break;
    }
    dropped.push({ field, allowed: error.allowed ?? '', got: error.got ?? '', code: error.code ?? '', params: error.params ?? {} });
  }
  return { scenario: next, dropped };
}

// Error paths name where the core read a value; an edit of a multimodal config's language model
// is shown at the plain field (model.text_config.hidden_size → model.hidden_size).
export function fieldOfError(field) {
  return String(field ?? '').replace(/^model\.text_config\./, 'model.');
}
