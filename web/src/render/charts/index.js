// The page's charts. Bars are drawn directly; x/y charts load uPlot on first use.
export { stackedBars } from './bars.js';

export async function xyChart(element, spec) {
  const { xyChart: draw } = await import('./xy.js');
  return draw(element, spec);
}
