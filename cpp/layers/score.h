// The score functions e = align(key, query) of the three lessons, one enum for all of them:
//   additive    v^T tanh(W_K h + W_Q s)      align option 1 (Bahdanau et al. 2015); the Transformer's additive scores
//   dot         (W_K h)^T (W_Q s)            align option 2, the Transformer's q . k
//   scaled_dot  (W_K h)^T (W_Q s) / sqrt(A)  (Vaswani et al. 2017)
//   general     h^T W s                      (Luong et al. 2015)
// A layer accepts the ones it computes (models/config.h has the name tables).
#pragma once

namespace attnlab {

enum class Score { Additive, Dot, ScaledDot, General };

inline const char* to_string(Score s) {
  switch (s) {
    case Score::Additive: return "additive";
    case Score::Dot: return "dot";
    case Score::ScaledDot: return "scaled_dot";
    case Score::General: return "general";
  }
  return "?";
}

}  // namespace attnlab
