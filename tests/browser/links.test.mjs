// Links made by every version of the link format keep opening: each committed fixture shows its
// scenario's CLI result and its UI state.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { root } from '../node/support.mjs';
import { assertShowsCliResult, openPage, siteForTests } from './support.mjs';

const fixtureFiles = ['links-v1.json'];

const site = siteForTests();

for (const file of fixtureFiles) {
  const { links } = JSON.parse(readFileSync(`${root}/tests/browser/fixtures/${file}`, 'utf8'));
  for (const fixture of links) {
    test(`${file}: ${fixture.name}`, async () => {
      const { page, problems } = await openPage(site.browser, site.url + fixture.link);
      const lang = fixture.ui.l ?? 'en';
      await assertShowsCliResult(page, fixture.scenario, { locale: lang === 'zh' ? 'zh-CN' : 'en-US', bytes: fixture.ui.u ?? 'GiB' });
      if (fixture.ui.l) assert.equal(await page.inputValue('input[name="lang"]:checked'), fixture.ui.l);
      if (fixture.ui.u) assert.equal(await page.inputValue('input[name="units"]:checked'), fixture.ui.u);
      assert.equal(await page.isHidden('#notice'), true);
      assert.equal(await page.isHidden('#result-error'), true);
      assert.deepEqual(problems, []);
    });
  }
}
