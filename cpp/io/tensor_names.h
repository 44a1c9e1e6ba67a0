// Where a model's tensors sit in a user's PyTorch state_dict. The engine names every parameter
// as its own modules are called ("embedding.weight", "layers.0.linear1.bias", "head.bias"); a
// user's model usually nests them, e.g. an nn.TransformerEncoder held as `self.encoder` names its
// tensors "encoder.layers.0.linear1.bias". Two config fields say how to find them:
//   "prefix": "model."                         before every name (the whole model nested once)
//   "names": {"layers": "encoder.layers",      one engine module (the first part of its names,
//             "norm": "encoder.norm"}           under the user's path; applied before the prefix
// A file written with these names loads, and a model folder saved by the engine keeps them.
// A positional-encoding buffer "pe" (any tensor whose last name part is "pe") needs no entry: the
// loader checks it against the engine's sinusoid (Model::check_buffer).
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "io/safetensors.h"

namespace attnlab {

struct TensorNames {
  std::string prefix;                          // config "prefix", ending with "." when not empty
  std::map<std::string, std::string> modules;  // config "names": engine module -> the user's path

  // Reads "prefix" and "names"; throws ConfigError naming a field of the wrong type.
  static TensorNames from_config(const nlohmann::json& config);
  bool empty() const { return prefix.empty() && modules.empty(); }
  // "layers.0.linear1.bias" -> "encoder.layers.0.linear1.bias"
  std::string to_file(const std::string& engine_name) const;
  // The inverse: the engine's name of a tensor in the file ("" when it is not under the prefix).
  std::string to_engine(const std::string& file_name) const;
};

// What to say about a tensor the file lacks: the file has it under another name, so which
// "prefix" or "names" would find it ("" when no name in the file fits). `expected` maps every
// engine name to its shape, so a guess is offered only when the shapes agree.
std::string missing_tensor_hint(const TensorNames& names, const std::string& engine_name,
                                const std::map<std::string, Shape>& expected, const SafetensorsFile& file);

}  // namespace attnlab
