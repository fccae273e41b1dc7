// Sanity of the accelerator catalog: the figures are dense, and their ratios are those of the
// hardware (each exception is explained in the entry's notes).
#include <catch2/catch.hpp>

#include <set>

#include "test_support.hpp"

namespace {

double peak(const llm_sizer::Json& entry, const char* key, const char* precision) {
  const auto& table = entry.value(key, llm_sizer::Json::object());
  const auto it = table.find(precision);
  return it == table.end() || it->is_null() ? 0.0 : it->get<double>();
}

}  // namespace

TEST_CASE("the catalog covers the families the issue lists") {
  const auto& catalog = llm_sizer::test::catalog();
  CHECK(catalog.accelerators.size() >= 35);
  CHECK(catalog.models.size() >= 35);
  for (const char* id : {"v100-sxm2-32gb",
                         "a100-40gb-sxm",
                         "a100-80gb-sxm",
                         "a100-80gb-pcie",
                         "a10",
                         "a10g",
                         "a40",
                         "l4",
                         "l40s",
                         "t4",
                         "h100-sxm",
                         "h100-pcie",
                         "h100-nvl",
                         "h800",
                         "h20",
                         "h200",
                         "gh200-144gb",
                         "b200",
                         "gb200",
                         "rtx-a6000",
                         "rtx-6000-ada",
                         "rtx-3090",
                         "rtx-4090",
                         "rtx-5090",
                         "jetson-agx-orin-64gb",
                         "mi250x",
                         "mi300x",
                         "mi325x",
                         "tpu-v4",
                         "tpu-v5e",
                         "tpu-v5p",
                         "tpu-v6e",
                         "gaudi2",
                         "gaudi3",
                         "ascend-910b",
                         "trainium1",
                         "m1-max",
                         "m2-ultra",
                         "m3-max",
                         "m4-max"}) {
    INFO(id);
    CHECK(catalog.find_accelerator(id) != nullptr);
  }
}

TEST_CASE("no dense figure exceeds the vendor's sparse figure, and ratios are sane") {
  for (const auto& device : llm_sizer::test::catalog().listing["accelerators"]) {
    INFO(device["id"].get<std::string>());
    for (const char* precision : {"tf32", "fp16", "bf16", "fp8", "int8", "int4", "fp4"}) {
      const double dense = peak(device, "dense_flops_per_s", precision);
      const double sparse = peak(device, "vendor_sparse_flops_per_s", precision);
      if (dense > 0 && sparse > 0) CHECK(dense <= sparse * 1.0001);
    }
    const double bf16 = peak(device, "dense_flops_per_s", "bf16");
    const double fp16 = peak(device, "dense_flops_per_s", "fp16");
    const double fp8 = peak(device, "dense_flops_per_s", "fp8");
    const double tf32 = peak(device, "dense_flops_per_s", "tf32");
    const double fp32 = peak(device, "dense_flops_per_s", "fp32");
    if (bf16 > 0 && fp16 > 0) CHECK(bf16 == Approx(fp16).epsilon(0.02));
    // FP8 runs at most twice the 16-bit rate; some vendors list both at the same rate.
    if (fp8 > 0 && bf16 > 0) CHECK((fp8 / bf16 >= 0.99 && fp8 / bf16 <= 2.05));
    // TF32 tensor math is half the 16-bit rate on NVIDIA (a quarter on GeForce with FP32 accumulate
    // rates listed as 16-bit); never above it.
    if (tf32 > 0 && bf16 > 0) CHECK((bf16 / tf32 >= 0.99 && bf16 / tf32 <= 4.1));
    // Vector FP32 never beats the 16-bit matrix units.
    if (fp32 > 0 && bf16 > 0) CHECK(fp32 <= bf16 * 1.0001);
    CHECK(device["memory_bytes"].get<double>() >= 4e9);
  }
}

TEST_CASE("the most misquoted peaks are stored dense") {
  // hardware notes: H100 SXM BF16 989.4 dense (1,979 is sparse); A100 BF16 312 (624 sparse);
  // MI300X FP16 1,307.4 (AMD quotes dense); RTX 4090 FP16 with FP32 accumulate 165.2.
  const auto& catalog = llm_sizer::test::catalog();
  using llm_sizer::Precision;
  CHECK(*catalog.find_accelerator("h100-sxm")->peak_flops_per_s(Precision::bf16) ==
        Approx(989.4e12).epsilon(0.001));
  CHECK(*catalog.find_accelerator("a100-80gb-sxm")->peak_flops_per_s(Precision::bf16) ==
        Approx(312e12).epsilon(0.001));
  CHECK(*catalog.find_accelerator("mi300x")->peak_flops_per_s(Precision::fp16) ==
        Approx(1307.4e12).epsilon(0.001));
  CHECK(*catalog.find_accelerator("rtx-4090")->peak_flops_per_s(Precision::fp16) ==
        Approx(165.2e12).epsilon(0.001));
}
