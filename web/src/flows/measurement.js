// "Your measurement": the user pastes what their own setup measured (llama-bench, llama.cpp's
// timings, vLLM's benchmark summary or a figure); the core reads it into inference.measured,
// which the link keeps, and fits the efficiency that makes the estimate give it. The block then
// sets measured and estimated side by side, with the fitted efficiency and its formula.
import { h } from '../dom.js';
import { problemSentence } from '../render/problem.js';
import { numbersTable, section } from './parts.js';

export function measurementSection(ctx) {
  const { t, fmt, result } = ctx;
  const fit = result.inference.measured_fit;
  const paste = h('textarea', {
    id: 'measurement-paste', rows: 4, spellcheck: false,
    attrs: { 'aria-label': t('measured.paste_label'), placeholder: t('measured.placeholder') },
  });
  const problem = h('p', { class: 'field-error', attrs: { role: 'alert' } });
  const use = () => {
    const answer = ctx.readMeasurement(paste.value);
    if (answer.error) {
      problem.textContent = problemSentence(t, answer.error);
      return;
    }
    problem.textContent = '';
    ctx.set('inference.measured', answer.value.measured);
  };
  // Ctrl+Enter in the box uses it, as the config editor does.
  paste.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) use();
  });
  const compare = fit ? Object.entries(fit).map(([speed, f]) => h('div', { class: 'measured-fit', dataset: { speed } },
    h('h4', {}, t(`measured.${speed}`)),
    numbersTable(ctx, [
      { path: `inference.measured_fit.${speed}.measured_tokens_per_s`, label: t('measured.measured') },
      { path: `inference.measured_fit.${speed}.default_tokens_per_s`, label: t('measured.default') },
      { path: `inference.measured_fit.${speed}.default_efficiency`, label: [t('measured.default_efficiency'), ' ', h('code', {}, f.efficiency)] },
      f.matched ? { path: `inference.measured_fit.${speed}.fitted_efficiency`, label: [t('measured.fitted_efficiency'), ' ', h('code', {}, f.efficiency)] } : null,
    ].filter(Boolean)),
    h('p', { class: f.matched ? 'meta' : 'field-error' }, f.matched
      ? t(f.measured_tokens_per_s >= f.default_tokens_per_s ? 'measured.matched_faster' : 'measured.matched_slower',
        { change: fmt.percent(Math.abs(f.measured_tokens_per_s / f.default_tokens_per_s - 1)) })
      : t(`measured.unmatched_${f.unmatched}`)))) : [];
  const source = ctx.scenario?.inference?.measured?.source;
  return h('div', { class: 'measurement-section' }, section(t('measured.title'), t('measured.hint'),
    h('div', { class: 'fields' }, paste,
      h('div', { class: 'actions' },
        h('button', { type: 'button', id: 'use-measurement', on: { click: use } }, t('measured.use')),
        fit ? h('button', { type: 'button', id: 'drop-measurement', on: { click: () => ctx.reset('inference.measured') } }, t('measured.drop')) : null)),
    problem,
    fit && source ? h('p', { class: 'meta' }, t('measured.from'), ' ', h('code', {}, source)) : null,
    compare));
}
