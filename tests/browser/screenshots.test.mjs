// Screenshots for people to look at (test-artifacts/, not committed): the done-when scenario,
// Llama 3 70B on two H100s, at desktop and phone sizes, in both languages, light and dark: the
// Inference view in every combination, the other views in English light and Chinese dark.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { linkFor, openPage, screenshot, siteForTests } from './support.mjs';

const site = siteForTests();

const sizes = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];
const scenario = { model: 'llama-3-70b', hardware: { accelerator: 'h100-sxm', count: 2 }, inference: {}, training: {} };
// Fine-tuning: QLoRA of a model with published quantization figures (the scatter has points).
const views = {
  model: scenario,
  inference: scenario,
  training: scenario,
  finetune: { ...scenario, training: { method: 'qlora', tokens: 1e8, micro_batch: 1, seq_len: 2048, recompute: 'full' } },
  quantization: { ...scenario, model: 'llama-2-70b' },
  // Serving: Llama 3.1 8B on the two H100s as two replicas, Poisson traffic with latency targets.
  serving: { model: 'llama-3.1-8b', hardware: scenario.hardware, inference: { tp: 1 },
    serving: { workload: { requests_per_s: 12, requests: 300 }, targets: { ttft_p99_s: 0.5, tpot_p99_s: 0.05 } } },
};

async function shoot(view, { l, colorScheme, viewport }) {
  const link = await linkFor(views[view], { t: view, l });
  const { page, problems } = await openPage(site.browser, site.url + link, { viewport, colorScheme });
  await page.waitForFunction((id) => document.querySelector('#flow')?.dataset.view === id, view);
  if (await page.$('#flow .formula-toggle')) await page.click('#flow .formula-toggle');
  // Charts draw when scrolled to.
  for (const chart of await page.locator('#flow .chart').all()) {
    await chart.scrollIntoViewIfNeeded();
    await chart.locator('canvas').waitFor();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  // Nothing sticks out sideways at either width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${view}: ${viewport.width}px wide page overflows by ${overflow}px`);
  await screenshot(page, `${view}-${l}-${colorScheme}-${viewport.width}x${viewport.height}`);
  assert.deepEqual(problems, []);
  await page.close();
}

test('screenshots at 1280×800 and 390×844, English and Chinese, light and dark', async () => {
  for (const l of ['en', 'zh']) {
    for (const colorScheme of ['light', 'dark']) {
      for (const viewport of sizes) {
        await shoot('inference', { l, colorScheme, viewport });
        if ((l === 'en') === (colorScheme === 'light')) {
          for (const view of ['model', 'serving', 'training', 'finetune', 'quantization']) await shoot(view, { l, colorScheme, viewport });
        }
      }
    }
    const embed = await openPage(site.browser, `${site.url}embed.html${await linkFor(scenario, { l })}`, { viewport: { width: 480, height: 300 } });
    await screenshot(embed.page, `embed-${l}-480`);
    await embed.page.close();
  }
});
