// A translation never loops (issue 53, part 4): the decoder stops at its end token or after
// 2 x the input's tokens + 5 steps (never more than the model's max_output_len), and the trace
// says which. The two sentences are those a student typed into lesson 1 that looped to 80 words.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "data/en_fr_grammar.h"
#include "data/en_zh_grammar.h"
#include "io/model_io.h"
#include "models/seq2seq.h"

using namespace attnlab;

namespace {

const char* const kLooping[] = {
    "the president of the european union will visit the blue house next week .",
    "i love pizza .",
};

LoadedModel shipped(const std::string& name) { return load_model_dir(std::string(ATTNLAB_MODELS_DIR) + "/" + name); }

}  // namespace

TEST_CASE("seq2seq: the two sentences that looped stop at 2 x their tokens + 5") {
  for (const char* name : {"seq2seq-additive", "seq2seq-dot"}) {
    const LoadedModel lm = shipped(name);
    for (const char* text : kLooping) {
      INFO(name << ": " << text);
      const ForwardTrace tr = lm.model->forward_text(text);
      const int n = static_cast<int>(tr.tokens.size());
      REQUIRE(tr.maps.size() == 1);
      const int steps = static_cast<int>(tr.maps[0].weights.rows());
      CHECK(steps <= 2 * n + 5);
      CHECK(static_cast<int>(tr.output_tokens.size()) <= 2 * n + 5);
      CHECK(tr.output_limit == 2 * n + 5);
      // Stopped for length exactly when the last step is not the end token.
      CHECK(tr.stopped_for_length == (tr.maps[0].row_labels.back() != "<eos>"));
      if (tr.stopped_for_length) CHECK(steps == tr.output_limit);
    }
  }
  // The additive model loops on both today (80 words each): now it is stopped, and says so.
  const LoadedModel additive = shipped("seq2seq-additive");
  for (const char* text : kLooping) {
    INFO(text);
    const ForwardTrace tr = additive.model->forward_text(text);
    CHECK(tr.stopped_for_length);
    CHECK(static_cast<int>(tr.output_tokens.size()) == tr.output_limit);
  }
}

TEST_CASE("seq2seq: a translation that ends is not stopped for length, and the bound never exceeds max_output_len") {
  const LoadedModel lm = shipped("seq2seq-additive");
  const auto* model = dynamic_cast<const Seq2Seq*>(lm.model.get());
  REQUIRE(model != nullptr);
  const ForwardTrace ends = model->forward_text("the red car is fast .");
  CHECK(ends.maps[0].row_labels.back() == "<eos>");
  CHECK_FALSE(ends.stopped_for_length);
  CHECK(ends.output_limit == 2 * 6 + 5);
  // 40 tokens: 2 x 40 + 5 = 85 is above the model's 80, so 80 it is.
  std::string long_text;
  for (int i = 0; i < 39; ++i) long_text += "red ";
  long_text += ".";
  const ForwardTrace capped = model->forward_text(long_text);
  REQUIRE(capped.tokens.size() == 40);
  CHECK(capped.output_limit == 80);
  CHECK(static_cast<int>(capped.maps[0].weights.rows()) <= 80);
  CHECK(model->output_limit(40) == 80);
  CHECK(model->output_limit(3) == 11);
  // Forced decoding reads the given target whatever its length: no bound, never stopped.
  const ForwardTrace forced = model->forward_text_forced("i love pizza .", "la voiture rouge est rapide .", nullptr);
  CHECK_FALSE(forced.stopped_for_length);
  CHECK(forced.maps[0].weights.rows() == 7);
}

// The bound cuts no sentence the models learned from: across 5,000 draws of each grammar (up to
// CorpusOptions' 40 English tokens, as in training), a target's words and its <eos> fit in
// 2 x the source's tokens + 5, each way. Reports the tightest pair.
TEST_CASE("seq2seq: every target the grammars write fits in 2 x its source + 5 steps") {
  const EnFrGrammar fr;
  const EnZhGrammar zh;
  const int max_len = CorpusOptions{}.max_len;
  struct Way {
    const char* name;
    int worst_slack = 1 << 30;
  } ways[] = {{"en-fr"}, {"en-zh"}, {"zh-en"}};
  for (uint64_t seed = 1; seed <= 5000; ++seed) {
    const SentencePair pairs[] = {fr.sample(seed), zh.sample(seed), transposed(zh.sample(seed))};
    for (int w = 0; w < 3; ++w) {
      const SentencePair& p = pairs[w];
      const size_t english = w == 2 ? p.fr.size() : p.en.size();
      if (english > static_cast<size_t>(max_len)) continue;
      const int slack = 2 * static_cast<int>(p.en.size()) + 5 - (static_cast<int>(p.fr.size()) + 1);
      ways[w].worst_slack = std::min(ways[w].worst_slack, slack);
    }
  }
  for (const Way& w : ways) {
    INFO(w.name << ": the tightest target had " << w.worst_slack << " steps to spare");
    CHECK(w.worst_slack >= 0);
  }
}
