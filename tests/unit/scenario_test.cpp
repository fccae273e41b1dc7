#include <catch2/catch.hpp>

#include "error.hpp"
#include "test_support.hpp"

using llm_sizer::Json;
using llm_sizer::test::run;

TEST_CASE("a model is a preset id, a config object, or a preset with overrides") {
  const auto by_id = run({{"model", "llama-3-8b"}});
  CHECK(by_id["model"]["preset"]["id"] == "llama-3-8b");

  const auto& preset = *llm_sizer::test::catalog().find_model("llama-3-8b");
  const auto by_config = run({{"model", preset.config}});
  CHECK(by_config["model"]["params_total"] == by_id["model"]["params_total"]);
  // A config equal to a preset's is that preset (its name, published count and quality figures).
  CHECK(by_config["model"]["preset"]["id"] == "llama-3-8b");
  CHECK(by_config["model"]["preset"]["recognised"] == true);
  CHECK(by_id["model"]["preset"]["recognised"] == false);
  // Meta's own config.json (Hugging Face meta-llama/Meta-Llama-3-8B), with every key the core
  // does not read, is recognised too; a changed figure is a custom model.
  auto pasted = llm_sizer::test::read_json("tests/reference/configs/meta-llama-3-8b.json");
  CHECK(run({{"model", pasted}})["model"]["preset"]["id"] == "llama-3-8b");
  // Named as the preset's Hub model (the page's Hub loader names it so), it is the preset; named
  // as another model (a fine-tune shares its base's architecture, not its weights), it is not.
  pasted["_name_or_path"] = "meta-llama/Meta-Llama-3-8B";
  CHECK(run({{"model", pasted}})["model"]["preset"]["id"] == "llama-3-8b");
  pasted["_name_or_path"] = "NousResearch/Hermes-2-Pro-Llama-3-8B";
  CHECK_FALSE(run({{"model", pasted}})["model"].contains("preset"));
  pasted.erase("_name_or_path");
  pasted["num_hidden_layers"] = 16;
  CHECK_FALSE(run({{"model", pasted}})["model"].contains("preset"));

  const auto fewer_layers = run({{"model", {{"preset", "llama-3-8b"}, {"num_hidden_layers", 16}}}});
  CHECK(fewer_layers["model"]["architecture"]["num_hidden_layers"] == 16);
}

TEST_CASE("an override replaces every spelling of its field") {
  // Mixtral's config says num_local_experts; the canonical name overrides it.
  const auto result = run({{"model", {{"preset", "mixtral-8x7b"}, {"num_experts", 4}}}});
  CHECK(result["model"]["architecture"]["moe"]["num_experts"] == 4);
}

TEST_CASE("overrides of a multimodal preset reach its language model") {
  const auto result = run({{"model", {{"preset", "gemma-3-4b"}, {"num_hidden_layers", 2}}}});
  CHECK(result["model"]["architecture"]["num_hidden_layers"] == 2);
}

TEST_CASE("bad scenarios name the field") {
  CHECK_THROWS_WITH(run({{"model", "no-such-model"}}),
                    "model: must be a model preset id (list them with `llm-sizer presets`), got "
                    "\"no-such-model\"");
  CHECK_THROWS_WITH(run({{"model", "llama-3-8b"}, {"hardware", {{"count", 0}}}}),
                    Catch::StartsWith("hardware.count: must be an integer in [1, 1000000] (") &&
                        Catch::EndsWith("), got 0"));
  CHECK_THROWS_WITH(run({{"model", "llama-3-8b"}, {"hardware", {{"accelerator", "h1000"}}}}),
                    "hardware.accelerator: must be an accelerator or CPU preset id (list them with "
                    "`llm-sizer presets`), got \"h1000\"");
  CHECK_THROWS_WITH(run({{"model", "llama-3-8b"}, {"colour", "red"}}),
                    Catch::StartsWith("colour: is not a known field"));
  CHECK_THROWS_WITH(run({{"version", 99}, {"model", "llama-3-8b"}}),
                    "version: must be an integer in [1, 1], got 99");
  CHECK_THROWS_WITH(run(Json::object()), Catch::StartsWith("model: is required"));
  CHECK_THROWS_WITH(run({{"model", 42}}),
                    "model: must be a preset id or a config.json object, got 42");
}

TEST_CASE("hardware: preset, custom device, preset with overrides, defaults written out") {
  const auto defaults = run({{"model", "llama-3-8b"}});
  CHECK(defaults["scenario"]["hardware"]["accelerator"] == "h100-sxm");
  CHECK(defaults["scenario"]["hardware"]["count"] == 1);
  CHECK(defaults["hardware"]["accelerator"]["id"] == "h100-sxm");

  const Json custom = {{"name", "my card"},
                       {"memory_bytes", 24e9},
                       {"memory_bandwidth_bytes_per_s", 1e12},
                       {"dense_flops_per_s", {{"bf16", 100e12}}}};
  const auto own =
      run({{"model", "llama-3-8b"}, {"hardware", {{"accelerator", custom}, {"count", 2}}}});
  CHECK(own["hardware"]["accelerator"]["memory_bytes"] == 24e9);
  CHECK(own["hardware"]["count"] == 2);

  const auto bigger =
      run({{"model", "llama-3-8b"},
           {"hardware", {{"accelerator", {{"preset", "h100-sxm"}, {"memory_bytes", 96e9}}}}}});
  CHECK(bigger["hardware"]["accelerator"]["memory_bytes"] == 96e9);
  // The catalog's name stays; `modified` says the figures are not the datasheet's, so each
  // language can say it in its own words (the page: "（已修改）").
  CHECK(bigger["hardware"]["accelerator"]["name"] == defaults["hardware"]["accelerator"]["name"]);
  CHECK(bigger["hardware"]["accelerator"]["modified"] == true);
  CHECK_FALSE(defaults["hardware"]["accelerator"].contains("modified"));
  CHECK(bigger["hardware"]["accelerator"]["memory_bandwidth_bytes_per_s"] ==
        defaults["hardware"]["accelerator"]["memory_bandwidth_bytes_per_s"]);

  const Json no_memory = {{"memory_bandwidth_bytes_per_s", 1e12}};
  CHECK_THROWS_WITH(run({{"model", "llama-3-8b"}, {"hardware", {{"accelerator", no_memory}}}}),
                    "hardware.accelerator.memory_bytes: is required (bytes > 0)");
}

TEST_CASE("a preset's interconnect can be overridden with the flat field") {
  const auto r =
      run({{"model", "llama-3-8b"},
           {"hardware",
            {{"accelerator", {{"preset", "h100-sxm"}, {"interconnect_bytes_per_s", 1e9}}}}}});
  CHECK(r["hardware"]["accelerator"]["interconnect_bytes_per_s"] == 1e9);
}
