// Time to alignment: trains each of the training lab's tasks with the lab's default recipe in the
// WebAssembly engine (the Node build: the same module and the same V8 as Chromium's worker) and
// reports, per task and attention variant, when the held-out exact match first reaches 95% with an
// alignment error of at most 0.10, or what it stalls at within the budget. Not a test: it prints.
//   node scripts/bench-lab.mjs [SECONDS_PER_RUN]      default 60
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const budget = Number(process.argv[2] ?? 60);
const require = createRequire(import.meta.url);
const factory = require(path.join(root, 'build/wasm/attnlab_node.cjs'));
const module = await factory({
  wasmBinary: fs.readFileSync(path.join(root, 'build/wasm/attnlab_node.wasm')),
});

/** The lab's default recipe (the page's settings start here). */
const recipe = (kind, attention) => ({
  model: { architecture: 'seq2seq', embed_dim: 16, hidden_size: 64, attention, max_output_len: 30 },
  task: { kind, min_len: 5, max_len: 12, symbols: 10, shift: 2, n_eval: 100 },
  steps: 1_000_000,
  batch_size: 16,
  lr: 0.01,
  seed: 1,
});

const runs = [
  ['reverse', 'additive'],
  ['reverse', 'dot'],
  ['reverse', 'none'],
  ['shift', 'additive'],
  ['sort', 'additive'],
  ['date', 'additive'],
];
const EVERY = 100; // steps between two evaluations on the 100 held-out pairs

console.log(
  `budget ${budget} s per run; evaluation every ${EVERY} steps on 100 held-out pairs (Node ${process.version})`,
);
console.log('task     attention  reached  seconds  steps  exact  align.err   (best exact within the budget)');
for (const [kind, attention] of runs) {
  const lab = new module.Lab();
  const created = lab.create(JSON.stringify(recipe(kind, attention)));
  if (!created.ok) throw new Error(`${kind}/${attention}: ${created.error}`);
  const start = performance.now();
  let reached = null;
  let best = { exact: 0, error: null, steps: 0 };
  let trainMs = 0;
  while (trainMs / 1000 < budget) {
    const t0 = performance.now();
    lab.step(EVERY);
    trainMs += performance.now() - t0; // evaluation time is not counted: the page evaluates on the side
    const m = JSON.parse(lab.evaluate(100).metrics);
    if (m.exact_match > best.exact) best = { exact: m.exact_match, error: m.alignment_error, steps: m.steps };
    if (m.exact_match >= 0.95 && (m.alignment_error ?? 1) <= 0.1) {
      reached = { seconds: trainMs / 1000, steps: m.steps, exact: m.exact_match, error: m.alignment_error };
      break;
    }
  }
  lab.delete();
  const r = reached ?? { seconds: trainMs / 1000, steps: best.steps, exact: best.exact, error: best.error };
  console.log(
    kind.padEnd(8),
    attention.padEnd(10),
    (reached ? 'yes' : 'no').padEnd(8),
    r.seconds.toFixed(1).padStart(7),
    String(r.steps).padStart(6),
    r.exact.toFixed(2).padStart(6),
    (r.error === null ? '–' : r.error.toFixed(3)).padStart(10),
    reached ? '' : `   wall ${((performance.now() - start) / 1000).toFixed(0)} s`,
  );
}
