import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { cliJson } from '../node/support.mjs';
import { openPage, screenshot, startSite } from './support.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

test('the page loads the WASM core and shows the parameter count of the chosen preset', async () => {
  const { page, problems } = await openPage(site.browser, site.url);
  await page.selectOption('#model', 'llama-3-8b');
  const expected = cliJson(['estimate', '-'], JSON.stringify({ model: 'llama-3-8b' }));
  const shown = await page.textContent('#params-total');
  assert.equal(shown.replaceAll(',', ''), String(expected.model.params_total));
  await screenshot(page, 'page-1280x800');
  assert.deepEqual(problems, []);
});
