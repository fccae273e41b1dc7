// Training and fine-tuning: how long, on how many GPUs, for how much, and whether a GPU holds its
// share. Both read the training block; full training leads with time and money, fine-tuning
// (LoRA/QLoRA) with whether it fits and how few parameters it trains.
import { h } from '../dom.js';
import { stackedBars } from '../render/charts/index.js';
import { glossaryTerm } from '../render/term.js';
import {
  answer, assumption, assumptionsSection, datasheet, figure, numbersTable, priceSource, reference, section, verdict, warningsSection,
} from './parts.js';

export const training = { render: (ctx) => view(ctx, false) };
export const finetune = { render: (ctx) => view(ctx, true) };

function view(ctx, adapters) {
  return h('div', { class: 'flow' }, headline(ctx, adapters), memorySection(ctx), adapters ? paramsSection(ctx) : null,
    computeSection(ctx), stepSection(ctx), goodputSection(ctx), adapters ? null : scaleSection(ctx), costSection(ctx), warningsSection(ctx), assumptions(ctx));
}

function headline(ctx, adapters) {
  const { result, t, fmt } = ctx;
  const run = result.training;
  const asked = result.scenario.training;
  const where = { count: fmt.integer(result.hardware.count), device: ctx.deviceName };
  const memory = { used: fmt.bytes(run.memory_per_gpu_bytes), available: fmt.bytes(run.memory_available_bytes) };
  const panels = [];
  const days = answer(ctx, 'training.wall_days', t('training.days_label', where), panels);
  const cost = run.cost_usd !== undefined ? answer(ctx, 'training.cost_usd', t('training.cost_label'), panels) : null;
  const hours = answer(ctx, 'training.gpu_hours', t('training.gpu_hours_label'), panels);
  const target = run.gpus_for_target_days !== undefined
    ? answer(ctx, 'training.gpus_for_target_days', t('training.gpus_for_target_label', { days: fmt.number(asked.target_days) }), panels) : null;
  const trainable = adapters
    ? answer(ctx, 'training.trainable_params', t('training.trainable_label', { share: fmt.percent(run.trainable_params / result.model.params_total) }), panels)
    : null;
  const fits = verdict(run.fits, t(run.fits ? 'training.fits' : 'training.not_fits', memory),
    run.fits ? null : run.max_micro_batch > 0 ? t('training.smaller_batch', { n: fmt.integer(run.max_micro_batch) }) : t('training.no_batch'));
  const title = adapters
    ? t('training.finetune_setup', { model: ctx.modelName, method: t.choice(`method.${asked.method}`, asked.method), rank: fmt.integer(asked.lora_rank),
      tokens: fmt.count(asked.tokens), ...where })
    : t('training.setup', { model: ctx.modelName, tokens: fmt.count(asked.tokens), ...where });
  const answers = adapters ? [trainable, days, cost, target] : [days, hours, cost, target];
  return h('section', { class: 'headline', attrs: { 'aria-label': t('model.headline') } },
    h('p', { class: 'headline-title' }, title),
    adapters ? fits : null,
    h('div', { class: 'answers' }, answers),
    adapters ? null : fits,
    panels);
}

function memorySection(ctx) {
  const { result, t, fmt } = ctx;
  const run = result.training;
  const parts = Object.entries(run.memory).sort(([a], [b]) => t.order(`training.memory.${a}`) - t.order(`training.memory.${b}`));
  const bars = stackedBars({
    rows: [{ label: t('training.per_gpu'), segments: parts.map(([key, value]) => ({ key, label: t.field(`training.memory.${key}`), value })) }],
    capacity: { value: run.memory_available_bytes, label: t('training.available') },
    format: fmt.bytes,
    title: t('training.memory'),
  });
  return section(t('training.memory'), t('training.memory_hint', { stage: fmt.integer(run.pipeline_stage) }), bars,
    h('div', { class: 'columns' },
      numbersTable(ctx, parts.map(([key]) => ({ path: `training.memory.${key}` }))),
      numbersTable(ctx, [
        { path: 'training.memory_per_gpu_bytes' },
        { path: 'training.memory_available_bytes' },
        { path: 'training.fits' },
        { path: 'training.max_micro_batch' },
        ...(run.cpu_offload_bytes > 0 ? [{ path: 'training.cpu_offload_bytes', label: glossaryTerm(t, 'offload', t.field('training.cpu_offload_bytes')) }] : []),
      ])));
}

function paramsSection(ctx) {
  const { t } = ctx;
  const { method } = ctx.result.scenario.training;
  // What the method is, in a word with its explanation (QLoRA: over an NF4 base).
  const terms = h('p', { class: 'traits' }, [method, ...(method === 'qlora' ? ['nf4'] : []), 'lora_rank']
    .filter((key) => t.glossary[key]).map((key) => h('span', { class: 'trait' }, glossaryTerm(t, key))));
  return section(t('training.params'), t('training.params_hint'), terms,
    numbersTable(ctx, [
      { path: 'model.params_total' },
      { path: 'training.trainable_params' },
      { path: 'training.adapter_params', label: glossaryTerm(t, 'lora_rank', t.field('training.adapter_params')) },
      { path: 'training.frozen_params' },
    ]));
}

function computeSection(ctx) {
  const { result, t, fmt } = ctx;
  const run = result.training;
  const points = run.days_vs_gpus;
  const gpus = points.map((p) => p.gpus);
  const target = result.scenario.training.target_days;
  const series = [
    { label: t('training.days_series'), values: points.map((p) => p.wall_days) },
    { label: t('training.this_scenario'), values: points.map((p) => (p.gpus === result.hardware.count ? p.wall_days : null)), points: true, colour: 3 },
  ];
  if (target !== undefined) series.push({ label: t('training.target_series'), values: gpus.map(() => target), dash: true, colour: 1 });
  const chart = ctx.chart('training.days_vs_gpus', {
    x: gpus,
    xLabel: t('training.gpus_axis'),
    yLabel: t('training.days_axis'),
    log: { x: 2, y: true },
    format: { x: fmt.integer, y: fmt.number },
    series,
  });
  return section(t('training.compute'), t('training.compute_hint'),
    h('div', { class: 'columns' },
      numbersTable(ctx, [
        { path: 'training.flops_per_token' },
        ...Object.keys(run.flops_per_token_breakdown).filter((key) => key !== 'model')
          .map((key) => ({ path: `training.flops_per_token_breakdown.${key}` })),
        { path: 'training.flops_total' },
        { path: 'training.flops_total_6nd' },
        { path: 'training.wall_days' },
        { path: 'training.wall_days_6nd' },
      ]),
      numbersTable(ctx, [
        { path: 'training.tokens' },
        { path: 'training.global_batch_tokens' },
        { path: 'training.grad_accumulation' },
        { path: 'training.steps' },
        { path: 'training.step_time_s' },
        { path: 'training.pipeline_bubble_fraction' },
        ...['tp', 'pp', 'dp', 'cp', 'ep', 'gpus'].map((key) => ({ path: `training.parallelism.${key}`,
          label: key === 'gpus' ? undefined : glossaryTerm(t, key === 'tp' ? 'tensor_parallel' : 'parallelism', t.field(`training.parallelism.${key}`)) })),
      ])),
    h('div', { class: 'charts' }, figure(t('training.days_vs_gpus'), chart, t('training.days_vs_gpus_hint'))));
}

// The step-time model for this plan: where one optimizer step's time goes, and the speed it gives.
function stepSection(ctx) {
  const { result, t, fmt } = ctx;
  const run = result.training;
  const parts = Object.entries(run.step_breakdown);
  const bars = stackedBars({
    rows: [{ label: t('training.step'), segments: parts.map(([key, value]) => ({ key, label: t.field(`step_breakdown.${key}`), value })) }],
    format: fmt.seconds,
    title: t('training.step'),
  });
  return section(t('training.step'), t('training.step_hint'), bars,
    h('div', { class: 'columns' },
      numbersTable(ctx, parts.map(([key]) => ({ path: `training.step_breakdown.${key}` }))),
      numbersTable(ctx, [
        { path: 'training.step_time_estimated_s' },
        { path: 'training.tokens_per_s' },
        { path: 'training.mfu_estimated', label: glossaryTerm(t, 'mfu', t.field('training.mfu_estimated')) },
        { path: 'training.hfu_estimated' },
      ])));
}

// The share of wall time left for training once interruptions, saves, evaluation and data
// stalls are paid (absent with a given mfu, which is end to end).
function goodputSection(ctx) {
  const { result, t } = ctx;
  const goodput = result.training.goodput;
  if (!goodput) return null;
  const rows = goodput.source === 'model'
    ? ['fraction', 'lost_gpu_hours', 'interruptions_per_day', 'cluster_mtbf_s', 'checkpoint_bytes', 'checkpoint_save_s',
      'checkpoint_interval_s', 'save_fraction', 'failure_fraction', 'eval_fraction', 'data_stall_fraction']
    : ['fraction', 'lost_gpu_hours'];
  return section(t('training.goodput'), t('training.goodput_hint'),
    numbersTable(ctx, rows.map((key) => ({ path: `training.goodput.${key}` }))));
}

function scaleSection(ctx) {
  const { t } = ctx;
  return section(glossaryTerm(t, 'chinchilla', t('training.scale')), t('training.scale_hint'),
    numbersTable(ctx, [
      { path: 'training.chinchilla_tokens' },
      { path: 'training.compute_optimal.budget_flops' },
      { path: 'training.compute_optimal.params' },
      { path: 'training.compute_optimal.tokens' },
    ]));
}

function costSection(ctx) {
  const { result, t } = ctx;
  const run = result.training;
  return section(t('training.cost'), t('training.cost_hint'),
    numbersTable(ctx, [
      { path: 'training.cost_usd' },
      { path: 'training.gpu_hours' },
      { path: 'training.price_per_gpu_hour_usd' },
      { path: 'training.energy_kwh' },
      { path: 'training.energy_cost_usd' },
    ]),
    h('p', { class: 'source-text' }, t('price.heading'), ' ', priceSource(ctx, run.price_source)));
}

// Where each constant comes from: the MFU's own sentence, else the reference behind the rule.
const sourceOf = {
  model_flops_utilization: 'palm-2022', activation_element_bytes: 'korthikanti-2022', recompute: 'korthikanti-2022',
  sequence_parallel: 'korthikanti-2022', cuda_context_bytes: 'pytorch-cuda-context', fragmentation: 'pytorch-cuda-context',
  pue: 'energy-tdp', tokens_per_param: 'hoffmann-2022', zero_stage: 'zero-2020', optimizer: 'zero-2020',
  'bytes_per_param.nf4_weights': 'qlora-2023', compute_efficiency: 'llm-foundry-throughput', framework_share: 'llm-foundry-throughput',
  overlap_dp_comm: 'zero-2020', goodput: 'goodput-daly-2006',
};

const glossaryOf = {
  mfu: 'mfu', model_flops_utilization: 'mfu', zero_stage: 'zero', recompute: 'recompute', tokens_per_param: 'chinchilla',
  'bytes_per_param.nf4_weights': 'nf4',
};

function assumptions(ctx) {
  const { result, t } = ctx;
  const used = result.training.assumptions;
  const keys = Object.entries(used).flatMap(([key, value]) => {
    if (['notes', 'note_codes', 'mfu_source', 'mfu_source_code', 'mfu_default'].includes(key)) return [];
    if (value && typeof value === 'object') return Object.keys(value).map((sub) => `${key}.${sub}`);
    return [key];
  }).sort((a, b) => t.order(`training.assumptions.${a}`) - t.order(`training.assumptions.${b}`));
  const device = () => datasheet(ctx);
  const list = keys.map((key) => {
    let source = reference(ctx, sourceOf[key] ?? (key.startsWith('bytes_per_param.') ? 'zero-2020' : ''));
    if (key === 'mfu') source = t.text(used.mfu_source_code, {}, used.mfu_source);
    if (key === 'peak_flops_per_s' || key === 'precision') source = device();
    return assumption(ctx, `training.assumptions.${key}`, source, glossaryOf[key]);
  });
  if (result.training.price_per_gpu_hour_usd !== undefined) {
    list.push({ ...assumption(ctx, 'training.price_per_gpu_hour_usd'), source: priceSource(ctx, result.training.price_source) });
  }
  const notes = used.note_codes?.length
    ? [{ label: t('training.notes'), body: h('ul', {}, used.note_codes.map((code, i) => h('li', { dataset: { code } }, t.text(code, {}, used.notes[i])))) }] : [];
  return assumptionsSection(ctx, list, notes);
}
