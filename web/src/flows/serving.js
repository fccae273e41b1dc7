// Serving under load: the traffic of the serving section run through the inference section's
// engine by the core's continuous-batching simulation. Headline first (throughput, the p99 waits,
// goodput under the targets), then where a request's time goes, the latency percentiles, the
// batch and the KV pool, the scheduler the simulation ran, warnings and sources.
import { h } from '../dom.js';
import { stackedBars } from '../render/charts/index.js';
import { resultNumber } from '../render/number.js';
import { glossaryTerm } from '../render/term.js';
import { getPath } from '../state.js';
import { answer, assumption, assumptionsSection, datasheet, numbersTable, priceSource, reference, section, verdict, warningsSection } from './parts.js';
import { formatName } from './inference.js';
import { servingCaption } from './index.js';

const spreads = ['ttft_s', 'tpot_s', 'itl_s', 'e2e_latency_s'];
const statistics = ['mean', 'p50', 'p90', 'p99'];

export default {
  render(ctx) {
    return h('div', { class: 'flow' }, headline(ctx), timeSection(ctx), latencySection(ctx), throughputSection(ctx),
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
    replicas: fmt.integer(s.replicas), tp: fmt.integer(result.scenario.inference.tp), device: result.hardware.accelerator.name,
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
