// The Inference, Training, Fine-tuning and Quantization views in Chromium: each shows exactly the
// CLI's numbers for the same scenario, its inputs update the result and the link, the core's
// errors appear at their field, the charts draw, and the done-when scenario (Llama 3 70B on two
// H100s: does it fit in 16-bit and in 4-bit, how fast does it decode) survives a copied link.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  assertShowsCliResult, cliEstimate, linkFor, openPage, pageState, settledUrl, siteForTests,
} from './support.mjs';
import { runCli } from '../node/support.mjs';

const { decodeState } = await import(new URL('../../web/src/url.js', import.meta.url));

const site = siteForTests();

const twoH100 = { count: 2 }; // the H100 SXM is the default device
const linked = async (page) => decodeState(new URL(await settledUrl(page)).hash);
// The core's one-line error for a scenario, as the CLI prints it.
const cliError = (scenario) => runCli(['estimate', '-'], JSON.stringify(scenario)).stderr.trim();

async function verdict(page) {
  return page.getAttribute('#flow .headline [data-verdict]', 'data-verdict');
}

// Every chart of the view draws once scrolled to: a canvas with a size and ink on it.
async function assertChartsDrawn(page, count) {
  for (const chart of await page.locator('#flow .chart').all()) {
    await chart.scrollIntoViewIfNeeded();
    await chart.locator('canvas').waitFor();
  }
  const charts = await page.$$eval('#flow .chart', (nodes) => nodes.map((node) => {
    const canvas = node.querySelector('canvas');
    const { width, height } = canvas;
    const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    let inked = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) inked += 1;
    return { key: node.dataset.chart, width, inked, legend: [...node.querySelectorAll('.u-legend .u-label')].map((l) => l.textContent) };
  }));
  assert.equal(charts.length, count, JSON.stringify(charts.map((c) => c.key)));
  for (const chart of charts) {
    assert.ok(chart.width > 200, `${chart.key} is ${chart.width}px wide`);
    assert.ok(chart.inked > 1000, `${chart.key} has ${chart.inked} inked pixels`);
  }
  return charts;
}

test('the Inference view shows exactly the CLI result, with its curves and roofline', async () => {
  const scenario = { model: 'llama-3-70b', hardware: twoH100, inference: { batch: 8 } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'inference' }));
  const expected = await assertShowsCliResult(page, scenario);
  assert.equal(await verdict(page), String(expected.inference.fits));
  for (const path of ['inference.decode_tokens_per_s', 'inference.throughput_tokens_per_s', 'inference.ttft_s',
    'inference.cost_per_million_tokens_usd', 'inference.memory_per_device_bytes', 'inference.max_batch']) {
    assert.equal(await page.getAttribute(`#flow [data-path="${path}"]`, 'value'), String(path.split('.').reduce((o, k) => o[k], expected)), path);
  }
  // The assumptions name their sources: the roofline reference for the efficiencies, the price's.
  const sources = await page.textContent('#flow .sources');
  assert.match(sources, /Memory efficiency\s*65\.5%/);
  assert.match(sources, /Williams, Waterman and Patterson 2009/);
  assert.ok(sources.includes(expected.inference.price_source.provider), sources.slice(0, 200));
  const charts = await assertChartsDrawn(page, 3);
  assert.deepEqual(charts.map((c) => c.key), ['inference.speed_by_batch', 'inference.speed_by_context_tokens', 'inference.roofline']);
  assert.deepEqual(charts[0].legend, ['per user', 'all users', 'this scenario']);
  assert.deepEqual(problems, []);
});

test('the Training view shows exactly the CLI result, and ZeRO stage edits update result and link', async () => {
  // A plan field given (tp), so ZeRO edits change only the ZeRO stage.
  const scenario = { model: 'llama-3-8b', hardware: { count: 8 }, training: { tokens: 1e12, target_days: 30, tp: 2 } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'training' }));
  const expected = await assertShowsCliResult(page, scenario);
  assert.equal(await verdict(page), String(expected.training.fits));
  assert.equal(await page.getAttribute('#flow [data-path="training.gpus_for_target_days"]', 'value'),
    String(expected.training.gpus_for_target_days));
  assert.match(await page.textContent('#flow .sources'), /the step-time model \(step_breakdown\)/);
  await assertChartsDrawn(page, 1);

  await page.fill('[data-field="training.zero_stage"]', '3');
  const zero3 = { ...scenario, training: { ...scenario.training, zero_stage: 3 } };
  const after3 = await assertShowsCliResult(page, zero3);
  assert.ok(after3.training.memory_per_gpu_bytes < expected.training.memory_per_gpu_bytes);
  assert.deepEqual((await linked(page)).scenario, zero3);
  assert.equal((await linked(page)).ui.t, 'training');
  // Back to the default: the value leaves the link.
  await page.fill('[data-field="training.zero_stage"]', '0');
  await assertShowsCliResult(page, scenario);
  assert.deepEqual((await linked(page)).scenario, scenario);
  assert.deepEqual(problems, []);
});

test('the Fine-tuning view: QLoRA figures equal the CLI\'s, and the tabs switch the training method', async () => {
  const scenario = { model: 'llama-2-7b', hardware: { accelerator: 'a100-80gb-sxm' }, training: { method: 'qlora', lora_rank: 16, tokens: 2e7 } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'finetune' }));
  const expected = await assertShowsCliResult(page, scenario);
  assert.equal(await verdict(page), String(expected.training.fits));
  assert.equal(await page.getAttribute('#flow [data-path="training.trainable_params"]', 'value'), String(expected.training.trainable_params));
  assert.equal(await page.inputValue('[data-field="training.method"]'), 'qlora');
  assert.equal(await page.inputValue('[data-field="training.lora_rank"]'), '16');
  // The method picker offers the adapter methods; full training is the Training tab.
  const methods = await page.$$eval('[data-field="training.method"] option', (nodes) => nodes.map((n) => n.value));
  assert.deepEqual(methods, ['lora', 'qlora']);

  // Each view keeps its own token count: full training starts from its own default.
  await page.click('#tab-training');
  const full = { ...scenario, training: {} };
  await assertShowsCliResult(page, full);
  assert.deepEqual((await linked(page)).scenario, full);
  assert.equal(await page.isVisible('[data-field="training.lora_rank"]'), false);
  await page.click('#tab-finetune');
  await assertShowsCliResult(page, scenario);
  assert.deepEqual((await linked(page)).scenario, scenario);
  assert.deepEqual(problems, []);
});

test('the Quantization view lists every format, marks the Pareto ones, and "Use" picks a format', async () => {
  const scenario = { model: 'llama-2-7b', hardware: { accelerator: 'rtx-4090' }, inference: {} };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'quantization' }));
  const expected = await assertShowsCliResult(page, scenario);
  const { options } = expected.quantization;
  const rows = await page.$$eval('#flow tr[data-format]', (nodes) => nodes.map((n) => ({
    format: n.dataset.format, pareto: n.dataset.pareto, badge: Boolean(n.querySelector('.badge.ok')),
    unknown: n.querySelectorAll('.unknown').length, fits: n.querySelector('td.yes, td.no').className,
  })));
  assert.deepEqual(rows.map((r) => r.format), options.map((o) => o.format));
  const paretos = options.filter((o) => o.pareto).map((o) => o.format);
  assert.ok(paretos.length >= 2, paretos.join());
  assert.deepEqual(rows.filter((r) => r.badge).map((r) => r.format), paretos);
  for (const [i, o] of options.entries()) {
    assert.equal(rows[i].pareto, String(o.pareto), o.format);
    assert.equal(rows[i].fits, `n ${o.fits ? 'yes' : 'no'}`, o.format);
    // No figure is invented: a format without one says "not published".
    assert.equal(rows[i].unknown, o.quality ? 0 : 1, o.format);
  }
  assert.equal(await page.textContent('#flow [data-count="fits"]'), `${options.filter((o) => o.fits).length} of ${options.length}`);
  const [chart] = await assertChartsDrawn(page, 1);
  assert.deepEqual(chart.legend, ['formats', 'Pareto frontier']);

  await page.click('#flow tr[data-format="awq-4bit-g128"] button.use');
  const chosen = { ...scenario, inference: { weights: 'awq-4bit-g128' } };
  await assertShowsCliResult(page, chosen);
  assert.equal(await page.getAttribute('#flow tr[data-format="awq-4bit-g128"] button.use', 'aria-pressed'), 'true');
  // The redraw keeps the keyboard where it was.
  assert.equal(await page.evaluate(() => document.activeElement.closest('tr')?.dataset.format), 'awq-4bit-g128');
  assert.equal(await page.inputValue('[data-field="inference.weights"]'), 'awq-4bit-g128');
  assert.deepEqual((await linked(page)).scenario, chosen);
  assert.deepEqual(problems, []);
});

test('a model without published quality lists every format as unknown and draws no scatter', async () => {
  const scenario = { model: 'qwen2.5-7b', inference: {} };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'quantization' }));
  const expected = await assertShowsCliResult(page, scenario);
  assert.equal(await page.$$eval('#flow tr[data-format] .badge.ok', (n) => n.length), 0);
  assert.equal(await page.$$eval('#flow tr[data-format]', (n) => n.length), expected.quantization.options.length);
  assert.match(await page.textContent('#flow .empty-chart'), /No published perplexity figures/);
  assert.equal(await page.$$eval('#flow .chart', (n) => n.length), 0);
  assert.deepEqual(problems, []);
});

test('inputs of the Inference view update the result and the link; the core\'s errors appear at their field', async () => {
  const base = { model: 'llama-3-70b', hardware: twoH100 };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(base));
  await page.click('#tab-inference');
  await assertShowsCliResult(page, { ...base, inference: {} });
  assert.deepEqual((await linked(page)).scenario, { ...base, inference: {} });
  assert.equal((await linked(page)).ui.t, 'inference');

  await page.fill('[data-field="inference.batch"]', '16');
  await page.selectOption('[data-field="inference.kv_cache"]', 'fp8');
  const edited = { ...base, inference: { batch: 16, kv_cache: 'fp8' } };
  await assertShowsCliResult(page, edited);
  assert.deepEqual((await linked(page)).scenario, edited);

  // 3-way tensor parallelism on 2 devices: the core names inference.tp, and it is shown there.
  await page.fill('[data-field="inference.tp"]', '3');
  const message = cliError({ ...edited, inference: { ...edited.inference, tp: 3 } });
  assert.match(message, /^inference\.tp: must divide hardware\.count \(2\), got 3$/);
  assert.equal(await page.textContent('[data-error-for="inference.tp"]'), 'must divide hardware.count (2); got 3');
  assert.equal(await page.getAttribute('[data-field="inference.tp"]', 'aria-invalid'), 'true');
  // The banner says the same in the page's words: the field's label and key, then the rule.
  assert.ok((await page.textContent('#result-error')).includes('inference.tp: must divide hardware.count (2); got 3'));
  await page.fill('[data-field="inference.tp"]', '');
  await assertShowsCliResult(page, edited);
  assert.equal(await page.textContent('[data-error-for="inference.tp"]'), '');

  // An error in a field under a closed group opens it when asked for.
  await page.click('#tab-training');
  await page.click('.section-panel summary:has-text("More settings")');
  await page.fill('[data-field="training.mfu"]', '1.5');
  assert.match(cliError({ ...base, training: { mfu: 1.5 } }), /^training\.mfu: /);
  assert.match(await page.textContent('[data-error-for="training.mfu"]'), /; got 1\.5$/);
  assert.deepEqual(problems, []);
});

test('done when: Llama 3 70B on 2 × H100, fits in 16-bit and in 4-bit, decode speed, the same page from a copied link', async () => {
  const first = await site.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'], viewport: { width: 1280, height: 800 } });
  const { page, problems } = await openPage(site.browser, site.url, { context: first });
  await page.click('[role="combobox"]');
  await page.keyboard.type('llama 3 70b');
  await page.click('[role="option"][data-value="llama-3-70b"]');
  await page.selectOption('#accelerator', 'h100-sxm');
  await page.fill('[data-field="hardware.count"]', '2');
  await page.click('#tab-inference');

  // 16-bit: the default weights.
  const sixteen = { model: 'llama-3-70b', hardware: { count: 2 }, inference: {} };
  const at16 = await assertShowsCliResult(page, sixteen);
  assert.equal(at16.scenario.inference.weights, 'bf16');
  assert.equal(await verdict(page), 'true');
  assert.equal(await page.getAttribute('#flow .headline [data-path="inference.decode_tokens_per_s"]', 'value'), String(at16.inference.decode_tokens_per_s));

  // 4-bit: AWQ with group-128 scales.
  await page.selectOption('[data-field="inference.weights"]', 'awq-4bit-g128');
  const four = { ...sixteen, inference: { weights: 'awq-4bit-g128' } };
  const at4 = await assertShowsCliResult(page, four);
  assert.equal(await verdict(page), String(at4.inference.fits));
  assert.ok(at4.inference.decode_tokens_per_s > at16.inference.decode_tokens_per_s);
  assert.equal(await page.getAttribute('#flow .headline [data-path="inference.decode_tokens_per_s"]', 'value'), String(at4.inference.decode_tokens_per_s));
  assert.match(await page.textContent('#flow .headline-title'), /^Llama 3 70B in AWQ 4-bit, group 128 on 2 × NVIDIA H100 SXM5 80GB$/);

  // The Quantization view answers both at once.
  await page.click('#tab-quantization');
  await assertShowsCliResult(page, four);
  for (const format of ['bf16', 'awq-4bit-g128']) {
    assert.equal(await page.getAttribute(`#flow tr[data-format="${format}"] td.yes`, 'class'), 'n yes', format);
  }
  await page.click('#tab-inference');

  await page.click('#copy-link');
  await page.waitForSelector('.share-panel .status:not(:empty)');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, page.url());
  assert.deepEqual((await decodeState(new URL(copied).hash)).scenario, four);
  const sender = await pageState(page);
  assert.equal(sender.tab, 'tab-inference');

  const second = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const opened = await openPage(site.browser, copied, { context: second });
  assert.deepEqual(await pageState(opened.page), sender);
  assert.equal(await verdict(opened.page), String(at4.inference.fits));
  assert.equal(opened.page.url(), copied);
  await first.close();
  await second.close();
  assert.deepEqual([...problems, ...opened.problems], []);
});

test('a view computes its own section only; the link keeps the sections of every view opened', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor({ model: 'gpt2' }));
  assert.equal(await page.$$eval('.section-panel:not([hidden])', (n) => n.length), 0);
  // Each view is drawn before the next is opened (the first view with a section loads the whole
  // core; a view left before it is drawn adds nothing).
  for (const view of ['training', 'quantization', 'model']) {
    await page.click(`#tab-${view}`);
    await page.waitForFunction((id) => document.querySelector('#flow')?.dataset.view === id, view);
  }
  const { scenario, ui } = await linked(page);
  assert.deepEqual(scenario, { model: 'gpt2', training: {}, inference: {} });
  assert.equal(ui.t, 'model');
  // The embed card of that link shows the headline of each flow the scenario carries.
  const expected = cliEstimate(scenario);
  const card = await openPage(site.browser, `${site.url}embed.html${new URL(page.url()).hash}`, { viewport: { width: 480, height: 400 } });
  const stats = await card.page.$$eval('[data-path]', (nodes) => nodes.map((n) => [n.dataset.path, n.getAttribute('value')]));
  assert.deepEqual(stats.map(([path]) => path), ['model.params_total', 'inference.placement.verdict', 'inference.decode_tokens_per_s',
    'inference.cost_per_million_tokens_usd', 'training.wall_days', 'training.cost_usd']);
  for (const [path, value] of stats) assert.equal(value, String(path.split('.').reduce((o, k) => o[k], expected)), path);
  assert.deepEqual(await card.page.$$eval('.stat-group h2', (n) => n.map((h) => h.textContent)), ['Inference · BF16', 'Training · 2.489B tokens']);
  assert.deepEqual([...problems, ...card.problems], []);
});
