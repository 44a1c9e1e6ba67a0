// The three workloads' sizes and random weights, shared by every runtime, and the engine's model
// folder for them (config + safetensors) so the engine runs the very same numbers.
export const T = 64;
export const LSTM = { E: 64, H: 128, V: 8 };
export const DEC = { E: 64, D: 128, A: 128, V: 765, SRC_V: 8 }; // the seq2seq-additive lesson's sizes
export const ENC = { d: 64, heads: 2, layers: 2, ff: 256, V: 8 }; // models/tf-mlm's sizes

// mulberry32: a small seeded generator, so every run and every runtime sees the same weights.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tensorSet(seed, spec) {
  const next = rng(seed);
  const out = {};
  for (const [name, shape, scale, center = 0] of spec) {
    const n = shape.reduce((a, b) => a * b, 1);
    const data = new Float32Array(n);
    for (let i = 0; i < n; ++i) data[i] = center + scale * (2 * next() - 1);
    out[name] = { shape, data };
  }
  return out;
}

const k = (fanIn) => 1 / Math.sqrt(fanIn); // nn.Linear's U(-1/sqrt(in), 1/sqrt(in))

export function lstmWeights() {
  const { E, H, V } = LSTM;
  return tensorSet(17, [
    ['embedding.weight', [V, E], 1],
    ['rnn.weight_ih_l0', [4 * H, E], k(H)],
    ['rnn.weight_hh_l0', [4 * H, H], k(H)],
    ['rnn.bias_ih_l0', [4 * H], k(H)],
    ['rnn.bias_hh_l0', [4 * H], k(H)],
    ['head.weight', [V, H], k(H)],
    ['head.bias', [V], k(H)],
  ]);
}

export function decoderWeights() {
  const { E, D, A, V, SRC_V } = DEC;
  return tensorSet(18, [
    ['src_embedding.weight', [SRC_V, E], 1],
    ['encoder.weight_ih_l0', [D, E], k(D)],
    ['encoder.weight_hh_l0', [D, D], k(D)],
    ['encoder.bias_ih_l0', [D], k(D)],
    ['encoder.bias_hh_l0', [D], k(D)],
    ['tgt_embedding.weight', [V, E], 1],
    ['decoder.weight_ih_l0', [D, E + D], k(D)],
    ['decoder.weight_hh_l0', [D, D], k(D)],
    ['decoder.bias_ih_l0', [D], k(D)],
    ['decoder.bias_hh_l0', [D], k(D)],
    ['align.w_key.weight', [A, D], k(D)],
    ['align.w_query.weight', [A, D], k(D)],
    ['align.v.weight', [1, A], k(A)],
    ['out.weight', [V, 2 * D], k(2 * D)],
    ['out.bias', [V], k(2 * D)],
  ]);
}

export function encoderWeights() {
  const { d, ff, layers, V } = ENC;
  const spec = [['embedding.weight', [V, d], 1]];
  for (let l = 0; l < layers; ++l) {
    const p = `layers.${l}.`;
    spec.push(
      [p + 'self_attn.in_proj_weight', [3 * d, d], k(d)],
      [p + 'self_attn.in_proj_bias', [3 * d], k(d)],
      [p + 'self_attn.out_proj.weight', [d, d], k(d)],
      [p + 'self_attn.out_proj.bias', [d], k(d)],
      [p + 'linear1.weight', [ff, d], k(d)],
      [p + 'linear1.bias', [ff], k(d)],
      [p + 'linear2.weight', [d, ff], k(ff)],
      [p + 'linear2.bias', [d], k(ff)],
      [p + 'norm1.weight', [d], 0.2, 1],
      [p + 'norm1.bias', [d], 0.2],
      [p + 'norm2.weight', [d], 0.2, 1],
      [p + 'norm2.bias', [d], 0.2],
    );
  }
  spec.push(['head.weight', [V, d], k(d)], ['head.bias', [V], k(d)]);
  return tensorSet(19, spec);
}

const hashWords = { kind: 'hash_words' };
export const engineConfigs = {
  lstm: {
    architecture: 'rnn_lm',
    cell: 'lstm',
    embed_dim: LSTM.E,
    hidden_size: LSTM.H,
    vocab_size: LSTM.V,
    tokenizer: hashWords,
  },
  decoder: {
    architecture: 'seq2seq',
    embed_dim: DEC.E,
    hidden_size: DEC.D,
    attn_dim: DEC.A,
    attention: 'additive',
    vocab_size: DEC.SRC_V,
    target_vocab_size: DEC.V,
    max_output_len: 80,
    tokenizer: hashWords,
  },
  encoder: {
    architecture: 'transformer',
    vocab_size: ENC.V,
    d_model: ENC.d,
    n_head: ENC.heads,
    n_layer: ENC.layers,
    d_ff: ENC.ff,
    activation: 'gelu',
    objective: 'mlm',
    positional: 'sinusoidal',
    max_len: 128,
    tokenizer: hashWords,
  },
};

/** safetensors bytes (F32) of a tensor set: 8-byte header length, JSON header, data. */
export function safetensors(tensors) {
  const header = {};
  let offset = 0;
  for (const [name, t] of Object.entries(tensors)) {
    header[name] = { dtype: 'F32', shape: t.shape, data_offsets: [offset, offset + t.data.byteLength] };
    offset += t.data.byteLength;
  }
  let json = JSON.stringify(header);
  while ((8 + json.length) % 8) json += ' ';
  const out = new Uint8Array(8 + json.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(json.length), true);
  out.set(new TextEncoder().encode(json), 8);
  let at = 8 + json.length;
  for (const t of Object.values(tensors)) {
    out.set(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength), at);
    at += t.data.byteLength;
  }
  return out;
}

/** (rows, cols) row-major -> (cols, rows). */
export function transpose(data, rows, cols) {
  const out = new Float32Array(rows * cols);
  for (let r = 0; r < rows; ++r) for (let c = 0; c < cols; ++c) out[c * rows + r] = data[r * cols + c];
  return out;
}

export function maxDiff(a, b) {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; ++i) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}
