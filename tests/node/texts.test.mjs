// The core's texts reach people by code: every code of core/message_table.hpp (`llm-sizer
// messages`) has its text in Chinese with the same {names} (English is the core's own, written
// beside each code, so en.js holds none), no language file keeps a code the core dropped, and what
// the core returns (errors, warnings, notes, formula units, format names, price rules) carries
// codes of that table, with the values its text names.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';

import { cliJson, root, runCli } from './support.mjs';

const table = cliJson(['messages']);
const languages = {
  en: (await import(join(root, 'web/src/i18n/en.js'))).default,
  zh: (await import(join(root, 'web/src/i18n/zh.js'))).default,
};
// The Chinese texts only the views with a section show, loaded with the whole core.
const zhSections = (await import(join(root, 'web/src/i18n/zh.sections.js'))).default;
const names = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('Chinese has a text for every code of the core, with the same values named; English has the core\'s', () => {
  assert.ok(Object.keys(table).length > 100);
  const zh = { ...languages.zh.texts, ...zhSections.texts };
  assert.equal(Object.keys(zh).length, Object.keys(languages.zh.texts).length + Object.keys(zhSections.texts).length, 'a code in both files');
  assert.deepEqual(Object.keys(zh).sort(), Object.keys(table).sort(), 'zh.js and zh.sections.js texts');
  for (const [code, english] of Object.entries(table)) {
    assert.deepEqual(names(zh[code]), names(english), `zh ${code}`);
  }
  assert.deepEqual(languages.en.texts, {});
});

test('a text only the sections\' code gives is in zh.sections.js, every other in zh.js (the first view\'s)', () => {
  const sources = readdirSync(join(root, 'core'), { recursive: true }).filter((f) => /\.(hpp|cpp)$/.test(f) && !f.includes('message_table'))
    .map((f) => [f, readFileSync(join(root, 'core', f), 'utf8')]);
  // The rooms only the whole core reaches, and the files of other rooms that only a section, the
  // planner or a calibration (data the first view's module does not hold) reaches.
  const sectionsOnly = /^(training|post_training|fleet_search|inference|planner|serving|step_time|tradeoff|launch|quantization|validation|cli)\/|^checkpoint\/|^(plan|fleet|measurement_paste|checkpoint_read)\.[ch]pp$|^scenario\/planner_input\.|^hardware\/calibration\./;
  for (const code of Object.keys(table)) {
    const users = sources.filter(([, text]) => text.includes(`"${code}"`)).map(([file]) => file);
    const expected = users.length > 0 && users.every((file) => sectionsOnly.test(file)) ? 'zh.sections.js' : 'zh.js';
    const actual = Object.hasOwn(zhSections.texts, code) ? 'zh.sections.js' : 'zh.js';
    assert.equal(actual, expected, `${code} (used in ${users.join(', ') || 'no source by name'})`);
  }
});

// The reasons the bounds quote (core/limits.hpp and the ranges read elsewhere), as C++ literals:
// the string literals inside an IntRange or NumberRange initializer, adjacent ones joined.
function boundReasons() {
  const reasons = new Set();
  const literals = (text) => [...text.matchAll(/((?:"(?:[^"\\]|\\.)*"\s*)+)/g)]
    .map(([run]) => [...run.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(([, part]) => part.replace(/\\(.)/g, '$1')).join(''));
  for (const file of readdirSync(join(root, 'core'), { recursive: true }).filter((f) => /\.(hpp|cpp)$/.test(f))) {
    const source = readFileSync(join(root, 'core', file), 'utf8');
    for (const [, body] of source.matchAll(/(?:IntRange|NumberRange)(?:\s+\w+)?\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g)) {
      for (const text of literals(body)) if (text) reasons.add(text);
    }
    for (const [, run] of source.matchAll(/kParamsReason\s*=\s*((?:"(?:[^"\\]|\\.)*"\s*)+);/g)) reasons.add(literals(run)[0]);
  }
  return reasons;
}

test('every reason a bound quotes is said in Chinese, and nothing else is kept', () => {
  const reasons = boundReasons();
  assert.ok(reasons.size > 40, `only ${reasons.size} reasons found`);
  assert.deepEqual(Object.keys(languages.zh.reasons).sort(), [...reasons].sort());
  assert.deepEqual(languages.en.reasons, {});
});

// Every message the result carries, with the value its English text is made from.
function* coded(result) {
  for (const w of result.warnings) yield { code: w.code, params: w.params, english: w.message };
  for (const explanation of Object.values(result.explain)) {
    for (const term of explanation.terms) {
      if (term.unit_code) yield { code: term.unit_code, params: term.unit_params, english: term.unit };
      else assert.equal(term.unit, '', `a term's unit without a code: ${term.unit}`);
    }
  }
  const assumptions = result.training?.assumptions;
  if (assumptions) {
    assert.equal(assumptions.note_codes.length, assumptions.notes.length);
    for (const [i, code] of assumptions.note_codes.entries()) yield { code, english: assumptions.notes[i] };
    yield { code: assumptions.mfu_source_code, english: assumptions.mfu_source };
  }
  for (const source of [result.training?.price_source, result.inference?.price_source]) {
    if (source?.rule) yield { code: source.rule_code, params: source.rule_params, english: source.rule };
  }
  for (const option of result.quantization?.options ?? []) {
    yield { code: option.name_code, params: option.name_params, english: option.name };
  }
}

// The English a code and its values make, as the core fills it (lists joined by ", ").
function fill(code, params = {}) {
  return table[code].replace(/\{(\w+)\}/g, (match, name) => {
    const value = params[name];
    return Array.isArray(value) ? value.join(', ') : String(value);
  });
}

test('results name every text by a code of the table, with the values its text names', () => {
  const scenarios = [
    { model: 'mixtral-8x7b', hardware: { accelerator: 'tpu-v5e', count: 8 }, training: { method: 'lora', lora_modules: ['q', 'gate'], global_batch_tokens: 1000001, seq_len: 65536 }, inference: {} },
    { model: 'llama-3-8b', training: { method: 'qlora', recompute: 'selective', target_days: 2 }, inference: { weights: 'gptq-4bit-g-1' }, quantization: {} },
    { model: { model_type: 'mystery', hidden_size: 64, num_hidden_layers: 2, num_attention_heads: 4, vocab_size: 100, intermediate_size: 128 },
      hardware: { accelerator: { memory_bytes: 8e9 } }, inference: {} },
  ];
  const seen = new Set();
  for (const scenario of scenarios) {
    const result = cliJson(['estimate', '-'], JSON.stringify(scenario));
    for (const { code, params, english } of coded(result)) {
      assert.ok(Object.hasOwn(table, code), `unknown code ${code}`);
      assert.equal(fill(code, params), english, code);
      seen.add(code.split('.')[0]);
    }
  }
  assert.deepEqual([...seen].sort(), ['format', 'note', 'price', 'source', 'unit', 'warning']);
});

test('an input error names its rule by code, with its values, beside the CLI\'s English', async () => {
  const { loadWasm } = await import('./support.mjs');
  const core = await loadWasm();
  for (const [scenario, code] of [
    [{ model: 'llama-3-8b', training: { pp: 64 } }, 'error.pp_at_most_layers'],
    [{ model: 'llama-3-8b', inference: { tokens: 5 } }, 'error.unknown_field'],
    [{ model: 'llama-3-8b', inference: { batch: 0 } }, 'error.integer_in_because'],
    [{ model: 'llama-3-8b', inference: { weights: 'q9' } }, 'error.weight_format'],
  ]) {
    const cli = runCli(['estimate', '-'], JSON.stringify(scenario));
    assert.equal(cli.status, 2);
    assert.throws(() => core.estimate(scenario), (error) => {
      assert.equal(error.code, code);
      assert.equal(error.message, cli.stderr.trim());
      assert.equal(fill(error.code, error.params), error.allowed);
      return true;
    });
  }
});
