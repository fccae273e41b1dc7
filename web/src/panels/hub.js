// Reads a model's config.json straight from the Hugging Face Hub, in the browser, from the Hub's
// public file URL. Failures come back as a kind the page can explain: offline, network, gated,
// not-found, invalid, bad-id.
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

export function hubConfigUrl(id) {
  return `https://huggingface.co/${id.split('/').map(encodeURIComponent).join('/')}/resolve/main/config.json`;
}

export function hubPageUrl(id) {
  return `https://huggingface.co/${id.split('/').map(encodeURIComponent).join('/')}`;
}

export async function fetchHubConfig(id) {
  if (!isModelId(id)) throw new HubError('bad-id');
  if (navigator.onLine === false) throw new HubError('offline');
  let response;
  try {
    response = await fetch(hubConfigUrl(id), { credentials: 'omit', referrerPolicy: 'no-referrer' });
  } catch (error) {
    throw new HubError(navigator.onLine === false ? 'offline' : 'network', error.message);
  }
  if (response.status === 401 || response.status === 403) throw new HubError('gated', String(response.status));
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
