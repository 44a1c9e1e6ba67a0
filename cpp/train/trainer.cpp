#include "train/trainer.h"

#include <chrono>

#include "layers/cross_entropy.h"
#include "train/adam.h"

namespace attnlab {

namespace {

int output_rows(const Model& model, int length) { return model.architecture() == "rnn_attention" ? 1 : length; }

int vocab_of(const Model& model) { return model.tokenizer().vocab_size(); }

}  // namespace

Example recall_example(Model& model, Rng& rng, int length) {
  Example ex;
  const int V = vocab_of(model);
  for (int t = 0; t < length; ++t) ex.ids.push_back(1 + static_cast<int>(rng.below(static_cast<uint64_t>(V - 1))));
  // Only the last output row is asked for the answer.
  ex.targets.assign(output_rows(model, length), kIgnoreIndex);
  ex.targets.back() = ex.ids.front();
  return ex;
}

double recall_accuracy(Model& model, uint64_t seed, int length, int n) {
  Rng rng(seed);
  int correct = 0;
  for (int i = 0; i < n; ++i) {
    const Example ex = recall_example(model, rng, length);
    const ForwardTrace tr = model.forward_ids(ex.ids);
    for (const NamedTensor& t : tr.tensors) {
      if (t.name != "logits") continue;
      Eigen::Index arg;
      t.value.row(t.value.rows() - 1).maxCoeff(&arg);
      correct += static_cast<int>(arg) == ex.targets.back();
    }
  }
  return n > 0 ? static_cast<double>(correct) / n : 0.0;
}

TrainReport train_from_config(Model& model, const nlohmann::json& config, std::ostream& log) {
  const nlohmann::json task = config.value("task", nlohmann::json::object());
  const std::string kind = config_string(task, "kind", "recall");
  if (kind != "recall") throw ConfigError("train config \"task.kind\" is \"" + kind + "\"; this build knows: recall");
  const int length = config_int(task, "length", 1, 4096, 8);
  const int n_test = config_int(task, "n_test", 1, 1000000, 200);
  const int steps = config_int(config, "steps", 1, 100000000, 500);
  const int log_every = config_int(config, "log_every", 1, 100000000, 50);
  const uint64_t seed = config.value("seed", 1);
  AdamConfig adam;
  adam.lr = config.value("lr", 1e-2);
  adam.weight_decay = config.value("weight_decay", 0.0);
  adam.clip_norm = config.value("clip_norm", 1.0);

  Rng init_rng(seed);
  model.init(init_rng);
  std::vector<Param*> params;
  model.for_each_param([&](const std::string&, Param& p) { params.push_back(&p); });
  Adam opt(params, adam);
  Rng data_rng(seed * 7919 + 1);

  TrainReport rep;
  const auto start = std::chrono::steady_clock::now();
  double window = 0;
  int in_window = 0;
  for (int step = 1; step <= steps; ++step) {
    opt.zero_grad();
    const double loss = model.loss_and_backward(recall_example(model, data_rng, length));
    opt.step();
    if (step == 1) rep.first_loss = loss;
    window += loss;
    ++in_window;
    if (step % log_every == 0 || step == steps) {
      rep.loss_curve.push_back(window / in_window);
      log << "step " << step << "  loss " << window / in_window << "\n";
      window = 0;
      in_window = 0;
    }
  }
  rep.steps = steps;
  rep.final_loss = rep.loss_curve.back();
  rep.test_accuracy = recall_accuracy(model, seed + 1000003, length, n_test);
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return rep;
}

}  // namespace attnlab
