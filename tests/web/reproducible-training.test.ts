// Training must give the same bits on every machine (issue 11). CI has one machine, so it compares
// the native build against the WebAssembly build of the same command line tool: WebAssembly does
// not depend on the processor, and the native build links the C library and runs SSE code, so any
// math that varies by machine (a libm function, an approximate instruction, a CPU-dependent
// blocking or summation order) shows up here as different bytes.
//
// Every architecture and task is trained for a few dozen steps by both builds: the loss curves and
// the saved weights must be identical, bit for bit.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_CLI, repoRoot } from './support/wasm-node';

const WASM_CLI = path.resolve(repoRoot, process.env.ATTNLAB_NODE_WASM_DIR ?? 'build/wasm', 'attnlab_cli.cjs');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-repro-'));
const textCorpus = path.join(work, 'text');
const pairCorpus = path.join(work, 'pairs');
/** A small grammar corpus; --out DIR follows. */
const CORPUS_ARGS = ['corpus', '--seed', '5', '--train', '400', '--valid', '20', '--test', '20', '--out'];

type Config = Record<string, unknown>;
const rnnSelfAttention = { architecture: 'rnn_self_attention', embed_dim: 16, hidden_size: 24, attn_dim: 8 };
const transformer = {
  architecture: 'transformer',
  d_model: 16,
  n_head: 2,
  n_layer: 2,
  d_ff: 32,
  max_len: 32,
};
const textTask = { corpus: textCorpus, vocab_size: 300, context: 16, eval_tokens: 200 };
const pairTask = { kind: 'translate', corpus: pairCorpus, n_eval: 10, n_test: 20 };

/** One short run per architecture and task the engine trains; each takes about a second natively. */
const configs: Record<string, Config> = {
  'recall, SimpleRNN + self-attention (the recall curve)': {
    model: { ...rnnSelfAttention, vocab_size: 10, cell: 'rnn', score: 'dot' },
    task: { kind: 'recall', length: 21, n_test: 100 },
  },
  'recall, plain SimpleRNN': {
    model: { architecture: 'rnn_lm', vocab_size: 10, embed_dim: 16, hidden_size: 24, cell: 'rnn' },
    task: { kind: 'recall', length: 21, n_test: 100 },
  },
  'recall, LSTM with additive attention': {
    model: { architecture: 'rnn_attention', vocab_size: 8, embed_dim: 8, hidden_size: 16, attn_dim: 16 },
    task: { kind: 'recall', length: 8, n_test: 100 },
  },
  'recall, GRU language model': {
    model: { architecture: 'rnn_lm', vocab_size: 8, embed_dim: 8, hidden_size: 16, cell: 'gru' },
    task: { kind: 'recall', length: 8, n_test: 100 },
  },
  'translate, Seq2Seq additive': {
    model: { architecture: 'seq2seq', embed_dim: 16, hidden_size: 24, attn_dim: 16, attention: 'additive' },
    task: pairTask,
  },
  'translate, Seq2Seq dot product with the attention weight decay (align_weight_decay)': {
    model: { architecture: 'seq2seq', embed_dim: 16, hidden_size: 24, attn_dim: 8, attention: 'dot' },
    task: pairTask,
    align_weight_decay: 5,
  },
  'translate, Seq2Seq without attention': {
    model: { architecture: 'seq2seq', embed_dim: 16, hidden_size: 24, attention: 'none' },
    task: pairTask,
  },
  // The training lab's toy tasks (cpp/data/toy_tasks.h), drawn by the engine's own generator.
  ...Object.fromEntries(
    (['reverse', 'shift', 'sort', 'date'] as const).map((kind) => [
      `toy ${kind}, Seq2Seq additive (the training lab)`,
      {
        model: { architecture: 'seq2seq', embed_dim: 8, hidden_size: 16, attention: 'additive' },
        task: { kind, min_len: 3, max_len: 8, symbols: 6, n_eval: 10, n_test: 20 },
      },
    ]),
  ),
  'lm, SimpleRNN + self-attention [x; c; h] with the self penalty (BPE trained too)': {
    model: { ...rnnSelfAttention, cell: 'rnn', variant: 'ch', score: 'dot', self_penalty: 0.5 },
    task: { ...textTask, kind: 'lm' },
  },
  'lm, LSTMN': {
    model: { ...rnnSelfAttention, cell: 'lstm', score: 'dot' },
    task: { ...textTask, kind: 'lm' },
  },
  'lm, causal Transformer': {
    model: { ...transformer, objective: 'lm', causal: true, positional: 'sinusoidal' },
    task: { ...textTask, kind: 'lm' },
  },
  'mlm, Transformer with GELU and softmax': {
    model: { ...transformer, objective: 'mlm', activation: 'gelu', positional: 'sinusoidal' },
    task: { ...textTask, kind: 'mlm', mask_rate: 0.15, mask_seed: 7 },
  },
  'mlm, Transformer with additive scores and sigmoid(e - ln n)': {
    model: {
      ...transformer,
      objective: 'mlm',
      score: 'additive',
      normalization: 'sigmoid',
      sigmoid_bias: 'log_n',
      positional: 'none',
    },
    task: { ...textTask, kind: 'mlm', mask_rate: 0.15, mask_seed: 7 },
  },
};

function run(cli: 'native' | 'wasm', args: string[]): string {
  const [cmd, pre] = cli === 'native' ? [NATIVE_CLI, []] : [process.execPath, [WASM_CLI]];
  return execFileSync(cmd, [...pre, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The card without what a clock measured. */
function cardWithoutTime(dir: string): unknown {
  const card = JSON.parse(fs.readFileSync(path.join(dir, 'card.json'), 'utf8')) as {
    training: { seconds?: number };
  };
  delete card.training.seconds;
  return card;
}

beforeAll(() => {
  for (const [file, how] of [
    [NATIVE_CLI, 'scripts/setup builds the native engine'],
    [WASM_CLI, 'scripts/build-wasm builds the WebAssembly command line tool'],
  ])
    if (!fs.existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} does not exist: ${how}`);
  // A small English text (the committed head of the Austen test split) and a small grammar corpus.
  const text = fs.readFileSync(path.join(repoRoot, 'tests/fixtures/austen-test-head.txt'), 'utf8');
  fs.mkdirSync(textCorpus);
  fs.writeFileSync(path.join(textCorpus, 'train.txt'), text.slice(0, 24000));
  fs.writeFileSync(path.join(textCorpus, 'valid.txt'), text.slice(24000, 28000));
  fs.writeFileSync(path.join(textCorpus, 'test.txt'), text.slice(28000, 32000));
  run('native', [...CORPUS_ARGS, pairCorpus]);
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

it('the grammar corpus is the same from both builds', () => {
  const wasmPairs = path.join(work, 'pairs-wasm');
  run('wasm', [...CORPUS_ARGS, wasmPairs]);
  for (const file of fs.readdirSync(pairCorpus).sort())
    expect(sha256(path.join(wasmPairs, file)), file).toBe(sha256(path.join(pairCorpus, file)));
});

describe.each(Object.entries(configs))('%s', (name, config) => {
  it('trains to the same loss curve and the same weights natively and in WebAssembly', () => {
    const dir = path.join(work, name.replace(/[^a-z0-9]+/gi, '-'));
    fs.mkdirSync(dir);
    const file = path.join(dir, 'config.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ ...config, steps: 40, batch_size: 4, lr: 0.01, seed: 3, log_every: 5 }),
    );
    run('native', ['train', file, '--out', path.join(dir, 'native')]);
    run('wasm', ['train', file, '--out', path.join(dir, 'wasm')]);
    const [native, wasm] = [
      cardWithoutTime(path.join(dir, 'native')),
      cardWithoutTime(path.join(dir, 'wasm')),
    ];
    expect((native as { training: { loss_curve: number[] } }).training.loss_curve.length).toBe(8);
    expect(wasm).toEqual(native);
    for (const f of ['config.json', 'model.safetensors'])
      expect(sha256(path.join(dir, 'wasm', f)), f).toBe(sha256(path.join(dir, 'native', f)));
  });
});
