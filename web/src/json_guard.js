// Untrusted JSON (a link, a pasted config, an opened file, a config from the Hub) is read here,
// before anything in the page recurses over it: structuredClone and JSON.stringify overflow the
// stack near 4,000 levels, and JSON.parse turns 1e400 into Infinity, which JSON.stringify would
// hand the core as null (an absent field: a silent change). The core refuses the same input
// (core/json_text.cpp); tests/node/link.test.mjs checks that both limits agree.

export const MAX_JSON_DEPTH = 64; // core/limits.hpp kJsonDepth: config.json files nest 5 at most
export const MAX_JSON_CHARS = 1 << 20; // config.json files are under 100 KB

// What the core says of the same value (core/json_text.cpp), for callers that show errors as the
// core's {field, allowed, got} (the npm package).
const coreWords = {
  'too-deep': `must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep (config.json files nest 5 at most)`,
  'not-finite': 'must be a finite number (JSON numbers end near 1.8e308)',
};

export class JsonInputError extends Error {
  // reason: 'too-large' | 'bad-json' | 'not-object' | 'too-deep' | 'not-finite'; detail: the
  // parser's message or the path of the offending value (then also `field`, as the core names it).
  constructor(reason, detail = '', got = '') {
    const allowed = coreWords[reason];
    super(allowed ? `${detail}: ${allowed}${got ? `, got ${got}` : ''}` : `${reason}${detail ? `: ${detail}` : ''}`);
    this.reason = reason;
    this.detail = detail;
    this.field = allowed ? detail : '';
    this.allowed = allowed ?? '';
    this.got = got;
  }
}

// The JSON object in `text`; throws JsonInputError when it is not one the core can read.
export function parseJsonObject(text) {
  if (text.length > MAX_JSON_CHARS) throw new JsonInputError('too-large', String(text.length));
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new JsonInputError('bad-json', error.message);
  }
  return checkJsonObject(value);
}

// `value` itself, when it is a JSON object the core can read (an object built in JavaScript, as
// the npm package is handed one); throws JsonInputError otherwise.
export function checkJsonObject(value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new JsonInputError('not-object');
  const problem = findProblem(value);
  if (problem) throw new JsonInputError(problem.reason, problem.path, problem.got);
  return value;
}

// The first value nested deeper than MAX_JSON_DEPTH or not finite, walked without recursion.
function findProblem(root) {
  const stack = [[root, 1, '']];
  while (stack.length) {
    const [value, depth, path] = stack.pop();
    if (typeof value === 'number' && !Number.isFinite(value)) return { reason: 'not-finite', path, got: String(value) };
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return { reason: 'too-deep', path: path.split(/[.[]/)[0] };
    for (const [key, item] of Object.entries(value)) {
      stack.push([item, depth + 1, Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

// The message for a JsonInputError: `keys` names the caller's own strings for some reasons
// ({ 'bad-json': 'model.paste_bad_json' }); the rest use the shared json.* strings.
export function jsonErrorText(t, error, keys = {}) {
  return t(keys[error.reason] ?? `json.${error.reason}`, { detail: error.detail, depth: MAX_JSON_DEPTH });
}
