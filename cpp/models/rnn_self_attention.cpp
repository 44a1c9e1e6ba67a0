#include "models/rnn_self_attention.h"

#include "core/cold.h"
#include "core/matmul.h"
#include "layers/cross_entropy.h"
#include "models/trace_names.h"

namespace attnlab {

ATTNLAB_COLD RnnSelfAttention::RnnSelfAttention(const nlohmann::json& config) : config_(config) {
  check_model_fields(config, kArchitecture,
                     {"vocab_size", "embed_dim", "hidden_size", "attn_dim", "cell", "variant", "self_penalty", "score",
                      "normalization", "tie_embeddings"});
  vocab_size_ = config_int(config, "vocab_size", 2, 1 << 20);
  embed_dim_ = config_int(config, "embed_dim", 1, 4096);
  hidden_size_ = config_int(config, "hidden_size", 1, 4096);
  attn_dim_ = config_int(config, "attn_dim", 1, 4096, hidden_size_);
  lstm_ = config_choice(config, "cell", {{"rnn", false}, {"lstm", true}}, false);
  // variant c: [x; c], ch: [x; c; h]
  with_h_ = config_choice(config, "variant", {{"c", false}, {"ch", true}}, false);
  if (lstm_ && with_h_) throw ConfigError("config \"variant\" applies to cell \"rnn\" only");
  self_penalty_ = config_number(config, "self_penalty", 0, 100, 0.0);
  align_ = Align(config_choice(config, "score", kAlignScores, Score::Additive),
                 config_choice(config, "normalization", kNormalizations, Normalization::Softmax), hidden_size_,
                 hidden_size_, attn_dim_);
  set_tokenizer(config, vocab_size_);
  embedding_ = Embedding(vocab_size_, embed_dim_);
  if (lstm_)
    cell_lstm_ = Lstm(embed_dim_, hidden_size_);
  else
    cell_rnn_ = Linear(embed_dim_ + hidden_size_ * (with_h_ ? 2 : 1), hidden_size_);
  head_ = OutputHead(2 * hidden_size_, vocab_size_, embed_dim_, config_bool(config, "tie_embeddings", false));
}

ATTNLAB_COLD std::string RnnSelfAttention::size_summary() const {
  return std::string("cell=") + (lstm_ ? "lstm" : "rnn") + (with_h_ ? ", variant=ch" : "") +
         ", vocab_size=" + std::to_string(vocab_size_) + ", embed_dim=" + std::to_string(embed_dim_) +
         ", hidden_size=" + std::to_string(hidden_size_) + ", score=" + to_string(align_.kind) +
         ", attn_dim=" + std::to_string(attn_dim_) + (head_.tied ? ", tie_embeddings=true" : "");
}

ATTNLAB_COLD void RnnSelfAttention::for_each_param(const ParamVisitor& f) {
  embedding_.for_each_param("embedding", f);
  if (lstm_)
    cell_lstm_.for_each_param("cell", f);
  else
    cell_rnn_.for_each_param("cell", f);
  align_.for_each_param("align", f);
  head_.for_each_param("head", f);
}

ATTNLAB_COLD void RnnSelfAttention::init(Rng& rng) {
  embedding_.init(rng, head_.table_init_range());
  if (lstm_)
    cell_lstm_.init(rng);
  else
    cell_rnn_.init(rng);
  align_.init(rng);
  head_.init(rng);
}

void RnnSelfAttention::run(const std::vector<int>& ids, Cache& c) const {
  const int T = static_cast<int>(ids.size()), D = hidden_size_, E = embed_dim_;
  c.x = embedding_.forward(ids);
  c.h = Mat::Zero(T, D);
  c.ctx = Mat::Zero(T, D);
  c.scores = Mat::Zero(T, T);
  c.weights = Mat::Zero(T, T);
  c.align.resize(T);
  if (lstm_) {
    c.mem = Mat::Zero(T, D);
    c.ctx_mem = Mat::Zero(T, D);
    c.lstm_steps.resize(T);
  } else {
    c.inputs.resize(T);
  }
  RowVec prev_ctx = RowVec::Zero(D), prev_ctx_mem = RowVec::Zero(D), prev_h = RowVec::Zero(D);
  for (int i = 0; i < T; ++i) {
    if (lstm_) {
      RowVec m;
      c.h.row(i) = cell_lstm_.step(c.x.row(i), prev_ctx, prev_ctx_mem, c.lstm_steps[i], m);
      c.mem.row(i) = m;
    } else {
      Mat& u = c.inputs[i];
      u.resize(1, E + D * (with_h_ ? 2 : 1));
      u.leftCols(E) = c.x.row(i);
      u.middleCols(E, D) = prev_ctx;
      if (with_h_) u.rightCols(D) = prev_h;
      Mat h = cell_rnn_.forward(u);
      tanh_inplace(h.data(), h.size());
      c.h.row(i) = h;
    }
    // Attend over h_0..h_i with h_i as the query.
    const Mat keys = c.h.topRows(i + 1);
    Align::Result a = align_.forward(keys, c.h.row(i), nullptr, c.align[i]);
    if (c.edit) {
      RowVec scores = a.scores.row(0), weights = a.weights.row(0);
      if (edit_row(*c.edit, i, i + 1, align_.norm, scores, weights)) {
        a.scores.row(0) = scores;
        a.weights.row(0) = weights;
        c.edited_rows.push_back(i);
      }
    }
    c.scores.row(i).head(i + 1) = a.scores;
    c.weights.row(i).head(i + 1) = a.weights;
    c.ctx.row(i) = a.weights * keys;
    if (lstm_) c.ctx_mem.row(i) = a.weights * c.mem.topRows(i + 1);
    prev_ctx = c.ctx.row(i);
    if (lstm_) prev_ctx_mem = c.ctx_mem.row(i);
    prev_h = c.h.row(i);
  }
  Mat z(T, 2 * D);
  z << c.h, c.ctx;
  c.logits = head_.forward(z, embedding_);
}

ForwardTrace RnnSelfAttention::forward_ids(const std::vector<int>& ids) const {
  if (ids.empty()) return ForwardTrace{};
  Cache c;
  run(ids, c);
  return make_trace(ids, c);
}

ForwardTrace RnnSelfAttention::forward_edited(const std::vector<int>& ids, const Intervention& iv) const {
  if (ids.empty()) return ForwardTrace{};
  iv.check(EditableShape{"this RNN + self-attention model", 1, 1, false, false});
  const MapEdit edit = iv.map(0, 0, "the reading's map");
  const int T = static_cast<int>(ids.size());
  check_map_size(edit, T, T);
  Cache c;
  c.edit = &edit;
  run(ids, c);
  return make_trace(ids, c);
}

ATTNLAB_COLD ForwardTrace RnnSelfAttention::make_trace(const std::vector<int>& ids, const Cache& c) const {
  ForwardTrace tr;
  tr.ids = ids;
  AttentionMap m;
  m.edited_rows = c.edited_rows;
  m.name = "self-attention while reading";
  m.scores = c.scores;
  m.weights = c.weights;
  tr.maps.push_back(std::move(m));
  tr.tensors = {{trace_names::kEmbeddings, c.x},
                {trace_names::kHidden, c.h},
                {trace_names::kContext, c.ctx},
                {trace_names::kLogits, c.logits}};
  if (lstm_) {
    tr.tensors.push_back({trace_names::kMemory, c.mem});
    tr.tensors.push_back({trace_names::kContextMemory, c.ctx_mem});
  }
  return tr;
}

ATTNLAB_COLD double RnnSelfAttention::loss_and_backward(const Example& ex) {
  Cache c;
  run(ex.ids, c);
  const int T = static_cast<int>(ex.ids.size()), D = hidden_size_, E = embed_dim_;
  const CrossEntropyResult ce = cross_entropy(c.logits, loss_targets(ex));
  Mat z(T, 2 * D);
  z << c.h, c.ctx;
  // forward was: logits = head([h; c])
  const Mat dz = head_.backward(z, ce.dlogits, embedding_);
  Mat dH = dz.leftCols(D), dC = dz.rightCols(D);    // every consumer of h_j and c_i adds here
  Mat dM = Mat::Zero(T, D), dCm = Mat::Zero(T, D);  // lstm: memory cells and their read
  Mat dX(T, E);
  // Steps in reverse: when step i is reached, every later consumer of h_i and c_i has added its
  // share, so dH.row(i) and dC.row(i) are complete.
  for (int i = T - 1; i >= 0; --i) {
    const Mat keys = c.h.topRows(i + 1);
    const Mat& alpha = c.align[i].weights;  // (1, i+1)
    // forward was: c_i = alpha H_{0..i}  (lstm also: c~_i = alpha M_{0..i})
    Mat dalpha = dC.row(i) * keys.transpose();
    if (self_penalty_ > 0 && ex.only_row < 0 && i > 0) dalpha(0, i) += static_cast<Real>(self_penalty_ / (T - 1));
    dH.topRows(i + 1).noalias() += alpha.transpose() * dC.row(i);
    if (lstm_) {
      dalpha.noalias() += dCm.row(i) * c.mem.topRows(i + 1).transpose();
      dM.topRows(i + 1).noalias() += alpha.transpose() * dCm.row(i);
    }
    Mat dkeys, dquery;
    align_.backward(c.align[i], dalpha, dkeys, dquery);
    dH.topRows(i + 1) += dkeys;
    dH.row(i) += dquery;
    if (lstm_) {
      // forward was: (h_i, m_i) = LSTM(x_i, h~_{i-1}, c~_{i-1})
      RowVec dx, dh_prev, dc_prev;
      cell_lstm_.step_backward(c.lstm_steps[i], dH.row(i), dM.row(i), dx, dh_prev, dc_prev);
      dX.row(i) = dx;
      if (i > 0) {
        dC.row(i - 1) += dh_prev;
        dCm.row(i - 1) += dc_prev;
      }
    } else {
      // forward was: h_i = tanh(cell([x_i; c_{i-1}; h_{i-1}]))
      const Mat dpre = (dH.row(i).array() * (Real(1) - c.h.row(i).array().square())).matrix();
      const Mat du = cell_rnn_.backward(c.inputs[i], dpre);
      dX.row(i) = du.leftCols(E);
      if (i > 0) {
        dC.row(i - 1) += du.middleCols(E, D);
        if (with_h_) dH.row(i - 1) += du.rightCols(D);
      }
    }
  }
  embedding_.backward(ex.ids, dX);
  double penalty = 0;
  if (self_penalty_ > 0 && ex.only_row < 0 && T > 1) {
    for (int i = 1; i < T; ++i) penalty += c.weights(i, i);
    penalty *= self_penalty_ / (T - 1);
  }
  return ce.loss + penalty;
}

}  // namespace attnlab
