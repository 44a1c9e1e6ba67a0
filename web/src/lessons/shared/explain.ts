// "Does attention explain the output?": the numbers of the panel every lesson offers, pure (no DOM,
// no engine), so Node tests check them. Following Jain & Wallace (2019) and Wiegreffe & Pinter
// (2019): how far the output moves when attention is made uniform, how different two seeds' maps
// of the same sentence are, and whether attention ranks the input tokens as the gradient does.

/** Softmax of one row of logits. */
export function softmax(logits: ArrayLike<number>): number[] {
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) max = Math.max(max, logits[i]);
  const e = Array.from(logits, (z) => Math.exp(z - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

/**
 * Total variation distance of two distributions: half the sum of |p - q|, 0 when they are the
 * same, 1 when they share nothing. The page says it as "how much probability moved".
 */
export function totalVariation(p: ArrayLike<number>, q: ArrayLike<number>): number {
  if (p.length !== q.length) throw new Error(`distributions of ${p.length} and ${q.length} outcomes`);
  let s = 0;
  for (let i = 0; i < p.length; i++) s += Math.abs(p[i] - q[i]);
  return s / 2;
}

/** Mean total variation over the rows two (rows x cols) row-major matrices of distributions share. */
export function meanRowDistance(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  rows: number,
  cols: number,
): number {
  if (rows <= 0) return 0;
  let s = 0;
  for (let r = 0; r < rows; r++) {
    const from = r * cols;
    s += totalVariation(
      Array.prototype.slice.call(a, from, from + cols),
      Array.prototype.slice.call(b, from, from + cols),
    );
  }
  return s / rows;
}

/** The most heads of one layer matchHeads pairs exactly (2^n subsets of n heads each). */
export const MAX_MATCHED_HEADS = 16;

/**
 * The pairing of two models' heads (cost[i][j]: the distance of my head i from their head j) with
 * the least total distance: match[i] is the head matched to head i. Head numbers are arbitrary (two
 * seeds may learn the same pattern in different heads), so two seeds' heads are compared through
 * this pairing, not by number. Exact, by dynamic programming over the sets of their heads already
 * taken (O(n^2 2^n): a Hungarian algorithm's answer, in a dozen lines for the few heads of a
 * layer); the numbers kept when no pairing is better. Null beyond MAX_MATCHED_HEADS heads.
 */
export function matchHeads(cost: readonly (readonly number[])[]): number[] | null {
  const n = cost.length;
  if (n > MAX_MATCHED_HEADS || cost.some((row) => row.length !== n)) return null;
  const size = 1 << n;
  const best = new Float64Array(size).fill(Infinity); // least cost of heads 0..k-1 onto the set
  const last = new Int32Array(size).fill(-1); // the head taken by head k-1 in that best
  best[0] = 0;
  for (let taken = 0; taken < size; taken++) {
    if (best[taken] === Infinity) continue;
    let i = 0; // my next head: as many as are already taken
    for (let m = taken; m; m &= m - 1) i++;
    if (i >= n) continue;
    for (let j = 0; j < n; j++) {
      if (taken & (1 << j)) continue;
      const next = taken | (1 << j);
      const c = best[taken] + cost[i][j];
      if (c < best[next]) {
        best[next] = c;
        last[next] = j;
      }
    }
  }
  const identity = Array.from({ length: n }, (_, i) => i);
  const kept = identity.reduce((s, i) => s + cost[i][i], 0);
  if (kept <= best[size - 1] + 1e-12) return identity;
  const match = new Array<number>(n);
  for (let i = n - 1, taken = size - 1; i >= 0; i--) {
    match[i] = last[taken];
    taken &= ~(1 << match[i]);
  }
  return match;
}

/** Ranks from 1 (smallest), ties sharing their average rank. */
export function ranks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x);
  const out = new Array<number>(xs.length);
  for (let k = 0; k < order.length;) {
    let end = k;
    while (end + 1 < order.length && order[end + 1].x === order[k].x) end++;
    const rank = (k + end) / 2 + 1;
    for (let m = k; m <= end; m++) out[order[m].i] = rank;
    k = end + 1;
  }
  return out;
}

/**
 * Spearman's rank correlation (the Pearson correlation of the ranks): 1 when the two orders agree,
 * -1 when reversed, about 0 when unrelated. Null with fewer than 3 values or a constant list (no
 * order to compare).
 */
export function spearman(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length) throw new Error(`lists of ${a.length} and ${b.length} values`);
  if (a.length < 3) return null;
  const ra = ranks(a);
  const rb = ranks(b);
  const mean = (a.length + 1) / 2;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (ra[i] - mean) * (rb[i] - mean);
    da += (ra[i] - mean) ** 2;
    db += (rb[i] - mean) ** 2;
  }
  return da === 0 || db === 0 ? null : num / Math.sqrt(da * db);
}

/** The argmax of a row: the word the model writes or guesses. */
export function argmax(xs: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < xs.length; i++) if (xs[i] > xs[best]) best = i;
  return best;
}

/** A vocabulary piece as the panel prints it: trimmed, or its white space made visible. */
export function visiblePiece(piece: string): string {
  return piece.trim() || piece.replace(/ /g, '␣').replace(/\n/g, '↵').replace(/\t/g, '⇥');
}

/**
 * Above this probability of the explained word the gradient of log p vanishes (d log p / d z is
 * about 1 - p for its own logit), so |gradient x input| is near 0 for every word and its order says
 * little: the panel says so instead of giving a rank correlation (lesson 1's first word: p = 0.9995,
 * every value at most 6e-4).
 */
export const SATURATED = 0.99;

/** One input word as the attention-gradient comparison reads it: its label and its pieces. */
export interface InputWord {
  label: string;
  pieces: number[];
}

/**
 * Attention and gradient x input over whole words, so the two compare like with like: a word's
 * attention is the sum of its pieces' weights (as the lessons' word maps), its gradient x input the
 * sum of its pieces' (signed: the first-order change of log p when the whole word's vectors are
 * scaled), then its size. `keys`: the pieces the row may read (a word cut by it keeps what it read).
 */
export function wordImportance(
  words: readonly InputWord[],
  attention: readonly number[],
  perToken: readonly number[],
  keys: number,
): { tokens: string[]; attention: number[]; gradient: number[] } {
  const out = { tokens: [] as string[], attention: [] as number[], gradient: [] as number[] };
  for (const w of words) {
    const read = w.pieces.filter((p) => p < keys && p < attention.length && p < perToken.length);
    if (!read.length) continue;
    out.tokens.push(w.label);
    out.attention.push(read.reduce((s, p) => s + attention[p], 0));
    out.gradient.push(Math.abs(read.reduce((s, p) => s + perToken[p], 0)));
  }
  return out;
}
