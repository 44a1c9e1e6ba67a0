// Lesson 3 (Transformer self-attention): the pure helpers the view draws from, on small hand-made
// records whose numbers are known (the computation of one step, positions, masking and shuffling,
// the comparison with RNNs and CNNs). The same helpers on the real WASM engine and on the trained
// models of models/tf-* are in transformer-wasm.test.ts.
import { layerCosts, receptiveField } from '../../web/src/lessons/transformer/costs';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstWholeWord, groupMap, wordGroups } from '../../web/src/lessons/shared/lm';
import {
  mapProblems,
  type AttentionMap,
  type ForwardRecord,
  type Tensor,
} from '../../web/src/engine/records';
import {
  MASK,
  activeMask,
  bpeWords,
  findMap,
  findTensor,
  maskPositions,
  maskWord,
  matchTokens,
  panelWords,
  permutationError,
  permuteMap,
  shuffleOrder,
  sinusoidalTable,
  softmax,
  spacedText,
  stepDetail,
  summarizeTfCard,
  textWords,
  tfArchitecture,
  tokenLabel,
  type TfArch,
} from '../../web/src/lessons/transformer/view-model';
import { repoRoot } from './support/wasm-node';

// ---- A hand-made record: T = 3 tokens, D = 4, 2 heads of d_k = 2 -------------------------------

const T = 3;
const D = 4;
const ARCH: TfArch = tfArchitecture({ d_model: D, n_head: 2, n_layer: 1, causal: false });

function tensor(name: string, rows: number[][]): Tensor {
  return { name, rows: rows.length, cols: rows[0].length, data: Float32Array.from(rows.flat()) };
}

/** A record whose maps and heads follow the notes exactly from the q, k, v below. */
function handRecord(options: { causal?: boolean; sigmoid?: boolean; logN?: boolean } = {}): ForwardRecord {
  const q = [
    [0.5, -1, 2, 0.25],
    [1, 0, -0.5, 1.5],
    [-1, 1, 0.75, -2],
  ];
  const k = [
    [1, 0.5, -1, 0],
    [0, -1, 0.5, 1],
    [2, 1, 1, -1],
  ];
  const v = [
    [1, 2, 3, 4],
    [-1, 0.5, 0, 2],
    [0.25, -3, 1, -1],
  ];
  const dK = 2;
  const maps: AttentionMap[] = [];
  const heads = Array.from({ length: T }, () => new Array<number>(D).fill(0));
  for (let h = 0; h < 2; h++) {
    const scores = new Float32Array(T * T);
    const weights = new Float32Array(T * T);
    for (let i = 0; i < T; i++) {
      const keys = options.causal ? i + 1 : T;
      const e: number[] = [];
      for (let j = 0; j < keys; j++) {
        let s = 0;
        for (let c = 0; c < dK; c++) s += q[i][h * dK + c] * k[j][h * dK + c];
        e.push(s / Math.sqrt(dK));
      }
      const shift = options.logN ? Math.log(keys) : 0;
      const a = options.sigmoid ? e.map((x) => 1 / (1 + Math.exp(shift - x))) : softmax(e);
      for (let j = 0; j < keys; j++) {
        scores[i * T + j] = e[j];
        weights[i * T + j] = a[j];
        for (let c = 0; c < dK; c++) heads[i][h * dK + c] += a[j] * v[j][h * dK + c];
      }
    }
    const labels = ['the', ' cat', ' sat'];
    maps.push({
      name: `layer 1 head ${h + 1}`,
      layer: 0,
      head: h,
      rows: T,
      cols: T,
      rowLabels: labels,
      colLabels: [...labels],
      scores,
      weights,
      editedRows: [],
    });
  }
  return {
    tokens: ['the', ' cat', ' sat'],
    ids: Int32Array.from([10, 20, 30]),
    unknown: [],
    wordOf: Int32Array.from([0, 1, 2]),
    words: ['the', ' cat', ' sat'],
    outputTokens: [],
    outputLimit: 0,
    stoppedForLength: false,
    maps,
    tensors: [
      tensor('layer0.input', v),
      tensor('layer0.q', q),
      tensor('layer0.k', k),
      tensor('layer0.v', v),
      tensor('layer0.heads', heads),
      tensor('layer0.attn_out', heads),
    ],
    truncated: null,
  };
}

describe('the computation of one step, on a hand-made record', () => {
  it('slices q, k, v per head and finds b = sum_j alpha_j v_j', () => {
    const record = handRecord();
    const detail = stepDetail(record, ARCH, 0, 1, 2);
    expect(detail).not.toBeNull();
    if (!detail) return;
    expect(detail.keys).toEqual([0, 1, 2]);
    expect(Array.from(detail.q)).toEqual([0.75, -2]); // head 2 = columns 2..3
    expect(detail.k.map((x) => Array.from(x))).toEqual([
      [-1, 0],
      [0.5, 1],
      [1, -1],
    ]);
    expect(detail.v.map((x) => Array.from(x))).toEqual([
      [3, 4],
      [0, 2],
      [1, -1],
    ]);
    expect(detail.weightSum).toBeCloseTo(1, 6);
    expect(detail.error).toBeLessThan(1e-6);
    expect(detail.scoreError).toBeLessThan(1e-6);
    expect(detail.weightError).toBeLessThan(1e-6);
    expect(detail.heads).toHaveLength(2);
    expect(detail.concat).toHaveLength(D);
    expect(detail.attnOut).toHaveLength(D);
  });

  it('notices a b that is not the weighted sum of the values, a score that is not q.k/sqrt(d_k), a weight that is not the softmax', () => {
    const record = handRecord();
    findTensor(record, 'layer0.heads')!.data[2 * D + 3] += 0.01; // b^{3,2}, second number
    findMap(record, 0, 1)!.scores[2 * T + 0] += 0.5;
    const detail = stepDetail(record, ARCH, 0, 1, 2)!;
    expect(detail.error).toBeCloseTo(0.01, 4);
    expect(detail.scoreError).toBeCloseTo(0.5, 4);
    expect(detail.weightError).toBeGreaterThan(0.01); // the softmax of the changed scores differs
  });

  it('a causal model reads only itself and the tokens before it; a sigmoid model need not sum to 1', () => {
    const causal = handRecord({ causal: true });
    const arch = { ...ARCH, causal: true };
    const d = stepDetail(causal, arch, 0, 0, 1)!;
    expect(d.keys).toEqual([0, 1]);
    expect(d.error).toBeLessThan(1e-6);
    const sig = stepDetail(handRecord({ sigmoid: true }), { ...ARCH, normalization: 'sigmoid' }, 0, 0, 0)!;
    expect(sig.weightError).toBeLessThan(1e-6);
    expect(Math.abs(sig.weightSum - 1)).toBeGreaterThan(0.01);
    // sigmoid(alpha - ln n): the check redoes the shift, and a model without it does not match.
    const shifted = handRecord({ sigmoid: true, logN: true });
    const logN = { ...ARCH, normalization: 'sigmoid' as const, sigmoidLogN: true };
    expect(stepDetail(shifted, logN, 0, 0, 0)!.weightError).toBeLessThan(1e-6);
    expect(stepDetail(shifted, { ...logN, sigmoidLogN: false }, 0, 0, 0)!.weightError).toBeGreaterThan(0.05);
    const causalShifted = handRecord({ sigmoid: true, logN: true, causal: true });
    expect(stepDetail(causalShifted, { ...logN, causal: true }, 0, 0, 1)!.weightError).toBeLessThan(1e-6);
    // Out of range, or a trace without q/k/v: no panel rather than wrong numbers.
    expect(stepDetail(causal, arch, 0, 0, 3)).toBeNull();
    expect(stepDetail(causal, arch, 1, 0, 0)).toBeNull();
    expect(stepDetail(causal, arch, 0, 2, 0)).toBeNull();
  });

  it('reads the architecture from config.json, with defaults for what is missing', () => {
    expect(
      tfArchitecture({
        d_model: 64,
        n_head: 2,
        n_layer: 2,
        causal: true,
        score: 'additive',
        normalization: 'sigmoid',
        positional: 'none',
        objective: 'lm',
        max_len: 128,
      }),
    ).toEqual({
      nLayer: 2,
      nHead: 2,
      dModel: 64,
      dK: 32,
      causal: true,
      score: 'additive',
      normalization: 'sigmoid',
      sigmoidLogN: false,
      positional: 'none',
      objective: 'lm',
      maxLen: 128,
      normFirst: false,
      activation: 'relu',
    });
    expect(tfArchitecture({ norm_first: true, activation: 'gelu' })).toMatchObject({
      normFirst: true,
      activation: 'gelu',
    });
    expect(tfArchitecture({ normalization: 'sigmoid', sigmoid_bias: 'log_n' }).sigmoidLogN).toBe(true);
    expect(tfArchitecture({ normalization: 'softmax', sigmoid_bias: 'log_n' }).sigmoidLogN).toBe(false);
    const defaults = tfArchitecture({});
    expect(defaults).toMatchObject({
      nLayer: 1,
      nHead: 1,
      causal: false,
      score: 'dot',
      positional: 'sinusoidal',
    });
  });
});

describe('positions, masking and shuffling', () => {
  it('the sinusoidal table: sin on even dimensions, cos on odd ones, slower further right', () => {
    const pe = sinusoidalTable(5, 8);
    expect(pe).toHaveLength(40);
    for (let i = 0; i < 8; i++) expect(pe[i]).toBe(i % 2 === 0 ? 0 : 1); // t = 0
    expect(pe[3 * 8 + 0]).toBeCloseTo(Math.sin(3), 6);
    expect(pe[3 * 8 + 1]).toBeCloseTo(Math.cos(3), 6);
    expect(pe[3 * 8 + 2]).toBeCloseTo(Math.sin(3 / Math.pow(10000, 2 / 8)), 6);
    expect(pe[3 * 8 + 7]).toBeCloseTo(Math.cos(3 / Math.pow(10000, 6 / 8)), 6);
  });

  it('the sinusoidal table is computed once per shape and kept (the positions panel asks each keystroke)', () => {
    const first = sinusoidalTable(7, 6);
    expect(sinusoidalTable(7, 6)).toBe(first);
    expect(sinusoidalTable(6, 7)).not.toBe(first);
    expect(sinusoidalTable(6, 7)).toHaveLength(42);
    // After more shapes than it keeps, the first is computed again, with the same values.
    for (let t = 1; t <= 10; t++) sinusoidalTable(t, 2);
    const again = sinusoidalTable(7, 6);
    expect(again).not.toBe(first);
    expect(Array.from(again)).toEqual(Array.from(first));
  });

  it('finds the words of a text and masks one of them', () => {
    const text = "Emma didn't  see 東京, 42 times.";
    const words = textWords(text);
    // Han characters are words of one character each (Chinese is masked a character at a time).
    expect(words.map((w) => w.text)).toEqual(['Emma', "didn't", 'see', '東', '京', '42', 'times']);
    expect(maskWord(text, words[2])).toBe(`Emma didn't  ${MASK} 東京, 42 times.`);
    expect(textWords(`the ${MASK} sat`).map((w) => w.text)).toEqual(['the', 'sat']);
    const record = { tokens: ['the', MASK, ' sat'], ids: Int32Array.from([1, 256, 3]) };
    expect(maskPositions(record, 256)).toEqual([1]);
    expect(maskPositions(record, -1)).toEqual([1]);
  });

  it('a <mask> typed in the text is a pressed chip of the panel, and the guesses find its token', () => {
    const text = `She was very ${MASK} to see ${MASK}.`;
    const chips = panelWords(text);
    expect(chips.map((w) => [w.text, w.typed])).toEqual([
      ['She', false],
      ['was', false],
      ['very', false],
      [MASK, true],
      ['to', false],
      ['see', false],
      [MASK, true],
    ]);
    // The words the `mask` attribute counts are still the words alone (its indices do not move).
    expect(textWords(text).map((w) => w.text)).toEqual(['She', 'was', 'very', 'to', 'see']);
    expect(activeMask(text, null)).toBe(0); // the first typed mask
    expect(activeMask('She was very glad.', null)).toBe(-1); // nothing masked
    const see = textWords(text)[4];
    expect(activeMask(text, see)).toBe(1); // one typed mask before the clicked word
    expect(activeMask(text, textWords(text)[0])).toBe(0);
  });

  it('opens on a whole word: not the piece "F" of "FBI", nor the first token', () => {
    const record = {
      tokens: ['The', ' F', 'BI', ' is', ' chasing', '.'],
      wordOf: Int32Array.from([0, 1, 1, 2, 3, 4]),
      words: ['The', ' FBI', ' is', ' chasing', '.'],
    };
    expect(firstWholeWord(record)).toBe(3); // " is"
    expect(
      firstWholeWord({ ...record, tokens: ['The', ' F', 'BI'], wordOf: Int32Array.from([0, 1, 1]) }),
    ).toBe(0);
    expect(firstWholeWord({ tokens: ['.', '.'], wordOf: Int32Array.from([0, 1]), words: ['.', '.'] })).toBe(
      0,
    );
  });

  it('keeps a typed <mask> whole when cutting text into BPE chunks (the shuffle panel)', () => {
    expect(bpeWords(`She was very ${MASK} to see him.`)).toEqual([
      'She',
      'was',
      'very',
      MASK,
      'to',
      'see',
      'him',
      '.',
    ]);
  });

  it("cuts text as the BPE tokenizer's chunks, so a spaced, shuffled copy has the same chunks", () => {
    expect(bpeWords('The FBI, 2nd-run! café')).toEqual([
      'The',
      'FBI',
      ',',
      '2',
      'nd',
      '-',
      'run',
      '!',
      'café',
    ]);
    expect(spacedText(['a', 'b'])).toBe(' a b');
    for (const n of [2, 3, 5, 12]) {
      for (const seed of [1, 2, 3]) {
        const order = shuffleOrder(n, seed);
        expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(order.some((v, i) => v !== i)).toBe(true);
      }
    }
    expect(shuffleOrder(6, 4)).toEqual(shuffleOrder(6, 4));
  });

  it('matches shuffled tokens to the original ones and permutes a map', () => {
    expect(Array.from(matchTokens([5, 7, 5, 9], [9, 5, 7, 5])!)).toEqual([3, 0, 1, 2]);
    expect(matchTokens([1, 2], [1, 3])).toBeNull();
    expect(matchTokens([1, 2], [1])).toBeNull();
    const record = handRecord();
    const perm = Int32Array.from([2, 0, 1]);
    const map = findMap(record, 0, 0)!;
    const p = permuteMap(map, perm);
    expect(p.rowLabels).toEqual([' sat', 'the', ' cat']);
    for (let i = 0; i < T; i++)
      for (let j = 0; j < T; j++) expect(p.weights[i * T + j]).toBe(map.weights[perm[i] * T + perm[j]]);
    expect(mapProblems(p)).toEqual([]);
    // A map compared with its own permutation: 0; with the unpermuted original: not 0.
    const shuffled = record.maps.map((m) => permuteMap(m, perm));
    expect(permutationError(record.maps, shuffled, perm)).toBe(0);
    expect(permutationError(record.maps, record.maps, perm)).toBeGreaterThan(0.01);
    expect(permutationError(record.maps, [], perm)).toBe(Infinity);
  });
});

describe('self-attention against RNN and CNN', () => {
  it('counts steps, path lengths and exact multiply-adds (projections included) for one layer', () => {
    const [att, rnn, cnn] = layerCosts(10, 64, 3);
    // q, k, v, W^O: 4 n d^2; scores and weighted sums: d per pair, n^2 pairs each.
    expect(att).toMatchObject({
      kind: 'attention',
      sequential: 1,
      path: 1,
      multiplyAdds: 4 * 10 * 64 * 64 + 2 * 100 * 64,
    });
    expect(rnn).toMatchObject({ kind: 'rnn', sequential: 10, path: 9, multiplyAdds: 2 * 10 * 64 * 64 });
    expect(cnn).toMatchObject({
      kind: 'cnn',
      sequential: 1,
      path: 9,
      pathDilated: 3,
      multiplyAdds: 3 * 10 * 64 * 64,
    });
    // Causal: each token reads itself and the ones before, n(n+1)/2 pairs.
    expect(layerCosts(10, 64, 3, true)[0].multiplyAdds).toBe(4 * 10 * 64 * 64 + 2 * 55 * 64);
    // Never cheaper than the SimpleRNN of the same width: the projections alone are twice its count.
    for (const n of [1, 5, 30, 63, 64, 200])
      expect(layerCosts(n, 64, 3)[0].multiplyAdds).toBeGreaterThan(2 * layerCosts(n, 64, 3)[1].multiplyAdds);
    // No big-O class is given as a number: the classes are separate strings.
    for (const c of layerCosts(10, 64, 3)) for (const g of Object.values(c.grows)) expect(g).toMatch(/^O\(/);
    expect(layerCosts(10, 64, 5)[2].path).toBe(5); // reach 2 per layer: ceil(9 / 2)
    expect(layerCosts(10, 64, 3, true)[2].path).toBe(5); // causal: reach k - 1 = 2
    expect(layerCosts(1, 64, 3).map((c) => c.path)).toEqual([0, 0, 0]);
  });

  it("the attention count equals the products of the shipped models' own weight shapes", () => {
    for (const folder of ['tf-mlm', 'tf-lm']) {
      const dir = path.join(repoRoot, 'models', folder);
      if (!fs.existsSync(dir)) continue;
      const config = JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8'));
      const bytes = fs.readFileSync(path.join(dir, 'model.safetensors'));
      const header = JSON.parse(bytes.subarray(8, 8 + Number(bytes.readBigUInt64LE(0))).toString('utf8'));
      // A 4-bit weight is stored as U8 [out, in / 2], two values a byte (docs/weights-format.md).
      const shape = (name: string): number[] =>
        header[name].dtype === 'U8' ? [header[name].shape[0], header[name].shape[1] * 2] : header[name].shape;
      const n = 17;
      // A (n x in) input times a weight of shape (out, in) costs n * out * in multiply-adds.
      const product = (name: string) => n * shape(name)[0] * shape(name)[1];
      const projections =
        product('layers.0.self_attn.in_proj_weight') + product('layers.0.self_attn.out_proj.weight');
      const pairs = config.causal ? (n * (n + 1)) / 2 : n * n;
      const perPair = config.n_head * (config.d_model / config.n_head); // d_k in each head
      const [att] = layerCosts(n, config.d_model, 3, config.causal);
      expect(att.multiplyAdds, folder).toBe(projections + 2 * pairs * perPair);
    }
  });

  it('the receptive field grows by (k-1)/2 per layer each side; attention reaches everything', () => {
    const { conv, attention } = receptiveField(9, 4, 3, 2);
    expect(conv[0].map(Number)).toEqual([0, 0, 0, 1, 1, 1, 0, 0, 0]);
    expect(conv[1].map(Number)).toEqual([0, 0, 1, 1, 1, 1, 1, 0, 0]);
    expect(attention.every(Boolean)).toBe(true);
    const causal = receptiveField(6, 3, 3, 1, true);
    expect(causal.conv[0].map(Number)).toEqual([0, 1, 1, 1, 0, 0]);
    expect(causal.attention.map(Number)).toEqual([1, 1, 1, 1, 0, 0]);
  });

  it('reads model cards and labels tokens', () => {
    expect(summarizeTfCard({ parameters: 10, metrics: { test: { masked_accuracy: 0.4 } } })).toEqual({
      parameters: 10,
      accuracy: 0.4,
      perplexity: null,
      split: 'test',
    });
    expect(summarizeTfCard({ metrics: { valid: { perplexity: 30 } } })).toMatchObject({
      perplexity: 30,
      split: 'valid',
    });
    expect(summarizeTfCard({})).toMatchObject({ accuracy: null, perplexity: null, split: null });
    expect([' cat', '  ', '\n', '', MASK].map(tokenLabel)).toEqual(['cat', '␣␣', '↵', '∅', MASK]);
  });
});

describe('lesson 3 in whole words (issue 52 A8)', () => {
  // "The FBI is": the tokenizer reads The · F·B·I · is. Every row of the (bidirectional) map sums to 1.
  const rows = [
    [0.6, 0.1, 0.1, 0.1, 0.1],
    [0.1, 0.2, 0.3, 0.3, 0.1],
    [0.2, 0.2, 0.2, 0.2, 0.2],
    [0.0, 0.5, 0.1, 0.1, 0.3],
    [0.1, 0.3, 0.2, 0.1, 0.3],
  ];
  const record = {
    tokens: ['The', ' F', 'B', 'I', ' is'],
    wordOf: [0, 1, 1, 1, 2],
    words: ['The', ' FBI', ' is'],
  } as unknown as ForwardRecord;
  const map: AttentionMap = {
    name: 'layer 1 head 1',
    layer: 0,
    head: 0,
    rows: 5,
    cols: 5,
    rowLabels: record.tokens,
    colLabels: record.tokens,
    scores: new Float32Array(25),
    weights: new Float32Array(rows.flat()),
  };

  it("gives a word the sum of its pieces' weights and, reading, the mean of its pieces' rows", () => {
    const words = groupMap(map, wordGroups(record), 'mean');
    expect(words.rowLabels).toEqual(['The', 'FBI', 'is']);
    const at = (r: number, c: number) => words.weights[r * 3 + c];
    // "The" reads FBI with 0.1 + 0.1 + 0.1.
    expect(at(0, 1)).toBeCloseTo(0.3, 6);
    // FBI reads with the mean of its three rows: The (0.1 + 0.2 + 0) / 3, FBI (0.8 + 0.6 + 0.7) / 3.
    expect(at(1, 0)).toBeCloseTo(0.1, 6);
    expect(at(1, 1)).toBeCloseTo(0.7, 6);
    expect(at(1, 2)).toBeCloseTo(0.2, 6);
    for (let r = 0; r < 3; r++) expect(at(r, 0) + at(r, 1) + at(r, 2)).toBeCloseTo(1, 6);
    // Lesson 2's reading (a causal model): the word's last piece has read the whole word.
    const last = groupMap(map, wordGroups(record), 'last');
    expect(last.weights[3 + 1]).toBeCloseTo(0.7, 6);
    expect(last.weights[3 + 0]).toBeCloseTo(0, 6);
  });
});
