// The command that realises an inference answer and the one that measures it, as the core writes
// them (result.inference.command): each in a code block with a copy button, the core's notes
// beneath, and the other runtimes' lines folded below.
import { copyText } from '../clipboard.js';
import { h } from '../dom.js';
import { section } from './parts.js';

export function commandSection(ctx) {
  const command = ctx.result.inference.command;
  if (!command) return null;
  const { t } = ctx;
  // Another runtime goes by its name; another program of the same runtime (llama-cli) by its own.
  const nameOf = (alternative) => (alternative.runtime === command.runtime ? alternative.run.split(' ')[0] : runtimeName(ctx, alternative.runtime));
  const others = (command.alternatives ?? []).map((alternative) => h('details', { class: 'command-alternative' },
    h('summary', {}, codeWords(t('inference.command_alternative', { runtime: nameOf(alternative) }), new Set([alternative.run.split(' ')[0]]))),
    commandBlock(ctx, alternative)));
  return h('div', { class: 'command-section', dataset: { runtime: command.runtime } },
    section(t('inference.command'), t('inference.command_hint'), commandBlock(ctx, command), others));
}

function runtimeName(ctx, id) {
  return ctx.t.choice(`runtime.${id}`, id);
}

function commandBlock(ctx, command) {
  const { t } = ctx;
  const programs = programNames(command);
  return h('div', { class: 'command', dataset: { runtime: command.runtime } },
    snippet(ctx, 'run', t('inference.command_run'), command.run),
    command.modelfile ? snippet(ctx, 'modelfile', t('inference.command_modelfile'), command.modelfile) : null,
    command.measure ? snippet(ctx, 'measure', t('inference.command_measure'), command.measure) : null,
    command.notes?.length ? h('ul', { class: 'command-notes' },
      command.notes.map((note) => h('li', { dataset: { code: note.code } }, noteText(t.text(note.code, note.params, note.message), note.params, programs))))
      : null);
}

// The programs a command starts (llama-server, ollama, the first word after &&), its runtime's
// id, and Modelfile where there is one: the notes name them.
function programNames(command) {
  const names = new Set([command.runtime]);
  if (command.modelfile) names.add('Modelfile');
  for (const line of [command.run, command.measure].filter(Boolean)) {
    for (const part of line.split(/&&|\|/)) {
      const words = part.trim().split(/\s+/);
      names.add(words[0]);
    }
  }
  return names;
}

// A note with its code as code: the commands and files it quotes (its command and file
// parameters), then its identifiers.
function noteText(text, params, programs) {
  const quoted = ['command', 'file'].map((key) => params?.[key]).filter((value) => typeof value === 'string' && value);
  const parts = [];
  let rest = text;
  for (;;) {
    const hits = quoted.map((value) => ({ value, at: rest.indexOf(value) })).filter(({ at }) => at >= 0);
    if (!hits.length) break;
    const first = hits.reduce((a, b) => (b.at < a.at ? b : a));
    parts.push(codeWords(rest.slice(0, first.at), programs), h('code', {}, first.value));
    rest = rest.slice(first.at + first.value.length);
  }
  parts.push(codeWords(rest, programs));
  return parts;
}

// A titled code block and its copy button; the button says whether it copied, for screen readers
// too.
function snippet(ctx, role, label, text) {
  const { t } = ctx;
  const status = h('span', { class: 'copy-status', attrs: { role: 'status', 'aria-live': 'polite' } });
  const button = h('button', {
    type: 'button',
    class: 'copy-command',
    attrs: { 'aria-label': t('inference.command_copy_label', { what: label }) },
    on: {
      click: async () => {
        const copied = await copyText(text);
        status.textContent = t(copied ? 'inference.command_copied' : 'inference.command_copy_failed');
        status.className = `copy-status ${copied ? 'ok' : 'bad'}`;
      },
    },
  }, t('inference.command_copy'));
  return h('div', { class: 'snippet', dataset: { role } },
    h('div', { class: 'snippet-head' }, h('span', { class: 'snippet-label' }, label), button, status),
    h('pre', {}, h('code', {}, text)));
}

// Text with its identifiers as code: option names (-ot, --n-cpu-moe), names with _ or =
// (CUDA_VISIBLE_DEVICES, inference.model_file), and the programs of the command.
function codeWords(text, programs) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(/[A-Za-z0-9_.=/:-]+/g)) {
    const word = match[0].replace(/[.:]+$/, '');
    const code = /^-{1,2}[A-Za-z]/.test(word) || /[_=]/.test(word) || programs.has(word);
    if (!code) continue;
    parts.push(text.slice(last, match.index), h('code', {}, word));
    last = match.index + word.length;
  }
  parts.push(text.slice(last));
  return parts;
}
