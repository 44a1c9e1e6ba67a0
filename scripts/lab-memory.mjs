// Memory of a training-lab run in the WebAssembly engine: parameters + Adam state (three floats
// per parameter: the weight and Adam's two moments) of the largest model each of the lab's tasks
// allows (web/src/lessons/train/state.ts: hidden size up to 256, a Transformer up to 128 wide with
// 2 layers), and the WASM heap before and after STEPS steps of each task's default recipe (it must
// not grow). The lab's budget is 8 MB of weights + Adam per model.
//   node scripts/lab-memory.mjs [STEPS]      default 5000 per recipe
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = Number(process.argv[2] ?? 5000);
const require = createRequire(import.meta.url);
const factory = require(path.join(root, 'build/wasm/attnlab_node.cjs'));
const module = await factory({
  wasmBinary: fs.readFileSync(path.join(root, 'build/wasm/attnlab_node.wasm')),
});
const BUDGET_MB = 8;

/** The lab's train configs (state.ts trainConfig), by task. */
const models = {
  seq2seq: (hidden) => ({
    architecture: 'seq2seq',
    embed_dim: 16,
    hidden_size: hidden,
    attention: 'additive',
    max_output_len: 30,
  }),
  self_attention: (hidden) => ({
    architecture: 'rnn_self_attention',
    embed_dim: 16,
    hidden_size: hidden,
    cell: 'rnn',
    variant: 'c',
    score: 'additive',
  }),
  rnn: (hidden) => ({ architecture: 'rnn_lm', embed_dim: 16, hidden_size: hidden, cell: 'rnn' }),
  transformer: (hidden, layers = 2, heads = 2) => ({
    architecture: 'transformer',
    d_model: hidden,
    n_head: heads,
    n_layer: layers,
    d_ff: 2 * hidden,
    positional: 'sinusoidal',
    score: 'additive',
  }),
};
const config = (kind, model, { minLen = 5, maxLen = 12, lr = 0.01 } = {}) => ({
  model,
  task: { kind, min_len: minLen, max_len: maxLen, symbols: kind === 'date' ? undefined : 10, n_eval: 100 },
  steps: 1_000_000,
  batch_size: 16,
  lr,
  seed: 1,
});

function parameters(cfg) {
  const lab = new module.Lab();
  const created = lab.create(JSON.stringify(cfg));
  if (!created.ok) throw new Error(created.error);
  const card = JSON.parse(lab.exportModel(1).card);
  lab.delete();
  return card.parameters;
}

const largest = [
  ['date (Seq2Seq)', config('date', models.seq2seq(256))],
  ['recall, SimpleRNN + self-attention', config('recall', models.self_attention(256))],
  ['recall, SimpleRNN', config('recall', models.rnn(256))],
  ['mirror, Transformer 2 layers', config('mirror', models.transformer(128, 2, 8))],
];
for (const [name, cfg] of largest) {
  const n = parameters(cfg);
  const mb = (n * 4 * 3) / 1e6;
  console.log(
    `${name.padEnd(36)} largest: ${String(n).padStart(7)} parameters, weights + Adam ${mb.toFixed(2)} MB ${mb < BUDGET_MB ? `(< ${BUDGET_MB} MB)` : 'OVER THE BUDGET'}`,
  );
}

const defaults = [
  ['reverse (Seq2Seq, hidden 64)', config('reverse', models.seq2seq(64))],
  [
    'recall (self-attention, hidden 32)',
    config('recall', models.self_attention(32), { minLen: 10, maxLen: 30 }),
  ],
  ['mirror (Transformer 32 wide)', config('mirror', models.transformer(32), { lr: 0.003 })],
];
for (const [name, cfg] of defaults) {
  const lab = new module.Lab();
  lab.create(JSON.stringify(cfg));
  lab.step(100);
  lab.evaluate(30);
  lab.example(0);
  const before = module.HEAPU8.length;
  for (let done = 100; done < steps; done += 100) {
    lab.step(100);
    if (done % 1000 === 0) {
      lab.evaluate(30);
      lab.example(0);
    }
  }
  const after = module.HEAPU8.length;
  console.log(
    `${name.padEnd(36)} heap after 100 steps ${(before / 1e6).toFixed(2)} MB, after ${steps} ${(after / 1e6).toFixed(2)} MB: ${after === before ? 'did not grow' : 'GREW'}`,
  );
  lab.delete();
}
