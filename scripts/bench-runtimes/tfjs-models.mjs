// The three workloads in TensorFlow.js on its wasm backend: the LSTM as tf.layers.lstm (what a
// TensorFlow.js user writes), the decoder step and the encoder as tf ops (fused matMul + bias).
import { T, LSTM, DEC, ENC, transpose } from './weights.mjs';

export function tfjsModels(tf, w) {
  const { E, H } = LSTM;
  const lstmModel = tf.sequential();
  // recurrentActivation defaults to hardSigmoid in tf.layers; PyTorch's (and ONNX's) is the sigmoid.
  lstmModel.add(
    tf.layers.lstm({
      units: H,
      returnSequences: true,
      recurrentActivation: 'sigmoid',
      inputShape: [T, E],
      recurrentInitializer: 'zeros', // replaced by setWeights; the default orthogonal init is slow
    }),
  );
  const l = w.lstm;
  const bias = l['rnn.bias_ih_l0'].data.map((b, i) => b + l['rnn.bias_hh_l0'].data[i]);
  // Keras' gate order i, f, c, o is PyTorch's i, f, g, o: only the layout is transposed.
  lstmModel.setWeights([
    tf.tensor2d(transpose(l['rnn.weight_ih_l0'].data, 4 * H, E), [E, 4 * H]),
    tf.tensor2d(transpose(l['rnn.weight_hh_l0'].data, 4 * H, H), [H, 4 * H]),
    tf.tensor1d(bias),
  ]);
  const lstm = (x) => tf.tidy(() => lstmModel.predict(x));

  const { D, A, V } = DEC;
  const d = w.decoder;
  const WihT = tf.tensor2d(transpose(d['decoder.weight_ih_l0'].data, D, E + D), [E + D, D]);
  const WhhT = tf.tensor2d(transpose(d['decoder.weight_hh_l0'].data, D, D), [D, D]);
  const bd = tf.tensor1d(d['decoder.bias_ih_l0'].data.map((b, i) => b + d['decoder.bias_hh_l0'].data[i]));
  const WqT = tf.tensor2d(transpose(d['align.w_query.weight'].data, A, D), [D, A]);
  const vT = tf.tensor2d(d['align.v.weight'].data, [A, 1]);
  const WoT = tf.tensor2d(transpose(d['out.weight'].data, V, 2 * D), [2 * D, V]);
  const bo = tf.tensor1d(d['out.bias'].data);
  const decoder = (x, sPrev, cPrev, kp, Hs) =>
    tf.tidy(() => {
      const pre = tf.fused.matMul({ a: tf.concat([x, cPrev], 1), b: WihT, bias: bd });
      const s = tf.tanh(tf.add(pre, tf.matMul(sPrev, WhhT))); // s_j = tanh(W_ih [x; c] + W_hh s + b)
      const e = tf.tanh(tf.add(kp, tf.matMul(s, WqT))); // tanh(W_K h_i + W_Q s_j), keys projected once
      const alpha = tf.softmax(tf.reshape(tf.matMul(e, vT), [1, T]));
      const c = tf.matMul(alpha, Hs);
      const logits = tf.fused.matMul({ a: tf.concat([s, c], 1), b: WoT, bias: bo });
      return [s, alpha, c, logits];
    });

  const { d: dm, heads, layers, ff } = ENC;
  const dh = dm / heads;
  const P = [];
  for (let i = 0; i < layers; ++i) {
    const e = (n) => w.encoder[`layers.${i}.${n}`].data;
    P.push({
      wqkv: tf.tensor2d(transpose(e('self_attn.in_proj_weight'), 3 * dm, dm), [dm, 3 * dm]),
      bqkv: tf.tensor1d(e('self_attn.in_proj_bias')),
      wo: tf.tensor2d(transpose(e('self_attn.out_proj.weight'), dm, dm), [dm, dm]),
      bo: tf.tensor1d(e('self_attn.out_proj.bias')),
      w1: tf.tensor2d(transpose(e('linear1.weight'), ff, dm), [dm, ff]),
      b1: tf.tensor1d(e('linear1.bias')),
      w2: tf.tensor2d(transpose(e('linear2.weight'), dm, ff), [ff, dm]),
      b2: tf.tensor1d(e('linear2.bias')),
      g1: tf.tensor1d(e('norm1.weight')),
      be1: tf.tensor1d(e('norm1.bias')),
      g2: tf.tensor1d(e('norm2.weight')),
      be2: tf.tensor1d(e('norm2.bias')),
    });
  }
  const layerNorm = (x, g, b) => {
    const { mean, variance } = tf.moments(x, -1, true);
    return tf.add(tf.mul(tf.div(tf.sub(x, mean), tf.sqrt(tf.add(variance, 1e-5))), g), b);
  };
  const splitHeads = (t) => tf.transpose(tf.reshape(t, [T, heads, dh]), [1, 0, 2]); // (heads, T, dh)
  const encoder = (x0) =>
    tf.tidy(() => {
      let x = x0;
      for (const p of P) {
        const [q, k, v] = tf.split(tf.fused.matMul({ a: x, b: p.wqkv, bias: p.bqkv }), 3, 1);
        const scores = tf.mul(tf.matMul(splitHeads(q), splitHeads(k), false, true), 1 / Math.sqrt(dh));
        const o = tf.matMul(tf.softmax(scores), splitHeads(v)); // (heads, T, dh)
        const heads_ = tf.reshape(tf.transpose(o, [1, 0, 2]), [T, dm]);
        x = layerNorm(tf.add(x, tf.fused.matMul({ a: heads_, b: p.wo, bias: p.bo })), p.g1, p.be1);
        const f = tf.fused.matMul({ a: x, b: p.w1, bias: p.b1 });
        const g = tf.mul(tf.mul(f, 0.5), tf.add(1, tf.erf(tf.mul(f, Math.SQRT1_2)))); // exact GELU
        x = layerNorm(tf.add(x, tf.fused.matMul({ a: g, b: p.w2, bias: p.b2 })), p.g2, p.be2);
      }
      return x;
    });
  return { lstm, decoder, encoder };
}
