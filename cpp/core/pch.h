// The headers nearly every engine source includes, parsed once per build (CMake's
// target_precompile_headers, native and sanitizer builds only; the WebAssembly builds compile the
// lessons' sources with other optimization flags per file, which a precompiled header cannot follow).
// Parsing Eigen and nlohmann-json took about 2.6 s of each source's compile (g++ -fsyntax-only), most
// of a fresh build (docs/testing.md, "How long CI takes"). Nothing here has a static initializer.
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>
