#include "fleet_search/fleet_input.hpp"

#include "json_object.hpp"
#include "limits.hpp"

namespace llm_sizer {

FleetInput parse_fleet(const Json* section) {
  const Json empty = Json::object();
  const FieldReader r(section ? *section : empty, "fleet");
  r.reject_unknown({"accelerators", "tp", "max_gpus", "disaggregated"});
  FleetInput in;
  in.accelerators = r.string_list("accelerators", limits::kFleetAccelerators);
  in.tp = r.int_list("tp", limits::kFleetTp, limits::kFleetTpSizes);
  in.max_gpus = r.int_or("max_gpus", in.max_gpus, limits::kDevices);
  in.disaggregated = r.bool_or("disaggregated", in.disaggregated);
  return in;
}

Json fleet_input_to_json(const FleetInput& in) {
  return json_object({{"accelerators", in.accelerators}, {"tp", in.tp}, {"max_gpus", in.max_gpus}});
}

}  // namespace llm_sizer
