// Seq2Seq with attention, as in the "Attention" lecture (Bahdanau, Cho & Bengio 2015, with SimpleRNNs).
//
//   encoder   h_i = tanh(A [x_i; h_{i-1}] + b)                 i = 1..m   (S, D)   h_0 = 0
//   start     s_0 = h_m,  alpha_0 = softmax_i(align(h_i, s_0)),  c_0 = sum_i alpha_0i h_i
//   decoder   s_j = tanh(A' [x'_j; s_{j-1}; c_{j-1}] + b')     j = 1..t            x'_j = embed(y_{j-1}), y_0 = <bos>
//             alpha_j = softmax_i(align(h_i, s_j)),  c_j = sum_i alpha_ji h_i
//   output    p(y_j) = softmax(out([s_j; c_j]))
//
// A' [x'; s; c] is SimpleRnn with input [x'; c] (weight_ih has E + D columns) and weight_hh for s.
// align is "additive" (v^T tanh(W_K h_i + W_Q s_j)) or "dot" ((W_K h_i)^T (W_Q s_j)). With
// attention "none" (the lecture's plain Seq2Seq) the context is the final encoder state at every
// step, c_j = h_m (Cho et al. 2014): the same shapes, but nothing but h_m carries the sentence.
//
// Config: {"architecture": "seq2seq", "vocab_size": Vs, "embed_dim": E, "hidden_size": D,
//          "attention": "additive" | "dot" | "scaled_dot" | "none", "attn_dim": A (default D),
//          "target_vocab": ["<bos>", "<eos>", ...] (or "target_vocab_size": Vt for untrained demos),
//          "max_output_len": 64, "tokenizer": {...} for the source side,
//          "query_init": "uniform" (W_Q like every weight) | "zero" (training starts from uniform attention)}
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "layers/align.h"
#include "layers/embedding.h"
#include "layers/linear.h"
#include "layers/output_head.h"
#include "layers/simple_rnn.h"
#include "models/model.h"

namespace attnlab {

class Seq2Seq : public Model {
 public:
  static constexpr const char* kArchitecture = "seq2seq";
  bool has_attention() const { return has_attention_; }
  const char* attention_name() const;  // as in the config: additive, dot, scaled_dot, none

  explicit Seq2Seq(const nlohmann::json& config);
  const nlohmann::json& config() const override { return config_; }
  std::string architecture() const override { return kArchitecture; }
  std::string size_summary() const override;
  void for_each_param(const ParamVisitor& f) override;
  void init(Rng& rng) override;
  // Greedy decoding from the source ids, up to <eos> or output_limit(ids.size()) steps; the trace
  // says which (ForwardTrace::output_limit, stopped_for_length).
  ForwardTrace forward_ids(const std::vector<int>& ids) const override;
  // Teacher forcing: ex.ids is the source, ex.targets the target ids (ending with <eos>); decoder
  // step j reads targets[j-1] (<bos> for j = 1). Returns the mean cross-entropy per target word.
  double loss_and_backward(const Example& ex) override;

  // The same trace as forward_ids but with the decoder fed the given target (teacher forcing), so
  // the attention map has one row per target word: what the alignment error rate is measured on.
  ForwardTrace forward_forced(const std::vector<int>& src, const std::vector<int>& targets) const;
  // forward_forced from text: `target` is French words separated by spaces (unknown ones read as
  // <unk>); <eos> is appended. Both attention variants read the same sentence this way, so their
  // maps can be compared cell by cell.
  ForwardTrace forward_text_forced(const std::string& text, const std::string& target,
                                   const Intervention* intervention = nullptr) const override;
  // Greedy decoding with the intervention's edits applied at each step (map rows: 0 the start s_0,
  // j decoder step j), so the changed weights change the context, the next state and the words.
  ForwardTrace forward_edited(const std::vector<int>& ids, const Intervention& intervention) const override;
  // Greedy decoding without the trace: the output ids, <eos> excluded.
  std::vector<int> translate_ids(const std::vector<int>& src) const;
  // The most decoder steps (words, or words and <eos>) greedy decoding takes for a source of
  // n_source tokens: 2 x n_source + 5, never more than max_output_len. A translation that has not
  // written <eos> by then is stopped there, so no input makes the decoder repeat itself to
  // max_output_len (issue 53). No pair of the shipped models' corpora comes near it (seed 1,
  // 22,000 pairs each way: a target takes at most 2 x n_source steps, words and <eos>), so the
  // bound cuts no correct translation there.
  int output_limit(int n_source) const;

  const std::vector<std::string>& target_vocab() const { return target_vocab_; }
  int bos_id() const { return bos_id_; }
  int eos_id() const { return eos_id_; }
  // The id of a target word, or the id of "<unk>" (-1 if the vocabulary has none).
  int target_id(const std::string& word) const;

 protected:
  Embedding* input_embedding() override { return &src_embedding_; }
  // Teacher forcing on `target`; row j's label is `word` (gradient x input of the j-th output).
  Example importance_example(const std::vector<int>& ids, const std::string& target, int row, int word) const override;

 private:
  struct Step {
    int input_id = 0;     // y_{j-1}
    SimpleRnn::Step rnn;  // s_{j-1} -> s_j; its input x is (E + D) [x'_j; c_{j-1}]
    Align::Cache align;
    Align::Result attn;  // (1, S) scores and alpha_j
    RowVec context;      // (D) c_j
  };
  struct Cache {
    Mat src_x;  // (S, E)
    SimpleRnn::Cache enc;
    Mat H;                // (S, D) h_1..h_m
    Mat kp;               // (S, A) W_K h_i, projected once for every decoder step
    Align::Cache align0;  // alpha_0 from s_0 = h_m
    Align::Result attn0;  // (1, S)
    RowVec c0;            // (D)
    std::vector<Step> steps;
    Mat Z;                            // (t, 2D) [s_j; c_j] (or (t, D) s_j without attention)
    Mat logits;                       // (t, Vt)
    const MapEdit* edit = nullptr;    // an intervention's edit of the map (null: none)
    std::vector<int> edited_rows;     // rows it changed (0 the start, j step j)
    int limit = 0;                    // greedy decoding: output_limit(S); teacher forcing: 0
    bool stopped_for_length = false;  // greedy decoding reached `limit` without writing <eos>
  };

  void encode(const std::vector<int>& src, Cache& c) const;
  // One decoder step from y_{j-1}, s_{j-1}, c_{j-1}: fills st (s_j is st.rnn.h, c_j st.context);
  // an intervention's edit (c.edit) is applied to its weights.
  void decode_step(int prev_id, const RowVec& s_prev, const RowVec& c_prev, Cache& c, Step& st) const;
  // Teacher-forced run over the given targets (or greedy when targets is null).
  void run(const std::vector<int>& src, const std::vector<int>* targets, Cache& c) const;
  ForwardTrace make_trace(const std::vector<int>& src, const Cache& c) const;
  // Applies c.edit to map row `row` (0 the start, j step j) of `attn`; records it when changed.
  void edit_attention(int row, Align::Result& attn, Cache& c) const;
  // The edit of the intervention for this model's one map (checked against what it can change).
  MapEdit map_edit(const Intervention& intervention) const;
  ForwardTrace forced_trace(const std::vector<int>& src, const std::vector<int>& targets, const Cache& c) const;

  nlohmann::json config_;
  bool has_attention_ = true;
  Score score_ = Score::Additive;  // with attention: additive, dot or scaled_dot
  bool query_init_zero_ = false;
  int src_vocab_ = 0, tgt_vocab_ = 0, embed_dim_ = 0, hidden_size_ = 0, attn_dim_ = 0, max_output_len_ = 64;
  std::vector<std::string> target_vocab_;
  std::unordered_map<std::string, int> target_ids_;
  int bos_id_ = 0, eos_id_ = 1, unk_id_ = -1;

  Embedding src_embedding_;  // src_embedding.weight (Vs, E)
  SimpleRnn encoder_;        // encoder.weight_ih_l0 (D, E), encoder.weight_hh_l0 (D, D), biases (D)
  Embedding tgt_embedding_;  // tgt_embedding.weight (Vt, E)
  SimpleRnn decoder_;        // decoder.weight_ih_l0 (D, E + D) = A' restricted to [x'; c], weight_hh_l0 (D, D) for s
  Align align_;              // align.w_key.weight (A, D), align.w_query.weight (A, D), align.v.weight (1, A)
  OutputHead out_;  // out.weight (Vt, 2D), out.bias (Vt); tied to tgt_embedding: out.proj.weight (E, 2D), out.bias
};

}  // namespace attnlab
