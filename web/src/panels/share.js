// Sharing: the link (the whole page state), the scenario as JSON (export, import), and an embed
// snippet for documentation pages.
import { copyText } from '../clipboard.js';
import { h } from '../dom.js';
import { jsonErrorText, parseJsonObject } from '../json_guard.js';

export function createSharePanel(app) {
  const element = h('section', { class: 'panel share-panel', attrs: { 'aria-labelledby': 'share-heading' } });
  let builtFor = null;
  let parts;

  function build() {
    const { t } = app;
    const status = h('p', { class: 'status', role: 'status' });
    const linkField = h('input', { type: 'text', readOnly: true, id: 'share-link', spellcheck: false,
      on: { focus: () => linkField.select() } });
    const embedField = h('textarea', { readOnly: true, rows: 4, id: 'embed-code', spellcheck: false,
      on: { focus: () => embedField.select() } });
    const file = h('input', { type: 'file', accept: '.json,application/json', class: 'visually-hidden', id: 'import-file', tabIndex: -1,
      on: { change: () => importFile(file) } });
    parts = { status, linkField, embedField };
    element.replaceChildren(
      h('h2', { id: 'share-heading' }, t('share.heading')),
      h('div', { class: 'field field-block' }, h('label', { htmlFor: 'share-link' }, t('share.link')),
        h('span', { class: 'control' }, linkField,
          h('button', { type: 'button', on: { click: () => copy('link') } }, t('share.copy')))),
      h('div', { class: 'actions' },
        h('button', { type: 'button', id: 'export-json', on: { click: exportJson } }, t('share.export')),
        h('label', { class: 'button', htmlFor: 'import-file', tabIndex: 0,
          on: { keydown: (event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              file.click();
            }
          } } }, t('share.import')),
        file),
      h('div', { class: 'field field-block' }, h('label', { htmlFor: 'embed-code' }, t('share.embed')),
        embedField,
        h('div', { class: 'actions' }, h('button', { type: 'button', id: 'copy-embed', on: { click: () => copy('embed') } },
          t('share.copy_embed')), h('span', { class: 'hint' }, t('share.embed_hint')))),
      status,
    );
    builtFor = t.lang;
  }

  // Returns what it said ({ copied, text }), for a caller that says it elsewhere too.
  async function copy(what) {
    const href = await app.currentLink();
    const text = what === 'embed' ? embedSnippet(href) : href;
    const copied = await copyText(text);
    const said = copied ? app.t(what === 'embed' ? 'share.embed_copied' : 'share.copied') : app.t('share.copy_failed');
    say(said);
    return { copied, text: said };
  }

  function embedSnippet(href) {
    const url = new URL(href);
    const src = new URL(`embed.html${url.hash}`, url).href;
    const title = app.t('embed.iframe_title', { name: app.modelName() });
    return `<iframe src="${attr(src)}" title="${attr(title)}" width="100%" height="240" style="border:0;max-width:40rem" loading="lazy"></iframe>\n`
      + '<script>addEventListener("message",function(e){var d=e.data;if(d&&d.type==="llm-sizer:height")'
      + 'document.querySelectorAll("iframe").forEach(function(f){if(f.contentWindow===e.source)f.style.height=d.height+"px"})})</script>';
  }

  function exportJson() {
    const scenario = app.result && !app.error ? app.result.scenario : app.scenario;
    const blob = new Blob([`${JSON.stringify(scenario, null, 2)}\n`], { type: 'application/json' });
    const anchor = h('a', { href: URL.createObjectURL(blob), download: 'llm-sizer-scenario.json' });
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(anchor.href), 1000);
    say(app.t('share.exported'));
  }

  async function importFile(input) {
    const [chosen] = input.files;
    input.value = '';
    if (!chosen) return;
    let scenario;
    try {
      scenario = parseJsonObject(await chosen.text());
    } catch (error) {
      say(jsonErrorText(app.t, error, { 'bad-json': 'share.import_bad_json', 'not-object': 'share.import_not_object' }));
      return;
    }
    app.setScenario(scenario);
    say(app.t('share.imported', { name: chosen.name }));
  }

  function say(text) {
    parts.status.textContent = text;
  }

  return {
    element,
    update() {
      if (builtFor !== app.t.lang) build();
    },
    // Called whenever the URL was rewritten.
    showLink(href) {
      parts.linkField.value = href;
      parts.embedField.value = embedSnippet(href);
    },
    copyLink: () => copy('link'),
  };
}

function attr(text) {
  return String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
