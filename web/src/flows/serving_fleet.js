// The Serving view's cheapest fleet: the core's fleet search (fleet.hpp), run by the background job
// before the load curve (ctx.job.value.fleet, with the core's progress while it searches). The
// answer first (the cheapest layout, aggregated or with prefill and decode on pools of their own,
// or the closest and the targets it misses), then tokens/s per GPU against tokens/s per user for
// every replica count simulated, with the frontier, then every layout tried.
import { h } from '../dom.js';
import { answer, figure, section, verdict } from './parts.js';

const columns = ['device', 'layout', 'status', 'replicas', 'gpus', 'usd_per_hour', 'cost', 'ttft', 'tpot'];

export function fleetSection(ctx) {
  const { t, fmt, job, result } = ctx;
  const { workload } = result.scenario.serving;
  if (workload.requests_per_s === undefined && workload.concurrency === undefined) {
    return section(t('fleet.title'), t('fleet.needs_traffic'));
  }
  const value = job?.value;
  let block;
  if (value?.fleet_error) {
    block = section(t('fleet.title'), t('fleet.hint'), h('p', { class: 'meta' }, value.fleet_error.message));
  } else if (!value?.fleet) {
    const searching = job?.phase === 'fleet';
    block = section(t('fleet.title'), t('fleet.hint'), h('p', { class: 'meta fleet-progress', role: 'status' },
      h('progress', { max: searching ? job.total : 1, value: searching ? job.done : 0 }), ' ',
      searching ? t('fleet.searching', { done: fmt.integer(job.done), total: fmt.integer(job.total) }) : t('fleet.starting')));
  } else {
    const searched = value.fleet;
    // The fleet's own answer explains its numbers: the formula panels read it, not the estimate.
    const fleetCtx = { ...ctx, result: searched };
    block = section(t('fleet.title'), t('fleet.hint'), outcome(fleetCtx), paretoFigure(fleetCtx), layoutTable(fleetCtx),
      h('p', { class: 'meta' }, t('fleet.searched', { layouts: fmt.integer(searched.fleet.search.layouts),
        estimates: fmt.integer(searched.fleet.search.estimates), simulations: fmt.integer(searched.fleet.search.simulations) })));
  }
  block.dataset.fleetState = value?.fleet ? 'done' : value?.fleet_error ? 'error' : 'running';
  return block;
}

const named = (fmt, layout) => ({ replicas: fmt.integer(layout.replicas), device: layout.accelerator_name, tp: fmt.integer(layout.tp),
  gpus: fmt.integer(layout.gpus) });

// The fleet answer in a sentence: the cheapest layout, or what no layout meets (the embed card's line).
export function fleetSentence(ctx) {
  const { t, fmt, result } = ctx;
  const { best, closest } = result.fleet;
  if (best?.mode === 'disaggregated') {
    return t('fleet.best_split', { device: best.accelerator_name, gpus: fmt.integer(best.gpus), pools: pools(ctx, best) });
  }
  if (best) return t('fleet.best', named(fmt, best));
  return t('fleet.none', { unmet: closest ? closest.unmet.map((key) => t(`fleet.unmet.${key}`)).join(', ') : '–' });
}

// The cheapest layout meeting the targets with its cost, or the closest with what it misses.
function outcome(ctx) {
  const { t, fmt, result } = ctx;
  const { best, closest } = result.fleet;
  if (best) {
    const split = best.mode === 'disaggregated';
    const panels = [];
    const answers = ['usd_per_hour', 'cost_per_million_output_tokens_usd', 'gpus', 'ttft_p99_s', 'tpot_p99_s']
      .filter((key) => best[key] !== undefined)
      .map((key) => answer(ctx, `fleet.best.${key}`, t.field(`fleet.best.${key}`), panels));
    const said = split
      ? verdict(true, fleetSentence(ctx), t('fleet.best_split_more', { transfer: fmt.seconds(best.kv_transfer_s) }))
      : verdict(true, fleetSentence(ctx), t('fleet.best_more'));
    const key = split ? `${best.accelerator}:disaggregated:${best.gpus}` : `${best.accelerator}:${best.tp}:${best.replicas}`;
    return h('div', { class: 'fleet-answer', dataset: { fleetBest: key } }, said, h('div', { class: 'answers' }, answers), panels);
  }
  if (!closest) return verdict(false, fleetSentence(ctx));
  return h('div', { class: 'fleet-answer', dataset: { fleetClosest: `${closest.accelerator}:${closest.tp}:${closest.replicas}` } },
    verdict(false, fleetSentence(ctx),
      [t('fleet.closest', { ...named(fmt, closest), ttft: fmt.seconds(closest.ttft_p99_s), tpot: fmt.seconds(closest.tpot_p99_s) }),
        closest.latency_floor ? t('fleet.floor') : ''].join(' ').trim()));
}

// A disaggregated layout's two pools, as "5 × TP 2 prefill + 1 × TP 4 decode".
function pools(ctx, layout) {
  const { t, fmt } = ctx;
  const pool = (key) => layout[key] && t(`fleet.pool.${key}`, { replicas: fmt.integer(layout[key].replicas), tp: fmt.integer(layout[key].tp) });
  return [pool('prefill'), pool('decode')].filter(Boolean).join(' + ') || '–';
}

// Every replica count estimated or simulated that keeps up: a scatter per device and TP, and the
// frontier.
function paretoFigure(ctx) {
  const { t, fmt, result } = ctx;
  const points = result.fleet.points.filter((p) => p.keeps_up && p.tokens_per_s_per_user > 0)
    .sort((a, b) => a.tokens_per_s_per_user - b.tokens_per_s_per_user);
  if (points.length < 2) return null;
  // A series per layout: a device and TP, or a device with prefill and decode apart.
  const groupOf = (item) => `${item.accelerator}:${item.mode === 'disaggregated' ? 'disaggregated' : item.tp}`;
  const names = new Map(result.fleet.layouts.map((l) => [groupOf(l),
    l.mode === 'disaggregated' ? t('fleet.series_split', { device: l.accelerator_name }) : `${l.accelerator_name} · TP ${l.tp}`]));
  // In the search's order (devices as listed, TP ascending, then the disaggregated layout).
  const groups = [...names.keys()].filter((group) => points.some((p) => groupOf(p) === group));
  const series = groups.map((group) => ({
    label: names.get(group) ?? group,
    values: points.map((p) => (groupOf(p) === group ? p.output_tokens_per_s_per_gpu : null)),
    points: true,
  }));
  // Dashed: the frontier stays apart from the layouts' dots whatever colour it gets.
  series.push({ label: t('fleet.frontier'), values: points.map((p) => (p.pareto ? p.output_tokens_per_s_per_gpu : null)), connect: true, dash: true });
  const chart = ctx.chart('serving.fleet', {
    x: points.map((p) => p.tokens_per_s_per_user),
    xLabel: t('fleet.per_user_axis'),
    yLabel: t('fleet.per_gpu_axis'),
    format: { x: fmt.tokensPerSecond, y: fmt.tokensPerSecond },
    series,
  });
  return h('div', { class: 'charts' }, figure(t('fleet.pareto'), chart, t('fleet.pareto_hint')));
}

function layoutTable(ctx) {
  const { t, fmt, result } = ctx;
  const cell = (text) => h('td', { class: 'n' }, text);
  const money = (value, format) => (value === undefined ? '–' : format(value));
  const rows = result.fleet.layouts.map((l) => h('tr', { dataset: { status: l.status, mode: l.mode } },
    h('th', { scope: 'row' }, l.accelerator_name),
    l.mode === 'disaggregated' ? h('td', {}, pools(ctx, l)) : cell(fmt.integer(l.tp)),
    h('td', {}, t(`fleet.status.${l.status}`)),
    cell(l.replicas === undefined ? '–' : fmt.integer(l.replicas)),
    cell(l.gpus === undefined ? '–' : fmt.integer(l.gpus)),
    cell(money(l.usd_per_hour, fmt.usdPerHour)),
    cell(money(l.cost_per_million_output_tokens_usd, fmt.usd)),
    cell(l.ttft_p99_s === undefined ? '–' : fmt.seconds(l.ttft_p99_s)),
    cell(l.tpot_p99_s === undefined ? '–' : fmt.seconds(l.tpot_p99_s))));
  const table = h('table', { class: 'table fleet-layouts' },
    h('thead', {}, h('tr', {}, columns.map((key) => h('th', { scope: 'col' }, t(`fleet.column.${key}`))))),
    h('tbody', {}, rows));
  return h('details', { open: !result.fleet.best }, h('summary', {}, t('fleet.layouts')), h('div', { class: 'table-scroll' }, table));
}
