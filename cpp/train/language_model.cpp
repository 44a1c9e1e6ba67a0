#include "train/language_model.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include "core/pmath.h"
#include "layers/cross_entropy.h"
#include "models/trace_names.h"
#include "train/loop.h"
#include "train/text_corpus.h"

namespace attnlab {

nlohmann::json LmMetrics::to_json() const { return {{"tokens", tokens}, {"loss", loss}, {"perplexity", perplexity}}; }

std::string read_corpus_text(const std::string& dir, const std::string& name) {
  const std::string path = dir + "/" + name;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError("cannot read " + path + " (make it with scripts/extract-austen)");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

nlohmann::json lm_model_config(const nlohmann::json& model_config, const nlohmann::json& task) {
  return bpe_model_config(model_config, task, {"<eos>"});
}

LmMetrics evaluate_lm(const Model& model, const std::vector<int>& tokens, int context, int64_t max_tokens) {
  const int64_t n = max_tokens > 0 ? std::min<int64_t>(max_tokens, static_cast<int64_t>(tokens.size()))
                                   : static_cast<int64_t>(tokens.size());
  LmMetrics m;
  double total = 0;
  for (int64_t start = 0; start + 1 < n; start += context) {
    const int64_t len = std::min<int64_t>(context + 1, n - start);
    if (len < 2) break;
    const std::vector<int> ids(tokens.begin() + start, tokens.begin() + start + len - 1);
    const ForwardTrace tr = model.forward_ids(ids);
    const Mat* logits = nullptr;
    for (const NamedTensor& t : tr.tensors)
      if (t.name == trace_names::kLogits) logits = &t.value;
    if (!logits) throw ConfigError("task \"lm\" needs a model whose trace has \"logits\"");
    const Mat logp = log_softmax_rows(*logits);
    for (int64_t i = 0; i + 1 < len; ++i) total -= logp(i, tokens[start + i + 1]);
    m.tokens += len - 1;
  }
  m.loss = m.tokens > 0 ? total / static_cast<double>(m.tokens) : 0;
  m.perplexity = pmath::exp(m.loss);
  return m;
}

TrainReport train_language_model(Model& model, const nlohmann::json& config, std::ostream& log) {
  const nlohmann::json task = config.value("task", nlohmann::json::object());
  const int context = config_int(task, "context", 2, 4096, 64);
  const int eval_tokens = config_int(task, "eval_tokens", 0, 1000000000, 20000);
  const LoopConfig loop = read_loop_config(config, 2000, 8, 2e-3);
  if (model.config().value("objective", "lm") != "lm")
    throw ConfigError("task \"lm\" needs a model whose \"objective\" is \"lm\"");

  const TokenSplits splits = read_token_splits(model, task, context, log);
  const std::vector<int>&train = splits.train, &valid = splits.valid, &test = splits.test;

  // Windows start at random positions drawn with the engine's generator (the same natively and in WASM).
  Rng data_rng(loop.seed * 7919 + 1);
  Example ex;
  const auto next = [&]() -> const Example& {
    const size_t start = data_rng.below(train.size() - context - 1);
    ex.ids.assign(train.begin() + start, train.begin() + start + context);
    ex.targets.assign(train.begin() + start + 1, train.begin() + start + context + 1);
    return ex;
  };
  const auto evaluate = [&](int, std::ostream& out) {
    const LmMetrics v = evaluate_lm(model, valid, context, eval_tokens);
    out << "  valid (" << v.tokens << " tokens): loss " << v.loss << "  perplexity " << v.perplexity << "\n";
  };
  TrainReport rep = run_training(model, loop, next, evaluate, log);
  const LmMetrics v = evaluate_lm(model, valid, context, 0);
  const LmMetrics t = evaluate_lm(model, test, context, 0);
  // The head of the test split, small enough to re-evaluate in CI without the corpus
  // (tests/fixtures/austen-test-head.txt holds its text).
  const LmMetrics head = evaluate_lm(model, test, context, kTestHeadTokens);
  rep.metrics = {{"valid", v.to_json()}, {"test", t.to_json()}, {"test_head", head.to_json()}, {"context", context}};
  // The special token <eos> takes the last id; text holds the others.
  rep.metrics["constant_guess"] = constant_guess(model, splits, model.tokenizer().vocab_size() - 1);
  log << "valid perplexity " << v.perplexity << ", test perplexity " << t.perplexity << "\n";
  return rep;
}

}  // namespace attnlab
