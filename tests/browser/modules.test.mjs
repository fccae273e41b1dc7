// The page's pure modules (link codec, scenario edits, formatting, languages), run under node
// against the real core where they need one. The browser tests then check the page as a whole.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';

import { cliJson, loadWasm, root } from '../node/support.mjs';

const web = (path) => import(join(root, 'web/src', path));
const { decodeState, encodeState, LinkError, LINK_VERSION } = await web('url.js');
const { pruneScenario, resetField, setField, describeModel, fieldOfError, openScenario, withSections } = await web('state.js');
const { createFormat, kindOf } = await web('format.js');
const { detectLanguage, createI18n, loadLanguage } = await web('i18n/index.js');
const { default: en } = await web('i18n/en.js');
const { default: zh } = await web('i18n/zh.js');
const { default: enSections } = await web('i18n/en.sections.js');
const { default: zhSections } = await web('i18n/zh.sections.js');
const { flowById, sectionQuestion, sections } = await web('flows/index.js');

const fixtures = JSON.parse(readFileSync(join(root, 'tests/browser/fixtures/links-v1.json'), 'utf8'));

let wasm;
let catalog;
const estimate = (scenario) => {
  try {
    return { result: wasm.estimate(scenario) };
  } catch (error) {
    return { error };
  }
};
before(async () => {
  wasm = await loadWasm();
  catalog = wasm.presets();
  await loadLanguage('en', { sections: true });
});

test('every committed v1 link still decodes to its scenario and UI state', async () => {
  assert.equal(fixtures.format_version, 1);
  for (const fixture of fixtures.links) {
    const decoded = await decodeState(fixture.link);
    assert.deepEqual(decoded.scenario, fixture.scenario, fixture.name);
    assert.deepEqual(decoded.ui, fixture.ui, fixture.name);
  }
});

test('links round-trip, and long scenarios are compressed', async () => {
  const config = JSON.parse(readFileSync(join(root, 'tests/reference/configs/mixtral-8x7b-v0.1.json'), 'utf8'));
  for (const scenario of [{ model: 'gpt2' }, { model: config, hardware: { count: 8 } }, { model: { preset: 'llama-3-8b', name: '模型 ✓' } }]) {
    const link = await encodeState({ scenario, ui: { t: 'model', u: 'GB', l: 'zh' } });
    assert.match(link, new RegExp(`^#v=${LINK_VERSION}&[sz]=[A-Za-z0-9_-]+&t=model&u=GB&l=zh$`));
    assert.deepEqual(await decodeState(link), { scenario, ui: { t: 'model', u: 'GB', l: 'zh' } });
  }
  const long = await encodeState({ scenario: { model: config } });
  assert.ok(long.includes('&z='), 'a pasted config is deflated');
  assert.ok(long.length < JSON.stringify(config).length, `${long.length} chars`);
});

test('bad links are refused with a reason, never half-read', async () => {
  const good = await encodeState({ scenario: { model: 'llama-3-8b' } });
  const packed = await encodeState({ scenario: { model: JSON.parse(readFileSync(join(root, 'tests/reference/configs/gpt2.json'), 'utf8')) } });
  const cases = [
    ['#garbage', 'unversioned'],
    ['#s=eyJtb2RlbCI6ImdwdDIifQ', 'unversioned'],
    ['#v=99&s=eyJtb2RlbCI6ImdwdDIifQ', 'newer'],
    ['#v=1', 'damaged'],
    [good.slice(0, good.indexOf('&s=') + 12), 'damaged'], // truncated base64
    [packed.slice(0, 60), 'damaged'], // truncated deflate stream
    ['#v=1&s=W10', 'damaged'], // [] is not a scenario
    ['#v=1&s=!!!', 'damaged'],
    [`#v=1&s=${'A'.repeat(70000)}`, 'too-long'],
  ];
  for (const [hash, reason] of cases) {
    await assert.rejects(decodeState(hash), (error) => error instanceof LinkError && error.reason === reason, hash.slice(0, 40));
  }
  assert.equal(await decodeState(''), null);
  assert.equal(await decodeState('#'), null);
});

test('edits at a path become preset overrides, and resets collapse them', () => {
  const normalized = { hardware: { accelerator: 'h100-sxm', count: 1 } };
  let scenario = setField({ model: 'llama-3-70b' }, 'model.num_hidden_layers', 40, { catalog, normalized });
  assert.deepEqual(scenario.model, { preset: 'llama-3-70b', num_hidden_layers: 40 });
  assert.equal(wasm.estimate(scenario).model.architecture.num_hidden_layers, 40);
  scenario = resetField(scenario, 'model.num_hidden_layers');
  assert.equal(scenario.model, 'llama-3-70b');

  // A nested accelerator figure keeps the preset's other peaks (an override replaces a key whole).
  scenario = setField({ model: 'llama-3-8b' }, 'hardware.accelerator.dense_flops_per_s.bf16', 1e15, { catalog, normalized });
  const peaks = wasm.estimate(scenario).hardware.accelerator.dense_flops_per_s;
  assert.equal(peaks.bf16, 1e15);
  assert.equal(peaks.fp8, 1978.9e12);
  scenario = resetField(scenario, 'hardware.accelerator.dense_flops_per_s');
  assert.deepEqual(scenario, { model: 'llama-3-8b', hardware: { accelerator: 'h100-sxm' } });

  // A multimodal config's language model is edited where the core reads it.
  const gemma = catalog.models.find((m) => m.id === 'gemma-3-4b').config;
  scenario = setField({ model: gemma }, 'model.num_hidden_layers', 2, { catalog, normalized });
  assert.equal(scenario.model.text_config.num_hidden_layers, 2);
  assert.equal(wasm.estimate(scenario).model.architecture.num_hidden_layers, 2);
  assert.equal(fieldOfError('model.text_config.hidden_size'), 'model.hidden_size');
  assert.equal(describeModel({ model: gemma }, catalog).kind, 'config');
});

test('pruning drops exactly the values that change nothing', () => {
  const scenario = {
    version: 1,
    model: { preset: 'llama-3-70b', num_hidden_layers: 80, hidden_size: 4096 },
    hardware: { accelerator: { preset: 'h100-sxm', memory_bytes: 85899345920, tdp_w: 500 }, count: 1 },
  };
  const pruned = pruneScenario(scenario, { catalog, estimate });
  assert.deepEqual(pruned, {
    model: { preset: 'llama-3-70b', hidden_size: 4096 },
    hardware: { accelerator: { preset: 'h100-sxm', tdp_w: 500 } },
  });
  assert.deepEqual(wasm.estimate(pruned).model, wasm.estimate(scenario).model);
  assert.deepEqual(pruneScenario({ model: 'gpt2', hardware: { accelerator: 'h100-sxm', count: 1 } }, { catalog, estimate }), { model: 'gpt2' });
  assert.deepEqual(pruneScenario({ model: 'gpt2', hardware: { count: 2 } }, { catalog, estimate }), { model: 'gpt2', hardware: { count: 2 } });
});

test('numbers are formatted by the unit in their name, in both byte units and languages', () => {
  const en = createFormat({ locale: 'en-US', bytes: 'GiB' });
  const si = createFormat({ locale: 'en-US', bytes: 'GB' });
  const zh = createFormat({ locale: 'zh-CN', bytes: 'GiB' });
  const h100 = 85899345920; // 80 GiB
  assert.equal(en.byName('hardware.accelerator.memory_bytes', h100), '80 GiB');
  assert.equal(si.byName('hardware.accelerator.memory_bytes', h100), '85.9 GB');
  assert.equal(en.byName('model.params_total', 70553706496), '70.55B');
  assert.equal(zh.byName('model.params_total', 70553706496), '705.5亿');
  assert.equal(en.byName('memory_bandwidth_bytes_per_s', 3.35e12), '3.35 TB/s');
  assert.equal(en.byName('dense_flops_per_s.bf16', 989.4e12), '989.4 TFLOP/s');
  assert.equal(en.exact(8030261248), '8,030,261,248');
  assert.equal(en.percent(0.000004), '<0.01%');
  assert.equal(en.toInput('bytes', h100), '80');
  assert.equal(si.toInput('bytes', h100), '85.89934592');
  assert.deepEqual(en.fromInput('bytes', '80'), { value: h100 });
  assert.deepEqual(en.fromInput('number', ''), { empty: true });
  assert.deepEqual(en.fromInput('number', '12abc'), { invalid: true });
  assert.equal(en.byName('training.wall_days', 0.5), '12 h');
  assert.equal(en.byName('training.wall_days_6nd', 28.51), '28.5 days');
  assert.equal(en.byName('training.global_batch_tokens', 8192), '8,192 tokens');
  assert.equal(en.byName('training.wall_days', 9269.06), '9,269 days');
  assert.equal(en.byName('quantization.options.3.quality_loss_pct', 2.5), '2.5%');
  assert.equal(en.byName('inference.kv_bytes_per_token', 327680), '320 KiB/token');
  assert.equal(en.byName('inference.ridge_point', 295.343), '295.3 FLOP/B');
  assert.equal(en.byName('training.assumptions.mfu', 0.4), '40%');
  for (const [name, kind] of [['training.wall_days', 'days'], ['training.gpus_for_target_days', 'integer'],
    ['inference.ttft_s', 'seconds'], ['inference.decode_tokens_per_s', 'tokens_per_s'], ['training.cost_usd', 'usd'],
    ['inference.kv_cache_bytes', 'bytes'], ['training.flops_total_6nd', 'flops'], ['hardware.count', 'integer'],
    ['inference.speed_by_batch.0.tokens_per_s_per_user', 'tokens_per_s'], ['training.trainable_params', 'count'],
    ['training.tokens', 'tokens'], ['training.grad_accumulation', 'integer'], ['inference.batch_for_target', 'integer'],
    ['inference.arithmetic_intensity', 'intensity'], ['training.pipeline_bubble_fraction', 'fraction'],
    ['training.flops_per_token_breakdown.forward_adapters', 'flops'], ['training.wall_days_6nd', 'days'],
    ['training.flops_per_token_6n', 'flops']]) {
    assert.equal(kindOf(name), kind, name);
  }
});

test('both languages have every string, and the browser language picks one', async () => {
  // The same keys in the same order (the order of fields is the order facts are listed in); the
  // core's texts are checked in tests/node/texts.test.mjs (English has the core's own).
  for (const part of ['ui', 'fields', 'glossary', 'units', 'choices']) {
    assert.deepEqual(Object.keys(zh[part]), Object.keys(en[part]), part);
  }
  // The views with a section have theirs apart (loaded with the whole core), none twice.
  for (const part of ['ui', 'fields']) {
    assert.deepEqual(Object.keys(zhSections[part]), Object.keys(enSections[part]), `sections ${part}`);
    assert.deepEqual(Object.keys(enSections[part]).filter((key) => Object.hasOwn(en[part], key)), [], `${part} in both files`);
  }
  assert.equal(detectLanguage(['zh-CN', 'en']), 'zh');
  assert.equal(detectLanguage(['fr-FR', 'zh-TW']), 'zh');
  assert.equal(detectLanguage(['de']), 'en');
  assert.equal(await loadLanguage('xx'), 'en');
  assert.equal(await loadLanguage('zh'), 'zh');
  const t = createI18n('zh');
  assert.equal(t('link.failed', { reason: 'x' }), '无法打开此链接（x），先显示一个示例。');
  assert.equal(t.field('num_key_value_heads'), 'KV 头数');
  assert.equal(t.field('no_such_field'), 'no_such_field');
});

test('every breakdown component and architecture field the core reports has a label', () => {
  const t = createI18n('en');
  for (const preset of catalog.models) {
    const { model } = cliJson(['estimate', '-'], JSON.stringify({ model: preset.id }));
    const names = [...Object.keys(model.breakdown), ...leaves(model.architecture)];
    for (const name of names) assert.ok(t.hasField(name), `${preset.id}: ${name}`);
  }
});

test('every field of the flows\' sections, and every part and assumption they report, has a label', () => {
  const t = createI18n('en');
  const labelled = (path) => t.hasField(path) || t.hasField(path.split('.').at(-1));
  for (const training of [{}, { method: 'lora' }, { method: 'qlora', target_days: 3, electricity_usd_per_kwh: 0.1 }]) {
    const result = cliJson(['estimate', '-'], JSON.stringify({ model: 'mixtral-8x7b', hardware: { count: 8 }, training, inference: {} }));
    const paths = [
      ...Object.keys(result.scenario.training).map((key) => `training.${key}`),
      ...Object.keys(result.scenario.inference).map((key) => `inference.${key}`),
      ...Object.keys(result.training.memory).map((key) => `training.memory.${key}`),
      ...Object.keys(result.training.flops_per_token_breakdown).filter((key) => key !== 'model')
        .map((key) => `training.flops_per_token_breakdown.${key}`),
      ...Object.keys(result.training.assumptions)
        .filter((key) => !['notes', 'note_codes', 'mfu_source', 'mfu_source_code', 'mfu_default', 'bytes_per_param'].includes(key))
        .map((key) => `training.assumptions.${key}`),
      ...Object.keys(result.training.assumptions.bytes_per_param).map((key) => `training.assumptions.bytes_per_param.${key}`),
      ...Object.keys(result.inference.per_device).map((key) => `inference.per_device.${key}`),
      ...Object.keys(result.inference.assumptions).map((key) => `inference.assumptions.${key}`),
      ...Object.keys(result.inference.runtime).filter((key) => key !== 'name').map((key) => `inference.runtime.${key}`),
      ...Object.keys(result.inference.decode_step).filter((key) => key !== 'context_tokens').map((key) => `inference.decode_step.${key}`),
    ];
    for (const path of paths) assert.ok(labelled(path), path);
  }
  // The flows' own layouts name only fields the core reads (tuning and question fields included).
  for (const id of ['inference', 'training', 'finetune']) {
    const { section, inputs } = flowById(id);
    for (const key of [...inputs.primary, ...inputs.questions, ...(inputs.tuning ?? [])]) {
      assert.ok(labelled(`${section}.${key}`), `${section}.${key}`);
      // The core knows the field (any value: a known field fails, if at all, on its value).
      const { error } = estimate({ model: 'llama-3-8b', [section]: { [key]: 1 } });
      assert.ok(!/is not a known field/.test(error?.message ?? ''), error?.message);
    }
  }
});

test('every number the core explains has a label in both languages (its ƒ button and formula name it)', async () => {
  await loadLanguage('zh');
  const labelled = (t, path) => t.hasField(path) || t.hasField(path.split('.').at(-1));
  const languages = ['en', 'zh'].map((lang) => createI18n(lang));
  for (const model of ['llama-3-8b', 'deepseek-v3', 'gemma-3-27b', 'mixtral-8x7b', 'gpt2', 'qwen3-next-80b-a3b']) {
    for (const training of [{ target_days: 10, electricity_usd_per_kwh: 0.1 }, { method: 'qlora' }]) {
      const result = cliJson(['estimate', '-'], JSON.stringify({ model, hardware: { count: 4 }, training, inference: {}, quantization: {} }));
      for (const path of Object.keys(result.explain)) {
        for (const t of languages) assert.ok(labelled(t, path), `${t.lang}: ${path}`);
      }
    }
  }
});

test('the page asks the core only for the open view\'s section, and links keep every section opened', () => {
  assert.deepEqual(sections, ['inference', 'serving', 'training']);
  const scenario = { model: 'gpt2', training: { zero_stage: 1 }, inference: { batch: 4 } };
  assert.deepEqual(withSections(scenario, ['training'], sections), { model: 'gpt2', training: { zero_stage: 1 } });
  assert.deepEqual(withSections({ model: 'gpt2' }, ['inference'], sections), { model: 'gpt2', inference: {} });
  assert.deepEqual(withSections(scenario, [], sections), { model: 'gpt2' });
  // Resetting a section's last value keeps the (empty) section; values equal to defaults go.
  assert.deepEqual(resetField({ model: 'gpt2', inference: { batch: 4 } }, 'inference.batch', { keep: sections }), { model: 'gpt2', inference: {} });
  const asked = [];
  const spy = (s) => {
    asked.push(Object.keys(s).filter((key) => sections.includes(key)).join('+'));
    return estimate(s);
  };
  const pruned = pruneScenario({ model: 'llama-3-8b', hardware: { count: 2 }, training: { zero_stage: 0, micro_batch: 2 }, inference: { batch: 1, tp: 2, kv_cache: 'fp8' } },
    { catalog, estimate: spy, sections });
  assert.deepEqual(pruned, { model: 'llama-3-8b', hardware: { count: 2 }, training: { micro_batch: 2 }, inference: { kv_cache: 'fp8' } });
  // hardware.count alone; each section's values with that section only (first with every value
  // kept, then without each).
  assert.deepEqual(asked, ['', '', 'training', 'training', 'training', 'inference', 'inference', 'inference', 'inference']);
  // A plan field is dropped only when the core's planner would pick the same whole plan.
  const plan = pruneScenario({ model: 'llama-3-8b', hardware: { count: 8 }, training: { micro_batch: 1, tp: 8 } },
    { catalog, estimate, sections });
  assert.deepEqual(wasm.estimate(plan).training.parallelism, wasm.estimate({ model: 'llama-3-8b', hardware: { count: 8 },
    training: { micro_batch: 1, tp: 8 } }).training.parallelism);
  assert.deepEqual(pruneScenario({ model: 'gpt2', training: { method: 'full' } }, { catalog, estimate, sections }), { model: 'gpt2', training: {} });
  // The serving section's defaults come from the inference section: its values are checked with it
  // (the prompt equal to the inference section's goes; asked alone, it would have stayed).
  assert.deepEqual(sectionQuestion('serving'), ['serving', 'inference']);
  asked.length = 0;
  const served = pruneScenario({ model: 'gpt2', inference: { prompt_tokens: 200 }, serving: { workload: { prompt_tokens: 200, requests: 20 } } },
    { catalog, estimate: spy, sections, question: sectionQuestion });
  assert.deepEqual(served, { model: 'gpt2', inference: { prompt_tokens: 200 }, serving: { workload: { requests: 20 } } });
  assert.ok(asked.includes('inference+serving'), asked.join(' '));
});

test('full training and fine-tuning share the training section: switching tabs switches the method', () => {
  const stash = {};
  const training = flowById('training');
  const finetune = flowById('finetune');
  let scenario = { model: 'gpt2', training: { tokens: 1e9 } };
  assert.equal(finetune.owns(estimate(scenario).result.scenario), false);
  // Each view keeps its own token count: fine-tuning starts from the core's fine-tuning default.
  scenario = finetune.enter(scenario, stash, catalog);
  assert.deepEqual(scenario.training, { method: 'lora' });
  assert.equal(estimate(scenario).result.scenario.training.tokens, 1875 * 16 * 528);
  scenario.training = { ...scenario.training, method: 'qlora', lora_rank: 64, tokens: 2e7 };
  assert.equal(finetune.owns(estimate(scenario).result.scenario), true);
  scenario = training.enter(scenario, stash);
  assert.deepEqual(scenario.training, { tokens: 1e9, method: 'full' });
  assert.ok(estimate(scenario).result, 'the adapter settings are put aside, so full training is valid');
  assert.equal(training.owns(estimate(scenario).result.scenario), true);
  // Back to fine-tuning: the adapter settings and the token count used last come back.
  assert.deepEqual(finetune.enter(scenario, stash, catalog).training, { tokens: 2e7, method: 'qlora', lora_rank: 64 });
});

test('a link is opened without the fields the core refuses, each reported', () => {
  const example = { model: 'llama-3-8b' };
  const opened = openScenario({ model: 'gpt2', hardware: { count: 0 }, inference: { batch: 2, offload_layers: 3 }, colour: 'red' },
    estimate, example, { keep: sections });
  assert.deepEqual(opened.scenario, { model: 'gpt2', inference: { batch: 2 } });
  assert.deepEqual(opened.dropped.map((d) => d.field).sort(), ['colour', 'hardware.count', 'inference.offload_layers']);
  assert.equal(opened.dropped.find((d) => d.field === 'hardware.count').got, '0');
  // A preset override out of range goes; a model the core refuses becomes the example's.
  assert.deepEqual(openScenario({ model: { preset: 'gpt2', n_layer: -1 } }, estimate, example).scenario, { model: 'gpt2' });
  assert.deepEqual(openScenario({ model: 'gpt-9' }, estimate, example).scenario, example);
  assert.deepEqual(openScenario({ model: { hidden_size: 8 } }, estimate, example).scenario, example);
  // An error no value of the link holds stays, for the page to show with its ways out.
  const kept = openScenario({ model: 'llama-3-8b', hardware: { count: 3 }, inference: {} }, estimate, example, { keep: sections });
  assert.deepEqual(kept.dropped, []);
  assert.equal(estimate(kept.scenario).error.field, 'inference.tp');
  // A flood of unknown keys stops after a bounded number of rounds.
  const flood = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, i]));
  assert.equal(openScenario({ model: 'gpt2', ...flood }, estimate, example).dropped.length, 64);
});

function leaves(object) {
  return Object.entries(object).flatMap(([key, value]) => (value && typeof value === 'object' ? [key, ...leaves(value)] : [key]));
}
