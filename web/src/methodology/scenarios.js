// The scenarios whose defaults the methodology page's constants tables show (their names are in
// the page's strings, "scenarios").
export const scenarios = {
  train: { model: 'llama-3-8b', hardware: { accelerator: 'h100-sxm', count: 8 }, training: {} },
  serve: { model: 'llama-3-8b', hardware: { accelerator: 'h100-sxm' }, inference: { runtime: 'vllm' } },
  local: { model: 'llama-3-8b', hardware: { accelerator: 'rtx-4090' }, inference: { runtime: 'llama.cpp', weights: 'q4_k_m' } },
  offload: { model: 'llama-3-70b', hardware: { accelerator: 'rtx-4090', host: 'ryzen-9-7950x' }, inference: { runtime: 'llama.cpp', weights: 'q4_k_m' } },
  apple: { model: 'llama-3-8b', hardware: { accelerator: 'm3-max' }, inference: { runtime: 'llama.cpp', weights: 'q4_k_m' } },
  grpo: { model: 'qwen2.5-7b', hardware: { accelerator: 'h100-sxm', count: 8 }, training: { objective: 'grpo', zero_stage: 3 } },
};
