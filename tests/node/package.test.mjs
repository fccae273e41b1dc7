// The npm package (build/package): its ES module runs the core under Node as in a browser, equal
// to the CLI; its type declarations and files are where package.json says; `npm pack` takes them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { cliJson, root } from './support.mjs';

const packageDir = join(root, 'build/package');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

test('createLlmSizer() from the package equals the CLI, errors included', async () => {
  const { createLlmSizer } = await import(join(packageDir, manifest.exports['.'].default));
  const sizer = await createLlmSizer({ wasmBinary: readFileSync(join(packageDir, 'llm_sizer_wasm.wasm')) });
  const scenario = { model: 'llama-3-70b', hardware: { count: 2 }, inference: { weights: 'awq-4bit-g128' } };
  assert.deepEqual(sizer.estimate(scenario), cliJson(['estimate', '-'], JSON.stringify(scenario)));
  assert.deepEqual(sizer.presets().models.map((m) => m.id), cliJson(['presets']).models.map((m) => m.id));
  assert.throws(() => sizer.estimate({ model: 'llama-3-8b', hardware: { count: 0 } }),
    (error) => error.field === 'hardware.count' && error.got === '0' && /must be an integer/.test(error.allowed));
  // An object is checked before it is serialised (JSON.stringify would write Infinity as null, an
  // absent field, and overflow the stack on deep nesting), with the core's words for the same text.
  const infinite = { model: 'llama-3-8b', hardware: { count: Infinity } };
  let core;
  try {
    sizer.estimate('{"model": "llama-3-8b", "hardware": {"count": 1e400}}');
  } catch (error) {
    core = error;
  }
  assert.equal(core?.field, 'hardware.count');
  assert.throws(() => sizer.estimate(infinite),
    (error) => error.field === core.field && error.allowed === core.allowed && error.got === 'Infinity');
  let deep = [];
  for (let i = 0; i < 100000; i++) deep = [deep];
  assert.throws(() => sizer.estimate({ model: deep }),
    (error) => error.field === 'model' && /more than 64 levels deep/.test(error.allowed));
});

test('every file package.json names is built, and npm pack takes them', () => {
  const named = Object.values(manifest.exports).flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.values(entry)));
  for (const file of [...named, manifest.main, manifest.types]) assert.ok(existsSync(join(packageDir, file)), file);
  const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: packageDir, encoding: 'utf8' });
  assert.equal(pack.status, 0, pack.stderr);
  const [{ files }] = JSON.parse(pack.stdout);
  const packed = files.map((f) => f.path);
  for (const file of ['index.js', 'card.js', 'index.d.ts', 'card.d.ts', 'llm_sizer_wasm.wasm', 'README.md', 'package.json']) {
    assert.ok(packed.includes(file), `${file} in ${packed.join(', ')}`);
  }
  // The chunks the entries import are packed too.
  for (const entry of ['index.js', 'card.js']) {
    const text = readFileSync(join(packageDir, entry), 'utf8');
    for (const [, chunk] of text.matchAll(/from"\.\/([\w-]+\.js)"/g)) assert.ok(packed.includes(chunk), chunk);
  }
});
