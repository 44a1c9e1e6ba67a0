// The attnlab command line, callable in-process so tests can run it without a shell.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace attnlab {

// args excludes the program name. Returns the exit code: 0 ok, 1 bad file or input, 2 bad usage.
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace attnlab
