// Tier 1 for the PyTorch options of issue 16: pre-norm layers (norm_first), layer_norm_eps, the
// final encoder norm, and the ReLU SimpleRNN, each through its model's loss_and_backward.
#include <catch2/catch.hpp>

#include "gradcheck_model.h"
#include "layers/transformer_encoder_layer.h"
#include "models/rnn_attention.h"
#include "models/rnn_lm.h"
#include "models/rnn_self_attention.h"
#include "models/seq2seq.h"
#include "models/transformer.h"

using namespace attnlab;

static_assert(std::is_same<Real, double>::value, "gradient checks must be built with ATTNLAB_REAL_DOUBLE");

TEST_CASE("whole model: transformer with norm_first x final_norm x layer_norm_eps", "[gradcheck]") {
  const Example lm = {{3, 1, 4, 1, 5, 9, 2}, {1, 4, 1, 5, 9, 2, 6}};
  for (bool norm_first : {false, true})
    for (bool final_norm : {false, true})
      for (double eps : {1e-5, 0.3}) {
        INFO((norm_first ? "pre-norm" : "post-norm") << (final_norm ? " + final norm" : "") << " eps " << eps);
        Transformer m({{"architecture", "transformer"},
                       {"vocab_size", 11},
                       {"d_model", 6},
                       {"n_head", 2},
                       {"n_layer", 2},
                       {"d_ff", 5},
                       {"causal", true},
                       {"activation", "gelu"},
                       {"norm_first", norm_first},
                       {"final_norm", final_norm},
                       {"layer_norm_eps", eps},
                       {"max_len", 9}});
        check_model(m, lm);
      }
}

TEST_CASE("whole model: the ReLU SimpleRNN in rnn_lm, rnn_attention and seq2seq", "[gradcheck]") {
  const Example ex = {{2, 7, 1, 8, 2, 8}, {7, 1, 8, 2, 8, kIgnoreIndex}};
  RnnLm lm({{"architecture", "rnn_lm"},
            {"vocab_size", 9},
            {"embed_dim", 5},
            {"hidden_size", 4},
            {"cell", "rnn"},
            {"nonlinearity", "relu"}});
  check_model(lm, ex);
  RnnAttention ra({{"architecture", "rnn_attention"},
                   {"vocab_size", 9},
                   {"embed_dim", 5},
                   {"hidden_size", 4},
                   {"attn_dim", 3},
                   {"cell", "rnn"},
                   {"nonlinearity", "relu"},
                   {"output_size", 7}});
  check_model(ra, {{2, 7, 1, 8, 2}, {6}});
  Seq2Seq s2s({{"architecture", "seq2seq"},
               {"vocab_size", 9},
               {"embed_dim", 5},
               {"hidden_size", 4},
               {"attn_dim", 3},
               {"attention", "additive"},
               {"nonlinearity", "relu"},
               {"target_vocab_size", 8}});
  check_model(s2s, {{3, 4, 5, 6}, {2, 3, 4, 1}});
}

TEST_CASE("whole model: the output layer tied to the embedding (tie_embeddings) in every model that has one",
          "[gradcheck]") {
  // The table's gradient gets both paths: the rows read as inputs and every row as an output.
  const Example ex = {{2, 7, 1, 8, 2, 8}, {7, 1, 8, 2, 8, kIgnoreIndex}};
  for (const char* cell : {"rnn", "lstm"}) {
    INFO("rnn_lm / rnn_self_attention " << cell);
    RnnLm lm({{"architecture", "rnn_lm"},
              {"vocab_size", 9},
              {"embed_dim", 5},
              {"hidden_size", 4},
              {"cell", cell},
              {"tie_embeddings", true}});
    check_model(lm, ex);
    RnnSelfAttention sa({{"architecture", "rnn_self_attention"},
                         {"vocab_size", 9},
                         {"embed_dim", 5},
                         {"hidden_size", 4},
                         {"attn_dim", 3},
                         {"cell", cell},
                         {"score", "dot"},
                         {"self_penalty", 0.5},
                         {"tie_embeddings", true}});
    check_model(sa, ex);
  }
  for (bool causal : {false, true}) {
    INFO("transformer causal " << causal);
    Transformer tf({{"architecture", "transformer"},
                    {"vocab_size", 11},
                    {"d_model", 6},
                    {"n_head", 2},
                    {"n_layer", 1},
                    {"d_ff", 5},
                    {"causal", causal},
                    {"objective", causal ? "lm" : "mlm"},
                    {"max_len", 9},
                    {"tie_embeddings", true}});
    check_model(tf, {{3, 1, 4, 1, 5, 9, 2}, {1, 4, 1, kIgnoreIndex, 9, 2, 6}});
  }
  for (const char* attention : {"additive", "dot", "none"}) {
    INFO("seq2seq " << attention);
    Seq2Seq s2s({{"architecture", "seq2seq"},
                 {"vocab_size", 9},
                 {"embed_dim", 5},
                 {"hidden_size", 4},
                 {"attn_dim", 3},
                 {"attention", attention},
                 {"target_vocab_size", 7},
                 {"tie_embeddings", true}});
    check_model(s2s, {{2, 7, 1, 8, 2}, {3, 5, 3, 1}});
  }
}
