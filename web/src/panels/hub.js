// Reads a model's config.json and its safetensors headers straight from the Hugging Face Hub, in
// the browser, from the Hub's public file URLs, when the user asks. Failures come back as a kind
// the page can explain: offline, network, gated, not-found, invalid, bad-id, truncated,
// header-too-large.
import { parseJsonObject } from '../json_guard.js';

const modelId = /^[A-Za-z0-9][\w.-]{0,95}(\/[A-Za-z0-9][\w.-]{0,95})?$/;

export class HubError extends Error {
  constructor(kind, detail = '') {
    super(`${kind}${detail ? `: ${detail}` : ''}`);
    this.kind = kind;
    this.detail = detail;
  }
}

export function isModelId(id) {
  return modelId.test(id) && !id.includes('..');
}

const path = (parts) => parts.map(encodeURIComponent).join('/');

export function hubFileUrl(id, file) {
  return `https://huggingface.co/${path(id.split('/'))}/resolve/main/${path(file.split('/'))}`;
}

export function hubConfigUrl(id) {
  return hubFileUrl(id, 'config.json');
}

export function hubPageUrl(id) {
  return `https://huggingface.co/${path(id.split('/'))}`;
}

export async function fetchHubConfig(id) {
  if (!isModelId(id)) throw new HubError('bad-id');
  const response = await hubFetch(hubConfigUrl(id));
  if (response.status === 404) throw new HubError('not-found');
  if (!response.ok) throw new HubError('network', `HTTP ${response.status}`);
  let config;
  try {
    config = parseJsonObject(await response.text());
  } catch (error) {
    throw new HubError('invalid', error.message);
  }
  // Name the model the way transformers does when it saves a config it loaded.
  if (typeof config._name_or_path !== 'string' || config._name_or_path === '') config._name_or_path = id;
  return config;
}

// safetensors refuses headers over 100 MB (MAX_HEADER_SIZE, huggingface/safetensors); the
// largest published ones are a few MB.
const maxHeaderBytes = 100_000_000;
// Header requests in flight at once: DeepSeek-V3 has 163 files.
const parallelReads = 6;

async function hubFetch(url, options = {}) {
  if (navigator.onLine === false) throw new HubError('offline');
  let response;
  try {
    response = await fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer', ...options });
  } catch (error) {
    throw new HubError(navigator.onLine === false ? 'offline' : 'network', error.message);
  }
  if (response.status === 401 || response.status === 403) throw new HubError('gated', String(response.status));
  return response;
}

// Bytes [start, end] of a file: a range request; a server that ignores the range (200) is read
// only as far as needed, then cancelled. Fewer bytes than asked for mean the file ends there.
async function readRange(url, start, end) {
  const response = await hubFetch(url, { headers: { Range: `bytes=${start}-${end}` } });
  if (response.status === 404) throw new HubError('not-found');
  if (!response.ok) throw new HubError('network', `HTTP ${response.status}`);
  const wanted = end - start + 1;
  if (response.status === 206) return new Uint8Array(await response.arrayBuffer()).subarray(0, wanted);
  const reader = response.body.getReader();
  const chunks = [];
  let have = 0;
  while (have < start + wanted) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    have += value.length;
  }
  reader.cancel().catch(() => {});
  const all = new Uint8Array(have);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all.subarray(start, start + wanted);
}

// The safetensors files of a repo: its index's weight_map, or the one model.safetensors.
async function safetensorsFiles(id) {
  const response = await hubFetch(hubFileUrl(id, 'model.safetensors.index.json'));
  if (response.status === 404) return ['model.safetensors'];
  if (!response.ok) throw new HubError('network', `HTTP ${response.status}`);
  let index;
  try {
    index = parseJsonObject(await response.text());
  } catch (error) {
    throw new HubError('invalid', error.message);
  }
  const files = [...new Set(Object.values(index.weight_map ?? {}))].filter((f) => typeof f === 'string');
  if (!files.length) throw new HubError('invalid', 'model.safetensors.index.json has no weight_map');
  return files.sort();
}

// One file's header: its first 8 bytes give the header's length (little-endian u64), then the
// header itself is read, and nothing of the tensor data.
async function readHeader(id, file) {
  const url = hubFileUrl(id, file);
  const start = await readRange(url, 0, 7);
  if (start.length < 8) throw new HubError('truncated', file);
  const length = new DataView(start.buffer, start.byteOffset, 8).getBigUint64(0, true);
  if (length > BigInt(maxHeaderBytes)) throw new HubError('header-too-large', `${file}: ${length} bytes`);
  const bytes = await readRange(url, 8, 8 + Number(length) - 1);
  if (bytes.length < Number(length)) throw new HubError('truncated', file);
  return { name: file, header: new TextDecoder().decode(bytes) };
}

// Every safetensors header of a repo, read on request only: { files: [{ name, header }] } for the
// core's readCheckpoint. onProgress(done, total) after each file.
export async function fetchCheckpointHeaders(id, onProgress = () => {}) {
  if (!isModelId(id)) throw new HubError('bad-id');
  const names = await safetensorsFiles(id);
  const files = new Array(names.length);
  let next = 0;
  let done = 0;
  onProgress(0, names.length);
  const worker = async () => {
    while (next < names.length) {
      const i = next++;
      files[i] = await readHeader(id, names[i]);
      onProgress(++done, names.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelReads, names.length) }, worker));
  return files;
}

// A GGUF repository holds no config.json: its files come from the Hub's tree listing (the API
// its file browser reads, with each file's size), and its model from the base model its card
// names (base_model; Unsloth, bartowski and lmstudio-community repos all set it).
export function hubTreeUrl(id) {
  return `https://huggingface.co/api/models/${path(id.split('/'))}/tree/main?recursive=true`;
}

export function hubModelInfoUrl(id) {
  return `https://huggingface.co/api/models/${path(id.split('/'))}`;
}

async function fetchJson(url) {
  const response = await hubFetch(url);
  if (response.status === 404) throw new HubError('not-found');
  if (!response.ok) throw new HubError('network', `HTTP ${response.status}`);
  try {
    return { value: JSON.parse(await response.text()), next: nextPage(response.headers.get('link')) };
  } catch (error) {
    throw new HubError('invalid', error.message);
  }
}

// The tree listing pages with an RFC 8288 Link header: <url>; rel="next".
function nextPage(link) {
  const next = /<([^>]+)>\s*;\s*rel="next"/.exec(link ?? '');
  return next && next[1].startsWith('https://huggingface.co/') ? next[1] : null;
}

// The most pages of listing read: a thousand entries each, more than any GGUF repo has files.
const maxListingPages = 20;

function baseModelOf(info) {
  const named = info?.cardData?.base_model;
  for (const candidate of Array.isArray(named) ? named : [named]) {
    if (typeof candidate === 'string' && isModelId(candidate)) return candidate;
  }
  // The Hub also writes the card's base model into the tags: base_model:quantized:<id>.
  for (const tag of Array.isArray(info?.tags) ? info.tags : []) {
    const id = typeof tag === 'string' ? /^base_model:(?:[a-z_]+:)?([^:]+\/[^:]+)$/.exec(tag)?.[1] : null;
    if (id && isModelId(id)) return id;
  }
  return null;
}

// The .gguf files of a repo with their bytes, and the base model its card names: { files:
// [{ name, bytes }], base } for the core's readCheckpoint; null when the repo has no .gguf file.
export async function fetchGgufListing(id) {
  if (!isModelId(id)) throw new HubError('bad-id');
  const files = [];
  let url = hubTreeUrl(id);
  for (let page = 0; url && page < maxListingPages; ++page) {
    const { value, next } = await fetchJson(url);
    if (!Array.isArray(value)) throw new HubError('invalid', 'the file listing is not a list');
    for (const entry of value) {
      if (entry?.type !== 'file' || typeof entry.path !== 'string' || !/\.gguf$/i.test(entry.path)) continue;
      const bytes = entry.lfs?.size ?? entry.size;
      if (Number.isSafeInteger(bytes) && bytes >= 0) files.push({ name: entry.path, bytes });
    }
    url = next;
  }
  if (!files.length) return null;
  const { value: info } = await fetchJson(hubModelInfoUrl(id));
  return { files, base: baseModelOf(info) };
}

// The first `length` bytes of a repo's file (fewer where the file is shorter), by one range
// request: enough of a GGUF file for its header, nothing of its tensors.
export async function fetchFileStart(id, file, length) {
  if (!isModelId(id)) throw new HubError('bad-id');
  return readRange(hubFileUrl(id, file), 0, length - 1);
}
