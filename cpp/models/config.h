// Typed readers of model and train configs. Every reader names the field and what it expected,
// from one place, so every model refuses a bad config with the same kind of message:
//   config "cell" is "gru2" (expected rnn, lstm or gru)
//   config "causal" must be true or false, got "yes"
#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "layers/recurrent.h"
#include "layers/score.h"
#include "layers/softmax.h"

namespace attnlab {

// A bad config: names the field and says what was expected.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

int config_int(const nlohmann::json& c, const char* key, int lo, int hi);  // required
int config_int(const nlohmann::json& c, const char* key, int lo, int hi, int fallback);
double config_number(const nlohmann::json& c, const char* key, double lo, double hi, double fallback);
bool config_bool(const nlohmann::json& c, const char* key, bool fallback);
std::string config_string(const nlohmann::json& c, const char* key, const std::string& fallback);

// Refuses any field of a model config that `architecture` does not read, so no option is ever
// silently ignored: config field "norm_firsts" is not known to transformer (known: ...). The
// fields every model shares (architecture, tokenizer, max_tokens, prefix, names) are always known.
// A few PyTorch spellings get a hint ("nhead": use "n_head").
void check_model_fields(const nlohmann::json& c, const std::string& architecture,
                        std::initializer_list<const char*> known);
// The same for a nested object (the tokenizer), named by `what` in the message.
void check_fields(const nlohmann::json& c, const std::string& what, std::initializer_list<const char*> known);

// One name of a fixed set, and the value it stands for.
template <class T>
struct Choice {
  const char* name;
  T value;
};
template <class T>
using Choices = std::initializer_list<Choice<T>>;

// "a, b or c"
template <class T>
std::string choice_names(Choices<T> choices) {
  std::string out;
  size_t i = 0;
  for (const Choice<T>& c : choices) {
    if (i > 0) out += i + 1 == choices.size() ? " or " : ", ";
    out += c.name;
    ++i;
  }
  return out;
}

// The value named by `name`; throws ConfigError naming `what` and the choices otherwise.
template <class T>
T choice_from_name(const std::string& name, Choices<T> choices, const std::string& what) {
  for (const Choice<T>& c : choices)
    if (name == c.name) return c.value;
  throw ConfigError(what + " is \"" + name + "\" (expected " + choice_names(choices) + ")");
}

// config[key] as one of the choices, or the fallback when it is absent.
template <class T>
T config_choice(const nlohmann::json& c, const char* key, Choices<T> choices, T fallback) {
  if (!c.contains(key)) return fallback;
  return choice_from_name(config_string(c, key, ""), choices, std::string("config \"") + key + "\"");
}

// The name tables of the engine's enums.
inline constexpr Choices<Normalization> kNormalizations = {{"softmax", Normalization::Softmax},
                                                           {"sigmoid", Normalization::Sigmoid}};
inline constexpr Choices<CellKind> kCells = {{"rnn", CellKind::Rnn}, {"lstm", CellKind::Lstm}, {"gru", CellKind::Gru}};
// Align (the RNN lessons) computes all four; multi-head attention the first two.
inline constexpr Choices<Score> kAlignScores = {
    {"additive", Score::Additive}, {"dot", Score::Dot}, {"scaled_dot", Score::ScaledDot}, {"general", Score::General}};
// config "nonlinearity" of a model with an nn.RNN-like cell: "tanh" (default) or "relu" (true);
// "relu" with cell lstm or gru is refused (nn.LSTM and nn.GRU have no such option).
bool config_relu(const nlohmann::json& c, CellKind cell);

inline constexpr Choices<Score> kHeadScores = {{"dot", Score::Dot}, {"additive", Score::Additive}};

}  // namespace attnlab
