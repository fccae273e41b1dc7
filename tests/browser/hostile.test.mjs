// Corrupt and hostile links: a friendly message, a clean fallback, and nothing executed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { root } from '../node/support.mjs';
import { assertShowsCliResult, linkFor, openPage, siteForTests } from './support.mjs';

const payload = '<img src=x onerror=alert(1)>';
const site = siteForTests();

// Nothing the link carried became markup: no <img>, no script ran (problems records dialogs).
async function assertNothingInjected(page) {
  assert.equal(await page.evaluate(() => document.querySelectorAll('img, iframe, object, embed').length), 0);
  assert.equal(await page.evaluate(() => window.__pwned ?? null), null);
}

test('unreadable links fall back to the example with a notice', async () => {
  const good = await linkFor({ model: 'llama-3-70b', hardware: { count: 2 } });
  const cases = [
    ['#garbage', /not an LLM Sizer link/],
    [good.slice(0, good.indexOf('&s=') + 15), /damaged or cut short/],
    ['#v=1&z=AAAA', /damaged or cut short/],
    ['#v=7&s=e30', /newer version/],
    ['#v=1&s=%3Cscript%3Ealert(1)%3C%2Fscript%3E', /damaged or cut short/],
  ];
  for (const [hash, message] of cases) {
    const { page, problems } = await openPage(site.browser, site.url + hash);
    assert.match(await page.textContent('#notice'), message, hash);
    await assertShowsCliResult(page, { model: 'llama-3-8b' });
    await assertNothingInjected(page);
    // The link is rewritten to the state shown.
    await page.waitForFunction(() => location.hash.startsWith('#v=1&s='));
    assert.deepEqual(problems, [], hash);
    await page.close();
  }
});

test('a hostile model name is shown as text in the notice, and runs nothing', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor({ model: payload }));
  // The link's model is no preset: the example opens, and the notice quotes the name as text.
  assert.ok((await page.textContent('#notice')).includes(payload));
  await assertShowsCliResult(page, { model: 'llama-3-8b' });
  await assertNothingInjected(page);
  // The page works: pick a model.
  await page.click('[role="combobox"]');
  await page.keyboard.type('gpt2 xl');
  await page.keyboard.press('Enter');
  await assertShowsCliResult(page, { model: 'gpt2-xl' });
  assert.deepEqual(problems, []);
});

test('hostile text inside a config and a custom device name stays text everywhere', async () => {
  const config = JSON.parse(readFileSync(`${root}/tests/reference/configs/meta-llama-3-8b.json`, 'utf8'));
  const scenario = {
    model: { ...config, _name_or_path: payload, [payload]: payload },
    hardware: { accelerator: { name: `<script>window.__pwned=1</script>${payload}`, memory_bytes: 8e10 } },
  };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: payload, l: payload, u: payload }));
  await assertShowsCliResult(page, scenario);
  assert.equal(await page.textContent('.headline-title'), payload);
  assert.ok((await page.textContent('.model-summary')).includes(payload));
  await page.click('#copy-embed').catch(() => {});
  assert.ok((await page.inputValue('#embed-code')).includes('title="LLM Sizer: &lt;img src=x onerror=alert(1)&gt;"'));
  await assertNothingInjected(page);
  assert.deepEqual(problems, []);
});

test('a hostile field name from the link is reported, not rendered', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor({ model: 'gpt2', [payload]: 1 }));
  assert.ok((await page.textContent('#notice')).includes(payload));
  await assertShowsCliResult(page, { model: 'gpt2' });
  await assertNothingInjected(page);
  assert.deepEqual(problems, []);
});

// Pastes `text` into the config box and uses it, as one paste and one click would (not typed,
// and without waiting for the browser to lay out a text box of megabytes).
async function paste(page, text) {
  await page.check('input[name="model-source"][value="config"]');
  await page.$eval('.source textarea', (box, value) => {
    box.value = value;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.closest('.source').querySelector('button').click();
  }, text);
}

test('hostile pasted configs are refused next to the paste box and the page keeps working', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor({ model: 'gpt2' }));
  const cases = [
    [`{"model_type":"llama","x":${'['.repeat(60000)}${']'.repeat(60000)}}`, /more than 64 levels deep \(in x\)/],
    [`{"model_type":"llama","_name_or_path":"${'x'.repeat(10 << 20)}"}`, /larger than 1 MB .+ so it was cleared/],
    ['{"model_type":"llama","hidden_size":1e400}', /too large for the calculator \(at hidden_size\)/],
  ];
  for (const [text, message] of cases) {
    await paste(page, text);
    assert.match(await page.textContent('.source .field-error'), message);
    await assertShowsCliResult(page, { model: 'gpt2' });
  }
  // Markup in every string field and unknown fields: used, shown as text, nothing runs.
  const config = JSON.parse(readFileSync(`${root}/tests/reference/configs/meta-llama-3-8b.json`, 'utf8'));
  const hostile = Object.fromEntries(Object.entries(config).map(([key, value]) => [key, typeof value === 'string' ? payload : value]));
  const scenario = { model: { ...hostile, model_type: 'llama', [payload]: payload, unknown_field: { deep: [payload] } } };
  await paste(page, JSON.stringify(scenario.model));
  assert.equal(await page.textContent('.source .field-error'), '');
  await assertShowsCliResult(page, scenario);
  await assertNothingInjected(page);
  // A value the core refuses is shown at its field; fixing it brings the result back.
  await paste(page, JSON.stringify({ ...config, num_hidden_layers: 1e18 }));
  assert.match(await page.textContent('#result-error'), /model\.num_hidden_layers: must be an integer in \[1, 10000\]/);
  await paste(page, JSON.stringify(config));
  await assertShowsCliResult(page, { model: config });
  assert.deepEqual(problems, []);
});

test('links that nest too deep or carry numbers past a double fall back with a notice', async () => {
  for (const json of [`{"model":${'['.repeat(5000)}${']'.repeat(5000)}}`, '{"model":"gpt2","hardware":{"count":1e400}}']) {
    const bytes = new TextEncoder().encode(json);
    const hash = `#v=1&s=${Buffer.from(bytes).toString('base64url')}`;
    const { page, problems } = await openPage(site.browser, site.url + hash);
    assert.match(await page.textContent('#notice'), /damaged or cut short/);
    await assertShowsCliResult(page, { model: 'llama-3-8b' });
    assert.deepEqual(problems, []);
    await page.close();
  }
});
