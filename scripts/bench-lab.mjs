// Time to alignment: trains each of the training lab's tasks with the lab's default recipe in the
// WebAssembly engine (the Node build: the same module and the same V8 as Chromium's worker) and
// reports, per task and model, when the held-out exact match first reaches 95% and when, in
// addition, the alignment miss rate is at most 0.10 ("aligned"), or what they stall at within the
// budget. Training time only (the page evaluates on the side). Not a test: it prints.
//   node scripts/bench-lab.mjs [SECONDS_PER_RUN] [TASK...]      default 60, every task
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const budget = Number(process.argv[2] ?? 60);
const only = process.argv.slice(3);
const require = createRequire(import.meta.url);
const factory = require(path.join(root, 'build/wasm/attnlab_node.cjs'));
const module = await factory({
  wasmBinary: fs.readFileSync(path.join(root, 'build/wasm/attnlab_node.wasm')),
});

/** The lab's default recipes (web/src/lessons/train/state.ts: trainConfig with each task's defaults). */
function recipe(kind, variant) {
  const common = { steps: 1_000_000, batch_size: 16, lr: 0.01, seed: 1 };
  if (kind === 'recall')
    return {
      ...common,
      model:
        variant === 'none'
          ? { architecture: 'rnn_lm', embed_dim: 16, hidden_size: 32, cell: 'rnn' }
          : {
              architecture: 'rnn_self_attention',
              embed_dim: 16,
              hidden_size: 32,
              cell: 'rnn',
              variant: 'c',
              score: variant,
            },
      task: { kind, min_len: 10, max_len: 30, symbols: 10, n_eval: 100 },
    };
  if (kind === 'mirror') {
    const [positional, layers] = variant.split('-');
    return {
      ...common,
      lr: 0.003,
      model: {
        architecture: 'transformer',
        d_model: 32,
        n_head: 2,
        n_layer: Number(layers),
        d_ff: 64,
        positional,
        score: 'dot',
      },
      task: { kind, min_len: 5, max_len: 12, symbols: 10, n_eval: 100 },
    };
  }
  return {
    ...common,
    model: {
      architecture: 'seq2seq',
      embed_dim: 16,
      hidden_size: 64,
      attention: variant,
      max_output_len: 30,
    },
    task: { kind, min_len: 5, max_len: 12, symbols: 10, shift: 2, n_eval: 100 },
  };
}

const runs = [
  ['reverse', 'additive'],
  ['reverse', 'dot'],
  ['reverse', 'none'],
  ['shift', 'additive'],
  ['sort', 'additive'],
  ['date', 'additive'],
  ['recall', 'additive'],
  ['recall', 'dot'],
  ['recall', 'none'],
  ['mirror', 'sinusoidal-2'],
  ['mirror', 'sinusoidal-1'],
  ['mirror', 'none-2'],
].filter(([kind]) => only.length === 0 || only.includes(kind));
const EVERY = 100; // steps between two evaluations on the 100 held-out examples

const at = (r) =>
  r ? `${r.seconds.toFixed(1).padStart(6)} s ${String(r.steps).padStart(5)}` : '      –      ';
console.log(
  `budget ${budget} s per run; evaluation every ${EVERY} steps on 100 held-out examples (Node ${process.version})`,
);
console.log('task     model          exact>=95%         aligned (err<=0.10)  last: steps  exact  align.err');
for (const [kind, variant] of runs) {
  const lab = new module.Lab();
  const created = lab.create(JSON.stringify(recipe(kind, variant)));
  if (!created.ok) throw new Error(`${kind}/${variant}: ${created.error}`);
  let exact95 = null;
  let aligned = null;
  let last = { exact: 0, error: null, steps: 0 };
  let trainMs = 0;
  while (trainMs / 1000 < budget) {
    const t0 = performance.now();
    lab.step(EVERY);
    trainMs += performance.now() - t0; // evaluation time is not counted: the page evaluates on the side
    const m = JSON.parse(lab.evaluate(100).metrics);
    last = { exact: m.exact_match, error: m.alignment_error, steps: m.steps };
    const now = { seconds: trainMs / 1000, steps: m.steps };
    if (!exact95 && m.exact_match >= 0.95) exact95 = now;
    if (!aligned && m.exact_match >= 0.95 && m.alignment_error !== null && m.alignment_error <= 0.1)
      aligned = now;
    if (exact95 && (aligned || m.alignment_error === null)) break;
  }
  lab.delete();
  console.log(
    kind.padEnd(8),
    variant.padEnd(14),
    at(exact95).padEnd(18),
    at(aligned).padEnd(20),
    String(last.steps).padStart(6),
    last.exact.toFixed(2).padStart(6),
    (last.error === null ? '–' : last.error.toFixed(3)).padStart(10),
  );
}
