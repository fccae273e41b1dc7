// The methodology page and the formula panels' links: every formula the core explains links to a
// section the page has, in both languages; every default the page shows is a number the core
// reports; the page strings of both languages have the same keys.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';

import { cliJson, root } from './support.mjs';

const load = async (path) => (await import(join(root, path))).default;
const { methodologyFor } = await import(join(root, 'web/src/methodology_links.js'));
const { scenarios } = await import(join(root, 'web/src/methodology/scenarios.js'));
const methodology = { en: await load('web/src/i18n/methodology.en.js'), zh: await load('web/src/i18n/methodology.zh.js') };
const validation = { en: await load('web/src/i18n/validation.en.js'), zh: await load('web/src/i18n/validation.zh.js') };
const getPath = (object, path) => path.split('.').reduce((node, key) => node?.[key], object);
const estimate = (scenario) => cliJson(['estimate', '-'], JSON.stringify(scenario));

// Scenarios that between them make the core explain every formula it has.
const explained = [
  { model: 'llama-3-8b', inference: {}, training: {} },
  { model: 'deepseek-v3', hardware: { count: 8 }, inference: { runtime: 'vllm', target_requests_per_s: 5 },
    training: { method: 'qlora', zero_stage: 3, offload: 'optimizer_and_params', target_days: 30, electricity_usd_per_kwh: 0.1 } },
  { model: 'gemma-3-27b', hardware: { count: 8 }, inference: { target_requests_per_s: 10 }, training: { recompute: 'full', tp: 2, pp: 2 } },
  { model: 'mixtral-8x7b', inference: { runtime: 'llama.cpp', weights: 'q4_k_m' }, training: { method: 'lora' }, quantization: {} },
  { model: 'qwen3-next-80b-a3b', inference: {} },
];

test('every formula panel links to a methodology section both languages have', () => {
  for (const lang of ['en', 'zh']) {
    const sections = new Set(methodology[lang].sections.map((s) => s.id));
    const seen = new Set();
    for (const scenario of explained) {
      for (const path of Object.keys(estimate(scenario).explain)) {
        const target = methodologyFor(path);
        assert.ok(target, `${path} maps to no methodology section`);
        assert.ok(sections.has(target.anchor), `${lang}: ${path} -> #${target.anchor} is not a section`);
        seen.add(path);
      }
    }
    assert.ok(seen.size >= 40, `${seen.size} explained paths`);
  }
});

test('the formula families are all there, in the same order in both languages', () => {
  const ids = methodology.en.sections.map((s) => s.id);
  assert.deepEqual(methodology.zh.sections.map((s) => s.id), ids);
  for (const family of ['parameters', 'flops', 'training-memory', 'activations', 'kv-cache', 'quantized-sizes',
    'roofline', 'serving', 'offload', 'communication', 'cost-energy']) {
    assert.ok(ids.includes(family), family);
  }
  for (const [i, en] of methodology.en.sections.entries()) {
    const zh = methodology.zh.sections[i];
    for (const key of ['equation', 'assumes', 'not_modelled', 'sources', 'validation']) {
      assert.equal(zh[key].length, en[key].length, `${en.id}.${key}`);
    }
    assert.deepEqual(zh.constants.map((c) => [c.path, c.scenario]), en.constants.map((c) => [c.path, c.scenario]), en.id);
    assert.deepEqual(zh.validation, en.validation, en.id);
    assert.deepEqual(zh.sources.map(([, url]) => url), en.sources.map(([, url]) => url), en.id);
    if (!en.pending) assert.ok(en.equation.length && en.sources.length, `${en.id} has an equation and sources`);
  }
});

test('every default the page shows is a number the core reports for its scenario', () => {
  const results = Object.fromEntries(Object.entries(scenarios).map(([key, scenario]) => [key, estimate(scenario)]));
  for (const section of methodology.en.sections) {
    for (const constant of section.constants) {
      assert.equal(typeof getPath(results[constant.scenario], constant.path), 'number', `${section.id}: ${constant.path}`);
    }
  }
  assert.deepEqual(Object.keys(methodology.zh.scenarios).sort(), Object.keys(scenarios).sort());
});

test('sections link to validation categories that have rows', () => {
  const categories = new Set(cliJson(['validate', '--json']).rows.map((row) => row.category));
  for (const section of methodology.en.sections) {
    for (const category of section.validation) assert.ok(categories.has(category), `${section.id}: ${category}`);
  }
  for (const category of categories) assert.ok(validation.en.ui[`category.${category}`], `a name for ${category}`);
});

test('the pages\' strings have the same keys in both languages', () => {
  for (const strings of [methodology, validation]) {
    assert.deepEqual(Object.keys(strings.zh.ui), Object.keys(strings.en.ui));
  }
});

test('a formula panel\'s #for=<path> selects its section and its validation category', async () => {
  const { filtersFromHash } = await import(join(root, 'web/src/validation/rows.js'));
  const { pathInHash } = await import(join(root, 'web/src/methodology_links.js'));
  assert.equal(pathInHash('#for=inference.kv_cache_bytes'), 'inference.kv_cache_bytes');
  assert.equal(filtersFromHash('#for=inference.kv_cache_bytes').category, 'inference-memory');
  assert.equal(filtersFromHash('#for=inference.decode_tokens_per_s&runtime=vllm').runtime, 'vllm');
  assert.equal(filtersFromHash('#category=prefill&for=model.params_total').category, 'prefill');
  assert.equal(methodologyFor('training.memory.activations_bytes').anchor, 'activations');
  assert.equal(methodologyFor('no.such.path'), null);
});
