// The main page in Chromium: results equal the CLI's, inputs update the result and the link, a
// copied link reproduces the page exactly, errors appear at their field.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import {
  assertShowsCliResult, cliEstimate, linkFor, openPage, pageState, settledUrl, siteForTests,
} from './support.mjs';

const { decodeState } = await import(new URL('../../web/src/url.js', import.meta.url));

const site = siteForTests();

test('a scenario link shows exactly the CLI result for the same scenario JSON', async () => {
  const scenario = { model: 'llama-3-70b', hardware: { accelerator: 'h100-sxm', count: 2 } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario));
  await assertShowsCliResult(page, scenario);
  assert.equal(await page.inputValue('[role="combobox"]'), 'Llama 3 70B');
  assert.equal(await page.inputValue('#accelerator'), 'h100-sxm');
  assert.equal(await page.inputValue('[data-field="hardware.count"]'), '2');
  // A MoE preset shows its active parameters too, and in Chinese the numbers use 亿.
  const moe = { model: 'mixtral-8x7b' };
  const zh = await openPage(site.browser, site.url + await linkFor(moe, { l: 'zh', u: 'GB' }));
  const expected = await assertShowsCliResult(zh.page, moe, { locale: 'zh-CN', bytes: 'GB' });
  assert.notEqual(expected.model.params_active, expected.model.params_total);
  assert.equal(await zh.page.getAttribute('[data-path="model.params_active"]', 'value'), String(expected.model.params_active));
  assert.equal(await zh.page.getAttribute('html', 'lang'), 'zh-CN');
  assert.deepEqual([...problems, ...zh.problems], []);
});

test('picking a model and hardware updates the result and the link, without adding history', async () => {
  const { page, problems } = await openPage(site.browser, site.url);
  const historyLength = await page.evaluate(() => history.length);
  // The picker is a keyboard-usable combobox: type, arrow, Enter.
  await page.click('[role="combobox"]');
  await page.keyboard.type('llama 3 70');
  await page.keyboard.press('ArrowDown');
  const options = await page.$$eval('[role="option"]', (nodes) => nodes.map((n) => n.dataset.value));
  assert.ok(options.includes('llama-3-70b'), options.join());
  await page.click('[role="option"][data-value="llama-3-70b"]');
  await page.selectOption('#accelerator', 'h100-sxm');
  await page.fill('[data-field="hardware.count"]', '2');
  const scenario = { model: 'llama-3-70b', hardware: { count: 2 } };
  await assertShowsCliResult(page, scenario);
  const { scenario: linked, ui } = await decodeState(new URL(await settledUrl(page)).hash);
  // Values equal to the core's defaults (the H100 is the default accelerator) are left out.
  assert.deepEqual(linked, scenario);
  assert.deepEqual(ui, { t: 'model', u: 'GiB', l: 'en' });
  assert.equal(await page.evaluate(() => history.length), historyLength);

  // An architecture field: the result follows, the field can be reset.
  await page.click('details.editor summary');
  await page.fill('[data-field="model.num_hidden_layers"]', '40');
  const edited = { model: { preset: 'llama-3-70b', num_hidden_layers: 40 }, hardware: { count: 2 } };
  await assertShowsCliResult(page, edited);
  assert.deepEqual((await decodeState(new URL(await settledUrl(page)).hash)).scenario, edited);
  await page.click('[data-row="model.num_hidden_layers"] .reset');
  await assertShowsCliResult(page, scenario);
  assert.deepEqual(problems, []);
});

test('a copied link opens in a second browser with exactly the same page state', async () => {
  const first = await site.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'], viewport: { width: 1280, height: 800 } });
  const { page, problems } = await openPage(site.browser, site.url, { context: first });
  await page.click('[role="combobox"]');
  await page.keyboard.type('mixtral 8x7');
  await page.keyboard.press('Enter');
  assert.equal(await page.inputValue('[role="combobox"]'), 'Mixtral 8x7B v0.1');
  await page.selectOption('#accelerator', 'a100-80gb-sxm');
  await page.fill('[data-field="hardware.count"]', '4');
  await page.click('details.editor summary');
  await page.fill('[data-field="model.num_key_value_heads"]', '4');
  await page.click('.hardware-panel details.editor summary');
  await page.fill('[data-field="hardware.accelerator.memory_bytes"]', '96');
  await page.check('input[name="units"][value="GB"]');
  await page.check('input[name="lang"][value="zh"]');
  await page.click('#copy-link');
  await page.waitForSelector('.share-panel .status:not(:empty)');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, page.url());
  const sender = await pageState(page);
  assert.equal(sender.language, 'zh');
  assert.equal(sender.units, 'GB');

  const second = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const opened = await openPage(site.browser, copied, { context: second });
  assert.deepEqual(await pageState(opened.page), sender);
  assert.equal(opened.page.url(), copied);
  await first.close();
  await second.close();
  assert.deepEqual([...problems, ...opened.problems], []);
});

test('errors from the core appear next to the field they name, and the page keeps working', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor({ model: 'llama-3-8b' }));
  await page.fill('[data-field="hardware.count"]', '0');
  const countError = page.locator('[data-error-for="hardware.count"]');
  assert.match(await countError.textContent(), /got 0/);
  assert.equal(await page.getAttribute('[data-field="hardware.count"]', 'aria-invalid'), 'true');
  assert.ok(await page.isVisible('#result-error'));
  await page.fill('[data-field="hardware.count"]', 'two');
  assert.match(await countError.textContent(), /must be a number/);
  await page.fill('[data-field="hardware.count"]', '3');
  assert.equal(await countError.textContent(), '');
  assert.ok(await page.isHidden('#result-error'));

  // 7 heads with 8 KV heads: the core names num_key_value_heads, and it is shown there.
  await page.click('details.editor summary');
  await page.fill('[data-field="model.num_attention_heads"]', '7');
  assert.match(await page.textContent('[data-error-for="model.num_key_value_heads"]'), /must divide num_attention_heads \(7\)/);
  await page.fill('[data-field="model.num_attention_heads"]', '');
  await assertShowsCliResult(page, { model: 'llama-3-8b', hardware: { count: 3 } });

  // A field the core does not read is accepted and says so.
  await page.click('details.more summary');
  await page.fill('[data-field="model.rope_theta"]', '10');
  assert.match(await page.textContent('[data-note-for="model.rope_theta"]'), /changes nothing/);
  assert.deepEqual(problems, []);
});

test('every number with a formula expands to it, with values substituted and the source linked', async () => {
  const scenario = { model: 'deepseek-v3' };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario));
  const expected = cliEstimate(scenario);
  const explained = Object.keys(expected.explain);
  const toggles = await page.$$('#flow .formula-toggle');
  assert.equal(toggles.length, explained.length);
  for (const toggle of toggles) await toggle.click();
  const panels = await page.$$eval('#flow .formula-holder:not([hidden]) .formula', (nodes) => nodes.map((n) => ({
    text: n.textContent, links: [...n.querySelectorAll('a')].map((a) => a.href),
  })));
  assert.equal(panels.length, explained.length);
  // A formula is named by its field's label (en.js), never by the raw result id.
  const total = panels.find((p) => p.text.startsWith('Parameters ='));
  assert.ok(total.text.includes(expected.model.params_total.toLocaleString('en-US')), total.text);
  // The source, then the formula family's methodology section and its validation rows.
  for (const panel of panels) {
    assert.equal(panel.links.length, 3, panel.text);
    assert.ok(panel.links[0].startsWith('https://'), panel.text);
    assert.match(panel.links[1], /\/methodology\.html#for=[a-z_.]+$/, panel.text);
    assert.match(panel.links[2], /\/validation\.html#for=[a-z_.]+$/, panel.text);
  }
  // Expanded formulas stay open while inputs change.
  await page.fill('[data-field="hardware.count"]', '8');
  assert.equal((await page.$$('#flow .formula-holder:not([hidden]) .formula')).length, explained.length);
  assert.deepEqual(problems, []);
});

test('the scenario exports as JSON the CLI reads, and imports back', async () => {
  const scenario = { model: { preset: 'qwen2.5-7b', num_hidden_layers: 20 }, hardware: { accelerator: 'l40s', count: 2 } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.deepEqual(exported, cliEstimate(scenario).scenario);
  assert.deepEqual(cliEstimate(exported).model, cliEstimate(scenario).model);

  const other = await openPage(site.browser, site.url);
  await other.page.setInputFiles('#import-file', { name: 'scenario.json', mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(exported)) });
  await other.page.waitForFunction(() => document.querySelector('[data-path="model.params_total"]')?.getAttribute('value') !== null);
  await assertShowsCliResult(other.page, scenario);
  assert.equal(await other.page.inputValue('[data-field="hardware.count"]'), '2');
  assert.deepEqual([...problems, ...other.problems], []);
});

test('the byte unit is a display choice: it changes the figures shown, never the scenario', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor({ model: 'gpt2', hardware: { accelerator: 'h100-sxm' } }));
  await page.click('.hardware-panel details.editor summary');
  assert.equal(await page.inputValue('[data-field="hardware.accelerator.memory_bytes"]'), '80');
  const before = (await decodeState(new URL(await settledUrl(page)).hash)).scenario;
  await page.check('input[name="units"][value="GB"]');
  assert.equal(await page.inputValue('[data-field="hardware.accelerator.memory_bytes"]'), '85.89934592');
  assert.equal(await page.textContent('.hardware-panel [data-row="hardware.accelerator.memory_bytes"] .unit'), 'GB');
  const url = await settledUrl(page);
  const after = await decodeState(new URL(url).hash);
  assert.deepEqual(after.scenario, before);
  assert.equal(after.ui.u, 'GB');
  assert.equal(await page.evaluate(() => localStorage.getItem('llm-sizer.units')), 'GB');
  assert.deepEqual(problems, []);
});

test('the x/y chart helper loads uPlot on first use and draws a series', async () => {
  const { page, problems } = await openPage(site.browser, site.url);
  // The first view loads no chart code, no other view's code and no second language.
  const chunks = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name)
    .filter((n) => /\/chunks\/(xy|inference|training|quantization|zh)-/.test(n)));
  assert.deepEqual(chunks, [], 'no chart code in the first view');
  const { readdirSync } = await import('node:fs');
  const chunk = readdirSync(new URL('../../build/site/chunks/', import.meta.url)).find((name) => name.startsWith('xy-'));
  const drawn = await page.evaluate(async (file) => {
    const { xyChart } = await import(`./chunks/${file}`);
    const element = document.createElement('div');
    element.style.width = '400px';
    document.body.append(element);
    const chart = xyChart(element, { x: [1, 2, 4, 8], series: [{ label: 'tokens/s', values: [10, 19, 35, 60] }], xLabel: 'batch', yLabel: 'tokens/s' });
    const canvas = element.querySelector('canvas');
    chart.destroy();
    element.remove();
    return Boolean(canvas) && canvas.width > 0;
  }, chunk);
  assert.ok(drawn);
  assert.deepEqual(problems, []);
});

test('the first view computes with the model module; the whole core loads when idle, with the sources', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor({ model: 'llama-3-70b', hardware: { count: 2 } }));
  // Each .wasm the page requested, and whether it did so before its first result.
  const wasm = () => page.evaluate(() => {
    const firstResult = performance.getEntriesByName('llm-sizer:first-result')[0].startTime;
    return performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm'))
      .map((e) => `${e.name.split('/').at(-1)}${e.startTime <= firstResult ? '' : ' (after the first result)'}`).sort();
  });
  const firstView = await wasm();
  assert.deepEqual(firstView.filter((name) => !name.endsWith('result)')), ['llm_sizer_model_wasm.wasm']);
  await assertShowsCliResult(page, { model: 'llama-3-70b', hardware: { count: 2 } });
  // The first module has no sources; once idle the whole core loads, and from the next change on it
  // answers the same figures, now with the model's and the device's sources.
  assert.equal(await page.$('#flow .references details cite'), null);
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/llm_sizer_wasm.wasm')));
  assert.deepEqual(await wasm(), ['llm_sizer_model_wasm.wasm', 'llm_sizer_wasm.wasm (after the first result)']);
  await page.fill('[data-field="hardware.count"]', '4');
  await page.waitForSelector('#flow .references details cite', { state: 'attached' });
  assert.match(await page.textContent('#flow .references details cite'), /huggingface\.co/);
  assert.match(await page.textContent('.hardware-panel .source-text'), /https:\/\//);
  await assertShowsCliResult(page, { model: 'llama-3-70b', hardware: { count: 4 } });
  await page.click('#tab-inference');
  await page.waitForFunction(() => document.querySelector('#flow')?.dataset.view === 'inference');
  assert.deepEqual(await wasm(), ['llm_sizer_model_wasm.wasm', 'llm_sizer_wasm.wasm (after the first result)']);
  await assertShowsCliResult(page, { model: 'llama-3-70b', hardware: { count: 4 }, inference: {} });
  // Back on the Model view, the whole core answers (and the link keeps the section).
  await page.click('#tab-model');
  await assertShowsCliResult(page, { model: 'llama-3-70b', hardware: { count: 4 } });
  // A link that opens a view with a section loads only the whole core.
  const linked = await openPage(site.browser, site.url + await linkFor({ model: 'gpt2', training: {} }, { t: 'training' }));
  const loaded = await linked.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').at(-1))
    .filter((name) => name.endsWith('.wasm')));
  assert.deepEqual(loaded, ['llm_sizer_wasm.wasm']);
  assert.deepEqual([...problems, ...linked.problems], []);
});

test('a fragment typed into the address bar, and Back, load that state', async () => {
  const first = { model: 'phi-4' };
  const second = { model: 'qwen2.5-14b', hardware: { count: 4 } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(first));
  const shows = (scenario) => page.waitForFunction((total) => document.querySelector('[data-path="model.params_total"]')
    ?.getAttribute('value') === total, String(cliEstimate(scenario).model.params_total));
  await page.evaluate((hash) => {
    location.hash = hash;
  }, await linkFor(second));
  await shows(second);
  await assertShowsCliResult(page, second);
  assert.equal(await page.inputValue('[data-field="hardware.count"]'), '4');
  await page.goBack();
  await shows(first);
  await assertShowsCliResult(page, first);
  assert.equal(await page.inputValue('[data-field="hardware.count"]'), '1');
  assert.deepEqual(problems, []);
});
