// The page in 简体中文 shows no English: every view, with every folded group and formula open, and
// the warnings, notes, errors and link notices the core's codes produce, walked text node by text
// node (and the titles, labels and placeholders people are shown). What may stay in Latin letters
// is spelled out below: proper nouns (the catalog's model, device and provider names, a short list
// of products, papers and terms of the field), units, identifiers shown as code, and citations.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { cliJson } from '../node/support.mjs';
import { linkFor, openPage, siteForTests } from './support.mjs';

const site = siteForTests();
const catalog = cliJson(['presets']);

// Names the catalog gives (shown as they are, like any product name), longest first.
const catalogNames = [
  ...catalog.models.flatMap((m) => [m.name, m.family, m.hf_id]),
  ...catalog.accelerators.flatMap((a) => [a.name, a.vendor]),
  ...catalog.cpus.flatMap((c) => [c.name, c.vendor]),
  ...catalog.cloud_prices.flatMap((p) => [p.provider, p.instance]),
  ...catalog.model_types, // config.json's model_type values, named by the model's authors
].filter(Boolean).map(String).sort((a, b) => b.length - a.length);
// The keys of config.json files: the names of the fields a person pastes and edits.
const configKeys = new Set([...catalog.config_fields, ...catalog.models.flatMap((m) => [
  ...Object.keys(m.config), ...Object.keys(m.config.text_config ?? {})])]);

// Products, people's and papers' names, and terms of the field that Chinese writing keeps as they
// are; and unit words. Everything else in Latin letters is English left untranslated.
const keptAsIs = new Set([
  'LLM', 'Sizer', 'Hugging', 'Face', 'huggingface', 'config', 'json', 'WebAssembly', 'Hub', 'Ctrl', 'Enter',
  'token', 'tokens', 'FLOPs', 'GiB', 'MiB', 'KiB', 'TiB', 'PiB', 'EiB', 'kB', 'Wh', 'kWh', 'MWh', 'GWh',
  'LoRA', 'QLoRA', 'vLLM', 'SGLang', 'TensorRT', 'llama', 'cpp', 'FlashAttention', 'DeepSpeed', 'ZeRO', 'Offload',
  'Infinity', 'Chinchilla', 'Roofline', 'Transformer', 'transformers', 'SwiGLU', 'GeGLU', 'LayerNorm', 'RMSNorm',
  'NormalFloat', 'SmoothQuant', 'bitsandbytes', 'Dropout', 'dropout', 'logits', 'All', 'all', 'reduce', 'MoE',
  'PaLM', 'Gated', 'DeltaNet', 'Mamba', 'DeepSeek', 'Llama', 'Qwen', 'Gemma', 'Mistral', 'Mixtral', 'Grace',
  'Hopper', 'Apple', 'NVLink', 'Fabric', 'PCIe', 'LM', 'head', 'perplexity', 'wikitext', 'et', 'al', 'gpt', 'oss',
  'Megatron', 'PyTorch', 'Orca', 'Adam', 'AdamW', 'Adafactor', 'GeForce', 'Guanaco', 'RoPE', 'MegaScale', 'Qwen',
  'Hoffmann', 'Korthikanti', 'Dettmers', 'Daly', // authors cited in the text (等 2022)
  'gate', 'up', 'down', 'tp', 'pp', 'dp', 'top', 'min', // projection and parallelism names, top-k, min()
  'gpu_memory_utilization', 'max_num_seqs', 'gpu_layers', // vLLM's options, named as the runtime spells them; llama.cpp's -ngl field
  'ngl', 'exps', 'cpu', 'moe', 'cpu_offload_gb', 'true', // llama.cpp's and vLLM's options as they spell them
  'quantize', 'imatrix', 'mmap', // llama.cpp's quantizing tool (llama-quantize --imatrix); the system call
  'bench', 'serve', // the benchmark tools' names: llama-bench, vllm bench serve
  'memory_efficiency', 'compute_efficiency', 'host_memory_efficiency', 'host_compute_efficiency', // fitted fields
  'gather', 'scatter', 'to', // all-gather, reduce-scatter, all-to-all
  'NeMo', 'SigLIP', 'Vision', // a framework, an image encoder, a product name (Llama 3.2 Vision)
  'Ollama', 'Modelfile', 'KTransformers', // runtimes, and Ollama's file of settings
  'ik_', // ik_llama.cpp, llama.cpp's fork (a proper name)
  'AltUp', 'LAuReL', 'conformer', 'timm', // Gemma 3n's layer parts, its audio encoder's kind, the image library
  'ExLlama', 'MoonViT', // the EXL2/EXL3 quantizer's name; Kimi K2.5's image encoder
  'decoder', 'encoder', 'encoder_decoder', // the values of model.architecture.stacks
  'mfu', 'step_breakdown', 'goodput', 'days_vs_gpus', // result fields named in the training notes
  'attention_bias', 'mlp_bias', // config.json keys named in the unknown-type warning
  'ms', 'mystery', // a unit; the model_type the unknown-family scenario below gives
]);

// Text of the page people see: text nodes and the words of titles, labels and placeholders, except
// what is shown as code (<code>, <var>: identifiers, formula symbols) or cited (<cite>), in hidden
// parts, and link texts that are addresses.
function visibleTexts() {
  const skipped = (element) => !element || element.closest('script, style, template, code, var, cite, kbd, samp, [hidden]');
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || skipped(parent)) continue;
    if (parent.closest('a') && /^(https?:\/\/|[\w.-]+\.\w+\/)\S*$/.test(text)) continue;
    out.push({ where: parent.tagName.toLowerCase() + (parent.className ? `.${String(parent.className).split(' ')[0]}` : ''), text });
  }
  for (const element of document.body.querySelectorAll('[title], [aria-label], [placeholder], [alt], optgroup[label]')) {
    if (skipped(element)) continue;
    for (const name of ['title', 'aria-label', 'placeholder', 'alt', 'label']) {
      const value = element.getAttribute(name);
      if (value && (name !== 'label' || element.tagName === 'OPTGROUP')) out.push({ where: `@${name}`, text: value });
    }
  }
  return out;
}

// The English words of a text: what is left once catalog names are taken out, ids with digits
// (bf16, H100, Q4_K_M, meta-llama/Llama-3.1-8B) are passed over, and acronyms and the words
// above kept, and config.json keys (rms_norm_eps) are names. Other raw identifiers
// (kv_bytes_per_token) count as English outside code.
function englishWords(text) {
  let rest = ` ${text} `;
  for (const name of catalogNames) rest = rest.split(name).join(' ');
  const words = [];
  for (const token of rest.match(/[A-Za-z0-9_./'’-]+/g) ?? []) {
    if (/\d/.test(token) || configKeys.has(token)) continue;
    for (const word of token.split(/[./'’-]+/)) {
      if (word.length < 2 || keptAsIs.has(word)) continue;
      if (word.includes('_')) words.push(word);
      else if (/[a-z]/.test(word)) words.push(word);
    }
  }
  return words;
}

// Opens every folded group and formula of the view, then returns the English it shows.
async function englishShown(page) {
  await page.evaluate(async () => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    for (const toggle of document.querySelectorAll('#flow button.formula-toggle[aria-expanded="false"]')) toggle.click();
  });
  const texts = await page.evaluate(visibleTexts);
  return texts.flatMap(({ where, text }) => {
    const words = englishWords(text);
    return words.length ? [`${where}: ${text.slice(0, 140)} [${words.join(', ')}]`] : [];
  });
}

async function openChinese(scenario, tab, extra = {}) {
  const { page, problems } = await openPage(site.browser, site.url + await linkFor(scenario, { t: tab, l: 'zh', ...extra }));
  await page.waitForFunction((id) => !id || document.querySelector('#flow')?.dataset.view === id
    || document.querySelector('#result-error:not([hidden])'), tab);
  return { page, problems };
}

// Every view, and scenarios that make the core warn, note and refuse.
const views = [
  ['a dense model', { model: 'llama-3-8b' }, 'model'],
  ['a mixture of experts with latent attention', { model: 'deepseek-v3' }, 'model'],
  ['a multimodal model', { model: 'gemma-3-27b' }, 'model'],
  ['serving on two GPUs with vLLM', { model: 'llama-3-70b', hardware: { count: 2 }, inference: { runtime: 'vllm', kv_cache: 'fp8' } }, 'inference'],
  ['experts in host memory with llama.cpp, its command and Ollama\'s', { model: 'mixtral-8x7b', hardware: { accelerator: 'rtx-4090', host: { preset: 'epyc-9654' } }, inference: { runtime: 'llama.cpp', weights: 'q4_k_m', offload_experts: true, batch: 4 } }, 'inference'],
  ['a measurement fitted, one that no efficiency gives', { model: 'llama-3-8b', hardware: { accelerator: 'rtx-4090' }, inference: { runtime: 'llama.cpp', weights: 'q4_k_m', measured: { decode_tokens_per_s: 127.6, decode_context_tokens: 64, prefill_tokens_per_s: 1e6, source: 'llama-bench' } } }, 'inference'],
  ['serving where the catalog has no price, on a TPU', { model: 'mixtral-8x7b', hardware: { accelerator: 'tpu-v5e', count: 8 }, inference: { weights: 'gptq-4bit-g-1' } }, 'inference'],
  ['pre-training with targets and a rounded batch', { model: 'llama-3-70b', hardware: { count: 64 }, training: { target_days: 30, electricity_usd_per_kwh: 0.1, global_batch_tokens: 1000001, recompute: 'selective', zero_stage: 1 } }, 'training'],
  ['a mixture of experts pre-trained', { model: 'mixtral-8x7b', hardware: { count: 8 }, training: { zero_stage: 3, offload: 'optimizer_and_params' } }, 'training'],
  ['QLoRA with an adapter that matches nothing', { model: 'gpt-neox-20b', training: { method: 'qlora', lora_modules: ['q', 'gate'] } }, 'finetune'],
  ['DPO with a reference copy of the model', { model: 'llama-3-8b', hardware: { count: 8 }, training: { objective: 'dpo', zero_stage: 3 } }, 'training'],
  ['DPO under LoRA, its reference the base', { model: 'llama-3-8b', training: { method: 'lora', objective: 'dpo' } }, 'finetune'],
  ['serving under Poisson traffic with targets', { model: 'llama-3.1-8b', hardware: { count: 2 }, inference: { tp: 1 }, serving: { workload: { requests_per_s: 12, requests: 300 }, targets: { ttft_p99_s: 0.5, tpot_p99_s: 0.05 } } }, 'serving'],
  ['every weight format on a GeForce card', { model: 'llama-2-7b', hardware: { accelerator: 'rtx-4090' }, inference: {} }, 'quantization'],
  ['a device and a host whose figures were changed', { model: 'llama-3-70b', hardware: { accelerator: { preset: 'rtx-4090', memory_bandwidth_bytes_per_s: 1.1e12 }, host: { preset: 'epyc-9654', memory_mt_per_s: 5600 } }, inference: { runtime: 'llama.cpp', weights: 'q4_k_m' } }, 'inference'],
  ['a config of an unknown family', { model: { model_type: 'mystery', hidden_size: 512, num_hidden_layers: 4, num_attention_heads: 8, vocab_size: 1000, intermediate_size: 1024 } }, 'inference'],
];

for (const [name, scenario, tab] of views) {
  test(`no English on the Chinese page: ${tab} view, ${name}`, async () => {
    const { page, problems } = await openChinese(scenario, tab);
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
    const english = await englishShown(page);
    assert.deepEqual(english, [], `English on the ${tab} view:\n${english.join('\n')}`);
    if (tab === 'quantization') {
      // The table's headings and its "not published" cells keep to one line (质量/未知 wrapped).
      const wrapped = await page.$$eval('.quant-table thead th, .quant-table td.quality .unknown', (cells) => cells.flatMap((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1 ? [cell.textContent] : [];
      }));
      assert.deepEqual(wrapped, []);
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('no English on the Chinese page: an input error, and a link with fields this version refuses', async () => {
  // The core's rule for a field, at the field and in the banner, in Chinese (a link drops an
  // invalid value, so the value is typed).
  const refused = await openChinese({ model: 'llama-3-8b', training: {} }, 'training');
  await refused.page.fill('[data-field="training.pp"]', '64');
  await refused.page.waitForSelector('#result-error:not([hidden])');
  assert.match(await refused.page.textContent('[data-error-for="training.pp"]'), /不得超过模型的 32 层/);
  assert.match(await refused.page.textContent('#result-error'), /不得超过模型的 32 层/);
  assert.deepEqual(await englishShown(refused.page), []);
  await refused.page.close();
  // A link from a newer version: the notice names the dropped fields and why, in Chinese.
  const newer = await openChinese({ model: 'llama-3-8b', inference: { batch: 0, lookahead: true }, training: { pp: 64 } }, 'inference');
  await newer.page.waitForSelector('#notice:not([hidden])');
  const notice = await newer.page.textContent('#notice');
  assert.match(notice, /inference\.lookahead/);
  assert.match(notice, /本版本不认识这个字段/);
  assert.match(notice, /不得超过模型的 32 层/);
  assert.deepEqual(await englishShown(newer.page), []);
  await newer.page.close();
});

test('the check finds English: a raw id, an English phrase, while names, units and code pass', () => {
  assert.deepEqual(englishWords('显示 kv_bytes_per_token 的计算方法'), ['kv_bytes_per_token']);
  assert.deepEqual(englishWords('Not modelled: expert parallelism'), ['Not', 'modelled', 'expert', 'parallelism']);
  assert.deepEqual(englishWords('Llama 3 8B（BF16）运行在 1 × NVIDIA H100 SXM5 80GB 上：135.6 tokens/s，16 GiB'), []);
  assert.deepEqual(englishWords('GGUF Q4_K_M，bf16 稠密，meta-llama/Llama-3.1-8B'), []);
});
