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
