// Every Catch2 TEST_CASE becomes one CTest test through catch_discover_tests, which passes the
// names through CMake lists: a ';' in a name splits it into names that match no test, and those
// "tests" pass without running anything. Names must also be unique to be run one by one.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { root } from './support.mjs';

function testNames(folder) {
  const dir = join(root, 'tests', folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cpp'))
    .flatMap((name) =>
      [...readFileSync(join(dir, name), 'utf8').matchAll(/TEST_CASE\(\s*"((?:[^"\\]|\\.)*)"/g)].map(
        (m) => ({ file: name, name: m[1] }),
      ),
    );
}

for (const folder of ['unit', 'reference']) {
  test(`${folder} test names are whole CTest names: no ';', none twice`, () => {
    const cases = testNames(folder);
    assert.ok(cases.length > 10, `found ${cases.length} test cases in tests/${folder}`);
    const split = cases.filter((c) => c.name.includes(';'));
    assert.deepEqual(split, [], 'a ; in a TEST_CASE name splits it into tests that never run');
    const seen = new Set();
    for (const c of cases) {
      assert.ok(!seen.has(c.name), `${c.file}: "${c.name}" is named twice`);
      seen.add(c.name);
    }
  });
}
