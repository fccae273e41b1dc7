// Inputs that once crashed the core or answered nonsense (issue 17, D1-D7): each must now end in
// exit 2 with one line naming the field, and the WASM module must throw the same message.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { loadValidationWasm, loadWasm, measurements, readJson, runCli } from './support.mjs';

let wasm;
let validation;
before(async () => {
  wasm = await loadWasm();
  validation = await loadValidationWasm();
});

const nested = (open, close, depth) => open.repeat(depth) + close.repeat(depth);
const llama = readJson('tests/reference/configs/meta-llama-3-8b.json');

// Runs `text` through the CLI and the WASM module (`estimate`, `plan` or `fleet`); both must refuse it
// naming `field`.
function assertRefused(text, field, pattern, command = 'estimate') {
  const cli = runCli([command, '-'], text);
  assert.equal(cli.status, 2, `${text.slice(0, 120)}: ${cli.stderr}`);
  assert.equal(cli.stdout, '');
  assert.match(cli.stderr, /^[^\n]*\n$/, 'one line');
  const line = cli.stderr.trimEnd();
  assert.ok(line.startsWith(`${field}: `), line);
  if (pattern) assert.match(line, pattern);
  assert.throws(() => wasm[command](text), (error) => {
    assert.equal(error.message, line);
    assert.equal(error.field, field);
    return true;
  });
  return line;
}

const scenario = (object) => JSON.stringify(object);

test('D1: nesting 60,000 levels deep is refused while parsing, naming the field', () => {
  assertRefused(`{"model":${nested('[', ']', 60000)}}`, 'model', /more than 64 levels deep/);
  const objects = `{"model":${'{"a":'.repeat(60000)}1${'}'.repeat(60000)}}`;
  assertRefused(objects, 'model', /more than 64 levels deep/);
  // 64 levels (a config.json nests 5) still parse.
  const deepest = `{"model":"gpt2","hardware":{"accelerator":{"preset":"h100-sxm","notes":${nested('[', ']', 61)}}}}`;
  assert.equal(runCli(['estimate', '-'], deepest).status, 0);
});

test('D2: a number beyond a double (1e400) names its field', () => {
  assertRefused('{"model":"llama-3-8b","hardware":{"accelerator":"h100-sxm","count":1e400}}',
    'hardware.count', /must be a finite number.*got 1e400$/);
  assertRefused('{"model":{"preset":"llama-3-8b","layer_types":[1, -1e999]}}', 'model.layer_types[1]');
});

test('D3: sizes no model has are refused before anything is sized from them', () => {
  const line = assertRefused(scenario({ model: { ...llama, num_hidden_layers: 1e18 } }), 'model.num_hidden_layers');
  assert.equal(line, 'model.num_hidden_layers: must be an integer in [1, 10000] (DeepNet, the deepest published '
    + 'Transformer, has 1,000 layers: Wang et al. 2022), got 1000000000000000000');
  assertRefused(scenario({ model: { ...llama, num_hidden_layers: 1e5 } }), 'model.num_hidden_layers');
  for (const [key, value] of [['hidden_size', 1e9], ['intermediate_size', 4e9], ['num_attention_heads', 1e7],
    ['vocab_size', 1e12], ['max_position_embeddings', 1e12], ['head_dim', 1e6]]) {
    assertRefused(scenario({ model: { ...llama, [key]: value } }), `model.${key}`, /\(.+\), got /);
  }
  const mixtral = readJson('tests/reference/configs/mixtral-8x7b-v0.1.json');
  assertRefused(scenario({ model: { ...mixtral, num_local_experts: 1e9 } }), 'model.num_local_experts');
  assertRefused(scenario({ model: 'llama-3-8b', hardware: { count: 1e7 } }), 'hardware.count');
  assertRefused(scenario({ model: 'llama-3-8b', inference: { batch: 1e9 } }), 'inference.batch');
  assertRefused(scenario({ model: 'llama-3-8b', inference: { context_tokens: 1e12, allow_long_context: true } }),
    'inference.context_tokens');
  assertRefused(scenario({ model: 'llama-3-8b', training: { micro_batch: 1e8 } }), 'training.micro_batch');
  assertRefused(scenario({ model: 'llama-3-8b', inference: { threads: 0 } }), 'inference.threads');
  assertRefused(scenario({ model: 'llama-3-8b', inference: { threads: 1e9 } }), 'inference.threads');
  assertRefused(scenario({ model: 'llama-3-8b', hardware: { accelerator: { preset: 'graviton4', boost_clock_hz: 1e12 } } }),
    'hardware.accelerator.boost_clock_hz');
  assertRefused(scenario({ model: 'llama-3-8b', hardware: { accelerator: { preset: 'graviton4', ccds: 1e6 } } }),
    'hardware.accelerator.ccds');
  assertRefused(scenario({ model: 'llama-3-8b', hardware: { accelerator: { preset: 'graviton4', isa: 'neon' } } }),
    'hardware.accelerator.isa');
  assertRefused(scenario({ model: 'llama-3-8b', hardware: { accelerator: 'graviton4', disk_read_bytes_per_s: 1e15 } }),
    'hardware.disk_read_bytes_per_s');
  // MLX runs on one Apple GPU, from its own formats.
  assertRefused(scenario({ model: 'llama-3-8b', hardware: { accelerator: 'graviton4' }, inference: { runtime: 'mlx' } }), 'inference.runtime');
  assertRefused(scenario({ model: 'llama-3-8b', hardware: { accelerator: 'h100-sxm' }, inference: { runtime: 'mlx' } }), 'inference.runtime');
  assertRefused(scenario({ model: 'llama-3-8b', hardware: { accelerator: 'm4-max' }, inference: { runtime: 'mlx', weights: 'awq-4bit-g128' } }),
    'inference.weights');
  assertRefused(scenario({ model: 'llama-3-8b', hardware: { accelerator: 'm4-max', count: 4 }, inference: { runtime: 'mlx', tp: 4 } }), 'inference.tp');
  assertRefused(scenario({ model: 'llama-3-8b', hardware: { accelerator: 'm4-max' }, inference: { runtime: 'mlx', gpu_layers: 3 } }),
    'inference.gpu_layers');
  // KTransformers places a MoE model's experts itself, on a GPU's host.
  assertRefused(scenario({ model: 'qwen3-30b-a3b', hardware: { accelerator: 'epyc-9654' }, inference: { runtime: 'ktransformers' } }), 'inference.runtime');
  assertRefused(scenario({ model: 'llama-3-8b', hardware: { accelerator: 'rtx-4090', host: 'epyc-9654' }, inference: { runtime: 'ktransformers' } }),
    'inference.runtime');
  assertRefused(scenario({ model: 'qwen3-30b-a3b', hardware: { accelerator: 'rtx-4090', host: 'epyc-9654' }, inference: { runtime: 'ktransformers', gpu_layers: 4 } }),
    'inference.gpu_layers');
});

test('D4: inputs that made results infinite or zero are refused, naming the field', () => {
  const cases = [
    [{ training: { tokens: 1e300 } }, 'training.tokens'],
    [{ training: { tokens: 5e-324 } }, 'training.tokens'],
    [{ training: { price_per_gpu_hour_usd: 1e308 } }, 'training.price_per_gpu_hour_usd'],
    [{ training: { pue: 1e308 } }, 'training.pue'],
    [{ training: { margin: 1e300 } }, 'training.margin'],
    [{ training: { electricity_usd_per_kwh: 1e308 } }, 'training.electricity_usd_per_kwh'],
    [{ training: { mfu: 1e-300 } }, 'training.mfu'],
    [{ inference: { layer_overhead_s: 1e308 } }, 'inference.layer_overhead_s'],
    [{ inference: { price_per_gpu_hour_usd: 1e308 } }, 'inference.price_per_gpu_hour_usd'],
    [{ inference: { memory_efficiency: 1e-300 } }, 'inference.memory_efficiency'],
    [{ inference: { target_requests_per_s: 1e308 } }, 'inference.target_requests_per_s'],
    [{ inference: { checkpoint_weights_bytes: 1e300 } }, 'inference.checkpoint_weights_bytes'],
  ];
  for (const [sections, field] of cases) {
    assertRefused(scenario({ model: 'llama-3-8b', ...sections }), field, /must be a number in/);
  }
  assertRefused(scenario({ model: 'llama-3-8b', hardware: { accelerator: { memory_bytes: 8e10,
    memory_bandwidth_bytes_per_s: 5e-324 } }, inference: {} }), 'hardware.accelerator.memory_bandwidth_bytes_per_s');
});

test('D4b: the serving section refuses out-of-range traffic, naming the field', () => {
  const cases = [
    [{ workload: { requests_per_s: 1e308 } }, 'serving.workload.requests_per_s', /must be a number in/],
    [{ workload: { requests_per_s: 0 } }, 'serving.workload.requests_per_s', /must be a number in/],
    [{ workload: { requests_per_s: 2, concurrency: 8 } }, 'serving.workload.concurrency', /not be given with requests_per_s/],
    [{ workload: { requests: 1e9 } }, 'serving.workload.requests', /must be an integer in/],
    [{ workload: { requests: 100000, output_tokens: 1000 } }, 'serving.workload.requests', /at most 10000 for these output lengths/],
    [{ workload: { prompt_tokens: 100, prompt_tokens_p99: 50 } }, 'serving.workload.prompt_tokens_p99', /at least the mean/],
    [{ workload: { output_tokens: 100, output_tokens_p99: 10000 } }, 'serving.workload.output_tokens_p99', /14.9 times/],
    [{ workload: { prefix_hit_ratio: 1 } }, 'serving.workload.prefix_hit_ratio', /must be a number in/],
    [{ targets: { ttft_p99_s: 0 } }, 'serving.targets.ttft_p99_s', /must be a number in/],
    [{ replicas: 3 }, 'serving.replicas', /at most hardware.count/],
    [{ block_tokens: 0 }, 'serving.block_tokens', /must be an integer in/],
    [{ workload: { arrivals: 'bursty' } }, 'serving.workload.arrivals', /not a known field/],
  ];
  for (const [serving, field, rule] of cases) {
    assertRefused(scenario({ model: 'llama-3-8b', hardware: { count: 2 }, inference: { tp: 1 }, serving }), field, rule);
  }
  assertRefused(scenario({ model: 'bert-base-uncased', serving: {} }), 'serving', /generates text/);
  const speculative = [
    [{ acceptance_rate: 1 }, 'inference.speculative.acceptance_rate', /must be a number in/],
    [{ acceptance_rate: -0.1 }, 'inference.speculative.acceptance_rate', /must be a number in/],
    [{ draft_tokens: 1e9 }, 'inference.speculative.draft_tokens', /must be an integer in/],
    [{ method: 'medusa' }, 'inference.speculative.method', /must be one of/],
    [{ method: 'mtp' }, 'inference.speculative.method', /multi-token-prediction/],
    [{ draft_model: 'bert-base-uncased' }, 'inference.speculative.draft_model', /generates text/],
    [{ draft_model: { model_type: 'llama' } }, 'inference.speculative.draft_model', /must be/],
  ];
  for (const [section, field, rule] of speculative) {
    assertRefused(scenario({ model: 'llama-3-8b', inference: { speculative: section } }), field, rule);
  }
  const measured = [
    [{}, 'inference.measured', /must give decode_tokens_per_s/],
    [{ decode_tokens_per_s: -1 }, 'inference.measured.decode_tokens_per_s', /must be a number in/],
    [{ decode_tokens_per_s: 1e300 }, 'inference.measured.decode_tokens_per_s', /must be a number in/],
    [{ prefill_tokens_per_s: 100, prefill_tokens: 0 }, 'inference.measured.prefill_tokens', /must be an integer in/],
    [{ decode_tokens_per_s: 40, decode_batch: 1e9 }, 'inference.measured.decode_batch', /must be an integer in/],
    [{ decode_tokens_per_s: 40, decode_context_tokens: -5 }, 'inference.measured.decode_context_tokens', /must be an integer in/],
    [{ decode_tokens_per_s: 40, gpu_layers: 10 }, 'inference.measured.gpu_layers', /hardware.host/],
    [{ decode_tokens_per_s: 40, speed: 1 }, 'inference.measured.speed', /not a known field/],
  ];
  for (const [section, field, rule] of measured) {
    assertRefused(scenario({ model: 'llama-3-8b', inference: { runtime: 'llama.cpp', weights: 'q4_k_m', measured: section } }), field, rule);
  }
  assertRefused(scenario({ model: 'llama-3-8b', inference: { compute_efficiency: 0.5, measured: { prefill_tokens_per_s: 900 } } }),
    'inference.measured.prefill_tokens_per_s', /cannot be given with inference.compute_efficiency/);
});

test('D5: no count comes from an out-of-range double', () => {
  assertRefused(scenario({ model: 'llama-3-8b', training: { target_days: 1e-300 } }), 'training.target_days');
  assertRefused(scenario({ model: 'llama-3-8b', training: { global_batch_tokens: 1e300 } }),
    'training.global_batch_tokens');
  // Within every bound, a GPU count beyond 2^53 is still refused rather than wrapped.
  const slow = { preset: 'h100-sxm', dense_flops_per_s: { bf16: 1e6 } };
  assertRefused(scenario({ model: 'llama-3.1-405b', hardware: { accelerator: slow },
    training: { tokens: 1e16, target_days: 0.001, mfu: 0.001 } }), 'training.target_days', /beyond 2\^53/);
});

test('D6: dimensions whose product no int64 holds are refused', () => {
  assertRefused(scenario({ model: { ...llama, vocab_size: 4e15 } }), 'model.vocab_size');
  assertRefused(scenario({ model: { ...llama, hidden_size: 1e9, num_hidden_layers: 1e9 } }), 'model.hidden_size');
  // Every dimension within its bound, the whole beyond any model: counted in doubles first.
  const line = assertRefused(scenario({ model: { ...llama, hidden_size: 1 << 20, intermediate_size: 1 << 20,
    num_attention_heads: 1024, num_key_value_heads: 1024, num_hidden_layers: 10000 } }), 'model');
  assert.match(line, /^model: must have at most 1e\+15 parameters \(.+\), got [0-9.]+e\+16 parameters$/);
});

test('D7: field names and values are quoted escaped, on one line', () => {
  const key = 'x\nforged: line\u001b[31m\u009b\u202e';
  const line = assertRefused(scenario({ model: 'gpt2', hardware: { [key]: 1 } }),
    'hardware.x\\u000Aforged: line\\u001B[31m\\u009B\\u202E');
  assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f\u202e]/);
  const value = assertRefused(scenario({ model: `llama\r\n${'é'.repeat(300)}` }), 'model');
  assert.match(value, /got "llama\\u000D\\u000A(é)+\.\.\.$/);
  // A long multi-byte value is cut between characters, so the error stays valid UTF-8.
  assertRefused(scenario({ model: ['é'.repeat(100)] }), 'model', /é\.\.\.$/);
});

test('the architectures the readers added are bounded like the rest', () => {
  const mamba = { model_type: 'mamba', hidden_size: 768, num_hidden_layers: 24, vocab_size: 50280, state_size: 16,
    conv_kernel: 4 };
  assertRefused(scenario({ model: { ...mamba, state_size: 1e12 } }), 'model.state_size', /\(.+\), got /);
  assertRefused(scenario({ model: { ...mamba, expand: 1e6 } }), 'model.expand', /\(.+\), got /);
  const t5 = { model_type: 't5', d_model: 512, num_heads: 8, d_kv: 64, d_ff: 2048, vocab_size: 32128, num_layers: 6 };
  assertRefused(scenario({ model: { ...t5, d_ff: 1e12 } }), 'model.d_ff', /\(.+\), got /);
  assertRefused(scenario({ model: { ...t5, num_decoder_layers: 1e9 } }), 'model.num_decoder_layers', /\(.+\), got /);
  const bert = { model_type: 'bert', hidden_size: 768, num_hidden_layers: 12, num_attention_heads: 12,
    intermediate_size: 3072, vocab_size: 30522, max_position_embeddings: 512 };
  assertRefused(scenario({ model: { ...bert, max_position_embeddings: 1e15 } }), 'model.max_position_embeddings');
  assertRefused(scenario({ model: { ...llama, n_shared_experts: 1e6, num_local_experts: 8, num_experts_per_tok: 2 } }),
    'model.n_shared_experts');
});

test('fleet: the fleet section is bounded, and the search needs traffic that keeps arriving', () => {
  const serving = { workload: { requests_per_s: 5, requests: 50 }, targets: { tpot_p99_s: 0.05 } };
  const fleet = (section, extra = {}) => scenario({ model: 'llama-3-8b', serving, fleet: section, ...extra });
  assertRefused(fleet({ accelerators: ['h100-sxm', 'h900'] }), 'fleet.accelerators', /preset id/, 'fleet');
  assertRefused(fleet({ accelerators: Array(9).fill('h100-sxm') }), 'fleet.accelerators', /at most 8/, 'fleet');
  assertRefused(fleet({ accelerators: 'h100-sxm' }), 'fleet.accelerators', /array/, 'fleet');
  assertRefused(fleet({ tp: [1, 2048] }), 'fleet.tp', /each in \[1, 1024\]/, 'fleet');
  assertRefused(fleet({ tp: [1.5] }), 'fleet.tp', undefined, 'fleet');
  assertRefused(fleet({ max_gpus: 1e9 }), 'fleet.max_gpus', /\(.+\), got /, 'fleet');
  assertRefused(fleet({ replicas: 4 }), 'fleet.replicas', /known fields/, 'fleet');
  // The link carries the fleet section, so the estimate refuses a bad one too.
  assertRefused(fleet({ tp: [0] }), 'fleet.tp', undefined, 'estimate');
  assertRefused(scenario({ model: 'llama-3-8b', fleet: {} }), 'serving', /fleet search/, 'fleet');
  assertRefused(scenario({ model: 'llama-3-8b', serving: { workload: { requests: 10 } }, fleet: {} }), 'serving.workload', /requests_per_s or concurrency/, 'fleet');
  assertRefused(`{"model":"llama-3-8b","serving":{},"fleet":${nested('[', ']', 60000)}}`, 'fleet', /more than 64 levels deep/, 'fleet');
});

test('plan: the planner section and the training fields it reads are bounded, nothing deep recurses', () => {
  const base = { model: 'llama-3-8b', hardware: { accelerator: 'h100-sxm', count: 8 } };
  assertRefused(`{"model":"llama-3-8b","planner":${nested('[', ']', 60000)}}`, 'planner', /more than 64 levels deep/,
    'plan');
  assertRefused('{"model":"llama-3-8b","planner":{"top":1e400}}', 'planner.top', /finite number/, 'plan');
  assertRefused(scenario({ ...base, planner: { scaling_gpus: [8, 1e9] } }), 'planner.scaling_gpus', undefined, 'plan');
  assertRefused(scenario({ ...base, training: { global_batch_tokens: 1e300 } }), 'training.global_batch_tokens',
    /\(.+\), got /, 'plan');
  assertRefused(scenario({ ...base, training: { seq_len: 1e12 } }), 'training.seq_len', /\(.+\), got /, 'plan');
  assertRefused(scenario({ ...base, hardware: { count: 8, gpus_per_node: 1e9 } }), 'hardware.gpus_per_node',
    /\(.+\), got /, 'plan');
  assertRefused(scenario({ ...base, hardware: { count: 8, inter_node_bytes_per_s: 5e-324 } }),
    'hardware.inter_node_bytes_per_s', /\(.+\), got /, 'plan');
  for (const [key, value] of [['cp', 1e9], ['ep', 1e9], ['goodput', 1e-300], ['compute_efficiency', 1e-300],
    ['gpu_mtbf_hours', 1e-300], ['restart_s', 1e300], ['checkpoint_interval_s', 0],
    ['checkpoint_write_bytes_per_s', 5e-324], ['eval_fraction', 1], ['data_stall_fraction', -1e-300]]) {
    assertRefused(scenario({ ...base, training: { [key]: value } }), `training.${key}`, /\(.+\), got /);
  }
  // DPO's reference: a name it does not know, or one without DPO or without adapters.
  assertRefused(scenario({ ...base, training: { objective: 'rlhf\u0000' } }), 'training.objective', /got /);
  assertRefused(scenario({ ...base, training: { dpo_reference: 'model' } }), 'training.dpo_reference', /objective "dpo"/, 'plan');
  assertRefused(scenario({ ...base, training: { objective: 'dpo', dpo_reference: 'adapters_off' } }), 'training.dpo_reference',
    /"lora" or "qlora"/, 'plan');
  // Within every bound, yet no time left to train: refused at the restart, not an infinite time.
  assertRefused(scenario({ ...base, hardware: { count: 65536 },
    training: { tp: 8, gpu_mtbf_hours: 1, restart_s: 1e6 } }), 'training.restart_s', /leaves no time to train/);
  const key = 'x\nforged\u001b[31m';
  assertRefused(scenario({ ...base, planner: { [key]: 1 } }), 'planner.x\\u000Aforged\\u001B[31m', undefined, 'plan');
});

test('GRPO: the batch and the rollout engine are bounded, and fields that need another placement or objective are refused', () => {
  const base = { model: 'qwen2.5-1.5b', hardware: { accelerator: 'h100-sxm', count: 8 } };
  const grpo = (rl, rollout = {}, extra = {}) => scenario({ ...base,
    training: { objective: 'grpo', zero_stage: 3, rl: { prompts_per_step: 16, group_size: 4, ...rl }, rollout, ...extra } });
  for (const [key, value] of [['prompts_per_step', 1e9], ['group_size', 1e6], ['prompt_tokens', 1e12],
    ['response_tokens', -1], ['mini_batches', 0], ['epochs', 1e3], ['steps', 1e300]]) {
    assertRefused(grpo({ [key]: value }), `training.rl.${key}`, /\(.+\), got /);
  }
  assertRefused(grpo({ kl_reference: 'yes' }), 'training.rl.kl_reference');
  assertRefused(grpo({ reward_model: 1 }), 'training.rl.reward_model');
  assertRefused(scenario({ ...base, training: { objective: 'ppo', rl: { group_size: 1e4 } } }), 'training.rl.group_size', /\(.+\), got /);
  assertRefused(grpo({ response_tokens: 100, response_tokens_p99: 1e7 }), 'training.rl.response_tokens_p99');
  assertRefused(grpo({ unknown: 1 }), 'training.rl.unknown', /known fields/);
  assertRefused(grpo({}, { placement: 'elsewhere' }), 'training.rollout.placement');
  assertRefused(grpo({}, { gpus: 8 }), 'training.rollout.gpus', /"separate"/);
  assertRefused(grpo({}, { placement: 'separate', gpus: 1e9 }), 'training.rollout.gpus', /\(.+\), got /);
  assertRefused(grpo({}, { gpu_memory_fraction: 1.5 }), 'training.rollout.gpu_memory_fraction');
  assertRefused(grpo({}, { tp: 1e9 }), 'training.rollout.tp');
  assertRefused(grpo({}, { weights: 'int3\u202e' }), 'training.rollout.weights');
  assertRefused(grpo({}, { measured: {} }), 'training.rollout.measured', /known fields/);
  assertRefused(grpo({}, {}, { seq_len: 4096 }), 'training.seq_len', /training\.rl/);
  assertRefused(scenario({ ...base, training: { rollout: {} } }), 'training.rollout', /"grpo"/);
  // Within every bound, yet more answers than the simulation follows: refused, not a long wait.
  assertRefused(grpo({ prompts_per_step: 100000, group_size: 1024 }), 'training.rl.prompts_per_step', /simulation/);
});

test('validate() reads its rows through the same limits (the validation page\'s entry point)', () => {
  const rows = measurements();
  const [file] = Object.keys(rows);
  assert.throws(() => validation.validate(`{"${file}":${nested('[', ']', 60000)}}`), /more than 64 levels deep/);
  assert.throws(() => validation.validate(`{"${file}":[{"id":"x","value":1e400}]}`), /finite number/);
  const row = rows[file].find((r) => r.scenario && typeof r.value === 'number');
  // A bad row is reported invalid with the message, the rest of the run goes on.
  const invalid = validation.validate({ [file]: [{ ...row, value: 1e300 }] }).rows.find((r) => r.id === row.id);
  assert.equal(invalid.status, 'invalid');
  assert.match(invalid.message, /\.value: must be a number in \[-1e\+30, 1e\+30\] \(.+\), got 1e\+300$/);
  const report = validation.validate(rows, { ids: [row.id] });
  assert.equal(report.rows.length, 1);
});

test('batch answers each line as the WASM module does, errors included', () => {
  const lines = [scenario({ model: 'gpt2' }), '{"model": ', scenario({ model: 'gpt2', hardware: { count: 0 } })];
  const run = runCli(['batch', '-'], `${lines.join('\n')}\n`);
  assert.equal(run.status, 0);
  const answers = run.stdout.trimEnd().split('\n');
  assert.equal(answers.length, 3);
  assert.equal(JSON.parse(answers[0]).model.params_total, wasm.estimate(lines[0]).model.params_total);
  assert.match(JSON.parse(answers[1]).error.message, /^invalid JSON at line 1/);
  assert.equal(JSON.parse(answers[2]).error.field, 'hardware.count');
});

test('what cannot be computed is absent, never null, in every section', () => {
  const custom = { memory_bytes: 8e10, memory_bandwidth_bytes_per_s: 2e12, dense_flops_per_s: { bf16: 1e15 } };
  const result = wasm.estimate({ model: 'llama-3-8b', hardware: { accelerator: custom }, inference: {},
    training: {}, quantization: {} });
  const nulls = [];
  const walk = (value, path) => {
    if (value === null) nulls.push(path);
    else if (typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, `${path}.${key}`);
  };
  walk(result, 'result');
  assert.deepEqual(nulls.filter((path) => !path.startsWith('result.scenario.model')), []);
  for (const key of ['cost_per_million_tokens_usd', 'cost_per_million_input_tokens_usd',
    'cost_per_million_output_tokens_usd', 'price_per_gpu_hour_usd', 'gpus_for_target', 'batch_for_target']) {
    assert.ok(!(key in result.inference), key);
  }
  assert.ok(!('cost_usd' in result.training));
  assert.ok(result.quantization.options.some((o) => !('quality_loss_pct' in o)));
});

test('an MFU above every published run is allowed with a warning', () => {
  const result = wasm.estimate({ model: 'llama-3-8b', training: { mfu: 0.8 } });
  assert.ok(result.warnings.some((w) => w.field === 'training.mfu'));
});
