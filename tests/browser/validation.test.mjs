// The validation page computes in the browser the report `llm-sizer validate --json` prints (a
// sample of rows compared row for row), filters it, charts it and links each row to its scenario;
// the methodology page has the section every formula panel links to.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';

import { cliJson, root } from '../node/support.mjs';
import { openPage, screenshot, siteForTests } from './support.mjs';

const site = siteForTests();
const { decodeState } = await import(join(root, 'web/src/url.js'));

async function openValidation(hash = '') {
  const opened = await openPage(site.browser, `${site.url}validation.html${hash}`);
  await opened.page.waitForSelector('html[data-validated="true"]', { timeout: 120000 });
  return opened;
}

const shownRows = (page) => page.$$eval('#rows tr', (rows) => rows.map((row) => ({
  id: row.dataset.id,
  status: row.dataset.status,
  category: row.dataset.category,
  predicted: row.querySelector('data.predicted')?.getAttribute('value'),
  error: row.querySelector('data.error')?.getAttribute('value'),
  href: row.querySelector('a.row-id')?.getAttribute('href') ?? null,
})));

test('the page\'s rows agree with `llm-sizer validate --json`, row for row', async () => {
  const { page, problems } = await openValidation();
  const cli = cliJson(['validate', '--json']);
  const shown = await shownRows(page);
  assert.equal(shown.length, cli.rows.length);
  const byId = new Map(shown.map((row) => [row.id, row]));
  // Every 7th row, and every category's first.
  const sample = cli.rows.filter((row, i) => i % 7 === 0 || cli.rows.findIndex((r) => r.category === row.category) === i);
  assert.ok(sample.length >= 100);
  for (const expected of sample) {
    const row = byId.get(expected.id);
    assert.ok(row, expected.id);
    assert.equal(row.status, expected.status, expected.id);
    assert.equal(row.category, expected.category, expected.id);
    assert.equal(row.predicted, String(expected.predicted), expected.id);
    assert.equal(row.error, String(expected.error), expected.id);
  }
  // The summary is the core's.
  for (const summary of cli.categories) {
    const median = await page.getAttribute(`.summary tr[data-category="${summary.category}"] td:nth-of-type(5) data`, 'value');
    assert.equal(median, String(summary.median_abs_error), summary.category);
  }
  await screenshot(page, 'validation-1280', { fullPage: false });
  assert.deepEqual(problems, []);
});

test('filters narrow the rows and the chart, and live in the link', async () => {
  const { page, problems } = await openValidation('#category=decode&runtime=llama.cpp');
  const shown = await shownRows(page);
  const cli = cliJson(['validate', '--json', '--category', 'decode']).rows.filter((row) => row.runtime === 'llama.cpp');
  assert.deepEqual(shown.map((row) => row.id), cli.map((row) => row.id));
  assert.equal(await page.inputValue('#filter-category'), 'decode');
  await page.waitForSelector('#chart .uplot');
  await page.selectOption('#filter-accelerator', 'rtx-4090');
  await page.waitForFunction(() => location.hash.includes('accelerator=rtx-4090'));
  const narrowed = await shownRows(page);
  assert.ok(narrowed.length > 0 && narrowed.length < shown.length);
  assert.ok(narrowed.every((row) => cli.find((r) => r.id === row.id)?.accelerator === 'rtx-4090'));
  assert.deepEqual(problems, []);
});

test('each compared row links to its scenario in the calculator', async () => {
  const { page, problems } = await openValidation('#category=quantized-sizes');
  const cli = new Map(cliJson(['validate', '--json', '--category', 'quantized-sizes']).rows.map((row) => [row.id, row]));
  const [first] = await shownRows(page);
  const link = await decodeState(first.href.slice('index.html'.length));
  assert.deepEqual(link.scenario, cli.get(first.id).scenario);
  assert.equal(link.ui.t, 'inference');
  await page.click(`#rows tr[data-id="${first.id}"] a.row-id`);
  await page.waitForSelector('html[data-ready="true"]');
  await page.waitForSelector('[data-path="inference.weights_bytes"]');
  assert.deepEqual(problems, []);
});

test('a formula panel links to its methodology section, which the page has in both languages', async () => {
  const { page, problems } = await openPage(site.browser, `${site.url}index.html`);
  const toggle = await page.waitForSelector('.formula-toggle');
  await toggle.click();
  const path = await toggle.evaluate((button) => button.previousElementSibling.dataset.path);
  const panel = `#${await toggle.getAttribute('aria-controls')}`;
  assert.match(path, /^model\./);
  assert.equal(await page.getAttribute(`${panel} [data-page="methodology"]`, 'href'), `methodology.html#for=${path}`);
  assert.equal(await page.getAttribute(`${panel} [data-page="validation"]`, 'href'), `validation.html#for=${path}`);
  assert.equal(await page.getAttribute('.site-nav a[href="methodology.html"]', 'href'), 'methodology.html');
  await page.click(`${panel} [data-page="methodology"]`);
  await page.waitForSelector('html[data-ready="true"]');
  await page.waitForSelector(`#parameters[data-linked="${path}"] h2`);
  assert.match(await page.textContent('#parameters'), /params_total/);
  assert.ok(await page.$$eval('table.constants data', (nodes) => nodes.length) >= 10);
  await page.check('input[name="lang"][value="zh"]');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.match(await page.textContent('#parameters h2'), /参数量/);
  assert.deepEqual(problems, []);
});
