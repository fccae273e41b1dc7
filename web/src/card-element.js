// <llm-sizer-card>: the embed card as a custom element, drawn inline in another site's page (no
// iframe), in a shadow root so neither page's styles reach the other.
//
//   <llm-sizer-card scenario='{"model": "llama-3-8b", "inference": {}}'></llm-sizer-card>
//
// Attributes: scenario (the scenario JSON, the same the CLI and the page's links carry), lang (en,
// zh; default: the nearest lang attribute, else the browser's), units (GB or GiB, default GiB),
// href (the calculator's address: adds an "Open in the calculator" link to this scenario). The
// element sets data-state="ready" or "error" when drawn and fires "llm-sizer:ready".
import { h, replaceChildren } from './dom.js';
import { startEngine } from './engine.js';
import { BYTE_UNITS, createFormat } from './format.js';
import { createI18n, detectLanguage, isLanguage, loadLanguage } from './i18n/index.js';
import { JsonInputError, jsonErrorText, parseJsonObject } from './json_guard.js';
import { cardContent, cardProblem } from './render/card.js';
import { problemSentence } from './render/problem.js';
import { encodeState } from './url.js';

// Defines the element once. css: the card's stylesheet text; wasmUrl: where the core's .wasm is.
export function defineCardElement({ css, wasmUrl, name = 'llm-sizer-card' }) {
  if (customElements.get(name)) return customElements.get(name);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);

  class LlmSizerCard extends HTMLElement {
    static observedAttributes = ['scenario', 'lang', 'units', 'href'];

    #root = this.attachShadow({ mode: 'open' });
    #drawing = 0; // the latest draw; an older one that finishes late is dropped
    #connected = false; // attributes set before the element is connected draw once, on connecting

    constructor() {
      super();
      this.#root.adoptedStyleSheets = [sheet];
    }

    connectedCallback() {
      this.#connected = true;
      this.#draw();
    }

    disconnectedCallback() {
      this.#connected = false;
    }

    attributeChangedCallback() {
      if (this.#connected) this.#draw();
    }

    async #draw() {
      const drawing = ++this.#drawing;
      const asked = this.getAttribute('lang') ?? this.closest('[lang]')?.getAttribute('lang') ?? '';
      const lang = isLanguage(asked.split('-')[0]) ? asked.split('-')[0] : detectLanguage(navigator.languages ?? []);
      const units = this.getAttribute('units');
      const t = createI18n(await loadLanguage(lang, { sections: true }));
      const fmt = createFormat({ locale: t.locale, bytes: BYTE_UNITS.includes(units) ? units : 'GiB', words: t.units });
      // The attribute is untrusted JSON, read by the page's one gate (json_guard.js).
      let scenario = null;
      let refused = t('embed.bad_scenario');
      try {
        scenario = parseJsonObject(this.getAttribute('scenario') ?? '');
      } catch (error) {
        if (!(error instanceof JsonInputError)) throw error;
        refused = jsonErrorText(t, error, { 'bad-json': 'embed.bad_scenario', 'not-object': 'embed.bad_scenario' });
      }
      const show = (state, content) => {
        if (drawing !== this.#drawing) return;
        replaceChildren(this.#root, h('article', { class: 'card', attrs: { 'aria-live': 'polite' } }, content));
        this.dataset.state = state;
        this.dispatchEvent(new CustomEvent('llm-sizer:ready', { detail: { state } }));
      };
      if (!scenario) {
        show('error', cardProblem(t, refused));
        return;
      }
      const engine = await startEngine({ wasmUrl });
      const { result, error } = engine.estimate(scenario);
      const href = this.getAttribute('href');
      const open = href ? new URL(await encodeState({ scenario, ui: { l: lang, u: fmt.bytesUnit } }), new URL(href, document.baseURI)).href : null;
      if (error) {
        show('error', cardProblem(t, t('embed.error', { message: problemSentence(t, error) }), { open }));
        return;
      }
      show('ready', cardContent({ result, t, fmt, catalog: engine.catalog() }, { open }));
    }
  }

  customElements.define(name, LlmSizerCard);
  return LlmSizerCard;
}
