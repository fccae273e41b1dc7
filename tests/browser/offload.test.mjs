// Beyond one GPU's memory, as a new user asks the page: Llama-3-70B Q4_K_M on one RTX 4090 with
// 64 GB of DDR5; DeepSeek-V3 Q4_K_M with its experts on a 512 GB EPYC host and attention on one
// RTX 4090; Llama-3-8B Q4_K_M on a laptop CPU alone. Each gets a placement, memory on each side
// and a tokens/s (the CLI's numbers); a setup that does not fit is never shown a speed; the GPU
// layers slider works from the keyboard; the host picker builds the scenario; a CPU short of RAM
// runs from disk once the disk's speed is given.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { assertShowsCliResult, linkFor, openPage, screenshot, settledUrl, siteForTests } from './support.mjs';

const { decodeState } = await import(new URL('../../web/src/url.js', import.meta.url));

const site = siteForTests();
const GiB = 2 ** 30;

const scenarios = {
  desktop: {
    model: 'llama-3-70b',
    hardware: { accelerator: 'rtx-4090', host: { preset: 'ryzen-9-7950x', memory_bytes: 64 * GiB } },
    inference: { runtime: 'llama.cpp', weights: 'q4_k_m' },
  },
  epyc: {
    model: 'deepseek-v3',
    hardware: { accelerator: 'rtx-4090', host: { preset: 'epyc-9654', memory_bytes: 512 * GiB } },
    inference: { runtime: 'llama.cpp', weights: 'q4_k_m' },
  },
  laptop: {
    model: 'llama-3-8b',
    hardware: { accelerator: { preset: 'ryzen-7-8840u', memory_bytes: 32 * GiB } },
    inference: { runtime: 'llama.cpp', weights: 'q4_k_m' },
  },
};

const placement = (page) => page.getAttribute('#flow .headline [data-placement]', 'data-placement');
const shown = (page, path) => page.getAttribute(`#flow [data-path="${path}"]`, 'value');

for (const [name, scenario] of Object.entries(scenarios)) {
  test(`${name}: a placement, memory on each side and a tokens/s, as the CLI computes them`, async () => {
    const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'inference' }));
    const expected = await assertShowsCliResult(page, scenario);
    const inf = expected.inference;
    assert.equal(await placement(page), inf.placement.verdict);
    assert.notEqual(inf.placement.verdict, 'does_not_fit');
    assert.equal(await shown(page, 'inference.decode_tokens_per_s'), String(inf.decode_tokens_per_s));
    if (scenario.hardware.host) {
      assert.equal(inf.placement.verdict, 'fits_with_offload');
      assert.equal(await shown(page, 'inference.placement.device_bytes'), String(inf.placement.device_bytes));
      assert.equal(await shown(page, 'inference.host_bytes'), String(inf.host_bytes));
      // Both memories drawn against what each may hold, and where a step's time goes.
      const bars = await page.$$eval('#flow [data-placement] .bars-label', (n) => n.map((l) => l.textContent));
      // A host with its RAM given is a modified preset: the page marks it in its own words.
      const named = (spec) => (spec.modified ? `${spec.name} (modified)` : spec.name);
      assert.deepEqual(bars, [named(expected.hardware.accelerator), named(expected.hardware.host)]);
      assert.ok(await page.isVisible('#flow .bars-track[aria-label*="CPU (host RAM)"]'));
      await page.locator('[data-chart="inference.speed_by_gpu_layers"]').scrollIntoViewIfNeeded();
      await page.locator('[data-chart="inference.speed_by_gpu_layers"] canvas').waitFor();
    } else {
      assert.equal(inf.placement.verdict, 'fits_on_device');
      assert.equal(expected.hardware.accelerator.category, 'cpu');
    }
    await screenshot(page, `offload-${name}`);
    assert.deepEqual(problems, []);
  });
}

test('no setup that does not fit is shown a speed, and the page says what would make it fit', async () => {
  const alone = { model: 'llama-3-70b', hardware: { accelerator: 'rtx-4090' }, inference: { runtime: 'llama.cpp', weights: 'q4_k_m' } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(alone, { t: 'inference' }));
  const expected = await assertShowsCliResult(page, alone);
  assert.equal(await placement(page), 'does_not_fit');
  assert.equal(expected.inference.decode_tokens_per_s, undefined);
  assert.equal(await page.$$eval('#flow [data-path$="tokens_per_s"]', (n) => n.length), 0);
  const headline = await page.textContent('#flow .headline');
  assert.match(headline, /No speed is given: a setup that does not fit does not run\./);
  assert.match(headline, /Add a host CPU and its RAM/);
  // A host too small for the rest says by how much.
  const small = { ...alone, hardware: { accelerator: 'rtx-4090', host: { preset: 'ryzen-9-7950x', memory_bytes: 16 * GiB } } };
  await page.goto(site.url + await linkFor(small, { t: 'inference' }));
  await page.waitForSelector('html[data-ready="true"]');
  const tight = await assertShowsCliResult(page, small);
  assert.equal(await placement(page), 'does_not_fit');
  assert.equal(tight.inference.placement.short_of, 'host');
  assert.match(await page.textContent('#flow .headline'), /Does not fit even with offload: AMD Ryzen 9 7950X/);
  assert.equal(await page.$$eval('#flow [data-path$="tokens_per_s"]', (n) => n.length), 0);
  assert.deepEqual(problems, []);
});

test('the GPU layers slider moves one layer per key press and the link follows', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenarios.desktop, { t: 'inference' }));
  const before = await assertShowsCliResult(page, scenarios.desktop);
  const slider = page.locator('#gpu-layers-slider');
  assert.equal(await slider.inputValue(), String(before.inference.placement.gpu_layers));
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((n) => document.querySelector('#gpu-layers-slider')?.value === String(n), before.inference.placement.gpu_layers - 1);
  const { scenario } = await decodeState(new URL(await settledUrl(page)).hash);
  assert.equal(scenario.inference.gpu_layers, before.inference.placement.gpu_layers - 1);
  const after = await assertShowsCliResult(page, scenario);
  assert.ok(after.inference.decode_tokens_per_s < before.inference.decode_tokens_per_s);
  // The slider keeps the focus across the redraw, so the next key press moves it again.
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'gpu-layers-slider');
  assert.deepEqual(problems, []);
});

test('the host picker and its RAM field build hardware.host; the embed card shows the placement', async () => {
  const start = { model: 'llama-3-70b', hardware: { accelerator: 'rtx-4090' }, inference: { runtime: 'llama.cpp', weights: 'q4_k_m' } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(start, { t: 'inference' }));
  assert.equal(await page.isVisible('[data-field="hardware.host.memory_bytes"]'), false);
  await page.selectOption('#host', 'ryzen-9-7950x');
  await page.fill('[data-field="hardware.host.memory_bytes"]', '64');
  await page.press('[data-field="hardware.host.memory_bytes"]', 'Enter');
  await page.waitForFunction(() => document.querySelector('#flow [data-placement]')?.dataset.placement === 'fits_with_offload');
  const { scenario } = await decodeState(new URL(await settledUrl(page)).hash);
  assert.deepEqual(scenario.hardware, { accelerator: 'rtx-4090', host: { preset: 'ryzen-9-7950x', memory_bytes: 64 * GiB } });
  await assertShowsCliResult(page, scenario);
  const card = await openPage(site.browser, `${site.url}embed.html${new URL(page.url()).hash}`, { viewport: { width: 480, height: 400 } });
  const stats = await card.page.$$eval('[data-path]', (nodes) => nodes.map((n) => [n.dataset.path, n.getAttribute('value'), n.textContent]));
  assert.deepEqual(stats.slice(1, 4).map(([path]) => path), ['inference.placement.verdict', 'inference.placement.gpu_layers', 'inference.host_bytes']);
  assert.equal(stats[1][2], 'fits with offload');
  assert.match(await card.page.textContent('.sub'), /AMD Ryzen 9 7950X/);
  assert.deepEqual([...problems, ...card.problems], []);
});

test('a CPU short of RAM runs from disk once the disk speed is given, with the disk in the speed', async () => {
  // DeepSeek-R1 Q2_K (about 245 GB) on a 96 GiB desktop: llama.cpp maps the file, so the disk
  // makes up what RAM cannot hold.
  const start = { model: 'deepseek-r1', hardware: { accelerator: { preset: 'ryzen-9-7950x', memory_bytes: 96 * GiB } },
    inference: { runtime: 'llama.cpp', weights: 'q2_k' } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(start, { t: 'inference' }));
  assert.equal(await placement(page), 'does_not_fit');
  assert.match(await page.textContent('#flow .headline'), /give the disk’s read speed/);
  await page.fill('[data-field="hardware.disk_read_bytes_per_s"]', '7');
  await page.press('[data-field="hardware.disk_read_bytes_per_s"]', 'Enter');
  await page.waitForFunction(() => document.querySelector('#flow [data-placement]')?.dataset.placement === 'streams_from_disk');
  const { scenario } = await decodeState(new URL(await settledUrl(page)).hash);
  assert.equal(scenario.hardware.disk_read_bytes_per_s, 7e9);
  const expected = await assertShowsCliResult(page, scenario);
  assert.ok(expected.inference.decode_step.disk_s > 0);
  assert.equal(await shown(page, 'inference.decode_tokens_per_s'), String(expected.inference.decode_tokens_per_s));
  assert.match(await page.textContent('#flow .headline'), /Runs from disk: RAM holds all but/);
  assert.deepEqual(problems, []);
});

// Issue "local inference": the laptop question answered with a placement, a speed and the two
// commands, on a phone; the copy button copies the line the core wrote, and a repository typed in
// the form reaches the command and the link.
test('a laptop on a phone: the command that runs it and the one that measures it, copied by a button', async () => {
  const laptop = {
    model: 'qwen3-30b-a3b',
    hardware: { accelerator: 'rtx-3060-laptop', host: { preset: 'ryzen-7-8845hs', memory_bytes: 32 * GiB } },
    inference: { runtime: 'llama.cpp', weights: 'q4_k_m' },
  };
  const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url).origin });
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(laptop, { t: 'inference' }), { context, viewport: { width: 390, height: 844 } });
  const expected = await assertShowsCliResult(page, laptop);
  const command = expected.inference.command;
  assert.equal(expected.inference.placement.verdict, 'fits_with_offload');
  assert.match(command.run, /^llama-server .*-ngl \d+/);
  assert.match(command.measure, /^llama-bench /);
  const code = (role) => page.textContent(`#flow .command-section > section > .command [data-role="${role}"] code`);
  assert.equal(await code('run'), command.run);
  assert.equal(await code('measure'), command.measure);
  // The block wraps on a phone: nothing wider than the screen.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'the page scrolls sideways');
  await page.click('#flow .command-section > section > .command [data-role="measure"] button.copy-command');
  await page.waitForFunction(() => document.querySelector('#flow [data-role="measure"] .copy-status').textContent !== '');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), command.measure);
  // The Ollama line is folded below, with its Modelfile.
  const ollama = command.alternatives.find((alternative) => alternative.runtime === 'ollama');
  assert.ok(ollama?.modelfile);
  assert.equal(await page.textContent('#flow .command-alternative .command[data-runtime="ollama"] [data-role="modelfile"] code'), ollama.modelfile);

  const repo = '[data-field="inference.model_repo"]';
  await page.evaluate(() => { for (const details of document.querySelectorAll('details.editor')) details.open = true; });
  await page.fill(repo, 'unsloth/Qwen3-30B-A3B-GGUF');
  await page.press(repo, 'Enter');
  await page.waitForFunction(() => document.querySelector('#flow [data-role="run"] code')?.textContent.includes('unsloth/Qwen3-30B-A3B-GGUF'));
  const { scenario } = await decodeState(new URL(await settledUrl(page)).hash);
  assert.equal(scenario.inference.model_repo, 'unsloth/Qwen3-30B-A3B-GGUF');
  const again = await assertShowsCliResult(page, scenario);
  assert.equal(await code('run'), again.inference.command.run);
  await screenshot(page, 'offload-command-phone');
  await context.close();
  assert.deepEqual(problems, []);
});

// Issue "local inference", item 3: MLX on a Mac, chosen in the form. A GGUF file it cannot load is
// refused by name; its own format gives a speed and mlx-lm's commands, kept in the link.
test('MLX on a Mac: chosen in the form, refused a GGUF file, then run with mlx-lm\'s commands', async () => {
  const mac = { model: 'qwen3-30b-a3b', hardware: { accelerator: 'm4-max' }, inference: { runtime: 'llama.cpp', weights: 'q4_k_m' } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(mac, { t: 'inference' }));
  await page.selectOption('[data-field="inference.runtime"]', 'mlx');
  await page.waitForFunction(() => document.querySelector('#result-error:not([hidden])')?.textContent.includes('inference.weights'));
  await page.selectOption('[data-field="inference.weights"]', 'mlx-4bit-g64');
  await page.waitForFunction(() => document.querySelector('#flow [data-role="run"] code')?.textContent.includes('mlx_lm.generate'));
  const { scenario } = await decodeState(new URL(await settledUrl(page)).hash);
  assert.equal(scenario.inference.runtime, 'mlx');
  assert.equal(scenario.inference.weights, 'mlx-4bit-g64');
  const expected = await assertShowsCliResult(page, scenario);
  const command = expected.inference.command;
  assert.equal(await page.textContent('#flow .command-section > section > .command [data-role="run"] code'), command.run);
  assert.match(command.measure, /^mlx_lm\.benchmark /);
  assert.equal(await shown(page, 'inference.decode_tokens_per_s'), String(expected.inference.decode_tokens_per_s));
  assert.deepEqual(problems, []);
});

// Issue "local inference", item 5: a pasted llama-bench table is read by the core, kept in the
// link, and the estimate then gives the measured speed; a paste it cannot read names its line.
test('a pasted llama-bench result is fitted, shown beside the estimate, and kept in the link', async () => {
  const start = { model: 'llama-3-8b', hardware: { accelerator: 'rtx-4090' }, inference: { runtime: 'llama.cpp', weights: 'q4_k_m', prompt_tokens: 512, output_tokens: 128 } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(start, { t: 'inference' }));
  await page.fill('#measurement-paste', '| test | t/s |\n|---|---|\n| tg128 | fast |\n');
  await page.click('#use-measurement');
  await page.waitForFunction(() => document.querySelector('.measurement-section .field-error')?.textContent.includes('line 3'));
  const table = [
    '| model                  |     size | params | backend | ngl |  test |             t/s |',
    '| ---------------------- | -------: | -----: | ------- | --: | ----: | --------------: |',
    '| llama 8B Q4_K - Medium | 4.58 GiB | 8.03 B | CUDA    |  99 | pp512 | 7138.99 ± 20.43 |',
    '| llama 8B Q4_K - Medium | 4.58 GiB | 8.03 B | CUDA    |  99 | tg128 |   127.60 ± 0.21 |',
  ].join('\n');
  await page.fill('#measurement-paste', table);
  await page.click('#use-measurement');
  await page.waitForSelector('.measured-fit[data-speed="decode"]');
  const { scenario } = await decodeState(new URL(await settledUrl(page)).hash);
  const expected = await assertShowsCliResult(page, scenario);
  assert.deepEqual(expected.scenario.inference.measured, { decode_batch: 1, decode_tokens_per_s: 127.6, decode_context_tokens: 64, prefill_tokens_per_s: 7138.99, prefill_tokens: 512, source: 'llama-bench' });
  assert.equal(expected.inference.measured_fit.decode.matched, true);
  // The scenario's prompt is the measured one: its prefill is the measurement.
  assert.ok(Math.abs(expected.inference.prefill_tokens_per_s - 7138.99) < 1e-3);
  assert.equal(await page.getAttribute('#flow [data-path="inference.measured_fit.decode.measured_tokens_per_s"]', 'value'), '127.6');
  // The fitted efficiency has its formula.
  assert.ok(await page.isVisible('#flow [data-path="inference.measured_fit.decode.fitted_efficiency"] ~ button.formula-toggle, #flow .measured-fit button.formula-toggle'));
  // The link reopens with it; removing it brings the defaults back.
  const again = await openPage(site.browser, page.url());
  await again.page.waitForSelector('.measured-fit[data-speed="prefill"]');
  await again.page.click('#drop-measurement');
  await again.page.waitForFunction(() => !document.querySelector('.measured-fit'));
  const dropped = await decodeState(new URL(await settledUrl(again.page)).hash);
  assert.equal(dropped.scenario.inference.measured, undefined);
  assert.deepEqual([...problems, ...again.problems], []);
});
