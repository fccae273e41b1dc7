// The npm package (build/package) in Chromium: a documentation page on one origin loads
// <llm-sizer-card> from another (as from a CDN), and from a copy of the package on its own origin
// (no CDN, no bundler); the card shows the CLI's numbers inline, without an iframe, in the page's
// language, untouched by the page's styles, and says what is wrong with a bad scenario.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { serve } from '../../scripts/serve.mjs';
import { cliEstimate, launchBrowser, watchedPage } from './support.mjs';
import { root } from '../node/support.mjs';

const packageDir = join(root, 'build/package');

const servers = [];
let browser;
let docs; // the documentation site's address
let cdn; // the package's address on another origin
let docsDir;

// A plain HTML page, its own styles set on the tags the card uses too.
function docsPage(script, cards) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<style>h1 { color: rgb(255, 0, 0); font-size: 40px; } dd { margin-left: 300px; }</style></head>
<body><h1>Sizing notes</h1>${cards}<script type="module" src="${script}"></script></body></html>`;
}

before(async () => {
  docsDir = mkdtempSync(join(tmpdir(), 'llm-sizer-docs-'));
  cpSync(packageDir, join(docsDir, 'static/llm-sizer'), { recursive: true });
  const start = async (dir, headers) => {
    const server = await serve(dir, 0, '127.0.0.1', headers);
    servers.push(server);
    return `http://127.0.0.1:${server.address().port}/`;
  };
  cdn = await start(packageDir, { 'access-control-allow-origin': '*' });
  docs = await start(docsDir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(docsDir, { recursive: true, force: true });
});

async function open(file, html) {
  writeFileSync(join(docsDir, file), html);
  const { context, page, requests, problems } = await watchedPage(browser);
  await page.goto(docs + file);
  await page.waitForFunction(() => [...document.querySelectorAll('llm-sizer-card')].every((card) => card.dataset.state));
  return { page, problems, requests, context };
}

// What a card shows, read through its shadow root.
function readCard(page, selector) {
  return page.$eval(selector, (card) => {
    const shadow = card.shadowRoot;
    return {
      state: card.dataset.state,
      title: shadow.querySelector('h1')?.textContent,
      titleColour: getComputedStyle(shadow.querySelector('h1') ?? shadow.querySelector('p')).color,
      numbers: Object.fromEntries([...shadow.querySelectorAll('data')].map((d) => [d.dataset.path, d.getAttribute('value')])),
      texts: Object.fromEntries([...shadow.querySelectorAll('data')].map((d) => [d.dataset.path, d.textContent])),
      problem: shadow.querySelector('.problem')?.textContent ?? null,
      open: shadow.querySelector('footer a')?.href ?? null,
      text: shadow.textContent,
    };
  });
}

test('the card from another origin renders inline with the CLI\'s numbers', async () => {
  const inference = { model: 'llama-3-8b', hardware: { accelerator: 'rtx-4090' }, inference: { weights: 'q4_k_m' } };
  const training = { model: 'llama-2-7b', hardware: { accelerator: 'a100-80gb-sxm' }, training: { method: 'qlora' } };
  const attr = (scenario) => JSON.stringify(scenario).replaceAll("'", '&#39;');
  const { page, problems, requests, context } = await open('cdn.html', docsPage(`${cdn}card.js`, `
    <llm-sizer-card id="serve" scenario='${attr(inference)}' href="https://sizer.example/app/"></llm-sizer-card>
    <div lang="zh-CN"><llm-sizer-card id="tune" units="GB" scenario='${attr(training)}'></llm-sizer-card></div>
    <llm-sizer-card id="bad" scenario='{"model": "llama-3-8b", "hardware": {"count": 0}}'></llm-sizer-card>
    <llm-sizer-card id="deep" scenario='{"model": ${'['.repeat(5000)}${']'.repeat(5000)}}'></llm-sizer-card>
    <llm-sizer-card id="huge" scenario='{"model": "llama-3-8b", "hardware": {"count": 1e400}}'></llm-sizer-card>`));
  assert.equal(await page.$$eval('iframe', (n) => n.length), 0);

  const serving = await readCard(page, '#serve');
  const expected = cliEstimate(inference);
  assert.equal(serving.state, 'ready');
  assert.equal(serving.title, 'Llama 3 8B');
  for (const path of ['model.params_total', 'inference.placement.verdict', 'inference.decode_tokens_per_s']) {
    assert.equal(serving.numbers[path], String(path.split('.').reduce((n, k) => n[k], expected)), path);
  }
  assert.match(serving.texts['inference.decode_tokens_per_s'], /tokens\/s$/);
  // The page's h1 rule does not reach the card's title.
  assert.notEqual(serving.titleColour, 'rgb(255, 0, 0)');
  assert.ok(serving.open.startsWith('https://sizer.example/app/#v=1&'), serving.open);
  const { scenario: openScenario } = await (await import(join(root, 'web/src/url.js'))).decodeState(new URL(serving.open).hash);
  assert.deepEqual(openScenario, inference);

  // In the page's language (the nearest lang attribute) and the chosen byte unit.
  const tuning = await readCard(page, '#tune');
  assert.equal(tuning.numbers['training.wall_days'], String(cliEstimate(training).training.wall_days));
  assert.match(tuning.text, /微调/);
  const bad = await readCard(page, '#bad');
  assert.equal(bad.state, 'error');
  assert.match(bad.problem, /Devices \(hardware\.count\): must be an integer in \[1, 1000000\] \(Llama 3 405B[^)]*\); got 0/);
  // The attribute is untrusted JSON: read by the page's own checks, before anything recurses.
  const deep = await readCard(page, '#deep');
  assert.equal(deep.state, 'error');
  assert.match(deep.problem, /more than 64 levels deep \(in model\)/);
  const huge = await readCard(page, '#huge');
  assert.equal(huge.state, 'error');
  assert.match(huge.problem, /too large for the calculator \(at hardware\.count\)/);

  // The core, its catalog and the strings come from the package's origin; nothing else is asked.
  const elsewhere = requests.filter((url) => !url.startsWith(docs) && !url.startsWith(cdn));
  assert.deepEqual(elsewhere, []);
  assert.ok(requests.some((url) => url === `${cdn}llm_sizer_wasm.wasm`), requests.join('\n'));
  // Changing an attribute redraws the card.
  await page.$eval('#serve', (card) => card.setAttribute('scenario', '{"model": "gpt2"}'));
  await page.waitForFunction(() => document.querySelector('#serve').shadowRoot.querySelector('h1')?.textContent === 'GPT-2 (124M)');
  await context.close();
  assert.deepEqual(problems, []);
});

test('the card from a copy of the package on the site itself (no CDN, no bundler)', async () => {
  const scenario = { model: 'qwen3-30b-a3b', hardware: { count: 2 }, inference: {} };
  const { page, problems, requests, context } = await open('local.html', docsPage('static/llm-sizer/card.js',
    `<llm-sizer-card scenario='${JSON.stringify(scenario)}'></llm-sizer-card>`));
  const card = await readCard(page, 'llm-sizer-card');
  assert.equal(card.state, 'ready');
  assert.equal(card.numbers['model.params_active'], String(cliEstimate(scenario).model.params_active));
  for (const url of requests) assert.ok(url.startsWith(docs), url);
  await context.close();
  assert.deepEqual(problems, []);
});
