#!/usr/bin/env node
// Times short training runs of two builds of the command line tool side by side (A B A B ...), and
// prints each run's median wall time and the median of the pair ratios A/B. The runs use the
// shipped models' sizes and tokenizers on the committed head of the Austen test split, so nothing
// needs downloading.
//   node scripts/bench-train.mjs OLD_CLI [NEW_CLI] [ROUNDS]     NEW_CLI defaults to build/native/attnlab
// e.g. build the CLI of another commit into /tmp/old and run node scripts/bench-train.mjs /tmp/old/attnlab
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [oldCli, newCli = path.join(root, 'build/native/attnlab'), roundsArg = '5'] = process.argv.slice(2);
if (!oldCli) {
  console.error('usage: node scripts/bench-train.mjs OLD_CLI [NEW_CLI] [ROUNDS]');
  process.exit(2);
}
const rounds = Number(roundsArg);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-bench-train-'));

// A small text corpus and a small grammar corpus.
const text = fs.readFileSync(path.join(root, 'tests/fixtures/austen-test-head.txt'), 'utf8');
const textDir = path.join(work, 'text');
fs.mkdirSync(textDir);
fs.writeFileSync(path.join(textDir, 'train.txt'), text.slice(0, 30000));
fs.writeFileSync(path.join(textDir, 'valid.txt'), text.slice(30000, 32000));
fs.writeFileSync(path.join(textDir, 'test.txt'), text.slice(32000, 34000));
const pairDir = path.join(work, 'pairs');
execFileSync(newCli, [
  'corpus',
  '--seed',
  '1',
  '--train',
  '2000',
  '--valid',
  '10',
  '--test',
  '10',
  '--out',
  pairDir,
]);

const shipped = (name) => JSON.parse(fs.readFileSync(path.join(root, 'models', name, 'config.json'), 'utf8'));
const withTokenizer = (model, from) => ({ ...model, tokenizer: from.tokenizer, vocab_size: from.vocab_size });
const lmTask = (kind) => ({ kind, corpus: textDir, context: 64, eval_tokens: 64 });
const { tokenizer: _t, vocab_size: _v, ...tfModel } = shipped('tf-mlm');
const runs = {
  'recall, SimpleRNN H=48, 1,500 steps x 8': {
    model: { architecture: 'rnn_lm', vocab_size: 10, embed_dim: 16, hidden_size: 48, cell: 'rnn' },
    task: { kind: 'recall', length: 21, n_test: 100 },
    steps: 1500,
    batch_size: 8,
    lr: 0.005,
  },
  'Seq2Seq additive E=64 D=128 A=128, 25 steps x 16': {
    model: { architecture: 'seq2seq', embed_dim: 64, hidden_size: 128, attn_dim: 128, attention: 'additive' },
    task: { kind: 'translate', corpus: pairDir, n_eval: 0, n_test: 10 },
    steps: 25,
    batch_size: 16,
    lr: 0.001,
  },
  'LSTMN LM E=64 H=128 V=2048, 8 steps x 8 windows of 64': {
    model: withTokenizer(shipped('lm-lstmn'), shipped('lm-lstmn')),
    task: lmTask('lm'),
    steps: 8,
    batch_size: 8,
    lr: 0.002,
  },
  'SimpleRNN + self-attention [x; c; h], same sizes': {
    model: withTokenizer(shipped('lm-rnn-selfattn-ch'), shipped('lm-rnn-selfattn-ch')),
    task: lmTask('lm'),
    steps: 8,
    batch_size: 8,
    lr: 0.002,
  },
  'Transformer masked LM (tf-mlm sizes), 8 steps x 16 windows of 64': {
    model: withTokenizer(tfModel, shipped('tf-mlm')),
    task: { ...lmTask('mlm'), mask_rate: 0.15 },
    steps: 8,
    batch_size: 16,
    lr: 0.002,
  },
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(cli, config, out) {
  const start = process.hrtime.bigint();
  execFileSync(cli, ['train', config, '--out', out], { stdio: 'ignore' });
  return Number(process.hrtime.bigint() - start) / 1e9;
}

console.log(`A = ${newCli}\nB = ${oldCli}\n${rounds} alternating runs each after one warm-up\n`);
console.log('run | B median s | A median s | A/B median (min-max)');
for (const [name, config] of Object.entries(runs)) {
  const file = path.join(work, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ ...config, seed: 1, log_every: 4 }));
  time(oldCli, file, path.join(work, 'b'));
  time(newCli, file, path.join(work, 'a'));
  const a = [];
  const b = [];
  for (let r = 0; r < rounds; r++) {
    a.push(time(newCli, file, path.join(work, 'a')));
    b.push(time(oldCli, file, path.join(work, 'b')));
  }
  const ratios = a.map((x, i) => x / b[i]);
  console.log(
    `${name} | ${median(b).toFixed(3)} | ${median(a).toFixed(3)} | ` +
      `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`,
  );
}
fs.rmSync(work, { recursive: true, force: true });
