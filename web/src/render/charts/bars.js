// Stacked horizontal bars against an optional capacity line: parameters by component today,
// memory by component against a device's memory (fp16 and 4-bit rows side by side) later. Plain
// elements sized in percent beat a chart library here: crisp at any width, text stays text, and
// it costs a few hundred bytes.
import { h } from '../../dom.js';

// rows: [{ label, segments: [{ key, label, value }] }]; capacity: { value, label } or null;
// format(value) → text; title: accessible name of the chart.
export function stackedBars({ rows, capacity = null, format, title }) {
  const scale = Math.max(capacity?.value ?? 0, ...rows.map((row) => total(row.segments))) || 1;
  const keys = [...new Set(rows.flatMap((row) => row.segments.filter((s) => s.value > 0).map((s) => s.key)))];
  const colour = (key) => `c${keys.indexOf(key) % 10}`;
  const labels = new Map(rows.flatMap((row) => row.segments.map((s) => [s.key, s.label])));

  const bars = rows.map((row) => {
    const sum = total(row.segments);
    const summary = row.segments.filter((s) => s.value > 0).map((s) => `${s.label} ${format(s.value)}`).join(', ');
    const track = h('div', { class: 'bars-track', role: 'img',
      attrs: { 'aria-label': `${row.label ? `${row.label}: ` : ''}${format(sum)} (${summary})` } },
    row.segments.filter((s) => s.value > 0).map((s) => {
      const segment = h('span', { class: `bars-seg ${colour(s.key)}`, title: `${s.label}: ${format(s.value)}` });
      segment.style.width = `${(100 * s.value) / scale}%`;
      return segment;
    }));
    if (capacity) {
      const line = h('span', { class: 'bars-capacity', title: `${capacity.label}: ${format(capacity.value)}` });
      line.style.left = `${(100 * capacity.value) / scale}%`;
      track.append(line);
    }
    return h('div', { class: row.label ? 'bars-row labeled' : 'bars-row' },
      row.label ? h('span', { class: 'bars-label' }, row.label) : null,
      track,
      h('span', { class: 'bars-total' }, format(sum)));
  });

  return h('figure', { class: 'bars' },
    h('figcaption', { class: 'visually-hidden' }, title),
    bars,
    h('ul', { class: 'bars-legend' }, keys.map((key) => h('li', {},
      h('span', { class: `bars-swatch ${colour(key)}`, attrs: { 'aria-hidden': 'true' } }), labels.get(key))),
    capacity ? h('li', {}, h('span', { class: 'bars-swatch capacity', attrs: { 'aria-hidden': 'true' } }),
      `${capacity.label} ${format(capacity.value)}`) : null));
}

function total(segments) {
  return segments.reduce((sum, s) => sum + Math.max(0, s.value), 0);
}
