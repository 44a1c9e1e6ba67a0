#include "train/loop.h"

#include <algorithm>
#include <chrono>

#include "io/tensor_names.h"

namespace attnlab {

LoopConfig read_loop_config(const nlohmann::json& config, int default_steps, int default_batch, double default_lr) {
  LoopConfig c;
  c.steps = config_int(config, "steps", 1, 100000000, default_steps);
  c.batch_size = config_int(config, "batch_size", 1, 4096, default_batch);
  c.log_every = config_int(config, "log_every", 1, 100000000, 100);
  c.eval_every = config_int(config, "eval_every", 0, 100000000, 0);
  c.max_seconds = config.value("max_seconds", 0.0);
  c.seed = config.value("seed", 1);
  c.adam.lr = config.value("lr", default_lr);
  c.adam.weight_decay = config.value("weight_decay", 0.0);
  c.align_weight_decay = config_number(config, "align_weight_decay", 0, 1e6, -1);
  c.adam.clip_norm = config.value("clip_norm", 1.0);
  const std::string dtype = config.value("weights_dtype", std::string("F32"));
  if (dtype == "I8" || dtype == "i8" || dtype == "I4" || dtype == "i4") {
    // quantization-aware training (TrainSession)
    c.weights_dtype = dtype == "I8" || dtype == "i8" ? DType::I8 : DType::I4;
  } else {
    try {
      c.weights_dtype = dtype_from_name(dtype);
    } catch (const std::invalid_argument& e) {
      throw ConfigError(std::string("train config \"weights_dtype\": ") + e.what() + ", I8 or I4");
    }
  }
  if (config.contains("weights_i4")) {
    const nlohmann::json& names = config["weights_i4"];
    if (!names.is_array()) throw ConfigError("train config \"weights_i4\" must be a list of tensor names");
    for (const nlohmann::json& name : names) {
      if (!name.is_string()) throw ConfigError("train config \"weights_i4\" must be a list of tensor names");
      c.weights_i4.push_back(name.get<std::string>());
    }
    if (!c.weights_i4.empty() && c.weights_dtype != DType::I8)
      throw ConfigError(
          "train config \"weights_i4\" keeps some weights of an I8 model in 4 bits: set \"weights_dtype\": \"I8\"");
  }
  c.weights_i4_group = config_int(config, "weights_i4_group", 0, 1 << 20, 0);
  if (config.contains("init_from")) {
    if (!config["init_from"].is_string() || config["init_from"].get<std::string>().empty())
      throw ConfigError("train config \"init_from\" must be the path of a model folder");
    c.init_from = config["init_from"].get<std::string>();
  }
  if (c.weights_i4_group != 0 && c.weights_dtype != DType::I4 && c.weights_i4.empty())
    throw ConfigError(
        "train config \"weights_i4_group\" sets the scale groups of 4-bit weights: this config has none "
        "(\"weights_dtype\": \"I4\", or \"I8\" with \"weights_i4\")");
  return c;
}

DType LoopConfig::dtype_of(const std::string& file_name, const Shape& shape) const {
  return stored_dtype(weights_dtype, shape, weights_i4, file_name);
}

int64_t LoopConfig::group_of(const std::string& file_name, const Shape& shape) const {
  return dtype_of(file_name, shape) == DType::I4 ? weights_i4_group : 0;
}

void round_param(Param& p, DType dtype, int64_t group) {
  if (dtype == DType::F32) return;
  const DType as = stored_dtype(dtype, p.shape());
  if (as == DType::I8 || as == DType::I4) {
    // Row by row, each group of columns with its scale, as write_safetensors will store it.
    const Eigen::Index cols = p.value.cols();
    const Eigen::Index width = group > 0 ? Eigen::Index(group) : cols;
    if (cols > 0 && cols % width != 0)
      throw std::invalid_argument("round_param: groups of " + std::to_string(width) + " columns do not divide " +
                                  std::to_string(cols));
    std::vector<float> part(static_cast<size_t>(width));  // Real is double in the gradient checks
    for (Eigen::Index r = 0; r < p.value.rows(); ++r) {
      for (Eigen::Index first = 0; first < cols; first += width) {
        for (Eigen::Index i = 0; i < width; ++i) part[size_t(i)] = static_cast<float>(p.value(r, first + i));
        const I8Row q =
            as == DType::I4 ? quantize_row_i4(part.data(), part.size()) : quantize_row_i8(part.data(), part.size());
        for (Eigen::Index i = 0; i < width; ++i)
          p.value(r, first + i) = static_cast<Real>(static_cast<float>(q.q[size_t(i)]) * q.scale);
      }
    }
    return;
  }
  p.value = p.value.unaryExpr([&](Real v) { return static_cast<Real>(round_to_dtype(static_cast<float>(v), as)); });
}

namespace {

InitFromReader& init_from_reader() {
  static InitFromReader reader;
  return reader;
}

std::vector<Param*> params_of(Model& model) {
  std::vector<Param*> params;
  model.for_each_param([&](const std::string&, Param& p) { params.push_back(&p); });
  return params;
}

Model& initialized(Model& model, const LoopConfig& cfg) {
  Rng init_rng(cfg.seed);
  model.init(init_rng);
  if (!cfg.init_from.empty()) {
    if (!init_from_reader())
      throw ConfigError("train config \"init_from\" reads a model folder, which only the command line can do");
    init_from_reader()(model, cfg.init_from);
  }
  return model;
}

}  // namespace

void set_init_from_reader(InitFromReader reader) { init_from_reader() = std::move(reader); }

TrainSession::TrainSession(Model& model, const LoopConfig& cfg)
    : model_(initialized(model, cfg)), cfg_(cfg), params_(params_of(model)), opt_(params_, cfg.adam) {
  const TensorNames names = TensorNames::from_config(model_.config());
  std::vector<std::string> unknown = cfg_.weights_i4;
  model_.for_each_param([&](const std::string& name, Param& p) {
    const std::string file_name = names.to_file(name);
    unknown.erase(std::remove(unknown.begin(), unknown.end(), file_name), unknown.end());
    const bool four = std::find(cfg_.weights_i4.begin(), cfg_.weights_i4.end(), file_name) != cfg_.weights_i4.end();
    if (four && p.shape().size() != 2)
      throw ConfigError("train config \"weights_i4\": tensor \"" + file_name + "\" is not 2-D");
    const int64_t group = cfg_.group_of(file_name, p.shape());
    if (group > 0 && p.shape()[1] % group != 0)
      throw ConfigError("train config \"weights_i4_group\": groups of " + std::to_string(group) +
                        " columns do not divide the " + std::to_string(p.shape()[1]) + " columns of \"" + file_name +
                        "\"");
    dtypes_.push_back(cfg_.dtype_of(file_name, p.shape()));
    groups_.push_back(group);
  });
  if (!unknown.empty())
    throw ConfigError("train config \"weights_i4\": the model has no tensor \"" + unknown[0] + "\"");
  // The attention's own weights ("align.*") may take a weight decay of their own.
  if (cfg_.align_weight_decay >= 0)
    model_.for_each_param([&](const std::string& name, Param& p) {
      if (name.rfind("align.", 0) == 0) opt_.set_weight_decay(&p, cfg_.align_weight_decay);
    });
}

double TrainSession::step(const std::function<const Example&()>& next_example) {
  opt_.zero_grad();
  double loss = 0;
  {
    // Quantization-aware training: the batch runs at the saved (8-bit) weights, and the full ones
    // come back even when an example throws, so a caught error leaves the model as it was.
    const RoundedWeights rounded(*this, cfg_.quantized());
    for (int b = 0; b < cfg_.batch_size; ++b) loss += model_.loss_and_backward(next_example());
  }
  for (Param* p : params_) p->grad /= static_cast<Real>(cfg_.batch_size);
  opt_.step();
  return loss / cfg_.batch_size;
}

void TrainSession::round_weights() {
  for (size_t i = 0; i < params_.size(); ++i) round_param(*params_[i], dtypes_[i], groups_[i]);
}

void TrainSession::use_saved_weights() {
  full_.resize(params_.size());
  for (size_t i = 0; i < params_.size(); ++i) {
    full_[i] = params_[i]->value;
    round_param(*params_[i], dtypes_[i], groups_[i]);
  }
}

void TrainSession::use_full_weights() {
  for (size_t i = 0; i < params_.size() && i < full_.size(); ++i) params_[i]->value = full_[i];
}

TrainReport run_training(Model& model, const LoopConfig& cfg, const std::function<const Example&()>& next_example,
                         const std::function<void(int step, std::ostream& log)>& evaluate, std::ostream& log) {
  TrainSession session(model, cfg);
  TrainReport rep;
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  double window = 0;
  int in_window = 0;
  for (int step = 1; step <= cfg.steps; ++step) {
    const double loss = session.step(next_example);
    if (step == 1) rep.first_loss = loss;
    window += loss;
    ++in_window;
    rep.steps = step;
    const bool out_of_time = cfg.max_seconds > 0 && elapsed() > cfg.max_seconds;
    if (step % cfg.log_every == 0 || step == cfg.steps || out_of_time) {
      rep.loss_curve.push_back(window / in_window);
      log << "step " << step << "  loss " << window / in_window << "  " << elapsed() << " s\n";
      window = 0;
      in_window = 0;
    }
    if (cfg.eval_every > 0 && step % cfg.eval_every == 0) {
      // Quantization-aware training evaluates the weights it computes its losses with.
      const TrainSession::RoundedWeights rounded(session, cfg.quantized());
      evaluate(step, log);
    }
    log.flush();
    if (out_of_time) {
      log << "stopped after " << step << " steps: the time budget of " << cfg.max_seconds << " s is spent\n";
      break;
    }
  }
  rep.final_loss = rep.loss_curve.empty() ? rep.first_loss : rep.loss_curve.back();
  if (cfg.weights_dtype != DType::F32) {
    session.round_weights();
    log << "weights rounded to " << dtype_name(cfg.weights_dtype);
    for (size_t i = 0; i < cfg.weights_i4.size(); ++i) log << (i ? ", " : " (I4: ") << cfg.weights_i4[i];
    log << (cfg.weights_i4.empty() ? "" : ")") << " as they will be saved; metrics below use them\n";
  }
  rep.seconds = elapsed();
  return rep;
}

}  // namespace attnlab
