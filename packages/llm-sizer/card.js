// Defines <llm-sizer-card scenario='{"model": "llama-3-8b"}'>: the LLM Sizer card inline in a
// page (no iframe). Importing this module is all it takes; see README.md for the attributes.
import css from 'llm-sizer-card-css';

import { defineCardElement } from '../../web/src/card-element.js';

export const LlmSizerCard = defineCardElement({ css, wasmUrl: new URL('./llm_sizer_wasm.wasm', import.meta.url) });
