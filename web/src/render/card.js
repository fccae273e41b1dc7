// The card: a scenario's headline figures, compact and read-only. embed.html shows it in an
// iframe, and the <llm-sizer-card> element inline in another site's page; both draw it here.
import { h } from '../dom.js';
import { availableFlows } from '../flows/index.js';
import { fleetSentence } from '../flows/serving_fleet.js';
import { getPath } from '../state.js';
import { deviceName } from './device_name.js';
import { modelName } from './shell.js';

// ctx: { result, t, fmt, catalog } for the core's answer; open: where "Open in the calculator"
// goes (none: no link). Returns the card's children.
export function cardContent({ result, t, fmt, catalog = null }, { open } = {}) {
  const ctx = { result, t, fmt, catalog, expanded: new Set(), modelName: modelName(t, result.scenario, catalog, result),
    deviceName: deviceName(t, result.hardware.accelerator), hostName: deviceName(t, result.hardware.host) };
  // Each flow the scenario carries, with its headline figures (the model's first, untitled).
  const groups = availableFlows(result).map((flow) => [flow, flow.headline(ctx)]).filter(([, items]) => items.length)
    .map(([flow, items]) => h('section', { class: 'stat-group', dataset: { flow: flow.id } },
      flow.section ? h('h2', {}, t(`flow.${flow.id}`), flow.caption ? h('span', { class: 'caption' }, ` · ${flow.caption(ctx)}`) : null) : null,
      h('dl', { class: 'stats' }, items.map(({ path, label }) => stat({ t, fmt }, result, path, label)))));
  return [
    h('h1', {}, ctx.modelName),
    h('p', { class: 'sub' }, t('embed.hardware', { count: fmt.integer(result.hardware.count), name: ctx.deviceName }),
      result.hardware.host ? ` ${t('embed.host', { host: ctx.hostName, ram: fmt.bytes(result.hardware.host.memory_bytes) })}` : null),
    groups,
    cardFooter(t, open),
  ];
}

// One figure of a result: its label, and its value as the page formats it.
function stat({ t, fmt }, result, path, label) {
  const value = getPath(result, path);
  // A three-state answer reads as its words; fits and does not fit colour like yes and no.
  const verdict = typeof value === 'string';
  const good = verdict ? value !== 'does_not_fit' : value;
  const text = verdict ? t.choice(`placement.${value}`, value) : fmt.byName(path, value);
  return h('div', { class: `stat${typeof value === 'boolean' || verdict ? (good ? ' yes' : ' no') : ''}` }, h('dt', {}, label),
    h('dd', {}, h('data', { value: String(value), dataset: { path } }, text)));
}

// The cheapest fleet for the scenario's traffic (the Serving view's search, `{ fleet }` or
// `{ fleet_error }`): the answer in a sentence, and its cost and GPUs.
export function cardFleet({ t, fmt }, { fleet, fleet_error: error }) {
  const title = h('h2', {}, t('fleet.title'));
  if (!fleet) return h('section', { class: 'stat-group', dataset: { flow: 'fleet' } }, title, h('p', { class: 'problem' }, error?.message ?? ''));
  const ctx = { t, fmt, result: fleet };
  const best = fleet.fleet.best;
  const paths = ['usd_per_hour', 'cost_per_million_output_tokens_usd', 'gpus'].filter((key) => best?.[key] !== undefined)
    .map((key) => `fleet.best.${key}`);
  return h('section', { class: 'stat-group', dataset: { flow: 'fleet' } }, title, h('p', { class: 'sub' }, fleetSentence(ctx)),
    paths.length ? h('dl', { class: 'stats' }, paths.map((path) => stat(ctx, fleet, path, t.field(path)))) : null);
}

// What a card says when it has no result: the problem, in a sentence.
export function cardProblem(t, text, { open } = {}) {
  return [h('p', { class: 'problem' }, text), cardFooter(t, open)];
}

function cardFooter(t, open) {
  return h('footer', {}, h('span', {}, 'LLM Sizer'), open ? h('a', { href: open, target: '_blank', rel: 'noopener' }, t('embed.open')) : null);
}
