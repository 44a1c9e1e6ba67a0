// Memory of a training-lab run in the WebAssembly engine: parameters + Adam state (three floats
// per parameter: the weight and Adam's two moments) of the largest model the lab's settings allow,
// (the settings allow a hidden size up to 256), and the WASM heap before and after STEPS steps of the default recipe (it must not grow).
//   node scripts/lab-memory.mjs [STEPS]      default 10000
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = Number(process.argv[2] ?? 10000);
const require = createRequire(import.meta.url);
const factory = require(path.join(root, 'build/wasm/attnlab_node.cjs'));
const module = await factory({
  wasmBinary: fs.readFileSync(path.join(root, 'build/wasm/attnlab_node.wasm')),
});

const config = (hidden, kind = 'reverse') => ({
  model: {
    architecture: 'seq2seq',
    embed_dim: 16,
    hidden_size: hidden,
    attention: 'additive',
    max_output_len: 30,
  },
  task: { kind, min_len: 5, max_len: 12, symbols: 10, n_eval: 100 },
  steps: 1_000_000,
  batch_size: 16,
  lr: 0.01,
  seed: 1,
});

for (const hidden of [32, 64, 128, 256]) {
  const lab = new module.Lab();
  lab.create(JSON.stringify(config(hidden, 'date')));
  const card = JSON.parse(lab.exportModel(1).card);
  const bytes = card.parameters * 4 * 3;
  console.log(
    `hidden ${String(hidden).padStart(3)}: ${card.parameters} parameters, weights + Adam ${(bytes / 1e6).toFixed(2)} MB`,
  );
  lab.delete();
}

const lab = new module.Lab();
lab.create(JSON.stringify(config(64)));
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
  `heap after 100 steps ${(before / 1e6).toFixed(2)} MB, after ${steps} steps ${(after / 1e6).toFixed(2)} MB: ${after === before ? 'did not grow' : 'GREW'}`,
);
lab.delete();
