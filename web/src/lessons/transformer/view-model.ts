// Lesson 3 (Transformer self-attention, models/tf-*): pure helpers over its forward records. The
// trace of a Transformer (cpp/models/transformer.h) has one map per layer and head and, per layer l,
// the tensors layer{l}.input / .q / .k / .v / .heads / .attn_out / .output (T, D), where head h owns
// columns h*d_k .. h*d_k + d_k - 1; "positions" (T, D) and "logits" (T, V). Everything the view
// shows of one step of the computation comes from these numbers; the helpers below only slice them
// and redo the sums the notes write down, so the page can check that they add up. outputChange
// compares two records of the same text (before and after an intervention).
// Nothing here touches the WASM module or the DOM.

import { TRACE, layerTensor } from '../../engine/trace-names';
import {
  findTensor,
  maxAbsDiff,
  tensorRow,
  type AttentionMap,
  type ForwardRecord,
} from '../../engine/records';

/** What config.json says about a Transformer: what the view draws and which formulas apply. */
export interface TfArch {
  nLayer: number;
  nHead: number;
  dModel: number; // D
  dK: number; // D / n_head, the width of one head's q, k, v
  causal: boolean; // each token reads only itself and the tokens before it
  score: 'dot' | 'additive'; // q.k / sqrt(d_k) or v_h . tanh(q + k)
  normalization: 'softmax' | 'sigmoid';
  sigmoidLogN: boolean; // sigmoid models: alpha' = sigmoid(alpha - ln n), n the keys the token reads
  positional: 'sinusoidal' | 'none';
  objective: 'mlm' | 'lm'; // guesses a masked token, or the next one
  maxLen: number;
  /** Pre-norm layers (config norm_first): LayerNorm before the attention and before FF. */
  normFirst: boolean;
  /** The feed-forward network's activation (config activation: relu or gelu). */
  activation: 'relu' | 'gelu';
}

const positiveInt = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;

export function tfArchitecture(config: Record<string, unknown>): TfArch {
  const dModel = positiveInt(config.d_model, 1);
  const nHead = positiveInt(config.n_head, 1);
  return {
    nLayer: positiveInt(config.n_layer, 1),
    nHead,
    dModel,
    dK: Math.max(1, Math.floor(dModel / nHead)),
    causal: config.causal === true,
    score: config.score === 'additive' ? 'additive' : 'dot',
    normalization: config.normalization === 'sigmoid' ? 'sigmoid' : 'softmax',
    sigmoidLogN: config.normalization === 'sigmoid' && config.sigmoid_bias === 'log_n',
    positional: config.positional === 'none' ? 'none' : 'sinusoidal',
    objective: config.objective === 'lm' ? 'lm' : 'mlm',
    maxLen: positiveInt(config.max_len, 128),
    normFirst: config.norm_first === true,
    activation: config.activation === 'gelu' ? 'gelu' : 'relu',
  };
}

/** The map of one layer and head (0-based), if the trace has it. */
export function findMap(record: ForwardRecord, layer: number, head: number): AttentionMap | undefined {
  return record.maps.find((m) => m.layer === layer && m.head === head);
}

export { findTensor, tensorRow };

/** The d_k columns of head h in a row of q, k, v or heads. */
export function headPart(row: Float32Array, head: number, dK: number): Float32Array {
  return row.subarray(head * dK, (head + 1) * dK);
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** softmax over a list, in double (max subtracted first). */
export function softmax(values: readonly number[]): number[] {
  const max = Math.max(...values);
  const e = values.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Everything the computation panel shows for query token `query` in one layer and head. */
export interface StepDetail {
  layer: number;
  head: number;
  query: number;
  dK: number;
  keys: number[]; // the tokens the query reads: all of them, or 0..query for a causal model
  input: Float32Array | null; // a^i, the layer's input row (D)
  q: Float32Array; // q^{i,h} (d_k)
  k: Float32Array[]; // k^{j,h} for j in keys
  v: Float32Array[]; // v^{j,h} for j in keys
  scores: number[]; // alpha_{i,j} from the trace, before normalization
  weights: number[]; // alpha'_{i,j} from the trace
  /** q.k / sqrt(d_k) redone from the q and k shown (dot-product models; null for additive scores). */
  recomputedScores: number[] | null;
  scoreError: number | null; // max |score - recomputed|
  recomputedWeights: number[]; // softmax or sigmoid of the scores shown
  weightError: number;
  weightSum: number;
  weighted: Float64Array; // sum_j alpha'_{i,j} v^{j,h}, redone from the numbers shown (d_k)
  b: Float32Array; // b^{i,h} as the engine computed it (the head's slice of layer{l}.heads)
  error: number; // max |b - weighted|
  heads: Float32Array[]; // b^{i,1} .. b^{i,H}
  concat: Float32Array | null; // [b^{i,1}; ...; b^{i,H}] (D)
  attnOut: Float32Array | null; // b^i = W^O [b^{i,1}; ...] + b_O (D)
  output: Float32Array | null; // the layer's output row (D)
}

/**
 * Slices the trace for one step and redoes its arithmetic in double: the scores (dot-product
 * models), the normalization, and the weighted sum of the values. Null when the trace lacks a
 * piece the panel needs (or the indices are out of range).
 */
export function stepDetail(
  record: ForwardRecord,
  arch: TfArch,
  layer: number,
  head: number,
  query: number,
): StepDetail | null {
  const map = findMap(record, layer, head);
  const qT = findTensor(record, layerTensor(layer, TRACE.q));
  const kT = findTensor(record, layerTensor(layer, TRACE.k));
  const vT = findTensor(record, layerTensor(layer, TRACE.v));
  const headsT = findTensor(record, layerTensor(layer, TRACE.heads));
  if (!map || !qT || !kT || !vT || !headsT) return null;
  const n = map.rows;
  if (query < 0 || query >= n || map.cols !== n || head < 0 || head >= arch.nHead) return null;
  const dK = arch.dK;
  if (qT.cols < (head + 1) * dK || qT.rows !== n || kT.rows !== n || vT.rows !== n || headsT.rows !== n)
    return null;
  const keys = Array.from({ length: arch.causal ? query + 1 : n }, (_, j) => j);
  const q = headPart(tensorRow(qT, query) as Float32Array, head, dK);
  const k = keys.map((j) => headPart(tensorRow(kT, j) as Float32Array, head, dK));
  const v = keys.map((j) => headPart(tensorRow(vT, j) as Float32Array, head, dK));
  const scores = keys.map((j) => map.scores[query * n + j]);
  const weights = keys.map((j) => map.weights[query * n + j]);
  const scale = 1 / Math.sqrt(dK);
  const recomputedScores = arch.score === 'dot' ? k.map((kj) => dot(q, kj) * scale) : null;
  const shift = arch.sigmoidLogN ? Math.log(keys.length) : 0;
  const recomputedWeights =
    arch.normalization === 'sigmoid' ? scores.map((e) => sigmoid(e - shift)) : softmax(scores);
  const weighted = new Float64Array(dK);
  keys.forEach((_, idx) => {
    for (let c = 0; c < dK; c++) weighted[c] += weights[idx] * v[idx][c];
  });
  const headsRow = tensorRow(headsT, query) as Float32Array;
  const b = headPart(headsRow, head, dK);
  return {
    layer,
    head,
    query,
    dK,
    keys,
    input: tensorRow(findTensor(record, layerTensor(layer, TRACE.input)), query),
    q,
    k,
    v,
    scores,
    weights,
    recomputedScores,
    scoreError: recomputedScores ? maxAbsDiff(scores, recomputedScores) : null,
    recomputedWeights,
    weightError: maxAbsDiff(weights, recomputedWeights),
    weightSum: weights.reduce((a, w) => a + w, 0),
    weighted,
    b,
    error: maxAbsDiff(b, weighted),
    heads: Array.from({ length: arch.nHead }, (_, h) => headPart(headsRow, h, dK)),
    concat: headsRow,
    attnOut: tensorRow(findTensor(record, layerTensor(layer, TRACE.attnOut)), query),
    output: tensorRow(findTensor(record, layerTensor(layer, TRACE.output)), query),
  };
}

/**
 * The sinusoidal table of Vaswani et al. (cpp/layers/positional.cpp): PE(t, 2i) = sin(t / 10000^(2i/D)),
 * PE(t, 2i+1) = cos(t / 10000^(2i/D)). Row-major (T, D). Kept for the last few shapes: the
 * positions panel asked for it two or three times per keystroke (T x D sines and cosines each time).
 * The table returned is shared: read it, never write it.
 */
export function sinusoidalTable(T: number, D: number): Float32Array {
  const key = `${T}x${D}`;
  let table = sinusoidalTables.get(key);
  if (!table) {
    table = buildSinusoidalTable(T, D);
    if (sinusoidalTables.size >= 8) sinusoidalTables.delete(sinusoidalTables.keys().next().value as string);
    sinusoidalTables.set(key, table);
  }
  return table;
}

const sinusoidalTables = new Map<string, Float32Array>();

function buildSinusoidalTable(T: number, D: number): Float32Array {
  const out = new Float32Array(T * D);
  for (let t = 0; t < T; t++)
    for (let i = 0; i < D; i++) {
      const freq = Math.pow(10000, -(i - (i % 2)) / D);
      out[t * D + i] = i % 2 === 0 ? Math.sin(t * freq) : Math.cos(t * freq);
    }
  return out;
}

/** Whether every value is 0 (the no-position model's "positions" tensor). */
export const allZero = (values: ArrayLike<number>): boolean => {
  for (let i = 0; i < values.length; i++) if (values[i] !== 0) return false;
  return true;
};

// ---- Masking a word ---------------------------------------------------------------------------

/** The name of the mask token; typed in the text, the tokenizer encodes it to that one token. */
export const MASK = '<mask>';

/** A word of the text as the student sees it, with its UTF-16 offsets. */
export interface TextWord {
  text: string;
  start: number;
  end: number;
}

/** Runs of letters, digits and combining marks (with inner apostrophes: "don't"), each Han character alone; the mask is skipped. */
export function textWords(text: string): TextWord[] {
  return panelWords(text)
    .filter((w) => !w.typed)
    .map(({ text, start, end }) => ({ text, start, end }));
}

/** A chip of the masked-word panel: a word, or a <mask> the student typed (`typed`). */
export interface PanelWord extends TextWord {
  typed: boolean;
}

/** A run of letters, digits and marks without Han characters. */
const RUN = String.raw`(?:(?!\p{Script=Han})[\p{L}\p{N}\p{M}])+`;
/** A typed mask, one Han character (Chinese is masked a character at a time), or a word. */
const PANEL_WORD = new RegExp(String.raw`<mask>|\p{Script=Han}|${RUN}(?:['’]${RUN})*`, 'gu');

/** The words of the text and the masks typed in it, in text order (the panel's chips). */
export function panelWords(text: string): PanelWord[] {
  const out: PanelWord[] = [];
  for (const m of text.matchAll(PANEL_WORD)) {
    const start = m.index ?? 0;
    out.push({ text: m[0], start, end: start + m[0].length, typed: m[0] === MASK });
  }
  return out;
}

/**
 * Which of the record's mask tokens the guesses are for: the clicked word's (counting the masks
 * typed before it), else the first typed one. -1: no mask in the text.
 */
export function activeMask(text: string, masked: Pick<TextWord, 'start'> | null): number {
  const typedBefore = (end: number) => panelWords(text).filter((w) => w.typed && w.start < end).length;
  if (masked) return typedBefore(masked.start);
  return panelWords(text).some((w) => w.typed) ? 0 : -1;
}

/** The text with one word replaced by <mask>. */
export function maskWord(text: string, word: Pick<TextWord, 'start' | 'end'>): string {
  return text.slice(0, word.start) + MASK + text.slice(word.end);
}

/** Token positions of the mask token (by id, or by its name when the id is unknown). */
export function maskPositions(record: Pick<ForwardRecord, 'ids' | 'tokens'>, maskId: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < record.tokens.length; i++)
    if (maskId >= 0 ? record.ids[i] === maskId : record.tokens[i] === MASK) out.push(i);
  return out;
}

// ---- Shuffling the words (the no-position model) ----------------------------------------------

/**
 * The text cut as the BPE tokenizer cuts it into chunks (cpp/text/bpe.cpp): runs of letters (ASCII
 * letters and every non-ASCII character), of digits, or of other ASCII symbols; white space dropped.
 * A typed <mask> is one chunk, as the tokenizer reads it (one special token, cpp/text/bpe.cpp).
 * Joined as " w1 w2 ...", every chunk carries the same leading space wherever it stands, so its
 * tokens do not depend on its neighbours and a shuffled text is a permutation of the tokens.
 */
export function bpeWords(text: string): string[] {
  return text.match(/<mask>|[A-Za-z\u0080-\u{10FFFF}]+|[0-9]+|[^A-Za-z0-9\s\u0080-\u{10FFFF}]+/gu) ?? [];
}

/** A word that is a run of punctuation (bpeWords), which the BPE reads as its own chunk. */
const isPunctuation = (word: string) => /^[^A-Za-z0-9\s\u0080-\u{10FFFF}]+$/u.test(word) && word !== '<mask>';

/**
 * The words as one text, each read as the BPE reads it in a sentence: a word after a space, a
 * punctuation run straight after the word before it (" ." would be a space token and "."). Two
 * punctuation runs side by side keep a space between them, or they would be one chunk.
 */
export const spacedText = (words: readonly string[]): string =>
  words.map((w, i) => (isPunctuation(w) && (i === 0 || !isPunctuation(words[i - 1])) ? w : ' ' + w)).join('');

/** A permutation of 0..n-1 from a seed (mulberry32 + Fisher-Yates); never the identity for n >= 2. */
export function shuffleOrder(n: number, seed: number): number[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let r = Math.imul(state ^ (state >>> 15), 1 | state);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  if (n >= 2 && order.every((v, i) => v === i)) order.push(order.shift() as number);
  return order;
}

/**
 * The shuffle demonstration's order of `words` (bpeWords): shuffleOrder, with punctuation runs
 * moved apart where two would meet (one chunk, or a space token between them, in the BPE), each
 * into the nearest gap between words that has none.
 */
export function shuffleWords(words: readonly string[], seed: number): number[] {
  const order = shuffleOrder(words.length, seed);
  const plain = order.filter((i) => !isPunctuation(words[i]));
  const gaps: number[][] = Array.from({ length: plain.length + 1 }, () => []);
  let seen = 0;
  const taken = new Set<number>();
  for (const i of order) {
    if (!isPunctuation(words[i])) {
      seen++;
      continue;
    }
    let gap = seen;
    for (let step = 0; step < gaps.length && taken.has(gap); step++) gap = (seen + step + 1) % gaps.length;
    taken.add(gap);
    gaps[gap].push(i);
  }
  return gaps.flatMap((g, k) => (k < plain.length ? [...g, plain[k]] : g));
}

/**
 * perm[i] = the token of `original` that token i of `shuffled` is (same id), matching equal ids in
 * order; null when the two are not permutations of each other.
 */
export function matchTokens(original: ArrayLike<number>, shuffled: ArrayLike<number>): Int32Array | null {
  if (original.length !== shuffled.length) return null;
  const free = new Map<number, number[]>();
  for (let i = 0; i < original.length; i++) {
    const list = free.get(original[i]) ?? [];
    list.push(i);
    free.set(original[i], list);
  }
  const perm = new Int32Array(shuffled.length);
  for (let i = 0; i < shuffled.length; i++) {
    const list = free.get(shuffled[i]);
    if (!list?.length) return null;
    perm[i] = list.shift() as number;
  }
  return perm;
}

/** The map with rows and columns reordered: out[i][j] = map[perm[i]][perm[j]]. */
export function permuteMap(map: AttentionMap, perm: ArrayLike<number>): AttentionMap {
  const n = perm.length;
  const weights = new Float32Array(n * n);
  const scores = new Float32Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      weights[i * n + j] = map.weights[perm[i] * map.cols + perm[j]];
      scores[i * n + j] = map.scores[perm[i] * map.cols + perm[j]];
    }
  const rowLabels = Array.from(perm, (p) => map.rowLabels[p]);
  const colLabels = Array.from(perm, (p) => map.colLabels[p]);
  return { ...map, rows: n, cols: n, weights, scores, rowLabels, colLabels };
}

/**
 * Largest |map_shuffled[i][j] - map_original[perm[i]][perm[j]]| over every layer and head (the
 * weights); Infinity when the maps do not line up.
 */
export function permutationError(
  original: readonly AttentionMap[],
  shuffled: readonly AttentionMap[],
  perm: ArrayLike<number>,
): number {
  if (!original.length || original.length !== shuffled.length) return Infinity;
  let worst = 0;
  for (const s of shuffled) {
    const o = original.find((m) => m.layer === s.layer && m.head === s.head);
    if (!o || s.rows !== perm.length || o.rows !== perm.length) return Infinity;
    const d = maxAbsDiff(s.weights, permuteMap(o, perm).weights);
    if (!(d <= worst)) worst = d;
  }
  return worst;
}

// ---- Self-attention against RNN and CNN ---------------------------------------------------------

/** One row of the comparison table (Vaswani et al. 2017, Table 1) for n tokens of width d. */

// ---- Model card ---------------------------------------------------------------------------------

/** What the lesson shows of a Transformer's card.json: size and a held-out metric. */
export interface TfCard {
  parameters: number | null;
  accuracy: number | null; // masked-token accuracy on the test split, 0..1
  perplexity: number | null; // test perplexity (language model)
  split: 'test' | 'valid' | null; // where the metric comes from
}

const numberOr = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

export function summarizeTfCard(card: Record<string, unknown>): TfCard {
  const metrics = (card.metrics ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const split of ['test', 'valid'] as const) {
    const m = metrics[split] ?? {};
    const accuracy = numberOr(m.masked_accuracy ?? m.accuracy ?? m.masked_token_accuracy);
    const perplexity = numberOr(m.perplexity);
    if (accuracy !== null || perplexity !== null)
      return { parameters: numberOr(card.parameters), accuracy, perplexity, split };
  }
  return { parameters: numberOr(card.parameters), accuracy: null, perplexity: null, split: null };
}

/** A token as a short label: leading space dropped, white space shown (␣ space, ↵ new line). */
export function tokenLabel(token: string): string {
  if (token === '') return '∅';
  if (token.trim() === '')
    return token.replace(/ /g, '␣').replace(/\n/g, '↵').replace(/\t/g, '⇥').replace(/\r/g, '␍');
  return token.trim();
}

/**
 * How far each token's output moved: |after_i - before_i| / |before_i| for the last layer's output
 * rows (0 where nothing changed). Null when a record lacks the tensor or the shapes differ.
 */
export function outputChange(
  before: ForwardRecord,
  after: ForwardRecord,
  nLayer: number,
): Float64Array | null {
  const name = layerTensor(nLayer - 1, TRACE.output);
  const a = findTensor(before, name);
  const b = findTensor(after, name);
  if (!a || !b || a.rows !== b.rows || a.cols !== b.cols) return null;
  const out = new Float64Array(a.rows);
  for (let i = 0; i < a.rows; i++) {
    let diff = 0;
    let norm = 0;
    for (let k = 0; k < a.cols; k++) {
      const x = a.data[i * a.cols + k];
      const d = b.data[i * a.cols + k] - x;
      diff += d * d;
      norm += x * x;
    }
    out[i] = Math.sqrt(diff) / (Math.sqrt(norm) || 1);
  }
  return out;
}
