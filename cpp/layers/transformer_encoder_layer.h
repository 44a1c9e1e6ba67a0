// nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout=0, activation,
// batch_first=True, norm_first=False): the post-norm block of Vaswani et al. (2017).
//   a   = self_attn(x)                      (T, D)   multi-head self-attention (causal if asked)
//   y   = norm1(x + a)                      (T, D)
//   out = norm2(y + linear2(act(linear1(y))))  (T, D)   act: ReLU (PyTorch's default) or GELU
#pragma once

#include <string>

#include "core/param.h"
#include "core/rng.h"
#include "layers/layernorm.h"
#include "layers/linear.h"
#include "layers/multihead_attention.h"

namespace attnlab {

struct TransformerEncoderLayer {
  int d_model = 0, d_ff = 0;
  bool gelu = false;             // activation: false = relu, true = gelu
  MultiheadAttention self_attn;  // self_attn.* (in_proj_weight, in_proj_bias, out_proj.*)
  Linear linear1;                // linear1.weight (d_ff, D), linear1.bias (d_ff)
  Linear linear2;                // linear2.weight (D, d_ff), linear2.bias (D)
  LayerNorm norm1, norm2;        // norm1.*, norm2.* (D)

  struct Cache {
    Mat x;  // (T, D) input
    MultiheadAttention::Trace attn;
    LayerNorm::Cache norm1_cache, norm2_cache;
    Mat y;       // (T, D) norm1(x + a)
    Mat pre;     // (T, d_ff) linear1(y), before the activation
    Mat hidden;  // (T, d_ff) act(pre)
    Mat out;     // (T, D)
  };

  TransformerEncoderLayer() = default;
  TransformerEncoderLayer(int d_model, int n_head, int d_ff, bool gelu, Normalization norm = Normalization::Softmax,
                          Score score = Score::Dot);
  // PyTorch's: the attention's own init, Linear defaults, LayerNorm (1, 0).
  void init(Rng& rng);
  // (T, D) -> (T, D); `edit`: an intervention's edits of the attention (forward only).
  Mat forward(const Mat& x, bool causal, Cache& cache, const HeadsEdit* edit = nullptr) const;
  // Returns dx (T, D); accumulates every parameter's gradient.
  Mat backward(const Cache& cache, const Mat& dout);
  void for_each_param(const std::string& prefix, const ParamVisitor& f);
};

}  // namespace attnlab
