#include "train/masked_lm.h"

#include <cmath>
#include <numeric>

#include "core/pmath.h"
#include "layers/cross_entropy.h"
#include "models/trace_names.h"
#include "train/language_model.h"
#include "train/loop.h"
#include "train/text_corpus.h"

namespace attnlab {

nlohmann::json MlmMetrics::to_json() const {
  return {{"masked", masked}, {"loss", loss}, {"perplexity", perplexity}, {"accuracy", accuracy}};
}

nlohmann::json mlm_model_config(const nlohmann::json& model_config, const nlohmann::json& task) {
  return bpe_model_config(model_config, task, {"<eos>", "<mask>"});
}

MaskTokens mask_tokens(const Model& model) {
  MaskTokens t;
  // The tokenizer encodes a special token's name typed in the text to that token.
  const std::vector<int> mask = model.tokenizer().encode("<mask>").ids;
  if (mask.size() != 1 || model.tokenizer().token_text(mask[0]) != "<mask>")
    throw ConfigError("task \"mlm\" needs a tokenizer with the special token <mask> (see mlm_model_config)");
  t.mask = mask[0];
  t.n_regular = t.mask;
  const std::vector<int> eos = model.tokenizer().encode("<eos>").ids;
  if (eos.size() == 1 && model.tokenizer().token_text(eos[0]) == "<eos>") t.n_regular = std::min(t.n_regular, eos[0]);
  return t;
}

Example mask_window(const std::vector<int>& window, const MaskTokens& tokens, double rate, bool train, Rng& rng) {
  const int T = static_cast<int>(window.size());
  Example ex{window, std::vector<int>(window.size(), kIgnoreIndex)};
  if (T == 0) return ex;
  const int n_masked = std::max(1, static_cast<int>(std::lround(rate * T)));
  // The first n_masked entries of a partial Fisher-Yates shuffle: n_masked distinct positions.
  std::vector<int> order(T);
  std::iota(order.begin(), order.end(), 0);
  for (int k = 0; k < n_masked; ++k) {
    std::swap(order[k], order[k + static_cast<int>(rng.below(static_cast<uint64_t>(T - k)))]);
    const int t = order[k];
    ex.targets[t] = window[t];
    if (!train) {
      ex.ids[t] = tokens.mask;
      continue;
    }
    const double u = rng.uniform();
    if (u < 0.8)
      ex.ids[t] = tokens.mask;
    else if (u < 0.9)
      ex.ids[t] = static_cast<int>(rng.below(static_cast<uint64_t>(tokens.n_regular)));
  }
  return ex;
}

MlmMetrics evaluate_mlm(const Model& model, const std::vector<int>& tokens, int context, int64_t max_tokens,
                        double rate, uint64_t mask_seed) {
  const MaskTokens special = mask_tokens(model);
  const int64_t n = max_tokens > 0 ? std::min<int64_t>(max_tokens, static_cast<int64_t>(tokens.size()))
                                   : static_cast<int64_t>(tokens.size());
  Rng rng(mask_seed);
  MlmMetrics m;
  double total = 0;
  int64_t correct = 0;
  for (int64_t start = 0; start < n; start += context) {
    const int64_t len = std::min<int64_t>(context, n - start);
    const Example ex =
        mask_window(std::vector<int>(tokens.begin() + start, tokens.begin() + start + len), special, rate, false, rng);
    const ForwardTrace tr = model.forward_ids(ex.ids);
    const Mat* logits = nullptr;
    for (const NamedTensor& t : tr.tensors)
      if (t.name == trace_names::kLogits) logits = &t.value;
    if (!logits) throw ConfigError("task \"mlm\" needs a model whose trace has \"logits\"");
    const Mat logp = log_softmax_rows(*logits);
    for (int64_t i = 0; i < len; ++i) {
      if (ex.targets[i] == kIgnoreIndex) continue;
      total -= logp(i, ex.targets[i]);
      Eigen::Index arg;
      logits->row(i).maxCoeff(&arg);
      correct += static_cast<int>(arg) == ex.targets[i];
      ++m.masked;
    }
  }
  if (m.masked > 0) {
    m.loss = total / static_cast<double>(m.masked);
    m.accuracy = static_cast<double>(correct) / static_cast<double>(m.masked);
  }
  m.perplexity = pmath::exp(m.loss);
  return m;
}

TrainReport train_masked_lm(Model& model, const nlohmann::json& config, std::ostream& log) {
  const nlohmann::json task = config.value("task", nlohmann::json::object());
  const int context = config_int(task, "context", 2, 4096, 64);
  const int eval_tokens = config_int(task, "eval_tokens", 0, 1000000000, 20000);
  const double rate = task.value("mask_rate", 0.15);
  if (!(rate > 0 && rate <= 1)) throw ConfigError("train config \"task.mask_rate\" must be in (0, 1]");
  const uint64_t mask_seed = task.value("mask_seed", 12345);
  const LoopConfig loop = read_loop_config(config, 2000, 8, 1e-3);
  if (model.config().value("objective", "mlm") != "mlm")
    throw ConfigError("task \"mlm\" needs a model whose \"objective\" is \"mlm\"");
  const MaskTokens special = mask_tokens(model);

  const TokenSplits splits = read_token_splits(model, task, context, log);
  // Windows start at random positions; the masking draws from the same generator.
  Rng data_rng(loop.seed * 7919 + 1);
  Example ex;
  const auto next = [&]() -> const Example& {
    const size_t start = data_rng.below(splits.train.size() - context);
    const std::vector<int> window(splits.train.begin() + start, splits.train.begin() + start + context);
    return ex = mask_window(window, special, rate, true, data_rng);
  };
  const auto evaluate = [&](int, std::ostream& out) {
    const MlmMetrics v = evaluate_mlm(model, splits.valid, context, eval_tokens, rate, mask_seed);
    out << "  valid (" << v.masked << " masked): loss " << v.loss << "  accuracy " << v.accuracy << "\n";
  };
  TrainReport rep = run_training(model, loop, next, evaluate, log);
  const MlmMetrics v = evaluate_mlm(model, splits.valid, context, 0, rate, mask_seed);
  const MlmMetrics t = evaluate_mlm(model, splits.test, context, 0, rate, mask_seed);
  // The head of the test split, re-evaluated in CI from tests/fixtures/austen-test-head.txt.
  const MlmMetrics head = evaluate_mlm(model, splits.test, context, kTestHeadTokens, rate, mask_seed);
  rep.test_accuracy = t.accuracy;
  rep.metrics = {
      {"valid", v.to_json()}, {"test", t.to_json()},    {"test_head", head.to_json()},        {"context", context},
      {"mask_rate", rate},    {"mask_seed", mask_seed}, {"test_head_tokens", kTestHeadTokens}};
  rep.metrics["constant_guess"] = constant_guess(model, splits, special.n_regular);
  log << "valid masked-token accuracy " << v.accuracy << " (perplexity " << v.perplexity << "), test " << t.accuracy
      << " (perplexity " << t.perplexity << ")\n";
  return rep;
}

}  // namespace attnlab
