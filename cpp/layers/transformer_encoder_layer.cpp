#include "layers/transformer_encoder_layer.h"

#include "core/cold.h"
#include "layers/activations.h"

namespace attnlab {

TransformerEncoderLayer::TransformerEncoderLayer(int d, int h, int ff, bool use_gelu, Normalization norm, Score score,
                                                 bool pre_norm, double eps)
    : d_model(d),
      d_ff(ff),
      gelu(use_gelu),
      norm_first(pre_norm),
      self_attn(d, h, norm, score),
      linear1(d, ff),
      linear2(ff, d),
      norm1(d, eps),
      norm2(d, eps) {}

ATTNLAB_COLD void TransformerEncoderLayer::init(Rng& rng) {
  self_attn.init(rng);
  linear1.init(rng);
  linear2.init(rng);
  norm1 = LayerNorm(d_model, norm1.eps);
  norm2 = LayerNorm(d_model, norm2.eps);
}

Mat TransformerEncoderLayer::forward(const Mat& x, bool causal, Cache& c, const HeadsEdit* edit) const {
  c.x = x;
  if (norm_first) {
    c.xn = norm1.forward(x, c.norm1_cache);
    c.y = x + self_attn.forward(c.xn, causal, c.attn, edit);
    c.yn = norm2.forward(c.y, c.norm2_cache);
    c.pre = linear1.forward(c.yn);
    c.hidden = gelu ? gelu_forward(c.pre) : relu_forward(c.pre);
    c.out = c.y + linear2.forward(c.hidden);
    return c.out;
  }
  const Mat a = self_attn.forward(x, causal, c.attn, edit);
  c.y = norm1.forward(x + a, c.norm1_cache);
  c.pre = linear1.forward(c.y);
  c.hidden = gelu ? gelu_forward(c.pre) : relu_forward(c.pre);
  c.out = norm2.forward(c.y + linear2.forward(c.hidden), c.norm2_cache);
  return c.out;
}

ATTNLAB_COLD Mat TransformerEncoderLayer::backward(const Cache& c, const Mat& dout) {
  if (norm_first) {
    // forward was: out = y + linear2(act(linear1(norm2(y))))
    const Mat dhidden = linear2.backward(c.hidden, dout);
    const Mat dpre = gelu ? gelu_backward(c.pre, dhidden) : relu_backward(c.pre, dhidden);
    const Mat dy = dout + norm2.backward(c.norm2_cache, linear1.backward(c.yn, dpre));
    // forward was: y = x + self_attn(norm1(x))
    return dy + norm1.backward(c.norm1_cache, self_attn.backward(c.attn, dy));
  }
  // forward was: out = norm2(y + linear2(act(linear1(y))))
  const Mat dres2 = norm2.backward(c.norm2_cache, dout);
  const Mat dhidden = linear2.backward(c.hidden, dres2);
  const Mat dpre = gelu ? gelu_backward(c.pre, dhidden) : relu_backward(c.pre, dhidden);
  const Mat dy = dres2 + linear1.backward(c.y, dpre);
  // forward was: y = norm1(x + self_attn(x))
  const Mat dres1 = norm1.backward(c.norm1_cache, dy);
  return dres1 + self_attn.backward(c.attn, dres1);
}

void TransformerEncoderLayer::for_each_param(const std::string& prefix, const ParamVisitor& f) {
  // nn.TransformerEncoderLayer's state_dict order.
  self_attn.for_each_param(join_name(prefix, "self_attn"), f);
  linear1.for_each_param(join_name(prefix, "linear1"), f);
  linear2.for_each_param(join_name(prefix, "linear2"), f);
  norm1.for_each_param(join_name(prefix, "norm1"), f);
  norm2.for_each_param(join_name(prefix, "norm2"), f);
}

}  // namespace attnlab
