// Screenshots for people to look at (test-artifacts/, not committed): the done-when scenario,
// Llama 3 70B on two H100s, at desktop and phone sizes, in both languages, light and dark.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { linkFor, openPage, screenshot, startSite } from './support.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

const sizes = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];

test('screenshots at 1280×800 and 390×844, English and Chinese, light and dark', async () => {
  for (const l of ['en', 'zh']) {
    const link = await linkFor({ model: 'llama-3-70b', hardware: { accelerator: 'h100-sxm', count: 2 } }, { l });
    for (const colorScheme of ['light', 'dark']) {
      for (const viewport of sizes) {
        const { page, problems } = await openPage(site.browser, site.url + link, { viewport, colorScheme });
        await page.click('#flow .formula-toggle');
        // Nothing sticks out sideways at either width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${viewport.width}px wide page overflows by ${overflow}px`);
        await screenshot(page, `page-${l}-${colorScheme}-${viewport.width}x${viewport.height}`);
        assert.deepEqual(problems, []);
        await page.close();
      }
    }
    const embed = await openPage(site.browser, `${site.url}embed.html${link}`, { viewport: { width: 480, height: 300 } });
    await screenshot(embed.page, `embed-${l}-480`);
    await embed.page.close();
  }
});
