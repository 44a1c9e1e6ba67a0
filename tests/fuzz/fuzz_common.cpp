#include "fuzz_common.h"

#include <cstdio>
#include <cstdlib>

#include "io/model_io.h"

namespace attnlab::fuzz {

std::vector<std::string> split_input(const uint8_t* data, size_t size, size_t parts) {
  const std::string all(reinterpret_cast<const char*>(data), size);
  const std::string sep(kSeparator);
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t at; (at = all.find(sep, start)) != std::string::npos; start = at + sep.size())
    out.push_back(all.substr(start, at - start));
  out.push_back(all.substr(start));
  if (out.size() < parts) out.resize(parts);
  return out;
}

namespace {

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  std::fprintf(stderr, "fuzz finding in %s: %s\n", where.c_str(), what.c_str());
  std::abort();
}

// A shipped model's config with every width set small and a BPE tokenizer cut to its first 24
// merges (each merge only uses earlier ids), so a forward and backward pass take well under 1 ms.
nlohmann::json shrunk(const std::string& folder) {
  nlohmann::json c = parse_json_text(read_text_file(std::string(ATTNLAB_MODELS_DIR) + "/" + folder + "/config.json"),
                                     folder + "/config.json");
  for (const char* key : {"embed_dim", "hidden_size", "attn_dim", "d_model"})
    if (c.contains(key)) c[key] = 4;
  if (c.contains("d_ff")) c["d_ff"] = 8;
  if (c.contains("n_head")) c["n_head"] = 2;
  if (c.contains("max_output_len")) c["max_output_len"] = 12;
  nlohmann::json& tok = c["tokenizer"];
  if (tok.value("kind", "") == "bpe") {
    tok["merges"].erase(tok["merges"].begin() + 24, tok["merges"].end());
    c["vocab_size"] = 256 + 24 + tok.value("special", nlohmann::json::array()).size();
  }
  return c;
}

std::vector<FuzzModel> build_small_models() {
  std::vector<FuzzModel> out;
  Rng rng(7);
  for (const char* folder : {"lm-rnn", "lm-lstm", "lm-lstmn", "lm-rnn-selfattn", "tf-lm", "tf-mlm", "tf-mlm-nopos",
                             "tf-mlm-sigmoid", "tf-mlm-additive", "seq2seq-dot", "seq2seq-additive", "seq2seq-none"}) {
    FuzzModel m;
    m.name = std::string(folder) + " (shrunk)";
    m.model = build_model(shrunk(folder));
    m.model->init(rng);
    out.push_back(std::move(m));
  }
  for (const char* folder :
       {"models/attention_encoder", "models/attention_encoder_causal_learned", "models/rnn_attention_gru",
        "models/rnn_attention_lstm", "models/rnn_attention_rnn", "models/transformer", "models/transformer_causal_gelu",
        "options/rnn_lm_relu", "options/seq2seq_relu", "options/tf_final_norm", "options/tf_norm_first"}) {
    FuzzModel m;
    m.name = std::string("fixtures/") + folder;
    m.model = load_model_dir(std::string(ATTNLAB_FIXTURES_DIR) + "/" + folder).model;
    out.push_back(std::move(m));
  }
  for (FuzzModel& m : out) m.decodes = m.model->architecture() == "seq2seq";
  return out;
}

}  // namespace

const std::vector<FuzzModel>& small_models() {
  static const std::vector<FuzzModel> models = build_small_models();
  return models;
}

void check_trace(const ForwardTrace& tr, const std::string& where) {
  const size_t n = tr.tokens.size();
  if (tr.ids.size() != n || tr.unknown.size() != n || tr.word_of.size() != n)
    fail(where, "tokens, ids, unknown flags and word indices differ in number");
  for (int w : tr.word_of)
    if (w < 0 || static_cast<size_t>(w) >= tr.words.size()) fail(where, "a word index out of range");
  for (const AttentionMap& m : tr.maps) {
    if (m.weights.rows() != m.scores.rows() || m.weights.cols() != m.scores.cols())
      fail(where, "map " + m.name + ": scores and weights differ in shape");
    if (static_cast<size_t>(m.weights.rows()) != m.row_labels.size() ||
        static_cast<size_t>(m.weights.cols()) != m.col_labels.size())
      fail(where, "map " + m.name + ": weights do not match its row and column labels");
    for (int r : m.edited_rows)
      if (r < 0 || r > m.weights.rows()) fail(where, "map " + m.name + ": an edited row out of range");
  }
}

void exercise(const FuzzModel& m, const std::string& text, const std::string& target, const Intervention* iv, int row,
              int word) {
  try {
    check_trace(m.model->forward_text(text, iv), m.name + " forward");
  } catch (const std::exception&) {
  }
  if (m.decodes) try {
      check_trace(m.model->forward_text_forced(text, target, iv), m.name + " forward forced");
    } catch (const std::exception&) {
    }
  if (iv) return;  // importance takes no intervention
  try {
    // Runs backward into the gradients, then clears them.
    (void)m.model->input_importance(text, target, row, word);
  } catch (const std::exception&) {
  }
}

}  // namespace attnlab::fuzz
