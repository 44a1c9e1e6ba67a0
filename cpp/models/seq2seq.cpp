#include "models/seq2seq.h"

#include <algorithm>
#include <stdexcept>

#include "core/cold.h"
#include "core/matmul.h"
#include "layers/cross_entropy.h"
#include "models/trace_names.h"

namespace attnlab {

namespace {

// The target's words, split at ASCII whitespace as reading a std::istringstream word by word did (a
// stream would link libc++'s iostream and locale code into the page's WebAssembly for this alone).
std::vector<std::string> whitespace_words(const std::string& text) {
  std::vector<std::string> words;
  const auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  for (size_t i = 0; i < text.size();) {
    while (i < text.size() && space(text[i])) ++i;
    const size_t start = i;
    while (i < text.size() && !space(text[i])) ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

}  // namespace

ATTNLAB_COLD Seq2Seq::Seq2Seq(const nlohmann::json& config) : config_(config) {
  check_model_fields(config, kArchitecture,
                     {"vocab_size", "embed_dim", "hidden_size", "attn_dim", "attention", "nonlinearity",
                      "max_output_len", "target_vocab", "target_vocab_size", "query_init", "tie_embeddings"});
  src_vocab_ = config_int(config, "vocab_size", 2, 1 << 20);
  embed_dim_ = config_int(config, "embed_dim", 1, 4096);
  hidden_size_ = config_int(config, "hidden_size", 1, 4096);
  attn_dim_ = config_int(config, "attn_dim", 1, 4096, hidden_size_);
  max_output_len_ = config_int(config, "max_output_len", 1, 4096, 64);
  const std::string query_init = config_string(config, "query_init", "uniform");
  if (query_init != "uniform" && query_init != "zero")
    throw ConfigError("config \"query_init\" is \"" + query_init + "\"; expected uniform or zero");
  query_init_zero_ = query_init == "zero";
  // "none" is the encoder-decoder without attention; the others are align's score functions.
  const int att = config_choice(config, "attention", {{"additive", 0}, {"dot", 1}, {"scaled_dot", 2}, {"none", -1}}, 0);
  has_attention_ = att >= 0;
  if (has_attention_) score_ = att == 0 ? Score::Additive : att == 1 ? Score::Dot : Score::ScaledDot;

  if (config.contains("target_vocab")) {
    const auto& tv = config["target_vocab"];
    if (!tv.is_array() || tv.size() < 2)
      throw ConfigError("config \"target_vocab\" must be a list of at least 2 words");
    for (const auto& w : tv) {
      if (!w.is_string()) throw ConfigError("config \"target_vocab\" must hold strings, got " + w.dump());
      target_vocab_.push_back(w.get<std::string>());
    }
  } else {
    const int n = config_int(config, "target_vocab_size", 2, 1 << 20);
    target_vocab_ = {"<bos>", "<eos>"};
    for (int i = 2; i < n; ++i) target_vocab_.push_back("w" + std::to_string(i));
  }
  tgt_vocab_ = static_cast<int>(target_vocab_.size());
  if (config.contains("target_vocab_size") && config_int(config, "target_vocab_size", 2, 1 << 20) != tgt_vocab_)
    throw ConfigError("config \"target_vocab_size\" disagrees with the length of \"target_vocab\"");
  for (int i = 0; i < tgt_vocab_; ++i) target_ids_.emplace(target_vocab_[static_cast<size_t>(i)], i);
  const auto find = [&](const char* w) {
    const auto it = target_ids_.find(w);
    return it == target_ids_.end() ? -1 : it->second;
  };
  bos_id_ = find("<bos>");
  eos_id_ = find("<eos>");
  unk_id_ = find("<unk>");
  if (bos_id_ < 0 || eos_id_ < 0) throw ConfigError("config \"target_vocab\" must contain \"<bos>\" and \"<eos>\"");

  set_tokenizer(config, src_vocab_);
  max_output_len_ = fit_logits(max_output_len_, tgt_vocab_);
  const int D = hidden_size_, E = embed_dim_;
  src_embedding_ = Embedding(src_vocab_, E);
  const bool relu = config_relu(config, CellKind::Rnn);
  encoder_ = SimpleRnn(E, D, relu);
  tgt_embedding_ = Embedding(tgt_vocab_, E);
  // Without attention the context is the final encoder state at every step (Cho et al. 2014, the
  // RNNencdec baseline of Bahdanau et al.): the same sizes, only alpha is fixed to "the last word".
  decoder_ = SimpleRnn(E + D, D, relu);
  if (has_attention()) align_ = Align(score_, Normalization::Softmax, D, D, attn_dim_);
  out_ = OutputHead(2 * D, tgt_vocab_, E, config_bool(config, "tie_embeddings", false));
}

ATTNLAB_COLD std::string Seq2Seq::size_summary() const {
  const char* att = attention_name();
  return std::string("attention=") + att + ", vocab_size=" + std::to_string(src_vocab_) +
         ", target_vocab_size=" + std::to_string(tgt_vocab_) + ", embed_dim=" + std::to_string(embed_dim_) +
         ", hidden_size=" + std::to_string(hidden_size_) + ", attn_dim=" + std::to_string(attn_dim_) +
         (out_.tied ? ", tie_embeddings=true" : "");
}

const char* Seq2Seq::attention_name() const { return has_attention_ ? to_string(score_) : "none"; }

ATTNLAB_COLD void Seq2Seq::for_each_param(const ParamVisitor& f) {
  src_embedding_.for_each_param("src_embedding", f);
  encoder_.for_each_param("encoder", f);
  tgt_embedding_.for_each_param("tgt_embedding", f);
  decoder_.for_each_param("decoder", f);
  if (has_attention()) align_.for_each_param("align", f);
  out_.for_each_param("out", f);
}

ATTNLAB_COLD void Seq2Seq::init(Rng& rng) {
  src_embedding_.init(rng);
  encoder_.init(rng);
  tgt_embedding_.init(rng, out_.table_init_range());
  decoder_.init(rng);
  if (has_attention()) {
    align_.init(rng);
    // "query_init": "zero" starts every decoder step from uniform attention (c_j = the mean of
    // the h_i) instead of random peaks; W_Q still gets a gradient at the first step.
    if (query_init_zero_ && align_.kind != Score::General) align_.w_query.value.setZero();
  }
  out_.init(rng);
}

int Seq2Seq::target_id(const std::string& word) const {
  const auto it = target_ids_.find(word);
  return it == target_ids_.end() ? unk_id_ : it->second;
}

void Seq2Seq::encode(const std::vector<int>& src, Cache& c) const {
  if (src.empty()) throw std::invalid_argument("seq2seq: the source sentence is empty");
  c.src_x = src_embedding_.forward(src);
  c.H = encoder_.forward(c.src_x, RowVec::Zero(hidden_size_), c.enc);
  c.c0 = c.H.bottomRows(1);  // without attention: c_j = h_m for every j
  if (has_attention()) {
    // alpha_0 from s_0 = h_m gives c_0, the context the first decoder step reads.
    c.kp = align_.project_keys(c.H);
    c.attn0 = align_.forward_projected(c.kp, c.H.bottomRows(1), nullptr, c.align0);
    if (c.edit) edit_attention(0, c.attn0, c);
    c.c0 = matvec_nn(c.attn0.weights.row(0), c.H);
  }
}

void Seq2Seq::edit_attention(int row, Align::Result& attn, Cache& c) const {
  RowVec scores = attn.scores.row(0), weights = attn.weights.row(0);
  const int S = static_cast<int>(weights.size());
  if (!edit_row(*c.edit, row, S, Normalization::Softmax, scores, weights)) return;
  attn.scores.row(0) = scores;
  attn.weights.row(0) = weights;
  c.edited_rows.push_back(row);
}

MapEdit Seq2Seq::map_edit(const Intervention& iv) const {
  if (!has_attention()) throw Unsupported("this Seq2Seq model has no attention (\"attention\": \"none\") to change");
  iv.check(EditableShape{"this Seq2Seq model", 1, 1, false, false});
  return iv.map(0, 0, "the decoder's map");
}

void Seq2Seq::decode_step(int prev_id, const RowVec& s_prev, const RowVec& c_prev, Cache& c, Step& st) const {
  const int D = hidden_size_, E = embed_dim_;
  st.input_id = prev_id;  // an id run() has checked against the target vocabulary
  RowVec input(E + D);
  input << tgt_embedding_.weight.value.row(prev_id), c_prev;  // [x'_j; c_{j-1}]
  const RowVec& s = decoder_.step(input, s_prev, st.rnn);     // s_j = tanh(A' [x'_j; s_{j-1}; c_{j-1}] + b')
  if (has_attention()) {
    st.attn = align_.forward_projected(c.kp, s, nullptr, st.align);            // alpha_j = softmax_i(align(h_i, s_j))
    if (c.edit) edit_attention(static_cast<int>(c.steps.size()), st.attn, c);  // st is step j = steps.size()
    st.context = matvec_nn(st.attn.weights.row(0), c.H);                       // c_j = sum_i alpha_ji h_i
  } else {
    st.context = c.H.bottomRows(1);  // c_j = h_m
  }
}

int Seq2Seq::output_limit(int n_source) const {
  const long long bound = 2LL * n_source + 5;
  return static_cast<int>(std::min<long long>(bound, max_output_len_));
}

void Seq2Seq::run(const std::vector<int>& src, const std::vector<int>* targets, Cache& c) const {
  encode(src, c);
  c.limit = targets ? 0 : output_limit(static_cast<int>(src.size()));
  c.stopped_for_length = false;
  const int n_max = targets ? static_cast<int>(targets->size()) : c.limit, D = hidden_size_;
  c.steps.clear();
  c.steps.reserve(static_cast<size_t>(n_max));  // no reallocation: s and ctx point into the previous step
  c.Z.resize(n_max, 2 * D);
  const RowVec s0 = c.H.bottomRows(1);  // s_0 = h_m
  const RowVec *s = &s0, *ctx = &c.c0;
  int prev = bos_id_;
  for (int j = 0; j < n_max; ++j) {
    c.steps.emplace_back();
    Step& st = c.steps.back();
    decode_step(prev, *s, *ctx, c, st);
    s = &st.rnn.h;
    ctx = &st.context;
    c.Z.row(j) << *s, *ctx;  // z_j = [s_j; c_j]
    if (targets) {
      prev = (*targets)[static_cast<size_t>(j)];
      if (prev < 0 || prev >= tgt_vocab_)
        throw std::out_of_range("seq2seq: target id " + std::to_string(prev) + " is outside the target vocabulary of " +
                                std::to_string(tgt_vocab_));
    } else {
      const Mat logits = out_.forward(c.Z.row(j), tgt_embedding_);
      Eigen::Index arg;
      logits.row(0).maxCoeff(&arg);
      prev = static_cast<int>(arg);
      if (prev == eos_id_) break;
      if (j + 1 == n_max) c.stopped_for_length = true;  // the last step allowed, and no <eos>
    }
  }
  c.Z.conservativeResize(static_cast<Eigen::Index>(c.steps.size()), 2 * D);
  c.logits = out_.forward(c.Z, tgt_embedding_);  // one product for all steps: p(y_j) = softmax(out([s_j; c_j]))
}

ATTNLAB_COLD ForwardTrace Seq2Seq::make_trace(const std::vector<int>& src, const Cache& c) const {
  ForwardTrace tr;
  tr.ids = src;
  tr.output_limit = c.limit;
  tr.stopped_for_length = c.stopped_for_length;
  const Eigen::Index S = c.H.rows(), T = static_cast<Eigen::Index>(c.steps.size()), D = hidden_size_;
  std::vector<std::string> rows;
  for (Eigen::Index j = 0; j < T; ++j) {
    Eigen::Index arg;
    c.logits.row(j).maxCoeff(&arg);
    rows.push_back(target_vocab_[static_cast<size_t>(arg)]);
    if (static_cast<int>(arg) != eos_id_) tr.output_tokens.push_back(rows.back());
  }
  Mat states(T + 1, D);  // s_0 = h_m, s_1..s_t
  states.row(0) = c.H.row(S - 1);
  for (Eigen::Index j = 0; j < T; ++j) states.row(j + 1) = c.steps[static_cast<size_t>(j)].rnn.h;
  Mat inputs(T, embed_dim_);  // x'_1..x'_t, the embedding of the word written before each step
  for (Eigen::Index j = 0; j < T; ++j) inputs.row(j) = c.steps[static_cast<size_t>(j)].rnn.x.head(embed_dim_);
  tr.tensors = {{trace_names::kSourceEmbeddings, c.src_x},
                {trace_names::kEncoderStates, c.H},
                {trace_names::kDecoderInputs, inputs},
                {trace_names::kDecoderStates, states}};
  Mat contexts(T + 1, D);  // c_0..c_t
  contexts.row(0) = c.c0;
  for (Eigen::Index j = 0; j < T; ++j) contexts.row(j + 1) = c.steps[static_cast<size_t>(j)].context;
  tr.tensors.push_back({trace_names::kContexts, contexts});
  if (has_attention()) {
    AttentionMap m;
    m.name = std::string(attention_name()) + " attention: decoder steps x source words";
    m.row_labels = rows;
    m.scores.resize(T, S);
    m.weights.resize(T, S);
    for (Eigen::Index j = 0; j < T; ++j) {
      const Step& st = c.steps[static_cast<size_t>(j)];
      m.scores.row(j) = st.attn.scores.row(0);
      m.weights.row(j) = st.attn.weights.row(0);
    }
    m.edited_rows = c.edited_rows;
    tr.maps.push_back(std::move(m));
    tr.tensors.push_back({trace_names::kInitialScores, c.attn0.scores});
    tr.tensors.push_back({trace_names::kInitialWeights, c.attn0.weights});
  }
  tr.tensors.push_back({trace_names::kLogits, c.logits});
  return tr;
}

ForwardTrace Seq2Seq::forward_ids(const std::vector<int>& ids) const {
  if (ids.empty()) {
    ForwardTrace tr;
    return tr;
  }
  Cache c;
  run(ids, nullptr, c);
  return make_trace(ids, c);
}

ForwardTrace Seq2Seq::forward_edited(const std::vector<int>& ids, const Intervention& iv) const {
  if (ids.empty()) return ForwardTrace{};
  const MapEdit edit = map_edit(iv);
  Cache c;
  c.edit = &edit;
  run(ids, nullptr, c);
  check_map_size(edit, static_cast<int>(c.steps.size()) + 1, static_cast<int>(ids.size()));
  return make_trace(ids, c);
}

ForwardTrace Seq2Seq::forward_forced(const std::vector<int>& src, const std::vector<int>& targets) const {
  Cache c;
  run(src, &targets, c);
  return forced_trace(src, targets, c);
}

ForwardTrace Seq2Seq::forced_trace(const std::vector<int>& src, const std::vector<int>& targets, const Cache& c) const {
  ForwardTrace tr = make_trace(src, c);
  // Rows are the given target words, not the argmax predictions.
  tr.output_tokens.clear();
  for (int t : targets)
    if (t != eos_id_) tr.output_tokens.push_back(target_vocab_[static_cast<size_t>(t)]);
  for (AttentionMap& m : tr.maps) {
    m.row_labels.clear();
    for (int t : targets) m.row_labels.push_back(target_vocab_[static_cast<size_t>(t)]);
  }
  return tr;
}

ATTNLAB_COLD Example Seq2Seq::importance_example(const std::vector<int>& ids, const std::string& target, int row,
                                                 int word) const {
  Example ex;
  ex.ids = ids;
  for (const std::string& w : whitespace_words(target)) ex.targets.push_back(target_id(w));
  ex.targets.push_back(eos_id_);
  if (row < 0 || row >= static_cast<int>(ex.targets.size()))
    throw std::out_of_range("output row " + std::to_string(row) + " is outside 0.." +
                            std::to_string(ex.targets.size() - 1) + " (the target's words and <eos>)");
  ex.targets[static_cast<size_t>(row)] = word;  // the decoder reads the target; row's label is `word`
  ex.only_row = row;
  return ex;
}

ForwardTrace Seq2Seq::forward_text_forced(const std::string& text, const std::string& target,
                                          const Intervention* iv) const {
  const Tokenized tok = encode_checked(text);
  std::vector<int> targets;
  for (const std::string& w : whitespace_words(target)) targets.push_back(target_id(w));
  if (static_cast<int>(targets.size()) >= max_output_len_)
    throw std::length_error("the target has " + std::to_string(targets.size()) + " words; the decoder writes at most " +
                            std::to_string(max_output_len_));
  targets.push_back(eos_id_);
  ForwardTrace tr;
  if (!tok.ids.empty() && iv && !iv->empty()) {
    const MapEdit edit = map_edit(*iv);
    Cache c;
    c.edit = &edit;
    run(tok.ids, &targets, c);
    check_map_size(edit, static_cast<int>(c.steps.size()) + 1, static_cast<int>(tok.ids.size()));
    tr = forced_trace(tok.ids, targets, c);
  } else if (!tok.ids.empty()) {
    tr = forward_forced(tok.ids, targets);
  }
  attach_tokens(tr, tok);
  return tr;
}

std::vector<int> Seq2Seq::translate_ids(const std::vector<int>& src) const {
  Cache c;
  run(src, nullptr, c);
  std::vector<int> out;
  for (Eigen::Index j = 0; j < c.logits.rows(); ++j) {
    Eigen::Index arg;
    c.logits.row(j).maxCoeff(&arg);
    if (static_cast<int>(arg) == eos_id_) break;
    out.push_back(static_cast<int>(arg));
  }
  return out;
}

ATTNLAB_COLD double Seq2Seq::loss_and_backward(const Example& ex) {
  if (ex.targets.empty()) throw std::invalid_argument("seq2seq: the example has no target words");
  Cache c;
  run(ex.ids, &ex.targets, c);
  const CrossEntropyResult ce = cross_entropy(c.logits, loss_targets(ex));
  const int D = hidden_size_, E = embed_dim_;
  const Eigen::Index S = c.H.rows(), T = static_cast<Eigen::Index>(c.steps.size());
  const bool attention = has_attention();
  // forward was: logits_j = out(z_j), z_j = [s_j; c_j]
  const Mat dZ = out_.backward(c.Z, ce.dlogits, tgt_embedding_);
  // The steps are differentiated one at a time, last first: each needs the gradients the next one
  // left. What only the weights and H need waits in rows, one per step in the order visited (t-1
  // first; with attention the initial alpha_0 last), and is summed once after the loop, one
  // product per weight instead of one outer product per step (matmul_tn_acc adds the rows in
  // order, so each sum is the one the per-step updates made).
  Mat dpre_rows(T, D), input_rows(T, E + D), s_prev_rows(T, D);  // the decoder's SimpleRnn
  Mat alpha_rows, dc_rows, dqp_rows, query_rows;                 // attention: (t+1, S), (t+1, D), (t+1, A), (t+1, D)
  Mat dkp;                                                       // (S, A) sum over steps of d loss / d (W_K H)
  if (attention) {
    alpha_rows.resize(T + 1, S);
    dc_rows.resize(T + 1, D);
    dqp_rows.resize(T + 1, attn_dim_);
    query_rows.resize(T + 1, D);
    dkp = Mat::Zero(S, attn_dim_);
  }
  Mat dH = Mat::Zero(S, D);
  Mat dalpha, dqp, dquery;
  // forward was: c = alpha H, alpha = softmax(align(H, s))  =>  dalpha = dc H^T, dH += alpha^T dc
  const auto attention_backward = [&](const Align::Cache& cache, const Mat& alpha, const RowVec& s, const Mat& dc,
                                      Eigen::Index row, RowVec& ds) {
    alpha_rows.row(row) = alpha.row(0);
    dc_rows.row(row) = dc.row(0);
    matmul_nt(dc, c.H, dalpha);
    align_.backward_projected_step(cache, dalpha, dkp, dqp, dquery);
    dqp_rows.row(row) = dqp.row(0);
    query_rows.row(row) = s;
    ds += dquery.row(0);
  };
  RowVec ds_next = RowVec::Zero(D);  // d loss / d s_j through step j+1's recurrence
  RowVec dc_next = RowVec::Zero(D);  // d loss / d c_j through step j+1's input
  Mat dtgt_x(T, E);                  // d loss / d x'_j
  RowVec ds, dpre, dx;
  Mat dc;  // (1, D)
  for (Eigen::Index j = T - 1; j >= 0; --j) {
    const Step& st = c.steps[static_cast<size_t>(j)];
    const Eigen::Index row = T - 1 - j;
    ds = dZ.row(j).leftCols(D) + ds_next;
    dc = dZ.row(j).rightCols(D) + dc_next;
    if (attention)
      attention_backward(st.align, st.attn.weights, st.rnn.h, dc, row, ds);
    else
      dH.row(S - 1) += dc;  // forward was: c_j = h_m
    // forward was: s_j = tanh(W_ih [x'_j; c_{j-1}] + W_hh s_{j-1} + b)
    decoder_.step_backward_inputs(st.rnn, ds, dpre, dx, ds_next);
    dpre_rows.row(row) = dpre;
    input_rows.row(row) = st.rnn.x;
    s_prev_rows.row(row) = st.rnn.h_prev;
    dtgt_x.row(j) = dx.leftCols(E);
    dc_next = dx.rightCols(D);
  }
  decoder_.backward_weights(dpre_rows, input_rows, s_prev_rows);
  std::vector<int> inputs(static_cast<size_t>(T));
  for (Eigen::Index j = 0; j < T; ++j) inputs[static_cast<size_t>(j)] = c.steps[static_cast<size_t>(j)].input_id;
  tgt_embedding_.backward(inputs, dtgt_x);
  RowVec ds0 = ds_next;  // d loss / d s_0
  if (!attention) {
    dH.row(S - 1) += dc_next;  // forward was: c_0 = h_m
  } else {
    // forward was: c_0 = alpha_0 H, alpha_0 = softmax(align(H, s_0 = h_m))
    attention_backward(c.align0, c.attn0.weights, c.H.row(S - 1), Mat(dc_next), T, ds0);
    matmul_tn_acc(alpha_rows, dc_rows, dH);                  // dH += sum_j alpha_j^T dc_j
    align_.backward_query_projection(query_rows, dqp_rows);  // forward was: qp_j = s_j W_Q^T
    // forward was: kp = H W_K^T, projected once for all steps
    Mat dkeys;
    align_.backward_key_projection(c.H, dkp, dkeys);
    dH += dkeys;
  }
  // forward was: s_0 = h_m
  dH.row(S - 1) += ds0;
  const Mat dsrc_x = encoder_.backward(c.enc, dH, nullptr);
  src_embedding_.backward(ex.ids, dsrc_x);
  return ce.loss;
}

}  // namespace attnlab
