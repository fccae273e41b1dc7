// Every number the page shows is formatted here, and nowhere else. The core reports SI bytes,
// seconds and FLOPs; this module turns them into text in the reader's language and chosen byte
// unit (GB = 10^9 bytes, GiB = 2^30 bytes). Bandwidth and FLOP rates are always decimal, as every
// datasheet quotes them.

export const BYTE_UNITS = ['GB', 'GiB'];

const decimalBytes = [['B', 1], ['kB', 1e3], ['MB', 1e6], ['GB', 1e9], ['TB', 1e12], ['PB', 1e15]];
const binaryBytes = [['B', 1], ['KiB', 2 ** 10], ['MiB', 2 ** 20], ['GiB', 2 ** 30], ['TiB', 2 ** 40],
  ['PiB', 2 ** 50]];
const siPrefixes = [['', 1], ['k', 1e3], ['M', 1e6], ['G', 1e9], ['T', 1e12], ['P', 1e15], ['E', 1e18]];
const superscript = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

// The kind of a value, read from the unit in its name (the core's naming rule: _bytes, _s, ...).
export function kindOf(name) {
  // A figure by the rule of thumb (wall_days_6nd, flops_per_token_6n) has the unit of the figure.
  const leaf = String(name).replace(/_6nd?$/, '');
  if (/(^|\.|_)(gpus_for_\w+|batch_for_\w+|min_devices|max_batch|max_micro_batch|grad_accumulation|count)$/.test(leaf)) return 'integer';
  if (/bytes_per_s$/.test(leaf)) return 'bytes_per_s';
  if (/bytes_per_token$/.test(leaf)) return 'bytes_per_token';
  if (/bytes(_per_device)?$/.test(leaf)) return 'bytes';
  if (/flops_per_s(\.\w+)?$/.test(leaf)) return 'flops_per_s';
  if (/tokens_per_s(_per_user)?$/.test(leaf)) return 'tokens_per_s';
  if (/(^|\.)(arithmetic_intensity|ridge_point)$/.test(leaf)) return 'intensity';
  if (/_pct$/.test(leaf)) return 'pct';
  if (/requests_per_s$/.test(leaf)) return 'per_s';
  if (/flops(_per_token|_total\w*)?$|flops_per_token_breakdown\.\w+$/.test(leaf)) return 'flops';
  if (/_usd$/.test(leaf)) return 'usd';
  if (/usd_per_hour$/.test(leaf)) return 'usd_per_hour';
  if (/_kwh$/.test(leaf)) return 'kwh';
  if (/_days$/.test(leaf)) return 'days';
  if (/_hours$/.test(leaf)) return 'hours';
  if (/_w$/.test(leaf)) return 'watts';
  if (/_s$|_s\.(mean|p\d+)$|_s_mean$/.test(leaf)) return 'seconds';
  if (/(^|\.|_)tokens$/.test(leaf)) return 'tokens';
  if (/(^|\.)params(_\w+)?$|_params$|\.breakdown\.\w+$|(^|\.)steps$/.test(leaf)) return 'count';
  if (/fraction$|(^|\.)(mfu|model_flops_utilization|discount|fragmentation|margin|goodput)$|efficiency$|[mh]fu_estimated$|_share$/.test(leaf)) return 'fraction';
  return 'number';
}

// words: the language's unit words ({ days, hours, tokens_per_s, per_s, gpu_hours, ... }).
export function createFormat({ locale = 'en-US', bytes = 'GiB', words = {} } = {}) {
  const cache = new Map();
  const nf = (options) => {
    const key = JSON.stringify(options);
    if (!cache.has(key)) cache.set(key, new Intl.NumberFormat(locale, options));
    return cache.get(key);
  };
  const word = (key, fallback) => words[key] ?? fallback;

  // 3 to 4 significant figures, trailing zeros dropped: 80, 85.9, 131.3, 989.4, 0.0123.
  const short = (n) => nf({ maximumSignificantDigits: Math.abs(n) >= 100 ? 4 : 3 }).format(n);

  const scaled = (value, table, suffix = '') => {
    const abs = Math.abs(value);
    let [unit, factor] = table[0];
    for (const [u, f] of table) if (abs >= f * 0.9995) [unit, factor] = [u, f];
    return `${short(value / factor)} ${unit}${suffix}`;
  };

  const scientific = (n, digits = 3) => {
    if (n === 0) return '0';
    const exponent = Math.floor(Math.log10(Math.abs(n)));
    const mantissa = n / 10 ** exponent;
    const power = String(exponent).replace(/./g, (c) => superscript[c]);
    return `${nf({ maximumSignificantDigits: digits }).format(mantissa)} × 10${power}`;
  };

  const f = {
    locale,
    bytesUnit: bytes,
    integer: (n) => nf({ maximumFractionDigits: 0 }).format(n),
    // A value exactly as the core gave it: integers in full, others to 6 significant figures.
    exact(n) {
      if (typeof n !== 'number' || !Number.isFinite(n)) return String(n);
      if (Number.isInteger(n) && Math.abs(n) < 1e18) return f.integer(n);
      if (Math.abs(n) >= 1e15 || (n !== 0 && Math.abs(n) < 1e-4)) return scientific(n, 6);
      return nf({ maximumSignificantDigits: 6 }).format(n);
    },
    number: (n) => (Math.abs(n) >= 1e15 ? scientific(n) : short(n)),
    scientific,
    // Parameter and token counts: 70.55B / 705.5亿 (the language's own compact notation).
    count(n) {
      if (Math.abs(n) < 1e4) return f.integer(n);
      return nf({ notation: 'compact', maximumSignificantDigits: 4 }).format(n);
    },
    bytes: (n) => scaled(n, bytes === 'GB' ? decimalBytes : binaryBytes),
    bytesPerSecond: (n) => scaled(n, decimalBytes, '/s'),
    flopsPerSecond: (n) => scaled(n, siPrefixes.map(([p, v]) => [`${p}FLOP`, v]), '/s'),
    flops: (n) => (Math.abs(n) >= 1e21 ? `${scientific(n)} FLOP` : scaled(n, siPrefixes.map(([p, v]) => [`${p}FLOP`, v]))),
    seconds(s) {
      const abs = Math.abs(s);
      if (abs === 0) return '0 s';
      if (abs < 1e-3) return `${short(s * 1e6)} µs`;
      if (abs < 1) return `${short(s * 1e3)} ms`;
      if (abs < 120) return `${short(s)} s`;
      if (abs < 7200) return `${short(s / 60)} ${word('minutes', 'min')}`;
      if (abs < 2 * 86400) return `${short(s / 3600)} ${word('hours', 'h')}`;
      return `${short(s / 86400)} ${word('days', 'days')}`;
    },
    // Durations in days (training runs): under two days in hours or minutes.
    days: (d) => (Math.abs(d) < 2 ? f.seconds(d * 86400) : `${short(d)} ${word('days', 'days')}`),
    hours: (hours) => `${f.count(hours)} ${word('hours', 'h')}`,
    usd: (n) => nf({ style: 'currency', currency: 'USD', notation: Math.abs(n) >= 1e5 ? 'compact' : 'standard',
      maximumSignificantDigits: Math.abs(n) >= 1e5 || Math.abs(n) < 1 ? 3 : undefined,
      maximumFractionDigits: Math.abs(n) >= 1 && Math.abs(n) < 1e5 ? 2 : undefined }).format(n),
    usdPerHour: (n) => `${f.usd(n)}${word('per_hour', '/h')}`,
    kwh: (n) => scaled(n * 1e3, siPrefixes.map(([p, v]) => [`${p}Wh`, v])),
    watts: (n) => scaled(n, siPrefixes.map(([p, v]) => [`${p}W`, v])),
    tokens: (n) => `${f.count(n)} ${word('tokens', 'tokens')}`,
    tokensPerSecond: (n) => `${short(n)} ${word('tokens_per_s', 'tokens/s')}`,
    perSecond: (n) => `${short(n)} ${word('per_s', '/s')}`,
    bytesPerToken: (n) => `${f.bytes(n)}${word('per_token', '/token')}`,
    intensity: (n) => `${short(n)} ${word('flop_per_byte', 'FLOP/B')}`,
    // A figure already in percent (quality_loss_pct: 1.5 means 1.5%).
    pct: (n) => nf({ style: 'percent', maximumSignificantDigits: 3 }).format(n / 100),
    percent: (ratio) => (ratio > 0 && ratio < 1e-4
      ? `<${nf({ style: 'percent', maximumFractionDigits: 2 }).format(1e-4)}`
      : nf({ style: 'percent', maximumSignificantDigits: 3 }).format(ratio)),
    fraction: (ratio) => nf({ style: 'percent', maximumFractionDigits: 1 }).format(ratio),

    // The right formatter for a result field, chosen by the unit in its name.
    byName(name, value) {
      if (typeof value === 'boolean') return value ? word('yes', 'yes') : word('no', 'no');
      if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '–');
      switch (kindOf(name)) {
        case 'bytes': return f.bytes(value);
        case 'bytes_per_s': return f.bytesPerSecond(value);
        case 'flops_per_s': return f.flopsPerSecond(value);
        case 'flops': return f.flops(value);
        case 'bytes_per_token': return f.bytesPerToken(value);
        case 'intensity': return f.intensity(value);
        case 'pct': return f.pct(value);
        case 'tokens_per_s': return f.tokensPerSecond(value);
        case 'per_s': return f.perSecond(value);
        case 'usd': return f.usd(value);
        case 'usd_per_hour': return f.usdPerHour(value);
        case 'kwh': return f.kwh(value);
        case 'days': return f.days(value);
        case 'hours': return f.hours(value);
        case 'watts': return f.watts(value);
        case 'seconds': return f.seconds(value);
        case 'count': return f.count(value);
        case 'tokens': return f.tokens(value);
        case 'fraction': return f.fraction(value);
        case 'integer': return f.integer(value);
        default: return Number.isInteger(value) ? f.integer(value) : f.number(value);
      }
    },

    // Form inputs hold plain numbers in a display unit; these convert both ways.
    inputUnit(kind) {
      return { bytes, bytes_per_s: 'GB/s', flops_per_s: 'TFLOP/s', watts: 'W' }[kind] ?? '';
    },
    toInput(kind, value) {
      if (typeof value !== 'number') return value === undefined || value === null ? '' : String(value);
      const factor = inputFactor(kind, bytes);
      if (factor === 1) return String(value);
      return String(Number((value / factor).toPrecision(12)));
    },
    // Returns { value } for a number, { empty: true } for a blank field, { invalid: true } otherwise.
    fromInput(kind, text) {
      const trimmed = String(text).trim().replace(/,/g, '');
      if (trimmed === '') return { empty: true };
      if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return { invalid: true };
      const value = Number(trimmed) * inputFactor(kind, bytes);
      if (!Number.isFinite(value)) return { invalid: true };
      return { value: kind === 'bytes' ? Math.round(value) : value };
    },
  };
  return f;
}

function inputFactor(kind, bytes) {
  if (kind === 'bytes') return bytes === 'GB' ? 1e9 : 2 ** 30;
  if (kind === 'bytes_per_s') return 1e9;
  if (kind === 'flops_per_s') return 1e12;
  return 1;
}
