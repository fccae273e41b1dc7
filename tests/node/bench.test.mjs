// The kernel bench in the test run: the CPU twin's quick plan end to end (its kernels' checks,
// measurements, the core's predictions, the comparison JSON and a calibration entry the schema
// accepts), and gpu-bench's plan from a build that cannot run it here. Timings are printed by
// cpu-bench and saved in test-artifacts/cpu-bench.json, never asserted.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';

import { root } from './support.mjs';

const artifacts = join(root, 'test-artifacts');
const cpuBench = join(root, 'build/native/tests/kernel_bench/cpu-bench');
const gpuBench = join(root, 'build/native/tests/gpu/gpu-bench');

function run(program, args) {
  const result = spawnSync(program, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.error) throw result.error;
  return result;
}

test('cpu-bench --quick checks its kernels, measures and compares with the core', () => {
  mkdirSync(artifacts, { recursive: true });
  const out = join(artifacts, 'cpu-bench.json');
  const calibration = join(artifacts, 'cpu-bench-calibration.json');
  const result = run(cpuBench, ['--quick', '--out', out, '--calibration-out', calibration]);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  console.log(result.stdout);

  const report = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(report.checks_passed, true);
  assert.ok(report.checks.every((c) => c.passed && c.max_rel_error <= c.bound));
  const kinds = new Set(report.measurements.map((m) => m.kind));
  assert.deepEqual([...kinds].sort(), ['bandwidth', 'decode_step', 'gemm', 'gemv']);
  for (const m of report.measurements) {
    assert.ok(m.measured > 0 && m.seconds > 0, m.name);
    assert.ok(m.predicted > 0, `${m.name}: the core predicts every measurement on the host`);
    assert.ok(Math.abs(m.ratio - m.predicted / m.measured) <= 1e-9 * m.ratio, m.name);
  }
  // Each decode step's prediction is the core's for the same model, format, batch and context.
  for (const m of report.measurements.filter((x) => x.kind === 'decode_step')) {
    assert.equal(m.core.decode_step.context_tokens, m.shape.context, m.name);
    const step = m.core.decode_step;
    assert.ok(Math.abs(m.predicted * step.device_s - 1) < 1e-12, m.name);
  }
  assert.equal(report.accelerator_from, 'measured by this run');

  const require = createRequire(join(root, 'web/package.json'));
  const Ajv2020 = require('ajv/dist/2020').default;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
  for (const name of ['common.schema.json', 'calibration.schema.json']) {
    ajv.addSchema(JSON.parse(readFileSync(join(root, 'data/schema', name), 'utf8')));
  }
  const validate = ajv.getSchema('calibration.schema.json');
  const entry = JSON.parse(readFileSync(calibration, 'utf8'));
  assert.ok(validate(entry), ajv.errorsText(validate.errors));
  assert.equal(entry[0].id, 'host-cpu');
});

const noGpuBench = !existsSync(gpuBench) && 'gpu-bench was not built (no CUDA toolkit)';
test('gpu-bench, where nvcc built it, lists its plan without a GPU', { skip: noGpuBench }, () => {
  const result = run(gpuBench, ['--list']);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout,
    /step llama-3-8b: 32 layers; qkv 6144x4096 o 4096x4096 mlp_in 28672x4096 mlp_out 4096x14336 lm_head 128256x4096/);
  assert.match(result.stdout, /gemm llama-3-70b: 80 layers/);
});
