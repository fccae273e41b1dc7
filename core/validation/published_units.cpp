#include "validation/published_units.hpp"

#include <array>

#include "error.hpp"
#include "units.hpp"

namespace llm_sizer {
namespace {

// Sources print sizes in decimal or binary units ("GiB" where a tool says so, as llama.cpp's
// loader does); a row keeps the unit its source printed.
constexpr std::array kUnits = {
    PublishedUnit{"bytes", 1},
    PublishedUnit{"KiB", units::KiB},
    PublishedUnit{"MiB", units::MiB},
    PublishedUnit{"GiB", units::GiB},
    PublishedUnit{"GB", units::GB},
    PublishedUnit{"TB", units::TB},
    PublishedUnit{"bits/weight", 1},
    PublishedUnit{"bytes/param", 1},
    PublishedUnit{"params", 1},
    PublishedUnit{"tokens", 1},
    PublishedUnit{"blocks", 1},
    PublishedUnit{"tokens/s", 1},
    PublishedUnit{"s", 1},
    PublishedUnit{"ms", 1e-3},
    PublishedUnit{"days", units::kSecondsPerDay},
    PublishedUnit{"GPU-hours", 1},
    PublishedUnit{"FLOPs", 1},
    PublishedUnit{"TFLOP/s", 1e12},
    PublishedUnit{"fraction", 1},
    PublishedUnit{"kWh", 1},
    PublishedUnit{"MWh", 1000},
    PublishedUnit{"USD", 1},
};

}  // namespace

double published_unit_factor(std::string_view unit, const std::string& field) {
  for (const auto& u : kUnits) {
    if (u.name == unit) return u.to_result;
  }
  std::string allowed = "must be one of";
  for (const auto& u : kUnits) {
    allowed.push_back(' ');
    allowed.append(u.name);
  }
  std::string got = "\"";
  got.append(unit);
  got.push_back('"');
  throw InputError(field, plain_text(allowed), got);
}

std::vector<std::string_view> published_unit_names() {
  std::vector<std::string_view> names;
  for (const auto& u : kUnits) names.push_back(u.name);
  return names;
}

}  // namespace llm_sizer
