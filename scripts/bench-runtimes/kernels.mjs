// The engine's product kernel y = x W^T (matmul_nt) against the SIMD128 multiply-add peak, for
// scripts/bench-runtimes.mjs: the kernel alone (engine.benchMatmulNt, each round beside the peak
// loop) and inside a forward (the difference of two LSTM language models' forwards).
import * as W from './weights.mjs';
import { simdPeakRunner } from './peak.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const now = () => performance.now() * 1e3; // µs

/**
 * GFLOP/s (median, best; `ratio`: the median of the rounds' ratios to the peak, for the kernels
 * alone) of GEMM 64 x H x 1,024 and GEMV 1 x H x 1,024 and 1 x H x 4H alone, of GEMM and GEMV inside
 * a forward, and the peak's own rate. `load`, `check` and `batchSync` are the benchmark's.
 */
export async function kernelRates({ engine, load, check, batchSync, text, H, wabt, warmup, rounds }) {
  // The engine's kernels: the output layer y = x W^T of an LSTM language model (matmul_nt) with
  // 8 and 1,032 words; the difference is 2 * rows * H * 1,024 flops of GEMM (64 rows) or GEMV (1 row).
  const lm = (V) => load({ ...W.engineConfigs.lstm, vocab_size: V });
  const [small, big] = [lm(8), lm(1032)];
  const oneToken = 'word0';
  // Each size is timed on its own and the difference taken of the medians, and of the minimums (the
  // batches least disturbed by other processes; a difference of two noisy batches is not a rate).
  const kernelRate = (input, rows, n) => {
    const [tBig, tSmall] = [[], []];
    for (let r = 0; r < warmup + 2 * rounds; ++r) {
      const b = batchSync(() => check(big.forward(input)), n);
      const s = batchSync(() => check(small.forward(input)), n);
      if (r >= warmup) (tBig.push(b), tSmall.push(s));
    }
    const flop = 2 * rows * H * 1024;
    return {
      median: flop / (median(tBig) - median(tSmall)) / 1e3, // GFLOP/s
      max: flop / (Math.min(...tBig) - Math.min(...tSmall)) / 1e3,
    };
  };
  const gemmInForward = kernelRate(text, W.T, 10);
  const gemvInForward = kernelRate(oneToken, 1, 200);
  // The kernels alone (engine.benchMatmulNt, attnlab_node_lessons only): y = x W^T `reps` times in
  // one call, on fixed x and W, so neither Embind nor the model around the product is timed. The
  // rates above also count what the forward does with the 1,024 extra logits (the log-softmax's
  // exp, the argmax, the trace's copy), which is why they are lower. Each round times the peak loop
  // and then each kernel, and its ratios divide rates measured a moment apart: on a shared machine
  // the same kernel's rate moved by a third between processes a minute apart (21-33 GFLOP/s).
  const peakOnce = await simdPeakRunner(wabt);
  const kernels = {
    gemm: { shape: [W.T, H, 1024], reps: 30 },
    gemv: { shape: [1, H, 1024], reps: 2000 },
    gemvRecurrent: { shape: [1, H, 4 * H], reps: 4000 },
  };
  const peakRates = [];
  for (const k of Object.values(kernels)) ((k.rates = []), (k.ratios = []));
  for (let r = 0; r < warmup + 2 * rounds; ++r) {
    const p = peakOnce();
    for (const k of Object.values(kernels)) {
      const [n, i, o] = k.shape;
      const t0 = now();
      if (!Number.isFinite(engine.benchMatmulNt(n, i, o, k.reps))) throw new Error('benchMatmulNt refused');
      const rate = (2 * n * i * o * k.reps) / (now() - t0) / 1e3; // GFLOP/s
      if (r >= warmup) (k.rates.push(rate), k.ratios.push(rate / p));
    }
    if (r >= warmup) peakRates.push(p);
  }
  const peak = { median: median(peakRates), max: Math.max(...peakRates) };
  const rateOf = (k) => ({
    median: median(k.rates),
    max: Math.max(...k.rates),
    ratio: median(k.ratios), // of the rounds' ratios to the peak beside them
  });
  const [gemm, gemv, gemvRecurrent] = [kernels.gemm, kernels.gemv, kernels.gemvRecurrent].map(rateOf);
  return { gemm, gemv, gemvRecurrent, gemmInForward, gemvInForward, peak };
}
