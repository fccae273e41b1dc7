// Reading a checkpoint from its safetensors headers (llm-sizer checkpoint, WASM readCheckpoint),
// on checkpoints the project builds in the Hub's layouts (tests/fixtures/safetensors.mjs), and a
// GGUF file from its header (WASM readGgufHeader; tests/fixtures/gguf.mjs). The
// totals are the published ones: Meta-Llama-3-8B's index total_size and gpt-oss-120b's tensor
// bytes.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { tensorBytes, tinyLlamaGguf } from '../fixtures/gguf.mjs';
import { qwen3MoeGguf } from '../fixtures/gguf_repo.mjs';
import { headerText, layouts, shardFiles } from '../fixtures/safetensors.mjs';
import { loadWasm, readJson, runCli } from './support.mjs';

const llamaConfig = readJson('tests/reference/configs/meta-llama-3-8b.json');
const preset = (file, id) => readJson(`data/models/${file}`).find((m) => m.id === id).config;
const gptOssConfig = preset('gpt.json', 'gpt-oss-120b');
// Qwen/Qwen3-30B-A3B-FP8's config.json: the base model's, with its quantization_config.
const qwenFp8Config = { ...preset('qwen.json', 'qwen3-30b-a3b'), quantization_config: { activation_scheme: 'dynamic', fmt: 'e4m3', quant_method: 'fp8', weight_block_size: [128, 128] } };

const input = (config, list, shards) => ({ repo: 'test/repo', config, files: shardFiles(list, shards).map(({ name, header }) => ({ name, header })) });

function read(value) {
  const run = runCli(['checkpoint'], JSON.stringify(value));
  if (run.status !== 0) return { error: run.stderr.trim(), status: run.status };
  return JSON.parse(run.stdout);
}

test('Meta-Llama-3-8B: 291 BF16 tensors in 4 files, 16,060,522,496 bytes, as its index says', () => {
  const out = read(input(llamaConfig, layouts.llama(llamaConfig), 4));
  // huggingface.co/meta-llama/Meta-Llama-3-8B, model.safetensors.index.json: total_size 16060522496.
  assert.equal(out.bytes, 16060522496);
  assert.equal(out.tensors, 291);
  assert.deepEqual(out.files.map((f) => f.name), ['model-00001-of-00004.safetensors', 'model-00002-of-00004.safetensors', 'model-00003-of-00004.safetensors', 'model-00004-of-00004.safetensors']);
  assert.deepEqual(out.dtypes, [{ dtype: 'BF16', tensors: 291, elements: 8030261248, bytes: 16060522496 }]);
  assert.deepEqual(out.format, { method: 'none', weights: 'bf16', detail: 'BF16' });
  assert.equal(out.model.params_total, 8030261248);
  assert.equal(out.model.difference, 0);
  assert.deepEqual(out.warnings, []);
});

test('gpt-oss-120b: MXFP4 experts read as such, 65,248,815,744 tensor bytes in 15 files', () => {
  const out = read(input(gptOssConfig, layouts.gptOss(gptOssConfig), 15));
  // The published tensor bytes of openai/gpt-oss-120b's 15 safetensors files.
  assert.equal(out.bytes, 65248815744);
  assert.equal(out.format.method, 'mxfp4');
  assert.equal(out.format.weights, 'mxfp4');
  assert.deepEqual(out.dtypes.map((d) => d.dtype), ['U8', 'BF16']);
  // The calculator's MXFP4 also packs the attention, which gpt-oss keeps in BF16: 2% apart.
  assert.ok(Math.abs(out.model.difference) < 0.03, String(out.model.difference));
  assert.deepEqual(out.warnings, []);
});

test('Qwen3-30B-A3B-FP8: blockwise FP8 with F32 scales, the calculator\'s fp8-block128 to the byte', () => {
  const out = read(input(qwenFp8Config, layouts.qwen3MoeFp8(qwenFp8Config), 7));
  assert.deepEqual(out.format, { method: 'fp8', weights: 'fp8-block128', detail: 'weight_block_size 128x128' });
  assert.deepEqual(out.dtypes.map((d) => d.dtype), ['F8_E4M3', 'BF16', 'F32']);
  assert.equal(out.model.params_total, 30532122624);
  assert.equal(out.bytes, out.model.expected_bytes);
});

test('each quantization_config names its format', () => {
  const tiny = { model_type: 'llama', hidden_size: 64, intermediate_size: 128, num_attention_heads: 4, num_key_value_heads: 4, num_hidden_layers: 2, vocab_size: 256 };
  const files = [{ name: 'model.safetensors', header: shardFiles(layouts.llama(tiny), 1)[0].header }];
  const formatOf = (q) => read({ config: { ...tiny, quantization_config: q }, files }).format;
  assert.equal(formatOf({ quant_method: 'gptq', bits: 4, group_size: 128 }).weights, 'gptq-4bit-g128');
  assert.equal(formatOf({ quant_method: 'awq', bits: 4, group_size: 64 }).weights, 'awq-4bit-g64');
  assert.equal(formatOf({ quant_method: 'fp8' }).weights, 'fp8');
  assert.equal(formatOf({ quant_method: 'bitsandbytes', load_in_4bit: true, bnb_4bit_quant_type: 'nf4', bnb_4bit_use_double_quant: true }).weights, 'nf4-dq');
  assert.equal(formatOf({ quant_method: 'bitsandbytes', load_in_8bit: true }).weights, 'llm-int8');
  assert.equal(formatOf({ quant_method: 'modelopt', quant_algo: 'NVFP4' }).weights, 'nvfp4');
  assert.equal(formatOf({ quant_method: 'compressed-tensors', format: 'nvfp4-pack-quantized' }).weights, 'nvfp4');
  assert.equal(formatOf({ quant_method: 'compressed-tensors', format: 'int-quantized', config_groups: { group_0: { weights: { num_bits: 8, type: 'int' }, input_activations: { num_bits: 8, type: 'int' } } } }).weights, 'w8a8');
  assert.equal(formatOf({ quant_method: 'compressed-tensors', format: 'pack-quantized', config_groups: { group_0: { weights: { num_bits: 4, type: 'int' } } } }).weights, 'int4');
  // A method the calculator does not size: the bytes stand, the format is left to the user.
  const unsized = read({ config: { ...tiny, quantization_config: { quant_method: 'hqq' } }, files });
  assert.equal(unsized.format.weights, null);
  assert.deepEqual(unsized.warnings.map((w) => w.code), ['warning.checkpoint_format_unsized']);
});

test('a config.json that does not describe the files is said so', () => {
  const list = layouts.llama(llamaConfig);
  const out = read(input({ ...llamaConfig, num_hidden_layers: 40 }, list, 4));
  assert.deepEqual(out.warnings.map((w) => w.code), ['warning.checkpoint_layers', 'warning.checkpoint_disagrees']);
  assert.match(out.warnings[0].message, /number 32 layers, config.json 40/);
});

test('broken headers are refused, naming the file and the tensor', () => {
  const one = (header) => read({ files: [{ name: 'model.safetensors', header }] });
  const good = headerText([{ name: 'a', dtype: 'BF16', shape: [2, 3] }, { name: 'b', dtype: 'F32', shape: [4] }]);
  assert.equal(one(good).bytes, 28);
  const cases = [
    [good.slice(0, 40), /files\[0\]\.header: must be a whole safetensors header/],
    [good.replace('"F32"', '"F33"'), /files\[0\]\.header\.b\.dtype: must be a safetensors dtype: .*got F33/],
    [good.replace('[12,28]', '[12,30]'), /b\.data_offsets: must span 16 bytes: 4 elements of F32, got 18/],
    [good.replace('[0,12]', '[2,14]').replace('[12,28]', '[14,30]'), /a\.data_offsets: must start where the tensor before it ends, at byte 0/],
    [good.replace('"shape":[4]', '"shape":[-4]'), /b\.shape/],
    ['[1, 2]', /files\[0\]\.header: must be a JSON object/],
  ];
  for (const [header, message] of cases) {
    const out = one(header);
    assert.equal(out.status, 2, header);
    assert.match(out.error, message);
  }
  const twice = read({ files: [{ name: 'x', header: good }, { name: 'y', header: good }] });
  assert.match(twice.error, /files\[1\]\.header: stores a, which another file already stores/);
  assert.match(read({ files: [] }).error, /files: must list 1 to 4096 safetensors files/);
  assert.match(read({ files: [{ name: 'x' }] }).error, /files\[0\]\.header: must be the file's header as JSON text/);
  assert.match(read({ files: [{ header: good }], extra: 1 }).error, /extra/);
});

test('the WASM module reads a checkpoint byte for byte as the CLI does', async () => {
  const wasm = await loadWasm();
  const value = input(gptOssConfig, layouts.gptOss(gptOssConfig), 15);
  assert.deepEqual(wasm.readCheckpoint(value), read(value));
  const gguf = { repo: qwen3MoeGguf.id, config: preset('qwen.json', 'qwen3-30b-a3b'), gguf_files: qwen3MoeGguf.files.map(([name, bytes]) => ({ name, bytes })) };
  assert.deepEqual(wasm.readCheckpoint(gguf), read(gguf));
  assert.throws(() => wasm.readCheckpoint({ files: [{ header: '{' }] }), (e) => e.field === 'files[0].header' && e.code === 'error.checkpoint_header_json');
});

test('a GGUF listing: each model file with its type, parts and bytes, beside the model in that type', () => {
  const out = read({ repo: qwen3MoeGguf.id, config: preset('qwen.json', 'qwen3-30b-a3b'), gguf_files: qwen3MoeGguf.files.map(([name, bytes]) => ({ name, bytes })) });
  assert.equal(out.kind, 'gguf');
  assert.deepEqual(out.gguf.map((f) => [f.quant, f.weights, f.parts, f.mixed]), [
    ['UD-IQ1_S', 'iq1_s', 1, true], ['UD-Q4_K_XL', 'q4_k_m', 1, true], ['Q4_K_M', 'q4_k_m', 1, false],
    ['Q8_0', 'q8_0', 1, false], ['BF16', 'bf16', 2, false]]);
  assert.equal(out.gguf[4].bytes, 61_070_000_000);
  // The Hugging Face checkpoint's 30,532,122,624 parameters at 2 bytes: the BF16 file to 0.01%.
  assert.equal(out.gguf[4].expected_bytes, 2 * 30_532_122_624);
  assert.equal(out.model.params_total, 30_532_122_624);
});

// tinyLlamaGguf's header (3.3 MB) is longer than the first MB the CLI reads, so the CLI reads on
// until the header ends, and never the data.
test('a GGUF file: its file type, layers and bytes by ggml type, from the header alone', () => {
  const { bytes, tensors } = tinyLlamaGguf();
  const dir = mkdtempSync(join(tmpdir(), 'gguf-'));
  const file = join(dir, 'tiny-Q4_K_M.gguf');
  writeFileSync(file, bytes);
  const run = runCli(['checkpoint', file]);
  assert.equal(run.status, 0, run.stderr);
  const out = JSON.parse(run.stdout);
  assert.equal(out.kind, 'gguf_header');
  assert.equal(out.weights, 'q4_k_m');
  assert.equal(out.layers, 4);
  assert.equal(out.tensors, tensors.length);
  const sum = (type) => tensors.filter((t) => t.type === type).reduce((a, t) => a + tensorBytes(t), 0);
  assert.deepEqual(out.types.map((t) => [t.type, t.bytes]), [['Q4_K', sum('Q4_K')], ['Q6_K', sum('Q6_K')], ['F32', sum('F32')]]);
  assert.ok(out.header_bytes > 2_000_000 && out.header_bytes < bytes.length);
  // The same header on stdin (without the tensor data: the CLI stops reading where the header
  // ends, as head(1) does), and through the WASM module.
  const header = Buffer.from(tinyLlamaGguf({ withData: false }).bytes);
  assert.deepEqual(JSON.parse(runCli(['checkpoint'], header).stdout), { ...out, file: 'stdin' });
  return loadWasm().then((wasm) => assert.deepEqual(wasm.readGgufHeader(bytes.subarray(0, out.header_bytes), file), out));
});

test('a GGUF file cut inside its header is refused with the byte it ends at', async () => {
  const { bytes } = tinyLlamaGguf({ withData: false });
  const cut = Buffer.from(bytes.subarray(0, 1_500_000));
  const run = runCli(['checkpoint'], cut);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /stdin: ends at byte 1500000, inside the GGUF header: read more of the file/);
  const wasm = await loadWasm();
  assert.throws(() => wasm.readGgufHeader(bytes.subarray(0, 100)), (e) => e.code === 'error.gguf_truncated' && e.params.offset === 100);
  assert.throws(() => wasm.readGgufHeader(new TextEncoder().encode('{"files": []}')), (e) => e.code === 'error.gguf_magic');
});
