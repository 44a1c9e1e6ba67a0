// Runs the benchmark builds in turn, round by round, and prints the median time per call of each
// and the median of the per-round ratios (ratios of runs made next to each other hold even when
// this shared machine's speed drifts). The forward workloads time one forward pass; the train_*
// workloads one training step (forward, backward, Adam) over a batch of 16. PyTorch (Debian's
// python3-torch, one thread) runs the train_seq2seq step written the natural PyTorch way
// (scripts/bench-torch-seq2seq.py) when it is installed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const rounds = Number(process.argv[2] ?? 7);
const builds = {
  native: ['build/native/attnlab_bench', []],
  'wasm-simd': [process.execPath, ['build/wasm/attnlab_bench.cjs']],
  'wasm-scalar': [process.execPath, ['build/wasm-scalar/attnlab_bench.cjs']],
};
const hasTorch = (() => {
  try {
    execFileSync('/usr/bin/python3', ['-c', 'import torch'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (hasTorch) builds.pytorch = ['/usr/bin/python3', ['scripts/bench-torch-seq2seq.py']];
for (const [name, [cmd, args]] of Object.entries(builds))
  if (!fs.existsSync(args[0] ?? cmd))
    throw new Error(`${name}: ${args[0] ?? cmd} is missing (scripts/bench builds it)`);

const times = {}; // workload -> build -> [us per round]
for (let r = 0; r < rounds; r++) {
  for (const [name, [cmd, args]] of Object.entries(builds)) {
    const out = execFileSync(cmd, args, { encoding: 'utf8' });
    for (const line of out.trim().split('\n')) {
      const { workload, us_per_forward } = JSON.parse(line);
      ((times[workload] ??= {})[name] ??= []).push(us_per_forward);
    }
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ratio = (a, b) => (a && b ? median(a.map((x, i) => x / b[i])).toFixed(2) : '–');
const us = (xs) => (xs ? median(xs).toFixed(1) : '–');

console.log(
  'workload             native us  wasm-simd us  wasm-scalar us  pytorch us   wasm/native  scalar/simd  native/pytorch',
);
for (const [w, t] of Object.entries(times)) {
  console.log(
    w.padEnd(18),
    us(t.native).padStart(11),
    us(t['wasm-simd']).padStart(13),
    us(t['wasm-scalar']).padStart(15),
    us(t.pytorch).padStart(11),
    ratio(t['wasm-simd'], t.native).padStart(13),
    ratio(t['wasm-scalar'], t['wasm-simd']).padStart(12),
    ratio(t.native, t.pytorch).padStart(15),
  );
}
console.log(
  'targets: forward wasm/native <= 2.00, scalar/simd >= 2.50; training (issue 14) wasm/native <= 1.50,',
  'scalar/simd >= 3, native/pytorch <= 1 (native built with -msse2 -mno-avx)',
);
if (!hasTorch)
  console.log('PyTorch not installed (sudo apt-get install python3-torch): no native/pytorch ratio');
