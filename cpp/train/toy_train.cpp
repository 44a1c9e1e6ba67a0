#include "train/toy_train.h"

#include "train/loop.h"
#include "train/translate.h"

namespace attnlab {

nlohmann::json toy_model_config(const nlohmann::json& model_config, const ToyTask& task) {
  nlohmann::json m = model_config;
  const std::vector<std::string> source = toy_source_vocab(task);
  if (!m.contains("tokenizer"))
    m["tokenizer"] = {{"kind", "words"}, {"vocab", source}, {"unk", "<unk>"}, {"lowercase", false}};
  if (!m.contains("vocab_size")) m["vocab_size"] = source.size();
  if (!m.contains("target_vocab")) m["target_vocab"] = toy_target_vocab(task);
  return m;
}

LoopConfig toy_loop_config(const nlohmann::json& config) { return read_loop_config(config, 1500, 16, 1e-2); }

std::vector<SentencePair> toy_pairs(const ToyTask& task, uint64_t seed, int n) {
  Rng rng(seed);
  std::vector<SentencePair> pairs;
  pairs.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) pairs.push_back(toy_pair(task, rng));
  return pairs;
}

uint64_t toy_train_seed(uint64_t seed) { return seed * 7919 + 1; }
uint64_t toy_valid_seed(uint64_t seed) { return seed + 1000003; }
uint64_t toy_test_seed(uint64_t seed) { return seed + 2000003; }

const Example& ToyStream::next() { return example_ = translation_example(model_, toy_pair(task_, rng_)); }

TrainReport train_toy(Seq2Seq& model, const nlohmann::json& config, std::ostream& log) {
  const nlohmann::json task_json = config.value("task", nlohmann::json::object());
  const ToyTask task = read_toy_task(task_json);
  const int n_eval = config_int(task_json, "n_eval", 0, 100000, 100);
  const int n_test = config_int(task_json, "n_test", 1, 100000, 300);
  const LoopConfig loop = toy_loop_config(config);
  const std::vector<SentencePair> valid = toy_pairs(task, toy_valid_seed(loop.seed), n_eval);
  const std::vector<SentencePair> test = toy_pairs(task, toy_test_seed(loop.seed), n_test);

  ToyStream stream(model, task, loop.seed);
  const auto next = [&]() -> const Example& { return stream.next(); };
  const auto evaluate = [&](int, std::ostream& out) {
    if (valid.empty()) return;
    const TranslationMetrics v = evaluate_translation(model, valid);
    out << "  valid (" << v.n << "): exact " << v.exact_match << "  token acc " << v.token_accuracy
        << "  alignment error " << v.alignment_error << "\n";
  };
  TrainReport rep = run_training(model, loop, next, evaluate, log);
  const TranslationMetrics t = evaluate_translation(model, test);
  rep.test_accuracy = t.exact_match;
  rep.metrics = {{"task", task_json}, {"test", t.to_json()}, {"batch_size", loop.batch_size}};
  log << "test (" << t.n << "): exact " << t.exact_match << "  token acc " << t.token_accuracy << "  alignment error "
      << t.alignment_error << "\n";
  return rep;
}

}  // namespace attnlab
