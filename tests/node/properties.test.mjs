// Properties of the core on random valid scenarios (every preset, accelerator and section can be
// drawn): native and WASM answer byte for byte the same (estimates, and plans on fewer scenarios
// since each searches thousands of plans), every number is finite and the ones that
// cannot be negative are not, `fits` agrees with memory against capacity, decode never outruns the
// memory bandwidth, and memory and time grow with parameters, tokens, batch and context.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { fc, loadRawWasm, loadWasm, runCli } from './support.mjs';

const parityRuns = 1000;
const planParityRuns = 60;
const seed = 17; // fixed, so a failure reproduces; fast-check prints the counterexample

let wasm;
let raw;
let catalog;
let scenarios; // JSON text of each random scenario
let native; // the CLI's answer to each, one line of JSON
let planScenarios;
let nativePlans;
before(async () => {
  wasm = await loadWasm();
  raw = await loadRawWasm();
  catalog = wasm.presets();
  scenarios = fc.sample(scenarioArbitrary(), { numRuns: parityRuns, seed }).map((s) => JSON.stringify(s));
  const run = runCli(['batch', '-'], `${scenarios.join('\n')}\n`, { maxBuffer: 1 << 30 });
  assert.equal(run.status, 0, run.stderr);
  native = run.stdout.split('\n').slice(0, -1);
  planScenarios = fc.sample(planScenarioArbitrary(), { numRuns: planParityRuns, seed }).map((s) => JSON.stringify(s));
  const plans = runCli(['batch', '--plan', '-'], `${planScenarios.join('\n')}\n`, { maxBuffer: 1 << 30 });
  assert.equal(plans.status, 0, plans.stderr);
  nativePlans = plans.stdout.split('\n').slice(0, -1);
});

const optional = (arbitrary) => fc.option(arbitrary, { nil: undefined });

function scenarioArbitrary() {
  const { choices } = catalog;
  const inference = fc.record({
    runtime: fc.constantFrom(...choices.inference.runtime),
    weights: fc.constantFrom(...choices.inference.weights.map((w) => w.id)),
    kv_cache: fc.constantFrom(...choices.inference.kv_cache),
    batch: fc.integer({ min: 1, max: 256 }),
    context_tokens: fc.constantFrom(512, 2048, 4096, 8192, 32768),
    flash_attention: fc.boolean(),
    price_per_gpu_hour_usd: fc.double({ min: 0.1, max: 20, noNaN: true }),
    target_requests_per_s: fc.double({ min: 0.1, max: 1000, noNaN: true }),
  }, { requiredKeys: [] });
  const training = fc.record({
    method: fc.constantFrom(...choices.training.method),
    precision: fc.constantFrom(...choices.training.precision),
    optimizer: fc.constantFrom(...choices.training.optimizer),
    zero_stage: fc.integer({ min: 0, max: 3 }),
    recompute: fc.constantFrom(...choices.training.recompute),
    micro_batch: fc.integer({ min: 1, max: 8 }),
    seq_len: fc.constantFrom(512, 2048, 4096),
    tokens: fc.double({ min: 1e6, max: 1e13, noNaN: true }),
    mfu: fc.double({ min: 0.05, max: 0.7, noNaN: true }),
    tp: fc.constantFrom(1, 2, 4),
    target_days: fc.double({ min: 0.5, max: 365, noNaN: true }),
    margin: fc.double({ min: 0, max: 0.5, noNaN: true }),
  }, { requiredKeys: [] });
  return fc.record({
    model: fc.constantFrom(...catalog.models.map((m) => m.id)),
    hardware: fc.record({
      accelerator: fc.constantFrom(...catalog.accelerators.map((a) => a.id)),
      count: fc.constantFrom(1, 2, 4, 8),
    }),
    inference: optional(inference),
    training: optional(training),
    quantization: optional(fc.constant({})),
  }, { requiredKeys: ['model', 'hardware'] })
    // Enough GPUs for the training split drawn, so most scenarios are valid.
    .map((s) => (s.training?.tp > s.hardware.count ? { ...s, hardware: { ...s.hardware, count: s.training.tp } } : s));
}

// A training scenario for the planner: a preset on 1 to 64 GPUs, a few training settings, a short
// search (few plans listed, a scaling curve of at most three points).
function planScenarioArbitrary() {
  const { choices } = catalog;
  // The precision is one the accelerator has a dense rate for, so the plans exercise the planner,
  // not the precision check (bad input has its own tests).
  const hardware = fc.constantFrom(...catalog.accelerators).chain((accelerator) => fc.record({
    accelerator: fc.constant(accelerator.id),
    count: fc.constantFrom(1, 2, 8, 16, 64),
    precision: fc.constantFrom(...choices.training.precision.filter((p) => accelerator.dense_flops_per_s[p])),
  }));
  const training = fc.record({
    optimizer: fc.constantFrom(...choices.training.optimizer),
    seq_len: fc.constantFrom(1024, 2048, 4096, 8192),
    tokens: fc.double({ min: 1e9, max: 1e13, noNaN: true }),
    global_batch_tokens: fc.constantFrom(1 << 20, 1 << 22),
  }, { requiredKeys: [] });
  return fc.record({
    model: fc.constantFrom(...catalog.models.map((m) => m.id)),
    hardware,
    training,
    planner: fc.record({
      top: fc.integer({ min: 0, max: 5 }),
      scaling_gpus: fc.subarray([1, 4, 16, 64], { maxLength: 3 }),
    }),
  }).map(({ hardware: { precision, ...hardware }, training, ...rest }) => ({ ...rest, hardware, training: { ...training, precision } }));
}

const valid = () => native.map((line) => JSON.parse(line)).filter((result) => !result.error);

// The module's `entry` answers each of `texts` exactly as the CLI's batch did (`lines`); at least
// half of them are answers, not refusals.
function assertParity(t, entry, texts, lines, what) {
  assert.equal(lines.length, texts.length);
  let refused = 0;
  for (let i = 0; i < texts.length; i += 1) {
    const answer = raw[entry](texts[i]);
    assert.equal(answer, lines[i], texts[i]);
    if (answer.startsWith('{"error"')) refused += 1;
  }
  const answered = texts.length - refused;
  t.diagnostic(`identical: ${texts.length} of ${texts.length} (${answered} ${what}, ${refused} refused as bad input)`);
  assert.ok(answered >= texts.length / 2, `only ${answered} valid scenarios`);
}

test(`native and WASM answer ${parityRuns} random scenarios byte for byte`, (t) => {
  assertParity(t, 'estimate', scenarios, native, 'estimates');
});

test(`native and WASM plan ${planParityRuns} random training scenarios byte for byte`, (t) => {
  assertParity(t, 'plan', planScenarios, nativePlans, 'plans');
});

// Sizes, times, rates, counts and money in estimates and plans (the suffixes of the result's field names).
const nonNegative = /(_bytes|_s|_flops|_per_s|_usd|_kwh|_days|_hours|params|tokens|batch|devices|gpus|steps)$|^params_/;

test('every number is finite, and sizes, times, rates, counts and money are never negative', () => {
  const plans = nativePlans.map((line) => JSON.parse(line)).filter((plan) => !plan.error);
  for (const result of [...valid(), ...plans]) {
    const walk = (value, key, path) => {
      if (typeof value === 'number') {
        assert.ok(Number.isFinite(value), path);
        if (nonNegative.test(key)) assert.ok(value >= 0, `${path} = ${value}`);
      } else if (value && typeof value === 'object') {
        for (const [name, item] of Object.entries(value)) walk(item, Array.isArray(value) ? key : name, `${path}.${name}`);
      }
    };
    for (const [name, section] of Object.entries(result)) {
      if (name !== 'scenario') walk(section, name, name);
    }
  }
});

test('fits agrees with memory against capacity', () => {
  let checked = 0;
  for (const result of valid()) {
    const inference = result.inference;
    if (inference) {
      const need = inference.memory_per_device_bytes;
      if (inference.fits) assert.ok(need <= inference.device_usable_bytes * (1 + 1e-12), result.scenario);
      // Runtimes that budget weights, activations, overhead and the KV cache out of one pool.
      if (['generic', 'llama.cpp', 'vllm'].includes(inference.runtime.name)) {
        assert.equal(inference.fits, need <= inference.runtime.budget_bytes * (1 + 1e-12), JSON.stringify(result.scenario));
      }
      checked += 1;
    }
    const training = result.training;
    if (training) {
      assert.equal(training.fits, training.memory_per_gpu_bytes <= training.memory_available_bytes, JSON.stringify(result.scenario));
      checked += 1;
    }
  }
  assert.ok(checked > 100);
});

test('decode never streams faster than the memory bandwidth allows', () => {
  for (const result of valid()) {
    const inference = result.inference;
    if (!inference?.decode_step) continue;
    const bandwidth = result.hardware.accelerator.memory_bandwidth_bytes_per_s;
    // A step reads decode_step.bytes per device at no more than the datasheet bandwidth.
    assert.ok(inference.decode_tokens_per_s * inference.decode_step.bytes <= bandwidth * (1 + 1e-9),
      JSON.stringify(result.scenario));
  }
});

// a, b: results for a smaller and a larger input; every named path must not shrink.
function assertGrows(a, b, paths, what) {
  for (const path of paths) {
    const [x, y] = [a, b].map((r) => path.split('.').reduce((v, key) => v?.[key], r));
    if (x === undefined || y === undefined) continue;
    assert.ok(y >= x * (1 - 1e-12), `${path} fell from ${x} to ${y} when ${what}`);
  }
}

function estimateOrNull(scenario) {
  try {
    return wasm.estimate(scenario);
  } catch {
    return null;
  }
}

const step = (r) => (r.inference?.decode_tokens_per_s ? { s: 1 / r.inference.decode_tokens_per_s } : {});
const runs = { numRuns: 60, seed };

test('memory and time grow with the model: more layers never cost less', () => {
  // Decoder stacks whose depth is num_hidden_layers (n_layer); encoder-decoder configs count theirs
  // per stack (encoder_layers, num_layers) and ignore num_hidden_layers.
  const layered = catalog.models.filter((m) => !('layer_types' in (m.config.text_config ?? m.config))
    && !m.config.is_encoder_decoder && !['t5', 'mt5', 'bart'].includes(m.config.model_type));
  fc.assert(fc.property(fc.constantFrom(...layered), fc.integer({ min: 1, max: 8 }), (preset, extra) => {
    const layers = (preset.config.text_config ?? preset.config).num_hidden_layers ?? preset.config.n_layer;
    fc.pre(Number.isInteger(layers));
    const ask = (n) => estimateOrNull({ model: { preset: preset.id, [preset.config.n_layer ? 'n_layer' : 'num_hidden_layers']: n },
      // A given plan: without one the planner picks the plan, which may change with the depth.
      inference: {}, training: { tokens: 1e11, tp: 1 } });
    const [a, b] = [ask(layers), ask(layers + extra)];
    fc.pre(a && b);
    assert.ok(b.model.params_total > a.model.params_total);
    assertGrows({ ...a, ...step(a) }, { ...b, ...step(b) }, ['inference.memory_per_device_bytes', 's', 'training.flops_total',
      'training.wall_days', 'training.memory_per_gpu_bytes'], `layers go from ${layers} to ${layers + extra}`);
  }), runs);
});

test('training time and cost grow with tokens', () => {
  fc.assert(fc.property(fc.constantFrom(...catalog.models.map((m) => m.id)), fc.double({ min: 1e9, max: 1e13, noNaN: true }),
    fc.double({ min: 1.001, max: 100, noNaN: true }), (model, tokens, factor) => {
      const [a, b] = [tokens, tokens * factor].map((n) => estimateOrNull({ model, training: { tokens: n } }));
      fc.pre(a && b);
      assertGrows(a, b, ['training.flops_total', 'training.wall_days', 'training.gpu_hours', 'training.cost_usd'],
        `tokens go from ${tokens} to ${tokens * factor}`);
      assert.equal(a.training.memory_per_gpu_bytes, b.training.memory_per_gpu_bytes);
    }), runs);
});

test('inference memory and step time grow with the batch and the context', () => {
  const runtime = fc.constantFrom(...catalog.choices.inference.runtime);
  fc.assert(fc.property(fc.constantFrom(...catalog.models.map((m) => m.id)), runtime, fc.integer({ min: 1, max: 64 }),
    fc.integer({ min: 1, max: 64 }), (model, name, batch, more) => {
      const ask = (inference) => estimateOrNull({ model, inference: { runtime: name, ...inference } });
      const [a, b] = [ask({ batch }), ask({ batch: batch + more })];
      fc.pre(a && b);
      assertGrows({ ...a, ...step(a) }, { ...b, ...step(b) }, ['inference.memory_per_device_bytes', 'inference.kv_cache_bytes', 's'],
        `the batch goes from ${batch} to ${batch + more}`);
      const [c, d] = [ask({ context_tokens: 1024 }), ask({ context_tokens: 1024 + 64 * more })];
      fc.pre(c && d);
      assertGrows(c, d, ['inference.memory_per_device_bytes', 'inference.kv_cache_bytes'], 'the context grows');
    }), runs);
});

test('training memory grows with the micro-batch', () => {
  fc.assert(fc.property(fc.constantFrom(...catalog.models.map((m) => m.id)), fc.integer({ min: 1, max: 16 }),
    fc.integer({ min: 1, max: 16 }), (model, micro, more) => {
      const [a, b] = [micro, micro + more].map((n) => estimateOrNull({ model, training: { micro_batch: n, seq_len: 1024 } }));
      fc.pre(a && b);
      assertGrows(a, b, ['training.memory_per_gpu_bytes', 'training.memory.activations_bytes'], `micro_batch ${micro} -> ${micro + more}`);
    }), runs);
});
