// One of the three recurrent cells, chosen by name ("rnn" | "lstm" | "gru"), run over a whole
// sequence from a zero initial state. Models that let the config pick the cell hold one of these.
#pragma once

#include <string>

#include "layers/gru.h"
#include "layers/lstm.h"
#include "layers/simple_rnn.h"

namespace attnlab {

enum class CellKind { Rnn, Lstm, Gru };
const char* to_string(CellKind k);

struct Recurrent {
  CellKind kind = CellKind::Rnn;
  SimpleRnn rnn;  // used when kind == Rnn
  Lstm lstm;      // used when kind == Lstm
  Gru gru;        // used when kind == Gru

  struct Cache {
    SimpleRnn::Cache rnn;
    Lstm::Cache lstm;
    Gru::Cache gru;
  };

  Recurrent() = default;
  // relu: nn.RNN(nonlinearity="relu"); only for kind Rnn.
  Recurrent(CellKind kind, int input_size, int hidden_size, bool relu = false);
  int hidden_size() const;
  void init(Rng& rng);
  Mat forward(const Mat& x, Cache& cache) const;    // (T, E) -> (T, D), h0 = c0 = 0
  Mat backward(const Cache& cache, const Mat& dH);  // returns dx (T, E)
  void for_each_param(const std::string& prefix, const ParamVisitor& f);
};

}  // namespace attnlab
