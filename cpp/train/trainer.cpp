#include "train/trainer.h"

#include "train/language_model.h"
#include "train/loop.h"
#include "train/masked_lm.h"
#include "train/sequence_train.h"
#include "train/toy_train.h"
#include "train/translate.h"

namespace attnlab {

nlohmann::json complete_model_config(const nlohmann::json& config) {
  if (!config.contains("model")) throw ConfigError("train config needs a \"model\" object (a model config)");
  const nlohmann::json task = config.value("task", nlohmann::json::object());
  const std::string kind = config_string(task, "kind", "recall");
  if (kind == "translate") return translation_model_config(config["model"], config_string(task, "corpus", ""));
  if (kind == "lm") return lm_model_config(config["model"], task);
  if (kind == "mlm") return mlm_model_config(config["model"], task);
  if (is_toy_task(kind)) return toy_model_config(config["model"], read_toy_task(task));
  if (is_sequence_task(kind)) return sequence_model_config(config["model"], task);
  return config["model"];
}

TrainReport train_from_config(Model& model, const nlohmann::json& config, std::ostream& log) {
  const nlohmann::json task = config.value("task", nlohmann::json::object());
  const std::string kind = config_string(task, "kind", "recall");
  if (kind == "translate") {
    auto* seq2seq = dynamic_cast<Seq2Seq*>(&model);
    if (!seq2seq) throw ConfigError("task \"translate\" needs a model of architecture \"seq2seq\"");
    return train_translation(*seq2seq, config, log);
  }
  if (is_toy_task(kind)) {
    auto* seq2seq = dynamic_cast<Seq2Seq*>(&model);
    if (!seq2seq) throw ConfigError("task \"" + kind + "\" needs a model of architecture \"seq2seq\"");
    return train_toy(*seq2seq, config, log);
  }
  if (kind == "lm") return train_language_model(model, config, log);
  if (kind == "mlm") return train_masked_lm(model, config, log);
  if (is_sequence_task(kind)) return train_sequence(model, config, log);
  throw ConfigError("train config \"task.kind\" is \"" + kind +
                    "\"; this build knows: recall, mirror, translate, lm, mlm, reverse, shift, sort, date");
}

}  // namespace attnlab
