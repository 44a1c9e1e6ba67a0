// What the libFuzzer harnesses share: splitting one input into the several texts an entry point
// takes, the small models every forward-pass harness runs, and the checks on a trace that hold for
// any input. See docs/testing.md, "Fuzzing and sanitizers".
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/model.h"

namespace attnlab::fuzz {

// Parts of one input are separated by this line (also in the dictionaries and seed corpora).
constexpr const char* kSeparator = "\n--8<--\n";

// The input cut at every kSeparator; always at least `parts` strings (missing ones are empty).
std::vector<std::string> split_input(const uint8_t* data, size_t size, size_t parts);

struct FuzzModel {
  std::string name;  // "seq2seq-dot (shrunk)", "fixtures/models/transformer"
  std::unique_ptr<Model> model;
  bool decodes = false;  // takes a forced target (Seq2Seq)
};

// One model of every architecture, tokenizer kind and attention option the engine has: the shipped
// models' configs (models/*/config.json) shrunk to width 4 with random weights, and the trained
// fixture folders of tests/fixtures. Built once, on first use.
const std::vector<FuzzModel>& small_models();

// Aborts (a finding) when a trace breaks what the page relies on: one id, flag and word index per
// token, word indices in range, every map's scores and weights of the labels' shape.
void check_trace(const ForwardTrace& tr, const std::string& where);

// The bindings' forward, forwardForced, forwardEdited and importance calls on one model: every
// std::exception is an answer ({ ok: false, code }), anything else is a finding.
void exercise(const FuzzModel& m, const std::string& text, const std::string& target, const Intervention* iv, int row,
              int word);

}  // namespace attnlab::fuzz
