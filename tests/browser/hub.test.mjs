// "Load from Hugging Face": the browser fetches the Hub's public config.json. The request is
// intercepted here and answered with a real config.json from tests/reference/configs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { root } from '../node/support.mjs';
import { assertShowsCliResult, openPage, pageState, settledUrl, siteForTests } from './support.mjs';

const configText = readFileSync(`${root}/tests/reference/configs/meta-llama-3-8b.json`, 'utf8');
const hub = 'https://huggingface.co/**';

const site = siteForTests();

async function openHub(page, id) {
  await page.check('input[name="model-source"][value="hub"]');
  await page.fill('.source input[type="text"]:visible', id);
  await page.click('.source button:visible');
}

test('a model id loads its config.json from the Hub and sizes it', async () => {
  const { page, problems } = await openPage(site.browser, site.url);
  const requested = [];
  await page.route(hub, (route) => {
    requested.push(route.request().url());
    route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: configText });
  });
  await openHub(page, 'meta-llama/Meta-Llama-3-8B');
  await page.waitForSelector('.model-summary:has-text("meta-llama/Meta-Llama-3-8B")');
  assert.deepEqual(requested, ['https://huggingface.co/meta-llama/Meta-Llama-3-8B/resolve/main/config.json']);
  const scenario = { model: { ...JSON.parse(configText), _name_or_path: 'meta-llama/Meta-Llama-3-8B' } };
  const expected = await assertShowsCliResult(page, scenario);
  assert.equal(expected.model.params_total, 8030261248); // the safetensors total of the checkpoint
  // The loaded config is now the scenario's model: shown as config.json, and in the link.
  assert.equal(await page.inputValue('input[name="model-source"]:checked'), 'config');
  const state = await pageState(page);
  const again = await openPage(site.browser, await settledUrl(page));
  assert.deepEqual(await pageState(again.page), state);
  assert.deepEqual([...problems, ...again.problems], []);
});

test('offline, gated and unreachable are each explained, and the page keeps its model', async () => {
  const context = await site.browser.newContext();
  const { page, problems } = await openPage(site.browser, site.url, { context });
  await context.setOffline(true);
  await openHub(page, 'meta-llama/Meta-Llama-3-8B');
  assert.match(await page.textContent('.source .status.error'), /offline/);
  await context.setOffline(false);

  await page.route(hub, (route) => route.fulfill({ status: 401, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: '{"error":"Access restricted"}' }));
  await page.click('.source button:visible');
  await page.waitForSelector('.source .status.error:has-text("gated")');
  await page.unroute(hub);

  await page.route(hub, (route) => route.abort('connectionrefused'));
  await page.click('.source button:visible');
  await page.waitForSelector('.source .status.error:has-text("could not be reached")');

  await page.fill('.source input[type="text"]:visible', '../../etc/passwd');
  await page.click('.source button:visible');
  assert.match(await page.textContent('.source .status.error'), /organisation\/name/);
  await assertShowsCliResult(page, { model: 'llama-3-8b' });
  await context.close();
  assert.deepEqual(problems.filter((p) => !/Failed to load resource|ERR_/.test(p)), []);
});

test('a pasted config.json is used as the model, and bad JSON is explained', async () => {
  const { page, problems } = await openPage(site.browser, site.url);
  await page.check('input[name="model-source"][value="config"]');
  await page.fill('.source textarea', '{"model_type": "llama", oops');
  await page.click('.source button:visible');
  assert.match(await page.textContent('.source .field-error'), /not valid JSON/);
  await page.fill('.source textarea', configText);
  await page.click('.source button:visible');
  await assertShowsCliResult(page, { model: JSON.parse(configText) });
  assert.deepEqual(problems, []);
});

test('the paste box says which type it recognised, and warns prominently about an unknown one', async () => {
  const { page, problems } = await openPage(site.browser, site.url);
  await page.check('input[name="model-source"][value="config"]');
  const opt = readFileSync(`${root}/tests/reference/configs/opt-350m.json`, 'utf8');
  await page.fill('.source textarea', opt);
  await page.click('.source button:visible');
  await page.waitForSelector('.model-type:has-text("opt")');
  assert.equal(await page.isVisible('.type-warning'), false);
  // An unknown type with Llama's fields is counted, and the assumption is shown above the fields.
  const unknown = { ...JSON.parse(configText), model_type: 'brand_new_arch' };
  await page.fill('.source textarea', JSON.stringify(unknown));
  await page.click('.source button:visible');
  await page.waitForSelector('.type-warning:visible');
  assert.match(await page.textContent('.type-warning'), /brand_new_arch.*Llama layout/);
  await assertShowsCliResult(page, { model: unknown });
  // A field of another layout is refused: the error is placed at that field.
  await page.fill('.source textarea', JSON.stringify({ ...unknown, multi_query: true }));
  await page.click('.source button:visible');
  await page.waitForSelector('[data-error-for^="model"]:has-text("multi-query attention")', { state: 'attached' });
  assert.deepEqual(problems, []);
});
