#include "layers/recurrent.h"

#include <stdexcept>

#include "core/cold.h"

namespace attnlab {

const char* to_string(CellKind k) { return k == CellKind::Rnn ? "rnn" : k == CellKind::Lstm ? "lstm" : "gru"; }

Recurrent::Recurrent(CellKind k, int input_size, int hidden, bool relu) : kind(k) {
  if (relu && kind != CellKind::Rnn) throw std::invalid_argument("relu applies to the SimpleRNN cell only");
  switch (kind) {
    case CellKind::Rnn: rnn = SimpleRnn(input_size, hidden, relu); break;
    case CellKind::Lstm: lstm = Lstm(input_size, hidden); break;
    case CellKind::Gru: gru = Gru(input_size, hidden); break;
  }
}

int Recurrent::hidden_size() const {
  return kind == CellKind::Rnn ? rnn.hidden_size : kind == CellKind::Lstm ? lstm.hidden_size : gru.hidden_size;
}

ATTNLAB_COLD void Recurrent::init(Rng& rng) {
  switch (kind) {
    case CellKind::Rnn: rnn.init(rng); break;
    case CellKind::Lstm: lstm.init(rng); break;
    case CellKind::Gru: gru.init(rng); break;
  }
}

Mat Recurrent::forward(const Mat& x, Cache& cache) const {
  const RowVec zero = RowVec::Zero(hidden_size());
  switch (kind) {
    case CellKind::Rnn: return rnn.forward(x, zero, cache.rnn);
    case CellKind::Lstm: return lstm.forward(x, zero, zero, cache.lstm);
    case CellKind::Gru: return gru.forward(x, zero, cache.gru);
  }
  return Mat();
}

ATTNLAB_COLD Mat Recurrent::backward(const Cache& cache, const Mat& dH) {
  switch (kind) {
    case CellKind::Rnn: return rnn.backward(cache.rnn, dH, nullptr);
    case CellKind::Lstm: return lstm.backward(cache.lstm, dH, nullptr, nullptr);
    case CellKind::Gru: return gru.backward(cache.gru, dH, nullptr);
  }
  return Mat();
}

void Recurrent::for_each_param(const std::string& prefix, const ParamVisitor& f) {
  switch (kind) {
    case CellKind::Rnn: rnn.for_each_param(prefix, f); break;
    case CellKind::Lstm: lstm.for_each_param(prefix, f); break;
    case CellKind::Gru: gru.for_each_param(prefix, f); break;
  }
}

}  // namespace attnlab
