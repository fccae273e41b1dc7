// `llm-sizer validate` and the validation page's WASM module: the same rows, the same report.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { cliJson, loadValidationWasm, measurements, runCli } from './support.mjs';

let report;
before(() => {
  report = cliJson(['validate', '--json']);
});

test('validate --json: every row with its category, status and error; exit 0 when none is over', () => {
  assert.equal(report.passed, true);
  assert.ok(report.rows.length >= 500, `${report.rows.length} rows`);
  const categories = new Set(report.rows.map((row) => row.category));
  assert.ok(categories.size >= 7, [...categories].join(', '));
  for (const row of report.rows) {
    assert.ok(['pass', 'evidence', 'not_compared'].includes(row.status), `${row.id}: ${row.status} ${row.message}`);
    if (row.status !== 'not_compared') {
      assert.ok(Math.abs(row.error - (row.predicted / row.published - 1)) < 1e-9, row.id);
      assert.ok(row.scenario && row.metric_path && row.unit, row.id);
    } else {
      assert.ok(row.message, `${row.id} says why it is not compared`);
    }
    assert.match(row.source, /\S{10}/, `${row.id} has a source`);
  }
  for (const summary of report.categories) {
    const rows = report.rows.filter((row) => row.category === summary.category);
    assert.equal(summary.rows, rows.length, summary.category);
    assert.equal(summary.compared, rows.filter((row) => row.status !== 'not_compared').length, summary.category);
  }
});

test('validate prints each category, its rows and its median and 90th percentile', () => {
  const run = runCli(['validate']);
  assert.equal(run.status, 0, run.stderr);
  for (const summary of report.categories) assert.match(run.stdout, new RegExp(`^== ${summary.category}: `, 'm'));
  assert.match(run.stdout, /median \|error\| [\d.]+%, 90th percentile [\d.]+%/);
  assert.match(run.stdout, /xd-l3-8b-q4km-rtx-4090-x1-tg512/);
});

test('--category keeps one category; an unknown one is an error naming it', () => {
  const decode = cliJson(['validate', '--json', '--category', 'decode']);
  assert.deepEqual(new Set(decode.rows.map((row) => row.category)), new Set(['decode']));
  assert.deepEqual(decode.rows, report.rows.filter((row) => row.category === 'decode'));
  const unknown = runCli(['validate', '--category', 'nope']);
  assert.equal(unknown.status, 2);
  assert.equal(unknown.stderr, '--category: must name a category with rows, got "nope"\n');
  assert.equal(runCli(['validate', '--bogus']).status, 2);
});

test('the validation page\'s module gives the CLI\'s report, row for row', async () => {
  const core = await loadValidationWasm();
  assert.deepEqual(core.validate(measurements()), report);
  const ids = report.rows.slice(0, 5).map((row) => row.id);
  assert.deepEqual(core.validate(measurements(), { ids }).rows.map((row) => row.id), ids);
  assert.throws(() => core.validate(measurements(), { colour: 'red' }), /options\.colour: is not a known field/);
  assert.throws(() => core.validate('[1, 2]'), /measurements: must be an object/);
});
