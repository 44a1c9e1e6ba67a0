#include "data/sequence_tasks.h"

#include "models/config.h"

namespace attnlab {

bool is_sequence_task(const std::string& kind) { return kind == "recall" || kind == "mirror"; }

SequenceTask read_sequence_task(const nlohmann::json& task, int vocab_size) {
  SequenceTask t;
  t.kind = config_string(task, "kind", "recall");
  if (!is_sequence_task(t.kind))
    throw ConfigError("sequence task \"kind\" is \"" + t.kind + "\"; expected recall or mirror");
  if (task.contains("length")) {
    if (t.kind != "recall") throw ConfigError("task \"length\" belongs to recall; mirror takes min_len and max_len");
    if (task.contains("min_len") || task.contains("max_len"))
      throw ConfigError("task \"length\" and \"min_len\"/\"max_len\" are two ways of saying one thing; give one");
    t.min_len = t.max_len = config_int(task, "length", 1, 4096);
  } else {
    t.min_len = config_int(task, "min_len", 1, 4096, t.min_len);
    t.max_len = config_int(task, "max_len", 1, 4096, t.max_len);
  }
  if (t.max_len < t.min_len)
    throw ConfigError("task \"max_len\" (" + std::to_string(t.max_len) + ") is below \"min_len\" (" +
                      std::to_string(t.min_len) + ")");
  const int fallback = vocab_size > 1 ? vocab_size - 1 : t.symbols;
  t.symbols = config_int(task, "symbols", 1, 1 << 20, fallback);
  if (vocab_size > 1 && t.symbols > vocab_size - 1)
    throw ConfigError("task \"symbols\" (" + std::to_string(t.symbols) + ") needs a vocabulary of " +
                      std::to_string(t.symbols + 1) + " ids (id 0 is <unk>), but the model has " +
                      std::to_string(vocab_size));
  return t;
}

SequenceExample sequence_example(const SequenceTask& task, Rng& rng) {
  SequenceExample ex;
  const int n =
      task.min_len == task.max_len
          ? task.min_len
          : task.min_len + static_cast<int>(rng.below(static_cast<uint64_t>(task.max_len - task.min_len + 1)));
  for (int t = 0; t < n; ++t) ex.ids.push_back(1 + static_cast<int>(rng.below(static_cast<uint64_t>(task.symbols))));
  ex.outputs.assign(static_cast<size_t>(n), -1);
  if (task.kind == "recall") {
    ex.outputs.back() = ex.ids.front();
    ex.gold.emplace_back(0, n - 1);
  } else {
    for (int i = 0; i < n; ++i) {
      ex.outputs[static_cast<size_t>(i)] = ex.ids[static_cast<size_t>(n - 1 - i)];
      ex.gold.emplace_back(n - 1 - i, i);
    }
  }
  return ex;
}

std::vector<std::string> sequence_vocab(const SequenceTask& task) {
  if (task.symbols > 26)
    throw ConfigError("task \"symbols\" is " + std::to_string(task.symbols) +
                      "; a task with its own vocabulary writes at most 26 (the letters a to z)");
  std::vector<std::string> v = {"<unk>"};
  for (int i = 0; i < task.symbols; ++i) v.emplace_back(1, static_cast<char>('a' + i));
  return v;
}

}  // namespace attnlab
