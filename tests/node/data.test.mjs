// Every catalog file against its JSON Schema (data/schema/), plus the cross-file checks a schema
// cannot express: unique ids, and references to other entries that exist.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';

import { root } from './support.mjs';

const require = createRequire(join(root, 'web/package.json'));
const Ajv2020 = require('ajv/dist/2020').default;

const dataDir = join(root, 'data');
const read = (relative) => JSON.parse(readFileSync(join(dataDir, relative), 'utf8'));
// A folder that does not exist yet (data/calibration/ before the first device run) holds none.
const jsonFiles = (folder) => (existsSync(join(dataDir, folder)) ? readdirSync(join(dataDir, folder)) : [])
  .filter((name) => name.endsWith('.json')).map((name) => `${folder}/${name}`);

const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
for (const name of readdirSync(join(dataDir, 'schema'))) ajv.addSchema(read(`schema/${name}`));

const catalog = {
  'models.schema.json': jsonFiles('models'),
  'accelerators.schema.json': jsonFiles('accelerators'),
  'cpus.schema.json': jsonFiles('cpus'),
  'interconnects.schema.json': ['interconnects.json'],
  'cloud-prices.schema.json': ['cloud-prices.json'],
  'quant-quality.schema.json': ['quant-quality.json'],
  'measurements.schema.json': jsonFiles('measurements').filter((f) => f !== 'measurements/parameter-count-notes.json'),
  'parameter-count-notes.schema.json': ['measurements/parameter-count-notes.json'],
  'calibration.schema.json': jsonFiles('calibration'),
};

test('every data file matches its schema', () => {
  for (const [schema, files] of Object.entries(catalog)) {
    const validate = ajv.getSchema(schema);
    for (const file of files) {
      const valid = validate(read(file));
      assert.ok(valid, `${file}: ${ajv.errorsText(validate.errors, { dataVar: file })}`);
    }
  }
});

test('no data file is left without a schema', () => {
  const covered = new Set(Object.values(catalog).flat());
  const all = [...readdirSync(dataDir).filter((n) => n.endsWith('.json')),
    ...jsonFiles('models'), ...jsonFiles('accelerators'), ...jsonFiles('cpus'), ...jsonFiles('measurements'),
    ...jsonFiles('calibration')];
  for (const file of all) assert.ok(covered.has(file), `${file} has no schema`);
});

test('ids are unique within each kind', () => {
  for (const [schema, files] of Object.entries(catalog)) {
    const ids = files.flatMap((file) => read(file).map((entry) => entry.id));
    assert.equal(new Set(ids).size, ids.length, `duplicate ids among ${schema}`);
  }
});

test('cloud prices name catalog accelerators and agree per GPU', () => {
  const accelerators = new Set(jsonFiles('accelerators').flatMap((f) => read(f).map((a) => a.id)));
  for (const price of read('cloud-prices.json')) {
    assert.ok(accelerators.has(price.accelerator), `${price.id}: unknown ${price.accelerator}`);
    const perGpu = price.price_per_hour_usd / price.gpus;
    assert.ok(Math.abs(perGpu - price.price_per_gpu_hour_usd) <= 0.01 * perGpu + 0.005,
      `${price.id}: ${price.price_per_hour_usd}/${price.gpus} != ${price.price_per_gpu_hour_usd}`);
  }
});

test('accelerator interconnects name catalog interconnects', () => {
  const links = new Set(read('interconnects.json').map((link) => link.id));
  for (const file of jsonFiles('accelerators')) {
    for (const device of read(file)) {
      if (device.interconnect) assert.ok(links.has(device.interconnect.kind), `${device.id}: ${device.interconnect.kind}`);
    }
  }
});

test('a calibration file is named after the catalog accelerator it measured', () => {
  const accelerators = new Set(jsonFiles('accelerators').flatMap((f) => read(f).map((a) => a.id)));
  for (const file of jsonFiles('calibration')) {
    for (const entry of read(file)) {
      assert.equal(file, `calibration/${entry.id}.json`);
      assert.ok(accelerators.has(entry.id), `${file}: unknown accelerator ${entry.id}`);
    }
  }
});

test('CPU ids are not accelerator ids (a CPU can be the only device)', () => {
  const accelerators = new Set(jsonFiles('accelerators').flatMap((f) => read(f).map((a) => a.id)));
  for (const cpu of jsonFiles('cpus').flatMap(read)) assert.ok(!accelerators.has(cpu.id), cpu.id);
});

test('CPU figures agree with their own parts', () => {
  const links = new Map(read('interconnects.json').map((link) => [link.id, link]));
  for (const cpu of jsonFiles('cpus').flatMap(read)) {
    assert.equal(links.get(cpu.pcie_link)?.kind, 'host', `${cpu.id}: ${cpu.pcie_link} is not a host link`);
    // Bandwidth is the bus width times the transfer rate (DDR: one 8-byte word per 64-bit channel per transfer).
    const bandwidth = (cpu.memory_bus_width_bits / 8) * cpu.memory_mt_per_s * 1e6;
    assert.ok(Math.abs(bandwidth / cpu.memory_bandwidth_bytes_per_s - 1) < 0.005, `${cpu.id}: bandwidth`);
    if (cpu.memory_type.startsWith('DDR')) assert.equal(cpu.memory_bus_width_bits, 64 * cpu.memory_channels, `${cpu.id}: channels`);
    if (cpu.boost_clock_hz) assert.ok(cpu.boost_clock_hz >= cpu.base_clock_hz, `${cpu.id}: boost below base`);
    const peaks = cpu.dense_flops_per_s;
    // Per core and cycle: INT8 dot products do 4x the FP32 FMA work on every x86 core since AVX-VNNI.
    assert.ok(peaks.int8 >= 2 * peaks.fp32 && peaks.bf16 >= peaks.fp32 && peaks.fp16 >= peaks.fp32, `${cpu.id}: peak ratios`);
    const perCore = peaks.fp32 / cpu.cores / cpu.base_clock_hz;
    assert.ok(perCore >= 8 && perCore <= 64.1, `${cpu.id}: ${perCore} FP32 FLOP per core per cycle`);
    assert.equal(Boolean(cpu.matrix_flops_per_s), cpu.isa.includes('amx'), `${cpu.id}: matrix peaks without AMX`);
  }
});
