// <llm-sizer-card>: importing "llm-sizer/card" defines the element.

/**
 * The LLM Sizer card, drawn inline. Attributes: `scenario` (the scenario JSON), `lang` ("en" or
 * "zh"), `units` ("GB" or "GiB"), `href` (the calculator's address, for an "Open" link). Once
 * drawn, `data-state` is "ready" or "error" and an `llm-sizer:ready` event fires.
 */
export declare class LlmSizerCard extends HTMLElement {}

declare global {
  interface HTMLElementTagNameMap {
    'llm-sizer-card': LlmSizerCard;
  }
  interface HTMLElementEventMap {
    'llm-sizer:ready': CustomEvent<{ state: 'ready' | 'error' }>;
  }
}
