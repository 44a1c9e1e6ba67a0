// The three workloads as ONNX graphs, written with onnx-proto (protobufjs code generated from
// onnx.proto), with ONNX Runtime's fused operators where it has them: the LSTM operator; the RNN
// operator for the decoder's cell (no fused additive attention exists); com.microsoft Attention,
// SkipLayerNormalization and BiasGelu for the encoder.
import { T, LSTM, DEC, ENC, transpose } from './weights.mjs';

export function onnxGraphs(onnx, w) {
  const FLOAT = onnx.TensorProto.DataType.FLOAT;
  const INT64 = onnx.TensorProto.DataType.INT64;
  const init = (name, dims, data) => ({
    name,
    dims,
    dataType: FLOAT,
    rawData: new Uint8Array(data.buffer.slice(0)),
  });
  const shapeInit = (name, dims) => ({ name, dims: [dims.length], dataType: INT64, int64Data: dims });
  const io = (name, dims) => ({
    name,
    type: { tensorType: { elemType: FLOAT, shape: { dim: dims.map((d) => ({ dimValue: d })) } } },
  });
  const attr = (name, v) =>
    Number.isInteger(v)
      ? { name, type: 2, i: v }
      : typeof v === 'number'
        ? { name, type: 1, f: v }
        : { name, type: 3, s: new TextEncoder().encode(v) };
  const node = (opType, input, output, attrs = {}, domain = '') => ({
    opType,
    input,
    output,
    domain,
    attribute: Object.entries(attrs).map(([k, v]) => attr(k, v)),
  });
  const model = (nodes, initializer, inputs, outputs, contrib = false) =>
    onnx.ModelProto.encode({
      irVersion: 8,
      producerName: 'attnlab-bench',
      opsetImport: [
        { domain: '', version: 17 },
        ...(contrib ? [{ domain: 'com.microsoft', version: 1 }] : []),
      ],
      graph: { name: 'g', node: nodes, initializer, input: inputs, output: outputs },
    }).finish();

  // PyTorch's gate blocks i, f, g, o -> ONNX's i, o, f, c.
  const gates = (data, H, cols) => {
    const out = new Float32Array(data.length);
    [0, 3, 1, 2].forEach((src, dst) =>
      out.set(data.subarray(src * H * cols, (src + 1) * H * cols), dst * H * cols),
    );
    return out;
  };

  const { E, H } = LSTM;
  const lstm = model(
    [node('LSTM', ['x', 'W', 'R', 'B'], ['y'], { hidden_size: H })],
    [
      init('W', [1, 4 * H, E], gates(w.lstm['rnn.weight_ih_l0'].data, H, E)),
      init('R', [1, 4 * H, H], gates(w.lstm['rnn.weight_hh_l0'].data, H, H)),
      init(
        'B',
        [1, 8 * H],
        new Float32Array([
          ...gates(w.lstm['rnn.bias_ih_l0'].data, H, 1),
          ...gates(w.lstm['rnn.bias_hh_l0'].data, H, 1),
        ]),
      ),
    ],
    [io('x', [T, 1, E])],
    [io('y', [T, 1, 1, H])],
  );

  const { D, A, V } = DEC;
  const d = w.decoder;
  const decoder = model(
    [
      node('Concat', ['x', 'c_prev'], ['xin2'], { axis: 1 }),
      node('Reshape', ['xin2', 'shape_in'], ['xin']),
      node('Reshape', ['s_prev', 'shape_h'], ['h0']),
      node('RNN', ['xin', 'Wd', 'Rd', 'Bd', '', 'h0'], ['', 'yh'], { hidden_size: D }),
      node('Reshape', ['yh', 'shape_row'], ['s']),
      node('MatMul', ['s', 'WqT'], ['qp']),
      node('Add', ['kp', 'qp'], ['pre']),
      node('Tanh', ['pre'], ['e']),
      node('MatMul', ['e', 'vT'], ['sc']),
      node('Reshape', ['sc', 'shape_sc'], ['scores']),
      node('Softmax', ['scores'], ['alpha'], { axis: -1 }),
      node('MatMul', ['alpha', 'Hs'], ['c']),
      node('Concat', ['s', 'c'], ['z'], { axis: 1 }),
      node('Gemm', ['z', 'Wo', 'bo'], ['logits'], { transB: 1 }),
    ],
    [
      init('Wd', [1, D, E + D], d['decoder.weight_ih_l0'].data),
      init('Rd', [1, D, D], d['decoder.weight_hh_l0'].data),
      init(
        'Bd',
        [1, 2 * D],
        new Float32Array([...d['decoder.bias_ih_l0'].data, ...d['decoder.bias_hh_l0'].data]),
      ),
      init('WqT', [D, A], transpose(d['align.w_query.weight'].data, A, D)),
      init('vT', [A, 1], d['align.v.weight'].data),
      init('Wo', [V, 2 * D], d['out.weight'].data),
      init('bo', [V], d['out.bias'].data),
      shapeInit('shape_in', [1, 1, E + D]),
      shapeInit('shape_h', [1, 1, D]),
      shapeInit('shape_row', [1, D]),
      shapeInit('shape_sc', [1, T]),
    ],
    [io('x', [1, E]), io('s_prev', [1, D]), io('c_prev', [1, D]), io('kp', [T, A]), io('Hs', [T, D])],
    [io('s', [1, D]), io('alpha', [1, T]), io('c', [1, D]), io('logits', [1, V])],
  );

  const { d: dm, heads, layers, ff } = ENC;
  const nodes = [];
  const inits = [];
  let x = 'x';
  for (let l = 0; l < layers; ++l) {
    const p = `layers.${l}.`;
    const e = w.encoder;
    inits.push(
      init(`wqkv${l}`, [dm, 3 * dm], transpose(e[p + 'self_attn.in_proj_weight'].data, 3 * dm, dm)),
      init(`bqkv${l}`, [3 * dm], e[p + 'self_attn.in_proj_bias'].data),
      init(`woT${l}`, [dm, dm], transpose(e[p + 'self_attn.out_proj.weight'].data, dm, dm)),
      init(`bo${l}`, [dm], e[p + 'self_attn.out_proj.bias'].data),
      init(`w1T${l}`, [dm, ff], transpose(e[p + 'linear1.weight'].data, ff, dm)),
      init(`b1${l}`, [ff], e[p + 'linear1.bias'].data),
      init(`w2T${l}`, [ff, dm], transpose(e[p + 'linear2.weight'].data, dm, ff)),
      init(`b2${l}`, [dm], e[p + 'linear2.bias'].data),
      init(`g1${l}`, [dm], e[p + 'norm1.weight'].data),
      init(`be1${l}`, [dm], e[p + 'norm1.bias'].data),
      init(`g2${l}`, [dm], e[p + 'norm2.weight'].data),
      init(`be2${l}`, [dm], e[p + 'norm2.bias'].data),
    );
    const ms = 'com.microsoft';
    nodes.push(
      node('Attention', [x, `wqkv${l}`, `bqkv${l}`], [`att${l}`], { num_heads: heads }, ms),
      node('MatMul', [`att${l}`, `woT${l}`], [`ao${l}`]),
      // post-norm: x1 = LayerNorm(x + (att W_o^T + b_o))
      node(
        'SkipLayerNormalization',
        [`ao${l}`, x, `g1${l}`, `be1${l}`, `bo${l}`],
        [`x1_${l}`],
        { epsilon: 1e-5 },
        ms,
      ),
      node('MatMul', [`x1_${l}`, `w1T${l}`], [`f1_${l}`]),
      node('BiasGelu', [`f1_${l}`, `b1${l}`], [`g_${l}`], {}, ms),
      node('MatMul', [`g_${l}`, `w2T${l}`], [`f2_${l}`]),
      node(
        'SkipLayerNormalization',
        [`f2_${l}`, `x1_${l}`, `g2${l}`, `be2${l}`, `b2${l}`],
        [`out${l}`],
        { epsilon: 1e-5 },
        ms,
      ),
    );
    x = `out${l}`;
  }
  const encoder = model(nodes, inits, [io('x', [1, T, dm])], [io(x, [1, T, dm])], true);
  return { lstm, decoder, encoder, encoderOutput: x };
}
