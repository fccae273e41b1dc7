#include "planner/search.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <tuple>

#include "limits.hpp"
#include "step_time/plan_memory.hpp"

namespace llm_sizer {
namespace {

constexpr int64_t kMaxMicroBatch = 64;
constexpr double kMinContextChunkTokens = 4096;  // context parallelism only for long sequences
constexpr std::array<int64_t, 3> kVirtualStages = {2, 4, 8};

std::vector<int64_t> divisors(int64_t n) {
  std::vector<int64_t> out;
  for (int64_t d = 1; d * d <= n; ++d) {
    if (n % d != 0) continue;
    out.push_back(d);
    if (d * d != n) out.push_back(n / d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The cheaper plan of two with the same time: fewer memory savers, less parallelism.
int complexity(const ParallelPlan& p) {
  return p.zero_stage + int(p.offload) * 4 + int(p.recompute) * 2 + int(p.virtual_stages > 1);
}

// Ranked by throughput: plans whose accumulation rounds differently carry slightly different
// batches, so time per token, not per step, compares them.
// Ties end in the plan's own fields, so the order is total and the same with every standard
// library (the WASM build's partial_sort orders equal elements differently).
bool faster(const PlanCandidate& a, const PlanCandidate& b) {
  if (a.step.tokens_per_s != b.step.tokens_per_s) return a.step.tokens_per_s > b.step.tokens_per_s;
  if (complexity(a.plan) != complexity(b.plan)) return complexity(a.plan) < complexity(b.plan);
  const auto key = [](const ParallelPlan& p) {
    return std::tuple(p.tp, p.pp, p.cp, p.ep, p.dp, p.micro_batch, p.grad_accumulation,
                      p.zero_stage, int(p.offload), int(p.recompute), p.virtual_stages,
                      p.sequence_parallel);
  };
  return key(a.plan) < key(b.plan);
}

class Search {
 public:
  Search(const PlannerContext& c, int64_t gpus, const SearchSpace& space)
      : c_(c), gpus_(gpus), space_(space) {}

  SearchResult run(size_t keep) {
    const ModelSpec& m = *c_.profile.model;
    const int64_t layers = c_.profile.num_layers();
    const auto seq = int64_t(c_.profile.seq_len);
    for (const int64_t tp : divisors(m.num_heads)) {
      if (gpus_ % tp != 0) continue;
      if (tp > c_.cluster.gpus_per_node && !space_.tp_across_nodes) continue;
      for (int64_t cp = 1; gpus_ % (tp * cp) == 0 && seq % cp == 0; cp *= 2) {
        if (cp > 1 && double(seq / cp) < kMinContextChunkTokens) break;
        for (const int64_t pp : divisors(gpus_ / (tp * cp))) {
          if (pp > layers || pp > limits::kSearchedPipelineStages) break;
          split(tp, cp, pp, layers);
        }
      }
    }
    SearchResult out = std::move(result_);
    if (!out.plans.empty()) {
      const size_t n = std::min(keep, out.plans.size());
      std::partial_sort(out.plans.begin(), out.plans.begin() + long(n), out.plans.end(), faster);
      out.plans.resize(n);
    } else if (!smallest_.empty()) {
      std::sort(smallest_.begin(), smallest_.end(), [](const auto& a, const auto& b) {
        return a.memory_per_gpu_bytes < b.memory_per_gpu_bytes;
      });
      smallest_.resize(std::min(keep, smallest_.size()));
      for (auto& candidate : smallest_) step(candidate);
      out.plans = std::move(smallest_);
    }
    return out;
  }

 private:
  void split(int64_t tp, int64_t cp, int64_t pp, int64_t layers) {
    const int64_t dp = gpus_ / (tp * cp * pp);
    const double sequences = c_.global_sequences;
    // Sequences per data-parallel replica per step; the accumulation is rounded to whole
    // micro-batches (as training.global_batch_tokens is), so the batch may move a little.
    const auto local = int64_t(sequences / double(dp));
    if (local < 1) return;
    const ModelSpec& m = *c_.profile.model;
    std::vector<int64_t> expert_splits = {1};
    if (m.is_moe()) {
      expert_splits.clear();
      for (const int64_t ep : divisors(dp)) {
        if (m.moe.num_experts % ep == 0) expert_splits.push_back(ep);
      }
    }
    // The fewest layers a stage holds: interleaving needs a layer per model chunk.
    const int64_t fewest = stage_layer_count(layers, pp, 0);
    for (const int64_t ep : expert_splits) {
      for (int64_t mb = 1; mb <= std::min(local, kMaxMicroBatch); mb *= 2) {
        ParallelPlan plan;
        plan.tp = tp;
        plan.cp = cp;
        plan.pp = pp;
        plan.dp = dp;
        plan.ep = ep;
        plan.micro_batch = mb;
        plan.grad_accumulation = std::max<int64_t>(1, std::llround(sequences / double(dp * mb)));
        plan.sequence_parallel = tp > 1;
        memory_savers(plan);
        if (pp == 1) continue;
        plan.schedule = PipelineSchedule::interleaved;
        for (const int64_t v : kVirtualStages) {
          if (v > fewest || plan.grad_accumulation % pp != 0) break;
          plan.virtual_stages = v;
          memory_savers(plan);
        }
      }
    }
  }

  // ZeRO stages, offload and recomputation, cheapest first: a costlier saver is tried only for a
  // lighter recomputation than the best that already fits (it can only be faster through that).
  void memory_savers(ParallelPlan plan) {
    int lightest_fitting = 3;  // recompute levels 0-2; 3: none fits yet
    for (int zero = 0; zero <= 3; ++zero) {
      for (const Offload offload :
           {Offload::none, Offload::optimizer, Offload::optimizer_and_params}) {
        // One replica: a ZeRO stage shards nothing, it only makes offload possible.
        if (plan.dp == 1 && zero > 0 && offload == Offload::none) continue;
        if (offload == Offload::optimizer && (zero < 1 || !space_.offload)) continue;
        if (offload == Offload::optimizer_and_params && (zero < 3 || !space_.offload)) continue;
        for (int recompute = 0; recompute < 3; ++recompute) {
          ++result_.candidates;
          if (recompute >= lightest_fitting) continue;
          plan.zero_stage = zero;
          plan.offload = offload;
          plan.recompute = static_cast<Recompute>(recompute);
          if (evaluate(plan)) lightest_fitting = recompute;
        }
      }
    }
  }

  bool evaluate(const ParallelPlan& plan) {
    ++result_.evaluated;
    PlanCandidate candidate;
    candidate.plan = plan;
    // Once a plan fits, a plan that does not needs no exact figure: stop at the first stage over.
    const double stop =
        result_.fitting > 0 ? c_.memory_available_bytes : std::numeric_limits<double>::infinity();
    candidate.memory_per_gpu_bytes =
        worst_stage_bytes(c_.profile, c_.settings, plan, plan.micro_batch, stop);
    candidate.fits = candidate.memory_per_gpu_bytes <= c_.memory_available_bytes;
    if (!candidate.fits) {
      remember_small(candidate);
      return false;
    }
    ++result_.fitting;
    step(candidate);
    result_.plans.push_back(candidate);
    return true;
  }

  void step(PlanCandidate& candidate) const {
    candidate.step =
        estimate_step({c_.profile, c_.settings, c_.cluster, c_.efficiency}, candidate.plan);
    candidate.mfu_estimated = c_.model_flops_per_token * candidate.step.tokens_per_s /
                              (double(gpus_) * c_.peak_flops_per_s);
  }

  // While nothing fits, the plans that come closest are kept to show what is missing.
  void remember_small(const PlanCandidate& candidate) {
    if (result_.fitting > 0) return;
    constexpr size_t kKept = 64;
    if (smallest_.size() < kKept) {
      smallest_.push_back(candidate);
      return;
    }
    auto largest =
        std::max_element(smallest_.begin(), smallest_.end(), [](const auto& a, const auto& b) {
          return a.memory_per_gpu_bytes < b.memory_per_gpu_bytes;
        });
    if (candidate.memory_per_gpu_bytes < largest->memory_per_gpu_bytes) *largest = candidate;
  }

  const PlannerContext& c_;
  const int64_t gpus_;
  const SearchSpace space_;
  SearchResult result_;
  std::vector<PlanCandidate> smallest_;
};

}  // namespace

SearchResult search_plans(const PlannerContext& context, int64_t gpus, const SearchSpace& space,
                          size_t keep) {
  return Search(context, gpus, space).run(keep);
}

}  // namespace llm_sizer
