import assert from 'node:assert/strict';
import { test } from 'node:test';

import { cliJson, readJson, runCli } from './support.mjs';

test('a real Llama-3-8B config.json as the model prints 8,030,261,248 parameters', () => {
  const config = readJson('tests/reference/configs/meta-llama-3-8b.json');
  const result = cliJson(['estimate', '-'], JSON.stringify({ model: config }));
  assert.equal(result.model.params_total, 8030261248);
});

test('a real Mixtral-8x7B config.json prints 46.7B total and 12.9B active', () => {
  const config = readJson('tests/reference/configs/mixtral-8x7b-v0.1.json');
  const result = cliJson(['estimate'], JSON.stringify({ model: config }));
  assert.equal((result.model.params_total / 1e9).toFixed(1), '46.7');
  assert.equal((result.model.params_active / 1e9).toFixed(1), '12.9');
});

test('estimate reads a scenario file', () => {
  const result = cliJson(['estimate', 'tests/node/fixtures/llama-3-8b.scenario.json']);
  assert.equal(result.model.preset.id, 'llama-3-8b');
});

test('bad input exits 2 with one line naming field, value and what is allowed', () => {
  const scenario = { model: { preset: 'llama-3-8b', num_hidden_layers: -3 } };
  const run = runCli(['estimate', '-'], JSON.stringify(scenario));
  assert.equal(run.status, 2);
  assert.equal(run.stdout, '');
  assert.equal(run.stderr, 'model.num_hidden_layers: must be an integer in [1, 10000] (DeepNet, the deepest '
    + 'published Transformer, has 1,000 layers: Wang et al. 2022), got -3\n');
});

test('malformed JSON reports line and column', () => {
  const run = runCli(['estimate', '-'], '{\n  "model": "llama-3-8b",\n  oops\n}');
  assert.equal(run.status, 2);
  assert.match(run.stderr, /^invalid JSON at line 3, column 3: /);
  assert.equal(run.stderr.trim().split('\n').length, 1);
});

test('a missing file and an unknown command are errors, not crashes', () => {
  assert.equal(runCli(['estimate', 'no/such/file.json']).status, 2);
  const usage = runCli(['frobnicate']);
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /usage: llm-sizer estimate/);
});

test('presets lists models, accelerators and the model types the counter knows', () => {
  const presets = cliJson(['presets']);
  assert.ok(presets.models.length >= 35);
  assert.ok(presets.accelerators.length >= 35);
  for (const type of ['gpt2', 'gpt_neox', 'bloom', 'falcon', 'llama', 'mistral', 'mixtral', 'qwen2',
    'qwen2_moe', 'qwen3', 'qwen3_moe', 'gemma', 'gemma2', 'gemma3', 'phi3', 'deepseek_v2',
    'deepseek_v3', 'olmo2']) {
    assert.ok(presets.model_types.includes(type), type);
  }
});

test('presets describes each model type: its layout, its stacks and the config fields it reads', () => {
  const { model_types: types, model_type_details: details, config_fields: fields } = cliJson(['presets']);
  assert.deepEqual(Object.keys(details).sort(), [...types].sort());
  assert.equal(details.gpt_bigcode.shape, 'gpt_bigcode');
  assert.ok(details.gpt_bigcode.fields.includes('multi_query'));
  assert.equal(details.t5.stacks, 'encoder_decoder');
  assert.ok(details.t5.fields.includes('d_kv'));
  assert.equal(details.bert.stacks, 'encoder');
  assert.ok(details.mamba2.fields.includes('state_size'));
  // Every field a type reads is among the fields the editor offers.
  for (const [type, detail] of Object.entries(details)) {
    for (const field of detail.fields) assert.ok(fields.includes(field), `${type}: ${field}`);
  }
});

test('plan prints the fastest plans that fit and the scaling curve; bad input exits 2', () => {
  const scenario = { model: 'llama-3-8b', hardware: { count: 16 }, training: {}, planner: { top: 3, scaling_gpus: [8, 16] } };
  const answer = cliJson(['plan', '-'], JSON.stringify(scenario));
  assert.equal(answer.plans.length, 3);
  assert.ok(answer.plans.every((p) => p.fits && p.tp * p.pp * p.dp * p.cp === 16));
  assert.deepEqual(answer.scaling.map((s) => s.gpus), [8, 16]);
  const run = runCli(['plan', '-'], JSON.stringify({ ...scenario, planner: { top: -1 } }));
  assert.equal(run.status, 2);
  assert.equal(run.stderr, 'planner.top: must be an integer in [0, 100], got -1\n');
});
