// The page's whole state in the URL fragment, so a link reproduces exactly what its sender saw:
//
//   #v=1&s=<scenario>&t=<tab>&u=<GB|GiB>&l=<language>
//
// v  the link format's version. Every version ever written keeps a decoder here (links in chats
//    and design docs live forever); tests/browser/fixtures holds links of each version.
// s  the scenario JSON (only what differs from the core's defaults), base64url of its UTF-8;
// z  instead of s when that is shorter: base64url of the deflate-raw compressed JSON.
// t, u, l  UI-only state (open tab, byte unit, language), kept apart from the scenario.

import { parseJsonObject } from './json_guard.js';

export const LINK_VERSION = 1;

const maxFragmentChars = 64 * 1024;
const maxJsonBytes = 1 << 20; // a decompressed link larger than this is refused (zip bombs)
const compressAbove = 96; // JSON shorter than this is never worth a DecompressionStream

export class LinkError extends Error {
  // reason: 'unversioned' | 'newer' | 'damaged' | 'too-long'
  constructor(reason, detail = '') {
    super(`link ${reason}${detail ? `: ${detail}` : ''}`);
    this.reason = reason;
  }
}

export async function encodeState({ scenario, ui = {} }) {
  const json = JSON.stringify(scenario);
  const params = [['v', String(LINK_VERSION)]];
  const plain = toBase64Url(new TextEncoder().encode(json));
  let payload = ['s', plain];
  if (json.length > compressAbove) {
    const packed = toBase64Url(await deflate(json));
    if (packed.length < plain.length) payload = ['z', packed];
  }
  params.push(payload);
  for (const key of ['t', 'u', 'l']) if (ui[key]) params.push([key, ui[key]]);
  return `#${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

// Returns null for an empty fragment, { scenario, ui } for a good link; throws LinkError otherwise.
export async function decodeState(hash) {
  const text = String(hash ?? '').replace(/^#/, '');
  if (text === '') return null;
  if (text.length > maxFragmentChars) throw new LinkError('too-long');
  const params = new URLSearchParams(text);
  const version = params.get('v');
  if (version === null || !/^\d{1,4}$/.test(version)) throw new LinkError('unversioned');
  const decoder = decoders[Number(version)];
  if (!decoder) throw new LinkError(Number(version) > LINK_VERSION ? 'newer' : 'unversioned', version);
  return decoder(params);
}

const decoders = {
  1: async (params) => {
    let json;
    try {
      if (params.has('z')) json = await inflate(fromBase64Url(params.get('z')));
      else if (params.has('s')) json = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(params.get('s')));
      else throw new Error('no scenario');
    } catch (error) {
      if (error instanceof LinkError) throw error;
      throw new LinkError('damaged', error.message);
    }
    let scenario;
    try {
      scenario = parseJsonObject(json);
    } catch (error) {
      throw new LinkError(error.reason === 'too-large' ? 'too-long' : 'damaged', error.message);
    }
    const ui = {};
    for (const key of ['t', 'u', 'l']) {
      const value = params.get(key);
      if (value !== null && /^[A-Za-z][\w-]{0,31}$/.test(value)) ui[key] = value;
    }
    return { scenario, ui };
  },
};

function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function inflate(bytes) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxJsonBytes) {
      await reader.cancel();
      throw new LinkError('too-long');
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(all);
}
