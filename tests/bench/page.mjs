// Measures the page against its performance budget and prints the figures (run by hand after
// scripts/build.sh; the tests check behaviour, this checks time and size):
//   node tests/bench/page.mjs [RUNS]
// - first-view payload: every file the page requests before its first result (the page's
//   llm-sizer:first-result mark), gzip-compressed (level 6, what static hosts serve) — budget
//   200 KB; a first visit (English, the Model view), and for comparison one in Chinese and one
//   opening the Inference view. What loads after the first result, when the page is idle (the
//   whole core, the planner's code and worker), is listed apart;
// - first result painted after navigation, headless Chromium on localhost — budget 1 s;
// - one scenario recomputed in the page, per view (the core's estimate, and estimate + redraw;
//   median of 300 edits, p95 beside it: the timer has 0.1 ms resolution and the machine is
//   shared) — budget 2 ms;
// - the core alone in Chromium for each section and for both at once: what sending both
//   sections on every edit would cost.
import { gzipSync } from 'node:zlib';

import { linkFor, startSite } from '../browser/support.mjs';

const runs = Number(process.argv[2] ?? 10);
const budget = { payloadBytes: 200 * 1000, firstPaintMs: 1000, recomputeMs: 2 };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const verdict = (ok) => (ok ? 'within budget' : 'OVER BUDGET');
const times = (name, values) => `${name} median ${median(values).toFixed(2)} ms, p95 ${percentile(values, 0.95).toFixed(2)} ms`;

// The site is served from build/ so the bench can also load the WASM API module directly.
const site = await startSite({ subPath: true });
try {
  // Payload: what one fresh visit downloads until the first result is shown (the document and
  // every resource the page requested before its first-result mark), and what it loads after.
  const payload = async (hash, { locale = 'en-US', list = false } = {}) => {
    const context = await site.browser.newContext({ locale });
    const page = await context.newPage();
    const bodies = new Map();
    const reading = [];
    page.on('response', (response) => {
      if (!response.url().startsWith(site.url)) return;
      reading.push(response.body().then((body) => bodies.set(new URL(response.url()).pathname, body), () => {}));
    });
    await page.goto(site.url + hash);
    await page.waitForSelector('html[data-ready="true"]');
    // The whole core, which the page loads once idle, and whatever comes with it.
    await page.waitForFunction(() => performance.getEntriesByType('resource')
      .some((entry) => entry.name.endsWith('/llm_sizer_wasm.wasm') && entry.responseEnd > 0), null, { timeout: 10000 })
      .catch(() => console.log('  (the whole core had not loaded 10 s after the first result)'));
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);
    const before = new Set(await page.evaluate(() => {
      const firstResult = performance.getEntriesByName('llm-sizer:first-result')[0].startTime;
      return [location.pathname, ...performance.getEntriesByType('resource')
        .filter((entry) => entry.startTime <= firstResult).map((entry) => new URL(entry.name).pathname)];
    }));
    const sum = { total: 0, totalRaw: 0, later: 0 };
    const lines = { before: [], later: [] };
    for (const [path, body] of [...bodies].sort()) {
      const packed = gzipSync(body, { level: 6 }).length;
      const line = `  ${path.padEnd(40)} ${kb(body.length).padStart(10)} → ${kb(packed).padStart(9)}`;
      if (before.has(path)) {
        sum.total += packed;
        sum.totalRaw += body.length;
        lines.before.push(line);
      } else {
        sum.later += packed;
        lines.later.push(line);
      }
    }
    if (list) {
      console.log('first-view files, requested before the first result (raw → gzip):');
      console.log(lines.before.join('\n'));
      console.log('loaded after the first result, when the page is idle (raw → gzip):');
      console.log(lines.later.join('\n'));
    }
    await context.close();
    return sum;
  };
  const first = await payload('', { list: true });
  console.log(`first-view payload: ${kb(first.totalRaw)} raw, ${kb(first.total)} gzip (budget ${kb(budget.payloadBytes)}): ${verdict(first.total <= budget.payloadBytes)}; then ${kb(first.later)} gzip when idle`);
  const chinese = await payload('', { locale: 'zh-CN' });
  console.log(`  first view in Chinese: ${kb(chinese.total)} gzip: ${verdict(chinese.total <= budget.payloadBytes)}`);
  const opened = await payload(await linkFor({ model: 'llama-3-70b', inference: {} }, { t: 'inference' }));
  console.log(`  a link opening the Inference view (its code and the chart code too): ${kb(opened.total)} gzip`);

  // First result painted, over fresh page loads.
  for (const [name, scenario, t] of [['Model view', { model: 'llama-3-70b', hardware: { count: 2 } }, 'model'],
    ['Inference view', { model: 'llama-3-70b', hardware: { count: 2 }, inference: {} }, 'inference']]) {
    const link = await linkFor(scenario, { t });
    const paints = [];
    for (let i = 0; i < runs; i += 1) {
      const fresh = await site.browser.newContext();
      const view = await fresh.newPage();
      await view.goto(site.url + link);
      await view.waitForFunction(() => performance.getEntriesByName('llm-sizer:first-result-painted').length > 0);
      paints.push(await view.evaluate(() => performance.getEntriesByName('llm-sizer:first-result-painted')[0].startTime));
      await fresh.close();
    }
    console.log(`first result painted (${name}): median ${median(paints).toFixed(0)} ms, max ${Math.max(...paints).toFixed(0)} ms over ${runs} loads (budget ${budget.firstPaintMs} ms): ${verdict(Math.max(...paints) <= budget.firstPaintMs)}`);
  }

  // Recompute: typing into a field of each view, measured by the page's own performance marks.
  const bench = await site.browser.newPage();
  const edits = [['model', 'hardware.count', (i) => 1 + (i % 8)], ['inference', 'inference.batch', (i) => 1 + (i % 16)],
    ['training', 'training.micro_batch', (i) => 1 + (i % 4)]];
  for (const model of ['llama-3-70b', 'gemma-3-27b', 'deepseek-v3']) {
    for (const [t, field, value] of edits) {
      await bench.goto(site.url + await linkFor({ model }, { t }));
      await bench.reload();
      await bench.waitForSelector('html[data-ready="true"]');
      await bench.waitForFunction((id) => document.querySelector('#flow')?.dataset.view === id, t);
      const figures = await bench.evaluate(async ([path, source]) => {
        const next = new Function(`return ${source}`)();
        performance.clearMeasures();
        const input = document.querySelector(`[data-field="${path}"]`);
        input.focus();
        for (let i = 0; i < 300; i += 1) {
          input.value = String(next(i));
          input.dispatchEvent(new Event('input', { bubbles: true }));
          if (i % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
        }
        const take = (name) => performance.getEntriesByName(name).map((e) => e.duration);
        return { estimate: take('llm-sizer:estimate'), update: take('llm-sizer:update') };
      }, [field, value.toString()]);
      console.log(`recompute ${model.padEnd(12)} ${t.padEnd(10)} ${times('core estimate', figures.estimate)}; ${times('estimate + redraw', figures.update)} (budget ${budget.recomputeMs} ms): ${verdict(median(figures.estimate) <= budget.recomputeMs)}`);
    }
  }

  // The core alone, in Chromium: each section, and both (what one page-wide recompute would cost).
  await bench.goto(`${site.url}index.html`);
  await bench.waitForSelector('html[data-ready="true"]');
  for (const model of ['llama-3-70b', 'gemma-3-27b', 'deepseek-v3']) {
    const figures = await bench.evaluate(async (id) => {
      const { createLlmSizer } = await import('../wasm/wasm/api.mjs');
      const core = await createLlmSizer({ locateFile: (file) => new URL(`../wasm/wasm/${file}`, location.href).href });
      const out = {};
      for (const [name, sections] of [['model only', {}], ['training', { training: {} }], ['inference', { inference: {} }],
        ['both sections', { training: {}, inference: {} }]]) {
        const scenario = { model: id, hardware: { count: 2 }, ...sections };
        for (let i = 0; i < 10; i += 1) core.estimate(scenario);
        const samples = [];
        for (let i = 0; i < 60; i += 1) {
          const start = performance.now();
          core.estimate(scenario);
          samples.push(performance.now() - start);
        }
        out[name] = samples;
      }
      return out;
    }, model);
    console.log(`core in Chromium ${model.padEnd(12)} ${Object.entries(figures).map(([name, values]) => `${name} ${median(values).toFixed(2)} ms`).join(', ')}`);
  }
} finally {
  await site.close();
}
