// The step-time model and the planner against published training runs: each published plan's
// estimated utilisation within 10 points of the published one, and the planner's own best plan
// for the same GPUs the published one or faster. Megatron-style papers count FLOPs with the
// recomputed forward (Narayanan et al. 2021, eq. 3), so their "% of peak" is compared with
// hfu_estimated; the others report MFU (mfu_estimated).
#include <catch2/catch.hpp>

#include "step_time/training_profile.hpp"
#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::gpt_like;
using llm_sizer::test::plan;
using llm_sizer::test::read_json;
using llm_sizer::test::run;

namespace {

constexpr double kPoints = 0.10;  // the tolerance: 10 points of utilisation

Json scenario(const Json& model, const Json& hardware, const Json& training) {
  return {{"model", model}, {"hardware", hardware}, {"training", training}};
}

// Selene's DGX A100 nodes: 8 GPUs on NVSwitch, 8 x 200 Gb/s HDR InfiniBand (Narayanan et al.
// 2021, section 5).
Json selene(int64_t gpus) {
  return {{"accelerator", "a100-80gb-sxm"}, {"count", gpus}, {"inter_node", "ib-hdr"}};
}

// The planner searches the published plan's split too, so its best is at least as fast.
void check_planner_at_least(const Json& model, const Json& hardware, const Json& training,
                            const Json& published) {
  const Json answer = plan(scenario(model, hardware, training));
  REQUIRE(!answer["plans"].empty());
  const Json& best = answer["plans"][0];
  INFO("best plan: " << best.dump());
  CHECK(best["fits"].get<bool>());
  CHECK(best["tokens_per_s"].get<double>() >= published["tokens_per_s"].get<double>() * (1 - 1e-9));
}

}  // namespace

TEST_CASE("Megatron-LM Table 1: every row's hardware utilisation within 10 points") {
  // Narayanan et al. 2021, Efficient Large-Scale Language Model Training on GPU Clusters Using
  // Megatron-LM, Table 1: GPT models of 1.7B to 1T parameters on 32 to 3072 A100 (seq 2048,
  // vocabulary 51200), their TP and PP, the batch, and the achieved share of the 312 TFLOP/s
  // peak (44% ... 52%); the rows are in data/measurements/training-runs.json. The 2021 code ran
  // without FlashAttention, with dropout and full recomputation; micro-batch 1 (the paper does
  // not list it; Megatron-LM's GPT-3 175B example script uses 1).
  int rows = 0;
  for (const auto& run_entry : read_json("data/measurements/training-runs.json")) {
    if (run_entry["id"].get<std::string>().rfind("megatron-ptdp-", 0) != 0) continue;
    if (!run_entry.contains("arch")) continue;
    const Json& arch = run_entry["arch"];
    const int64_t gpus = run_entry["gpus"];
    const int64_t tp = run_entry["parallelism"]["tp"], pp = run_entry["parallelism"]["pp"];
    const Json training = {
        {"tp", tp},
        {"pp", pp},
        {"micro_batch", 1},
        {"seq_len", 2048},
        {"global_batch_tokens", run_entry["global_batch_sequences"].get<double>() * 2048},
        {"recompute", "full"},
        {"flash_attention", false},
        {"dropout", true}};
    const Json t = run(scenario(gpt_like(arch["hidden"], arch["layers"], arch["heads"]),
                                selene(gpus), training))["training"];
    INFO(run_entry["id"] << ": published " << run_entry["hfu"] << ", estimated "
                         << t["hfu_estimated"]);
    CHECK(t["hfu_estimated"].get<double>() ==
          Approx(run_entry["hfu"].get<double>()).margin(kPoints));
    CHECK(t["fits"].get<bool>());
    ++rows;
  }
  CHECK(rows == 10);
}

TEST_CASE("Megatron-LM 1T on 3072 A100: 163 TFLOP/s (52%), and the planner's best is faster") {
  // Narayanan et al. 2021, section 5.1 and Table 1: 1T parameters (hidden 25600, 128 layers,
  // 160 heads), TP 8 x PP 64 x DP 6, batch 3072, 163 TFLOP/s per GPU = 52% of peak.
  const Json model = gpt_like(25600, 128, 160);
  const Json training = {{"seq_len", 2048},
                         {"global_batch_tokens", 3072 * 2048},
                         {"flash_attention", false},
                         {"dropout", true}};
  Json published = training;
  published.update(Json{{"tp", 8}, {"pp", 64}, {"micro_batch", 1}, {"recompute", "full"}});
  const Json t = run(scenario(model, selene(3072), published))["training"];
  CHECK(t["hfu_estimated"].get<double>() * 312 == Approx(163).margin(kPoints * 312));
  // The planner keeps TP 8 inside the node and finds a faster plan: it trades full for selective
  // recomputation or fewer stages where memory allows, which the 2021 code could not do
  // (selective recomputation: Korthikanti et al. 2022).
  check_planner_at_least(model, selene(3072), training, t);
}

TEST_CASE("Llama 3 405B: 43% and 41% BF16 MFU on 8K and 16K H100 with TP 8 and PP 16") {
  // Llama Team 2024, The Llama 3 Herd of Models, Table 4: 405B at sequence 8192, 16M tokens per
  // batch, TP 8, CP 1, PP 16, DP 64 on 8,192 GPUs (430 TFLOP/s, 43% MFU) and DP 128 on 16,384
  // (400 TFLOP/s, 41%); section 3.3.1: H100 with 400 Gb/s RoCE per GPU; section 3.3.2: sequence
  // parallelism with TP, an interleaved pipeline schedule, and training "without activation
  // checkpointing". The chunks per stage are not published: 4 (two layers each).
  const Json model = "llama-3.1-405b";
  const std::pair<int64_t, double> rows[] = {{8192, 0.43}, {16384, 0.41}};
  for (const auto& [gpus, mfu] : rows) {
    const Json hardware = {
        {"accelerator", "h100-sxm"}, {"count", gpus}, {"inter_node", "roce-400g"}};
    const Json training = {{"seq_len", 8192}, {"global_batch_tokens", 2048 * 8192}};
    Json published = training;
    published.update(Json{{"tp", 8},
                          {"pp", 16},
                          {"micro_batch", 1},
                          {"zero_stage", 1},
                          {"sequence_parallel", true},
                          {"recompute", "none"},
                          {"pipeline_schedule", "interleaved"},
                          {"virtual_stages", 4}});
    const Json t = run(scenario(model, hardware, published))["training"];
    INFO(gpus << " GPUs: estimated " << t["mfu_estimated"]);
    CHECK(t["mfu_estimated"].get<double>() == Approx(mfu).margin(kPoints));
    // The published plan needs more than 80 GiB in this memory model: Llama 3 frees each stage's
    // input and output tensors as soon as they are sent (section 3.3.2), which the model does not
    // count. So the planner's best is another plan that fits here; it keeps the published
    // throughput within the same 10 points.
    CHECK_FALSE(t["fits"].get<bool>());
    const Json answer = plan(scenario(model, hardware, training));
    REQUIRE(!answer["plans"].empty());
    const Json& best = answer["plans"][0];
    INFO("best plan: " << best.dump());
    CHECK(best["fits"].get<bool>());
    CHECK(best["mfu_estimated"].get<double>() >= mfu - kPoints);
  }
}

TEST_CASE("Llama 3 405B at 131K tokens: 38% MFU with CP 16, counting causal attention") {
  // Llama 3 paper, Table 4, row 3: sequence 131,072, TP 8, CP 16, PP 16, DP 8 on 16,384 H100,
  // 380 TFLOP/s (38% MFU). At this length attention is most of the work: the published MFU is
  // reproduced with attention counted at half for the causal mask (training.
  // causal_attention_flops), not with PaLM's whole count, which would read 55%.
  const Json hardware = {
      {"accelerator", "h100-sxm"}, {"count", 16384}, {"inter_node", "roce-400g"}};
  Json training = {{"tp", 8},
                   {"cp", 16},
                   {"pp", 16},
                   {"micro_batch", 1},
                   {"zero_stage", 1},
                   {"seq_len", 131072},
                   {"global_batch_tokens", 16.0 * 8 * 131072},
                   {"sequence_parallel", true},
                   {"recompute", "none"},
                   {"pipeline_schedule", "interleaved"},
                   {"virtual_stages", 4},
                   {"causal_attention_flops", true}};
  const Json causal = run(scenario("llama-3.1-405b", hardware, training))["training"];
  CHECK(causal["mfu_estimated"].get<double>() == Approx(0.38).margin(kPoints));
  CHECK(causal["step_breakdown"]["cp_comm_s"].get<double>() > 0);
  training["causal_attention_flops"] = false;
  const Json whole = run(scenario("llama-3.1-405b", hardware, training))["training"];
  CHECK(whole["mfu_estimated"].get<double>() > causal["mfu_estimated"].get<double>() + 0.1);
}

TEST_CASE("MT-NLG 530B: 126, 121 and 113 TFLOP/s on 280, 350 and 420 DGX A100 nodes") {
  // Smith et al. 2022, Using DeepSpeed and Megatron to Train Megatron-Turing NLG 530B, section
  // 3.2: 105 layers, hidden 20480, 128 heads, sequence 2048, batch 1920, TP 8 x PP 35 (DP 8, 10,
  // 12); TFLOP/s per GPU counted with recomputation. Fewer micro-batches per pipeline at more
  // nodes is why throughput falls; the model must show the same fall.
  const std::pair<int64_t, double> rows[] = {{2240, 126}, {2800, 121}, {3360, 113}};
  double previous = 1;
  for (const auto& [gpus, tflops] : rows) {
    const Json training = {{"tp", 8},
                           {"pp", 35},
                           {"micro_batch", 1},
                           {"seq_len", 2048},
                           {"global_batch_tokens", 1920 * 2048},
                           {"recompute", "full"},
                           {"flash_attention", false},
                           {"dropout", true}};
    const Json t = run(scenario(gpt_like(20480, 105, 128), selene(gpus), training))["training"];
    const double hfu = t["hfu_estimated"].get<double>();
    INFO(gpus << " GPUs: estimated " << hfu * 312 << " TFLOP/s");
    CHECK(hfu == Approx(tflops / 312).margin(kPoints));
    CHECK(hfu < previous);
    previous = hfu;
  }
}

TEST_CASE("BLOOM 176B: 156 TFLOP/s on 384 A100 with TP 4, PP 12, DP 8 and ZeRO-1") {
  // BigScience 2022, BLOOM, section 3.4: 48 nodes of 8 A100 80GB, each node with four 100 Gb/s
  // Omni-Path links (6.25 GB/s per GPU), TP 4 x PP 12 x DP 8 with ZeRO stage 1, bf16, batch 2048
  // sequences of 2048 tokens, 156 TFLOP/s per GPU (Megatron-DeepSpeed's count, with the
  // recomputed forward). 70 layers on 12 stages: uneven stages. Micro-batch 2 (the paper's
  // training arguments).
  const Json hardware = {
      {"accelerator", "a100-80gb-sxm"}, {"count", 384}, {"inter_node_bytes_per_s", 6.25e9}};
  const Json training = {
      {"seq_len", 2048}, {"global_batch_tokens", 2048 * 2048}, {"flash_attention", false}};
  Json published = training;
  published.update(
      Json{{"tp", 4}, {"pp", 12}, {"zero_stage", 1}, {"micro_batch", 2}, {"recompute", "full"}});
  const Json t = run(scenario("bloom-176b", hardware, published))["training"];
  CHECK(t["hfu_estimated"].get<double>() * 312 == Approx(156).margin(kPoints * 312));
  CHECK(t["fits"].get<bool>());
  check_planner_at_least("bloom-176b", hardware, training, t);
}

TEST_CASE("DeepSeek-V3: about 22% of the H800's FP8 peak with EP 64 and PP 16 on 2048 GPUs") {
  // DeepSeek-AI 2024, DeepSeek-V3 Technical Report: 2048 H800 (section 3.1; NVLink 160 GB/s and
  // InfiniBand 50 GB/s per GPU, section 2.1.2), PP 16, EP 64 over 8 nodes, ZeRO-1 DP, no TP
  // (section 3.2), FP8 training (3.3), sequence 4096, batch 15360 (4.2), 180K H800 GPU-hours per
  // trillion tokens (Table 1). The published MFU is that throughput times this model's FLOPs
  // per token over the FP8 peak. DualPipe hides the all-to-alls behind compute; the 1F1B
  // estimate exposes them, so it comes in lower.
  const Json hardware = {{"accelerator", "h800"},
                         {"count", 2048},
                         {"intra_node_bytes_per_s", 160e9},
                         {"inter_node_bytes_per_s", 50e9}};
  const Json training = {{"tp", 1},
                         {"pp", 16},
                         {"ep", 64},
                         {"zero_stage", 1},
                         {"micro_batch", 1},
                         {"seq_len", 4096},
                         {"precision", "fp8"},
                         {"recompute", "selective"},
                         {"global_batch_tokens", 15360 * 4096}};
  const Json t = run(scenario("deepseek-v3", hardware, training))["training"];
  const double tokens_per_s_per_gpu = 1e12 / (180e3 * 3600);
  const double published =
      t["flops_per_token_breakdown"]["model"].get<double>() * tokens_per_s_per_gpu / 1979e12;
  CHECK(published == Approx(0.22).margin(0.03));
  CHECK(t["mfu_estimated"].get<double>() == Approx(published).margin(kPoints));
  CHECK(t["step_breakdown"]["ep_comm_s"].get<double>() > 0);
}

TEST_CASE("Llama 3 405B's uneven stages: 126 layers on 16, the first and last hold 7") {
  // Llama 3 paper, section 3.3.2: "we reduce one Transformer layer each from the first and the
  // last stages". PP = 16 is valid although it does not divide 126.
  int64_t layers = 0;
  for (int64_t stage = 0; stage < 16; ++stage) {
    const int64_t count = llm_sizer::stage_layer_count(126, 16, stage);
    CHECK(count == (stage == 0 || stage == 15 ? 7 : 8));
    layers += count;
  }
  CHECK(layers == 126);
  const Json t = run(scenario("llama-3.1-405b", {{"count", 128}},
                              {{"tp", 8}, {"pp", 16}, {"mfu", 0.4}}))["training"];
  CHECK(t["parallelism"]["pp"] == 16);
}

TEST_CASE("Llama-3-70B on 64 H100 with 8-GPU NVLink nodes and 400 Gb/s InfiniBand") {
  // The case. MosaicML llm-foundry trained a 70B model on 64 H100 at 42.6% MFU with plain
  // FSDP, activation checkpointing and 4M-token batches of 2048-token sequences (benchmarking
  // README, "H100 80GB BF16"): the planner's best plan is that or faster.
  const Json hardware = {{"accelerator", "h100-sxm"},
                         {"count", 64},
                         {"gpus_per_node", 8},
                         {"intra_node", "nvswitch-hgx-h100"},
                         {"inter_node", "ib-ndr"}};
  const Json answer = plan(
      scenario("llama-3-70b", hardware, {{"seq_len", 2048}, {"global_batch_tokens", 4194304}}));
  const Json& best = answer["plans"][0];
  INFO(best.dump());
  CHECK(best["fits"].get<bool>());
  CHECK(best["tp"].get<int64_t>() <= 8);
  CHECK(best["mfu_estimated"].get<double>() >= 0.426 - kPoints);
  CHECK(answer["search"]["evaluated"].get<int64_t>() > 1000);
  CHECK(answer["scaling"].size() == 12);
}
