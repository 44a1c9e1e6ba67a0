// RNN + self-attention, as taught with a SimpleRNN (Cheng, Dong & Lapata 2016, "Long Short-Term
// Memory-Networks for Machine Reading"). Reading token i:
//   cell "rnn", variant "c":   h_i = tanh(A [x_i; c_{i-1}] + b)             (the slides)
//   cell "rnn", variant "ch":  h_i = tanh(A [x_i; c_{i-1}; h_{i-1}] + b)    (the slides' variant)
//   cell "lstm" (LSTMN-style): (h_i, m_i) = LSTM(x_i, h~_{i-1}, c~_{i-1})   (memory read replaces the state)
// then attention over what has been read so far, the current token included:
//   alpha_j = normalize_j(align(h_j, h_i)),  j <= i
//   c_i = sum_{j<=i} alpha_j h_j   (LSTM: h~_i = sum alpha_j h_j, c~_i = sum alpha_j m_j)
// and the next token is predicted from [h_i; c_i]. c_0 = h_0 = 0.
#pragma once

#include "layers/align.h"
#include "layers/embedding.h"
#include "layers/linear.h"
#include "layers/lstm.h"
#include "layers/output_head.h"
#include "models/model.h"

namespace attnlab {

class RnnSelfAttention : public Model {
 public:
  static constexpr const char* kArchitecture = "rnn_self_attention";

  explicit RnnSelfAttention(const nlohmann::json& config);
  const nlohmann::json& config() const override { return config_; }
  std::string architecture() const override { return kArchitecture; }
  std::string size_summary() const override;
  void for_each_param(const ParamVisitor& f) override;
  void init(Rng& rng) override;
  ForwardTrace forward_ids(const std::vector<int>& ids) const override;
  // The reading with the intervention's edits applied as each token is read (row i: token i,
  // reading keys 0..i), so an edited c_i changes h_{i+1} and everything after.
  ForwardTrace forward_edited(const std::vector<int>& ids, const Intervention& intervention) const override;
  // targets[i] is the token after ids[i] (kIgnoreIndex to skip).
  double loss_and_backward(const Example& ex) override;

 protected:
  Embedding* input_embedding() override { return &embedding_; }

 private:
  struct Cache {
    Mat x;                               // (T, E) embeddings
    Mat h;                               // (T, D) h_i
    Mat mem;                             // (T, D) LSTM memory cells m_i (lstm only)
    Mat ctx;                             // (T, D) c_i (rnn) or h~_i (lstm)
    Mat ctx_mem;                         // (T, D) c~_i (lstm only)
    std::vector<Mat> inputs;             // rnn: T x (1, E+D[+D]) the cell's input [x_i; c_{i-1}; h_{i-1}]
    std::vector<Lstm::Step> lstm_steps;  // lstm: T steps
    std::vector<Align::Cache> align;     // T attention steps over keys 0..i
    Mat scores, weights;                 // (T, T) lower triangular, row i = step i
    Mat logits;                          // (T, V)
    const MapEdit* edit = nullptr;       // an intervention's edit of the map (null: none)
    std::vector<int> edited_rows;
  };
  void run(const std::vector<int>& ids, Cache& c) const;
  ForwardTrace make_trace(const std::vector<int>& ids, const Cache& c) const;

  nlohmann::json config_;
  bool lstm_ = false, with_h_ = false;
  // Training only: loss += self_penalty * mean_{i>=2} alpha_ii, which keeps the attention from
  // collapsing onto the word being read (c_i = h_i). Forward and the trace are unchanged.
  double self_penalty_ = 0;
  int vocab_size_, embed_dim_, hidden_size_, attn_dim_;
  Embedding embedding_;  // embedding.weight (V, E)
  Linear cell_rnn_;      // cell.weight (D, E + D [+ D]), cell.bias (D)           cell "rnn"
  Lstm cell_lstm_;       // cell.weight_ih_l0 (4D, E), cell.weight_hh_l0 (4D, D)  cell "lstm"
  Align align_;          // align.*
  OutputHead head_;      // head.weight (V, 2D), head.bias (V); tied: head.proj.weight (E, 2D), head.bias
};

}  // namespace attnlab
