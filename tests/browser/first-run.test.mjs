// What a new user ran into, each reproduced and checked: a link with a field the core does not
// know opens anyway and says what it left out; every error has a way out; the Quantization view's
// counts, chart and table agree on one quality figure, each with a linked source; on a phone the
// answer comes first and "Copy link" confirms beside itself; typing "abc" stays "abc"; a pasted
// config equal to a preset is that preset; fine-tuning starts from a fine-tuning run; every
// figure has its unit and formula; with BF16 chosen, BF16 is the best 16-bit format.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { assertShowsCliResult, cliEstimate, linkFor, openPage, settledUrl, siteForTests } from './support.mjs';
import { root } from '../node/support.mjs';

const { decodeState } = await import(new URL('../../web/src/url.js', import.meta.url));

const site = siteForTests();
const linked = async (page) => decodeState(new URL(await settledUrl(page)).hash);
const tabs = (page) => page.$$eval('#tabs [role="tab"]', (nodes) => nodes.map((n) => n.id));
const allTabs = ['tab-model', 'tab-inference', 'tab-serving', 'tab-training', 'tab-finetune', 'tab-posttraining', 'tab-planner', 'tab-quantization'];

test('a link with fields the core refuses opens the rest and names what it left out', async () => {
  // A key from a newer (or mistyped) link, and a count out of range.
  const sent = { model: 'llama-3-8b', hardware: { accelerator: 'rtx-4090', count: 0 }, inference: { weights: 'q4_k_m', offload_layers: 3 } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(sent, { t: 'inference' }));
  const kept = { model: 'llama-3-8b', hardware: { accelerator: 'rtx-4090' }, inference: { weights: 'q4_k_m' } };
  await assertShowsCliResult(page, kept);
  const notice = await page.textContent('#notice');
  assert.match(notice, /inference\.offload_layers: not a field this version knows/);
  assert.match(notice, /hardware\.count: must be an integer in \[1, 1000000\] \(Llama 3 405B[^)]*\); got 0/);
  assert.ok(await page.isHidden('#result-error'));
  assert.deepEqual(await tabs(page), allTabs);
  assert.equal(await page.inputValue('#accelerator'), 'rtx-4090');
  assert.equal(await page.inputValue('[data-field="inference.weights"]'), 'q4_k_m');
  // The page's link now holds what it shows.
  assert.deepEqual((await linked(page)).scenario, kept);

  // A model the core does not know: the example's model, said so.
  const unknown = await openPage(site.browser, site.url + await linkFor({ model: 'llama-9-1t', hardware: { count: 2 } }));
  await assertShowsCliResult(unknown.page, { model: 'llama-3-8b', hardware: { count: 2 } });
  assert.match(await unknown.page.textContent('#notice'), /model: must be a model preset id .*got "llama-9-1t"/);
  assert.deepEqual([...problems, ...unknown.problems], []);
});

test('an error the link cannot drop keeps the tabs and offers the ways out', async () => {
  // Three devices: the default tensor-parallel split of 3 does not divide Llama 3's 32 heads.
  const { page, problems } = await openPage(site.browser, site.url + await linkFor({ model: 'llama-3-8b', hardware: { count: 3 }, inference: {} }, { t: 'inference' }));
  assert.ok(await page.isVisible('#result-error'));
  assert.match(await page.textContent('#result-error'), /inference\.tp/);
  assert.deepEqual(await tabs(page), allTabs);
  assert.notEqual(await page.inputValue('#accelerator'), '__custom');
  // "Go to the field" reaches it, opening what folds it away.
  await page.click('#result-error [data-action="go"]');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.field), 'inference.tp');
  // Choosing another model does not hide an error that is not the model's...
  await page.fill('[data-field="hardware.count"]', '2');
  assert.ok(await page.isHidden('#result-error'));
  await assertShowsCliResult(page, { model: 'llama-3-8b', hardware: { count: 2 }, inference: {} });

  // ...and choosing another model clears a model error.
  await page.click('#tab-model');
  await page.click('.model-panel details.editor summary');
  await page.fill('[data-field="model.num_key_value_heads"]', '5');
  assert.match(await page.textContent('#result-error'), /num_key_value_heads/);
  await page.click('[role="combobox"]');
  await page.keyboard.type('qwen2.5 7b');
  await page.click('[role="option"][data-value="qwen2.5-7b"]');
  assert.ok(await page.isHidden('#result-error'));
  await assertShowsCliResult(page, { model: 'qwen2.5-7b', hardware: { count: 2 }, inference: {} });

  // "Start over" opens the example.
  await page.fill('[data-field="hardware.count"]', '0');
  await page.click('#result-error [data-action="start-over"]');
  await assertShowsCliResult(page, { model: 'llama-3-8b' });
  assert.ok(await page.isHidden('#result-error'));
  assert.deepEqual(problems, []);
});

test('"abc" in a number field stays "abc" beside its error, and the field can be removed', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor({ model: 'llama-3-8b', hardware: { count: 2 } }));
  await page.fill('[data-field="hardware.count"]', 'abc');
  await page.click('.brand h1'); // leave the field
  assert.equal(await page.inputValue('[data-field="hardware.count"]'), 'abc');
  assert.match(await page.textContent('[data-error-for="hardware.count"]'), /must be a number; got abc/);
  assert.match(await page.textContent('#result-error'), /hardware\.count/);
  // Another edit elsewhere does not snap it back or hide its error.
  await page.selectOption('#accelerator', 'a100-80gb-sxm');
  assert.equal(await page.inputValue('[data-field="hardware.count"]'), 'abc');
  assert.ok(await page.isVisible('#result-error'));
  await page.click('#result-error [data-action="drop"]');
  assert.ok(await page.isHidden('#result-error'));
  assert.equal(await page.inputValue('[data-field="hardware.count"]'), '1');
  await assertShowsCliResult(page, { model: 'llama-3-8b', hardware: { accelerator: 'a100-80gb-sxm' } });
  assert.deepEqual(problems, []);
});

test('Quantization: one quality figure, the same rows behind every count, every source linked', async () => {
  const scenario = { model: 'llama-2-7b', hardware: { accelerator: 'rtx-4090' }, inference: {} };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'quantization' }));
  const { quantization: { options } } = await assertShowsCliResult(page, scenario);
  const published = options.filter((o) => o.quality);
  assert.ok(published.length >= 7, `${published.length} formats with a figure`);
  // The headline, the chart's note and the table count the same rows.
  assert.equal(await page.textContent('#flow [data-count="known"]'), String(published.length));
  assert.match(await page.textContent('#flow .chart-figure .hint'), new RegExp(`${options.length - published.length} formats have no such figure`));
  const shown = await page.$$eval('#flow tr[data-format]', (rows) => rows.map((row) => ({
    format: row.dataset.format,
    loss: row.querySelector('td.quality [data-path$=".quality_loss_pct"]')?.textContent ?? null,
    source: row.querySelector('td.quality sup')?.textContent ?? null,
  })));
  assert.deepEqual(shown.filter((r) => r.loss !== null).map((r) => r.format), published.map((o) => o.format));
  for (const row of shown.filter((r) => r.loss !== null)) assert.match(row.loss, /^-?[\d.]+%$/, row.format);
  // GGUF Q2_K: llama.cpp's printed ratio 1.107955 (10.8%), not a raw 0.626 perplexity delta.
  assert.equal(shown.find((r) => r.format === 'q2_k').loss, '10.8%');
  for (const format of ['q8_0', 'q6_k', 'q4_k_m']) assert.ok(shown.find((r) => r.format === format).loss, format);
  // Every source is a numbered link; none is the seed article.
  const sources = await page.$$eval('#flow .references details', (nodes) => nodes.map((n) => ({
    label: n.querySelector('summary').textContent, href: n.querySelector('a')?.href ?? null, text: n.textContent,
  })));
  assert.ok(sources.length >= 2);
  for (const source of sources) assert.ok(source.href?.startsWith('https://'), source.text);
  assert.ok(!sources.some((s) => /seed article/.test(s.text)));
  const numbers = new Set(shown.map((r) => r.source).filter(Boolean));
  assert.deepEqual([...numbers].sort(), sources.map((_, i) => `[${i + 1}]`).sort());
  // Its formula: the published ratio, substituted.
  await page.click('#flow tr[data-format="q2_k"] .formula-toggle');
  assert.match(await page.textContent('#flow .formula-holder:not([hidden]) .formula'), /= \(1\.10796 - 1\) × 100 = 10\.7955/);
  assert.deepEqual(problems, []);
});

test('on a 390x844 phone a shared link opens on its answer, and Copy link confirms beside itself', async () => {
  const scenario = { model: 'llama-3-70b', hardware: { count: 2 }, inference: { weights: 'q4_k_m' } };
  const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url).origin });
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'inference' }),
    { context, viewport: { width: 390, height: 844 } });
  await page.waitForSelector('#flow[data-view="inference"]');
  const box = async (selector) => page.$eval(selector, (node) => node.getBoundingClientRect().toJSON());
  const verdict = await box('#flow .headline [data-verdict]');
  const tablist = await box('#tabs');
  assert.ok(tablist.top < 300, `tabs at y=${tablist.top}`);
  assert.ok(verdict.bottom < 844, `verdict at y=${verdict.top}..${verdict.bottom}`);
  const inputs = await box('.model-panel');
  assert.ok(inputs.top > verdict.bottom, 'the inputs come after the answer');
  // The header's button takes the reader to the inputs.
  await page.click('#to-inputs');
  await page.waitForFunction(() => Math.abs(document.querySelector('.model-panel').getBoundingClientRect().top) < 40);

  await page.evaluate(() => scrollTo(0, 0));
  await page.click('#copy-link');
  await page.waitForFunction(() => document.querySelector('#copy-status').textContent !== '');
  const status = await box('#copy-status');
  assert.ok(status.top >= 0 && status.bottom <= 844, `status at y=${status.top}`);
  assert.match(await page.textContent('#copy-status'), /Link copied/);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await settledUrl(page));
  await context.close();
  assert.deepEqual(problems, []);
});

test('a pasted config.json equal to a preset is that preset', async () => {
  const { page, problems } = await openPage(site.browser, site.url);
  await page.check('input[name="model-source"][value="config"]');
  await page.fill('.model-panel textarea', readFileSync(`${root}/tests/reference/configs/meta-llama-3-8b.json`, 'utf8'));
  await page.click('.model-panel .source:not([hidden]) .actions button');
  await page.waitForFunction(() => document.querySelector('.model-summary')?.textContent.includes('Llama 3 8B'));
  assert.match(await page.textContent('.model-summary'), /Llama 3 8B · the same as the preset/);
  assert.equal(await page.textContent('#flow .headline-title'), 'Llama 3 8B');
  // The published count, in full, matched.
  const expected = cliEstimate({ model: 'llama-3-8b' });
  assert.match(await page.textContent('#flow .headline'), new RegExp(`Published count: ${expected.model.preset.official_params.toLocaleString('en-US')}`));
  assert.deepEqual(problems, []);
});

test('fine-tuning starts from a fine-tuning run; units and formulas on every figure; BF16 stays BF16', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor({ model: 'llama-3-8b' }));
  await page.click('#tab-finetune');
  await page.waitForSelector('#flow[data-view="finetune"]');
  // Guanaco's run (QLoRA): 1875 steps x 16 sequences x 528 tokens, with its formula.
  assert.equal(await page.getAttribute('#flow [data-path="training.tokens"]', 'value'), '15840000');
  assert.ok(await page.isVisible('#flow [data-path="training.tokens"] + .formula-toggle'));
  const days = Number(await page.getAttribute('#flow [data-path="training.wall_days"]', 'value'));
  assert.ok(days < 1, `${days} days`);

  await page.click('#tab-training');
  await page.waitForSelector('#flow[data-view="training"]');
  assert.match(await page.textContent('#flow [data-path="training.wall_days_6nd"]'), /^[\d.,]+ days$/);

  await page.click('#tab-inference');
  await page.waitForSelector('#flow[data-view="inference"]');
  assert.ok(await page.isVisible('#flow [data-path="inference.per_device.kv_cache_bytes"] + .formula-toggle'));
  // BF16 chosen (the default) and it fits: no "FP16 is the most precise format" note.
  assert.equal(await page.$$eval('#flow .headline .meta', (nodes) => nodes.filter((n) => /most precise/.test(n.textContent)).length), 0);
  await page.click('#tab-quantization');
  await page.waitForSelector('#flow[data-view="quantization"]');
  assert.match(await page.textContent('#flow .headline'), /The most precise format that fits: BF16\./);
  assert.deepEqual(problems, []);
});
