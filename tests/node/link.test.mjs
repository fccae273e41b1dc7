// The page's link codec (web/src/url.js) and its guard on untrusted JSON (web/src/json_guard.js),
// under random input: links round-trip, and anything else is refused with a LinkError, never an
// exception of another kind, a hang, or a stack overflow.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MAX_JSON_DEPTH, parseJsonObject } from '../../web/src/json_guard.js';
import { decodeState, encodeState, LinkError } from '../../web/src/url.js';
import { fc, runCli } from './support.mjs';

const runs = { numRuns: 300, seed: 17 };
const uiValue = fc.stringMatching(/^[A-Za-z][\w-]{0,31}$/);
const scenario = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 8 }));
// JSON has no -0 and no duplicate keys: what a link can carry is the JSON text's own value.
const asJson = (value) => JSON.parse(JSON.stringify(value));

async function refusal(hash) {
  try {
    const state = await decodeState(hash);
    return state === null ? 'empty' : state;
  } catch (error) {
    assert.ok(error instanceof LinkError, `${hash.slice(0, 80)}: ${error}`);
    return error.reason;
  }
}

function toBase64Url(bytes) {
  return Buffer.from(bytes).toString('base64url');
}

async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

test('encode then decode returns the same scenario and view', async () => {
  await fc.assert(fc.asyncProperty(scenario, fc.record({ t: uiValue, u: uiValue, l: uiValue }, { requiredKeys: [] }),
    async (s, ui) => {
      const state = await decodeState(await encodeState({ scenario: s, ui }));
      assert.deepEqual(state.scenario, asJson(s));
      assert.deepEqual(state.ui, { ...ui }); // fast-check may hand a null-prototype object
    }), runs);
});

test('any fragment decodes to a state or a LinkError', async () => {
  const fragment = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.tuple(fc.constantFrom('s', 'z'), fc.uint8Array({ maxLength: 400 })).map(([key, bytes]) => `#v=1&${key}=${toBase64Url(bytes)}`),
    fc.tuple(fc.nat(9999), fc.string()).map(([version, rest]) => `#v=${version}&s=${encodeURIComponent(rest)}`),
  );
  await fc.assert(fc.asyncProperty(fragment, async (hash) => {
    await refusal(hash);
  }), runs);
});

test('a link that inflates past 1 MB is refused without inflating it all', async () => {
  const bomb = `{"model":"gpt2","x":"${' '.repeat(64 << 20)}"}`;
  const hash = `#v=1&z=${toBase64Url(await deflate(bomb))}`;
  assert.ok(hash.length < 200_000);
  const started = performance.now();
  assert.equal(await refusal(hash), 'too-long');
  assert.ok(performance.now() - started < 2000);
});

test('links from newer versions, deep nesting and numbers past a double are refused', async () => {
  assert.equal(await refusal('#v=2&s=e30'), 'newer');
  const link = async (json) => `#v=1&z=${toBase64Url(await deflate(json))}`;
  assert.equal(await refusal(await link(`{"model":${'['.repeat(100000)}${']'.repeat(100000)}}`)), 'damaged');
  assert.equal(await refusal(await link('{"model":"gpt2","hardware":{"count":1e400}}')), 'damaged');
  // As deep as the core allows is fine.
  const deepest = `{"model":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
  assert.equal(typeof (await refusal(await link(deepest))), 'object');
});

test('the page refuses JSON at the same depth as the core', () => {
  const at = (depth) => `{"model":"gpt2","hardware":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
  const core = runCli(['estimate', '-'], at(MAX_JSON_DEPTH + 1));
  assert.match(core.stderr, new RegExp(`^hardware: must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels`));
  assert.throws(() => parseJsonObject(at(MAX_JSON_DEPTH + 1)), { reason: 'too-deep', detail: 'hardware' });
  // One level less passes both (the core then reads hardware and finds an array).
  assert.doesNotThrow(() => parseJsonObject(at(MAX_JSON_DEPTH)));
  assert.match(runCli(['estimate', '-'], at(MAX_JSON_DEPTH)).stderr, /^hardware: must be a JSON object/);
});

test('pasted text: too large, not JSON, not an object, not finite', () => {
  assert.throws(() => parseJsonObject(`{"x":"${'a'.repeat(10 << 20)}"}`), { reason: 'too-large' });
  assert.throws(() => parseJsonObject('{"model": '), { reason: 'bad-json' });
  assert.throws(() => parseJsonObject('[1]'), { reason: 'not-object' });
  assert.throws(() => parseJsonObject('{"a":{"b":[1,-1e999]}}'), { reason: 'not-finite', detail: 'a.b[1]' });
});
