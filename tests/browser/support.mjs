// Shared by the browser tests: serves build/site on a free loopback port and drives Debian's
// Chromium through playwright-core (which never downloads a browser of its own).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before } from 'node:test';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { serve } from '../../scripts/serve.mjs';
import { cliJson, root } from '../node/support.mjs';

const { chromium } = createRequire(join(root, 'web/package.json'))('playwright-core');

export const artifactsDir = join(root, 'test-artifacts');
const { encodeState } = await import(join(root, 'web/src/url.js'));
const { createFormat } = await import(join(root, 'web/src/format.js'));
const { createI18n, loadLanguage } = await import(join(root, 'web/src/i18n/index.js'));

// Starts the site server and the browser; returns { url, browser, close }. With { subPath: true }
// the site is served from http://127.0.0.1:PORT/site/, as a static host with a sub-path would.
export async function startSite({ subPath = false } = {}) {
  const server = await serve(join(root, subPath ? 'build' : 'build/site'), 0);
  const browser = await launchBrowser();
  const url = `http://127.0.0.1:${server.address().port}/${subPath ? 'site/' : ''}`;
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// A page in a fresh context (no cookies or storage from other tests) that records every request
// it makes and every error: { context, page, requests, problems }.
export async function watchedPage(browser) {
  const context = await browser.newContext();
  const requests = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  return { context, page, requests, problems };
}

// For a test file: the site and browser started before its tests and closed after them. The
// returned object is filled in by the time the tests run.
export function siteForTests(options) {
  const site = {};
  before(async () => {
    Object.assign(site, await startSite(options));
  });
  after(async () => {
    await site.close?.();
  });
  return site;
}

// Opens a page and waits for the app's own ready signal (WASM instantiated, first result shown).
// problems collects page errors, console errors and any dialog (alert() must never run).
export async function openPage(browser, url, { viewport = { width: 1280, height: 800 }, context, ...options } = {}) {
  const page = await (context ?? browser).newPage(context ? undefined : { viewport, ...options });
  if (context) await page.setViewportSize(viewport);
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('dialog', async (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  await page.goto(url);
  await page.waitForSelector('html[data-ready="true"]');
  return { page, problems };
}

export async function screenshot(page, name, { fullPage = true } = {}) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage });
}

export function linkFor(scenario, ui = {}) {
  return encodeState({ scenario, ui });
}

export function cliEstimate(scenario) {
  return cliJson(['estimate', '-'], JSON.stringify(scenario));
}

export function getPath(object, path) {
  return path.split('.').reduce((node, key) => node?.[key], object);
}

// The page's link once its latest change has been written (the fragment is rewritten just after
// the frame that shows a change).
export async function settledUrl(page) {
  await page.waitForFunction(() => /#v=\d+&[sz]=/.test(location.hash) && !document.documentElement.dataset.linkPending);
  return page.url();
}

// Every result number on the page equals the CLI's for the same scenario: the exact figure in
// <data value> and the text the page's formatter makes of it.
export async function assertShowsCliResult(page, scenario, { locale = 'en-US', bytes = 'GiB' } = {}) {
  // The open tab's view has been drawn (views load on first use).
  await page.waitForFunction(() => {
    const tab = document.querySelector('[role="tab"][aria-selected="true"]')?.id.slice('tab-'.length);
    return tab && document.querySelector('#flow')?.dataset.view === tab;
  });
  const open = await page.$eval('[role="tab"][aria-selected="true"]', (node) => node.id.slice('tab-'.length));
  // The Quantization view asks the core for the table as well (the link does not carry it).
  const expected = cliEstimate(open === 'quantization' ? { ...scenario, quantization: {} } : scenario);
  // The cheapest fleet's numbers are `llm-sizer fleet`'s, not the estimate's (serving.test.mjs).
  const shown = await page.$$eval('#flow data[data-path]:not([data-path^="fleet."])', (nodes) => nodes.map((n) => ({
    path: n.dataset.path, value: n.getAttribute('value'), text: n.textContent,
  })));
  assert.ok(shown.length >= 4, `${shown.length} numbers shown`);
  // The view shows its own block: the model's parameters, the inference or training figures.
  const tab = open;
  const block = { model: 'model.', inference: 'inference.', serving: 'serving.', training: 'training.', finetune: 'training.', posttraining: 'training.rl.',
    quantization: 'quantization.' }[tab];
  assert.ok(shown.some((n) => n.path.startsWith(block)), `${tab} shows ${block}*`);
  // The page's formatter for that language: its unit words too ("23.5 天").
  const t = createI18n(await loadLanguage(locale.split('-')[0]));
  const fmt = createFormat({ locale, bytes, words: t.units });
  for (const { path, value, text } of shown) {
    const cli = getPath(expected, path);
    assert.equal(value, String(cli), path);
    assert.equal(text, fmt.byName(path, cli), path);
  }
  return expected;
}

// Everything a person sees of the page's state: language, units, tab, every input's value and
// every number shown.
export function pageState(page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    units: document.querySelector('input[name="units"]:checked')?.value,
    language: document.querySelector('input[name="lang"]:checked')?.value,
    tab: document.querySelector('[role="tab"][aria-selected="true"]')?.id,
    picker: document.querySelector('[role="combobox"]')?.value,
    source: document.querySelector('input[name="model-source"]:checked')?.value,
    accelerator: document.querySelector('#accelerator')?.value,
    controls: [...document.querySelectorAll('[data-field][data-kind]')].map((c) => [c.dataset.field,
      c.type === 'checkbox' ? c.checked : c.value]),
    numbers: [...document.querySelectorAll('data')].map((d) => [d.dataset.path ?? '', d.getAttribute('value'), d.textContent]),
    title: document.querySelector('.headline-title')?.textContent,
    summary: document.querySelector('.model-summary')?.textContent,
    error: document.querySelector('#result-error')?.textContent,
  }));
}

// A view's link, copied, reopens the same page state; in Chinese on a 390-px phone the view shows
// the CLI's numbers, the given texts and its tab's name, without sideways scroll.
export async function assertReopensAndReadsChinese(site, scenario, view, { texts, tab }) {
  const drawn = (page) => page.waitForFunction((id) => document.querySelector('#flow')?.dataset.view === id, view);
  const first = await openPage(site.browser, site.url + await linkFor(scenario, { t: view }));
  await drawn(first.page);
  // The view's background search (the planner's plans, the Serving view's fleet) has finished.
  const settled = (page) => page.waitForFunction(() => !document.documentElement.dataset.jobPending);
  const copied = await settledUrl(first.page);
  await settled(first.page);
  const sender = await pageState(first.page);
  const second = await openPage(site.browser, copied);
  await drawn(second.page);
  await settled(second.page);
  assert.deepEqual(await pageState(second.page), sender);

  const zh = await openPage(site.browser, site.url + await linkFor(scenario, { t: view, l: 'zh' }), { viewport: { width: 390, height: 844 } });
  await drawn(zh.page);
  await assertShowsCliResult(zh.page, scenario, { locale: 'zh-CN' });
  const text = await zh.page.textContent('#flow');
  for (const expected of texts) assert.match(text, expected);
  assert.equal(await zh.page.textContent(`#tab-${view}`), tab);
  const overflow = await zh.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `${overflow}px of sideways scroll`);
  for (const { page } of [first, second, zh]) await page.close();
  assert.deepEqual([...first.problems, ...second.problems, ...zh.problems], []);
}
