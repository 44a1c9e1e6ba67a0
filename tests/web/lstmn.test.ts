// Lesson 2's language model (models/lm-rnn-selfattn, SimpleRNN + self-attention on Jane Austen,
// byte-level BPE) in the real WASM module, and the helpers the view draws from: words made of
// pieces (a word's weight is the sum of its pieces' weights, every row sums to 1), the next-word
// top 5 from the logits, the vocabulary, the card and the recall-versus-distance result.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toForwardRecord } from '../../web/src/engine/convert';
import {
  displayBytes,
  groupMap,
  groupRow,
  parseRecallCurve,
  pieceGroups,
  softmaxRow,
  summarizeLmCard,
  tokenVocabulary,
  topNext,
  wordGroups,
} from '../../web/src/lessons/shared/lm';
import { fetchModelFolder } from '../../web/src/engine/model-folder';
import {
  mapProblems,
  rowSums,
  weightsOf,
  type ForwardRecord,
  type Tensor,
} from '../../web/src/engine/records';
import type { Session } from '../../web/src/engine/wasm-types';
import { workerClientForSuite } from './support/in-process-worker';
import { loadWasm, repoRoot } from './support/wasm-node';

const MODEL = 'lm-rnn-selfattn';
const modelDir = path.join(repoRoot, 'models', MODEL);
const read = (file: string) => fs.readFileSync(path.join(modelDir, file));
const DEFAULT = 'The FBI is chasing a criminal on the run.';

describe('the self-attention language model in the WASM Session', () => {
  let session: Session;
  let vocabulary: string[];
  let setupError: unknown = null;

  beforeAll(async () => {
    try {
      const module = await loadWasm();
      session = new module.Session();
      const config = read('config.json').toString('utf8');
      const status = session.load(
        config,
        new Uint8Array(read('model.safetensors')),
        read('card.json').toString('utf8'),
      );
      if (!status.ok) throw new Error(`load failed: ${status.error}`);
      vocabulary = tokenVocabulary((JSON.parse(config) as { tokenizer: unknown }).tokenizer);
    } catch (error) {
      setupError = error;
    }
  });
  beforeEach(() => {
    if (setupError) throw setupError;
  });
  afterAll(() => session?.delete());

  const forward = (text: string): ForwardRecord => {
    const raw = session.forward(text);
    expect(raw.ok).toBe(true);
    return toForwardRecord(raw);
  };

  it('reads the default sentence as 10 words, some split into pieces, with a lower-triangular map', () => {
    const record = forward(DEFAULT);
    const groups = wordGroups(record);
    expect(groups.map((g) => g.label)).toEqual([
      'The',
      'FBI',
      'is',
      'chasing',
      'a',
      'criminal',
      'on',
      'the',
      'run',
      '.',
    ]);
    // Every piece belongs to exactly one word, in order, and a word's row is its last piece.
    expect(groups.flatMap((g) => g.pieces)).toEqual(record.tokens.map((_, i) => i));
    for (const g of groups) {
      expect(g.row).toBe(g.pieces[g.pieces.length - 1]);
      expect(
        g.pieces
          .map((p) => record.tokens[p])
          .join('')
          .trim(),
      ).toBe(g.label);
    }
    expect(groups.some((g) => g.pieces.length > 1)).toBe(true); // "criminal" is not one piece
    const map = record.maps[0];
    expect(map.rows).toBe(record.tokens.length);
    expect(mapProblems(map, 1e-5)).toEqual([]);
    for (let i = 0; i < map.rows; i++)
      for (let j = i + 1; j < map.cols; j++) expect(map.weights[i * map.cols + j]).toBe(0);
  });

  it("a word's weight is the sum of its pieces' weights, and every word row sums to 1", () => {
    const record = forward(DEFAULT);
    const raw = record.maps[0];
    const groups = wordGroups(record);
    const words = groupMap(raw, groups);
    expect(words.rows).toBe(10);
    expect(words.cols).toBe(10);
    expect(words.rowLabels).toEqual(groups.map((g) => g.label));
    expect(mapProblems(words, 1e-5)).toEqual([]);
    for (let r = 0; r < groups.length; r++) {
      const tokenRow = groups[r].row;
      const exact = groupRow(raw, groups, r);
      expect(exact).toHaveLength(r + 1);
      expect(exact.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
      for (let c = 0; c < groups.length; c++) {
        // The pieces of word c, added by hand from the token map.
        let expected = 0;
        for (let p = 0; p < record.tokens.length; p++)
          if (groups[c].pieces.includes(p)) expected += raw.weights[tokenRow * raw.cols + p];
        expect(words.weights[r * words.cols + c]).toBeCloseTo(expected, 6);
        if (c > r) expect(words.weights[r * words.cols + c]).toBe(0);
        else expect(exact[c]).toBeCloseTo(expected, 6);
      }
    }
    // The pieces view is the token map itself.
    const pieces = groupMap(raw, pieceGroups(record));
    expect(Array.from(pieces.weights)).toEqual(Array.from(raw.weights));
    expect(pieces.rowLabels).toEqual(record.tokens);
    // Scores exist only where a single piece was scored (j <= i).
    expect(Number.isNaN(pieces.scores[1])).toBe(true);
    expect(pieces.scores[0]).toBe(raw.scores[0]);
  });

  it('white space joins the next word, trailing white space is no word, and rows still sum to 1', () => {
    const record = forward('The  FBI\nis   here \n');
    const groups = wordGroups(record);
    expect(groups.map((g) => g.label)).toEqual(['The', 'FBI', 'is', 'here']);
    const words = groupMap(record.maps[0], groups);
    for (const sum of rowSums(weightsOf(words))) expect(sum).toBeCloseTo(1, 5);
    const pieces = groups.flatMap((g) => g.pieces);
    expect(new Set(pieces).size).toBe(pieces.length);
    expect(pieces.length).toBeLessThan(record.tokens.length); // the final " \n" belongs to no word
  });

  it('emoji, CJK, right-to-left and zero-width text read as byte pieces that still group into words', () => {
    for (const text of ['I ❤️ 東京 and שלום', 'zero\u200Bwidth joiner', '😀😀 ok']) {
      const record = forward(text);
      const groups = wordGroups(record);
      expect(groups.length).toBeGreaterThan(0);
      expect(mapProblems(groupMap(record.maps[0], groups), 1e-5)).toEqual([]);
      // The vocabulary decodes every id exactly as the engine names its token.
      record.ids.forEach((id, i) => expect(vocabulary[id]).toBe(record.tokens[i]));
    }
  });

  it("the vocabulary names every token the engine writes, and the top 5 follow the logits' softmax", () => {
    const record = forward(DEFAULT);
    record.ids.forEach((id, i) => expect(vocabulary[id]).toBe(record.tokens[i]));
    const logits = record.tensors.find((t) => t.name === 'logits') as Tensor;
    expect(logits.rows).toBe(record.tokens.length);
    expect(logits.cols).toBe(8192); // the grown vocabulary (issue 53), as the config says
    expect(logits.cols).toBe(vocabulary.length);
    for (let row = 0; row < logits.rows; row++) {
      const top = topNext(logits, row, 5, vocabulary);
      expect(top).toHaveLength(5);
      const values = Array.from(logits.data.subarray(row * logits.cols, (row + 1) * logits.cols));
      // Most probable first: the argmax of the logits, then strictly ordered probabilities.
      expect(top[0].id).toBe(values.indexOf(Math.max(...values)));
      for (let k = 1; k < 5; k++) expect(top[k].probability).toBeLessThanOrEqual(top[k - 1].probability);
      // p = exp(l - max) / sum exp(l - max), computed here independently.
      const max = Math.max(...values);
      const total = values.reduce((s, v) => s + Math.exp(v - max), 0);
      for (const n of top) {
        expect(n.probability).toBeCloseTo(Math.exp(values[n.id] - max) / total, 9);
        expect(n.token).toBe(vocabulary[n.id]);
      }
      // No id outside the top 5 is more likely than the fifth.
      const fifth = top[4].probability;
      const p = softmaxRow(logits, row);
      const above = Array.from(p).filter((x) => x > fifth).length;
      expect(above).toBeLessThanOrEqual(4);
      expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    }
  });

  it('the step panel has every vector of the trace: x_i, h_i, c_i, and c_i is the alpha-weighted sum of h_1..h_i', () => {
    const record = forward(DEFAULT);
    const tensor = (name: string) => record.tensors.find((t) => t.name === name) as Tensor;
    const h = tensor('hidden');
    const c = tensor('context');
    expect(tensor('embeddings').rows).toBe(record.tokens.length);
    const map = record.maps[0];
    for (let i = 0; i < map.rows; i++) {
      for (let d = 0; d < h.cols; d++) {
        let sum = 0;
        for (let j = 0; j <= i; j++) sum += map.weights[i * map.cols + j] * h.data[j * h.cols + d];
        expect(c.data[i * c.cols + d]).toBeCloseTo(sum, 4);
      }
    }
  });
});

describe('the language model folder through the worker, as the page loads it', () => {
  const client = workerClientForSuite();

  it('loads by URL, reads the default sentence and keeps words, pieces and logits', async () => {
    const diskFetch = async (url: string) => {
      const file = path.join(repoRoot, new URL(url).pathname);
      return fs.existsSync(file)
        ? new Response(fs.readFileSync(file))
        : new Response('not found', { status: 404 });
    };
    const folder = await fetchModelFolder('http://attnlab.test/index.html', MODEL, diskFetch);
    await client().load(folder.config, folder.weights, folder.card);
    const info = await client().info();
    expect(info.config).toMatchObject({ architecture: 'rnn_self_attention' });
    const record = await client().forward(DEFAULT);
    expect(record.words.map((w) => w.trim())).toEqual(wordGroups(record).map((g) => g.label));
    expect(record.wordOf).toHaveLength(record.tokens.length);
    expect(record.tensors.map((t) => t.name)).toEqual(
      expect.arrayContaining(['embeddings', 'hidden', 'context', 'logits']),
    );
    const card = summarizeLmCard(info.card);
    expect(card.parameters).toBe(info.parameters);
    expect(card.testPerplexity).toBeGreaterThan(1);
    expect(card.testPerplexity).toBeLessThan(2048); // better than a uniform guess over the vocabulary
  });
});

describe('lesson 2 helpers on their own', () => {
  it('shows bytes as the engine does: UTF-8 decoded, broken sequences as <XX>', () => {
    expect(displayBytes([0x48, 0x69])).toBe('Hi');
    expect(displayBytes([0xe6, 0x9d, 0xb1])).toBe('東');
    expect(displayBytes([0xe6, 0x9d])).toBe('<E6><9D>');
    expect(displayBytes([0xf0, 0x9f, 0x98, 0x80])).toBe('😀');
    expect(displayBytes([0xc0, 0x80])).toBe('<C0><80>'); // overlong
  });

  it('a BPE vocabulary: bytes, then merges, then special tokens', () => {
    const vocabulary = tokenVocabulary({
      kind: 'bpe',
      merges: [
        [32, 116],
        [256, 104],
      ],
      special: ['<eos>'],
    });
    expect(vocabulary).toHaveLength(259);
    expect(vocabulary[65]).toBe('A');
    expect(vocabulary[256]).toBe(' t');
    expect(vocabulary[257]).toBe(' th');
    expect(vocabulary[258]).toBe('<eos>');
    expect(tokenVocabulary({ kind: 'words', vocab: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(tokenVocabulary(undefined)).toEqual([]);
  });

  it('without word information every token is its own word', () => {
    const groups = wordGroups({ tokens: ['a', 'b'], wordOf: new Int32Array(0), words: [] });
    expect(groups).toEqual([
      { label: 'a', pieces: [0], row: 0 },
      { label: 'b', pieces: [1], row: 1 },
    ]);
  });

  it('reads the committed recall-versus-distance result: attention holds, the plain RNN fades', () => {
    const curve = parseRecallCurve(
      JSON.parse(fs.readFileSync(path.join(repoRoot, 'models/recall-curve.json'), 'utf8')),
    );
    expect(curve.withAttention.length).toBeGreaterThanOrEqual(4);
    expect(curve.withoutAttention.map((p) => p.distance)).toEqual(curve.withAttention.map((p) => p.distance));
    const last = (points: { accuracy: number }[]) => points[points.length - 1].accuracy;
    expect(last(curve.withAttention)).toBeGreaterThan(last(curve.withoutAttention));
    expect(curve.chance).toBeCloseTo(1 / 9, 9);
    expect(() => parseRecallCurve({ description: 'no curves' })).toThrow(/no recall curves/);
  });

  it('a card without metrics reads as nulls', () => {
    expect(summarizeLmCard({})).toEqual({
      parameters: null,
      testPerplexity: null,
      validPerplexity: null,
      context: null,
      corpus: null,
    });
    expect(summarizeLmCard({ parameters: 5, metrics: { test: { perplexity: 80.5 }, context: 64 } })).toEqual({
      parameters: 5,
      testPerplexity: 80.5,
      validPerplexity: null,
      context: 64,
      corpus: null,
    });
  });
});
