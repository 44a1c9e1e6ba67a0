// The machine's SIMD128 multiply-add peak, measured: a WebAssembly loop of f32x4.mul + f32x4.add
// (WebAssembly SIMD has no fused multiply-add) into 12 independent accumulators, enough to cover
// the add's latency on two vector ports, assembled from text with wabt.
function wat(N_ACC) {
  const accs = Array.from({ length: N_ACC }, (_, i) => `(local $a${i} v128)`).join(' ');
  const init = Array.from(
    { length: N_ACC },
    (_, i) => `(local.set $a${i} (f32x4.splat (f32.const ${1 + i * 0.001})))`,
  ).join('\n');
  const body = Array.from(
    { length: N_ACC },
    (_, i) =>
      `(local.set $a${i} (f32x4.add (local.get $a${i}) (f32x4.mul (local.get $x${i % 2}) (local.get $y))))`,
  ).join('\n');
  let sum = '(local.get $a0)';
  for (let i = 1; i < N_ACC; ++i) sum = `(f32x4.add ${sum} (local.get $a${i}))`;
  return `(module
  (func (export "run") (param $n i32) (result f32)
    (local $x0 v128) (local $x1 v128) (local $y v128) ${accs}
    (local.set $x0 (f32x4.splat (f32.const 0.999)))
    (local.set $x1 (f32x4.splat (f32.const 1.001)))
    (local.set $y (f32x4.splat (f32.const 1e-7)))
    ${init}
    (loop $l
      ${body}
      (local.set $n (i32.sub (local.get $n) (i32.const 1)))
      (br_if $l (local.get $n)))
    (f32x4.extract_lane 0 ${sum})))`;
}

/** A function that runs the peak loop once and returns its GFLOP/s (4 lanes x (mul + add) per
 * accumulator and iteration). 12 accumulators give the peak; fewer show what a kernel with that many
 * chains can reach. A benchmark calls it between its kernel's rounds, so that each ratio is of two
 * rates measured a moment apart (a shared machine's speed drifts between processes and minutes). */
export async function simdPeakRunner(wabtFactory, N_ACC = 12, iters = 2_000_000) {
  const wabt = await wabtFactory();
  const mod = wabt.parseWat('peak.wat', wat(N_ACC), { simd: true });
  const { buffer } = mod.toBinary({});
  const { instance } = await WebAssembly.instantiate(buffer);
  const run = instance.exports.run;
  for (let i = 0; i < 5; ++i) run(iters); // past V8's baseline compiler
  return () => {
    const t0 = performance.now();
    run(iters);
    return (iters * N_ACC * 8) / ((performance.now() - t0) / 1e3) / 1e9;
  };
}
