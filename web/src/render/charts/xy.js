// Lines and points on x/y axes, drawn by uPlot: tokens/s against batch or context, the roofline
// with its operating point, training days against GPU count, the quantization memory-vs-quality
// scatter with its Pareto frontier. One call per chart:
//
//   await xyChart(element, { x: [...], series: [{ label, values, points: true }], xLabel, yLabel,
//     log: { x: true, y: 2 }, format: { x: fn, y: fn }, title })
//
// x is ascending; a series has one value per x (null where it has none). points: true draws
// dots only (a scatter); connect: true joins a sparse series across its nulls (a frontier);
// labels: one text per x, written beside that series' points (null for none); colour: palette
// index (default: the series' position); dash: a dashed line (a target).
// This module and uPlot load on first use (a separate file), so the first view does not pay for
// them. It imports nothing of the page, so the bundler keeps it a single lazy file.
import uPlot from 'uplot';

// log: { x: true | 2 }: a log axis, in decades (true) or in powers of two (2: batch sizes, GPUs).
const logBase = (choice) => (choice === 2 ? 2 : 10);
const palette = ['--c0', '--c1', '--c2', '--c3', '--c4', '--c5', '--c6', '--c7', '--c8', '--c9'];

export function xyChart(element, spec) {
  const { x, series, xLabel = '', yLabel = '', log = {}, format = {}, title = '', height = 260 } = spec;
  const style = getComputedStyle(element);
  const colour = (i) => style.getPropertyValue(palette[i % palette.length]).trim() || '#36c';
  const ink = style.getPropertyValue('--ink-2').trim() || '#666';
  const grid = style.getPropertyValue('--line').trim() || '#ddd';
  const font = style.fontFamily || 'sans-serif';
  let current = spec;
  // An axis as wide as its longest tick label (the y axis' "1.5 PFLOP/s" needs room).
  const fitLabels = (u, values, index, cycle) => {
    const a = u.axes[index];
    if (cycle > 1) return a._size;
    const longest = (values ?? []).reduce((widest, text) => (String(text).length > widest.length ? String(text) : widest), '');
    u.ctx.font = a.font[0];
    return Math.ceil(a.ticks.size + a.gap + u.ctx.measureText(longest).width / uPlot.pxRatio) + 4;
  };
  const axis = (label, fmt, vertical) => {
    const options = { label, stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    if (fmt) options.values = (u, ticks) => ticks.map((v) => (v === null ? '' : fmt(v)));
    if (vertical) options.size = fitLabels;
    else options.space = 72; // room for labels such as "25.6 GiB" between ticks
    return options;
  };
  // The x axis spans the data (uPlot's log scales would round out to whole decades); a linear
  // one with a margin, so points at the ends are whole.
  const exact = log.x ? (u, min, max) => [min, max] : (u, min, max) => [min - (max - min) * 0.04, max + (max - min) * 0.04];
  // Texts beside points (format names on a scatter, "ridge point" on the roofline).
  const drawLabels = (u) => {
    const { ctx } = u;
    ctx.save();
    ctx.font = `${Math.round(11 * uPlot.pxRatio)}px ${font}`;
    ctx.fillStyle = ink;
    ctx.textBaseline = 'bottom';
    const gap = 6 * uPlot.pxRatio;
    const line = 13 * uPlot.pxRatio;
    current.series.forEach((s, i) => {
      if (!s.labels) return;
      // Boxes already written: a label that would overlap one moves below its point, or is left
      // out when that overlaps too (narrow charts).
      const placed = [];
      s.values.forEach((v, j) => {
        const text = s.labels[j];
        if (v === null || v === undefined || !text) return;
        const px = u.valToPos(current.x[j], 'x', true);
        const py = u.valToPos(v, 'y', true);
        const width = ctx.measureText(text).width;
        const left = px + gap + width > u.bbox.left + u.bbox.width ? px - width - gap : px + gap;
        const overlaps = (top) => placed.some((b) => left < b.right && left + width > b.left && top < b.bottom && top + line > b.top);
        let top = py - line - 2 * uPlot.pxRatio;
        if (overlaps(top)) top = py + 3 * uPlot.pxRatio;
        if (overlaps(top)) return;
        placed.push({ left, right: left + width, top, bottom: top + line });
        ctx.fillStyle = colour(s.colour ?? i);
        ctx.fillText(text, left, top + line);
      });
    });
    ctx.restore();
  };
  const options = {
    title,
    width: Math.max(240, element.clientWidth || 480),
    height,
    scales: { x: { time: false, distr: log.x ? 3 : 1, log: logBase(log.x), range: exact }, y: { distr: log.y ? 3 : 1, log: logBase(log.y) } },
    axes: [axis(xLabel, format.x, false), axis(yLabel, format.y, true)],
    legend: { show: series.length > 1, live: false },
    cursor: { points: { size: 6 } },
    hooks: { draw: [drawLabels] },
    series: [
      format.x ? { label: xLabel, value: (u, v) => (v === null ? '–' : format.x(v)) } : { label: xLabel },
      ...series.map((s, i) => {
        const options = {
          label: s.label,
          stroke: colour(s.colour ?? i),
          width: s.points ? 0 : 2,
          spanGaps: Boolean(s.connect),
          points: { show: Boolean(s.points || s.connect), size: s.points ? 8 : 6, fill: colour(s.colour ?? i) },
        };
        if (s.dash) options.dash = [6, 4];
        if (format.y) options.value = (u, v) => (v === null ? '–' : format.y(v));
        return options;
      }),
    ],
  };
  element.replaceChildren();
  const chart = new uPlot(options, [x, ...series.map((s) => s.values)], element);
  const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(240, element.clientWidth), height }));
  resize.observe(element);
  return {
    chart,
    // New data of the same shape (same series, axes and formatters).
    update(next) {
      current = next;
      chart.setData([next.x, ...next.series.map((s) => s.values)]);
    },
    destroy() {
      resize.disconnect();
      chart.destroy();
    },
  };
}
