// The README's drawing of the core's rooms against the code's includes: every room of core/ is
// drawn on exactly one floor, and every #include from one room into another points to a lower
// floor, so no room reads one above it and no two rooms read each other.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

import { root } from './support.mjs';

const core = join(root, 'core');

// A room is a folder under core/ ("step_time/") or a top-level file without its extension
// ("estimate" for estimate.hpp and estimate.cpp).
function roomOf(path) {
  const slash = path.indexOf('/');
  return slash >= 0 ? path.slice(0, slash + 1) : path.replace(/\.[^.]+$/, '');
}

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(cpp|hpp)$/.test(entry.name) ? [relative(core, path)] : [];
  });
}

// The block after the README's "rooms:" marker: one floor a line, the top first.
function drawnFloors() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /<!-- rooms:[^>]*-->\s*```text\n([\s\S]*?)```/.exec(readme);
  assert.ok(block, 'README.md has the rooms drawing');
  const lines = block[1].split('\n').map((line) => line.split('#')[0].trim()).filter(Boolean);
  const floors = new Map();
  lines.forEach((line, index) => {
    for (const room of line.split(/\s+/)) {
      assert.ok(!floors.has(room), `${room} is drawn once`);
      floors.set(room, lines.length - index);
    }
  });
  return floors;
}

function includes() {
  const arrows = [];
  for (const file of sources(core)) {
    const text = readFileSync(join(core, file), 'utf8');
    for (const [, target] of text.matchAll(/^#include "([^"]+)"/gm)) {
      if (!existsSync(join(core, target))) continue; // a header of the build or of another tree
      if (roomOf(file) !== roomOf(target)) arrows.push({ file, target, from: roomOf(file), to: roomOf(target) });
    }
  }
  return arrows;
}

test('every room of core/ is drawn in the README, and nothing else is', () => {
  const floors = drawnFloors();
  const rooms = new Set(sources(core).map(roomOf));
  assert.deepEqual([...floors.keys()].filter((room) => !rooms.has(room)), [], 'drawn rooms that do not exist');
  assert.deepEqual([...rooms].filter((room) => !floors.has(room)).sort(), [], 'rooms the drawing lacks');
});

test('every include between rooms points to a lower floor of the drawing', () => {
  const floors = drawnFloors();
  const arrows = includes();
  assert.ok(arrows.length > 50, 'the includes were read');
  const up = arrows.filter((a) => floors.get(a.to) >= floors.get(a.from))
    .map((a) => `${a.file} -> ${a.target} (floor ${floors.get(a.from)} reads floor ${floors.get(a.to)})`);
  assert.deepEqual(up, []);
});

test('the planner, training and the step-time model read one another only downwards', () => {
  const arrows = includes();
  const between = (from, to) => arrows.filter((a) => a.from === from && a.to === to).map((a) => a.file);
  assert.deepEqual(between('planner/', 'training/'), []);
  assert.deepEqual(between('training/', 'planner/'), []);
  assert.deepEqual(between('step_time/', 'training/'), []);
  assert.deepEqual(between('step_time/', 'planner/'), []);
  assert.ok(between('training/', 'step_time/').length > 0 && between('planner/', 'step_time/').length > 0);
});
