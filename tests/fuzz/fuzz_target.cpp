// One libFuzzer target per entry point (LLM_SIZER_FUZZ_ENTRY names it; see entry_points.hpp).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "entry_points.hpp"
#include "scenario_mutator.hpp"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace {

const llm_sizer::fuzz::EntryPoint& entry() {
  static const auto& chosen = llm_sizer::fuzz::entry_point(LLM_SIZER_FUZZ_ENTRY);
  return chosen;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  entry().run(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}

// Mostly structure-aware; one mutation in eight (and any input that is not JSON) goes to
// libFuzzer's byte-level mutators, so the JSON reader itself is fuzzed too.
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  if (seed % 8 != 0) {
    const size_t mutated =
        llm_sizer::fuzz::mutate_document(entry().document, data, size, max_size, seed);
    if (mutated > 0) return mutated;
  }
  return LLVMFuzzerMutate(data, size, max_size);
}
