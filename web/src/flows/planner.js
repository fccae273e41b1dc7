// The training planner: for this model, these GPUs and this cluster, which split (TP × PP × DP ×
// CP × EP, ZeRO, micro-batch, recomputation, offload) fits and trains fastest, where the time of
// a step goes, and where adding GPUs stops paying. The search runs in the engine's worker
// (ctx.job: the answer so far, plans first, then the scaling curve point by point); "Use" carries
// a plan into the Training view.
import { h } from '../dom.js';
import { resultNumber } from '../render/number.js';
import { stackedBars } from '../render/charts/index.js';
import { glossaryTerm } from '../render/term.js';
import { figure, section, verdict, warningsSection, assumptionsSection } from './parts.js';

// The plan fields "Use" writes into the training section, as the planner reports them.
export const planFields = ['tp', 'pp', 'dp', 'cp', 'ep', 'zero_stage', 'offload', 'micro_batch', 'recompute',
  'sequence_parallel', 'pipeline_schedule', 'virtual_stages'];
const breakdownKeys = ['compute_s', 'tp_comm_s', 'pp_bubble_s', 'pp_p2p_s', 'dp_comm_s', 'ep_comm_s', 'cp_comm_s',
  'zero_gather_s', 'offload_s', 'optimizer_s'];

export default {
  render(ctx) {
    const job = ctx.job;
    const answer = job?.value;
    return h('div', { class: 'flow', dataset: { planState: job?.error ? 'error' : job?.finished ? 'done' : 'running' } },
      headline(ctx, answer, job), cluster(ctx),
      answer ? plansSection(ctx, answer) : null,
      answer ? scalingSection(ctx, answer, job) : null,
      warningsSection(ctx),
      answer ? assumptions(ctx, answer) : null);
  },
};

// The plan's split in one line: "TP 8 · PP 4 · DP 2 · ZeRO-1 · micro-batch 1 · selective".
function describe(ctx, plan) {
  const { t, fmt } = ctx;
  const parts = [`TP ${fmt.integer(plan.tp)}`, `PP ${fmt.integer(plan.pp)}`, `DP ${fmt.integer(plan.dp)}`];
  if (plan.cp > 1) parts.push(`CP ${fmt.integer(plan.cp)}`);
  if (plan.ep > 1) parts.push(`EP ${fmt.integer(plan.ep)}`);
  if (plan.zero_stage > 0) parts.push(`ZeRO-${plan.zero_stage}`);
  if (plan.pipeline_schedule === 'interleaved') parts.push(t('planner.interleaved', { v: fmt.integer(plan.virtual_stages) }));
  parts.push(t('planner.micro', { n: fmt.integer(plan.micro_batch) }));
  if (plan.recompute !== 'none') parts.push(t.choice(`recompute.${plan.recompute}`, plan.recompute));
  if (plan.offload !== 'none') parts.push(`${t.field('offload')}: ${t.choice(`offload.${plan.offload}`, plan.offload)}`);
  return parts.join(' · ');
}

function headline(ctx, answer, job) {
  const { result, t, fmt } = ctx;
  const where = { count: fmt.integer(result.hardware.count), device: ctx.deviceName };
  const title = h('p', { class: 'headline-title' }, t('planner.setup', { model: ctx.modelName, ...where }));
  const label = { attrs: { 'aria-label': t('model.headline') } };
  if (job?.error) {
    return h('section', { class: 'headline', ...label }, title, verdict(false, job.error.message));
  }
  if (!answer) {
    return h('section', { class: 'headline', ...label }, title, progress(ctx, job));
  }
  const best = answer.plans[0];
  if (!best) return h('section', { class: 'headline', ...label }, title, verdict(false, t('planner.no_plan')));
  const panels = [];
  const figureOf = (path, text) => {
    const { value, panel } = resultNumber({ ...ctx, result: answer }, path);
    if (panel) panels.push(panel);
    return h('div', { class: 'answer' }, h('span', { class: 'answer-value' }, value), h('span', { class: 'answer-label' }, text));
  };
  return h('section', { class: 'headline', ...label }, title,
    verdict(best.fits, best.fits ? t('planner.best', { plan: describe(ctx, best) }) : t('planner.none_fits', { plan: describe(ctx, best) }),
      best.fits ? t('planner.searched', { n: fmt.integer(answer.search.candidates), fitting: fmt.integer(answer.search.fitting) }) : null),
    h('div', { class: 'answers' },
      figureOf('plans.0.tokens_per_s', t('planner.tokens_label')),
      figureOf('plans.0.mfu_estimated', glossaryTerm(t, 'mfu', t('planner.mfu_label'))),
      figureOf('plans.0.step_time_s', t('planner.step_label'))),
    best.fits ? h('p', {}, useButton(ctx, answer, best, 0)) : null,
    panels);
}

function progress(ctx, job) {
  const { t, fmt } = ctx;
  const done = job?.done ?? 0;
  const total = job?.total ?? 1;
  return h('p', { class: 'meta plan-progress', role: 'status' },
    h('progress', { max: total, value: done }), ' ',
    t('planner.searching', { done: fmt.integer(done), total: fmt.integer(total) }));
}

// "Use this plan": the plan (and the planner's global batch) into the training section, then
// the Training view.
function useButton(ctx, answer, plan, index) {
  const { t } = ctx;
  return h('button', { type: 'button', class: 'use', dataset: { focusKey: `use-plan-${index}`, usePlan: String(index) },
    attrs: { 'aria-label': t('planner.use_aria', { plan: describe(ctx, plan) }) },
    on: { click: () => {
      const training = { ...ctx.scenario.training };
      for (const key of planFields) training[key] = plan[key];
      training.global_batch_tokens = answer.global_batch_tokens;
      delete training.mfu;
      ctx.go('training', { ...ctx.scenario, training });
    } } }, t('planner.use'));
}

// The cluster the plans are for: node size and the two links (from the catalog).
function cluster(ctx) {
  const { result, t, fmt, catalog } = ctx;
  const links = catalog?.interconnects ?? [];
  const asked = result.scenario.hardware;
  const select = (path, value, kinds) => h('select', {
    dataset: { field: path }, attrs: { 'aria-label': t.field(path) },
    on: { change: (event) => ctx.set(path, event.target.value) },
  }, links.filter((l) => l.bytes_per_s && kinds.includes(l.kind)).map((l) => h('option', { value: l.id, selected: l.id === value },
    `${l.name} (${fmt.byName('bytes_per_s', l.bytes_per_s)})`)));
  const nodeSize = h('input', { type: 'number', min: 1, step: 1, value: String(asked.gpus_per_node), dataset: { field: 'hardware.gpus_per_node' },
    attrs: { 'aria-label': t.field('hardware.gpus_per_node') },
    on: { change: (event) => {
      const n = Number(event.target.value);
      if (Number.isInteger(n) && n >= 1) ctx.set('hardware.gpus_per_node', n);
    } } });
  const row = (path, control) => h('div', { class: 'field' }, h('label', {}, t.field(path)), h('span', { class: 'control' }, control),
    h('span', { class: 'hint' }, t.help(path)));
  return section(t('planner.cluster'), t('planner.cluster_hint'),
    h('div', { class: 'fields' },
      row('hardware.gpus_per_node', nodeSize),
      row('hardware.intra_node', select('hardware.intra_node', asked.intra_node, ['gpu-gpu', 'host'])),
      row('hardware.inter_node', select('hardware.inter_node', asked.inter_node, ['network', 'gpu-gpu']))));
}

function plansSection(ctx, answer) {
  const { t, fmt } = ctx;
  const plans = answer.plans;
  const rows = plans.map((plan, i) => ({
    label: `#${i + 1}`,
    segments: breakdownKeys.map((key) => ({ key, label: t.field(`step_breakdown.${key}`), value: plan.step_breakdown[key] })),
  }));
  const bars = stackedBars({ rows, format: fmt.seconds, title: t('planner.breakdown') });
  const table = h('table', { class: 'table plans' },
    h('thead', {}, h('tr', {}, ['#', t('planner.plan'), t.field('memory_per_gpu_bytes'), t.field('step_time_s'), t('planner.mfu_label'),
      t('planner.tokens_label'), ''].map((label) => h('th', { scope: 'col' }, label)))),
    h('tbody', {}, plans.map((plan, i) => h('tr', { dataset: { plan: String(i) } },
      h('td', { class: 'n' }, fmt.integer(i + 1)),
      h('td', {}, describe(ctx, plan)),
      h('td', { class: 'n' }, fmt.bytes(plan.memory_per_gpu_bytes)),
      h('td', { class: 'n' }, fmt.byName('step_time_s', plan.step_time_s)),
      h('td', { class: 'n' }, fmt.percent(plan.mfu_estimated)),
      h('td', { class: 'n' }, fmt.byName('tokens_per_s', plan.tokens_per_s)),
      h('td', {}, plan.fits ? useButton(ctx, answer, plan, i) : t('planner.does_not_fit'))))));
  return section(t('planner.plans'), t('planner.plans_hint', { tokens: fmt.count(answer.global_batch_tokens) }),
    h('div', { class: 'table-scroll' }, table),
    figure(t('planner.breakdown'), bars, t('planner.breakdown_hint')));
}

function scalingSection(ctx, answer, job) {
  const { result, t, fmt } = ctx;
  const points = answer.scaling;
  if (!points.length) return section(t('planner.scaling'), t('planner.scaling_hint'), progress(ctx, job));
  const gpus = points.map((p) => p.gpus);
  const chart = ctx.chart('planner.scaling', {
    x: gpus,
    xLabel: t('training.gpus_axis'),
    yLabel: t('planner.mfu_axis'),
    log: { x: 2 },
    format: { x: fmt.integer, y: fmt.percent },
    series: [
      { label: t('planner.mfu_label'), values: points.map((p) => (p.fits ? p.mfu_estimated : null)) },
      { label: t('training.this_scenario'), values: points.map((p) => (p.gpus === result.hardware.count && p.fits ? p.mfu_estimated : null)),
        points: true, colour: 3 },
    ],
  });
  const table = h('table', { class: 'table scaling' },
    h('thead', {}, h('tr', {}, [t('training.gpus_axis'), t('planner.tokens_label'), t('planner.mfu_label'), t('planner.plan')]
      .map((label) => h('th', { scope: 'col' }, label)))),
    h('tbody', {}, points.map((p) => h('tr', {},
      h('td', { class: 'n' }, fmt.integer(p.gpus)),
      h('td', { class: 'n' }, p.fits ? fmt.byName('tokens_per_s', p.tokens_per_s) : '—'),
      h('td', { class: 'n' }, p.fits ? fmt.percent(p.mfu_estimated) : '—'),
      h('td', {}, p.fits ? describe(ctx, p.plan) : t('planner.does_not_fit'))))));
  return section(t('planner.scaling'), t('planner.scaling_hint'),
    job && !job.finished ? progress(ctx, job) : null,
    h('div', { class: 'charts' }, figure(t('planner.scaling'), chart, t('planner.scaling_chart_hint'))),
    h('details', {}, h('summary', {}, t('planner.scaling_table')), h('div', { class: 'table-scroll' }, table)));
}

function assumptions(ctx, answer) {
  const { t, fmt } = ctx;
  const c = answer.hardware.cluster;
  const link = (l) => `${l.name}: ${fmt.byName('bytes_per_s', l.bytes_per_s)}`;
  const list = [
    { label: t('planner.compute_efficiency'), value: fmt.percent(answer.compute_efficiency), help: t('planner.compute_efficiency_help') },
    { label: t.field('hardware.intra_node'), value: link(c.intra_node), help: t('planner.link_help') },
    { label: t.field('hardware.inter_node'), value: link(c.inter_node), help: t('planner.link_help') },
    { label: t('planner.host_link'), value: link(c.host_link), help: t('planner.host_help') },
  ];
  return assumptionsSection({ ...ctx, result: answer }, list);
}
