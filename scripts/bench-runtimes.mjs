#!/usr/bin/env node
// This engine against the runtimes a user would pick instead (issue 17), side by side in one
// process: ONNX Runtime Web 1.30 (wasm, one thread, fused operators where they exist) and
// TensorFlow.js 4.22 (wasm backend, one thread), on the same three workloads with the same random
// weights:
//   lstm     LSTM forward, T=64, E=64, H=128: the engine's whole Session.forward (tokenizer,
//            embedding, the LSTM, an 8-word output layer and the trace a lesson draws)
//   lstmLayer  the same LSTM layer alone in the engine (x in, hidden states out: what ORT's LSTM
//            operator and TFJS's layer compute), the like-for-like comparison
//   decoder  one Seq2Seq decoder step with additive attention over T=64 encoder states
//            (the seq2seq-additive lesson's sizes: E=64, D=128, A=128, 765 target words)
//   encoder  a 2-layer, 2-head Transformer encoder, T=64 (models/tf-mlm's sizes: d=64, d_ff=256, GELU):
//            the engine's whole Session.forward (tokenizer, embedding and positions, the two layers,
//            an 8-word head and the trace)
//   encoderLayers  the same two layers alone in the engine (Session.benchEncode), as ORT's graph
// It prints the median time per call of each, the ratios, the largest difference between the
// runtimes' outputs (the proof that they compute the same thing), each runtime's bytes (raw and
// gzip -9), and the engine's GEMM / GEMV rate against the SIMD128 multiply-add peak measured here:
// the kernel alone (the target's figure) and inside a forward (with what the forward does around it).
//   node scripts/bench-runtimes.mjs [ROUNDS]
// The other runtimes are installed on first use into build/bench-runtimes (not package.json).
// The engine is the lessons' module built for Node, build/wasm/attnlab_node_lessons.* (scripts/build-wasm):
// the code a lesson runs (its per-model code compiled for size, CMakeLists.txt). ATTNLAB_NODE_WASM_DIR
// for another build; ATTNLAB_BENCH_MODULE=attnlab_node for the whole engine (all -O3, what the lab runs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as W from './bench-runtimes/weights.mjs';
import { onnxGraphs } from './bench-runtimes/onnx-graphs.mjs';
import { tfjsModels } from './bench-runtimes/tfjs-models.mjs';
import { kernelRates } from './bench-runtimes/kernels.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(ROOT, 'build/bench-runtimes');
const MODULES = path.join(CACHE, 'node_modules');
const PACKAGES = {
  'onnxruntime-web': '1.30',
  '@tensorflow/tfjs': '4.22',
  '@tensorflow/tfjs-backend-wasm': '4.22',
  'onnx-proto': '8.0',
  wabt: '1.0.39',
};
const ROUNDS = Number(process.argv[2] ?? 15);
const WARMUP = 4;

function ensurePackages() {
  const missing = Object.entries(PACKAGES).filter(([name, version]) => {
    const file = path.join(MODULES, name, 'package.json');
    return !fs.existsSync(file) || !JSON.parse(fs.readFileSync(file, 'utf8')).version.startsWith(version);
  });
  if (!missing.length) return;
  console.log(
    `== installing ${missing.map(([n, v]) => `${n}@${v}`).join(' ')} into ${path.relative(ROOT, CACHE)}`,
  );
  fs.mkdirSync(CACHE, { recursive: true });
  const specs = Object.entries(PACKAGES).map(([n, v]) => `${n}@${v}`);
  execFileSync('npm', ['install', '--prefix', CACHE, '--no-audit', '--no-fund', ...specs], {
    stdio: 'inherit',
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const now = () => performance.now() * 1e3; // µs

async function main() {
  ensurePackages();
  const req = createRequire(MODULES + '/');
  const { onnx } = req('onnx-proto');
  const ort = await import(path.join(MODULES, 'onnxruntime-web/dist/ort.wasm.bundle.min.mjs'));
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.simd = true;
  const tf = req('@tensorflow/tfjs');
  const tfwasm = req('@tensorflow/tfjs-backend-wasm');
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  tfwasm.setThreadsCount(1);
  await tf.setBackend('wasm');
  await tf.ready();

  const wasmDir = path.resolve(ROOT, process.env.ATTNLAB_NODE_WASM_DIR ?? 'build/wasm');
  const moduleName = process.env.ATTNLAB_BENCH_MODULE ?? 'attnlab_node_lessons';
  console.log(`engine: ${path.relative(ROOT, path.join(wasmDir, moduleName))}.{cjs,wasm}`);
  const engine = await req(path.join(wasmDir, `${moduleName}.cjs`))({
    wasmBinary: fs.readFileSync(path.join(wasmDir, `${moduleName}.wasm`)),
  });
  const load = (config, tensors) => {
    const s = new engine.Session();
    const r = tensors
      ? s.load(JSON.stringify(config), W.safetensors(tensors), '{}')
      : s.loadRandom(JSON.stringify(config), 1);
    if (!r.ok) throw new Error(`engine: ${r.error}`);
    return s;
  };
  const check = (r) => {
    if (!r.ok) throw new Error(`engine: ${r.error}`);
    return r;
  };
  const tensor = (r, name) => r.tensors.find((t) => t.name === name);
  const row = (t, i) => t.data.slice(i * t.cols, (i + 1) * t.cols);

  const w = { lstm: W.lstmWeights(), decoder: W.decoderWeights(), encoder: W.encoderWeights() };
  const graphs = onnxGraphs(onnx, w);
  const opts = { executionProviders: ['wasm'], graphOptimizationLevel: 'all' };
  const ortS = {};
  for (const k of ['lstm', 'decoder', 'encoder'])
    ortS[k] = await ort.InferenceSession.create(graphs[k], opts);
  const tfm = tfjsModels(tf, w);
  const eng = {
    lstm: load(W.engineConfigs.lstm, w.lstm),
    decoder: load(W.engineConfigs.decoder, w.decoder),
    encoder: load(W.engineConfigs.encoder, w.encoder),
  };

  // The inputs each runtime reads come from the engine's own trace, so that all three start from
  // the same numbers: the embedded words (LSTM), the state before a decoder step, the encoder's input.
  const text = Array.from({ length: W.T }, (_, i) => `word${i}`).join(' ');
  const { E, H } = W.LSTM;
  const lstmTrace = check(eng.lstm.forward(text));
  const x = tensor(lstmTrace, 'embeddings').data;
  const ortLstmIn = { x: new ort.Tensor('float32', x, [W.T, 1, E]) };
  const tfLstmIn = tf.tensor3d(x, [1, W.T, E]);
  // The engine's LSTM layer alone (LstmLayer, in attnlab_node_lessons only: cpp/wasm/bindings.cpp):
  // the same x in and hidden states out as ORT's LSTM operator and TFJS's layer. Session.forward
  // above also runs the tokenizer, the embedding, the output layer and builds the lesson's trace.
  const layer = engine.LstmLayer ? new engine.LstmLayer() : null;
  if (layer) {
    const p = (name) => w.lstm[`rnn.${name}_l0`].data;
    check(layer.load(E, H, p('weight_ih'), p('weight_hh'), p('bias_ih'), p('bias_hh')));
  }

  const { D, A } = W.DEC;
  const oneWord = 'w3';
  const manyWords = Array.from({ length: 17 }, (_, i) => `w${i + 3}`).join(' ');
  const decTrace = check(eng.decoder.forwardForced(text, 'w3 w4'));
  const Hs = tensor(decTrace, 'encoder_states');
  const Wk = w.decoder['align.w_key.weight'].data;
  const kp = new Float32Array(W.T * A); // W_K h_i, projected once per sentence in every runtime
  for (let i = 0; i < W.T; ++i)
    for (let a = 0; a < A; ++a) {
      let s = 0;
      for (let j = 0; j < D; ++j) s += Hs.data[i * D + j] * Wk[a * D + j];
      kp[i * A + a] = s;
    }
  // Decoder step 2: reads x'_2, s_1, c_1; writes s_2, c_2 and the logits of row 2.
  const [xIn, sPrev, cPrev] = [
    row(tensor(decTrace, 'decoder_inputs'), 1),
    row(tensor(decTrace, 'decoder_states'), 1),
    row(tensor(decTrace, 'contexts'), 1),
  ];
  const decWant = [
    row(tensor(decTrace, 'decoder_states'), 2),
    row(tensor(decTrace, 'contexts'), 2),
    row(tensor(decTrace, 'logits'), 1),
  ];
  const ortDecIn = {
    x: new ort.Tensor('float32', xIn, [1, W.DEC.E]),
    s_prev: new ort.Tensor('float32', sPrev, [1, D]),
    c_prev: new ort.Tensor('float32', cPrev, [1, D]),
    kp: new ort.Tensor('float32', kp, [W.T, A]),
    Hs: new ort.Tensor('float32', Hs.data, [W.T, D]),
  };
  const tfDecIn = [
    tf.tensor2d(xIn, [1, W.DEC.E]),
    tf.tensor2d(sPrev, [1, D]),
    tf.tensor2d(cPrev, [1, D]),
    tf.tensor2d(kp, [W.T, A]),
    tf.tensor2d(Hs.data, [W.T, D]),
  ];

  const dm = W.ENC.d;
  const encTrace = check(eng.encoder.forward(text));
  const encX = tensor(encTrace, 'layer0.input').data;
  const ortEncIn = { x: new ort.Tensor('float32', encX, [1, W.T, dm]) };
  const tfEncIn = tf.tensor2d(encX, [W.T, dm]);

  // One call of each runtime, as a user would make it: inputs in, outputs read back into JS.
  const base = {
    lstm: {
      engine: () => check(eng.lstm.forward(text)),
      ort: async () => (await ortS.lstm.run(ortLstmIn)).y.data,
      tfjs: () => {
        const y = tfm.lstm(tfLstmIn);
        const d = y.dataSync();
        y.dispose();
        return d;
      },
    },
    decoder: {
      ort: async () => {
        const o = await ortS.decoder.run(ortDecIn);
        return [o.s.data, o.c.data, o.logits.data];
      },
      tfjs: () => {
        const outs = tfm.decoder(...tfDecIn);
        const d = [outs[0], outs[2], outs[3]].map((t) => t.dataSync());
        outs.forEach((t) => t.dispose());
        return d;
      },
    },
    encoder: {
      engine: () => check(eng.encoder.forward(text)),
      ort: async () => (await ortS.encoder.run(ortEncIn))[graphs.encoderOutput].data,
      tfjs: () => {
        const y = tfm.encoder(tfEncIn);
        const d = y.dataSync();
        y.dispose();
        return d;
      },
    },
  };

  // The layers alone beside the whole forwards: the same ORT and TFJS calls, the engine's entry
  // of its own (present only in the benchmark's module).
  const alone = (k, engine) => ({ engine, ort: base[k].ort, tfjs: base[k].tfjs });
  const calls = {
    lstm: base.lstm,
    ...(layer && { lstmLayer: alone('lstm', () => check(layer.forward(x)).hidden) }),
    decoder: base.decoder,
    ...(eng.encoder.benchEncode && {
      encoderLayers: alone('encoder', () => check(eng.encoder.benchEncode(encX)).output),
    }),
    encoder: base.encoder,
  };

  // Same numbers: the largest difference of each runtime's outputs from the engine's.
  const diff = (want, got) => Math.max(...want.map((a, i) => W.maxDiff(a, got[i])));
  const diffs = {
    lstm: {
      ort: W.maxDiff(tensor(lstmTrace, 'hidden').data, await calls.lstm.ort()),
      tfjs: W.maxDiff(tensor(lstmTrace, 'hidden').data, calls.lstm.tfjs()),
    },
    decoder: { ort: diff(decWant, await calls.decoder.ort()), tfjs: diff(decWant, calls.decoder.tfjs()) },
    encoder: {
      ort: W.maxDiff(tensor(encTrace, 'layer1.output').data, await calls.encoder.ort()),
      tfjs: W.maxDiff(tensor(encTrace, 'layer1.output').data, calls.encoder.tfjs()),
    },
  };

  diffs.lstmLayer = diffs.lstm; // the same ORT and TFJS outputs
  diffs.encoderLayers = diffs.encoder;
  // The layer alone computes what the model's forward does, to the bit.
  if (layer && W.maxDiff(tensor(lstmTrace, 'hidden').data, calls.lstmLayer.engine()) !== 0)
    throw new Error('engine: the LSTM layer alone differs from the model forward');
  if (
    calls.encoderLayers &&
    W.maxDiff(tensor(encTrace, 'layer1.output').data, calls.encoderLayers.engine()) !== 0
  )
    throw new Error('engine: the encoder layers alone differ from the model forward');

  // Timing: rounds of batches, the runtimes in turn within each round; median of the rounds.
  // The engine's decoder step has no entry point of its own: it is the marginal cost of 16 more
  // teacher-forced steps ((forward with 17 target words) - (forward with 1)) / 16, over the same
  // precomputed key projection the others read.
  const perBatch = { lstm: 10, lstmLayer: 10, decoder: 40, encoderLayers: 10, encoder: 10 };
  const batch = async (fn, n) => {
    const t0 = now();
    for (let i = 0; i < n; ++i) await fn();
    return (now() - t0) / n;
  };
  const batchSync = (fn, n) => {
    const t0 = now();
    for (let i = 0; i < n; ++i) fn();
    return (now() - t0) / n;
  };
  // The lesson decodes greedily: each step's logits alone (a GEMV, for its argmax), then all steps'
  // again in one product. The same marginal over 2 and 18 steps, <eos> kept from winning by its bias.
  const noEos = structuredClone(w.decoder);
  noEos['out.bias'].data[1] = -1e4; // target word 1 is <eos>
  const greedy = [2, 18].map((n) => load({ ...W.engineConfigs.decoder, max_output_len: n }, noEos));
  if (check(greedy[1].forward(text)).output_tokens.length !== 18)
    throw new Error('greedy decoding stopped early');
  const decoderRuns = { many: [], one: [], greedyMany: [], greedyOne: [] };
  const engineDecoderStep = (n, keep) => {
    const many = batchSync(() => check(eng.decoder.forwardForced(text, manyWords)), n);
    const one = batchSync(() => check(eng.decoder.forwardForced(text, oneWord)), n);
    const greedyMany = batchSync(() => check(greedy[1].forward(text)), n);
    const greedyOne = batchSync(() => check(greedy[0].forward(text)), n);
    if (keep)
      Object.entries({ many, one, greedyMany, greedyOne }).forEach(([k, t]) => decoderRuns[k].push(t));
    return (many - one) / 16;
  };
  const times = {};
  for (const k of Object.keys(calls)) times[k] = { engine: [], ort: [], tfjs: [] };
  console.log(
    `== ${ROUNDS} rounds after ${WARMUP} untimed (Node ${process.version}, TFJS backend ${tf.getBackend()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  for (let r = 0; r < WARMUP + ROUNDS; ++r) {
    for (const [k, c] of Object.entries(calls)) {
      const n = perBatch[k];
      const t = {
        engine: k === 'decoder' ? engineDecoderStep(n / 4, r >= WARMUP) : batchSync(c.engine, n),
        ort: await batch(c.ort, n),
        tfjs: batchSync(c.tfjs, n),
      };
      if (r >= WARMUP) for (const rt of Object.keys(t)) times[k][rt].push(t[rt]);
    }
  }

  // The engine's product kernel against the SIMD128 peak: alone, and inside a forward.
  const { gemm, gemv, gemvRecurrent, gemmInForward, gemvInForward, peak } = await kernelRates({
    engine,
    load,
    check,
    batchSync,
    text,
    H,
    wabt: req('wabt'),
    warmup: WARMUP,
    rounds: ROUNDS,
  });

  // Bytes a browser downloads for each runtime (its JavaScript and WebAssembly), raw and gzip -9.
  const gen = path.join(ROOT, 'web/src/engine/generated');
  const inferOnly = fs.existsSync(path.join(gen, 'attnlab-infer.wasm'));
  const files = {
    engine: inferOnly
      ? ['attnlab-infer.js', 'attnlab-infer.wasm'].map((f) => path.join(gen, f))
      : ['attnlab.js', 'attnlab.wasm'].map((f) => path.join(gen, f)),
    ort: [
      'onnxruntime-web/dist/ort.wasm.bundle.min.mjs',
      'onnxruntime-web/dist/ort-wasm-simd-threaded.wasm',
    ].map((f) => path.join(MODULES, f)),
    tfjs: [
      '@tensorflow/tfjs/dist/tf.min.js',
      '@tensorflow/tfjs-backend-wasm/dist/tf-backend-wasm.min.js',
      '@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm-simd.wasm',
    ].map((f) => path.join(MODULES, f)),
  };
  const bytes = {};
  for (const [rt, fs_] of Object.entries(files)) {
    const data = fs_.map((f) => fs.readFileSync(f));
    bytes[rt] = {
      raw: data.reduce((s, d) => s + d.length, 0),
      gzip: data.reduce((s, d) => s + zlib.gzipSync(d, { level: 9 }).length, 0),
      files: fs_.map((f) => path.relative(fs_[0].startsWith(MODULES) ? MODULES : ROOT, f)),
    };
  }

  const f1 = (v) => v.toFixed(1);
  const f2 = (v) => v.toFixed(2);
  const names = {
    lstm: 'LSTM forward, the whole Session.forward (T=64, E=64, H=128)',
    lstmLayer: "LSTM layer alone, ORT's operator's work (T=64, E=64, H=128)",
    decoder: 'Seq2Seq decoder step, additive (T=64)',
    encoderLayers: "encoder layers alone, ORT's graph's work (2 x 2 heads, T=64)",
    encoder: 'encoder, 2 layers x 2 heads (T=64)',
  };
  console.log(
    `\nper call: median (minimum) of ${ROUNDS} rounds; ratios: median of the rounds' ratios (ratio of minimums)`,
  );
  console.log(
    '| workload | engine µs | ORT-web µs | TFJS µs | engine / ORT | engine / TFJS | max diff ORT, TFJS |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const targets = [];
  for (const k of Object.keys(calls)) {
    const m = Object.fromEntries(Object.entries(times[k]).map(([rt, t]) => [rt, median(t)]));
    const lo = Object.fromEntries(Object.entries(times[k]).map(([rt, t]) => [rt, Math.min(...t)]));
    if (k === 'decoder') {
      // the marginal step from the medians and from the minimums of the two lengths' batches
      m.engine = (median(decoderRuns.many) - median(decoderRuns.one)) / 16;
      lo.engine = (Math.min(...decoderRuns.many) - Math.min(...decoderRuns.one)) / 16;
    }
    const cell = (rt) => `${f1(m[rt])} (${f1(lo[rt])})`;
    // The ratios: median of the per-round ratios (each round runs the three side by side).
    const ratio = (rt) => median(times[k].engine.map((e, i) => e / times[k][rt][i]));
    const [ro, rtf] = [ratio('ort'), ratio('tfjs')];
    targets.push([k, ro, rtf]);
    console.log(
      `| ${names[k]} | ${cell('engine')} | ${cell('ort')} | ${cell('tfjs')} | ${f2(ro)} (${f2(lo.engine / lo.ort)}) | ${f2(rtf)} (${f2(lo.engine / lo.tfjs)}) | ${diffs[k].ort.toExponential(1)}, ${diffs[k].tfjs.toExponential(1)} |`,
    );
  }
  const ortDec = median(times.decoder.ort);
  const greedyStep = (median(decoderRuns.greedyMany) - median(decoderRuns.greedyOne)) / 16;
  const greedyLo = (Math.min(...decoderRuns.greedyMany) - Math.min(...decoderRuns.greedyOne)) / 16;
  console.log(
    `engine decoder step as the lesson runs it (greedy: each step's logits alone, then all again): ` +
      `${f1(greedyStep)} (${f1(greedyLo)}) µs, ${f2(greedyStep / ortDec)} (${f2(greedyLo / Math.min(...times.decoder.ort))}) of ORT's`,
  );
  const kb = (b) => (b / 1024).toFixed(0);
  console.log('\n| runtime | files | KB | gzip -9 KB |\n|---|---|---|---|');
  for (const [rt, b] of Object.entries(bytes))
    console.log(`| ${rt} | ${b.files.join(', ')} | ${kb(b.raw)} | ${kb(b.gzip)} |`);
  const byteRatio = bytes.engine.raw / bytes.ort.raw;
  const gzRatio = bytes.engine.gzip / bytes.ort.gzip;
  console.log(`engine / ORT bytes: ${f2(byteRatio)} raw, ${f2(gzRatio)} gzip (target < 0.10)`);

  console.log(
    '\n| kernel | GFLOP/s median (best) | SIMD128 mul+add peak GFLOP/s median (best) | of the peak: median of the rounds (best to best) |\n|---|---|---|---|',
  );
  for (const [name, k] of [
    ['GEMM 64 x 128 x 1,024 (matmul_nt alone)', gemm],
    ['GEMV 1 x 128 x 1,024 (matmul_nt alone: an output layer)', gemv],
    ['GEMV 1 x 128 x 512 (matmul_nt alone: the LSTM step W_hh h)', gemvRecurrent],
    ['GEMM 64 x 128 x 1,024 inside a forward (its 1,024 extra logits)', gemmInForward],
    ['GEMV 1 x 128 x 1,024 inside a forward (its 1,024 extra logits)', gemvInForward],
  ])
    console.log(
      `| ${name} | ${f2(k.median)} (${f2(k.max)}) | ${f2(peak.median)} (${f2(peak.max)}) | ${k.ratio === undefined ? '-' : f2(k.ratio)} (${f2(k.max / peak.max)}) |`,
    );

  console.log('\ntargets:');
  for (const [k, ro, rtf] of targets)
    console.log(
      `  ${k}: engine/ORT ${f2(ro)} (<= 1.0: ${ro <= 1 ? 'met' : 'missed'}), engine/TFJS ${f2(rtf)} (<= 0.1: ${rtf <= 0.1 ? 'met' : 'missed'})`,
    );
  console.log(`  bytes: ${f2(byteRatio)} of ORT's (< 0.10: ${byteRatio < 0.1 ? 'met' : 'missed'})`);
  console.log(
    `  peak (kernels alone, median of the rounds' ratios): GEMM ${f2(gemm.ratio)}, GEMV ${f2(gemv.ratio)} and ${f2(gemvRecurrent.ratio)} (>= 0.6: ${[gemm, gemv, gemvRecurrent].every((k) => k.ratio >= 0.6) ? 'met' : 'missed'})`,
  );
  console.log(
    `  same numbers: every max diff <= 1e-4: ${Object.values(diffs).every((d) => d.ort <= 1e-4 && d.tfjs <= 1e-4) ? 'yes' : 'NO'}`,
  );
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

await main();
