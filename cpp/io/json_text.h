// JSON text the engine reads (config.json, card.json, a train config, an intervention), refused
// when it cannot be read as written: not JSON, or a key given twice in one object. A JSON reader
// keeps one of two equal keys silently ("n_head": 3, "n_head": 6 reads as 6), so the model would
// run with a value nobody can tell was meant; parse_json_text (io/model_io.h) refuses it instead.
#pragma once

#include <string>

#include "io/model_io.h"

namespace attnlab {

// code "json" (not JSON) or "duplicate_key" (error_code); the boundary also reports `file` and `key`.
class JsonError : public ModelLoadError {
 public:
  JsonError(std::string file, std::string key, const std::string& message)
      : ModelLoadError(message), file(std::move(file)), key(std::move(key)) {}
  std::string file;  // what was read: "config.json", "card.json", a path, "--intervene"
  std::string key;   // the key given twice; empty when the text is not JSON
};

}  // namespace attnlab
