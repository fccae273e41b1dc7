// The page's flows, one module each, in the order of the tab bar; the first flow is the one a
// first visit opens. A flow is
//
//   { id, section, asks?, available(result), headline(ctx) → [{ path, label }], caption?(ctx) → text,
//     render(ctx) → Node (or load() → the module whose default export has render), inputs,
//     owns?, enter? }
//
// headline and caption are what the embed card shows of a flow (its key figures, and what they
// are about: the weight format, the method). section names the scenario section the flow's block comes from (null: the model only). Every
// tab is offered; opening one adds its section to the scenario (so the link carries it) and the
// page asks the core for that section only, so each view computes what it shows. asks adds
// sections to the question without putting them in the link (the Quantization view's table). available() tests
// for the flow's block in the result (result.inference, result.training, ...); render() shows the
// headline answer first, then the breakdown, then the assumptions with their sources. ctx is
// { result, t, fmt, expanded, catalog, modelName, chart, set }; numbers go through
// render/number.js (value + formula), pictures through render/charts (ctx.chart keeps a chart
// alive across redraws). A flow never calls the engine.
//
// inputs lays out the section's form: primary fields first, then the questions the flow answers
// (targets, prices), then every other field of the core's normalised section under "more";
// tuning fields are optional ones the core echoes only when given, shown empty with the value it
// used (from the block's assumptions) as placeholder. Defaults and choices always come from the
// core: result.scenario and presets().choices.
//
// Full training and fine-tuning share the training section; its method says which view shows it
// (owns), and opening the other tab switches the method (enter), remembering the adapter settings
// and each view's token count for the way back. The planner reads the training section too (its
// settings, not its plan) and asks for a background job (so does the Serving view, for its load
// curve): background(engine, scenario, report) runs the search off the page's thread and report({ done, total, value, finished, error }) hands
// the view the answer so far (ctx.job).
import model from './model.js';
import { servingCaption } from './serving_caption.js';

const full = 'full';
const adapterFields = ['method', 'lora_rank', 'lora_modules'];

const inferenceInputs = {
  heading: 'inputs.inference',
  primary: ['weights', 'kv_cache', 'runtime', 'batch', 'context_tokens', 'prompt_tokens', 'output_tokens', 'tp'],
  questions: ['target_requests_per_s', 'min_tokens_per_s_per_user', 'price_per_gpu_hour_usd'],
  tuning: ['gpu_layers', 'offload_experts', 'cpu_offload_bytes', 'memory_efficiency', 'compute_efficiency', 'layer_overhead_s', 'threads',
    'checkpoint_weights_bytes', 'model_repo', 'model_file'],
  // Fields of free text: the core echoes them only when given, so their kind is named here.
  text: ['model_repo', 'model_file'],
  // The measurement has a block of its own in the view (flows/measurement.js).
  hidden: ['measured'],
};

// The inference block's key figures: where it runs (with offload: the layers on the GPU and the
// host memory), its speed and its cost.
function inferenceHeadline(ctx) {
  const placement = ctx.result.inference.placement;
  // A host beside the GPU holds part of the model (and, running from disk, reads the rest).
  const offloaded = placement?.verdict === 'fits_with_offload'
    || (placement?.verdict === 'streams_from_disk' && placement.short_of === 'host');
  return present(ctx, [
    ['inference.placement.verdict', 'headline.placement'],
    ...(offloaded ? [['inference.placement.gpu_layers', 'headline.gpu_layers'], ['inference.host_bytes', 'headline.host_bytes']] : []),
    ['inference.decode_tokens_per_s', 'headline.decode'],
    ['inference.cost_per_million_tokens_usd', 'headline.cost_per_million']]);
}

// The traffic simulated through the inference section's engine: its load, its lengths and its
// latency targets (nested fields of the serving section, named by their path in it).
const servingInputs = {
  heading: 'inputs.serving',
  primary: ['workload.requests_per_s', 'workload.concurrency', 'workload.prompt_tokens', 'workload.output_tokens', 'replicas'],
  questions: ['targets.ttft_p99_s', 'targets.tpot_p99_s'],
  // Given only when set: without a rate or a concurrency every request arrives at once.
  optional: ['workload.requests_per_s', 'workload.concurrency', 'targets.ttft_p99_s', 'targets.tpot_p99_s',
    'workload.prompt_tokens_p99', 'workload.output_tokens_p99'],
  nested: ['workload', 'targets'],
  reads: [
    { section: 'inference', heading: 'inputs.serving_engine', keys: ['weights', 'kv_cache', 'runtime', 'tp', 'price_per_gpu_hour_usd'] },
    // The cheapest fleet's search: the devices to compare (empty: this one), its sizes and cap.
    { section: 'fleet', heading: 'inputs.fleet', keys: ['accelerators', 'tp', 'max_gpus', 'disaggregated'], lists: ['accelerators', 'tp'] },
  ],
};

// The serving block's key figures: what the deployment delivers and how long a user waits.
function servingHeadline(ctx) {
  return present(ctx, [
    ['serving.output_tokens_per_s', 'headline.serving_throughput'],
    ['serving.ttft_s.p99', 'headline.ttft_p99'],
    ['serving.tpot_s.p99', 'headline.tpot_p99'],
    ['serving.goodput_requests_per_s', 'headline.goodput']]);
}

const trainingQuestions = ['target_days', 'price_per_gpu_hour_usd', 'discount', 'electricity_usd_per_kwh'];
// The training fields a plan is made of: the planner chooses them, so its form leaves them out.
const planFields = ['tp', 'pp', 'dp', 'cp', 'ep', 'zero_stage', 'offload', 'micro_batch', 'recompute', 'sequence_parallel',
  'pipeline_schedule', 'virtual_stages', 'mfu', 'compute_efficiency'];

// Items whose value the result has (a null answer, such as a cost without a price, is left out).
function present(ctx, items) {
  return items.filter(([path]) => {
    const value = path.split('.').reduce((node, key) => node?.[key], ctx.result);
    return value !== null && value !== undefined;
  }).map(([path, key]) => ({ path, label: ctx.t(key) }));
}


const isFineTuning = (method) => typeof method === 'string' && method !== full;
// Reinforcement learning on answers the policy generates (GRPO, PPO): the Post-training view's.
const rlObjectives = ['grpo', 'ppo'];
const isRl = (section) => rlObjectives.includes(section?.objective);
// What it adds (its batch and engine), and what it refuses (the batch gives the sequences and
// tokens), kept for the way back with the objective it replaced.
const rlOwnFields = ['objective', 'rl', 'rollout'];
const rlRefusedFields = ['dpo_reference', 'tokens', 'seq_len', 'global_batch_tokens'];

// Out of reinforcement learning: its objective, batch and engine are put aside, the objective and
// the fields it refused come back.
function leaveRl(scenario, stash) {
  const section = scenario.training;
  if (!isRl(section)) return scenario;
  const out = { ...section };
  stash.rl = Object.fromEntries(rlOwnFields.filter((key) => key in out).map((key) => [key, out[key]]));
  for (const key of rlOwnFields) delete out[key];
  Object.assign(out, stash.beforeRl ?? {});
  return { ...scenario, training: out };
}

// A token count belongs to its kind of run: each of the two views keeps its own, and without one
// the core's default for the method applies (Chinchilla's for pre-training, a fine-tuning run's
// for LoRA/QLoRA).
function swapTokens(section, stash, from, to) {
  stash.tokens ??= {};
  if ('tokens' in section) stash.tokens[from] = section.tokens;
  else delete stash.tokens[from];
  delete section.tokens;
  if (stash.tokens[to] !== undefined) section.tokens = stash.tokens[to];
}

const training = {
  id: 'training',
  section: 'training',
  inputs: {
    heading: 'inputs.training',
    primary: ['tokens', 'precision', 'optimizer', 'zero_stage', 'offload', 'tp', 'pp', 'dp', 'cp', 'ep', 'micro_batch', 'seq_len',
      'global_batch_tokens', 'recompute', 'pipeline_schedule', 'virtual_stages'],
    questions: trainingQuestions,
    hidden: adapterFields,
    // Given only when set: absent, the step-time model gives the speed.
    tuning: ['mfu', 'compute_efficiency', 'goodput'],
  },
  owns: (scenario) => scenario.training?.method === full && !isRl(scenario.training),
  // Full training: the adapter settings are put aside (the core refuses them without LoRA).
  enter(given, stash) {
    const scenario = leaveRl(given, stash);
    const section = { ...scenario.training };
    if (!isFineTuning(section.method)) return scenario;
    stash.adapters = Object.fromEntries(adapterFields.filter((key) => key in section).map((key) => [key, section[key]]));
    for (const key of adapterFields) delete section[key];
    swapTokens(section, stash, 'finetune', 'training');
    section.method = full;
    return { ...scenario, training: section };
  },
  available: (result) => result.training?.method === full && !result.training.rl,
  headline: (ctx) => present(ctx, [['training.wall_days', 'headline.training_days'], ['training.cost_usd', 'headline.cost'],
    ['training.gpus_for_target_days', 'headline.gpus_for_target']]),
  caption: ({ result, t, fmt }) => t('headline.tokens', { tokens: fmt.count(result.scenario.training.tokens) }),
  load: () => import('./training.js').then((m) => ({ default: m.training })),
};

export const flows = [
  model,
  {
    id: 'inference',
    section: 'inference',
    inputs: inferenceInputs,
    available: (result) => Boolean(result.inference),
    headline: inferenceHeadline,
    caption: ({ result, catalog }) => catalog?.choices.inference.weights.find((w) => w.id === result.scenario.inference.weights)?.name
      ?? result.scenario.inference.weights,
    load: () => import('./inference.js'),
  },
  {
    id: 'serving',
    section: 'serving',
    reads: ['inference'],
    inputs: servingInputs,
    available: (result) => Boolean(result.serving?.ttft_s),
    // The latencies against the request rate: a simulation per rate, in the background.
    background: (engine, scenario, report) => engine.loadCurve(scenario, report),
    headline: servingHeadline,
    caption: ({ result, t, fmt }) => servingCaption(result.scenario.serving.workload, t, fmt),
    load: () => import('./serving.js'),
  },
  training,
  {
    id: 'finetune',
    section: 'training',
    inputs: {
      heading: 'inputs.finetune',
      primary: ['method', 'objective', 'dpo_reference', 'lora_rank', 'lora_modules', 'tokens', 'seq_len', 'micro_batch', 'precision', 'optimizer', 'recompute'],
      questions: trainingQuestions,
      // Reinforcement learning has a view of its own (Post-training).
      choices: { method: isFineTuning, objective: (id) => !rlObjectives.includes(id) },
      tuning: ['mfu'],
    },
    owns: (scenario) => isFineTuning(scenario.training?.method) && !isRl(scenario.training),
    // Fine-tuning: the adapter settings used last, else the first adapter method the core offers.
    enter(given, stash, catalog) {
      const scenario = leaveRl(given, stash);
      const section = { ...scenario.training };
      if (isFineTuning(section.method)) return scenario;
      Object.assign(section, stash.adapters ?? { method: catalog.choices.training.method.find(isFineTuning) });
      swapTokens(section, stash, 'training', 'finetune');
      return { ...scenario, training: section };
    },
    available: (result) => isFineTuning(result.training?.method) && !result.training.rl,
    headline: (ctx) => present(ctx, [['training.fits', 'headline.fits'], ['training.wall_days', 'headline.finetune_days'],
      ['training.cost_usd', 'headline.cost']]),
    caption: ({ result, t, fmt }) => t('headline.adapters', { method: t.choice(`method.${result.scenario.training.method}`, result.scenario.training.method),
      rank: fmt.integer(result.scenario.training.lora_rank) }),
    load: () => import('./training.js').then((m) => ({ default: m.finetune })),
  },
  {
    id: 'posttraining',
    section: 'training',
    inputs: {
      heading: 'inputs.posttraining',
      primary: ['objective', 'rl.prompts_per_step', 'rl.group_size', 'rl.prompt_tokens', 'rl.response_tokens', 'rl.response_tokens_p99',
        'rl.mini_batches', 'rl.epochs', 'rl.kl_reference', 'rl.reward_model', 'rl.steps', 'rollout.placement', 'rollout.gpus', 'rollout.async',
        'rollout.runtime', 'rollout.tp', 'rollout.gpu_memory_fraction', 'method', 'precision', 'zero_stage', 'micro_batch'],
      questions: ['price_per_gpu_hour_usd', 'discount'],
      // Given only when set: without a p99 every answer has the mean length; a pool of its own only when separate.
      optional: ['rl.response_tokens_p99'],
      nested: ['rl', 'rollout'],
      hidden: rlRefusedFields,
      choices: { objective: (id) => rlObjectives.includes(id) },
    },
    owns: (scenario) => isRl(scenario.training),
    // The objective, batch and engine used last (GRPO the first time); the objective and fields it
    // replaces are put aside for the way back.
    enter(scenario, stash) {
      const section = { ...scenario.training };
      if (isRl(section)) return scenario;
      const replaced = ['objective', ...rlRefusedFields];
      stash.beforeRl = Object.fromEntries(replaced.filter((key) => key in section).map((key) => [key, section[key]]));
      for (const key of replaced) delete section[key];
      return { ...scenario, training: { ...section, objective: 'grpo', ...(stash.rl ?? {}) } };
    },
    available: (result) => Boolean(result.training?.rl),
    headline: (ctx) => present(ctx, [['training.rl.step_s', 'headline.rl_step'], ['training.rl.gpu_hours', 'headline.rl_gpu_hours'],
      ['training.rl.cost_usd', 'headline.cost']]),
    caption: ({ result, t, fmt }) => t('headline.rl_batch', { method: t.choice(`objective.${result.scenario.training.objective}`),
      prompts: fmt.integer(result.scenario.training.rl.prompts_per_step), group: fmt.integer(result.scenario.training.rl.group_size) }),
    load: () => import('./post_training.js'),
  },
  {
    id: 'planner',
    section: 'training',
    inputs: {
      heading: 'inputs.planner',
      primary: ['tokens', 'seq_len', 'global_batch_tokens', 'precision', 'optimizer'],
      questions: ['price_per_gpu_hour_usd'],
      hidden: [...adapterFields, ...planFields],
    },
    // Plans for full training: fine-tuning's adapter settings are put aside as the Training tab does.
    enter: (scenario, stash) => training.enter(scenario, stash),
    available: (result) => Boolean(result.training),
    background: (engine, scenario, report) => engine.plan(scenario, report),
    // The plans exist only in the page (the worker's answer): the embed card shows the Training view's.
    headline: () => [],
    load: () => import('./planner.js'),
  },
  {
    id: 'quantization',
    section: 'inference',
    // The table is a question of its own: the core computes it only when asked.
    asks: { quantization: {} },
    inputs: inferenceInputs,
    available: (result) => Array.isArray(result.quantization?.options),
    headline: () => [],
    load: () => import('./quantization.js'),
  },
];

// The scenario sections the flows read ("inference", "serving", "training").
export const sections = [...new Set(flows.map((flow) => flow.section).filter(Boolean))];

// The sections the core is asked for to answer a flow: its own and those it reads.
export function flowSections(flow) {
  return flow.section ? [flow.section, ...(flow.reads ?? [])] : [];
}

// The sections a section's values are answered with (serving's defaults come from inference's).
export function sectionQuestion(section) {
  return [...new Set(flows.filter((flow) => flow.section === section).flatMap(flowSections))];
}

export function flowById(id) {
  return flows.find((flow) => flow.id === id) ?? flows[0];
}

// The flows whose blocks the result holds (the embed card shows each one's headline).
export function availableFlows(result) {
  return result ? flows.filter((flow) => flow.available(result)) : [];
}
