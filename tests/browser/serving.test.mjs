// The Serving view in Chromium: the traffic of the serving section through the inference
// section's engine shows exactly the CLI's simulation; its traffic and engine inputs update the
// result and the link; the core's errors appear at their (nested) field; the cheapest fleet is
// `llm-sizer fleet`'s, its devices are picked in the form and kept in the link; a copied link
// reopens the same view; it reads in Chinese and fits a phone.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { cliJson } from '../node/support.mjs';
import {
  assertReopensAndReadsChinese, assertShowsCliResult, cliEstimate, getPath, linkFor, openPage, settledUrl, siteForTests,
} from './support.mjs';

const { decodeState } = await import(new URL('../../web/src/url.js', import.meta.url));

const site = siteForTests();
const linked = async (page) => decodeState(new URL(await settledUrl(page)).hash);

// Llama 3.1 8B on two H100s (two replicas), Poisson traffic with latency targets.
const scenario = {
  model: 'llama-3.1-8b',
  hardware: { count: 2 },
  inference: { tp: 1 },
  serving: { workload: { requests_per_s: 12, requests: 300 }, targets: { ttft_p99_s: 0.5, tpot_p99_s: 0.05 } },
};

const shown = (page, path) => page.getAttribute(`#flow [data-path="${path}"]`, 'value');
const viewDrawn = (page) => page.waitForFunction(() => document.querySelector('#flow')?.dataset.view === 'serving');

async function typeInto(page, path, text) {
  const control = page.locator(`[data-field="${path}"]`);
  await control.fill(text);
  await control.press('Enter');
}

test('the Serving view shows exactly the CLI simulation: headline, latency percentiles, a request\'s time', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'serving' }));
  const expected = await assertShowsCliResult(page, scenario);
  for (const path of ['serving.output_tokens_per_s', 'serving.ttft_s.p99', 'serving.tpot_s.p99', 'serving.goodput_requests_per_s',
    'serving.itl_s.p50', 'serving.e2e_latency_s.p90', 'serving.decode_s_mean', 'serving.kv_pool_tokens']) {
    assert.equal(await shown(page, path), String(getPath(expected, path)), path);
  }
  // Every cell of the percentile table: four latencies by mean, p50, p90, p99.
  assert.equal(await page.locator('#flow table.latency td data').count(), 16);
  // The request's time: queue, prefill, overhead and decode add up to the mean end-to-end latency.
  const s = expected.serving;
  const sum = s.queue_s_mean + s.prefill_s_mean + s.scheduler.request_overhead_s + s.decode_s_mean;
  assert.ok(Math.abs(sum - s.e2e_latency_s.mean) < 1e-9 * s.e2e_latency_s.mean, `${sum} vs ${s.e2e_latency_s.mean}`);
  assert.equal(await page.locator('#flow .bars-seg').count(), 4);
  // With targets, the verdict says how many requests meet them.
  assert.match(await page.textContent('#flow .headline .verdict'), /of the requests meet both latency targets/);
  // The load curve: the offline rate, then rates from a tenth of it, simulated in the background
  // until one is overloaded, drawn with this scenario's point and the targets; the highest rate
  // meeting the targets is named, and the waits climb: the last rate waits longer than the first.
  await page.waitForSelector('#flow [data-load-state="done"]');
  const rows = await page.$$eval('#flow table.load-curve tbody tr', (trs) => trs.map((tr) => tr.dataset.overloaded));
  assert.ok(rows.length >= 11, `${rows.length} rates`);
  assert.ok(rows.at(-1) === 'true' || rows.length === 19, rows.join(' '));
  assert.ok(rows.slice(0, -1).every((overloaded) => overloaded === 'false'), rows.join(' '));
  const best = Number(await page.getAttribute('#flow [data-best-rate]', 'data-best-rate'));
  assert.ok(best >= s.requests_per_s * 0.9, `best rate ${best} against the ${s.requests_per_s} requests/s served within the targets`);
  const chart = page.locator('#flow .chart[data-chart="serving.load"]');
  await chart.scrollIntoViewIfNeeded();
  await chart.locator('canvas').waitFor();
  const legend = await chart.locator('.u-legend .u-label').allTextContents();
  assert.deepEqual(legend, ['TTFT p99', 'TPOT p99', 'this scenario (TTFT)', 'this scenario (TPOT)', 'TTFT target', 'TPOT target']);
  const ttft = await page.$$eval('#flow table.load-curve tbody tr td:nth-child(3)', (cells) => cells.map((c) => c.textContent));
  assert.notEqual(ttft[0], ttft.at(-1));
  // The mean TTFT's formula opens and names its terms.
  await page.click('#flow .num-wrap:has(data[data-path="serving.ttft_s.mean"]) .formula-toggle');
  assert.match(await page.textContent('#flow .formula-holder:not([hidden])'), /queue/);
  assert.deepEqual(problems, []);
});

test('traffic and engine inputs update the result and the link; a nested field\'s error shows at it', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'serving' }));
  await viewDrawn(page);
  // The traffic's fields are the serving section's nested ones, the engine's the inference section's.
  for (const path of ['serving.workload.requests_per_s', 'serving.workload.concurrency', 'serving.workload.prompt_tokens',
    'serving.replicas', 'inference.weights', 'inference.runtime', 'inference.tp']) {
    assert.equal(await page.locator(`.section-panel [data-field="${path}"]`).count(), 1, path);
  }
  assert.equal(await page.inputValue('[data-field="serving.workload.requests_per_s"]'), '12');
  // A heavier load: the link carries it and the page shows the CLI's answer for it.
  await typeInto(page, 'serving.workload.requests_per_s', '30');
  await page.waitForFunction(() => document.querySelector('#flow [data-path="serving.requests_per_s"]'));
  const heavier = { ...scenario, serving: { ...scenario.serving, workload: { requests_per_s: 30, requests: 300 } } };
  await page.waitForFunction((value) => document.querySelector('#flow [data-path="serving.output_tokens_per_s"]')?.getAttribute('value') === value,
    String(cliEstimate(heavier).serving.output_tokens_per_s));
  assert.deepEqual((await linked(page)).scenario.serving.workload, { requests_per_s: 30, requests: 300 });
  // The engine: 8-bit weights go to the inference section the simulation runs.
  await page.selectOption('[data-field="inference.weights"]', 'int8');
  const int8 = { ...heavier, inference: { tp: 1, weights: 'int8' } };
  await page.waitForFunction((value) => document.querySelector('#flow [data-path="serving.output_tokens_per_s"]')?.getAttribute('value') === value,
    String(cliEstimate(int8).serving.output_tokens_per_s));
  assert.equal((await linked(page)).scenario.inference.weights, 'int8');
  // A rate and a concurrency together are refused, at the field the core names.
  await typeInto(page, 'serving.workload.concurrency', '8');
  const error = page.locator('[data-error-for^="serving.workload"]:not(:empty)');
  await error.first().waitFor();
  assert.match(await error.first().textContent(), /\S/);
  assert.deepEqual(problems, []);
});

test('the cheapest fleet is the CLI\'s: its answer, its cost with a formula, the Pareto chart and every layout', async () => {
  const fleetScenario = { ...scenario, fleet: { accelerators: ['h100-sxm', 'mi300x'], tp: [1, 2] } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(fleetScenario, { t: 'serving' }));
  await page.waitForSelector('#flow [data-fleet-state="done"]');
  const expected = cliJson(['fleet', '-'], JSON.stringify(fleetScenario)).fleet;
  const { best } = expected;
  const bestKey = best.mode === 'disaggregated' ? `${best.accelerator}:disaggregated:${best.gpus}` : `${best.accelerator}:${best.tp}:${best.replicas}`;
  assert.equal(await page.getAttribute('#flow [data-fleet-best]', 'data-fleet-best'), bestKey);
  assert.equal(await shown(page, 'fleet.best.usd_per_hour'), String(best.usd_per_hour));
  assert.equal(await shown(page, 'fleet.best.cost_per_million_output_tokens_usd'), String(best.cost_per_million_output_tokens_usd));
  assert.match(await page.textContent('#flow [data-fleet-best] .verdict'), new RegExp(`Cheapest: .*${best.accelerator_name.replace(/[()]/g, '.')}`));
  // The fleet's cost opens its formula: GPUs times the price.
  await page.click('#flow .num-wrap:has(data[data-path="fleet.best.usd_per_hour"]) .formula-toggle');
  assert.match(await page.textContent('#flow .formula-holder:not([hidden])'), /GPUs/);
  // Every layout, with its status, in the search's order.
  const statuses = await page.$$eval('#flow table.fleet-layouts tbody tr', (rows) => rows.map((row) => row.dataset.status));
  assert.deepEqual(statuses, expected.layouts.map((layout) => layout.status));
  const chart = page.locator('#flow .chart[data-chart="serving.fleet"]');
  await chart.scrollIntoViewIfNeeded();
  await chart.locator('canvas').waitFor();
  const legend = await chart.locator('.u-legend .u-label').allTextContents();
  assert.equal(legend.at(-1), 'Frontier');
  assert.ok(legend.some((label) => label.includes('MI300X')), legend.join(' | '));
  assert.deepEqual(problems, []);
});

test('devices picked for the fleet go to the link and the search; a target nothing meets gets the closest', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'serving' }));
  await page.waitForSelector('#flow [data-fleet-state="done"]');
  // Without a fleet section the search tries this scenario's device at every TP size up to 8, and
  // with prefill and decode apart.
  const modes = () => page.$$eval('#flow table.fleet-layouts tbody tr', (rows) => rows.map((row) => row.dataset.mode));
  assert.deepEqual(await modes(), ['aggregated', 'aggregated', 'aggregated', 'aggregated', 'disaggregated']);
  await page.selectOption('[data-field="fleet.accelerators"]', ['h100-sxm', 'h200']);
  await page.waitForFunction(() => document.querySelectorAll('#flow table.fleet-layouts tbody tr').length === 10);
  assert.deepEqual((await linked(page)).scenario.fleet, { accelerators: ['h100-sxm', 'h200'] });
  // A TPOT of 1 ms: no replica count reaches it; the answer names the closest and what it misses.
  await typeInto(page, 'serving.targets.tpot_p99_s', '0.001');
  await page.waitForSelector('#flow [data-fleet-closest]');
  await page.waitForSelector('#flow [data-fleet-state="done"]');
  assert.match(await page.textContent('#flow [data-fleet-closest] .verdict'), /No layout tried meets the TPOT target\. The closest: /);
  // Offline traffic sizes no fleet, and says why.
  await page.fill('[data-field="serving.workload.requests_per_s"]', '');
  await page.press('[data-field="serving.workload.requests_per_s"]', 'Enter');
  await page.waitForFunction(() => /request rate or a concurrency/.test(document.querySelector('#flow')?.textContent ?? ''));
  assert.deepEqual(problems, []);
});

test('a copied Serving link reopens the same view; in Chinese; on a phone without sideways scroll', async () => {
  await assertReopensAndReadsChinese(site, scenario, 'serving', { texts: [/一个请求的时间花在哪里/, /首 token 时间/], tab: '服务负载' });
});
