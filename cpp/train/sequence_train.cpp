#include "train/sequence_train.h"

#include <cmath>
#include <limits>

#include "layers/cross_entropy.h"
#include "models/trace_names.h"
#include "train/toy_train.h"

namespace attnlab {

namespace {

const Mat& logits_of(const ForwardTrace& tr) {
  for (const NamedTensor& t : tr.tensors)
    if (t.name == trace_names::kLogits) return t.value;
  throw ConfigError("a sequence task needs a model whose trace has \"logits\"");
}

// Rows of output the model gives for T inputs: one per position, or the last one only.
int output_rows(const Model& model, int T) { return model.architecture() == "rnn_attention" ? 1 : T; }

}  // namespace

nlohmann::json SequenceMetrics::to_json() const {
  const auto num = [](double x) { return std::isnan(x) ? nlohmann::json(nullptr) : nlohmann::json(x); };
  nlohmann::json by_map = nlohmann::json::array();
  for (size_t k = 0; k < map_errors.size(); ++k)
    by_map.push_back(
        {{"layer", map_layers[k].first}, {"head", map_layers[k].second}, {"alignment_error", num(map_errors[k])}});
  return {{"n", n},
          {"exact_match", exact_match},
          {"token_accuracy", token_accuracy},
          {"loss", loss},
          {"alignment_error", num(alignment_error)},
          {"best_map", best_map < 0 ? nlohmann::json(nullptr) : nlohmann::json(best_map)},
          {"maps", by_map}};
}

nlohmann::json sequence_model_config(const nlohmann::json& model_config, const nlohmann::json& task) {
  nlohmann::json m = model_config;
  if (!task.contains("symbols")) return m;
  const std::vector<std::string> vocab = sequence_vocab(read_sequence_task(task, 0));
  if (!m.contains("tokenizer"))
    m["tokenizer"] = {{"kind", "words"}, {"vocab", vocab}, {"unk", "<unk>"}, {"lowercase", false}};
  if (!m.contains("vocab_size")) m["vocab_size"] = vocab.size();
  return m;
}

LoopConfig sequence_loop_config(const nlohmann::json& config) { return read_loop_config(config, 500, 1, 1e-2); }

Example sequence_training_example(const Model& model, const SequenceExample& ex) {
  const int T = static_cast<int>(ex.ids.size());
  const int rows = output_rows(model, T);
  Example out;
  out.ids = ex.ids;
  out.targets.assign(static_cast<size_t>(rows), kIgnoreIndex);
  for (int r = 0; r < rows; ++r) {
    const int target = ex.outputs[static_cast<size_t>(T - rows + r)];
    if (target >= 0) out.targets[static_cast<size_t>(r)] = target;
  }
  for (int i = 0; i < T - rows; ++i)
    if (ex.outputs[static_cast<size_t>(i)] >= 0)
      throw ConfigError("this task asks every position for an output; a model of architecture \"" +
                        model.architecture() + "\" answers only after the last");
  return out;
}

uint64_t sequence_held_out_seed(uint64_t seed) { return seed + 1000003; }

std::vector<SequenceExample> sequence_examples(const SequenceTask& task, uint64_t seed, int n) {
  Rng rng(seed);
  std::vector<SequenceExample> out;
  out.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) out.push_back(sequence_example(task, rng));
  return out;
}

SequenceStream::SequenceStream(const Model& model, const SequenceTask& task, uint64_t seed)
    : model_(model), task_(task), rng_(toy_train_seed(seed)) {}

const Example& SequenceStream::next() {
  return example_ = sequence_training_example(model_, sequence_example(task_, rng_));
}

SequenceMetrics evaluate_sequence(const Model& model, const std::vector<SequenceExample>& examples, int limit) {
  SequenceMetrics m;
  const size_t n = limit > 0 ? std::min(examples.size(), static_cast<size_t>(limit)) : examples.size();
  int64_t exact = 0, asked = 0, right = 0;
  double loss_sum = 0;
  std::vector<int64_t> misses, links;  // per map: gold-linked rows whose argmax is elsewhere, and all
  for (size_t k = 0; k < n; ++k) {
    const SequenceExample& ex = examples[k];
    const int T = static_cast<int>(ex.ids.size());
    const ForwardTrace tr = model.forward_ids(ex.ids);
    const Mat& logits = logits_of(tr);
    const Mat logp = log_softmax_rows(logits);
    const int rows = static_cast<int>(logp.rows());
    bool all_right = true;
    for (int r = 0; r < rows; ++r) {
      const int target = ex.outputs[static_cast<size_t>(T - rows + r)];
      if (target < 0) continue;
      Eigen::Index arg;
      logits.row(r).maxCoeff(&arg);
      const bool ok = static_cast<int>(arg) == target;
      right += ok;
      all_right &= ok;
      loss_sum -= logp(r, target);
      ++asked;
    }
    exact += all_right;
    if (misses.empty()) {
      misses.assign(tr.maps.size(), 0);
      links.assign(tr.maps.size(), 0);
      for (const AttentionMap& map : tr.maps) m.map_layers.emplace_back(map.layer, map.head);
    }
    for (size_t j = 0; j < tr.maps.size() && j < misses.size(); ++j) {
      const Mat& w = tr.maps[j].weights;  // (rows, T): a map with fewer rows holds the last positions
      for (const auto& [key, query] : ex.gold) {
        const int row = query - (T - static_cast<int>(w.rows()));
        if (row < 0) continue;
        Eigen::Index arg;
        w.row(row).maxCoeff(&arg);
        misses[j] += static_cast<int>(arg) != key;
        ++links[j];
      }
    }
  }
  m.n = static_cast<int>(n);
  m.exact_match = n ? static_cast<double>(exact) / n : 0.0;
  m.token_accuracy = asked ? static_cast<double>(right) / asked : 0.0;
  m.loss = asked ? loss_sum / asked : 0.0;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  m.alignment_error = nan;
  for (size_t j = 0; j < misses.size(); ++j) {
    m.map_errors.push_back(links[j] ? static_cast<double>(misses[j]) / links[j] : nan);
    if (!std::isnan(m.map_errors[j]) && (m.best_map < 0 || m.map_errors[j] < m.alignment_error)) {
      m.alignment_error = m.map_errors[j];
      m.best_map = static_cast<int>(j);
    }
  }
  return m;
}

TrainReport train_sequence(Model& model, const nlohmann::json& config, std::ostream& log) {
  const nlohmann::json task_json = config.value("task", nlohmann::json::object());
  const SequenceTask task = read_sequence_task(task_json, model.tokenizer().vocab_size());
  const int n_eval = config_int(task_json, "n_eval", 0, 100000, 100);
  const int n_test = config_int(task_json, "n_test", 1, 1000000, 200);
  const LoopConfig loop = sequence_loop_config(config);
  const std::vector<SequenceExample> held_out =
      sequence_examples(task, sequence_held_out_seed(loop.seed), std::max(n_eval, n_test));

  SequenceStream stream(model, task, loop.seed);
  const auto next = [&]() -> const Example& { return stream.next(); };
  const auto evaluate = [&](int, std::ostream& out) {
    if (n_eval == 0) return;
    const SequenceMetrics v = evaluate_sequence(model, held_out, n_eval);
    out << "  held-out (" << v.n << "): exact " << v.exact_match << "  token acc " << v.token_accuracy
        << "  alignment error " << v.alignment_error << "\n";
  };
  TrainReport rep = run_training(model, loop, next, evaluate, log);
  const SequenceMetrics t = evaluate_sequence(model, held_out, n_test);
  rep.test_accuracy = t.exact_match;
  rep.metrics = {{"test_accuracy", t.exact_match}, {"test", t.to_json()}, {"batch_size", loop.batch_size}};
  log << "test (" << t.n << "): exact " << t.exact_match << "  token acc " << t.token_accuracy << "  alignment error "
      << t.alignment_error << "\n";
  return rep;
}

}  // namespace attnlab
