// The embed card: renders the linked scenario read-only, reports its height to the parent page,
// and makes no request beyond its own files, from a site served under a sub-path.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { cliJson } from '../node/support.mjs';
import { assertShowsCliResult, cliEstimate, linkFor, openPage, siteForTests, watchedPage } from './support.mjs';

const site = siteForTests({ subPath: true });

test('the embed card shows the scenario, posts its height, and stays on its own site', async () => {
  const scenario = { model: 'llama-3-70b', hardware: { accelerator: 'h100-sxm', count: 2 } };
  const src = `${site.url}embed.html${await linkFor(scenario, { l: 'en', u: 'GiB' })}`;
  const { context, page, requests, problems } = await watchedPage(site.browser);
  await page.setContent(`<script>window.heights = []; addEventListener('message', (e) => {
      if (e.data && e.data.type === 'llm-sizer:height') window.heights.push(e.data.height); });</script>
    <iframe src="${src}" style="width: 480px; height: 40px; border: 0"></iframe>`);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  await frame.waitForSelector('html[data-ready="true"]');
  await page.waitForFunction(() => window.heights.length > 0 && window.heights.at(-1) > 80);
  const expected = cliEstimate(scenario);
  assert.equal(await frame.getAttribute('[data-path="model.params_total"]', 'value'), String(expected.model.params_total));
  assert.equal(await frame.textContent('h1'), 'Llama 3 70B');
  assert.match(await frame.textContent('.sub'), /^2 × NVIDIA H100 SXM5 80GB$/);
  const open = await frame.getAttribute('footer a', 'href');
  assert.ok(open.startsWith('./#v=1&'), open);

  // Only the site's own files, under its sub-path; no cookies, no storage.
  const own = requests.filter((url) => url !== 'about:blank');
  assert.ok(own.length >= 4, own.join('\n'));
  for (const url of own) assert.ok(url.startsWith(site.url), url);
  assert.deepEqual(await context.cookies(), []);
  assert.equal(await frame.evaluate(() => document.cookie), '');
  await context.close();
  assert.deepEqual(problems, []);
});

test('the embed card adds the cheapest fleet, the CLI\'s, when the scenario has traffic', async () => {
  const scenario = {
    model: 'llama-3.1-8b',
    hardware: { accelerator: 'l40s' },
    serving: { workload: { requests_per_s: 4, requests: 200 }, targets: { ttft_p99_s: 1, tpot_p99_s: 0.05 } },
    fleet: { tp: [1], disaggregated: false },
  };
  const { page, problems } = await openPage(site.browser, `${site.url}embed.html${await linkFor(scenario, { l: 'en' })}`);
  await page.waitForSelector('html[data-ready="true"]');
  const { best } = cliJson(['fleet', '-'], JSON.stringify(scenario)).fleet;
  const shown = (path) => page.getAttribute(`[data-flow="fleet"] [data-path="${path}"]`, 'value');
  assert.equal(await shown('fleet.best.usd_per_hour'), String(best.usd_per_hour));
  assert.equal(await shown('fleet.best.gpus'), String(best.gpus));
  assert.match(await page.textContent('[data-flow="fleet"] .sub'), new RegExp(`^Cheapest: ${best.replicas} × ${best.accelerator_name} at TP 1 `));
  assert.deepEqual(problems, []);
});

test('the embed card explains a bad link instead of breaking', async () => {
  const { page, problems } = await openPage(site.browser, `${site.url}embed.html#v=1&s=bad`);
  assert.match(await page.textContent('.problem'), /damaged/);
  const hostile = await openPage(site.browser, `${site.url}embed.html${await linkFor({ model: '<img src=x onerror=alert(1)>' })}`);
  assert.ok((await hostile.page.textContent('.problem')).includes('<img src=x onerror=alert(1)>'));
  assert.equal(await hostile.page.evaluate(() => document.querySelectorAll('img').length), 0);
  assert.deepEqual([...problems, ...hostile.problems], []);
});

test('the main page works from a sub-path and its embed code points at the card', async () => {
  const scenario = { model: 'qwen3-30b-a3b', hardware: { count: 2 } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario));
  await assertShowsCliResult(page, scenario);
  await page.waitForFunction(() => document.querySelector('#embed-code').value.includes('embed.html#v=1'));
  const code = await page.inputValue('#embed-code');
  const src = code.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
  assert.ok(src.startsWith(`${site.url}embed.html#v=1&`), src);
  const card = await openPage(site.browser, src);
  assert.equal(await card.page.getAttribute('[data-path="model.params_total"]', 'value'),
    String(cliEstimate(scenario).model.params_total));
  assert.deepEqual([...problems, ...card.problems], []);
});
