// The forward trace as JSON, in the shape docs/engine-contract.md fixes for the CLI.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "models/model.h"

namespace attnlab {

nlohmann::json trace_to_json(const ForwardTrace& trace, const std::string& architecture);

}  // namespace attnlab
