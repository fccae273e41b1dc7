// Where each number's formula is explained and checked, in one place: a result path maps to its
// section of methodology.html and to the validation category whose rows test it. The calculator's
// formula panels link to methodology.html#for=<path> and validation.html#for=<path>, and those
// pages resolve the path here (so the calculator never loads this). The first rule whose pattern
// matches wins; tests/node/methodology.test.mjs checks that every path the core explains maps to
// a section the methodology page has.
const rules = [
  [/^model\./, 'parameters', 'parameters'],
  [/^training\.memory\.activations_bytes$/, 'activations', 'training-memory'],
  [/^training\.(memory\.|memory_per_gpu_bytes$|cpu_offload_bytes$|max_micro_batch$|fits$)/, 'training-memory', 'training-memory'],
  [/^training\.(cost_usd|energy_kwh|energy_cost_usd)$/, 'cost-energy', 'training-runs'],
  [/^(training\.(step_breakdown\.|step_time_estimated_s$|mfu_estimated$|hfu_estimated$|tokens_per_s$)|plans\.)/, 'communication', 'training-throughput'],
  [/^training\./, 'flops', 'training-runs'],
  [/^inference\.(host_bytes$|placement\.|best_placement|speed_by_gpu_layers|decode_step\.host_|decode_step\.crossing)/, 'offload', 'offload-decode'],
  [/^inference\.kv_/, 'kv-cache', 'inference-memory'],
  [/^(inference\.weights_|quantization\.)/, 'quantized-sizes', 'quantized-sizes'],
  [/^inference\.(memory_|per_device\.|activation_bytes$|overhead_bytes$|device_usable_bytes$|runtime\.|fits$|max_)/, 'runtime-memory', 'inference-memory'],
  [/^serving\./, 'serving-load', 'serving-load'],
  [/^inference\.cost_/, 'cost-energy', 'throughput'],
  [/^inference\.(requests_per_s|throughput_tokens_per_s|gpus_for_target|batch_for_target)/, 'serving', 'throughput'],
  [/^inference\.(prefill|ttft)/, 'roofline', 'prefill'],
  [/^inference\./, 'roofline', 'decode'],
];

// { anchor, category } for a result path, or null when no rule covers it.
export function methodologyFor(path) {
  const rule = rules.find(([pattern]) => pattern.test(path));
  return rule ? { anchor: rule[1], category: rule[2] } : null;
}

// The result path a page's fragment names ("#for=inference.kv_cache_bytes"), or null.
export function pathInHash(hash) {
  return new URLSearchParams(String(hash ?? '').replace(/^#/, '')).get('for');
}
