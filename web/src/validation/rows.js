// The validation page's rows: what a row is filtered by, how its figures read, and the calculator
// link that opens its scenario. Every number comes from the core's report; this only picks rows.
import { methodologyFor, pathInHash } from '../methodology_links.js';
import { encodeState } from '../url.js';

export const filterKeys = ['category', 'model', 'accelerator', 'runtime', 'status'];
export const compared = (row) => ['pass', 'fail', 'evidence'].includes(row.status);

// Filters from the page's fragment: #category=decode&runtime=llama.cpp (unknown keys ignored);
// #for=<result path> (a formula panel's link) selects the category whose rows test that number.
export function filtersFromHash(hash) {
  const params = new URLSearchParams(String(hash ?? '').replace(/^#/, ''));
  const filters = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? '']));
  const path = pathInHash(hash);
  if (path && !filters.category) filters.category = methodologyFor(path)?.category ?? '';
  return filters;
}

export function hashOf(filters) {
  const params = new URLSearchParams();
  for (const key of filterKeys) if (filters[key]) params.set(key, filters[key]);
  const text = params.toString();
  return text ? `#${text}` : '';
}

export function matches(row, filters) {
  return filterKeys.every((key) => !filters[key] || (row[key] ?? '') === filters[key]);
}

// The values a filter can take among the rows, sorted.
export function choices(rows, key) {
  return [...new Set(rows.map((row) => row[key]).filter(Boolean))].sort();
}

// The calculator's tab for a row's scenario: the section it carries.
function tabOf(scenario) {
  if (scenario.training) return ['lora', 'qlora'].includes(scenario.training.method) ? 'finetune' : 'training';
  if (scenario.inference) return 'inference';
  return 'model';
}

// index.html#v=1&... opening the row's scenario in the calculator (the page's own link format).
export async function calculatorLink(row) {
  if (!row.scenario) return null;
  return `index.html${await encodeState({ scenario: row.scenario, ui: { t: tabOf(row.scenario) } })}`;
}

// A figure in the unit its source printed it in.
export function quantity(fmt, value, unit) {
  if (typeof value !== 'number') return '–';
  switch (unit) {
    case 'bytes': return fmt.bytes(value);
    case 's': return fmt.seconds(value);
    case 'days': return fmt.days(value);
    case 'tokens/s': return fmt.tokensPerSecond(value);
    case 'params':
    case 'tokens': return fmt.count(value);
    case 'FLOPs': return fmt.flops(value);
    case 'fraction': return fmt.percent(value);
    default: return `${fmt.number(value)} ${unit}`;
  }
}
