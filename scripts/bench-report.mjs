// Runs the three benchmark builds in turn, round by round, and prints the median time per forward
// of each and the median of the per-round ratios (ratios of runs made next to each other hold
// even when this shared machine's speed drifts).
import { execFileSync } from 'node:child_process';

const rounds = Number(process.argv[2] ?? 7);
const builds = {
  native: ['build/native/attnlab_bench', []],
  'wasm-simd': [process.execPath, ['build/wasm/attnlab_bench.cjs']],
  'wasm-scalar': [process.execPath, ['build/wasm-scalar/attnlab_bench.cjs']],
};

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
const ratio = (a, b) => median(a.map((x, i) => x / b[i]));

console.log('workload        native us  wasm-simd us  wasm-scalar us   wasm/native  scalar/simd');
for (const [w, t] of Object.entries(times)) {
  console.log(
    w.padEnd(14),
    median(t.native).toFixed(1).padStart(10),
    median(t['wasm-simd']).toFixed(1).padStart(12),
    median(t['wasm-scalar']).toFixed(1).padStart(15),
    ratio(t['wasm-simd'], t.native).toFixed(2).padStart(13),
    ratio(t['wasm-scalar'], t['wasm-simd']).toFixed(2).padStart(12),
  );
}
console.log('targets: wasm/native <= 2.00 (native built with -msse2 -mno-avx), scalar/simd >= 2.50');
