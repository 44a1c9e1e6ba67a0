// The shipped Transformer models (scripts/train-transformer) are what their cards say: each loads,
// and the head of the test split (tests/fixtures/austen-test-head.txt, the split's first
// characters) scored again gives the card's "test_head" numbers: masked-token accuracy and loss
// for the masked language models, perplexity for the causal one.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "io/model_io.h"
#include "models/transformer.h"
#include "train/language_model.h"
#include "train/masked_lm.h"

using namespace attnlab;

namespace {

std::vector<int> test_head_ids(const Model& model) {
  const std::string text = read_text_file(std::string(ATTNLAB_FIXTURES_DIR) + "/austen-test-head.txt");
  std::vector<int> ids = model.tokenizer().encode(text).ids;
  REQUIRE(static_cast<int64_t>(ids.size()) > kTestHeadTokens);
  ids.resize(kTestHeadTokens);
  return ids;
}

}  // namespace

TEST_CASE("shipped: transformer masked language models reproduce their cards' test-head metrics") {
  for (const char* name : {"tf-mlm", "tf-mlm-additive", "tf-mlm-sigmoid", "tf-mlm-nopos"}) {
    INFO(name);
    const LoadedModel lm = load_model_dir(std::string(ATTNLAB_MODELS_DIR) + "/" + name);
    const auto* model = dynamic_cast<const Transformer*>(lm.model.get());
    REQUIRE(model != nullptr);
    CHECK(model->objective() == "mlm");
    CHECK_FALSE(model->causal());
    const nlohmann::json& metrics = lm.card["metrics"];
    const nlohmann::json& card = metrics["test_head"];
    const MlmMetrics fresh = evaluate_mlm(*model, test_head_ids(*model), metrics["context"].get<int>(), 0,
                                          metrics["mask_rate"].get<double>(), metrics["mask_seed"].get<uint64_t>());
    CHECK(fresh.masked == card["masked"].get<int64_t>());
    CHECK(fresh.accuracy == Approx(card["accuracy"].get<double>()).margin(1e-9));
    CHECK(fresh.loss == Approx(card["loss"].get<double>()).margin(1e-5));
    CHECK(lm.card["parameters"] == lm.model->parameter_count());
    CHECK(lm.card["weights_dtype"] == "F16");
    // A trained model, not a random one: well below the loss of a uniform guess, ln V.
    CHECK(metrics["test"]["loss"].get<double>() < std::log(model->tokenizer().vocab_size()) - 1);
    CHECK(metrics["test"]["accuracy"].get<double>() > 0.02);
  }
}

TEST_CASE("shipped: the transformer language model reproduces its card's test-head perplexity") {
  const LoadedModel lm = load_model_dir(std::string(ATTNLAB_MODELS_DIR) + "/tf-lm");
  const auto* model = dynamic_cast<const Transformer*>(lm.model.get());
  REQUIRE(model != nullptr);
  CHECK(model->objective() == "lm");
  CHECK(model->causal());
  const nlohmann::json& metrics = lm.card["metrics"];
  const LmMetrics fresh = evaluate_lm(*model, test_head_ids(*model), metrics["context"].get<int>(), 0);
  CHECK(fresh.tokens == metrics["test_head"]["tokens"].get<int64_t>());
  CHECK(fresh.loss == Approx(metrics["test_head"]["loss"].get<double>()).margin(1e-5));
  CHECK(lm.card["parameters"] == lm.model->parameter_count());
  CHECK(metrics["test"]["perplexity"].get<double>() < 1000);
}
