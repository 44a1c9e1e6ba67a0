// Plain records the views draw from, and pure helpers over them. Nothing here touches the WASM
// module or the DOM, so Vitest runs it in Node and any view can be re-rendered from these alone.

/** One attention map of the trace. Glossary: rows = queries (readers), cols = keys (read). */
export interface AttentionMap {
  name: string;
  layer: number; // 0-based
  head: number; // 0-based
  rows: number;
  cols: number;
  rowLabels: string[]; // (rows)
  colLabels: string[]; // (cols)
  scores: Float32Array; // (rows, cols) row-major, before softmax
  weights: Float32Array; // (rows, cols) row-major, after softmax: each row sums to 1
  /**
   * Rows an intervention changed (engine/intervention.ts; absent or empty without one), numbered
   * as the intervention numbers them: for a Seq2Seq map, 0 is the start step s_0 and j is this
   * map's row j - 1.
   */
  editedRows?: number[];
}

/** Another trace tensor (hidden states, q/k/v, logits, ...). */
export interface Tensor {
  name: string;
  rows: number;
  cols: number;
  data: Float32Array; // (rows, cols) row-major
}

/** Set when the text had more tokens than the model reads and only its beginning was run. */
export interface Truncation {
  tokens: number; // tokens of the whole text
  maxTokens: number; // what the model reads
  chars: number; // code points of the prefix that was run
}

export interface ForwardRecord {
  tokens: string[]; // what the tokenizer made of the text
  ids: Int32Array; // (tokens)
  unknown: boolean[]; // (tokens) word not in the model's vocabulary (word-level tokenizers)
  wordOf: Int32Array; // (tokens) index into words: BPE splits one word into several tokens
  words: string[];
  outputTokens: string[]; // models that generate (seq2seq): the output, end token excluded
  /**
   * Models that generate: the most decoder steps this input allows, min(2 x its tokens + 5, the
   * model's max_output_len); 0 for the others and for forced decoding (issue 53, "never loop").
   */
  outputLimit: number;
  /** The decoder reached `outputLimit` without writing its end token: it was stopped for length. */
  stoppedForLength: boolean;
  maps: AttentionMap[];
  tensors: Tensor[];
  truncated: Truncation | null;
}

export interface ModelInfo {
  config: Record<string, unknown>;
  card: Record<string, unknown>;
  parameters: number;
}

/** config.json of a model; only the fields the page reads are typed. */
export interface ModelConfig {
  architecture: string;
  vocab_size: number;
  d_model: number;
  n_head: number;
  positional: string;
  causal: boolean;
  tokenizer: { kind: string };
  [key: string]: unknown;
}

/** The untrained demo model of the first page (docs/engine-contract.md). */
export const DEMO_CONFIG: ModelConfig = {
  architecture: 'attention_encoder',
  vocab_size: 512,
  d_model: 32,
  n_head: 2,
  positional: 'sinusoidal',
  causal: false,
  tokenizer: { kind: 'hash_words' },
};
export const DEMO_SEED = 1;

/** Anything with a (rows, cols) row-major buffer: a map's weights or scores, a tensor. */
export interface Grid {
  rows: number;
  cols: number;
  values: ArrayLike<number>;
}

export const weightsOf = (map: AttentionMap): Grid => ({
  rows: map.rows,
  cols: map.cols,
  values: map.weights,
});
export const scoresOf = (map: AttentionMap): Grid => ({ rows: map.rows, cols: map.cols, values: map.scores });

/** Sum of each row, accumulated in double. */
export function rowSums(grid: Grid): Float64Array {
  const sums = new Float64Array(grid.rows);
  for (let r = 0; r < grid.rows; r++) {
    let s = 0;
    for (let c = 0; c < grid.cols; c++) s += grid.values[r * grid.cols + c];
    sums[r] = s;
  }
  return sums;
}

/** Column of the largest value in each row (first one on ties); -1 for a row with no columns. */
export function argmaxPerRow(grid: Grid): Int32Array {
  const out = new Int32Array(grid.rows).fill(-1);
  for (let r = 0; r < grid.rows; r++) {
    let best = -Infinity;
    for (let c = 0; c < grid.cols; c++) {
      const v = grid.values[r * grid.cols + c];
      if (v > best) {
        best = v;
        out[r] = c;
      }
    }
  }
  return out;
}

/** Indices of the k largest values of one row, largest first. */
export function topKInRow(grid: Grid, row: number, k: number): number[] {
  return topIndices(grid.values, k, row * grid.cols, (row + 1) * grid.cols);
}

/**
 * Indices of the k largest of `values`, largest first, the lower index first among equals: what
 * sorting every index would give, in one pass that keeps only k (the lessons ask for 5 of 2,048
 * next tokens on every keystroke). NaN comes after every number. Only values[start..end) are
 * read; the indices returned count from `start`.
 */
export function topIndices(values: ArrayLike<number>, k: number, start = 0, end = values.length): number[] {
  const top: number[] = [];
  const want = Math.max(0, Math.min(k, end - start));
  const before = (i: number, j: number) => {
    const a = values[start + i];
    const b = values[start + j];
    return a > b || (a === b && i < j) || (Number.isNaN(b) && !Number.isNaN(a));
  };
  for (let i = 0; i < end - start && want > 0; i++) {
    if (top.length === want && !before(i, top[want - 1])) continue;
    if (top.length === want) top.pop();
    let at = top.length;
    while (at > 0 && before(i, top[at - 1])) at--;
    top.splice(at, 0, i);
  }
  return top;
}

export function maxValue(values: ArrayLike<number>): number {
  let m = -Infinity;
  for (let i = 0; i < values.length; i++) if (values[i] > m) m = values[i];
  return m;
}

export function allFinite(values: ArrayLike<number>): boolean {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return false;
  return true;
}

/** Largest |a_i - b_i|; Infinity when the lengths differ, NaN when a value is not finite. */
export function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (!(d <= m)) m = d; // NaN propagates: NaN <= m is false
  }
  return m;
}

/**
 * What is wrong with a map, in words (empty when nothing is): shapes that disagree, values that
 * are not finite, weight rows that do not sum to 1 within `tolerance`.
 */
export function mapProblems(map: AttentionMap, tolerance = 1e-5): string[] {
  const problems: string[] = [];
  const n = map.rows * map.cols;
  if (map.weights.length !== n)
    problems.push(`${map.name}: weights has ${map.weights.length} values, expected ${n}`);
  if (map.scores.length !== n)
    problems.push(`${map.name}: scores has ${map.scores.length} values, expected ${n}`);
  if (map.rowLabels.length !== map.rows)
    problems.push(`${map.name}: ${map.rowLabels.length} row labels for ${map.rows} rows`);
  if (map.colLabels.length !== map.cols)
    problems.push(`${map.name}: ${map.colLabels.length} column labels for ${map.cols} columns`);
  if (!allFinite(map.weights)) problems.push(`${map.name}: weights not finite`);
  if (problems.length) return problems;
  rowSums(weightsOf(map)).forEach((s, r) => {
    if (!(Math.abs(s - 1) <= tolerance)) problems.push(`${map.name}: row ${r} of weights sums to ${s}`);
  });
  return problems;
}

/** Number of Unicode code points (what a person counts as characters, emoji included). */
export function countChars(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export interface ClippedText {
  text: string; // at most `limit` code points, never a broken surrogate pair
  clipped: boolean;
  length: number; // code points of the original
}

/** Keeps the first `limit` code points of `text`. */
export function clipText(text: string, limit: number): ClippedText {
  if (text.length <= limit) return { text, clipped: false, length: countChars(text) };
  let kept = 0;
  let end = 0;
  for (const ch of text) {
    if (kept === limit) break;
    kept++;
    end += ch.length;
  }
  const length = kept < limit ? kept : countChars(text);
  return { text: text.slice(0, end), clipped: end < text.length, length };
}

/** Shortens a label to at most `max` code points, ending in an ellipsis when cut. */
export function truncateLabel(label: string, max: number): string {
  const chars = Array.from(label);
  if (chars.length <= max) return label;
  return chars.slice(0, Math.max(1, max - 1)).join('') + '…';
}

/** Whether the maps come from more than one layer (the head selector then names the layer too). */
export function hasSeveralLayers(maps: readonly AttentionMap[]): boolean {
  return maps.some((m) => m.layer !== maps[0].layer);
}

/** Whether the text has a letter or a digit (not only spaces, punctuation and symbols). */
export function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** The end token a generating model writes as its last decoder step (seq2seq maps label it). */
export const END_TOKEN = '<eos>';

/** The trace tensor called `name`, if the trace has it. */
export function findTensor(record: Pick<ForwardRecord, 'tensors'>, name: string): Tensor | undefined {
  return record.tensors.find((t) => t.name === name);
}

/** Row r of a tensor (a view, not a copy); null when there is no such tensor or row. */
export function tensorRow(tensor: Tensor | undefined, r: number): Float32Array | null {
  if (!tensor || r < 0 || r >= tensor.rows) return null;
  return tensor.data.subarray(r * tensor.cols, (r + 1) * tensor.cols);
}
