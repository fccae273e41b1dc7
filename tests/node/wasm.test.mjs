import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { cliJson, loadModelWasm, loadRawWasm, loadWasm, runCli } from './support.mjs';

let wasm;
let modelWasm;
before(async () => {
  wasm = await loadWasm();
  modelWasm = await loadModelWasm();
});

test('presets() equals `llm-sizer presets`', () => {
  assert.deepEqual(wasm.presets(), cliJson(['presets']));
});

test('native and WASM give identical results for every model preset', () => {
  for (const preset of wasm.presets().models) {
    for (const scenario of [{ model: preset.id }, { model: preset.id, inference: {} },
      { model: preset.id, quantization: {} }]) {
      const text = JSON.stringify(scenario);
      assert.deepEqual(wasm.estimate(text), cliJson(['estimate', '-'], text), text);
    }
  }
});

test('native and WASM give identical training results for every model preset', () => {
  const sections = [
    { tokens: 1e12, target_days: 30, zero_stage: 1, recompute: 'selective' },
    { method: 'qlora', lora_rank: 16, zero_stage: 3, offload: 'optimizer_and_params', recompute: 'full' },
  ];
  for (const preset of wasm.presets().models) {
    for (const training of sections) {
      const scenario = JSON.stringify({ model: preset.id, hardware: { count: 8 }, training });
      const native = cliJson(['estimate', '-'], scenario);
      assert.ok(native.training, preset.id);
      assert.deepEqual(wasm.estimate(scenario), native, `${preset.id} ${training.method ?? 'full'}`);
    }
  }
});

// A result or listing without the catalog's sources, which the first view's module leaves out.
const withoutSources = (value) => JSON.parse(JSON.stringify(value), (key, item) => (key === 'source' ? undefined : item));

test('the first view\'s model module gives the whole core\'s result for scenarios without sections', () => {
  const all = wasm.presets();
  const models = modelWasm.presets();
  // Its presets: every model and device (their figures; notes and sources stay out), the model
  // types and the config fields, for the first view's pickers and config editor; the choices are
  // the whole core's.
  assert.deepEqual(models.models, withoutSources(all.models));
  assert.deepEqual(models.accelerators, withoutSources(all.accelerators.map(({ notes, ...rest }) => rest)));
  assert.deepEqual(Object.keys(models).sort(), ['accelerators', 'config_fields', 'cpus', 'interconnects', 'model_types', 'models']);
  assert.deepEqual(models.model_types, all.model_types);
  assert.deepEqual(models.config_fields, all.config_fields);
  assert.deepEqual(models.cpus, withoutSources(all.cpus.map(({ notes, ...rest }) => rest)));
  assert.deepEqual(models.interconnects, withoutSources(all.interconnects));
  assert.ok(all.models.every((preset) => preset.source) && all.accelerators.every((device) => device.source));
  assert.equal(modelWasm.plan, undefined); // the planner is the whole core's
  assert.equal(modelWasm.fleet, undefined);
  for (const scenario of [...all.models.map((preset) => ({ model: preset.id, hardware: { count: 2 } })),
    { model: 'qwen3-30b-a3b', hardware: { accelerator: 'epyc-9654' } },
    { model: { preset: 'llama-3-8b', num_hidden_layers: 40 }, hardware: { accelerator: { preset: 'rtx-4090', memory_bytes: 48e9 } } },
    { model: { model_type: 'mystery', hidden_size: 64, num_hidden_layers: 2, num_attention_heads: 4, vocab_size: 100, intermediate_size: 128 } }]) {
    const first = modelWasm.estimate(scenario);
    assert.deepEqual(withoutSources(first), withoutSources(wasm.estimate(scenario)), JSON.stringify(scenario));
    assert.equal(first.model.preset?.source ?? first.hardware.accelerator.source, undefined);
  }
  // Errors are the same; a section is the whole core's, and says so.
  for (const scenario of [{ model: 'llama-3-8b', hardware: { count: 0 } }, { model: 'no-such-model' }]) {
    assert.throws(() => modelWasm.estimate(scenario), (error) => {
      assert.throws(() => wasm.estimate(scenario), (whole) => whole.message === error.message && whole.code === error.code);
      return true;
    });
  }
  assert.throws(() => modelWasm.estimate({ model: 'llama-3-8b', inference: {} }),
    (error) => error.code === 'error.section_elsewhere' && error.field === 'inference');
});

test('plan() equals `llm-sizer plan`, and its errors are JS Errors', () => {
  const scenario = { model: 'mixtral-8x7b', hardware: { count: 32, inter_node: 'roce-200g' }, training: { seq_len: 8192 } };
  assert.deepEqual(wasm.plan(scenario), cliJson(['plan', '-'], JSON.stringify(scenario)));
  assert.throws(() => wasm.plan({ ...scenario, planner: { colour: 1 } }), (error) => error.field === 'planner.colour');
});

test('fleet() equals `llm-sizer fleet` byte for byte in value, and its errors are JS Errors', () => {
  const scenario = {
    model: 'llama-3.1-8b',
    inference: { runtime: 'vllm' },
    serving: { workload: { requests_per_s: 30, requests: 200, prompt_tokens: 1000, output_tokens: 200 }, targets: { ttft_p99_s: 0.5, tpot_p99_s: 0.03 } },
    fleet: { accelerators: ['h100-sxm', 'mi300x'], tp: [1, 2] },
  };
  const answer = wasm.fleet(scenario);
  assert.deepEqual(answer, cliJson(['fleet', '-'], JSON.stringify(scenario)));
  // Two devices at TP 1 and 2, and each with prefill and decode apart.
  assert.equal(answer.fleet.layouts.length, 6);
  assert.ok(answer.fleet.best.replicas >= 1);
  assert.throws(() => wasm.fleet({ ...scenario, fleet: { colour: 1 } }), (error) => error.field === 'fleet.colour');
});

test('estimate() takes a scenario object or its JSON text', () => {
  const scenario = { model: 'llama-3-8b' };
  assert.deepEqual(wasm.estimate(scenario), wasm.estimate(JSON.stringify(scenario)));
});

test('errors come back as a JS Error with the CLI message and the field', () => {
  const cases = [
    { model: { preset: 'llama-3-8b', num_attention_heads: 0 } },
    { model: 'llama-3-8b', hardware: { count: -1 } },
    { model: 'llama-3-8b', training: { mfu: 1.5 } },
    '{"model": ',
  ];
  for (const scenario of cases) {
    const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
    const cli = runCli(['estimate', '-'], text);
    assert.equal(cli.status, 2);
    assert.throws(() => wasm.estimate(text), (error) => {
      assert.ok(error instanceof Error);
      assert.equal(error.message, cli.stderr.trim());
      return true;
    });
  }
  assert.throws(() => wasm.estimate({ model: 'llama-3-8b', hardware: { count: -1 } }),
    (error) => error.field === 'hardware.count');
});

test('MoE speeds over a batch print the same digits natively and in WASM', async () => {
  // Found by the random parity test: the touched-expert fraction used std::pow, whose last bit
  // differs between glibc and the WASM libc.
  const raw = await loadRawWasm();
  const scenario = JSON.stringify({ model: 'qwen1.5-moe-a2.7b', hardware: { accelerator: 'm1-max', count: 2 },
    inference: { runtime: 'sglang', batch: 6, context_tokens: 32768, price_per_gpu_hour_usd: 3.79 } });
  const native = runCli(['batch', '-'], `${scenario}\n`).stdout.trimEnd();
  assert.ok(native.includes('"decode_tokens_per_s"'));
  assert.equal(raw.estimate(scenario), native);
});
