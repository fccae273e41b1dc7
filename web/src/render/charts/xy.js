// Lines and points on x/y axes, drawn by uPlot: tokens/s against batch or context, the roofline
// with its operating point, training days against GPU count, the quantization memory-vs-quality
// scatter with its Pareto frontier. One call per chart:
//
//   await xyChart(element, { x: [...], series: [{ label, values, points: true }], xLabel, yLabel,
//     log: { x: true }, format: { x: fn, y: fn }, title })
//
// x is ascending; a series has one value per x (null where it has none). points: true draws
// dots only (a scatter); connect: true joins a sparse series across its nulls (a frontier).
// This module and uPlot load on first use (a separate file), so the first view does not pay for
// them. It imports nothing of the page, so the bundler keeps it a single lazy file.
import uPlot from 'uplot';

const palette = ['--c0', '--c1', '--c2', '--c3', '--c4', '--c5', '--c6', '--c7', '--c8', '--c9'];

export function xyChart(element, { x, series, xLabel = '', yLabel = '', log = {}, format = {}, title = '', height = 260 }) {
  const style = getComputedStyle(element);
  const colour = (i) => style.getPropertyValue(palette[i % palette.length]).trim() || '#36c';
  const ink = style.getPropertyValue('--ink-2').trim() || '#666';
  const grid = style.getPropertyValue('--line').trim() || '#ddd';
  const axis = (label, fmt) => ({
    label, stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 },
    values: fmt ? (u, ticks) => ticks.map((v) => (v === null ? '' : fmt(v))) : undefined,
  });
  const options = {
    title,
    width: Math.max(240, element.clientWidth || 480),
    height,
    scales: { x: { time: false, distr: log.x ? 3 : 1 }, y: { distr: log.y ? 3 : 1 } },
    axes: [axis(xLabel, format.x), axis(yLabel, format.y)],
    legend: { show: series.length > 1 },
    cursor: { points: { size: 6 } },
    series: [
      { label: xLabel, value: format.x ? (u, v) => (v === null ? '–' : format.x(v)) : undefined },
      ...series.map((s, i) => ({
        label: s.label,
        stroke: colour(i),
        width: s.points ? 0 : 2,
        spanGaps: Boolean(s.connect),
        points: { show: Boolean(s.points), size: 7, fill: colour(i) },
        value: format.y ? (u, v) => (v === null ? '–' : format.y(v)) : undefined,
      })),
    ],
  };
  element.replaceChildren();
  const chart = new uPlot(options, [x, ...series.map((s) => s.values)], element);
  const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(240, element.clientWidth), height }));
  resize.observe(element);
  return {
    chart,
    update: (nextX, nextSeries) => chart.setData([nextX, ...nextSeries.map((s) => s.values)]),
    destroy() {
      resize.disconnect();
      chart.destroy();
    },
  };
}
