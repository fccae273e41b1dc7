// Inference: does the model fit on this hardware, how fast does it answer, and what does a token
// cost. Headline first (fits, decode speed, time to first token, cost), then memory per device,
// speed (curves and the roofline), cost, the command that runs it, the user's own measurement,
// and the assumptions behind the speed model.
import { h } from '../dom.js';
import { stackedBars } from '../render/charts/index.js';
import { glossaryTerm } from '../render/term.js';
import {
  answer, assumption, assumptionsSection, datasheet, figure, numbersTable, priceSource, reference, section, verdict, warningsSection,
} from './parts.js';
import { commandSection } from './command.js';
import { measurementSection } from './measurement.js';
import { placementSection, placementVerdict, timeSplit } from './placement.js';

export default {
  render(ctx) {
    const speed = ctx.result.inference.decode_tokens_per_s !== undefined;
    return h('div', { class: 'flow' }, headline(ctx), placementSection(ctx), memory(ctx), speed ? speedSection(ctx) : null,
      speed ? costSection(ctx) : null, commandSection(ctx),
      speed ? measurementSection(ctx) : null, warningsSection(ctx), assumptions(ctx));
  },
};

// A weight format's name for people, by its id (the core names each format with a text code).
export function formatName(ctx, id) {
  const format = ctx.catalog?.choices?.inference?.weights?.find((w) => w.id === id);
  return format ? ctx.t.text(format.name_code, format.name_params, format.name) : id;
}

function headline(ctx) {
  const { result, t, fmt } = ctx;
  const inf = result.inference;
  const asked = result.scenario.inference;
  const device = ctx.deviceName;
  const where = { count: fmt.integer(result.hardware.count), device };
  const panels = [];
  const answers = [];
  if (inf.decode_tokens_per_s !== undefined) {
    answers.push(answer(ctx, 'inference.decode_tokens_per_s', glossaryTerm(t, 'decode', t('inference.decode_label')), panels));
    if (asked.batch > 1) {
      answers.push(answer(ctx, 'inference.throughput_tokens_per_s', t('inference.throughput_label', { batch: fmt.integer(asked.batch) }), panels));
    }
    answers.push(answer(ctx, 'inference.ttft_s', glossaryTerm(t, 'ttft', t('inference.ttft_label')), panels));
    if (inf.cost_per_million_tokens_usd !== null && inf.cost_per_million_tokens_usd !== undefined) {
      answers.push(answer(ctx, 'inference.cost_per_million_tokens_usd', t('inference.cost_label'), panels));
    }
  }
  const notes = [];
  if (inf.best_format && inf.best_format !== asked.weights) {
    notes.push(h('p', { class: 'meta' }, t('inference.best_format', { format: formatName(ctx, inf.best_format) })));
  } else if (!inf.best_format) {
    notes.push(h('p', { class: 'meta' }, t('inference.no_format')));
  }
  // A setup that does not fit gets no speed at all: not the GPU's, not any other.
  if (inf.speed_unavailable === 'does_not_fit') notes.push(h('p', { class: 'meta' }, t('inference.no_speed_fit')));
  else if (inf.decode_tokens_per_s === undefined) {
    const encoder = ctx.result.model.architecture?.stacks === 'encoder';
    notes.push(h('p', { class: 'meta' }, t(encoder ? 'inference.no_speed_encoder' : 'inference.no_speed')));
  }
  const answerOf = placementVerdict(ctx);
  const mark = verdict(answerOf.ok, answerOf.text, answerOf.more);
  mark.dataset.placement = inf.placement.verdict;
  return h('section', { class: 'headline', attrs: { 'aria-label': t('model.headline') } },
    h('p', { class: 'headline-title' }, t('inference.setup', { model: ctx.modelName, format: formatName(ctx, asked.weights), ...where })),
    mark, answers.length ? h('div', { class: 'answers' }, answers) : null, panels, notes);
}

function memory(ctx) {
  const { result, t, fmt } = ctx;
  const inf = result.inference;
  const parts = Object.entries(inf.per_device).sort(([a], [b]) => t.order(`inference.per_device.${a}`) - t.order(`inference.per_device.${b}`));
  const bars = stackedBars({
    rows: [{ label: t('inference.per_device'), segments: parts.map(([key, value]) => ({ key, label: t.field(`inference.per_device.${key}`), value })) }],
    capacity: { value: inf.device_usable_bytes, label: t('inference.usable') },
    format: fmt.bytes,
    title: t('inference.memory'),
  });
  const limited = t(`inference.limited_by.${inf.max_context_limited_by}`);
  // With offload these are the needs of the whole model on the device; Placement shows the split.
  const split = inf.placement.verdict === 'fits_with_offload'
    || (inf.placement.verdict === 'streams_from_disk' && inf.placement.short_of === 'host');
  const hint = split ? 'inference.memory_hint_offload' : 'inference.memory_hint';
  return section(t('inference.memory'), t(hint, { count: fmt.integer(result.hardware.count) }), bars,
    h('div', { class: 'columns' },
      numbersTable(ctx, [
        ...parts.map(([key]) => ({ path: `inference.per_device.${key}` })),
        { path: 'inference.memory_per_device_bytes' },
        { path: 'inference.device_usable_bytes' },
        { path: 'inference.fits' },
      ]),
      numbersTable(ctx, [
        { path: 'inference.weights_bytes' },
        { path: 'inference.weights_bits_per_weight' },
        { path: 'inference.kv_bytes_per_token', label: glossaryTerm(ctx.t, 'kv_cache', t.field('inference.kv_bytes_per_token')) },
        { path: 'inference.kv_cache_bytes', label: glossaryTerm(ctx.t, 'kv_quant', t.field('inference.kv_cache_bytes')) },
        ...(inf.kv_state_bytes_per_sequence > 0 ? [{ path: 'inference.kv_state_bytes_per_sequence' }] : []),
        { path: 'inference.memory_total_bytes' },
      ])),
    h('h4', {}, t('inference.capacity')),
    h('div', { class: 'columns' },
      numbersTable(ctx, [
        { path: 'inference.max_batch' },
        { path: 'inference.max_context_tokens', note: limited },
        { path: 'inference.min_devices' },
      ]),
      numbersTable(ctx, ['budget_bytes', 'reserved_bytes', 'kv_pool_bytes', 'kv_pool_tokens']
        .map((key) => ({ path: `inference.runtime.${key}` })))));
}

function speedSection(ctx) {
  const { result, t, fmt } = ctx;
  const inf = result.inference;
  const asked = result.scenario.inference;
  const curve = (points, key, xLabel, current) => {
    const x = points.map((p) => p[key]);
    return ctx.chart(`inference.speed_by_${key}`, {
      x,
      xLabel,
      yLabel: t.units.tokens_per_s,
      log: { x: 2, y: true },
      format: { x: fmt.count, y: fmt.number },
      series: [
        { label: t('inference.per_user'), values: points.map((p) => p.tokens_per_s_per_user) },
        { label: t('inference.aggregate'), values: points.map((p) => p.throughput_tokens_per_s) },
        ...(points.some((p) => p[key] === current) ? [{ label: t('inference.this_scenario'),
          values: points.map((p) => (p[key] === current ? p.tokens_per_s_per_user : null)), points: true, colour: 3 }] : []),
      ],
    });
  };
  const bound = t(`inference.bound.${inf.bound}`);
  return section(t('inference.speed'), t('inference.speed_hint'),
    h('div', { class: 'columns' },
      numbersTable(ctx, [
        { path: 'inference.decode_tokens_per_s', label: glossaryTerm(t, 'decode', t.field('inference.decode_tokens_per_s')) },
        { path: 'inference.throughput_tokens_per_s', label: glossaryTerm(t, 'continuous_batching', t.field('inference.throughput_tokens_per_s')) },
        { path: 'inference.requests_per_s' },
        { path: 'inference.ttft_s', label: glossaryTerm(t, 'ttft', t.field('inference.ttft_s')) },
        { path: 'inference.prefill_s', label: glossaryTerm(t, 'prefill', t.field('inference.prefill_s')) },
        { path: 'inference.prefill_tokens_per_s' },
      ]),
      numbersTable(ctx, [
        { path: 'inference.arithmetic_intensity', label: glossaryTerm(t, 'arithmetic_intensity'), note: bound },
        { path: 'inference.ridge_point', label: glossaryTerm(t, 'ridge_point') },
        { path: 'inference.decode_step.flops' },
        { path: 'inference.decode_step.bytes' },
        { path: 'inference.decode_step.memory_s' },
        { path: 'inference.decode_step.compute_s' },
        { path: 'inference.decode_step.attention_memory_s' },
        { path: 'inference.decode_step.attention_compute_s' },
        { path: 'inference.decode_step.allreduce_s' },
        { path: 'inference.decode_step.fixed_s' },
      ])),
    timeSplit(ctx),
    h('div', { class: 'charts' },
      figure(t('inference.by_batch'), curve(inf.speed_by_batch, 'batch', t('inference.batch_axis'), asked.batch), t('inference.by_batch_hint')),
      figure(t('inference.by_context'), curve(inf.speed_by_context, 'context_tokens', t('inference.context_axis'), inf.decode_step.context_tokens),
        t('inference.by_context_hint', { batch: fmt.integer(asked.batch) })),
      figure(glossaryTerm(t, 'roofline', t('inference.roofline')), roofline(ctx), t('inference.roofline_hint', { bound }))));
}

// The roofline: attainable FLOP/s = min(peak, intensity × bandwidth), on log-log axes, with the
// ridge point and the decode step's operating point (Williams et al. 2009).
function roofline(ctx) {
  const { result, t, fmt } = ctx;
  const inf = result.inference;
  const peak = inf.assumptions.peak_flops_per_s;
  const bandwidth = result.hardware.accelerator.memory_bandwidth_bytes_per_s;
  const at = (intensity) => Math.min(peak, intensity * bandwidth);
  const point = inf.arithmetic_intensity;
  const ridge = inf.ridge_point;
  const low = 10 ** Math.floor(Math.log10(Math.min(point, ridge) / 3));
  const high = 10 ** Math.ceil(Math.log10(Math.max(point, ridge) * 3));
  const x = [...new Set([low, point, ridge, high])].sort((a, b) => a - b);
  return ctx.chart('inference.roofline', {
    x,
    xLabel: t('inference.intensity_axis'),
    yLabel: t('inference.flops_axis'),
    log: { x: true, y: true },
    format: { x: fmt.number, y: fmt.flopsPerSecond },
    series: [
      { label: t('inference.roof'), values: x.map(at) },
      { label: t('inference.operating_point'), values: x.map((v) => (v === point ? at(point) : null)), points: true, colour: 3,
        labels: x.map((v) => (v === point ? t('inference.decode_point', { batch: fmt.integer(result.scenario.inference.batch) }) : null)) },
      { label: t('inference.ridge_label'), values: x.map((v) => (v === ridge ? peak : null)), points: true, colour: 9,
        labels: x.map((v) => (v === ridge ? t('inference.ridge_label') : null)) },
    ],
  });
}

function costSection(ctx) {
  const { result, t } = ctx;
  const inf = result.inference;
  const rows = numbersTable(ctx, [
    { path: 'inference.cost_per_million_tokens_usd' },
    { path: 'inference.cost_per_million_input_tokens_usd' },
    { path: 'inference.cost_per_million_output_tokens_usd' },
    { path: 'inference.price_per_gpu_hour_usd' },
    { path: 'inference.gpus_for_target' },
    { path: 'inference.batch_for_target' },
  ]);
  return section(t('inference.cost'), t('inference.cost_hint'), rows,
    h('p', { class: 'source-text' }, t('price.heading'), ' ', priceSource(ctx, inf.price_source)));
}

// The speed model's constants and the runtime's memory rules, each with its source.
function assumptions(ctx) {
  const { result } = ctx;
  const used = result.inference.assumptions;
  // Factories: a node can stand in one place only.
  const sources = {
    roofline: () => reference(ctx, 'roofline'),
    // The efficiencies' origin: the fit's reference, or the kernel bench's for a calibrated device.
    efficiencies: () => reference(ctx, used.efficiency_source?.startsWith('data/calibration/') ? 'kernel-bench' : 'roofline'),
    runtime: () => reference(ctx, 'runtime-memory'),
    kv: () => reference(ctx, 'kv-cache'),
    device: () => datasheet(ctx),
  };
  sources.offload = () => reference(ctx, 'llama-cpp-offload');
  const sourceOf = {
    host_memory_efficiency: 'offload', host_compute_efficiency: 'offload', host_compute_precision: 'offload', host_peak_flops_per_s: 'offload',
    host_layer_overhead_s: 'offload', host_threads: 'offload', threads: 'offload', link_efficiency: 'offload', crossing_s: 'offload', host_link_bytes_per_s: 'offload',
    memory_efficiency: 'roofline', compute_efficiency: 'roofline', layer_overhead_s: 'roofline',
    prefill_layer_overhead_s: 'roofline', allreduce_latency_s: 'roofline', peak_flops_per_s: 'device',
    compute_precision: 'device', efficiency_source: 'efficiencies', gpu_memory_fraction: 'runtime', overhead_bytes: 'runtime', max_batched_tokens: 'runtime',
    max_num_seqs: 'runtime', flash_attention: 'runtime', kv_bytes_per_element: 'kv',
  };
  const list = Object.keys(used).sort((a, b) => ctx.t.order(`inference.assumptions.${a}`) - ctx.t.order(`inference.assumptions.${b}`))
    .map((key) => assumption(ctx, `inference.assumptions.${key}`, sources[sourceOf[key]]?.()));
  if (result.inference.price_per_gpu_hour_usd !== null && result.inference.price_per_gpu_hour_usd !== undefined) {
    list.push({ ...assumption(ctx, 'inference.price_per_gpu_hour_usd'), source: priceSource(ctx, result.inference.price_source) });
  }
  return assumptionsSection(ctx, list);
}
