// What the attnlab commands share (the parsed command line, integer parsing) and the commands
// themselves, one function each: cli.cpp parses and dispatches, model_commands.cpp reads and writes
// model folders (info, forward, init, quantize), data_commands.cpp trains and measures (train,
// evaluate, corpus, compare).
#pragma once

#include <map>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace attnlab::cli {

// A bad command line: the command's usage is printed after the message, exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Positional arguments and --flag value pairs; boolean flags listed in `switches`.
struct Args {
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;
  bool has(const std::string& k) const { return options.count(k) > 0; }
  std::string get(const std::string& k) const { return has(k) ? options.at(k) : ""; }
};

// A whole-string 32-bit integer, or a UsageError naming `what`.
int parse_int(const std::string& s, const std::string& what);
// "3,1,4" -> {3, 1, 4}.
std::vector<int> parse_ids(const std::string& s);

int cmd_info(const Args& a, std::ostream& out);
int cmd_forward(const Args& a, std::ostream& out);
int cmd_init(const Args& a, std::ostream& out);
int cmd_quantize(const Args& a, std::ostream& out);
int cmd_train(const Args& a, std::ostream& out);
int cmd_evaluate(const Args& a, std::ostream& out);
int cmd_corpus(const Args& a, std::ostream& out);
int cmd_compare(const Args& a, std::ostream& out);

}  // namespace attnlab::cli
