// The "chars" tokenizer (Chinese one character at a time): how it cuts text (CJK characters and
// punctuation one by one, Latin words whole, UTF-8 edge cases), unknown characters, special tokens,
// its vocabulary training, config refusals, and a tiny character-level language model trained on
// Chinese text that beats the best constant guess it reports.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "models/model.h"
#include "text/char_tokenizer.h"
#include "text/tokenizer.h"
#include "train/language_model.h"
#include "train/masked_lm.h"

using namespace attnlab;
namespace fs = std::filesystem;

namespace {

const std::string kFffd = "\xEF\xBF\xBD";

std::unique_ptr<Tokenizer> small() {
  const nlohmann::json cfg = {{"kind", "chars"},
                              {"vocab", {"<unk>", "床", "前", "明", "月", "光", "，", "。", "NLP", "<eos>", "<mask>"}},
                              {"unk", "<unk>"},
                              {"special", {"<eos>", "<mask>"}}};
  return make_tokenizer(cfg, 11);
}

}  // namespace

TEST_CASE("chars: every Chinese character and punctuation mark is a token, Latin runs are words") {
  CHECK(split_chars("我爱NLP和AI2024！") == std::vector<std::string>{"我", "爱", "NLP", "和", "AI2024", "！"});
  CHECK(split_chars("你好，世界。“引号”（括号）、《书》：；？") ==
        std::vector<std::string>{"你", "好", "，", "世", "界", "。", "“",  "引", "号", "”", "（",
                                 "括", "号", "）", "、", "《", "书", "》", "：", "；", "？"});
  // White space (ASCII, the ideographic space U+3000, no-break space) separates and is dropped.
  CHECK(split_chars(" 中 文\t\n中\xE3\x80\x80文\xC2\xA0x ") == std::vector<std::string>{"中", "文", "中", "文", "x"});
  CHECK(split_chars("café naïve, ok.") == std::vector<std::string>{"café", "naïve", ",", "ok", "."});
  CHECK(split_chars("").empty());
}

TEST_CASE("chars: 4-byte characters, broken UTF-8 and lone continuation bytes never throw") {
  // U+20000 (CJK Extension B) and an emoji: one token each, 4 bytes each.
  CHECK(split_chars("\xF0\xA0\x80\x80\xF0\x9F\x98\x80好") ==
        std::vector<std::string>{"\xF0\xA0\x80\x80", "\xF0\x9F\x98\x80", "好"});
  // A lone continuation byte, a truncated sequence, an overlong form, a surrogate: U+FFFD per byte.
  CHECK(split_chars("\x80中\xBF") == std::vector<std::string>{kFffd, "中", kFffd});
  CHECK(split_chars("中\xE4\xB8") == std::vector<std::string>{"中", kFffd, kFffd});
  CHECK(split_chars("\xC0\xAF") == std::vector<std::string>{kFffd, kFffd});
  CHECK(split_chars("\xED\xA0\x80") == std::vector<std::string>{kFffd, kFffd, kFffd});
  std::string all;
  for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
  const Tokenized t = small()->encode(all + all);
  for (size_t i = 0; i < t.ids.size(); ++i) CHECK((t.ids[i] >= 0 && t.ids[i] < 11));
}

TEST_CASE("chars: unknown characters map to <unk> and keep their own text, and each token is a word") {
  const Tokenized t = small()->encode("床前明月光，疑是地上霜。NLP");
  REQUIRE(t.tokens ==
          std::vector<std::string>{"床", "前", "明", "月", "光", "，", "疑", "是", "地", "上", "霜", "。", "NLP"});
  CHECK(t.ids == std::vector<int>{1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 7, 8});
  CHECK(t.unknown ==
        std::vector<bool>{false, false, false, false, false, false, true, true, true, true, true, false, false});
  CHECK(t.words == t.tokens);
  for (size_t i = 0; i < t.word_of.size(); ++i) CHECK(t.word_of[i] == static_cast<int>(i));
  CHECK(small()->token_text(4) == "月");
  CHECK(small()->token_text(0) == "<unk>");
}

TEST_CASE("chars: a special token typed whole is one token") {
  const Tokenized t = small()->encode("床前<mask>月光<eos><mask");
  CHECK(t.tokens == std::vector<std::string>{"床", "前", "<mask>", "月", "光", "<eos>", "<", "mask"});
  CHECK(t.ids[2] == 10);
  CHECK(t.ids[5] == 9);
  CHECK(t.unknown[6]);
  CHECK(small()->encode("<mask>").ids == std::vector<int>{10});
}

TEST_CASE("chars: training keeps the most frequent pieces, <unk> first and the specials last") {
  const std::string text = "月月月光光明，明。xyz xyz";
  const nlohmann::json cfg = CharTokenizer::train(text, 6, {"<eos>", "<mask>"});
  // Counts: 月 3, 光 2, 明 2, xyz 2, ， 1, 。 1; ties by text (bytes), three kept.
  CHECK(cfg["vocab"] == nlohmann::json({"<unk>", "月", "xyz", "光", "<eos>", "<mask>"}));
  CHECK(CharTokenizer::train(text, 6, {"<eos>", "<mask>"}) == cfg);  // deterministic
  CHECK(make_tokenizer(cfg, 6)->encode("明月").ids == std::vector<int>{0, 1});
  CHECK_THROWS_WITH(CharTokenizer::train(text, 2, {"<eos>"}), Catch::Contains("at least 2"));
}

TEST_CASE("chars: configs that cannot work are refused by name") {
  CHECK_THROWS_WITH(make_tokenizer({{"kind", "chars"}, {"vocab", {"<unk>", "a"}}, {"merges", 1}}, 2),
                    Catch::Contains("\"merges\" is not known"));
  CHECK_THROWS_WITH(make_tokenizer({{"kind", "chars"}, {"vocab", {"a", "b"}}}, 2), Catch::Contains("no \"<unk>\""));
  CHECK_THROWS_WITH(make_tokenizer({{"kind", "chars"}, {"vocab", {"<unk>", "a"}}}, 3),
                    Catch::Contains("vocab_size is 3"));
  CHECK_THROWS_WITH(make_tokenizer({{"kind", "chars"}, {"vocab", {"<unk>"}}, {"special", {"<mask>"}}}, 1),
                    Catch::Contains("special token"));
  CHECK_THROWS_WITH(make_tokenizer({{"kind", "chars"}}, 1), Catch::Contains("needs a \"vocab\""));
}

TEST_CASE("chars: a tiny character-level LM and masked LM on Chinese beat the constant guess they report") {
  const fs::path dir = fs::temp_directory_path() / ("attnlab_test_chars_corpus_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string lines[] = {"我们今天早上在家喝了茶。", "这位老师每天在办公室不睡觉。",
                               "他们的歌手把电影放在架子上。"};
  for (const char* name : {"train.txt", "valid.txt", "test.txt"}) {
    std::ofstream out(dir / name);
    for (int r = 0; r < (std::string(name) == "train.txt" ? 40 : 4); ++r)
      for (const std::string& l : lines) out << l << "\n";
  }
  const nlohmann::json task = {{"kind", "lm"},     {"corpus", dir.string()}, {"tokenizer", "chars"},
                               {"vocab_size", 30}, {"context", 16},          {"eval_tokens", 0}};
  const nlohmann::json cfg = {{"model",
                               {{"architecture", "rnn_self_attention"},
                                {"embed_dim", 12},
                                {"hidden_size", 16},
                                {"attn_dim", 8},
                                {"cell", "rnn"},
                                {"score", "dot"}}},
                              {"task", task},
                              {"steps", 80},
                              {"batch_size", 4},
                              {"lr", 0.01},
                              {"seed", 2},
                              {"log_every", 40}};
  auto model = build_model(lm_model_config(cfg["model"], cfg["task"]));
  CHECK(model->config()["tokenizer"]["kind"] == "chars");
  CHECK(model->tokenizer().vocab_size() == 30);  // <unk>, 28 of the 33 characters, <eos>
  CHECK(model->tokenizer().encode("我们在家").ids.size() == 4);
  std::ostringstream log;
  const TrainReport rep = train_language_model(*model, cfg, log);
  INFO(log.str());
  const nlohmann::json& c = rep.metrics["constant_guess"];
  CHECK(c["test_tokens"] == 40 * 4);
  CHECK(c["perplexity"].get<double>() > 10);
  CHECK(rep.metrics["test"]["perplexity"].get<double>() < 0.5 * c["perplexity"].get<double>());

  nlohmann::json mcfg = cfg;
  mcfg["task"]["kind"] = "mlm";
  mcfg["task"]["vocab_size"] = 40;  // every character: <unk>, 33 characters, <eos>, <mask>
  mcfg["model"] = {{"architecture", "transformer"},
                   {"objective", "mlm"},
                   {"d_model", 16},
                   {"n_head", 2},
                   {"n_layer", 1},
                   {"d_ff", 32},
                   {"max_len", 32}};
  mcfg["steps"] = 400;
  auto mlm = build_model(mlm_model_config(mcfg["model"], mcfg["task"]));
  CHECK(mlm->tokenizer().encode("<mask>").ids == std::vector<int>{35});
  const TrainReport mrep = train_masked_lm(*mlm, mcfg, log);
  CHECK(mrep.metrics["constant_guess"]["accuracy"].get<double>() == Approx(3.0 / 40));  // 。 or 在
  INFO(mrep.metrics.dump());
  CHECK(mrep.metrics["test"]["accuracy"].get<double>() >
        mrep.metrics["constant_guess"]["accuracy"].get<double>() + 0.05);
  fs::remove_all(dir);
}
