// "Load from Hugging Face": the browser fetches the Hub's public config.json. The request is
// intercepted here and answered with a real config.json from tests/reference/configs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { tensorBytes, tinyLlamaGguf } from '../fixtures/gguf.mjs';
import { modelInfo, qwen3MoeGguf, treeListing } from '../fixtures/gguf_repo.mjs';
import { fileStart, indexOf, layouts, shardFiles } from '../fixtures/safetensors.mjs';
import { readJson, root } from '../node/support.mjs';
import { assertShowsCliResult, cliEstimate, linkFor, openPage, pageState, settledUrl, siteForTests } from './support.mjs';

const configText = readFileSync(`${root}/tests/reference/configs/meta-llama-3-8b.json`, 'utf8');
const hub = 'https://huggingface.co/**';

const site = siteForTests();
const cors = { 'access-control-allow-origin': '*' };

// The Hub's files of a repo built from a config.json (tests/fixtures/safetensors.mjs): config.json,
// the index, and each shard's first bytes, answered by range as the Hub's CDN answers.
function serveCheckpoint(page, id, config, files, requested = []) {
  const base = `https://huggingface.co/${id}/resolve/main/`;
  return page.route(hub, (route) => {
    const request = route.request();
    const name = decodeURIComponent(request.url().slice(base.length));
    requested.push({ name, range: request.headers().range });
    if (name === 'config.json') return route.fulfill({ status: 200, headers: cors, contentType: 'application/json', body: JSON.stringify(config) });
    if (name === 'model.safetensors.index.json') return route.fulfill({ status: 200, headers: cors, contentType: 'application/json', body: JSON.stringify(indexOf(files)) });
    const file = files.find((f) => f.name === name);
    if (!file) return route.fulfill({ status: 404, headers: cors, body: 'Entry not found' });
    const start = fileStart(file.header);
    const [, from, to] = /bytes=(\d+)-(\d+)/.exec(request.headers().range ?? '') ?? [];
    if (from === undefined) return route.fulfill({ status: 200, headers: cors, body: start });
    return route.fulfill({ status: 206, headers: { ...cors, 'content-range': `bytes ${from}-${to}/*` }, body: start.subarray(Number(from), Number(to) + 1) });
  });
}

test('a repo id reads its checkpoint\'s headers: gpt-oss-120b\'s format and exact bytes, used by the estimate', async () => {
  const { page, problems } = await openPage(site.browser, site.url);
  const config = readJson('data/models/gpt.json').find((m) => m.id === 'gpt-oss-120b').config;
  const files = shardFiles(layouts.gptOss(config), 15);
  const requested = [];
  await serveCheckpoint(page, 'openai/gpt-oss-120b', config, files, requested);
  await openHub(page, 'openai/gpt-oss-120b');
  const block = await page.waitForSelector('.checkpoint[data-checkpoint="openai/gpt-oss-120b"]');
  const text = await block.textContent();
  // openai/gpt-oss-120b's published tensor bytes, read from 15 headers and no tensor data.
  assert.match(text, /15 safetensors files, 687 tensors, .*65,248,815,744 B/);
  assert.equal(await block.$eval('[data-format]', (n) => n.dataset.format), 'mxfp4');
  assert.deepEqual(await block.$$eval('.checkpoint-dtypes tbody th', (n) => n.map((x) => x.textContent)), ['U8', 'BF16']);
  const shards = requested.filter((r) => r.name.endsWith('.safetensors'));
  assert.equal(shards.length, 30); // the length, then the header, of each file
  assert.ok(shards.every((r) => /^bytes=\d+-\d+$/.test(r.range)), JSON.stringify(shards[0]));
  // The estimate now stores the weights as the checkpoint does.
  await page.click('#tab-inference');
  await page.waitForSelector('[data-field="inference.weights"]');
  assert.equal(await page.inputValue('[data-field="inference.weights"]'), 'mxfp4');
  assert.deepEqual(problems, []);
});

test('a GGUF repo lists its files with fit and speed, and the best that fits is used without choosing', async () => {
  const scenario = { model: 'llama-3-8b', hardware: { accelerator: 'rtx-4090', count: 1 } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { l: 'en' }));
  const repo = qwen3MoeGguf;
  const config = readJson('data/models/qwen.json').find((m) => m.id === 'qwen3-30b-a3b').config;
  const requested = [];
  await serveGgufRepo(page, repo, config, requested);
  await openHub(page, repo.id);
  const block = await page.waitForSelector(`.checkpoint[data-checkpoint="${repo.id}"] .checkpoint-gguf`);
  await page.waitForSelector('.checkpoint-gguf button[aria-pressed="true"]');
  const rows = await block.$$eval('tbody tr', (trs) => trs.map((tr) => ({
    file: tr.dataset.gguf, cells: [...tr.children].map((c) => c.textContent.trim()), chosen: tr.classList.contains('chosen') })));
  // Five model files (the two BF16 parts are one), smallest first; the imatrix is no model.
  assert.deepEqual(rows.map((r) => r.file), ['Qwen3-30B-A3B-UD-IQ1_S.gguf', 'Qwen3-30B-A3B-UD-Q4_K_XL.gguf',
    'Qwen3-30B-A3B-Q4_K_M.gguf', 'Qwen3-30B-A3B-Q8_0.gguf', 'BF16/Qwen3-30B-A3B-BF16-00001-of-00002.gguf']);
  assert.match(rows[1].cells[0], /UD-Q4_K_XL.*a mix/);
  assert.match(rows[4].cells[0], /BF16.*2 parts/);
  assert.deepEqual(rows.map((r) => r.cells[2]), ['fits on the device', 'fits on the device', 'fits on the device', 'does not fit', 'does not fit']);
  assert.match(rows[2].cells[3], /tokens\/s/);
  assert.equal(rows[3].cells[3], '—');
  // The largest that fits on a 24 GB card is used: its type, its bytes, the repo for the command.
  assert.deepEqual(rows.map((r) => r.chosen), [false, false, true, false, false]);
  const used = { ...scenario, model: config, inference: { runtime: 'llama.cpp', weights: 'q4_k_m', checkpoint_weights_bytes: 18_560_000_000, model_repo: repo.id } };
  const cli = cliEstimate(used);
  const speed = cli.inference.decode_tokens_per_s;
  assert.match(rows[2].cells[3], new RegExp(`^${Math.round(speed)}`));
  // Nothing of the weights was fetched: the listing, the card and the base model's config.
  assert.ok(requested.every(({ url }) => url.includes('/api/models/') || url.endsWith('/config.json')), requested.map(({ url }) => url).join(' '));
  // Another file is one click away, and its bytes replace the first's.
  await page.click('tr[data-gguf="Qwen3-30B-A3B-UD-Q4_K_XL.gguf"] button');
  await page.waitForSelector('tr.chosen[data-gguf="Qwen3-30B-A3B-UD-Q4_K_XL.gguf"]');
  await page.click('#tab-inference');
  await page.waitForSelector('[data-field="inference.weights"]');
  assert.equal(await page.inputValue('[data-field="inference.weights"]'), 'q4_k_m');
  assert.deepEqual(problems.filter((p) => !/404/.test(p)), []);
});

// A GGUF repository's listing, card and base config.json; `files` maps a file's path to the bytes
// it serves (by range, as the Hub's CDN does); any other request is a 404.
function serveGgufRepo(page, repo, config, requested = [], files = {}) {
  return page.route(hub, (route) => {
    const request = route.request();
    const url = request.url();
    requested.push({ url, range: request.headers().range });
    const json = (body) => route.fulfill({ status: 200, headers: cors, contentType: 'application/json', body: JSON.stringify(body) });
    if (url === `https://huggingface.co/api/models/${repo.id}/tree/main?recursive=true`) return json(treeListing(repo.files));
    if (url === `https://huggingface.co/api/models/${repo.id}`) return json(modelInfo(repo));
    if (url === `https://huggingface.co/${repo.base}/resolve/main/config.json`) return json(config);
    const file = files[decodeURIComponent(url.slice(`https://huggingface.co/${repo.id}/resolve/main/`.length))];
    const [, from, to] = /bytes=(\d+)-(\d+)/.exec(request.headers().range ?? '') ?? [];
    if (!file || from === undefined) return route.fulfill({ status: 404, headers: cors, body: 'Entry not found' });
    const body = Buffer.from(file.subarray(Number(from), Number(to) + 1));
    return route.fulfill({ status: 206, headers: { ...cors, 'content-range': `bytes ${from}-${from + body.length - 1}/${file.length}` }, body });
  });
}

test('the GGUF file in use has its header read on request: its ggml types and their bytes', async () => {
  const scenario = { model: 'llama-3-8b', hardware: { accelerator: 'rtx-4090', count: 1 } };
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { l: 'en' }));
  const repo = qwen3MoeGguf;
  const config = readJson('data/models/qwen.json').find((m) => m.id === 'qwen3-30b-a3b').config;
  // The file in use (Q4_K_M) serves a GGUF whose header (3.3 MB) runs past the first MB read.
  const { bytes, tensors } = tinyLlamaGguf();
  const requested = [];
  await serveGgufRepo(page, repo, config, requested, { 'Qwen3-30B-A3B-Q4_K_M.gguf': bytes });
  await openHub(page, repo.id);
  await page.waitForSelector('.checkpoint-gguf button[aria-pressed="true"]');
  await page.click('button.gguf-read-header');
  const block = await page.waitForSelector('.gguf-header[data-gguf-header="Qwen3-30B-A3B-Q4_K_M.gguf"]');
  assert.match(await block.textContent(), /Qwen3-30B-A3B-Q4_K_M\.gguf: llama, 4 layers, 39 tensors/);
  const rows = await block.$$eval('tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  const sum = (type) => tensors.filter((t) => t.type === type).reduce((a, t) => a + tensorBytes(t), 0);
  assert.deepEqual(rows.map((r) => r[0]), ['Q4_K', 'Q6_K', 'F32']);
  for (const [i, type] of ['Q4_K', 'Q6_K', 'F32'].entries()) assert.match(rows[i][2], new RegExp(`\\(${sum(type).toLocaleString('en-US')} B\\)`));
  // Two range requests from the start of the file, the second four times the first, and no more.
  const reads = requested.filter((r) => r.url.endsWith('Q4_K_M.gguf')).map((r) => r.range);
  assert.deepEqual(reads, [`bytes=0-${(1 << 20) - 1}`, `bytes=0-${(4 << 20) - 1}`]);
  // A file that is no GGUF is refused with the core's reason.
  await page.unroute(hub);
  await serveGgufRepo(page, repo, config, [], { 'Qwen3-30B-A3B-Q4_K_M.gguf': new TextEncoder().encode('<html>not found</html>') });
  await page.click('button.gguf-read-header');
  await page.waitForSelector('.checkpoint .status.error:has-text("must be a GGUF file")');
  assert.deepEqual(problems.filter((p) => !/404/.test(p)), []);
});

test('a truncated or oversized header, or one the core refuses, is explained', async () => {
  const { page, problems } = await openPage(site.browser, site.url);
  const config = JSON.parse(configText);
  const [file] = shardFiles(layouts.llama(config), 1);
  const cases = [
    [{ ...file, header: file.header.slice(0, 100) }, /could not be read: .*must be a whole safetensors header/],
    [{ ...file, header: file.header.replace('"BF16"', '"BF17"') }, /must be a safetensors dtype/],
  ];
  for (const [broken, message] of cases) {
    await serveCheckpoint(page, 'test/broken', config, [broken]);
    await openHub(page, 'test/broken');
    await page.waitForSelector('.checkpoint .status.error');
    assert.match(await page.textContent('.checkpoint .status.error'), message);
    await page.unroute(hub);
  }
  // A length that promises more than safetensors allows is refused before anything is read.
  await page.route(hub, (route) => {
    const url = route.request().url();
    if (url.endsWith('config.json')) return route.fulfill({ status: 200, headers: cors, body: configText });
    if (url.endsWith('index.json')) return route.fulfill({ status: 404, headers: cors, body: '' });
    const length = Buffer.alloc(8);
    length.writeBigUInt64LE(10n ** 12n);
    return route.fulfill({ status: 206, headers: cors, body: length });
  });
  await openHub(page, 'test/huge');
  await page.waitForSelector('.checkpoint .status.error:has-text("larger than the format allows")');
  assert.deepEqual(problems.filter((p) => !/Failed to load resource|ERR_/.test(p)), []);
});

async function openHub(page, id) {
  await page.check('input[name="model-source"][value="hub"]');
  await page.fill('.source input[type="text"]:visible', id);
  await page.click('.source button:visible');
}

test('a model id loads its config.json from the Hub and sizes it', async () => {
  const { page, problems } = await openPage(site.browser, site.url);
  const requested = [];
  await page.route(hub, (route) => {
    const url = route.request().url();
    requested.push(url);
    // A repo with a config.json and no safetensors files: the checkpoint says so.
    if (!url.endsWith('/config.json')) return route.fulfill({ status: 404, headers: cors, body: 'Entry not found' });
    return route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: configText });
  });
  await openHub(page, 'meta-llama/Meta-Llama-3-8B');
  await page.waitForSelector('.model-summary:has-text("meta-llama/Meta-Llama-3-8B")');
  await page.waitForSelector('.checkpoint .status.error:has-text("has no safetensors files")');
  const base = 'https://huggingface.co/meta-llama/Meta-Llama-3-8B/resolve/main';
  assert.deepEqual(requested, [`${base}/config.json`, `${base}/model.safetensors.index.json`, `${base}/model.safetensors`]);
  const scenario = { model: { ...JSON.parse(configText), _name_or_path: 'meta-llama/Meta-Llama-3-8B' } };
  const expected = await assertShowsCliResult(page, scenario);
  assert.equal(expected.model.params_total, 8030261248); // the safetensors total of the checkpoint
  // The loaded config is now the scenario's model: shown as config.json, and in the link.
  assert.equal(await page.inputValue('input[name="model-source"]:checked'), 'config');
  const state = await pageState(page);
  const again = await openPage(site.browser, await settledUrl(page));
  assert.deepEqual(await pageState(again.page), state);
  // The browser reports the two files the repo lacks (404); nothing else goes wrong.
  assert.deepEqual([...problems, ...again.problems].filter((p) => !/status of 404/.test(p)), []);
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
