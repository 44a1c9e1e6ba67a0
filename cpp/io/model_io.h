// A model folder on disk: config.json + model.safetensors + card.json (docs/weights-format.md).
// Loading checks everything before any weight is used; on any problem it throws with a message a
// person can act on, and no model is returned.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "io/safetensors.h"
#include "models/model.h"

namespace attnlab {

class ModelLoadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LoadedModel {
  std::unique_ptr<Model> model;
  nlohmann::json config;
  nlohmann::json card;  // empty object when the folder has none
};

// The code the boundary reports with every failure (docs/engine-contract.md), so the page decides
// by code and only shows the message: "too_many_tokens", "config" (a bad config), "format" (a
// malformed weights file), "load" (weights that do not fit the config), "unsupported" (the model
// cannot do that), "input" (anything else wrong with what was given).
const char* error_code(const std::exception& e);

// Parses JSON text, naming the file in the error ("config.json: not valid JSON at byte 17: ...").
nlohmann::json parse_json_text(const std::string& text, const std::string& what);
std::string read_text_file(const std::string& path);

// Builds the architecture from the config and fills it from the safetensors bytes.
LoadedModel load_model_from_memory(const std::string& config_json, const uint8_t* weights, size_t size,
                                   const std::string& card_json, const std::string& what = "model.safetensors");
LoadedModel load_model_dir(const std::string& dir);

// Copies checked tensors into the model's parameters; throws ModelLoadError naming the first
// missing, extra or mis-shaped tensor. The model is left untouched on error.
void assign_weights(Model& model, const SafetensorsFile& file, const std::string& what);

// The model's parameters as safetensors tensors (PyTorch names and shapes).
std::vector<TensorData> export_weights(Model& model);
// config.json's text: dump(2), but a BPE tokenizer's merges one pair a line.
std::string config_file_text(const nlohmann::json& config);
// i4: the 2-D tensors (by file name) stored in 4 bits whatever dtype says (a mixed I8 model);
// i4_group > 0: the 4-bit tensors with a scale per i4_group columns (TensorData::group).
void save_model_dir(const std::string& dir, Model& model, const nlohmann::json& card, DType dtype = DType::F32,
                    const std::vector<std::string>& i4 = {}, int64_t i4_group = 0);

}  // namespace attnlab
