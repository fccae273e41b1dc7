// Serving under load: the traffic of the serving section run through the inference section's
// engine by the core's continuous-batching simulation. Headline first (throughput, the p99 waits,
// goodput under the targets), then the cheapest fleet (serving_fleet.js), where a request's time goes, the latency percentiles, the
// latencies against the request rate (ctx.job: the background load curve, point by point), the
// batch and the KV pool, the scheduler the simulation ran, warnings and sources.
import { h } from '../dom.js';
import { stackedBars } from '../render/charts/index.js';
import { resultNumber } from '../render/number.js';
import { glossaryTerm } from '../render/term.js';
import { getPath } from '../state.js';
import {
  answer, assumption, assumptionsSection, datasheet, figure, numbersTable, priceSource, reference, section, verdict, warningsSection,
} from './parts.js';
import { formatName } from './inference.js';
import { servingCaption } from './serving_caption.js';
import { fleetSection } from './serving_fleet.js';

const spreads = ['ttft_s', 'tpot_s', 'itl_s', 'e2e_latency_s'];
const statistics = ['mean', 'p50', 'p90', 'p99'];

export default {
  render(ctx) {
    return h('div', { class: 'flow' }, headline(ctx), fleetSection(ctx), timeSection(ctx), latencySection(ctx), loadSection(ctx), throughputSection(ctx),
      batchSection(ctx), warningsSection(ctx), assumptions(ctx));
  },
};

function headline(ctx) {
  const { result, t, fmt } = ctx;
  const s = result.serving;
  const asked = result.scenario.serving;
  const panels = [];
  const answers = [
    answer(ctx, 'serving.output_tokens_per_s', t('serving.throughput_label', { gpus: fmt.integer(s.gpus) }), panels),
    answer(ctx, 'serving.ttft_s.p99', glossaryTerm(t, 'ttft', t('serving.ttft_label')), panels),
    answer(ctx, 'serving.tpot_s.p99', t('serving.tpot_label'), panels),
  ];
  if (s.goodput_requests_per_s !== undefined) answers.push(answer(ctx, 'serving.goodput_requests_per_s', t('serving.goodput_label'), panels));
  if (s.cost_per_million_output_tokens_usd !== undefined) {
    answers.push(answer(ctx, 'serving.cost_per_million_output_tokens_usd', t('serving.cost_label'), panels));
  }
  const title = t('serving.setup', { model: ctx.modelName, format: formatName(ctx, result.scenario.inference.weights),
    replicas: fmt.integer(s.replicas), tp: fmt.integer(result.scenario.inference.tp), device: ctx.deviceName,
    load: servingCaption(asked.workload, t, fmt) });
  return h('section', { class: 'headline', attrs: { 'aria-label': t('model.headline') } },
    h('p', { class: 'headline-title' }, title), loadVerdict(ctx), h('div', { class: 'answers' }, answers), panels);
}

// Does the deployment keep up, and (with targets) how many requests meet them.
function loadVerdict(ctx) {
  const { result, t, fmt } = ctx;
  const s = result.serving;
  if (s.overloaded) return verdict(false, t('serving.overloaded'), t('serving.overloaded_more'));
  if (!s.complete) return verdict(false, t('serving.incomplete', { served: fmt.integer(s.served), requests: fmt.integer(s.requests) }));
  if (s.met_targets_fraction !== undefined) {
    const ok = s.met_targets_fraction >= 0.99;
    return verdict(ok, t(ok ? 'serving.targets_met' : 'serving.targets_missed', { share: fmt.percent(s.met_targets_fraction) }));
  }
  return verdict(true, t('serving.keeps_up', { rate: fmt.number(s.requests_per_s) }));
}

// A mean request's life: waiting for admission, its prompt's prefill, the server's own overhead,
// then its answer token by token (the four add up to the mean end-to-end latency).
function timeSection(ctx) {
  const { result, t, fmt } = ctx;
  const s = result.serving;
  const parts = [['queue', s.queue_s_mean], ['prefill', s.prefill_s_mean], ['overhead', s.scheduler.request_overhead_s],
    ['decode', s.decode_s_mean]];
  const bars = stackedBars({
    rows: [{ label: t('serving.mean_request'), segments: parts.map(([key, value]) => ({ key, label: t(`serving.part.${key}`), value })) }],
    format: fmt.seconds,
    title: t('serving.time'),
  });
  return section(t('serving.time'), t('serving.time_hint'), bars,
    numbersTable(ctx, [
      { path: 'serving.queue_s_mean' },
      { path: 'serving.prefill_s_mean' },
      { path: 'serving.scheduler.request_overhead_s' },
      { path: 'serving.decode_s_mean' },
      { path: 'serving.e2e_latency_s.mean' },
    ]));
}

// Time to first token, time per output token, the gaps between tokens and the whole request, at
// their mean and percentiles over the measured requests.
function latencySection(ctx) {
  const { t } = ctx;
  const panels = [];
  const cell = (path) => {
    const { value, panel } = resultNumber(ctx, path);
    if (panel) panels.push(panel);
    return h('td', { class: 'n' }, value);
  };
  const table = h('table', { class: 'table numbers latency' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('serving.latency')), statistics.map((key) => h('th', { scope: 'col' }, t(`serving.stat.${key}`))))),
    h('tbody', {}, spreads.map((spread) => h('tr', {},
      h('th', { scope: 'row' }, t.field(`serving.${spread}`)),
      statistics.map((key) => cell(`serving.${spread}.${key}`))))));
  return section(t('serving.latency'), t('serving.latency_hint'), h('div', { class: 'table-scroll' }, table), panels,
    reference(ctx, 'continuous-batching'));
}

// The p99 waits against the request rate, from light load until the deployment is overloaded
// (rates in shares of its offline rate: the same requests all at once), with this scenario's own point and the targets; and the highest
// rate tried whose requests meet both targets.
function loadSection(ctx) {
  const { result, t, fmt } = ctx;
  const { job } = ctx;
  const curve = job?.value;
  // The job searches the fleet first: its progress is the fleet's until the curve begins.
  const curveJob = job?.phase === 'curve' ? job : null;
  const status = curveJob && !curveJob.finished ? progress(ctx, curveJob) : null;
  if (job?.error) return section(t('serving.load'), t('serving.load_pending'), h('p', { class: 'meta' }, job.error.message));
  if (job?.finished && !curve?.points?.length) return section(t('serving.load'), t('serving.load_pending'), h('p', { class: 'meta' }, t('serving.load_none')));
  if (!curve?.points?.length) return section(t('serving.load'), t('serving.load_pending'), status ?? progress(ctx, curveJob));
  const own = result.serving;
  const ownRate = result.scenario.serving.workload.requests_per_s;
  const points = [...curve.points];
  if (ownRate !== undefined && !points.some((p) => p.requests_per_s === ownRate)) {
    points.push({ requests_per_s: ownRate, ttft_p99_s: own.ttft_s.p99, tpot_p99_s: own.tpot_s.p99, own: true });
    points.sort((a, b) => a.requests_per_s - b.requests_per_s);
  }
  const targets = result.scenario.serving.targets ?? {};
  const series = [
    { label: t('serving.ttft_p99_axis'), values: points.map((p) => (p.own ? null : p.ttft_p99_s)), connect: true },
    { label: t('serving.tpot_p99_axis'), values: points.map((p) => (p.own ? null : p.tpot_p99_s)), connect: true },
  ];
  if (ownRate !== undefined) {
    series.push({ label: t('serving.this_rate'), values: points.map((p) => (p.requests_per_s === ownRate ? p.ttft_p99_s : null)), points: true, colour: 3 });
    series.push({ label: t('serving.this_rate_tpot'), values: points.map((p) => (p.requests_per_s === ownRate ? p.tpot_p99_s : null)), points: true, colour: 4 });
  }
  for (const [key, colour] of [['ttft_p99_s', 0], ['tpot_p99_s', 1]]) {
    if (targets[key] !== undefined) series.push({ label: t(`serving.target.${key}`), values: points.map(() => targets[key]), dash: true, colour });
  }
  const chart = ctx.chart('serving.load', {
    x: points.map((p) => p.requests_per_s),
    xLabel: t('serving.rate_axis'),
    yLabel: t('serving.latency_axis'),
    log: { y: true },
    format: { x: (v) => fmt.byName('requests_per_s', v), y: fmt.seconds },
    series,
  });
  const tried = curve.points;
  const within = tried.filter((p) => p.met_targets_fraction !== null && p.met_targets_fraction >= 0.99 && !p.overloaded);
  const best = within.at(-1);
  const answerLine = targets.ttft_p99_s !== undefined || targets.tpot_p99_s !== undefined
    ? h('p', { class: 'meta', dataset: { bestRate: best ? String(best.requests_per_s) : '' } },
      best ? t('serving.best_rate', { rate: fmt.byName('requests_per_s', best.requests_per_s),
        share: fmt.percent(best.requests_per_s / curve.capacity_requests_per_s) })
        : t('serving.no_rate'))
    : null;
  const table = h('table', { class: 'table load-curve' },
    h('thead', {}, h('tr', {}, [t('serving.rate_axis'), t.field('serving.output_tokens_per_s'), t('serving.ttft_p99_axis'), t('serving.tpot_p99_axis')]
      .map((label) => h('th', { scope: 'col' }, label)))),
    h('tbody', {}, tried.map((p) => h('tr', { dataset: { overloaded: String(p.overloaded) } },
      h('td', { class: 'n' }, fmt.byName('requests_per_s', p.requests_per_s)),
      h('td', { class: 'n' }, fmt.byName('tokens_per_s', p.output_tokens_per_s)),
      h('td', { class: 'n' }, fmt.seconds(p.ttft_p99_s)),
      h('td', { class: 'n' }, fmt.seconds(p.tpot_p99_s))))));
  const block = section(t('serving.load'), t('serving.load_hint', { capacity: fmt.byName('requests_per_s', curve.capacity_requests_per_s) }),
    status, answerLine,
    h('div', { class: 'charts' }, figure(t('serving.load'), chart, t('serving.load_chart_hint'))),
    h('details', {}, h('summary', {}, t('serving.load_table')), h('div', { class: 'table-scroll' }, table)));
  block.dataset.loadState = job.finished ? 'done' : 'running';
  return block;
}

function progress(ctx, job) {
  const { t, fmt } = ctx;
  return h('p', { class: 'meta load-progress', role: 'status' },
    h('progress', { max: job?.total ?? 1, value: job?.done ?? 0 }), ' ',
    t('serving.simulating', { done: fmt.integer(job?.done ?? 0), total: fmt.integer(job?.total ?? 1) }));
}

function throughputSection(ctx) {
  const { t } = ctx;
  return section(t('serving.throughput'), t('serving.throughput_hint'),
    numbersTable(ctx, [
      { path: 'serving.output_tokens_per_s' },
      { path: 'serving.output_tokens_per_s_per_gpu' },
      { path: 'serving.total_tokens_per_s' },
      { path: 'serving.requests_per_s' },
      { path: 'serving.goodput_requests_per_s' },
      { path: 'serving.met_targets_fraction' },
      { path: 'serving.cost_per_million_output_tokens_usd' },
      { path: 'serving.replicas' },
      { path: 'serving.gpus' },
    ]));
}

function batchSection(ctx) {
  const { t } = ctx;
  const admission = getPath(ctx.result, 'serving.scheduler.admission');
  return section(t('serving.batch'), t('serving.batch_hint'),
    h('div', { class: 'columns' },
      numbersTable(ctx, [
        { path: 'serving.mean_batch' },
        { path: 'serving.peak_batch' },
        { path: 'serving.kv_pool_tokens' },
        { path: 'serving.kv_pool_bytes_per_device' },
        { path: 'serving.preemptions' },
        { path: 'serving.truncated' },
      ]),
      numbersTable(ctx, [
        { path: 'serving.scheduler.max_batched_tokens' },
        { path: 'serving.scheduler.max_num_seqs', note: ctx.result.serving.scheduler.max_num_seqs === 0 ? t('serving.no_cap') : null },
        { path: 'serving.scheduler.block_tokens' },
        { path: 'serving.requests' },
        { path: 'serving.served' },
        { path: 'serving.steps_per_replica' },
        { path: 'serving.duration_s' },
      ])),
    h('p', { class: 'meta', dataset: { admission } }, t(`serving.admission.${admission}`)));
}

function assumptions(ctx) {
  const { t, result } = ctx;
  const { runtime } = result.scenario.inference;
  const items = [{ label: t('serving.engine'), value: t.choice(`runtime.${runtime}`, runtime), help: t('serving.engine_help'), source: datasheet(ctx) }];
  if (result.serving.cost_per_million_output_tokens_usd !== undefined) {
    items.push({ ...assumption(ctx, 'inference.price_per_gpu_hour_usd'), source: priceSource(ctx, result.inference?.price_source) });
  }
  return assumptionsSection(ctx, items);
}
