// Types of the LLM Sizer core's API. The scenario is the one schema behind the CLI, the page's
// links and this module (README of the project: "Scenario schema"); results are SI (bytes,
// seconds, FLOPs). Fields not listed here are still returned; see the project README.

/** A Hugging Face config.json object (its own field names; unused keys are ignored). */
export type ModelConfig = { model_type?: string; [field: string]: unknown };

/** A model: a preset id ("llama-3-8b"), a config.json object, or a preset with overrides. */
export type ModelChoice = string | ModelConfig | ({ preset: string } & Record<string, unknown>);

export interface AcceleratorSpec {
  name?: string;
  memory_bytes: number;
  memory_bandwidth_bytes_per_s: number;
  dense_flops_per_s: Partial<Record<'fp32' | 'tf32' | 'fp16' | 'bf16' | 'fp8' | 'int8' | 'int4' | 'fp4', number>>;
  tdp_w?: number;
  interconnect_bytes_per_s?: number;
}

export interface TrainingSection {
  method?: 'full' | 'lora' | 'qlora';
  tokens?: number;
  mfu?: number;
  precision?: 'bf16' | 'fp16' | 'fp8' | 'tf32' | 'fp32';
  optimizer?: string;
  zero_stage?: 0 | 1 | 2 | 3;
  tp?: number;
  pp?: number;
  dp?: number;
  micro_batch?: number;
  seq_len?: number;
  recompute?: 'none' | 'selective' | 'full';
  lora_rank?: number;
  target_days?: number;
  price_per_gpu_hour_usd?: number;
  [field: string]: unknown;
}

export interface InferenceSection {
  /** A weight format id: "bf16", "q4_k_m", "awq-4bit-g128", ... (presets().choices.inference.weights). */
  weights?: string;
  kv_cache?: string;
  runtime?: 'generic' | 'vllm' | 'llama.cpp' | 'tensorrt-llm' | 'sglang' | 'ollama' | 'mlx' | 'ik_llama.cpp' | 'ktransformers';
  batch?: number;
  context_tokens?: number;
  prompt_tokens?: number;
  output_tokens?: number;
  tp?: number;
  price_per_gpu_hour_usd?: number;
  target_requests_per_s?: number;
  [field: string]: unknown;
}

export interface Scenario {
  version?: 1;
  model: ModelChoice;
  hardware?: {
    accelerator?: string | AcceleratorSpec | ({ preset: string } & Partial<AcceleratorSpec>);
    count?: number;
    /** The machine's disk: with llama.cpp, weights that do not fit in RAM are read from it (verdict "streams_from_disk"). */
    disk_read_bytes_per_s?: number;
    [field: string]: unknown;
  };
  training?: TrainingSection;
  inference?: InferenceSection;
  /** Asks for the table of every weight format ({} for all, or { formats: [ids] }). */
  quantization?: { formats?: string[] };
}

/**
 * A text's code in the core's message table (`llm-sizer messages` lists each with its English) and
 * the values its text names: translate it with your own table, or show the English beside it.
 */
export type TextParams = Record<string, string | number | (string | number)[]>;

/** How a number was obtained: a formula whose {placeholders} name its terms, and its reference. */
export interface Explanation {
  formula: string;
  /** unit: what the term counts, in English; unit_code/unit_params: the same as a text code. */
  terms: { name: string; value: number; unit: string; unit_code?: string; unit_params?: TextParams }[];
  ref: string;
}

export interface QualityFigure {
  id: string;
  /** What the table printed: "ppl" (with baseline), "ppl_delta" (with baseline) or "ppl_ratio". */
  metric: 'ppl' | 'ppl_delta' | 'ppl_ratio';
  value: number;
  baseline?: number;
  dataset?: string;
  context?: number;
  imatrix: boolean;
  source: string;
  url: string;
}

export interface QuantizationOption {
  format: string;
  name: string;
  name_code: string;
  name_params?: TextParams;
  weights_bytes: number;
  bits_per_weight: number;
  fits: boolean;
  runtime_supported: boolean;
  native: boolean;
  decode_tokens_per_s?: number;
  prefill_tokens_per_s?: number;
  /** The published figure behind the quality, absent when none is published for this model. */
  quality?: QualityFigure;
  quality_source: string;
  /** Perplexity increase over the 16-bit model of the same table, in percent. */
  quality_loss_pct?: number;
  /** Mean KL divergence from the 16-bit model, where the same table prints it. */
  quality_kld?: number;
  pareto: boolean;
}

export interface Result {
  model: {
    params_total: number;
    params_active: number;
    params_embedding: number;
    breakdown: Record<string, number>;
    architecture: Record<string, unknown>;
    preset?: { id: string; name: string; hf_id: string; official_params: number; recognised: boolean; [field: string]: unknown };
    [field: string]: unknown;
  };
  /** `modified`: a catalog entry with some of its figures replaced by the scenario. */
  hardware: { accelerator: AcceleratorSpec & { id: string; name: string; modified?: boolean; [field: string]: unknown }; count: number };
  /** The input with every default written out. */
  scenario: Scenario & Record<string, unknown>;
  training?: {
    flops_total: number;
    wall_days: number;
    gpu_hours: number;
    memory_per_gpu_bytes: number;
    fits: boolean;
    cost_usd?: number;
    [field: string]: unknown;
  };
  inference?: {
    memory_per_device_bytes: number;
    fits: boolean;
    decode_tokens_per_s?: number;
    ttft_s?: number;
    cost_per_million_tokens_usd?: number;
    best_format?: string;
    [field: string]: unknown;
  };
  quantization?: { options: QuantizationOption[] };
  explain: Record<string, Explanation>;
  references: Record<string, { citation: string; url: string }>;
  warnings: { field: string; message: string; code: string; params?: TextParams }[];
}

/** The catalog: model presets, accelerators, prices, published quality, and every choice. */
export interface Presets {
  models: { id: string; name: string; family: string; hf_id?: string; config: ModelConfig; [field: string]: unknown }[];
  accelerators: ({ id: string; name: string; vendor: string } & AcceleratorSpec & Record<string, unknown>)[];
  model_types: string[];
  config_fields: string[];
  choices: { training: Record<string, unknown[]>; inference: Record<string, unknown[]> };
  [kind: string]: unknown;
}

/** Thrown for a scenario the core refuses: the CLI's message, and where. */
export interface LlmSizerError extends Error {
  /** The scenario path at fault, e.g. "hardware.count". */
  field: string;
  /** What the field accepts. */
  allowed: string;
  /** The value it was given. */
  got: string;
  /** The rule as a text code (e.g. "error.divide_layers"; an unknown field is "error.unknown_field"). */
  code: string;
  /** The values the rule's text names. */
  params: TextParams;
}

export interface LlmSizer {
  /** The result for a scenario (an object or its JSON text); throws an LlmSizerError. */
  estimate(scenario: Scenario | string): Result;
  /** The catalog listing. */
  presets(): Presets;
  // The Planner's search (plan) is declared here once the core exports it.
}

export interface CreateOptions {
  /** The .wasm's bytes: needed under Node, where the module cannot fetch a file URL. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where the .wasm is, when it is not served beside this module. */
  locateFile?: (file: string) => string;
}

/** Loads the WebAssembly core (once per call); resolves when it can answer. */
export function createLlmSizer(options?: CreateOptions): Promise<LlmSizer>;
