// Pure helpers of the Seq2Seq lesson over plain records (no DOM, no WASM): the numbers of one
// decoder step, the difference of two attention maps, word suggestions, the accuracy-by-length
// figures of a model card, and an intervention's before and after (each forced step's pick, the
// words a free translation changed). Vitest runs them on real engine output.

import { TRACE } from '../../engine/trace-names';
import { findTensor, tensorRow, type AttentionMap, type ForwardRecord } from '../../engine/records';
import { softmaxRow } from '../shared/lm';
import type { CardSummary } from '../../engine/model-folder';

/** The start row's label: s_0 = h_m reads the sentence once, before the first French word. */
export const START_LABEL = 's₀';

/**
 * The map the lesson draws: the start row (alpha_0 from s_0 = h_m, which gives c_0, the context
 * the first decoder step reads) above the t decoder steps, so m(t + 1) weights in all, as the
 * engine computes them. Null when the trace has no start attention (a model without attention).
 */
export function mapWithStart(record: ForwardRecord): AttentionMap | null {
  // One object per record: the lesson renders twice per keystroke (the new text, then its answer)
  // and three parts read this; a new object each time redrew the map and the step panel's strips
  // although the record had not changed (records are never changed in place).
  if (!startMaps.has(record)) startMaps.set(record, buildMapWithStart(record));
  return startMaps.get(record) ?? null;
}

const startMaps = new WeakMap<ForwardRecord, AttentionMap | null>();

function buildMapWithStart(record: ForwardRecord): AttentionMap | null {
  const map = record.maps[0];
  const scores = findTensor(record, TRACE.initialScores);
  const weights = findTensor(record, TRACE.initialWeights);
  if (!map || !scores || !weights || scores.cols !== map.cols || weights.cols !== map.cols) return null;
  const n = (map.rows + 1) * map.cols;
  const all = (first: Float32Array, rest: Float32Array) => {
    const out = new Float32Array(n);
    out.set(first.subarray(0, map.cols));
    out.set(rest, map.cols);
    return out;
  };
  return {
    ...map,
    rows: map.rows + 1,
    rowLabels: [START_LABEL, ...map.rowLabels],
    scores: all(scores.data, map.scores),
    weights: all(weights.data, map.weights),
  };
}

/** The word the decoder wrote at one step and the probability softmax(out[s_j; c_j]) gave it. */
export interface StepOutput {
  word: string;
  probability: number;
}

/**
 * Everything the step-through panel shows for one row of mapWithStart: row 0 is the start step
 * (alpha_0 from s_0, giving c_0; no word written), row j >= 1 is decoder step j.
 */
export interface StepDetail {
  row: number;
  /** Step j's inputs: x'_j (the embedding of the word written before), s_{j-1}, c_{j-1}; null at the start. */
  inputs: { word: string; embedding: Float32Array; state: Float32Array; context: Float32Array } | null;
  state: Float32Array; // s_j, the query (s_0 = h_m at the start)
  scores: Float32Array; // (m) e_ij, before the softmax
  weights: Float32Array; // (m) alpha_ij
  keys: Float32Array[]; // (m) h_i
  context: Float32Array; // c_j as the engine computed it
  output: StepOutput | null; // the word step j writes; null at the start
  weightSum: number; // sum_i alpha_ij
  /** max_k |c_j[k] - sum_i alpha_ij h_i[k]|: the panel's sum recomputed from the numbers shown. */
  contextError: number;
  /** Largest |value| over the vectors shown: one colour scale for all strips of the panel. */
  scale: number;
}

/**
 * Reads one row of mapWithStart from a Seq2Seq trace: tensors "encoder_states" (m, D),
 * "decoder_inputs" (t, E), "decoder_states" (t+1, D, row 0 = s_0), "contexts" (t+1, D, row 0 =
 * c_0), "logits" (t, V) and the start attention.
 */
export function stepDetail(record: ForwardRecord, row: number): StepDetail | null {
  let rows = stepDetails.get(record);
  if (!rows) stepDetails.set(record, (rows = new Map()));
  if (!rows.has(row)) rows.set(row, buildStepDetail(record, row));
  return rows.get(row) ?? null;
}

const stepDetails = new WeakMap<ForwardRecord, Map<number, StepDetail | null>>();

function buildStepDetail(record: ForwardRecord, row: number): StepDetail | null {
  const map = mapWithStart(record);
  const encoder = findTensor(record, TRACE.encoderStates);
  const inputs = findTensor(record, TRACE.decoderInputs);
  const decoder = findTensor(record, TRACE.decoderStates);
  const contexts = findTensor(record, TRACE.contexts);
  const logits = findTensor(record, TRACE.logits);
  if (!map || !encoder || !inputs || !decoder || !contexts || !logits || row < 0 || row >= map.rows)
    return null;
  const t = map.rows - 1;
  if (decoder.rows !== t + 1 || contexts.rows !== t + 1 || inputs.rows !== t || logits.rows !== t)
    return null;
  if (encoder.rows !== map.cols) return null;
  const m = map.cols;
  const weights = map.weights.subarray(row * m, (row + 1) * m);
  const at = (x: typeof encoder, r: number) => tensorRow(x, r) as Float32Array; // rows checked above
  const keys = Array.from({ length: m }, (_, i) => at(encoder, i));
  const context = at(contexts, row);
  let weightSum = 0;
  for (const w of weights) weightSum += w;
  let contextError = 0;
  for (let k = 0; k < context.length; k++) {
    let sum = 0;
    for (let i = 0; i < m; i++) sum += weights[i] * keys[i][k];
    contextError = Math.max(contextError, Math.abs(sum - context[k]));
  }
  const state = at(decoder, row);
  const stepInputs =
    row === 0
      ? null
      : {
          word: row === 1 ? '<bos>' : map.rowLabels[row - 1],
          embedding: at(inputs, row - 1),
          state: at(decoder, row - 1),
          context: at(contexts, row - 1),
        };
  let output: StepOutput | null = null;
  if (row > 0) {
    const z = at(logits, row - 1);
    let best = 0;
    for (let v = 1; v < z.length; v++) if (z[v] > z[best]) best = v;
    let total = 0;
    for (const x of z) total += Math.exp(x - z[best]);
    output = { word: map.rowLabels[row], probability: 1 / total };
  }
  let scale = 0;
  const shown = [state, context, ...keys, ...(stepInputs ? [stepInputs.state, stepInputs.context] : [])];
  for (const v of shown) for (const x of v) scale = Math.max(scale, Math.abs(x));
  return {
    row,
    inputs: stepInputs,
    state,
    scores: map.scores.subarray(row * m, (row + 1) * m),
    weights,
    keys,
    context,
    output,
    weightSum,
    contextError,
    scale: scale || 1,
  };
}

/** How many leading rows two maps of the same sentence share (same output word at each step). */
export function agreeingRows(a: AttentionMap, b: AttentionMap): number {
  if (a.cols !== b.cols) return 0;
  let r = 0;
  while (r < a.rows && r < b.rows && a.rowLabels[r] === b.rowLabels[r]) r++;
  return r;
}

/** a - b over the first `rows` rows: positive where a attends more. Scores are not defined (NaN). */
export function differenceMap(a: AttentionMap, b: AttentionMap, rows: number, name: string): AttentionMap {
  const n = rows * a.cols;
  const weights = new Float32Array(n);
  for (let i = 0; i < n; i++) weights[i] = a.weights[i] - b.weights[i];
  return {
    name,
    layer: 0,
    head: 0,
    rows,
    cols: a.cols,
    rowLabels: a.rowLabels.slice(0, rows),
    colLabels: a.colLabels,
    scores: new Float32Array(n).fill(Number.NaN),
    editedRows: [],
    weights,
  };
}

/**
 * Known words that complete the word being typed at `caret` (letters, digits, ' and - before
 * it), shortest first. No prefix (a caret of -1: nobody has typed yet), or a prefix that is
 * already a known word ("apple", which "apples" would only change), gives no suggestions.
 */
export function suggestWords(
  text: string,
  caret: number,
  vocabulary: readonly string[],
  limit: number,
): { prefix: string; words: string[] } {
  const before = text.slice(0, Math.max(0, Math.min(caret, text.length)));
  const match = /[\p{L}\p{N}'-]+$/u.exec(before);
  const prefix = match ? match[0] : '';
  const lower = prefix.toLowerCase();
  if (!prefix || vocabulary.includes(lower)) return { prefix, words: [] };
  const words = vocabulary
    .filter((w) => w.startsWith(lower) && w !== lower)
    .sort((x, y) => x.length - y.length || (x < y ? -1 : x > y ? 1 : 0))
    .slice(0, limit);
  return { prefix, words };
}

/** One bucket of source lengths with the test-set exact match in it. */
export interface LengthPoint {
  lo: number; // shortest source length in the bucket (tokens)
  hi: number; // longest
  exactMatch: number; // 0..1
  n: number; // test sentences in the bucket
}

/** card.metrics.test.exact_match_by_length ({"3-7": {exact_match, n}, ...}) as sorted points. */
export function accuracyByLength(card: Record<string, unknown>): LengthPoint[] {
  const metrics = (card.metrics ?? {}) as Record<string, unknown>;
  const test = (metrics.test ?? {}) as Record<string, unknown>;
  const buckets = (test.exact_match_by_length ?? {}) as Record<string, unknown>;
  const points: LengthPoint[] = [];
  for (const [key, value] of Object.entries(buckets)) {
    const range = /^(\d+)-(\d+)$/.exec(key);
    const entry = (value ?? {}) as Record<string, unknown>;
    if (!range || typeof entry.exact_match !== 'number' || typeof entry.n !== 'number' || entry.n <= 0)
      continue;
    points.push({ lo: Number(range[1]), hi: Number(range[2]), exactMatch: entry.exact_match, n: entry.n });
  }
  return points.sort((a, b) => a.lo - b.lo);
}

/**
 * Every English sentence the models learned from ends with " ." (the corpus has no other ending),
 * and without it the decoder rarely writes its end token: it repeats itself until the engine stops
 * it (2 x the words + 5, issue 53). So a sentence typed without a full stop is read with one added;
 * `added` says so, for the page to tell.
 * The Chinese sentences of the English-Chinese grammar end with "。" (`stop`).
 */
export function withFullStop(text: string, stop = '.'): { text: string; added: boolean } {
  const trimmed = text.trimEnd();
  if (trimmed === '' || trimmed.endsWith(stop)) return { text, added: false };
  return { text: `${trimmed} ${stop}`, added: true };
}

/** True when the record has words and the model knows none of them (punctuation does not count). */
export function allWordsUnknown(record: ForwardRecord): boolean {
  const words = record.tokens
    .map((token, i) => ({ token, unknown: record.unknown[i] }))
    .filter((w) => /[\p{L}\p{N}]/u.test(w.token));
  return words.length > 0 && words.every((w) => w.unknown);
}

/** One decoder step of forced decoding: the word the model picks before and after the change. */
export interface ForcedPick {
  step: number; // 1-based, as the map's rows count French words
  forced: string; // the original word the decoder reads at this step
  before: { word: string; p: number };
  after: { word: string; p: number };
  changed: boolean;
}

function pickAt(record: ForwardRecord, row: number, vocabulary: readonly string[]) {
  const logits = findTensor(record, TRACE.logits);
  if (!logits || row >= logits.rows) return null;
  const p = softmaxRow(logits, row);
  let best = 0;
  for (let v = 1; v < p.length; v++) if (p[v] > p[best]) best = v;
  return { word: vocabulary[best] ?? `#${best}`, p: p[best] };
}

/**
 * Each forced step's pick (the argmax of softmax(out[s_j; c_j])) in the original record and in the
 * edited forced record. Both decode the same French words, so step j is comparable.
 */
export function forcedPicks(
  before: ForwardRecord,
  after: ForwardRecord,
  vocabulary: readonly string[],
): ForcedPick[] {
  const steps = before.maps[0]?.rowLabels ?? [];
  const out: ForcedPick[] = [];
  steps.forEach((forced, j) => {
    const b = pickAt(before, j, vocabulary);
    const a = pickAt(after, j, vocabulary);
    if (b && a) out.push({ step: j + 1, forced, before: b, after: a, changed: a.word !== b.word });
  });
  return out;
}

/**
 * Which words of `after` are new against `before`: those outside a longest common subsequence of
 * the two, so a word inserted early marks that word, not every word after it.
 */
export function changedWords(after: readonly string[], before: readonly string[]): boolean[] {
  const n = after.length;
  const m = before.length;
  // lcs[i][j]: length of the longest common subsequence of after[i..] and before[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i][j] = after[i] === before[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const changed = new Array<boolean>(n).fill(true);
  for (let i = 0, j = 0; i < n && j < m;) {
    if (after[i] === before[j]) {
      changed[i] = false;
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) i++;
    else j++;
  }
  return changed;
}

/** The output of a model as text: Chinese words joined without spaces, other languages with one. */
export function joinWords(words: readonly string[], target: 'en' | 'fr' | 'zh'): string {
  return target === 'zh' ? words.join('') : words.join(' ');
}

/**
 * The issue's targets for a Seq2Seq model with attention (issue 19, as for English-French; the
 * cards' "targets", scripts/card-targets): at least 90% exact match, and an alignment miss rate and
 * an alignment error rate (AER) of at most 15% each, on the held-out test set.
 */
export const SEQ2SEQ_TARGETS = { exactMatch: 0.9, alignmentMiss: 0.15, aer: 0.15 };

/** Whether a card meets the targets (null: the card has no such number). */
export function targetsMet(card: CardSummary): {
  exact: boolean | null;
  miss: boolean | null;
  aer: boolean | null;
} {
  return {
    exact: card.exactMatch === null ? null : card.exactMatch >= SEQ2SEQ_TARGETS.exactMatch,
    miss: card.alignmentMiss === null ? null : card.alignmentMiss <= SEQ2SEQ_TARGETS.alignmentMiss,
    aer: card.aer === null ? null : card.aer <= SEQ2SEQ_TARGETS.aer,
  };
}

/** A model's exact match by source length (the length chart's curve), and the tables its card says it keeps in 4 bits. */
export interface LengthCurve {
  key: string;
  points: LengthPoint[];
  fourBit: 'all' | string[];
  /** Fine-tuned with those 4-bit tables from an 8-bit model (card training.init_from). */
  tuned?: boolean;
}

/** The curves whose models keep tables in 4 bits (every 2-D weight: 'all'), for the chart to name. */
export function fourBitCurves(curves: readonly LengthCurve[]): LengthCurve[] {
  return curves.filter((c) => c.fourBit === 'all' || c.fourBit.length > 0);
}
