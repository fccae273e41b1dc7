// One number from the result: its formatted text inside <data value="exact figure"> (copy, tests
// and screen readers get the exact value), and, when the core explains it, a toggle that opens its
// formula. The caller places the formula panel (under a table row, below a headline).
import { h, uid } from '../dom.js';
import { getPath } from '../state.js';
import { formulaPanel } from './formula.js';

export function resultNumber(ctx, path, { text, value } = {}) {
  const raw = value ?? getPath(ctx.result, path);
  const shown = text ?? ctx.fmt.byName(path, raw);
  const data = h('data', { class: 'num', value: String(raw), title: typeof raw === 'number' ? ctx.fmt.exact(raw) : undefined,
    dataset: { path } }, shown);
  if (!ctx.result.explain?.[path]) return { value: data, panel: null };

  // The formula is built when first opened: most stay closed, and every input change redraws.
  const panelId = uid('formula');
  const panel = h('div', { class: 'formula-holder', id: panelId });
  const fill = () => panel.hasChildNodes() || panel.append(formulaPanel(ctx, path));
  let open = ctx.expanded.has(path);
  panel.hidden = !open;
  if (open) fill();
  const toggle = h('button', {
    type: 'button', class: 'formula-toggle', text: 'ƒ',
    attrs: { 'aria-expanded': String(open), 'aria-controls': panelId,
      'aria-label': ctx.t('formula.show', { name: ctx.t.field(path) }) },
    title: ctx.t('formula.tooltip'),
    on: {
      click() {
        open = !open;
        if (open) fill();
        panel.hidden = !open;
        toggle.setAttribute('aria-expanded', String(open));
        if (open) ctx.expanded.add(path);
        else ctx.expanded.delete(path);
      },
    },
  });
  return { value: h('span', { class: 'num-wrap' }, data, toggle), panel };
}
