// Positional encodings added to token embeddings.
#pragma once

#include <string>

#include "layers/embedding.h"

namespace attnlab {

// The Transformer's sinusoidal table (T, D):
//   PE[t, 2i] = sin(t / 10000^(2i/D)),  PE[t, 2i+1] = cos(t / 10000^(2i/D)).
Mat sinusoidal_encoding(int T, int D);

// Learned positions: an nn.Embedding over positions 0..max_len-1 ("pos_embedding.weight").
using LearnedPositional = Embedding;

}  // namespace attnlab
