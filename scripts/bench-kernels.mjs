#!/usr/bin/env node
// The engine's product kernel (matmul_nt: GEMM and GEMV) against the SIMD128 multiply-add peak, in
// several fresh Node processes one after another (issue 17's peak ratio). scripts/bench-runtimes.mjs
// measures the same ratios in its one process; this shows how much they depend on the process: on
// this machine kind (a 2-core AMD EPYC VM) the same machine code, at the same addresses modulo
// 4096 and with the same data offsets in the WebAssembly memory, ran the GEMV at two speeds in
// different processes (docs/performance.md, "The GEMV's two speeds").
//   node scripts/bench-kernels.mjs [PROCESSES] [ROUNDS]
// Needs build/wasm/attnlab_node_lessons.* (scripts/build-wasm) and the benchmark's wabt
// (build/bench-runtimes, installed by scripts/bench-runtimes.mjs on first use).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simdPeakRunner } from './bench-runtimes/peak.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = path.join(ROOT, 'build/bench-runtimes/node_modules/');
const WASM_DIR = path.join(ROOT, 'build/wasm');
/** y = x W^T shapes (n, i, o) and repetitions per timed call: as in bench-runtimes/kernels.mjs. */
const KERNELS = [
  { name: 'GEMM 64 x 128 x 1,024', shape: [64, 128, 1024], reps: 30 },
  { name: 'GEMV 1 x 128 x 1,024 (an output layer)', shape: [1, 128, 1024], reps: 2000 },
  { name: 'GEMV 1 x 128 x 512 (the LSTM step)', shape: [1, 128, 512], reps: 4000 },
];
const WARMUP = 4;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** One process: each kernel's median ratio to the peak measured beside it, and the peak's rate. */
async function child(rounds) {
  const req = createRequire(MODULES);
  const engine = await req(path.join(WASM_DIR, 'attnlab_node_lessons.cjs'))({
    wasmBinary: fs.readFileSync(path.join(WASM_DIR, 'attnlab_node_lessons.wasm')),
  });
  if (!engine.benchMatmulNt) throw new Error('this engine build has no benchMatmulNt');
  const peakOnce = await simdPeakRunner(() => req('wabt')());
  const ratios = KERNELS.map(() => []);
  const peaks = [];
  for (let r = 0; r < WARMUP + rounds; ++r) {
    const peak = peakOnce();
    KERNELS.forEach(({ shape: [n, i, o], reps }, k) => {
      const t0 = performance.now();
      if (!Number.isFinite(engine.benchMatmulNt(n, i, o, reps))) throw new Error('benchMatmulNt refused');
      const rate = (2 * n * i * o * reps) / ((performance.now() - t0) * 1e6); // GFLOP/s
      if (r >= WARMUP) ratios[k].push(rate / peak);
    });
    if (r >= WARMUP) peaks.push(peak);
  }
  process.stdout.write(JSON.stringify({ ratios: ratios.map(median), peak: median(peaks) }));
}

function main() {
  const processes = Number(process.argv[2] ?? 10);
  const rounds = Number(process.argv[3] ?? 20);
  if (!fs.existsSync(path.join(MODULES, 'wabt')))
    throw new Error('no wabt in build/bench-runtimes: run node scripts/bench-runtimes.mjs once');
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `== ${processes} processes x ${rounds} rounds (Node ${process.version}, load average ${load()})`,
  );
  const runs = [];
  for (let p = 0; p < processes; ++p) {
    const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', String(rounds)]);
    runs.push(JSON.parse(out.toString()));
  }
  console.log(`\n| process | peak GFLOP/s | ${KERNELS.map((k) => k.name).join(' | ')} |`);
  console.log(`|---|---|${KERNELS.map(() => '---|').join('')}`);
  runs.forEach((r, p) =>
    console.log(`| ${p + 1} | ${r.peak.toFixed(1)} | ${r.ratios.map((x) => x.toFixed(2)).join(' | ')} |`),
  );
  console.log(
    '\neach kernel over the processes (its median ratio in each): median, lowest, highest, processes at 0.6 or more',
  );
  KERNELS.forEach((k, i) => {
    const xs = runs.map((r) => r.ratios[i]);
    const reached = xs.filter((x) => x >= 0.6).length;
    console.log(
      `  ${k.name}: ${median(xs).toFixed(2)}, ${Math.min(...xs).toFixed(2)}, ${Math.max(...xs).toFixed(2)}, ${reached} of ${xs.length}`,
    );
  });
  console.log(`load average at the end: ${load()}`);
}

if (process.argv[2] === '--child') await child(Number(process.argv[3]));
else main();
