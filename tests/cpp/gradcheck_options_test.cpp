// Tier 1 for the PyTorch options of issue 16: pre-norm layers (norm_first), layer_norm_eps, the
// final encoder norm, and the ReLU SimpleRNN, each through its model's loss_and_backward.
#include <catch2/catch.hpp>

#include "gradcheck_model.h"
#include "layers/transformer_encoder_layer.h"
#include "models/rnn_attention.h"
#include "models/rnn_lm.h"
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
