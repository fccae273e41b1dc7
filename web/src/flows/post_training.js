// Post-training with GRPO or PPO: what one step costs (the answers generated, the update on them,
// PPO's critic, the weights handed back to the engine), what a GPU holds in each phase, and the
// run of all steps.
// Reads the training block's rl answer (core/post_training/).
import { h } from '../dom.js';
import { stackedBars } from '../render/charts/index.js';
import {
  answer, assumption, assumptionsSection, numbersTable, priceSource, reference, section, verdict, warningsSection,
} from './parts.js';

export default { render };

function render(ctx) {
  const rl = ctx.result.training.rl;
  if (!rl.step_s) {
    return h('div', { class: 'flow' }, h('p', { class: 'verdict bad' }, ctx.t(`rl.unavailable.${rl.unavailable}`)), warningsSection(ctx));
  }
  return h('div', { class: 'flow' }, headline(ctx), stepSection(ctx), rolloutSection(ctx), memorySection(ctx), runSection(ctx),
    warningsSection(ctx), assumptions(ctx));
}

function headline(ctx) {
  const { result, t, fmt } = ctx;
  const rl = result.training.rl;
  const asked = result.scenario.training;
  const panels = [];
  const where = { count: fmt.integer(rl.gpus), device: ctx.deviceName };
  const step = answer(ctx, 'training.rl.step_s', t('rl.step_label'), panels);
  const hours = answer(ctx, 'training.rl.gpu_hours', t('rl.gpu_hours_label', { steps: fmt.integer(rl.steps) }), panels);
  const cost = rl.cost_usd !== undefined ? answer(ctx, 'training.rl.cost_usd', t('rl.cost_label'), panels) : null;
  const memory = { used: fmt.bytes(rl.memory.peak_bytes), available: fmt.bytes(rl.memory.available_bytes) };
  const fits = verdict(rl.memory.fits, t(rl.memory.fits ? 'rl.fits' : 'rl.not_fits', memory), rl.memory.fits ? null : t('rl.not_fits_more'));
  const title = t('rl.setup', { model: ctx.modelName, method: t.choice(`objective.${asked.objective}`, asked.objective),
    prompts: fmt.integer(asked.rl.prompts_per_step), group: fmt.integer(asked.rl.group_size),
    placement: t.choice(`rollout.placement.${asked.rollout.placement}`, asked.rollout.placement), ...where });
  return h('section', { class: 'headline', attrs: { 'aria-label': t('model.headline') } },
    h('p', { class: 'headline-title' }, title),
    h('div', { class: 'answers' }, [step, hours, cost]),
    fits,
    panels);
}

// Where one step's time goes: generation, the update (its log-probability passes apart) and the
// hand-over, as a bar and as numbers with their formulas.
function stepSection(ctx) {
  const { result, t, fmt } = ctx;
  const rl = result.training.rl;
  const parts = [
    ['generation_s', rl.generation_s],
    ['train_s', rl.train_s],
    ['log_prob_s', rl.log_prob_s],
    ...(rl.critic_s > 0 ? [['critic_s', rl.critic_s]] : []),
    ['reshard_s', rl.reshard_s],
  ];
  const bars = stackedBars({
    rows: [{ label: t('rl.step'), segments: parts.map(([key, value]) => ({ key, label: t.field(`training.rl.${key}`), value })) }],
    format: fmt.seconds,
    title: t('rl.step'),
  });
  return section(t('rl.step'), t(rl.overlapped ? 'rl.step_hint_async' : 'rl.step_hint'), bars,
    h('div', { class: 'columns' },
      numbersTable(ctx, [
        { path: 'training.rl.generation_s' },
        { path: 'training.rl.update_s' },
        { path: 'training.rl.train_s' },
        { path: 'training.rl.log_prob_s' },
        ...(rl.critic_s > 0 ? [{ path: 'training.rl.critic_s' }] : []),
        { path: 'training.rl.reshard_s' },
        { path: 'training.rl.step_s' },
      ]),
      numbersTable(ctx, [
        { path: 'training.rl.sequences' },
        { path: 'training.rl.tokens' },
        { path: 'training.rl.tokens_per_s_per_gpu' },
        { path: 'training.rl.update.optimizer_steps' },
        { path: 'training.rl.update.optimizer_step_s' },
        { path: 'training.rl.reshard.bytes_per_gpu' },
        { path: 'training.rl.reshard.bytes_per_s' },
      ])));
}

// The engine that generated the answers: the serving simulation of the step's batch.
function rolloutSection(ctx) {
  const { t } = ctx;
  return section(t('rl.rollout'), t('rl.rollout_hint'),
    numbersTable(ctx, ['generated_tokens', 'tokens_per_s', 'replicas', 'tp', 'mean_batch', 'peak_batch', 'preemptions', 'kv_pool_tokens']
      .map((key) => ({ path: `training.rl.rollout.${key}` }))));
}

// What a GPU holds while it trains and while the engine generates (colocated: the training
// states stay beside the engine's share).
function memorySection(ctx) {
  const { result, t, fmt } = ctx;
  const { memory } = result.training.rl;
  const colocated = result.scenario.training.rollout.placement === 'colocated';
  const rows = [
    { label: t('rl.training_phase'), segments: [{ key: 'training_bytes', label: t.field('training.rl.memory.training_bytes'), value: memory.training_bytes }] },
    { label: t('rl.rollout_phase'), segments: [
      ...(colocated ? [{ key: 'resident_states_bytes', label: t.field('training.rl.memory.resident_states_bytes'), value: memory.resident_states_bytes }] : []),
      { key: 'rollout_bytes', label: t.field('training.rl.memory.rollout_bytes'), value: memory.rollout_bytes }] },
  ];
  const bars = stackedBars({ rows, capacity: { value: memory.available_bytes, label: t('training.available') }, format: fmt.bytes, title: t('rl.memory') });
  return section(t('rl.memory'), t(colocated ? 'rl.memory_hint' : 'rl.memory_hint_separate'), bars,
    numbersTable(ctx, ['training_bytes', 'resident_states_bytes', 'critic_states_bytes', 'reward_model_bytes', 'rollout_bytes',
      'rollout_phase_bytes', 'peak_bytes', 'available_bytes', 'fits']
      .filter((key) => memory[key] !== 0).map((key) => ({ path: `training.rl.memory.${key}` }))));
}

function runSection(ctx) {
  const { result, t } = ctx;
  return section(t('rl.run'), t('rl.run_hint'),
    numbersTable(ctx, ['steps', 'goodput', 'wall_days', 'gpu_hours', 'cost_usd', 'energy_kwh'].map((key) => ({ path: `training.rl.${key}` }))),
    result.training.price_per_gpu_hour_usd !== undefined
      ? h('p', { class: 'source-text' }, t('price.heading'), ' ', priceSource(ctx, result.training.price_source)) : null);
}

function assumptions(ctx) {
  const { result, t } = ctx;
  const list = [
    assumption(ctx, 'scenario.training.rollout.gpu_memory_fraction', reference(ctx, 'hybridflow-2024')),
    assumption(ctx, 'training.rl.reshard.bytes_per_s', reference(ctx, 'hybridflow-2024')),
    assumption(ctx, 'training.assumptions.mfu', t.text(result.training.assumptions.mfu_source_code, {}, result.training.assumptions.mfu_source)),
  ];
  const { note_codes: codes = [], notes = [] } = result.training.assumptions;
  const extra = codes.length
    ? [{ label: t('training.notes'), body: h('ul', {}, codes.map((code, i) => h('li', { dataset: { code } }, t.text(code, {}, notes[i])))) }] : [];
  return assumptionsSection(ctx, list, extra);
}
