#pragma once

#include <string_view>

namespace llm_sizer {

struct MessageText {
  std::string_view code;     // stable: results and the page's i18n files name texts by it
  std::string_view english;  // the CLI's text; {name} is filled from the message's params
};

// Every text the core gives people, by code. The English page shows the English here; the Chinese
// page says each from `texts` of web/src/i18n/zh.js, or zh.sections.js for a code only the
// sections' code uses (a test checks they hold exactly these codes, with the same {names}).
// Adding a text: a line here and one in the Chinese file. Never reuse a code for another meaning;
// a code no longer used is removed from both.
inline constexpr MessageText kMessageTable[] = {
    {"", ""},                  // the empty text (a term without a unit)
    {"text.plain", "{text}"},  // plain_text(): shown as written

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
    {"error.one_of", "must be one of {allowed}"},
    {"error.unknown_field", "is not a known field; known fields: {known}"},
    {"error.json_syntax", "invalid JSON at line {line}, column {column}: {reason}"},
    {"error.read_file", "cannot read scenario file {path}"},
    // The scenario's model and hardware.
    {"error.model_required", "is required (a preset id or a config.json object)"},
    {"error.model", "must be a preset id or a config.json object"},
    {"error.model_preset", "must be a model preset id (list them with `llm-sizer presets`)"},
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
    {"error.entry_per_layer", "must have one entry per layer ({layers})"},
    {"error.required_for_sliding",
     "is required (a positive integer) when layers use sliding-window attention"},
    {"error.divide_n_heads", "must divide n_heads ({heads})"},
    {"error.divide_encoder_hidden_size", "must divide hidden_size ({hidden_size})"},
    {"error.divide_d_model", "must divide d_model ({d_model})"},
    {"error.equal_other_stack",
     "must equal {field} ({value}); stacks of different widths are not supported"},
    {"error.layer_type_mamba",
     "entries must be full_attention, sliding_attention, linear_attention or mamba"},
    {"error.hybrid_blocks",
     "must give one block a layer ({layers}): M (Mamba-2), * (attention), - (MLP) or E (MoE)"},
    {"error.sliding_window_pattern",
     "must be a positive integer or a string of L (local) and G (global)"},
    {"error.layer_indices", "entries must be layer indices in [0, {max}]"},
    {"error.layer_numbers", "entries must be layer numbers in [1, {max}]"},
    {"error.positive_integer_or_auto", "must be a positive integer or \"auto\""},
    {"error.ssm_heads_times_head_dim",
     "times head_dim ({head_dim}) must equal expand * hidden_size ({inner_size})"},
    {"error.aspect_ratios", "must be a non-empty list of [w, h] pairs"},
    {"error.required_for_dbrx", "is required for dbrx"},
    {"error.qwen_width_even", "must be even (w1 and w2 are half of it each)"},
    {"error.per_layer_widths_differ",
     "must give every layer the same width (layers of different widths are not counted)"},
    {"error.unknown_type_foreign_field",
     "means {meaning}, which the Llama layout used for an unknown model_type (\"{model_type}\") "
     "does not read, so the count would be wrong; set model_type to the nearest supported type "
     "(`llm-sizer presets` lists them under model_types) or give the Llama fields (hidden_size, "
     "num_hidden_layers, num_attention_heads, num_key_value_heads, intermediate_size, "
     "vocab_size) for \"{model_type}\""},
    {"error.unknown_type_required",
     "is required to count an unknown model_type (\"{model_type}\") with the Llama layout; set "
     "model_type to the nearest supported type (`llm-sizer presets` lists them under "
     "model_types) or give the Llama fields (hidden_size, num_hidden_layers, "
     "num_attention_heads, num_key_value_heads, intermediate_size, vocab_size) for "
     "\"{model_type}\""},
    {"error.params_at_most", "must have at most {params} parameters ({reason})"},
    // The training section.
    {"error.divide_model_heads", "must divide the model's {heads} attention heads"},
    {"error.precision_rates", "must be a precision {device} has a dense rate for ({rates})"},
    {"error.precision_no_rates", "must be a precision {device} has a dense rate for (none)"},
    {"error.global_batch_too_small",
     "must be at least micro_batch x seq_len x dp = {tokens} tokens"},
    {"error.master_weights_32bit",
     "must be false when training.precision is fp32 or tf32 (the weights are already fp32)"},
    {"error.lora_only", "applies only when training.method is lora or qlora"},
    {"error.lora_modules",
     "must be a non-empty list of distinct names from q, k, v, o, gate, up, down"},
    {"error.lora_modules_none_in_model",
     "must name at least one projection this model has (q, k, v, o, gate, up, down)"},
    {"error.pp_at_most_layers",
     "must be at most the model's {layers} layers (every pipeline stage holds at least one)"},
    {"error.cp_divide_seq_len",
     "must divide training.seq_len ({seq_len}): context parallelism splits the sequence"},
    {"error.dp_product_cp",
     "must make tp x pp x cp x dp equal hardware.count ({count}); with tp = {tp}, pp = {pp} and "
     "cp = {cp} that is dp = {dp}"},
    {"error.dp_no_fit_cp",
     "must make tp x pp x cp x dp equal hardware.count ({count}); with tp = {tp}, pp = {pp} and "
     "cp = {cp} that is dp = none (count is not a multiple of tp x pp x cp)"},
    {"error.count_multiple_of_model_parallel_cp",
     "must be a multiple of training.tp x training.pp x training.cp = {tp_pp_cp} (training.dp "
     "defaults to count / (tp x pp x cp))"},
    {"error.ep_dense", "must be 1 for a dense model (it has no routed experts)"},
    {"error.divide_routed_experts", "must divide the model's {experts} routed experts"},
    {"error.ep_divide_dp",
     "must divide training.dp ({dp}): the experts are split over data-parallel replicas"},
    {"error.interleaved_needs_pp", "\"interleaved\" needs training.pp of 2 or more"},
    {"error.virtual_stages_layers",
     "must keep pp x virtual_stages at most the model's {layers} layers (one layer per model "
     "chunk)"},
    {"error.offload_optimizer_needs_zero",
     "\"optimizer\" needs training.zero_stage 1, 2 or 3 (ZeRO-Offload moves the ZeRO partition "
     "to the CPU)"},
    {"error.dpo_reference_needs_dpo",
     "applies only with training.objective \"dpo\" (the reference policy of the preference loss)"},
    {"error.rl_needs_grpo",
     "applies only with training.objective \"grpo\" or \"ppo\" (the answers a "
     "reinforcement-learning step generates and trains on)"},
    {"error.rl_sets_field",
     "is set by training.rl under training.objective \"grpo\" or \"ppo\": each sequence is a "
     "prompt and its answer, and the step trains on the answers it generated"},
    {"error.rl_mini_batches_divide",
     "must divide the step's {sequences} answers (prompts_per_step x group_size) into equal "
     "optimizer steps"},
    {"error.rl_batch_too_small",
     "leaves {sequences} sequences per optimizer step, fewer than one accumulation step's "
     "micro_batch x dp = {per_accumulation_step}; use fewer mini-batches or a smaller micro-batch"},
    {"error.rl_tokens",
     "makes the run train on {tokens} tokens, more than a training run is allowed (1e16)"},
    {"error.rollout_separate_only",
     "applies only with training.rollout.placement \"separate\" (a pool of GPUs of its own "
     "beside hardware.count's training GPUs)"},
    {"error.rl_simulated",
     "makes a step's rollout larger than the simulation follows: at most {answers} answers, and "
     "{tokens} generated tokens per engine replica; use fewer prompts per step or more rollout "
     "GPUs"},
    {"error.dpo_adapters_off_needs_lora",
     "needs training.method \"lora\" or \"qlora\": without adapters the policy has no base to "
     "use as the reference; use \"model\" or \"precomputed\""},
    {"error.offload_params_needs_zero3",
     "\"optimizer_and_params\" needs training.zero_stage 3 (parameter offload is ZeRO-Infinity)"},
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
    // The serving section.
    {"error.arrivals_both",
     "must not be given with requests_per_s: requests arrive at a rate or with a fixed number in "
     "flight"},
    {"error.length_p99",
     "must be at least the mean ({mean}) and at most {max}: a log-normal length reaches at most "
     "14.9 times its mean at the 99th percentile"},
    {"error.replicas_devices",
     "must be at most hardware.count ({devices}) / inference.tp ({tp}): each replica runs on its "
     "own devices"},
    {"error.simulated_tokens",
     "must be at most {max} for these output lengths: the simulation generates at most {tokens} "
     "tokens per replica"},
    {"error.fleet_needs_serving",
     "is needed by the fleet search: the traffic (serving.workload) and targets "
     "(serving.targets) a fleet must serve"},
    {"error.fleet_needs_traffic",
     "needs requests_per_s or concurrency for the fleet search: a fleet is sized for traffic "
     "that keeps arriving"},
    {"error.serving_encoder",
     "needs a model that generates text; a {model_type} encoder answers in one pass"},
    {"error.paste_speed", "line {line}: the speed is not a tokens/s figure above 0"},
    {"error.paste_markdown_header",
     "line {line}: a llama-bench table's header has a test and a t/s column"},
    {"error.paste_cells", "line {line}: has {cells} cells, the header {header}"},
    {"error.paste_csv_header",
     "line {line}: a llama-bench CSV header names n_prompt, n_gen and avg_ts"},
    {"error.paste_count", "line {line}: {name} is not a count"},
    {"error.paste_json_test",
     "line {line}: llama-bench's JSON is an array of tests, each with n_prompt, n_gen and avg_ts"},
    {"error.paste_concurrency", "line {line}: the concurrency is at least 1"},
    {"error.paste_empty", "is empty: paste llama-bench's output, a benchmark summary or a figure"},
    {"error.paste_unknown",
     "must be llama-bench's output (markdown, CSV or JSON), llama.cpp's timing lines, vLLM's "
     "bench serve summary, or one tokens/s figure"},
    {"error.checkpoint_dtype", "must be a safetensors dtype: {dtypes}"},
    {"error.checkpoint_offsets", "must be [begin, end] byte offsets with begin <= end"},
    {"error.checkpoint_tensor_bytes", "must span {bytes} bytes: {elements} elements of {dtype}"},
    {"error.checkpoint_header_size",
     "is a safetensors header, which the format limits to {max} bytes"},
    {"error.checkpoint_header_json",
     "must be a whole safetensors header (JSON): {reason}; a header cut short reads so"},
    {"error.checkpoint_layout",
     "must start where the tensor before it ends, at byte {offset} (safetensors stores tensors "
     "without gaps or overlaps)"},
    {"error.checkpoint_files", "must list 1 to {max} safetensors files, each with its header"},
    {"error.checkpoint_header_text", "must be the file's header as JSON text"},
    {"error.checkpoint_duplicate", "stores {tensor}, which another file already stores"},
    {"error.gguf_magic", "must be a GGUF file, which starts with the bytes GGUF"},
    {"error.gguf_version",
     "must be GGUF version 2 or 3 (version 1 files are from before August 2023)"},
    {"error.gguf_truncated",
     "ends at byte {offset}, inside the GGUF header: read more of the file (the metadata and the "
     "tokenizer come first, often several MB)"},
    {"error.gguf_counts", "must hold at most {max} tensors and {max} metadata keys"},
    {"error.gguf_value_type", "holds a metadata value of a type GGUF does not define"},
    {"error.gguf_alignment", "must have a general.alignment that is a power of two up to 1 MiB"},
    {"error.gguf_tensor_dims", "has tensor {tensor} with 1 to 4 dimensions of at most 2^40 each"},
    {"error.gguf_tensor_type", "has tensor {tensor} in a ggml type no current llama.cpp reads"},
    {"error.gguf_tensor_row",
     "has tensor {tensor} whose rows are not whole {type} blocks of {block} elements"},
    {"error.gguf_tensor_offset",
     "has tensor {tensor} at another offset than {expected}, where it follows the previous one "
     "aligned to {alignment} bytes"},
    {"error.checkpoint_gguf_files",
     "must list 1 to {max} files of the repository, each with its name and bytes"},
    {"error.checkpoint_file_name",
     "must be the file's path in the repository, 1 to 1000 characters"},
    {"error.checkpoint_no_gguf", "must list at least one .gguf model file (not only mmproj files)"},
    {"error.checkpoint_one_listing",
     "must be left out when gguf_files is given: a listing is safetensors headers or GGUF files"},
    {"error.measured_empty", "must give decode_tokens_per_s or prefill_tokens_per_s (or both)"},
    {"error.measured_and_efficiency",
     "cannot be given with {efficiency}: the measurement is what that efficiency is fitted to"},
    {"error.draft_required", "is required for method \"draft_model\" (a model preset id)"},
    {"error.draft_only_for_model", "is read only with method \"draft_model\""},
    {"error.mtp_absent",
     "cannot be \"mtp\": the model has no multi-token-prediction modules "
     "(num_nextn_predict_layers)"},
    {"error.weight_format",
     "must be a known weight format ({ids} ... ({more} more); or {pattern})"},
    {"error.grouped_format_shape", "must look like {family}-<bits>bit-g<group>"},
    {"error.gptq_bits", "bits must be 2, 3, 4 or 8"},
    {"error.awq_bits", "bits must be 4 (AWQ stores 4-bit only)"},
    {"error.mlx_bits", "bits must be 2, 3, 4, 5, 6 or 8 (MLX's affine quantization)"},
    {"error.hqq_bits", "bits must be 1, 2, 3, 4 or 8"},
    {"error.group_size_grouped", "group must be 32, 64 or 128"},
    {"error.exl_format_shape", "must look like {family}-<bits>bpw, such as {family}-4.65bpw"},
    {"error.exl_bits", "bits per weight must be {min} to 8, with at most two decimals"},
    {"error.group_size", "group must be 32, 64, 128 or -1 (one group per output channel)"},
    {"error.absent_accelerator_cpu",
     "must be absent: the accelerator is a CPU, which holds everything"},
    {"error.needs_host", "needs hardware.host (the CPU and RAM that hold what leaves the GPU)"},
    {"error.gpu_layers_runtime",
     "applies to llama.cpp, ik_llama.cpp, ollama and generic runtimes (vLLM, SGLang: "
     "cpu_offload_bytes)"},
    {"error.moe_only", "applies to mixture-of-experts models only"},
    {"error.layer_split_runtime", "applies to llama.cpp, ik_llama.cpp and generic runtimes"},
    {"error.ollama_whole_layers",
     "must be absent with ollama, which moves whole layers to the CPU (num_gpu), not experts"},
    {"error.cpu_offload_runtime", "applies to vllm and sglang (llama.cpp: gpu_layers)"},
    {"error.gguf_only", "applies only to GGUF weight formats (weights is {weights})"},
    {"error.hf_repo",
     "must be a Hugging Face repository id, owner/name (letters, digits, '-', '_', '.'; each part "
     "at most 96 characters)"},
    {"error.file_path", "must be a non-empty path without control characters"},
    {"error.cpu_runtime",
     "must be llama.cpp, ik_llama.cpp, ollama or generic when the accelerator is a CPU"},
    {"error.ktransformers_moe",
     "must not be ktransformers for a dense model: KTransformers runs a mixture-of-experts "
     "model's routed experts on the CPU"},
    {"error.ktransformers_host",
     "needs a GPU as the accelerator and hardware.host: KTransformers runs attention on the GPU "
     "and the routed experts on the host's CPU"},
    {"error.ktransformers_placement",
     "must be absent with ktransformers, which keeps every routed expert on the CPU and the rest "
     "on the GPU"},
    {"error.mlx_apple",
     "must not be mlx on {device}: the estimate models MLX on Apple silicon GPUs"},
    {"error.mlx_weights",
     "must be a format mlx-lm loads: 16- or 32-bit floats, or mlx-<bits>bit-g<group>"},
    {"error.mlx_one_device",
     "must be 1 with mlx: mlx-lm runs a model on one Apple GPU (its pipeline across Macs is not "
     "modelled)"},
    {"error.factor_times_efficiency", "times memory_efficiency must not exceed 1"},
    // The catalog's own files (checked when the core is built and tested).
    {"error.catalog_array", "must be a JSON array of entries"},
    {"error.catalog_id", "must be a lower-case id ([a-z0-9][a-z0-9._-]*)"},
    {"error.catalog_source", "must name where the figures come from"},
    {"error.catalog_unique", "must be unique among {kind}"},
    {"error.catalog_accelerator", "must name a catalog accelerator"},
    {"error.number_in_because", "must be a number in {range} ({reason})"},
    {"error.integer_in_because", "must be an integer in [{min}, {max}] ({reason})"},
    {"error.required_integer", "is required (an integer)"},
    {"error.string_at_most", "must be a string of at most {bytes} bytes"},
    {"error.integer_array_in",
     "must be an array of at most {items} integers, each in [{min}, {max}]"},
    {"error.string_array_at_most", "must be an array of at most {items} strings"},
    {"error.finite_json_number", "must be a finite number (JSON numbers end near 1.8e308)"},
    {"error.json_depth",
     "must not nest arrays and objects more than {levels} levels deep (config.json files nest 5 at "
     "most)"},
    {"error.device_preset",
     "must be an accelerator or CPU preset id (list them with `llm-sizer presets`)"},
    // The hardware section: CPUs, hosts and links.
    {"error.cpu_preset", "must be a CPU preset id (list them with `llm-sizer presets`)"},
    {"error.count_cpu", "must be 1 when the accelerator is a CPU"},
    {"error.host_absent_cpu",
     "must be absent when the accelerator is itself a CPU (its RAM holds everything)"},
    {"error.host_absent_unified",
     "must be absent for a unified-memory device: its CPU shares the same memory, and the GPU's "
     "part is limited to the working-set share"},
    {"error.interconnect_preset",
     "must be an interconnect id (list them with `llm-sizer presets`)"},
    {"error.interconnect_bandwidth",
     "must be an interconnect the catalog has a bandwidth for (or give {field}_bytes_per_s)"},
    {"error.host_bandwidth_required",
     "is required (bytes/s), or memory_mt_per_s with memory_bus_width_bits"},
    {"error.host_memory_required", "is required (the RAM installed, bytes > 0)"},
    {"error.host_link_bandwidth",
     "must be an interconnect id with a bandwidth (pcie3-x16, pcie4-x16, pcie5-x16, nvlink-c2c, "
     "...)"},
    {"error.host_link_required",
     "is required: neither the accelerator nor the CPU names its link (an interconnect id such "
     "as pcie4-x16)"},
    // The planner, counts, results and arithmetic expressions.
    {"error.scaling_gpus", "must be a list of at most {points} GPU counts, each in [1, {max}]"},
    {"error.beyond_2_53", "asks for {what} beyond 2^53, more than can be counted"},
    {"error.goodput_no_progress",
     "leaves no time to train: the GPUs are interrupted every {mtbf_s} s on average, and each "
     "restart takes this long"},
    {"error.result_not_finite",
     "is not a finite number for these inputs (the inputs near their bounds are too extreme "
     "together)"},
    {"error.arithmetic",
     "must be arithmetic over numbers and names; expected {expected} at character {position}"},
    {"error.divide_by_zero", "divides by zero"},

    // --- Warnings: an answer is given, with an assumption to know about ----------------------
    {"warning.unknown_model_type",
     "unknown model_type \"{model_type}\": counted with the Llama layout (RMSNorm, separate "
     "q/k/v/o projections, a gated gate/up/down MLP, biases only where attention_bias/mlp_bias "
     "say, "
     "untied head unless tie_word_embeddings) because every layout field in the config is one that "
     "layout reads; if the model differs, set model_type to the nearest supported type"},
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
    {"warning.serving_rejected",
     "{count} requests need more KV cache than a replica's whole pool ({pool_tokens} tokens) and "
     "were not served"},
    {"warning.serving_unsettled",
     "preemptions kept recomputing the same requests and the simulation stopped before all were "
     "served: the KV pool is far too small for this traffic"},
    {"warning.fleet_budget",
     "the search stopped after simulating {tokens} output tokens; the layouts after that were "
     "not searched: try fewer devices or sizes, or fewer workload.requests"},
    {"warning.fleet_none_meets",
     "no layout tried meets the targets; the closest is shown with the targets it misses"},
    {"warning.serving_overloaded",
     "requests arrive faster than the deployment serves them ({served} requests/s): the queue "
     "grows for as long as they come, so the latencies grow with the number of requests"},
    {"warning.rl_memory",
     "a GPU needs {peak_bytes} bytes in the step's busiest phase, more than its {available_bytes}: "
     "lower the engine's gpu_memory_fraction, shard the states further (zero_stage 3) or offload "
     "them"},
    {"warning.serving_short_run",
     "the traffic lasts {window_s} s past its first tenth, less than three request lifetimes "
     "({latency_s} s each): the run is mostly warm-up and drain; give more requests"},
    {"warning.serving_truncated",
     "{count} sampled requests were longer than the model's context and were cut to {tokens} "
     "tokens"},
    {"warning.measured_unused",
     "is not fitted: the measured setup (its gpu_layers) does not fit, or the device lacks the "
     "figures a speed needs; the defaults stay"},
    {"warning.measured_faster",
     "is faster than the estimate gives even at {efficiency} = {bound}: the defaults stay; check "
     "the measured setup (placement, batch, context) against the scenario's"},
    {"warning.measured_slower",
     "is slower than the estimate gives even at {efficiency} = {bound}: the defaults stay; check "
     "the measured setup (placement, batch, context) against the scenario's"},
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
    {"warning.encoder_only",
     "{model_type} is an encoder-only model: it encodes its input and does not generate tokens, so "
     "decode speed, TTFT, throughput and cost per token do not apply and are left out"},
    {"warning.no_plan_fits_training",
     "no plan fits {gpus} x {device} (the planner tried {tried}); the figures are for plain data "
     "parallelism, which does not fit either: add GPUs or a device with more memory"},
    {"warning.checkpoint_config",
     "config.json could not be read as a model ({reason}); the bytes are the headers' own"},
    {"warning.ik_llama_format",
     "{type} is an ik_llama.cpp file type: ik_llama.cpp (a fork of llama.cpp with the same "
     "commands) makes and runs it; mainline llama.cpp, Ollama and LM Studio cannot load it"},
    {"warning.gguf_layers",
     "the tensors number {tensors} layers (blk.N), the metadata's block_count {metadata}"},
    {"warning.gguf_parts_missing",
     "{file} is split into {of} files but the listing has {have}: its bytes are those present"},
    {"warning.checkpoint_layers",
     "the tensor names number {headers} layers, config.json {config}: it may not describe "
     "these files"},
    {"warning.checkpoint_disagrees",
     "the headers hold {headers} bytes of tensors, config.json's model in {format} {expected}: "
     "it may not describe these files"},
    {"warning.checkpoint_format_unsized",
     "the checkpoint's quantization ({method}) is not a format the calculator sizes: the bytes "
     "here are exact; pick the nearest weight format for the estimate"},
    {"warning.no_plan_fits",
     "no plan fits {gpus} x {device}; plans[] lists the ones that come closest (fits: false)"},
    {"warning.host_memory_assumed",
     "not given: {host}'s maximum supported memory is assumed; give the RAM installed"},
    {"warning.mfu_above_published",
     "above every published run (MegaScale reached 0.55, Jiang et al. 2024); check the value"},

    // --- Notes and sources of assumptions -----------------------------------------------------
    {"note.training.mfu_executed_flops",
     "mfu is applied to the executed FLOPs (model + recomputation); with recompute \"none\" it is "
     "PaLM's MFU, otherwise the hardware FLOPs utilisation. Korthikanti et al. 2022 measured the "
     "same hardware utilisation with full and selective recomputation (42.1% MFU x 4/3 vs 54.2% "
     "MFU), which is what this assumes."},
    {"note.training.mfu_end_to_end",
     "mfu is end to end: the pipeline bubble, communication and data loading are inside it; "
     "days_vs_gpus assumes it stays the same at every GPU count. mfu_estimated and step_breakdown "
     "are the step-time model's figures for the same plan."},
    {"note.training.flops_6nd",
     "flops_total_6nd is the rule of thumb 6 N D (8 N D with full recomputation) with N the active "
     "parameters, attention and the LM head's vocabulary cost left out."},
    {"note.training.grpo",
     "GRPO and PPO: this section's time, GPU-hours and cost are the policy updates alone (the "
     "step's answers trained on, with the reference, old-policy, reward-model and value "
     "log-probability passes); training.rl adds the rollouts' generation, PPO's critic training "
     "and the weights' hand-over to the engine, and gives the whole run (Shao et al. 2024; "
     "Schulman et al. 2017)"},
    {"note.training.dpo",
     "DPO: each step trains the policy on the chosen and rejected answers (training.tokens counts "
     "both) and runs the reference policy's forward pass over the same tokens, 2 N per token more "
     "than fine-tuning, unless its log-probabilities are precomputed; a reference copy of the "
     "model adds its weights to every GPU's memory (Rafailov et al. 2023)"},
    {"note.training.lora_compute",
     "LoRA/QLoRA compute: frozen matrices need the forward and the input gradient (2x) but no "
     "weight gradient, so fewer FLOPs than 6 N D, which assumes every weight is trained."},
    {"note.training.paged_optimizer",
     "Paged optimizer states are counted as resident on the GPU; paging only lets peaks spill to "
     "host memory (Dettmers et al. 2023, section 3)."},
    {"note.training.not_modelled",
     "Not modelled: data-parallel gradient buckets and optimizer-step temporaries in memory; load "
     "imbalance between experts; the optimizer step's own time."},
    {"note.training.step_time_model",
     "No mfu given: the time comes from the step-time model (step_breakdown: compute at the device "
     "class's efficiency, tensor/context/expert-parallel collectives, the pipeline bubble and "
     "sends, the exposed data-parallel synchronisation, ZeRO-3 gathers, offload). mfu below is the "
     "utilisation it implies on the executed FLOPs times the goodput (the share of wall time spent "
     "training); days_vs_gpus keeps it at every GPU count (the planner's scaling curve does not)."},
    {"source.training.mfu_given", "training.mfu as given"},
    {"source.training.mfu_model",
     "the step-time model (step_breakdown) for this plan on this cluster"},
    {"price.lower_median",
     "lower median of the catalog's {count} on-demand prices for {accelerator}"},

    // --- Commands that realise an inference answer (launch/) ------------------------------------
    {"note.launch.generic_runtime",
     "the generic runtime stands for any runtime: these are {runtime}'s commands, with its own "
     "memory settings"},
    {"note.launch.does_not_fit",
     "the answer does not fit: as it stands, this command runs out of memory"},
    {"note.launch.replicas",
     "one instance on {tp} devices: start {instances} of them, each on its own devices "
     "(CUDA_VISIBLE_DEVICES), and spread the requests over them"},
    {"note.launch.speculative_left_out",
     "speculative decoding is not in the command: add the runtime's draft-model options"},
    {"note.launch.model_file_assumed",
     "the GGUF file's name is assumed ({file}): give inference.model_file (a path) or "
     "inference.model_repo (a GGUF repository)"},
    {"note.launch.model_unknown",
     "the catalog knows no Hugging Face repository for this model: give inference.model_repo or "
     "inference.model_file"},
    {"note.launch.checkpoint_needed",
     "needs a checkpoint of {model} stored as {format}: give inference.model_repo or "
     "inference.model_file"},
    {"note.launch.online_quantization",
     "the 16-bit checkpoint is quantized to {format} as it loads"},
    {"note.launch.kv_cache_unsupported",
     "{runtime} has no {kv_cache} KV cache: the command keeps its default"},
    {"note.launch.kv_cache_config",
     "the KV cache's type is set in the YAML file given to --extra_llm_api_options: "
     "kv_cache_config.dtype = {kv_cache}"},
    {"note.launch.bench_one_sequence",
     "llama-bench times one sequence; llama-server serves the {batch} sequences in as many slots"},
    {"note.launch.ollama_server",
     "Ollama reads these settings from its server's environment: start it as {command}"},
    {"note.launch.ollama_no_expert_offload",
     "a Modelfile cannot keep experts in host memory (llama.cpp's --n-cpu-moe): Ollama places "
     "whole layers"},
    {"note.launch.ik_llama_build",
     "llama-server and llama-bench of an ik_llama.cpp build (github.com/ikawrakow/ik_llama.cpp), "
     "where fused MoE, MLA and flash attention are on by default"},
    {"note.launch.ktransformers_files",
     "--model_path names the model's Hugging Face repository (config and tokenizer), --gguf_path "
     "the folder of its GGUF files; on several sockets build KTransformers with USE_NUMA=1, so "
     "that each socket reads its own copy of the experts, as the estimate counts"},
    {"note.launch.mlx_convert",
     "mlx_lm.convert first makes the {format} checkpoint from {model}; mlx-community publishes "
     "many such conversions (as {community})"},
    {"note.launch.mlx_one_sequence",
     "mlx_lm.generate runs one sequence; mlx_lm.server serves the {batch} sequences together"},
    {"note.launch.mlx_prefill_step",
     "mlx_lm.generate has no flag for the prompt chunk: mlx_lm.server and mlx_lm.benchmark take "
     "--prefill-step-size {tokens}"},

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
    {"format.gguf_ik", "GGUF {type} (ik_llama.cpp)"},
    {"format.gptq_group", "GPTQ {bits}-bit, group {group}"},
    {"format.gptq_channel", "GPTQ {bits}-bit, per channel"},
    {"format.awq_group", "AWQ {bits}-bit, group {group}"},
    {"format.awq_channel", "AWQ {bits}-bit, per channel"},
    {"format.mlx_group", "MLX {bits}-bit, group {group}"},
    {"format.hqq_group", "HQQ {bits}-bit, group {group}"},
    {"format.exl2", "EXL2 {bits} bits per weight"},
    {"format.exl3", "EXL3 {bits} bits per weight"},
    {"format.mxfp8", "MXFP8 (OCP microscaling)"},
    {"format.mxfp6", "MXFP6 (OCP microscaling)"},
    {"format.w4a8", "W4A8 (INT4 weights, INT8 activations)"},
    {"format.w4afp8", "W4A8 (INT4 weights, FP8 activations)"},

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
    {"unit.flops_per_token_reference",
     "FLOPs/token, log-probability passes (the reference policy; GRPO's old policy)"},
    {"unit.flops_per_param_token", "FLOPs/param/token"},
    {"unit.flops_per_param_token_full", "FLOPs/param/token with full recomputation"},
    {"unit.s", "s"},
    {"unit.gpu_mtbf_hours", "GPU-hours between interruptions, per GPU"},
    {"unit.checkpoint_bytes",
     "bytes saved per checkpoint (parameters, master copy, optimizer states)"},
    {"unit.host_link_bytes_per_s", "bytes/s per GPU to host memory"},
    {"unit.storage_bytes_per_s", "bytes/s of checkpoint storage per GPU"},
    {"unit.checkpoint_interval_s", "s of training between checkpoints"},
    {"unit.checkpoint_save_s", "s a checkpoint save blocks training"},
    {"unit.cluster_mtbf_s", "s between interruptions of the whole job"},
    {"unit.restart_s", "s from an interruption to training again"},
    {"unit.goodput_save", "share not spent saving checkpoints"},
    {"unit.goodput_failures", "share not lost to interruptions (rework and restarts)"},
    {"unit.eval_fraction", "share of wall time in evaluation"},
    {"unit.data_stall_fraction", "share of wall time waiting for data"},
    {"unit.s_per_decode_step", "s per decode step"},
    {"unit.s_one_prompt", "s, one prompt"},
    {"unit.s_at_full_efficiency", "s, the fitted part of the step at efficiency 1"},
    {"unit.s_rest_of_step", "s, the rest of the step"},
    {"unit.tokens_per_step", "tokens a measured step yields"},
    {"unit.s_batch_prompts", "s, the batch's prompts"},
    {"unit.s_chunk_layer_cost", "s, per-layer cost of each chunk"},
    {"unit.s_request_overhead", "s, scheduling and tokenization"},
    {"unit.days", "days"},
    {"unit.tokens_per_s", "tokens/s"},
    {"unit.requests_per_s", "requests/s"},
    {"unit.gpus", "GPUs"},
    {"unit.replicas", "replicas"},
    {"unit.round_up_gpu", "to a whole GPU"},
    {"unit.gpu_hours", "GPU-hours"},
    {"unit.usd_per_gpu_hour", "USD per GPU-hour"},
    {"unit.usd_per_hour", "USD per hour"},
    {"unit.watts_per_gpu", "W per GPU"},
    {"unit.utilisation", "utilisation"},
    {"unit.share", "share"},
    {"unit.safety_margin", "safety margin"},
    {"unit.discount", "reserved or spot discount"},
    {"unit.pue", "power usage effectiveness"},
    {"unit.flops_per_s_16bit_peak", "FLOP/s, 16-bit peak"},
    {"unit.flops_per_s_dense_peak", "FLOP/s, dense peak"},
    {"unit.flops_per_gpu_microbatch_attention", "FLOPs per GPU per micro-batch, attention"},
    {"unit.flops_per_gpu_microbatch_matmul", "FLOPs per GPU per micro-batch, weight matmuls"},
    {"unit.fp8_matmul_factor", "FP8 matmul factor"},
    {"unit.bytes_each", "bytes each"},
    {"unit.bytes_per_gpu", "bytes per GPU"},
    {"unit.bytes_per_gpu_microbatch_elementwise", "bytes per GPU per micro-batch, elementwise"},
    {"unit.bytes_per_gpu_every_step", "bytes per GPU, read every step"},
    {"unit.bytes_f32_hidden", "bytes, f32 hidden states"},
    {"unit.chunks_per_stage", "chunks per stage"},
    {"unit.handovers_per_step", "hand-overs per step"},
    {"unit.layers_on_cpu", "layers or expert blocks on the CPU"},
    {"unit.microbatches_per_step", "micro-batches per step"},
    {"unit.model_flops_per_token", "model FLOPs/token"},
    {"unit.s_before_overlap", "s before overlap"},
    {"unit.s_each", "s each"},
    {"unit.s_exposed_per_microbatch", "s exposed per micro-batch"},
    {"unit.s_compute_to_hide_in", "s of compute to hide in"},
    {"unit.s_last_backward_overlap", "s of the last backward it overlaps"},
    {"unit.s_per_microbatch", "s per micro-batch"},
    {"unit.s_per_step", "s per step"},
    {"unit.s_gradient_allreduce", "s, gradient all-reduce"},
    {"unit.s_microbatch_all_stages", "s, one micro-batch, all stages"},
    {"unit.s_link_part", "s, over the link (inference.decode_step.link_s)"},
    {"unit.s_cpu_part", "s, the CPU's part (inference.decode_step.host_s)"},
    {"unit.s_slowest_stage", "s, the slowest stage"},
    {"unit.share_of_bandwidth", "share of bandwidth"},
    {"unit.share_of_peak", "share of peak"},
    {"unit.stages", "stages"},
    {"unit.tables", "tables"},
    {"unit.tokens_per_s_step_model", "tokens/s, step-time model"},
    {"unit.bytes_expert_rows", "bytes, each token's routed experts' weights"},
    {"unit.bytes_per_s_dot_products", "bytes/s, the threads' dot-product kernels"},
    {"unit.s_token_expert_cost", "s, a fixed cost per token and routed expert"},
    {"unit.s_disk_part", "s, weights read from the disk"},
    {"unit.collectives_per_microbatch", "collectives per micro-batch"},
    {"unit.sends_per_microbatch", "sends per micro-batch"},
    {"unit.all_to_alls_per_microbatch", "all-to-alls per micro-batch"},
    {"unit.executed_flops_per_token", "executed FLOPs/token"},
};

}  // namespace llm_sizer
