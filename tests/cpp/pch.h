// Parsed once for each test binary (tests/cpp/CMakeLists.txt): Catch2's single header and the
// engine's common headers. catch_main.cpp is not a user of it (it defines CATCH_CONFIG_MAIN first).
#pragma once

#include <catch2/catch.hpp>

#include "core/pch.h"
