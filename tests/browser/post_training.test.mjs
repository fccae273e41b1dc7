// The Post-training view in Chromium: a GRPO step shows exactly the CLI's answer (the step's
// parts, the rollouts, each phase's memory, the run); its batch and engine inputs update the
// result and the link; the core's errors appear at their nested field; moving between the
// Training and Post-training tabs keeps each one's fields; it reads in Chinese and fits a phone.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  assertReopensAndReadsChinese, assertShowsCliResult, cliEstimate, linkFor, openPage, settledUrl, siteForTests,
} from './support.mjs';

const { decodeState } = await import(new URL('../../web/src/url.js', import.meta.url));

const site = siteForTests();
const linked = async (page) => decodeState(new URL(await settledUrl(page)).hash);

// Qwen2.5 1.5B on 8 H100: 64 prompts of 8 answers a step, answers with a long tail.
const scenario = {
  model: 'qwen2.5-1.5b',
  hardware: { accelerator: 'h100-sxm', count: 8 },
  training: { objective: 'grpo', zero_stage: 3, micro_batch: 4,
    rl: { prompts_per_step: 64, group_size: 8, prompt_tokens: 256, response_tokens: 512, response_tokens_p99: 2048, steps: 200 } },
};

const shown = (page, path) => page.getAttribute(`#flow [data-path="${path}"]`, 'value');
const viewDrawn = (page) => page.waitForFunction(() => document.querySelector('#flow')?.dataset.view === 'posttraining');
const showsCli = (page, path, value) => page.waitForFunction(([p, v]) => document.querySelector(`#flow [data-path="${p}"]`)?.getAttribute('value') === v,
  [path, String(value)]);

async function typeInto(page, path, text) {
  const control = page.locator(`[data-field="${path}"]`);
  await control.fill(text);
  await control.press('Enter');
}

test('the Post-training view shows exactly the CLI\'s GRPO step: its parts, rollouts, memory by phase and the run', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'posttraining' }));
  const expected = await assertShowsCliResult(page, scenario);
  const rl = expected.training.rl;
  for (const path of ['training.rl.step_s', 'training.rl.gpu_hours', 'training.rl.generation_s', 'training.rl.update_s',
    'training.rl.reshard_s', 'training.rl.rollout.preemptions', 'training.rl.memory.peak_bytes', 'training.rl.wall_days']) {
    assert.equal(await shown(page, path), String(path.split('.').slice(2).reduce((node, key) => node[key], rl)), path);
  }
  // The step's bar: generation, training passes, log-probability passes, hand-over; the memory's
  // two phases (colocated: the kept states beside the engine's share).
  assert.equal(await page.locator('#flow .bars-seg').count(), 4 + 3);
  assert.match(await page.textContent('#flow .headline-title'), /GRPO \(answers it generates\), 64 prompts × 8 answers a step, rollouts on the training GPUs/);
  assert.equal(await page.getAttribute('#flow .headline .verdict', 'data-verdict'), String(rl.memory.fits));
  // The step's formula opens and names its parts.
  await page.click('#flow .num-wrap:has(data[data-path="training.rl.step_s"]) .formula-toggle');
  assert.match(await page.textContent('#flow .formula-holder:not([hidden])'), /generation/);
  assert.deepEqual(problems, []);
});

test('batch and engine inputs update the result and the link; a nested field\'s error shows at it', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'posttraining' }));
  await viewDrawn(page);
  for (const path of ['training.rl.prompts_per_step', 'training.rl.group_size', 'training.rl.response_tokens_p99',
    'training.rl.kl_reference', 'training.rollout.placement', 'training.rollout.runtime', 'training.rollout.gpu_memory_fraction']) {
    assert.equal(await page.locator(`.section-panel [data-field="${path}"]`).count(), 1, path);
  }
  // Neither the token count nor the sequence length: the batch sets them. The objective picks
  // between the view's two methods only.
  for (const path of ['training.tokens', 'training.seq_len', 'training.global_batch_tokens']) {
    assert.equal(await page.locator(`.section-panel [data-field="${path}"]`).count(), 0, path);
  }
  assert.deepEqual(await page.$$eval('[data-field="training.objective"] option', (options) => options.map((o) => o.value)), ['grpo', 'ppo']);
  await typeInto(page, 'training.rl.group_size', '16');
  const bigger = { ...scenario, training: { ...scenario.training, rl: { ...scenario.training.rl, group_size: 16 } } };
  await showsCli(page, 'training.rl.step_s', cliEstimate(bigger).training.rl.step_s);
  assert.equal((await linked(page)).scenario.training.rl.group_size, 16);
  // A pool of its own: the engine's GPUs join the count.
  await page.selectOption('[data-field="training.rollout.placement"]', 'separate');
  const separate = { ...bigger, training: { ...bigger.training, rollout: { placement: 'separate' } } };
  await showsCli(page, 'training.rl.step_s', cliEstimate(separate).training.rl.step_s);
  assert.match(await page.textContent('#flow .headline-title'), /rollouts on GPUs of their own, 16 × NVIDIA H100/);
  // Optimizer steps that do not divide the answers are refused, at their field.
  await typeInto(page, 'training.rl.mini_batches', '7');
  const error = page.locator('[data-error-for^="training.rl"]:not(:empty)');
  await error.first().waitFor();
  assert.match(await error.first().textContent(), /divide/);
  assert.deepEqual(problems, []);
});

test('PPO in the same view: one answer per prompt, its critic\'s training in the step and its states in memory', async () => {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: 'posttraining' }));
  await viewDrawn(page);
  await page.selectOption('[data-field="training.objective"]', 'ppo');
  const ppo = { ...scenario, training: { ...scenario.training, objective: 'ppo' } };
  const expected = cliEstimate(ppo).training.rl;
  await showsCli(page, 'training.rl.critic_s', expected.critic_s);
  assert.equal(await shown(page, 'training.rl.step_s'), String(expected.step_s));
  assert.equal(await shown(page, 'training.rl.memory.critic_states_bytes'), String(expected.memory.critic_states_bytes));
  assert.match(await page.textContent('#flow .headline-title'), /PPO \(with a critic\)/);
  assert.equal((await linked(page)).scenario.training.objective, 'ppo');
  assert.deepEqual(problems, []);
});

test('Training and Post-training keep their own fields: GRPO puts the token count aside and gives it back', async () => {
  const pretraining = { model: 'qwen2.5-1.5b', hardware: { accelerator: 'h100-sxm', count: 8 }, training: { tokens: 1e9, zero_stage: 3 } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(pretraining, { t: 'training' }));
  await page.waitForSelector('#flow[data-view="training"]');
  await page.click('#tab-posttraining');
  await viewDrawn(page);
  const grpo = (await linked(page)).scenario.training;
  assert.equal(grpo.objective, 'grpo');
  assert.equal(grpo.tokens, undefined);
  assert.ok(Number(await shown(page, 'training.rl.step_s')) > 0);
  await page.click('#tab-training');
  await page.waitForSelector('#flow[data-view="training"]');
  const back = (await linked(page)).scenario.training;
  assert.equal(back.objective, undefined);
  assert.equal(back.tokens, 1e9);
  assert.equal(back.rl, undefined);
  assert.deepEqual(problems, []);
});

test('a copied Post-training link reopens the same view; in Chinese; on a phone without sideways scroll', async () => {
  await assertReopensAndReadsChinese(site, scenario, 'posttraining', { texts: [/每块 GPU 的显存，按阶段/, /权重交接/], tab: '后训练' });
});
