#pragma once

#include <string_view>

namespace llm_sizer {

struct MessageText {
  std::string_view code;     // stable: results and the page's i18n files name texts by it
  std::string_view english;  // the CLI's text; {name} is filled from the message's params
};

// Every text the core gives people, by code. The page says each in its language from
// web/src/i18n/en.js and zh.js (`texts`, same codes; a test checks both have exactly these codes
// and the same {names}). Adding a text: a line here, one in each i18n file. Never reuse a code for
// another meaning; a code no longer used is removed from all three.
inline constexpr MessageText kMessageTable[] = {
    {"", ""},  // the empty text (a term without a unit)

    // --- Input errors: what a field allows (InputError) --------------------------------------
    {"error.object", "must be a JSON object"},
    {"error.required", "is required"},
    {"error.required_positive_integer", "is required (a positive integer)"},
    {"error.positive_integer", "must be a positive integer"},
    {"error.integer_at_least", "must be an integer >= {min}"},
    {"error.integer_in", "must be an integer in [{min}, {max}]"},
    {"error.positive_number", "must be a positive number"},
    {"error.non_negative_number", "must be a number >= 0"},
    {"error.number_in", "must be a number in {range}"},
    {"error.boolean", "must be true or false"},
    {"error.string", "must be a string"},
    {"error.one_of", "must be one of {allowed}"},
    {"error.integer_array", "must be an array of integers"},
    {"error.string_array", "must be an array of strings"},
    {"error.unknown_field", "is not a known field; known fields: {known}"},
    {"error.json_syntax", "invalid JSON at line {line}, column {column}: {reason}"},
    {"error.read_file", "cannot read scenario file {path}"},
    // The scenario's model and hardware.
    {"error.model_required", "is required (a preset id or a config.json object)"},
    {"error.model", "must be a preset id or a config.json object"},
    {"error.model_preset", "must be a model preset id (list them with `llm-sizer presets`)"},
    {"error.accelerator_preset",
     "must be an accelerator preset id (list them with `llm-sizer presets`)"},
    {"error.memory_required", "is required (bytes > 0)"},
    {"error.section_elsewhere",
     "is computed by the full core; this module (the page's first view) computes the model only"},
    // A config.json.
    {"error.divide_attention_heads", "must divide num_attention_heads ({heads})"},
    {"error.divide_hidden_size",
     "must divide hidden_size ({hidden_size}) when head_dim is not given"},
    {"error.required_for_moe", "is required for a mixture-of-experts model"},
    {"error.required_for_moe_width",
     "is required for a mixture-of-experts model (or intermediate_size)"},
    {"error.layer_type", "entries must be full_attention, sliding_attention or linear_attention"},
    {"error.entry_per_layer", "must have one entry per layer ({layers}); it has {entries}"},
    {"error.required_for_sliding",
     "is required (a positive integer) when layers use sliding-window attention"},
    // The training section.
    {"error.divide_model_heads", "must divide the model's {heads} attention heads"},
    {"error.precision_rates", "must be a precision {device} has a dense rate for ({rates})"},
    {"error.precision_no_rates", "must be a precision {device} has a dense rate for (none)"},
    {"error.divide_layers", "must divide the model's {layers} layers"},
    {"error.dp_product",
     "must make tp x pp x dp equal hardware.count ({count}); with tp = {tp} and pp = {pp} that is "
     "dp = {dp}"},
    {"error.dp_no_fit",
     "must make tp x pp x dp equal hardware.count ({count}); with tp = {tp} and pp = {pp} no dp "
     "does (count is not a multiple of tp x pp)"},
    {"error.count_multiple_of_model_parallel",
     "must be a multiple of training.tp x training.pp = {tp_pp} (training.dp defaults to count / "
     "(tp x pp))"},
    {"error.global_batch_too_small",
     "must be at least micro_batch x seq_len x dp = {tokens} tokens"},
    {"error.master_weights_32bit",
     "must be false when training.precision is fp32 or tf32 (the weights are already fp32)"},
    {"error.offload_optimizer_zero",
     "\"optimizer\" needs training.zero_stage 1, 2 or 3 (ZeRO-Offload moves the ZeRO partition to "
     "the CPU); zero_stage is {zero_stage}"},
    {"error.offload_params_zero",
     "\"optimizer_and_params\" needs training.zero_stage 3 (parameter offload is ZeRO-Infinity); "
     "zero_stage is {zero_stage}"},
    {"error.lora_only", "applies only when training.method is lora or qlora"},
    {"error.lora_modules",
     "must be a non-empty list of distinct names from q, k, v, o, gate, up, down"},
    {"error.lora_modules_none_in_model",
     "must name at least one projection this model has (q, k, v, o, gate, up, down)"},
    // The inference section and weight formats.
    {"error.divide_count", "must divide hardware.count ({count})"},
    {"error.llama_cpp_split_layers", "must not exceed the layers llama.cpp splits ({layers})"},
    {"error.divide_kv_heads",
     "must divide num_key_value_heads ({kv_heads}) or be a multiple of it (KV heads are then "
     "replicated)"},
    {"error.context_over_model",
     "must not exceed the model's max_position_embeddings ({context}) unless allow_long_context is "
     "true"},
    {"error.request_over_context", "plus output_tokens must not exceed context_tokens ({context})"},
    {"error.weight_format",
     "must be a known weight format ({ids} ... ({more} more); or {pattern})"},
    {"error.grouped_format_shape", "must look like {family}-<bits>bit-g<group>"},
    {"error.gptq_bits", "bits must be 2, 3, 4 or 8"},
    {"error.awq_bits", "bits must be 4 (AWQ stores 4-bit only)"},
    {"error.group_size", "group must be 32, 64, 128 or -1 (one group per output channel)"},
    // The catalog's own files (checked when the core is built and tested).
    {"error.catalog_array", "must be a JSON array of entries"},
    {"error.catalog_id", "must be a lower-case id ([a-z0-9][a-z0-9._-]*)"},
    {"error.catalog_source", "must name where the figures come from"},
    {"error.catalog_unique", "must be unique among {kind}"},

    // --- Warnings: an answer is given, with an assumption to know about ----------------------
    {"warning.unknown_model_type",
     "unknown model_type \"{model_type}\"; counted with the Llama layout (gated MLP, RMSNorm, no "
     "biases)"},
    {"warning.missing_model_type",
     "missing; counted with the Llama layout (gated MLP, RMSNorm, no biases)"},
    {"warning.image_encoder_not_counted",
     "the {type} image encoder is not counted; the parameters are the language model's"},
    {"warning.seq_len_over_context", "longer than the model's max_position_embeddings ({context})"},
    {"warning.global_batch_rounded",
     "not a multiple of micro_batch x seq_len x dp; using {steps} accumulation steps, a global "
     "batch "
     "of {tokens} tokens"},
    {"warning.lora_module_matches_nothing",
     "\"{module}\" matches no matrix of this model and adds nothing"},
    {"warning.no_price_training",
     "the catalog has no on-demand price for {device}; give one to get training.cost_usd"},
    {"warning.no_price_inference",
     "the catalog has no on-demand price for {device}; give one to get the cost per million "
     "tokens"},
    {"warning.no_tdp",
     "{device} has no TDP in the catalog; training.energy_kwh is left out (give tdp_w to get it)"},
    {"warning.chinchilla_moe",
     "Chinchilla's 20 tokens per parameter was fitted on dense models; for this MoE model it is "
     "applied to the active parameters"},
    {"warning.no_speed_specs",
     "{device} has no sourced memory bandwidth or peak for {precision}; give them to get speeds"},

    // --- Notes and sources of assumptions -----------------------------------------------------
    {"note.training.mfu_executed_flops",
     "mfu is applied to the executed FLOPs (model + recomputation); with recompute \"none\" it is "
     "PaLM's MFU, otherwise the hardware FLOPs utilisation. Korthikanti et al. 2022 measured the "
     "same hardware utilisation with full and selective recomputation (42.1% MFU x 4/3 vs 54.2% "
     "MFU), which is what this assumes."},
    {"note.training.mfu_end_to_end",
     "mfu is end to end: the pipeline bubble, communication and data loading are inside it; "
     "days_vs_gpus assumes it stays the same at every GPU count."},
    {"note.training.flops_6nd",
     "flops_total_6nd is the rule of thumb 6 N D (8 N D with full recomputation) with N the active "
     "parameters, attention and the LM head's vocabulary cost left out."},
    {"note.training.lora_compute",
     "LoRA/QLoRA compute: frozen matrices need the forward and the input gradient (2x) but no "
     "weight gradient, so fewer FLOPs than 6 N D, which assumes every weight is trained."},
    {"note.training.paged_optimizer",
     "Paged optimizer states are counted as resident on the GPU; paging only lets peaks spill to "
     "host memory (Dettmers et al. 2023, section 3)."},
    {"note.training.not_modelled",
     "Not modelled: expert parallelism (experts are split like dense layers by tp), interleaved "
     "pipeline schedules, context parallelism, data-parallel gradient buckets and optimizer-step "
     "temporaries."},
    {"source.training.mfu_default",
     "0.40: Llama 3 405B BF16 pre-training reached 38-43% MFU on 8K-16K H100 (Llama 3 paper, Table "
     "4); published runs range from 21% (GPT-3) to 55% (MegaScale)"},
    {"price.lower_median",
     "lower median of the catalog's {count} on-demand prices for {accelerator}"},

    // --- Weight formats' names ----------------------------------------------------------------
    {"format.fp32", "FP32"},
    {"format.fp16", "FP16"},
    {"format.bf16", "BF16"},
    {"format.fp8", "FP8 E4M3, per-tensor scale"},
    {"format.fp8_block128", "FP8 E4M3, 128x128 block scales"},
    {"format.int8", "INT8 weight-only (W8A16)"},
    {"format.int4", "INT4 weight-only (W4A16)"},
    {"format.w8a8", "INT8 W8A8 (SmoothQuant)"},
    {"format.llm_int8", "bitsandbytes LLM.int8()"},
    {"format.nf4", "bitsandbytes NF4"},
    {"format.nf4_dq", "bitsandbytes NF4, double quantization"},
    {"format.fp4", "bitsandbytes FP4"},
    {"format.mxfp4", "MXFP4 (OCP microscaling)"},
    {"format.nvfp4", "NVFP4"},
    {"format.gguf", "GGUF {type}"},
    {"format.gptq_group", "GPTQ {bits}-bit, group {group}"},
    {"format.gptq_channel", "GPTQ {bits}-bit, per channel"},
    {"format.awq_group", "AWQ {bits}-bit, group {group}"},
    {"format.awq_channel", "AWQ {bits}-bit, per channel"},

    // --- What a formula's term counts (explain[...].terms[].unit) -----------------------------
    {"unit.params", "params"},
    {"unit.active_params", "active params"},
    {"unit.params_per_gpu", "params per GPU"},
    {"unit.params_per_norm", "params per norm"},
    {"unit.layers", "layers"},
    {"unit.heads", "heads"},
    {"unit.experts", "experts"},
    {"unit.experts_per_token", "experts per token"},
    {"unit.shared_experts_width", "shared experts x width"},
    {"unit.mtp_modules", "MTP modules"},
    {"unit.mlp_matrices", "up, down"},
    {"unit.mlp_matrices_gated", "gate, up, down"},
    {"unit.rows", "rows"},
    {"unit.tokens", "tokens"},
    {"unit.tokens_per_param", "tokens/param"},
    {"unit.sequences", "sequences"},
    {"unit.steps", "steps"},
    {"unit.micro_batches_in_flight", "micro-batches in flight"},
    {"unit.bits", "bits"},
    {"unit.bytes", "bytes"},
    {"unit.bytes_per_s", "bytes/s"},
    {"unit.bytes_per_step", "bytes per step"},
    {"unit.bytes_per_param", "bytes/param"},
    {"unit.bytes_per_param_master", "bytes/param, fp32 master copy"},
    {"unit.bytes_per_gpu_nf4", "bytes per GPU, NF4 with double quantization"},
    {"unit.bytes_optimizer_states", "bytes, {optimizer} states"},
    {"unit.bytes_stage_layers", "bytes, this stage's layers"},
    {"unit.bytes_embedding_dropout", "bytes, embedding dropout mask"},
    {"unit.bytes_final_norm_logits", "bytes, final norm and fp32 logits"},
    {"unit.bytes_layer_rebuilt", "bytes, one layer rebuilt"},
    {"unit.bytes_gathered_tensor", "bytes, gathered largest tensor"},
    {"unit.bytes_dequantized_matrix", "bytes, dequantized largest matrix"},
    {"unit.zero1_shards", "ZeRO-1 shards"},
    {"unit.zero2_shards", "ZeRO-2 shards"},
    {"unit.zero3_shards", "ZeRO-3 shards"},
    {"unit.flop", "FLOP"},
    {"unit.flops", "FLOPs"},
    {"unit.flop_per_step", "FLOP per step"},
    {"unit.flops_per_s", "FLOP/s"},
    {"unit.flops_per_s_per_gpu", "FLOP/s per GPU"},
    {"unit.flops_per_s_per_gpu_dense", "FLOP/s per GPU, dense {precision}"},
    {"unit.flops_per_token", "FLOPs/token"},
    {"unit.flops_per_token_matmul", "FLOPs/token, weight matmuls forward"},
    {"unit.flops_per_token_attention", "FLOPs/token, QK^T and AV forward"},
    {"unit.flops_per_token_lm_head", "FLOPs/token, LM head forward"},
    {"unit.flops_per_token_adapters", "FLOPs/token, LoRA adapters forward"},
    {"unit.flops_per_token_recompute", "FLOPs/token, recomputation ({recompute})"},
    {"unit.flops_per_param_token", "FLOPs/param/token"},
    {"unit.flops_per_param_token_full", "FLOPs/param/token with full recomputation"},
    {"unit.s", "s"},
    {"unit.s_per_decode_step", "s per decode step"},
    {"unit.s_one_prompt", "s, one prompt"},
    {"unit.s_batch_prompts", "s, the batch's prompts"},
    {"unit.s_chunk_layer_cost", "s, per-layer cost of each chunk"},
    {"unit.s_request_overhead", "s, scheduling and tokenization"},
    {"unit.days", "days"},
    {"unit.tokens_per_s", "tokens/s"},
    {"unit.requests_per_s", "requests/s"},
    {"unit.gpus", "GPUs"},
    {"unit.round_up_gpu", "to a whole GPU"},
    {"unit.gpu_hours", "GPU-hours"},
    {"unit.usd_per_gpu_hour", "USD per GPU-hour"},
    {"unit.watts_per_gpu", "W per GPU"},
    {"unit.utilisation", "utilisation"},
    {"unit.share", "share"},
    {"unit.safety_margin", "safety margin"},
    {"unit.discount", "reserved or spot discount"},
    {"unit.pue", "power usage effectiveness"},
};

}  // namespace llm_sizer
