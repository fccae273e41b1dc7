// The methodology page in English (methodology.zh.js mirrors the keys and sections; a test checks
// it). Each section is one formula family: its equation, what it assumes, its defaults (values read
// from the core, with where they come from), what it leaves out, its sources, and the validation
// categories that test it. Section ids are the anchors the calculator's formula panels link to
// (web/src/methodology_links.js).
export default {
  ui: {
    'page.title': 'LLM Sizer: methodology',
    'page.heading': 'How the numbers are computed',
    'page.intro': 'Every number in the calculator comes from one C++ core, compiled to WebAssembly for this site and natively for the command line. Each family of formulas below says what it computes, what it assumes, which defaults it uses and where they come from, what it does not model, and how far it is from published measurements. Default values are read from the core itself, so this page shows what the calculator uses now.',
    'nav.calculator': 'Calculator',
    contents: 'Contents',
    equation: 'Equation',
    assumes: 'Assumptions',
    constants: 'Defaults and where they come from',
    'constants.value': 'value in the core now',
    'constants.for': 'for',
    not_modelled: 'Not modelled',
    sources: 'Sources',
    validation: 'How close it comes:',
    'validation.link': 'validation rows for {category}',
    pending: 'This section is filled in once that part of the calculator lands.',
  },
  scenarios: {
    train: 'Llama 3 8B, training on 8 H100 SXM',
    serve: 'Llama 3 8B on an H100 SXM, vLLM',
    local: 'Llama 3 8B Q4_K_M on an RTX 4090, llama.cpp',
    offload: 'Llama 3 70B Q4_K_M on an RTX 4090 with a Ryzen 9 7950X and its RAM, llama.cpp',
    apple: 'Llama 3 8B Q4_K_M on an M3 Max, llama.cpp',
  },
  sections: [
    {
      id: 'parameters',
      title: 'Parameters',
      equation: [
        'params_total = Σ over the tensors the checkpoint loads of rows × columns (+ biases, norms)',
        'attention per layer = h·(n_q·d) + 2·h·(n_kv·d) + (n_q·d)·h  (GQA: n_kv < n_q; MLA: the low-rank projections)',
        'gated MLP per layer = 3·h·f ;  MoE layer = E·3·h·f_e + router h·E (+ shared experts)',
        'params_active = params_total − (E − k)·experts per MoE layer',
      ],
      assumes: [
        'The tensor list is built per model family (modeling_<model_type>.py in Hugging Face transformers), from the real config.json fields; an unknown model_type is counted with the Llama layout and a warning.',
        'A tied output head is counted once; DeepSeek’s multi-token-prediction module and a vision tower are reported apart from the text model where their checkpoints hold them.',
      ],
      constants: [],
      not_modelled: ['Encoder-decoder (T5) and encoder-only (BERT) models.', 'Vision towers whose vision_config is missing from the stored config.'],
      sources: [
        ['Hugging Face transformers, modeling_<model_type>.py', 'https://github.com/huggingface/transformers/tree/main/src/transformers/models'],
        ['Ainslie et al. 2023, GQA', 'https://arxiv.org/abs/2305.13245'],
        ['DeepSeek-AI 2024, DeepSeek-V2, section 2.1.2 (MLA)', 'https://arxiv.org/abs/2405.04434'],
        ['Fedus et al. 2021, Switch Transformers (top-k experts)', 'https://arxiv.org/abs/2101.03961'],
      ],
      validation: ['parameters'],
    },
    {
      id: 'flops',
      title: 'Training FLOPs and time',
      equation: [
        'flops_per_token = 3 × (2·N_matmul + 4·L·s_attended·d_attn + 2·h·V) (+ recomputed forward)',
        'flops_total_6nd = 6·N·D  (8·N·D with full recomputation)',
        'wall_s = steps × step_time_s / goodput, step_time_s from the step-time model (or flops / (gpus × peak × mfu) when mfu is given) ;  gpu_hours = gpus × wall_s / 3600',
        'chinchilla_tokens = 20 × N ;  compute-optimal N = √(C / 120), D = 20·N',
      ],
      assumes: [
        'Backward costs twice the forward pass; attention FLOPs follow PaLM appendix B (QKᵀ and the weighted sum of values), each layer attending to its window.',
        'Without an mfu the step time comes from the step-time model (see Communication and the training planner); a given mfu is applied to the executed FLOPs (model + recomputation) and is end to end.',
      ],
      constants: [
        { label: 'MFU (implied by the step-time model)', path: 'training.assumptions.mfu', scenario: 'train', source: 'Llama 3 405B reached 38-43% BF16 MFU on 8K-16K H100 (Llama Team 2024, Table 4); published runs range from 21% (GPT-3) to 55% (MegaScale)' },
        { label: 'Dense peak used', path: 'training.peak_flops_per_s', scenario: 'train', source: 'the accelerator’s datasheet dense figure for the training precision (data/accelerators)' },
        { label: 'Tokens per parameter', path: 'training.assumptions.tokens_per_param', scenario: 'train', source: 'Hoffmann et al. 2022, Table 3' },
      ],
      not_modelled: ['Failures and restarts beyond the goodput share; data loading.'],
      sources: [
        ['Kaplan et al. 2020, section 2.1 (C ≈ 6N per token)', 'https://arxiv.org/abs/2001.08361'],
        ['Chowdhery et al. 2022, PaLM, appendix B (MFU)', 'https://arxiv.org/abs/2204.02311'],
        ['Narayanan et al. 2021, eqs. 3-4 (8·T·P with recomputation)', 'https://arxiv.org/abs/2104.04473'],
        ['Hoffmann et al. 2022, Chinchilla', 'https://arxiv.org/abs/2203.15556'],
      ],
      validation: ['training-runs'],
    },
    {
      id: 'training-memory',
      title: 'Training memory: model states, buffers and overhead',
      equation: [
        'model states per GPU = (weights + gradients + optimizer states) / tp, each divided by dp from its ZeRO stage on',
        'mixed AdamW: 2 + 2 + (4 + 4 + 4) bytes per parameter',
        'memory_per_gpu = states + activations + buffers + CUDA context + fragmentation',
      ],
      assumes: [
        'ZeRO stage 1 shards optimizer states, 2 also gradients, 3 also parameters over dp; offload moves them to host memory (reported as cpu_offload_bytes).',
        'Buffers: a rebuilt layer under full recomputation, ZeRO-3’s gathered largest tensor (4 × its parameters, as DeepSpeed sizes it), QLoRA’s dequantized largest matrix.',
        'LoRA/QLoRA: frozen base weights (NF4 with double quantization for QLoRA, 4.127 bits), trainable adapters of r·(d_in + d_out) per adapted matrix.',
      ],
      constants: [
        { label: 'Bytes per parameter: weights', path: 'training.assumptions.bytes_per_param.weights', scenario: 'train', source: 'the training precision (bf16)' },
        { label: 'Bytes per parameter: fp32 master copy', path: 'training.assumptions.bytes_per_param.master_weights', scenario: 'train', source: 'Micikevicius et al. 2018, mixed precision' },
        { label: 'CUDA context', path: 'training.assumptions.cuda_context_bytes', scenario: 'train', source: 'PyTorch PR #86509 (lazy module loading)' },
        { label: 'Fragmentation', path: 'training.assumptions.fragmentation', scenario: 'train', source: 'Megatron-LM theoretical_memory_usage.py' },
      ],
      not_modelled: ['Data-parallel gradient buckets and optimizer-step temporaries.', 'Hugging Face’s fp32 gradients in mixed precision (it counts 18 bytes per parameter; ZeRO’s convention, used here, counts 16).'],
      sources: [
        ['Rajbhandari et al. 2020, ZeRO, sections 3.1 and 5', 'https://arxiv.org/abs/1910.02054'],
        ['DeepSpeed documentation, Memory Requirements', 'https://deepspeed.readthedocs.io/en/latest/memory.html'],
        ['Dettmers et al. 2023, QLoRA, section 3', 'https://arxiv.org/abs/2305.14314'],
        ['Hu et al. 2021, LoRA', 'https://arxiv.org/abs/2106.09685'],
      ],
      validation: ['training-memory'],
    },
    {
      id: 'activations',
      title: 'Activations',
      equation: [
        'per layer (GPT-3 shape, no recomputation) = s·b·h·(34 + 5·a·s/h) bytes',
        'with tensor parallelism t: s·b·h·(10 + 24/t + 5·a·s/(h·t)); with sequence parallelism: s·b·h·(34 + 5·a·s/h)/t',
        'selective recomputation drops the 5·a·s/h score term; full recomputation keeps 2·s·b·h per layer',
        'first pipeline stage: p micro-batches of L/p layers in flight = L layers’ worth; output layer 4·s·b·h·(1 + V/h)/t',
      ],
      assumes: [
        'The Korthikanti et al. derivation generalised to grouped-query attention, gated MLPs and MoE layers.',
        'FlashAttention (default on) keeps no s×s score matrix, only fp32 log-sum-exp statistics; dropout masks only when dropout is on (modern configs set it to 0).',
      ],
      constants: [
        { label: 'Bytes per activation element', path: 'training.assumptions.activation_element_bytes', scenario: 'train', source: 'bf16 activations' },
      ],
      not_modelled: ['The image encoder’s activations.', 'Context parallelism.'],
      sources: [
        ['Korthikanti et al. 2022, sections 4-5 and Table 2', 'https://arxiv.org/abs/2205.05198'],
        ['Dao et al. 2022, FlashAttention', 'https://arxiv.org/abs/2205.14135'],
      ],
      validation: ['training-memory'],
    },
    {
      id: 'kv-cache',
      title: 'KV cache',
      equation: [
        'kv_bytes_per_token = Σ over attention layers of 2 × n_kv × d_head × bytes per element',
        'MLA (DeepSeek): (kv_lora_rank + qk_rope_head_dim) × bytes per element per layer',
        'kv_cache_bytes = batch × (global layers’ bytes × context + sliding layers’ bytes × min(context, window) + fixed state of linear layers)',
      ],
      assumes: [
        'Sliding-window layers stop growing at the window; linear-attention layers (Qwen3-Next) keep a fixed state.',
        'vLLM rounds to 16-token blocks; llama.cpp’s quantized KV types include their block scales (q8_0: 34 bytes per 32 elements).',
        'The MLA latent is replicated on every tensor-parallel rank, as vLLM, SGLang, TensorRT-LLM and llama.cpp allocate it.',
      ],
      constants: [
        { label: 'Bytes per KV element (fp16)', path: 'inference.assumptions.kv_bytes_per_element', scenario: 'serve', source: 'the chosen KV format' },
      ],
      not_modelled: ['Prefix caching and KV offload to host memory.'],
      sources: [
        ['Kwon et al. 2023, PagedAttention, section 3', 'https://arxiv.org/abs/2309.06180'],
        ['Ainslie et al. 2023, GQA', 'https://arxiv.org/abs/2305.13245'],
        ['DeepSeek-AI 2024, DeepSeek-V2, section 2.1.2', 'https://arxiv.org/abs/2405.04434'],
        ['llama.cpp ggml-common.h (block layouts)', 'https://github.com/ggml-org/llama.cpp/blob/master/ggml/src/ggml-common.h'],
      ],
      validation: ['inference-memory'],
    },
    {
      id: 'quantized-sizes',
      title: 'Quantized weight sizes',
      equation: [
        'weights_bytes = Σ over tensors of the bytes of that tensor’s type',
        'GGUF: llama-quantize’s per-tensor type mix for the file type, ggml block sizes (Q4_K: 144 bytes per 256 weights), 32-byte tensor alignment',
        'GPTQ/AWQ: packed b-bit weights + fp16 scales and packed zeros per group; bitsandbytes NF4: 4 bits + fp32 absmax per 64 (double quantization: 8/64 + 32/(64·256) bits)',
      ],
      assumes: [
        'A GGUF file is made with an importance matrix exactly where llama-quantize requires one (IQ1/IQ2, IQ3_XXS, IQ3_XS, Q2_K_S) unless the scenario says otherwise (inference.imatrix).',
        'Embeddings, the output head and norms stay 16-bit in checkpoint formats (GPTQ, AWQ, FP8, INT8); 1-D tensors stay F32 in GGUF; a vision tower is sized at F16 for GGUF (the mmproj file).',
      ],
      constants: [],
      not_modelled: ['GGUF metadata and tokenizer, safetensors headers (a few MB).', 'Quality: published perplexity figures are shown where they exist, never estimated.'],
      sources: [
        ['llama.cpp src/llama-quant.cpp and ggml-common.h', 'https://github.com/ggml-org/llama.cpp/blob/master/src/llama-quant.cpp'],
        ['Frantar et al. 2022, GPTQ', 'https://arxiv.org/abs/2210.17323'],
        ['Dettmers et al. 2023, QLoRA, section 3', 'https://arxiv.org/abs/2305.14314'],
      ],
      validation: ['quantized-sizes'],
    },
    {
      id: 'runtime-memory',
      title: 'Inference memory and runtime budgets',
      equation: [
        'memory_per_device = weights/tp + KV cache/tp + activations + overhead',
        'vLLM: KV pool = gpu_memory_utilization × memory − weights − profiled activation peak − non-torch memory',
        'activations: one step of max_batched_tokens at the widest point of a layer + fp32 logits; llama.cpp: the largest live set of one ubatch’s graph',
      ],
      assumes: [
        'Each runtime’s documented memory behaviour: vLLM gpu_memory_utilization, SGLang mem_fraction_static, TensorRT-LLM free_gpu_memory_fraction of what is free after the weights; llama.cpp keeps the token embedding in host memory.',
        'Apple unified memory gives the GPU Metal’s recommended working set (75% of memory on large machines).',
      ],
      constants: [
        { label: 'Runtime memory fraction', path: 'inference.assumptions.gpu_memory_fraction', scenario: 'serve', source: 'vLLM’s default gpu_memory_utilization' },
        { label: 'Non-torch memory (CUDA context, handles)', path: 'inference.assumptions.overhead_bytes', scenario: 'serve', source: 'vLLM’s measured non-torch memory (vllm#10517)' },
        { label: 'Tokens per step', path: 'inference.assumptions.max_batched_tokens', scenario: 'serve', source: 'vLLM max_num_batched_tokens default on ≥ 70 GiB devices' },
      ],
      not_modelled: ['CUDA-graph capture memory; TensorRT-LLM engine buffers sized at build time.'],
      sources: [
        ['vLLM: conserving memory, determine_available_memory', 'https://docs.vllm.ai/en/latest/configuration/conserving_memory.html'],
        ['vLLM issue #10517 (memory profile logs)', 'https://github.com/vllm-project/vllm/issues/10517'],
      ],
      validation: ['inference-memory'],
    },
    {
      id: 'roofline',
      title: 'Roofline speed and runtime overheads',
      equation: [
        'decode step = max(bytes / (bandwidth × memory_efficiency), FLOPs / (peak × compute_efficiency)) + layers × layer_overhead + all-reduces',
        'bytes = the weights a step streams (MoE: the experts the batch touches, E·(1 − (1 − k/E)^B)) + the KV cache read',
        'prefill = the same over the prompt in max_batched_tokens chunks ;  TTFT = prefill + a serving engine’s per-request cost',
        'arithmetic intensity = FLOPs / bytes ; ridge point = peak / bandwidth',
      ],
      assumes: [
        'One set of efficiencies for every case, fitted once to the published speeds (data/measurements/inference-speed.json): by memory type (GDDR, HBM, Apple unified), by runtime, and by weight format (k-quants, 4-bit GPTQ/AWQ dequantize).',
        'Tensor-parallel all-reduces cost a fixed latency plus a share per extra device; llama.cpp splits layers, which adds no all-reduce and no speed.',
      ],
      constants: [
        { label: 'Memory efficiency', path: 'inference.assumptions.memory_efficiency', scenario: 'local', source: 'fitted to the published speeds' },
        { label: 'Memory efficiency', path: 'inference.assumptions.memory_efficiency', scenario: 'serve', source: 'fitted to the published speeds' },
        { label: 'Memory efficiency', path: 'inference.assumptions.memory_efficiency', scenario: 'apple', source: 'fitted to the published speeds' },
        { label: 'Fixed cost per layer and step', path: 'inference.assumptions.layer_overhead_s', scenario: 'local', source: 'fitted to the published speeds' },
        { label: 'Fixed cost per layer and step', path: 'inference.assumptions.layer_overhead_s', scenario: 'serve', source: 'fitted to the published speeds' },
        { label: 'Prefill compute efficiency', path: 'inference.assumptions.compute_efficiency', scenario: 'local', source: 'fitted to the published speeds' },
        { label: 'Prefill compute efficiency', path: 'inference.assumptions.compute_efficiency', scenario: 'serve', source: 'fitted to the published speeds' },
      ],
      not_modelled: ['Speculative decoding, kernel-level differences between runtime versions (llama.cpp builds differ a lot in prefill).', 'CPU-side bottlenecks of slow hosts.'],
      sources: [
        ['Williams, Waterman and Patterson 2009, Roofline', 'https://doi.org/10.1145/1498765.1498785'],
        ['Pope et al. 2022, Efficiently Scaling Transformer Inference, section 2', 'https://arxiv.org/abs/2211.05102'],
      ],
      validation: ['decode', 'prefill'],
    },
    {
      id: 'serving',
      title: 'Serving: throughput, requests and fleets',
      equation: [
        'requests_per_s = batch / (output_tokens × decode step + batch prefill)  (continuous batching)',
        'throughput_tokens_per_s = batch × decode_tokens_per_s',
        'gpus_for_target = ⌈target_requests_per_s / best rate per instance⌉ × tp',
      ],
      assumes: [
        'A cycle of output_tokens decode steps plus the batch’s prefill completes batch requests; every sequence has the scenario’s prompt and output length.',
      ],
      constants: [],
      not_modelled: ['Request-length distributions, queueing and scheduler policy; the batch a scheduler reaches on its own (benchmarks that do not publish it are not compared).'],
      sources: [['Yu et al. 2022, Orca (iteration-level scheduling), section 4', 'https://www.usenix.org/conference/osdi22/presentation/yu']],
      validation: ['throughput'],
    },
    {
      id: 'serving-load',
      title: 'Serving under load: continuous batching, step by step',
      equation: [
        'step time = max(weights the step’s tokens touch + Σ decoding sequences’ KV cache) / (bandwidth × efficiency), FLOPs of every decode token and prompt chunk / (peak × efficiency)) + layers × per-layer cost + tensor-parallel all-reduces',
        'each step: one token of every decoding sequence, then prompt chunks in arrival order, up to max_batched_tokens; a sequence is admitted while the paged KV pool (block_tokens a page) and max_num_seqs allow',
        'TTFT = wait in the queue + its prefill chunks’ steps + the engine’s per-request cost;  TPOT = (finish − first token) / (output − 1);  throughput = output tokens / duration × replicas',
      ],
      assumes: [
        'Requests arrive all at once (offline), as a Poisson process (requests_per_s) or with a fixed number in flight (concurrency); lengths are fixed or log-normal with the given mean and p99, sampled deterministically.',
        'vLLM and SGLang allocate pages as sequences grow and preempt the newest (recomputing it later); TensorRT-LLM (GUARANTEED_NO_EVICT) admits a request only when its whole prompt and answer fit.',
        'Replicas get equal shares of the traffic (round robin); each is simulated alone.',
      ],
      constants: [],
      not_modelled: ['Pipeline and expert parallelism, disaggregated prefill and decode, and speculative decoding for serving; MoE grouped-GEMM efficiency at few tokens per expert (DeepSeek prefill comes out several times too fast); multi-turn growth; a shared prefix’s pages are counted once per request.'],
      sources: [
        ['Yu et al. 2022, Orca (iteration-level scheduling), section 3', 'https://www.usenix.org/conference/osdi22/presentation/yu'],
        ['Kwon et al. 2023, vLLM PagedAttention, section 4', 'https://arxiv.org/abs/2309.06180'],
        ['Agrawal et al. 2024, Sarathi-Serve (chunked prefill), section 4', 'https://arxiv.org/abs/2403.02310'],
      ],
      validation: ['serving-load', 'throughput'],
    },
    {
      id: 'offload',
      title: 'Offload to host memory',
      equation: [
        'decode step = GPU part (its layers’ bytes / (GPU bandwidth × efficiency)) + host part (host bytes / (host bandwidth × host_memory_efficiency)) + layers × per-layer costs + crossings × crossing cost',
        'host bandwidth = channels × 8 bytes × MT/s (per socket) ;  CPU prefill = FLOPs / (vector peak × host_compute_efficiency)',
        'vLLM cpu_offload_gb: the offloaded bytes cross the host link every forward pass',
      ],
      assumes: [
        'llama.cpp runs the GPU and CPU parts of a step in turn; -ngl N puts the last N layers on the GPU (each layer’s KV cache beside it), --override-tensor exps=CPU keeps routed experts in RAM.',
        'Without gpu_layers, as many layers as fit go to the GPU (llama.cpp’s fit); a setup that fits nowhere gets no speed at all.',
        'For prefill chunks of 32 tokens or more llama.cpp copies host weights to the GPU over the link.',
      ],
      constants: [
        { label: 'Host streaming efficiency', path: 'inference.assumptions.host_memory_efficiency', scenario: 'offload', source: 'fitted to data/measurements/offload-speed.json (desktop DDR 0.62, soldered LPDDR 0.42, many-channel servers 0.47)' },
        { label: 'Host matmul efficiency', path: 'inference.assumptions.host_compute_efficiency', scenario: 'offload', source: 'fitted to the CPU prefill rows of data/measurements/offload-speed.json' },
        { label: 'Host per-layer cost (s)', path: 'inference.assumptions.host_layer_overhead_s', scenario: 'offload', source: 'fitted to the CPU-only decode rows' },
        { label: 'GPU/CPU hand-over (s)', path: 'inference.assumptions.crossing_s', scenario: 'offload', source: 'fitted to the partial-offload rows (llama.cpp -ngl sweeps)' },
        { label: 'Host link efficiency', path: 'inference.assumptions.link_efficiency', scenario: 'offload', source: 'weights copied for prefill chunks (pageable host memory)' },
      ],
      not_modelled: ['NUMA placement across sockets (a second socket adds cores and RAM, not bandwidth); disk (mmap) reads when RAM is short.'],
      sources: [
        ['llama.cpp: -ngl, --override-tensor and ggml_backend_sched', 'https://github.com/ggml-org/llama.cpp/blob/master/tools/main/README.md'],
        ['vLLM engine arguments: cpu_offload_gb', 'https://docs.vllm.ai/en/latest/configuration/engine_args.html'],
      ],
      validation: ['offload-decode', 'offload-prefill'],
    },
    {
      id: 'communication',
      title: 'Communication and the training planner',
      equation: [
        'compute per micro-batch = matmul FLOPs / (peak × compute_efficiency) + attention FLOPs / (16-bit peak × compute_efficiency) + elementwise bytes / (bandwidth × memory_efficiency)',
        'compute_efficiency = matmul_share (the device’s achievable matmul FLOPS) × framework_share',
        'all-reduce (ring) = 2·(n−1) × (latency + bytes / n / bandwidth); a group spanning nodes goes inside each node first',
        'pipeline = m·t_max + (Σ_k t_k − t_max) / v  (bubble (p−1)/(v·m) for equal stages)',
        'step_time_s = pipeline + exposed data-parallel synchronisation + ZeRO-3 gathers + offload transfers',
      ],
      assumes: [
        'Megatron layout: tensor parallelism innermost, then context, expert, data and pipeline parallelism; 4 tensor-parallel collectives per layer (6 with full recomputation), sequence parallelism with every tp > 1.',
        'Data-parallel gradient reduction overlaps the last backward pass when overlap_dp_comm; the planner searches tp, pp, dp, cp, ep, ZeRO 0-3, recomputation, micro-batch, schedule and offload, keeps the plans that fit and ranks them by tokens per second.',
        'Without a global batch, every plan accumulates to 2^22 tokens (or one sequence per 8 GPUs when that is more).',
      ],
      constants: [
        { label: 'Achievable matmul share', path: 'training.assumptions.matmul_share', scenario: 'train', source: 'Bekman, ml-engineering, “Maximum Achievable Matmul FLOPS comparison table”' },
        { label: 'Framework share', path: 'training.assumptions.framework_share', scenario: 'train', source: 'fitted once to MosaicML llm-foundry’s published training throughput (2048-token rows)' },
        { label: 'Compute efficiency', path: 'training.assumptions.compute_efficiency', scenario: 'train', source: 'matmul share × framework share' },
        { label: 'Goodput', path: 'training.assumptions.goodput', scenario: 'train', source: 'Llama 3 405B: higher than 90% effective training time (Llama Team 2024, section 3.3.4)' },
        { label: 'Global batch', path: 'training.global_batch_tokens', scenario: 'train', source: 'Llama 2’s 4M tokens (Touvron et al. 2023, section 2.2)' },
      ],
      not_modelled: ['Load imbalance between experts; the optimizer step’s own time; network congestion beyond the link’s bandwidth and latency.'],
      sources: [
        ['Narayanan et al. 2021, Efficient Large-Scale Language Model Training on GPU Clusters (pipeline bubble, interleaved schedule)', 'https://arxiv.org/abs/2104.04473'],
        ['Korthikanti et al. 2022, Reducing Activation Recomputation (sequence parallelism, selective recomputation)', 'https://arxiv.org/abs/2205.05198'],
        ['Rajbhandari et al. 2020, ZeRO', 'https://arxiv.org/abs/1910.02054'],
        ['Llama Team 2024, The Llama 3 Herd of Models, Table 4 and section 3.3', 'https://arxiv.org/abs/2407.21783'],
      ],
      validation: ['training-throughput', 'training-runs'],
    },
    {
      id: 'cost-energy',
      title: 'Cost and energy',
      equation: [
        'cost_usd = gpu_hours × price per GPU-hour × (1 − discount)',
        'energy_kwh = TDP × gpu_hours × PUE / 1000',
        'cost per million tokens = price × devices / 3600 / tokens per second × 10⁶',
      ],
      assumes: ['Nameplate power (TDP) for the whole run, as the Llama model cards and Luccioni et al. count it; the catalog’s lower-median on-demand price unless the scenario gives one.'],
      constants: [
        { label: 'Price per GPU-hour', path: 'training.price_per_gpu_hour_usd', scenario: 'train', source: 'the catalog’s lower-median on-demand price (data/cloud-prices.json)' },
        { label: 'PUE', path: 'training.assumptions.pue', scenario: 'train', source: 'Google’s fleet (1.10); LLaMA used 1.1' },
      ],
      not_modelled: ['Measured power below TDP, storage and networking costs, reserved-capacity contracts beyond a flat discount.'],
      sources: [
        ['Luccioni et al. 2022, the carbon footprint of BLOOM, Table 1', 'https://arxiv.org/abs/2211.02001'],
        ['DeepSeek-AI 2024, DeepSeek-V3, Table 1 (cost = GPU hours × rental price)', 'https://arxiv.org/abs/2412.19437'],
      ],
      validation: ['training-runs', 'throughput'],
    },
  ],
};
