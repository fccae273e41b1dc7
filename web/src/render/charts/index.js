// The page's charts. Bars are drawn directly; x/y charts load uPlot on first use.
import { h } from '../../dom.js';

export { stackedBars } from './bars.js';

export async function xyChart(element, spec) {
  const { xyChart: draw } = await import('./xy.js');
  return draw(element, spec);
}

// Resolves when the element comes near the viewport: charts sit below the answer, so uPlot loads
// (and each chart draws) only when someone scrolls towards one. stop() gives up waiting.
function nearViewport(element) {
  let observer;
  const near = new Promise((resolve) => {
    observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      resolve();
    }, { rootMargin: '400px 0px' });
    observer.observe(element);
  });
  return { near, stop: () => observer.disconnect() };
}

// Charts that live across redraws: a view is rebuilt on every input change, and asks for its
// charts by key; a chart of the same shape is moved into the new view and given the new data
// (uPlot's setData), anything else is drawn afresh, and charts no view asked for are destroyed.
//   slots.begin(); view = render(...chart(key, spec, version)...); slots.end();
// version: what the spec's formatters depend on (language, byte unit).
export function chartSlots() {
  const slots = new Map(); // key → { element, shape, spec (the latest), drawn: Promise<chart | null>, stop }
  let used = new Set();
  const destroy = (slot) => {
    slot.stop();
    slot.drawn.then((chart) => chart?.destroy());
  };
  return {
    begin() {
      used = new Set();
    },
    chart(key, spec, version = '') {
      used.add(key);
      const shape = JSON.stringify([version, spec.xLabel, spec.yLabel, spec.log, spec.height,
        spec.series.map((s) => [s.label, Boolean(s.points), Boolean(s.connect), Boolean(s.labels), s.colour, s.dash])]);
      const slot = slots.get(key);
      if (slot && slot.shape === shape) {
        slot.spec = spec;
        slot.drawn.then((chart) => chart?.update(spec));
        return slot.element;
      }
      if (slot) destroy(slot);
      const element = h('div', { class: 'chart', dataset: { chart: key } });
      const { near, stop } = nearViewport(element);
      const fresh = { element, shape, spec, stop };
      fresh.drawn = near.then(() => xyChart(element, fresh.spec)).catch((error) => {
        console.error(error);
        return null;
      });
      slots.set(key, fresh);
      return element;
    },
    end() {
      for (const [key, slot] of slots) {
        if (used.has(key)) continue;
        destroy(slot);
        slots.delete(key);
      }
    },
  };
}
