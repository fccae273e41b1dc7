#include "model/model_size.hpp"

#include <cstdio>

#include "error.hpp"
#include "field_reader.hpp"
#include "limits.hpp"
#include "model/tensors.hpp"

namespace llm_sizer {

void check_model_size(const ModelSpec& model, const std::string& path) {
  double params = 0;
  for (const auto& t : list_tensors(model)) {
    params += double(t.row_length) * double(t.rows) * double(t.matrices);
  }
  if (params > limits::kParams) {
    char got[48];
    std::snprintf(got, sizeof got, "%.3g parameters", params);
    char most[32];
    std::snprintf(most, sizeof most, "%g", limits::kParams);
    const Json values = json_object(
        {{"params", std::string(most)}, {"reason", std::string(limits::kParamsReason)}});
    throw InputError(path, {"error.params_at_most", values}, got);
  }
}

}  // namespace llm_sizer
