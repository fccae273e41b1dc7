#include "serving/batching.hpp"

#include <algorithm>
#include <cmath>
#include <deque>

namespace llm_sizer {
namespace {

// A request inside the engine.
struct Live {
  int64_t kv_tokens = 0;  // positions whose keys and values are in the pool
  int64_t target = 0;     // positions to compute before decoding (re)starts
  int64_t generated = 0;
  int64_t allocated = 0;  // tokens of pool pages it holds
  bool prefilling = true;
  bool started = false;
  bool admitted = false;
  double last_token_s = 0;
};

class Engine {
 public:
  // Each request needs a step per output token after the first and one per prompt chunk;
  // preemptions recompute, so allow several times that before calling the run unsettled.
  int64_t step_bound() const {
    double steps = 1000;
    const double chunk = double(std::max<int64_t>(1, s_.max_batched_tokens));
    for (const Request& r : traffic_.requests) {
      steps += 8 * (double(r.output_tokens) + std::ceil(double(r.prompt_tokens) / chunk));
    }
    return int64_t(steps);
  }

  Engine(const ReplicaTraffic& traffic, const Scheduler& scheduler, const TokenFlops& flops,
         const StepSeconds& step_seconds)
      : traffic_(traffic),
        s_(scheduler),
        flops_(flops),
        step_seconds_(step_seconds),
        live_(traffic.requests.size()) {
    out_.requests.resize(traffic.requests.size());
    for (size_t i = 0; i < traffic.requests.size(); ++i) {
      out_.requests[i].arrival_s = traffic.requests[i].arrival_s;
      out_.requests[i].output_tokens = traffic.requests[i].output_tokens;
    }
  }

  SimulationOutcome run() {
    const size_t n = traffic_.requests.size();
    const int64_t max_steps = step_bound();
    if (traffic_.arrivals == Arrivals::poisson) {
      window_start_ = traffic_.requests[n / 10].arrival_s;
      window_end_ = traffic_.requests.back().arrival_s;
      out_.window_s = window_end_ - window_start_;
    }
    if (traffic_.arrivals == Arrivals::closed_loop) {
      while (next_ < n && next_ < size_t(traffic_.concurrency)) start_next(0);
    }
    while (done_ < n) {
      if (traffic_.arrivals != Arrivals::closed_loop) arrive();
      if (running_.empty() && waiting_.empty()) {
        if (next_ == n) break;
        now_ = std::max(now_, traffic_.requests[next_].arrival_s);
        continue;
      }
      if (out_.steps >= max_steps || !step()) {
        out_.complete = false;
        break;
      }
    }
    return std::move(out_);
  }

 private:
  double pool_bytes(int64_t tokens) const {
    const int64_t pages = (tokens + s_.block_tokens - 1) / s_.block_tokens;
    return kv_bytes_per_sequence(s_.kv, pages * s_.block_tokens);
  }

  bool grow(size_t i, int64_t tokens) {
    Live& l = live_[i];
    if (tokens <= l.allocated) return true;
    const int64_t pages = (tokens + s_.block_tokens - 1) / s_.block_tokens;
    const double more = pool_bytes(pages * s_.block_tokens) - pool_bytes(l.allocated);
    if (used_bytes_ + more > s_.kv_pool_bytes) return false;
    used_bytes_ += more;
    l.allocated = pages * s_.block_tokens;
    return true;
  }

  void release(size_t i) {
    used_bytes_ -= pool_bytes(live_[i].allocated);
    if (used_bytes_ < 0) used_bytes_ = 0;
    live_[i].allocated = 0;
  }

  // Poisson and offline requests join the queue once they have arrived.
  void arrive() {
    while (next_ < traffic_.requests.size() && traffic_.requests[next_].arrival_s <= now_) {
      waiting_.push_back(next_++);
    }
  }

  void start_next(double at) {
    out_.requests[next_].arrival_s = at;
    waiting_.push_back(next_++);
  }

  void finish(size_t i) {
    release(i);
    out_.requests[i].finish_s = now_;
    ++done_;
    if (traffic_.arrivals == Arrivals::closed_loop && next_ < traffic_.requests.size()) {
      start_next(now_);
    }
  }

  // The newest running sequence gives its pages back and waits at the queue's head; its
  // positions are computed again when it returns (vLLM's recompute preemption).
  void preempt_newest() {
    const size_t victim = running_.back();
    running_.pop_back();
    release(victim);
    Live& l = live_[victim];
    l.kv_tokens = traffic_.requests[victim].cached_tokens;
    l.target = traffic_.requests[victim].prompt_tokens + l.generated;
    l.prefilling = true;
    waiting_.push_front(victim);
    ++out_.preemptions;
  }

  void add_prompt_chunk(size_t i, int64_t chunk) {
    const Live& l = live_[i];
    batch_.prefill_tokens += chunk;
    const double chunk_flops = flops_.prompt_chunk(l.kv_tokens, chunk);
    batch_.prefill_flops += chunk_flops;
    batch_.attention_flops += chunk_flops - flops_.fixed * double(chunk);
    if (l.kv_tokens + chunk == l.target) batch_.prefill_flops += flops_.lm_head;
    scheduled_.push_back({i, chunk});
  }

  void schedule_decodes(int64_t& budget) {
    for (size_t k = 0; k < running_.size() && budget > 0; ++k) {
      const size_t i = running_[k];
      if (live_[i].prefilling) continue;
      while (!grow(i, live_[i].kv_tokens + 1) && running_.back() != i) preempt_newest();
      if (live_[i].allocated < live_[i].kv_tokens + 1) {
        preempt_newest();  // alone it always fits, so only the newest of several gets here
        break;
      }
      const double attended = double(live_[i].kv_tokens + 1);
      batch_.decode_tokens += 1;
      batch_.decode_kv_bytes += kv_read_bytes_per_sequence(s_.kv, live_[i].kv_tokens + 1);
      const double token = flops_.at(attended);
      batch_.decode_flops += token + flops_.lm_head;
      batch_.attention_flops += token - flops_.fixed;
      scheduled_.push_back({i, 0});
      --budget;
    }
  }

  void schedule_running_prompts(int64_t& budget) {
    for (const size_t i : running_) {
      if (budget <= 0) return;
      Live& l = live_[i];
      if (!l.prefilling) continue;
      const int64_t chunk = std::min(l.target - l.kv_tokens, budget);
      if (!grow(i, l.kv_tokens + chunk)) return;
      add_prompt_chunk(i, chunk);
      budget -= chunk;
    }
  }

  void admit(int64_t& budget) {
    while (budget > 0 && !waiting_.empty() &&
           (s_.max_num_seqs == 0 || int64_t(running_.size()) < s_.max_num_seqs)) {
      const size_t i = waiting_.front();
      const Request& r = traffic_.requests[i];
      Live& l = live_[i];
      if (!l.started) {
        l.started = true;
        l.kv_tokens = r.cached_tokens;
        l.target = r.prompt_tokens;
        if (pool_bytes(r.prompt_tokens + r.output_tokens) > s_.kv_pool_bytes) {
          waiting_.pop_front();  // more than the whole pool: never served
          finish(i);
          continue;
        }
      }
      const int64_t chunk = std::min(l.target - l.kv_tokens, budget);
      const int64_t pages_for =
          s_.reserve_whole_request ? r.prompt_tokens + r.output_tokens : l.kv_tokens + chunk;
      if (!grow(i, pages_for)) return;
      waiting_.pop_front();
      if (!l.admitted) out_.requests[i].admitted_s = now_;
      l.admitted = true;
      running_.push_back(i);
      add_prompt_chunk(i, chunk);
      budget -= chunk;
    }
  }

  // One iteration; false when the simulation stopped making progress.
  bool step() {
    batch_ = {};
    scheduled_.clear();
    int64_t budget = s_.max_batched_tokens;
    schedule_decodes(budget);
    schedule_running_prompts(budget);
    admit(budget);
    if (scheduled_.empty()) {
      // Every page is held by prompts that cannot grow: the newest gives way.
      if (running_.empty()) return waiting_.empty();
      preempt_newest();
      return true;
    }
    const double start = now_;
    const double dt = step_seconds_(batch_);
    now_ += dt;
    ++out_.steps;
    out_.busy_s += dt;
    out_.running_time_integral += dt * double(running_.size());
    out_.peak_running = std::max(out_.peak_running, int64_t(running_.size()));
    double gaps_of_one_step = 0;
    double emitted = 0;
    for (const auto& [i, chunk] : scheduled_) {
      Live& l = live_[i];
      const bool emits = chunk == 0 || l.kv_tokens + chunk == l.target;
      l.kv_tokens += chunk == 0 ? 1 : chunk;
      if (chunk > 0) out_.prefill_tokens += double(chunk);
      if (!emits) continue;
      emitted += 1;
      l.prefilling = false;
      l.generated += 1;
      if (l.generated == 1) {
        out_.requests[i].first_token_s = now_;
      } else if (l.last_token_s == start) {
        gaps_of_one_step += 1;
      } else {
        out_.token_gaps.push_back({now_ - l.last_token_s, 1});
      }
      l.last_token_s = now_;
      if (l.generated == traffic_.requests[i].output_tokens) {
        out_.requests[i].served = true;
        finished_.push_back(i);
      }
    }
    if (gaps_of_one_step > 0) out_.token_gaps.push_back({dt, gaps_of_one_step});
    if (now_ > window_start_ && now_ <= window_end_) out_.window_tokens += emitted;
    for (const size_t i : finished_) {
      running_.erase(std::find(running_.begin(), running_.end(), i));
      finish(i);
    }
    finished_.clear();
    return true;
  }

  const ReplicaTraffic& traffic_;
  const Scheduler& s_;
  const TokenFlops& flops_;
  const StepSeconds& step_seconds_;
  std::vector<Live> live_;
  SimulationOutcome out_;
  std::deque<size_t> waiting_;
  std::vector<size_t> running_;
  std::vector<size_t> finished_;
  std::vector<std::pair<size_t, int64_t>> scheduled_;  // request, prompt chunk (0: a decode)
  MixedBatch batch_;
  size_t next_ = 0;
  size_t done_ = 0;
  double now_ = 0;
  double used_bytes_ = 0;
  double window_start_ = 0;
  double window_end_ = -1;  // no window: not Poisson traffic
};

}  // namespace

SimulationOutcome simulate(const ReplicaTraffic& traffic, const Scheduler& scheduler,
                           const TokenFlops& flops, const StepSeconds& step_seconds) {
  return Engine(traffic, scheduler, flops, step_seconds).run();
}

}  // namespace llm_sizer
