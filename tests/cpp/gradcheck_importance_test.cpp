// Gradient x input (Model::input_importance) against central finite differences, in double: for
// token i with embedding e_i, sum_k e_ik d log p / d e_ik is the derivative of log p(word) when e_i
// is scaled by (1 + t), at t = 0. The tokens of each example are distinct, so scaling a row of the
// embedding table scales that one token.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "layers/cross_entropy.h"
#include "models/rnn_self_attention.h"
#include "models/seq2seq.h"
#include "models/trace_names.h"
#include "models/transformer.h"

using namespace attnlab;

namespace {

// log p(word) at `row` of the logits of a forward pass (teacher-forced for a Seq2Seq).
double log_p(Model& m, const std::vector<int>& ids, const std::vector<int>* targets, int row, int word) {
  ForwardTrace tr;
  if (targets)
    tr = dynamic_cast<Seq2Seq&>(m).forward_forced(ids, *targets);
  else
    tr = m.forward_ids(ids);
  for (const NamedTensor& t : tr.tensors) {
    if (t.name != trace_names::kLogits) continue;
    const auto z = t.value.row(row);
    const double max = z.maxCoeff();
    return z(word) - max - std::log((z.array() - max).exp().sum());
  }
  FAIL("no logits");
  return 0;
}

// Scales the embedding row of `id` in the parameter named `table` by (1 + t).
void scale_row(Model& m, const std::string& table, int id, double factor) {
  m.for_each_param([&](const std::string& name, Param& p) {
    if (name == table) p.value.row(id) *= factor;
  });
}

void check(Model& m, const std::string& table, const std::vector<int>& ids, const std::string& target,
           const std::vector<int>* targets, int row, int word) {
  const Importance imp = m.input_importance_ids(ids, target, row, word);
  REQUIRE(imp.per_token.size() == ids.size());
  CHECK(imp.log_p == Approx(log_p(m, ids, targets, row, word)).margin(1e-9));
  const double eps = 1e-5;
  for (size_t i = 0; i < ids.size(); ++i) {
    INFO("token " << i);
    scale_row(m, table, ids[i], 1 + eps);
    const double up = log_p(m, ids, targets, row, word);
    scale_row(m, table, ids[i], (1 - eps) / (1 + eps));
    const double down = log_p(m, ids, targets, row, word);
    scale_row(m, table, ids[i], 1 / (1 - eps));
    CHECK(imp.per_token[i] == Approx((up - down) / (2 * eps)).margin(1e-6));
  }
  // It leaves no gradient behind (an inference model's grads stay zero).
  m.for_each_param([](const std::string&, Param& p) { CHECK(p.grad.isZero()); });
}

}  // namespace

TEST_CASE("gradient x input of log p(word) matches finite differences", "[gradcheck]") {
  Rng rng(5);
  SECTION("transformer, masked and causal") {
    for (bool causal : {false, true}) {
      Transformer m({{"architecture", "transformer"},
                     {"vocab_size", 11},
                     {"d_model", 6},
                     {"n_head", 2},
                     {"n_layer", 2},
                     {"d_ff", 8},
                     {"causal", causal}});
      m.init(rng);
      check(m, "embedding.weight", {3, 7, 1, 9, 4}, "", nullptr, 2, 5);
    }
  }
  SECTION("RNN + self-attention (the penalty is left out: log p alone)") {
    RnnSelfAttention m({{"architecture", "rnn_self_attention"},
                        {"vocab_size", 9},
                        {"embed_dim", 5},
                        {"hidden_size", 4},
                        {"attn_dim", 3},
                        {"score", "dot"},
                        {"self_penalty", 0.5}});
    m.init(rng);
    check(m, "embedding.weight", {2, 7, 1, 8, 4}, "", nullptr, 3, 6);
  }
  SECTION("Seq2Seq, teacher-forced, a middle output word") {
    Seq2Seq m({{"architecture", "seq2seq"},
               {"vocab_size", 9},
               {"embed_dim", 5},
               {"hidden_size", 4},
               {"attn_dim", 3},
               {"attention", "additive"},
               {"target_vocab_size", 7}});
    m.init(rng);
    const std::vector<int> targets = {3, 5, 6, 1};  // "w3 w5 w6" + <eos>; row 1's label is w5
    check(m, "src_embedding.weight", {2, 7, 1, 8}, "w3 w5 w6", &targets, 1, 5);
  }
}
