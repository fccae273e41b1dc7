#pragma once

// What a whole training run loses besides its steps: interruptions (the work since the last
// checkpoint and the restart), checkpoint saves, in-loop evaluation and data-loading stalls.
#include <optional>

namespace llm_sizer {

// The training section's reliability settings, defaults in TrainingDefaults (training_settings).
struct GoodputSettings {
  double gpu_mtbf_hours = 0;  // one GPU's mean time between job interruptions
  double restart_s = 0;       // from an interruption to training again: detect, reschedule, load
  std::optional<double> checkpoint_interval_s;  // absent: Daly's optimum for this run
  double checkpoint_write_bytes_per_s = 0;      // storage bandwidth per GPU, saves in parallel
  bool checkpoint_async = false;   // a save blocks only for the copy of each shard to host memory
  double eval_fraction = 0;        // share of the wall time in-loop evaluation takes
  double data_stall_fraction = 0;  // share of the wall time steps wait for data
};

// Goodput = training time / wall time, with its parts. Interruptions are a Poisson process of
// mean M = GPU MTBF / GPUs; a save every tau of work blocks delta; each interruption costs the
// restart R and the work since the last save.
struct Goodput {
  bool given = false;  // training.goodput set it; the parts below are then not modelled
  double fraction = 0;
  double cluster_mtbf_s = 0;  // M
  double interruptions_per_day = 0;
  double checkpoint_bytes = 0;       // weights, master copy and optimizer states, once
  double checkpoint_save_s = 0;      // delta: how long a save blocks training
  double checkpoint_interval_s = 0;  // tau: work between saves
  double save_fraction = 0;          // tau / (tau + delta): saving
  double failure_fraction = 0;       // share of the rest not lost to interruptions
  double reliability_fraction = 0;   // save_fraction x failure_fraction
  double eval_fraction = 0;
  double data_stall_fraction = 0;
};

// checkpoint_bytes: the run's states, saved once; host_link_bytes_per_s: one GPU's link to host
// memory (the blocking copy of an asynchronous save).
Goodput estimate_goodput(const GoodputSettings& settings, double gpus, double checkpoint_bytes,
                         double host_link_bytes_per_s);

// The given share of wall time spent training, with no parts.
Goodput given_goodput(double fraction);

}  // namespace llm_sizer
