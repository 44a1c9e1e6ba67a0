#!/usr/bin/env node
// The lessons' module against the whole engine, side by side in one process (issue 17): the
// lessons' module (attnlab-infer.wasm, built for Node as build/wasm/attnlab_node_lessons) compiles
// its once-per-model code for size (CMakeLists.txt, ATTNLAB_COLD_OPTIMIZE; core/cold.h); this
// prints what that costs a keystroke: the time of one forward pass of each lesson's default model
// (what the worker runs per keystroke, the trace's copy to JavaScript included) in both modules,
// rounds alternating which runs first, and the median of the per-round ratios (lessons / whole).
// Also the two modules' sizes.
//   scripts/build-wasm && node scripts/bench-lessons-module.mjs [ROUNDS]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WASM_DIR = path.resolve(ROOT, process.env.ATTNLAB_NODE_WASM_DIR ?? 'build/wasm');
const ROUNDS = Number(process.argv[2] ?? 31);
const PER_ROUND = 10;
const NAMES = ['attnlab_node', 'attnlab_node_lessons'];
const CASES = [
  ['seq2seq-additive', 'the old man saw a small dog near the house .'],
  ['seq2seq-zh-en-additive', '我 昨天 在 家 读 的 书 很 好 。'],
  ['lm-rnn-selfattn', 'the fbi is chasing a criminal on the run .'],
  ['lm-lstmn', 'the fbi is chasing a criminal on the run .'],
  ['tf-mlm', 'the fbi is chasing a criminal on the run and she saw him .'],
];

const require = createRequire(import.meta.url);
const modules = {};
for (const name of NAMES) {
  const wasm = path.join(WASM_DIR, `${name}.wasm`);
  if (!fs.existsSync(wasm))
    throw new Error(`${path.relative(ROOT, wasm)} is missing: run scripts/build-wasm`);
  modules[name] = await require(path.join(WASM_DIR, `${name}.cjs`))({ wasmBinary: fs.readFileSync(wasm) });
  const bytes = fs.readFileSync(wasm);
  console.log(`${name}.wasm: ${bytes.length} bytes, ${zlib.gzipSync(bytes, { level: 9 }).length} gzip -9`);
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];

console.log(`\nforward pass per keystroke, ${ROUNDS} rounds of ${PER_ROUND}, µs (median)`);
console.log(
  '| model | whole engine | lessons module | lessons / whole (median of rounds) |\n|---|---|---|---|',
);
for (const [model, text] of CASES) {
  const dir = path.join(ROOT, 'models', model);
  const sessions = {};
  for (const name of NAMES) {
    const s = new modules[name].Session();
    const r = s.load(
      fs.readFileSync(path.join(dir, 'config.json'), 'utf8'),
      new Uint8Array(fs.readFileSync(path.join(dir, 'model.safetensors'))),
      fs.readFileSync(path.join(dir, 'card.json'), 'utf8'),
    );
    if (!r.ok) throw new Error(`${name} ${model}: ${r.error}`);
    for (let i = 0; i < 50; i++) s.forward(text); // warm-up: V8's optimizing tier
    sessions[name] = s;
  }
  const times = { attnlab_node: [], attnlab_node_lessons: [] };
  const ratios = [];
  for (let r = 0; r < ROUNDS; r++) {
    const got = {};
    for (const name of r % 2 ? NAMES : [...NAMES].reverse()) {
      const t0 = performance.now();
      for (let i = 0; i < PER_ROUND; i++) sessions[name].forward(text);
      got[name] = ((performance.now() - t0) / PER_ROUND) * 1000;
      times[name].push(got[name]);
    }
    ratios.push(got.attnlab_node_lessons / got.attnlab_node);
  }
  for (const s of Object.values(sessions)) s.delete();
  const us = (a) => median(a).toFixed(0);
  console.log(
    `| ${model} | ${us(times.attnlab_node)} | ${us(times.attnlab_node_lessons)} | ${median(ratios).toFixed(3)} |`,
  );
}
