// Lesson 2 (a language model that reads with self-attention, models/lm-*): pure helpers over its
// forward records. The tokenizer is byte-level BPE, so one word may be several pieces; the lesson
// shows attention per word (the sum of its pieces' weights) and lets the student see the pieces.
// Nothing here touches the WASM module or the DOM.

import { topIndices, type AttentionMap, type ForwardRecord, type Tensor } from '../../engine/records';

/** One word of the text as the reading figure shows it, and the pieces (tokens) it is made of. */
export interface WordGroup {
  label: string; // the word without its leading space, as typed
  pieces: number[]; // token indices, in order
  row: number; // token index of the last piece: the step at which the model has read the word
}

const isBlank = (text: string) => /^\s*$/u.test(text);

/**
 * The words of a record (`words`, `wordOf` as the BPE tokenizer cut them). A run of white space
 * is its own chunk for the tokenizer; here it joins the word that follows it (it is that word's
 * leading space), and white space at the very end is left out, since no word follows it. Without
 * word information every token is its own word.
 */
export function wordGroups(record: Pick<ForwardRecord, 'tokens' | 'wordOf' | 'words'>): WordGroup[] {
  const n = record.tokens.length;
  if (record.wordOf.length !== n) {
    return record.tokens.map((token, i) => ({ label: token.trim() || token, pieces: [i], row: i }));
  }
  const groups: WordGroup[] = [];
  let pending: number[] = []; // white-space pieces waiting for the next word
  for (let i = 0; i < n;) {
    const word = record.wordOf[i];
    const pieces: number[] = [];
    while (i < n && record.wordOf[i] === word) pieces.push(i++);
    const text = record.words[word] ?? pieces.map((p) => record.tokens[p]).join('');
    if (isBlank(text)) {
      pending.push(...pieces);
      continue;
    }
    groups.push({ label: text.trim(), pieces: [...pending, ...pieces], row: pieces[pieces.length - 1] });
    pending = [];
  }
  return groups;
}

/** Each token as its own group: the pieces view (labels keep their leading space). */
export function pieceGroups(record: Pick<ForwardRecord, 'tokens'>): WordGroup[] {
  return record.tokens.map((token, i) => ({ label: token, pieces: [i], row: i }));
}

/**
 * How a word reads when it is several pieces: `last`, its last piece's row (a left-to-right model:
 * the step at which the whole word has been read, lesson 2); `mean`, the mean of its pieces' rows
 * (a model that reads both ways, where every piece reads on its own: lesson 3's masked LMs, as
 * Clark et al. 2019 group BERT's attention by words).
 */
export type WordRows = 'last' | 'mean';

/**
 * The self-attention map over `groups`: row g is how word g reads (`rows`), and column h is the
 * weight it gives word h, the sum of the weights of h's pieces; every row still sums to 1 (with
 * `last`, words after g get 0 in a causal map, so it stays lower triangular). A word's weight is a
 * sum of several softmax outputs, not one score: a score is kept only where the cell is one piece
 * reading one piece. The rows an intervention changed (editedRows, by token) become the words whose
 * row holds them.
 */
export function groupMap(
  map: AttentionMap,
  groups: readonly WordGroup[],
  rows: WordRows = 'last',
): AttentionMap {
  const g = groups.length;
  const weights = new Float32Array(g * g);
  const scores = new Float32Array(g * g).fill(NaN);
  const readers = groups.map((w) => (rows === 'last' ? [w.row] : w.pieces));
  for (let r = 0; r < g; r++) {
    const from = readers[r];
    for (let c = 0; c < g; c++) {
      let sum = 0;
      for (const row of from) for (const p of groups[c].pieces) sum += map.weights[row * map.cols + p];
      weights[r * g + c] = sum / from.length;
      const one = from.length === 1 && groups[c].pieces.length === 1;
      if (one && (rows === 'mean' || c <= r))
        scores[r * g + c] = map.scores[from[0] * map.cols + groups[c].pieces[0]];
    }
  }
  const labels = groups.map((w) => w.label);
  const edited = new Set(map.editedRows ?? []);
  const editedRows = readers.flatMap((from, r) => (from.some((row) => edited.has(row)) ? [r] : []));
  return { ...map, rows: g, cols: g, rowLabels: labels, colLabels: [...labels], weights, scores, editedRows };
}

/** The weights of one row of a group map in double precision (what the figure's data-alpha carries). */
export function groupRow(map: AttentionMap, groups: readonly WordGroup[], r: number): Float64Array {
  const out = new Float64Array(r + 1);
  const row = groups[r].row;
  for (let c = 0; c <= r; c++) for (const p of groups[c].pieces) out[c] += map.weights[row * map.cols + p];
  return out;
}

/**
 * The mean weight a piece gives itself, mean of alpha_ii over pieces 2..n of a (piece-level)
 * self-attention map: the quantity the self-weight penalty adds to the training loss (the first
 * piece can only read itself, alpha_11 = 1, so it is left out). Near 1 the attention has collapsed
 * onto the piece being read (c_i = h_i, a diagonal map). null for fewer than two pieces.
 */
export function meanSelfWeight(map: Pick<AttentionMap, 'rows' | 'cols' | 'weights'>): number | null {
  const n = Math.min(map.rows, map.cols);
  if (n < 2) return null;
  let sum = 0;
  for (let i = 1; i < n; i++) sum += map.weights[i * map.cols + i];
  return sum / (n - 1);
}

/**
 * The mean weight pieces 3..n give the first piece (alpha_i1): near 1 the attention has sunk onto
 * the first piece, so the read c_i is nearly the same vector at every step and carries almost
 * nothing of the text. Piece 2 is left out (the first piece is also the one just before it).
 * null for fewer than three pieces.
 */
export function meanFirstWeight(map: Pick<AttentionMap, 'rows' | 'cols' | 'weights'>): number | null {
  const n = Math.min(map.rows, map.cols);
  if (n < 3) return null;
  let sum = 0;
  for (let i = 2; i < n; i++) sum += map.weights[i * map.cols];
  return sum / (n - 2);
}

/** softmax of one row of a (rows, V) tensor, in double. */
export function softmaxRow(tensor: Tensor, row: number): Float64Array {
  const v = tensor.cols;
  const out = new Float64Array(v);
  let max = -Infinity;
  for (let k = 0; k < v; k++) max = Math.max(max, tensor.data[row * v + k]);
  let sum = 0;
  for (let k = 0; k < v; k++) {
    out[k] = Math.exp(tensor.data[row * v + k] - max);
    sum += out[k];
  }
  for (let k = 0; k < v; k++) out[k] /= sum;
  return out;
}

export interface NextToken {
  id: number;
  token: string; // the piece as text ("" when the vocabulary does not name it)
  probability: number; // 0..1
}

/** The k most probable next tokens after step `row`, most probable first (softmax of the logits). */
export function topNext(logits: Tensor, row: number, k: number, vocabulary: readonly string[]): NextToken[] {
  const p = softmaxRow(logits, row);
  return topIndices(p, k).map((id) => ({ id, token: vocabulary[id] ?? '', probability: p[id] }));
}

/** Bytes as readable text: valid UTF-8 decoded, any other byte as <XX> (cpp/text/bpe.cpp display_bytes). */
export function displayBytes(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const n = utf8SequenceLength(bytes, i);
    if (n === 0) {
      out += `<${bytes[i].toString(16).toUpperCase().padStart(2, '0')}>`;
      i++;
      continue;
    }
    let cp = n === 1 ? bytes[i] : bytes[i] & (0xff >> (n + 1));
    for (let k = 1; k < n; k++) cp = (cp << 6) | (bytes[i + k] & 0x3f);
    out += String.fromCodePoint(cp);
    i += n;
  }
  return out;
}

/** Length of the valid UTF-8 sequence starting at i, 0 when there is none (cpp/text/utf8.cpp). */
function utf8SequenceLength(s: readonly number[], i: number): number {
  const c = s[i];
  const n = c < 0x80 ? 1 : c >> 5 === 0x6 ? 2 : c >> 4 === 0xe ? 3 : c >> 3 === 0x1e ? 4 : 0;
  if (n === 0 || i + n > s.length) return 0;
  for (let k = 1; k < n; k++) if ((s[i + k] & 0xc0) !== 0x80) return 0;
  if (n === 2 && c < 0xc2) return 0; // overlong
  if (n === 3) {
    const cp = ((c & 0x0f) << 12) | ((s[i + 1] & 0x3f) << 6) | (s[i + 2] & 0x3f);
    if (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)) return 0; // overlong or surrogate
  }
  if (n === 4) {
    const cp = ((c & 0x07) << 18) | ((s[i + 1] & 0x3f) << 12) | ((s[i + 2] & 0x3f) << 6) | (s[i + 3] & 0x3f);
    if (cp < 0x10000 || cp > 0x10ffff) return 0;
  }
  return n;
}

/**
 * Every token of a model's tokenizer as text, indexed by id. Byte-level BPE
 * ({kind: "bpe", merges, special}): ids 0..255 are the bytes, merge k makes id 256 + k, the
 * special tokens follow. A word tokenizer lists its vocabulary. Anything else: an empty list.
 */
export function tokenVocabulary(tokenizer: unknown): string[] {
  const t = (tokenizer ?? {}) as { kind?: unknown; merges?: unknown; special?: unknown; vocab?: unknown };
  if (t.kind !== 'bpe') return Array.isArray(t.vocab) ? t.vocab.map(String) : [];
  const bytes: number[][] = Array.from({ length: 256 }, (_, b) => [b]);
  for (const merge of Array.isArray(t.merges) ? t.merges : []) {
    const [a, b] = merge as [number, number];
    bytes.push([...(bytes[a] ?? []), ...(bytes[b] ?? [])]);
  }
  const vocabulary = bytes.map(displayBytes);
  for (const special of Array.isArray(t.special) ? t.special : []) vocabulary.push(String(special));
  return vocabulary;
}

/** What the lesson shows of a language model's card.json: size, held-out perplexity, window. */
export interface LmCard {
  parameters: number | null;
  testPerplexity: number | null;
  validPerplexity: number | null;
  /** Pieces per window the perplexities were measured with (metrics.context). */
  context: number | null;
  /** The text it was trained on (data.corpus): perplexities compare only on the same text. */
  corpus: string | null;
}

const numberOr = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

export function summarizeLmCard(card: Record<string, unknown>): LmCard {
  const metrics = (card.metrics ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return {
    parameters: numberOr(card.parameters),
    testPerplexity: numberOr(metrics.test?.perplexity),
    validPerplexity: numberOr(metrics.valid?.perplexity),
    context: numberOr(metrics.context),
    corpus:
      typeof (card.data as { corpus?: unknown } | undefined)?.corpus === 'string'
        ? String((card.data as { corpus: string }).corpus)
        : null,
  };
}

/** The best constant guess a card reports (metrics.constant_guess, written by `attnlab train`). */
export interface ConstantGuess {
  perplexity: number; // the training text's token frequencies, scored on the test text
  accuracy: number; // always guessing the most frequent token
  token: string; // that token
}

export function constantGuessOf(card: Record<string, unknown>): ConstantGuess | null {
  const metrics = (card.metrics ?? {}) as Record<string, unknown>;
  const c = (metrics.constant_guess ?? {}) as Record<string, unknown>;
  const perplexity = numberOr(c.perplexity);
  const accuracy = numberOr(c.accuracy);
  if (perplexity === null || accuracy === null) return null;
  return { perplexity, accuracy, token: typeof c.most_frequent === 'string' ? c.most_frequent : '' };
}

/**
 * How much higher (> 0) or lower (< 0) `card`'s test perplexity is than `other`'s, relative to
 * `other` (0.094: 9.4% higher). null when either card has no test perplexity.
 */
export function comparePerplexity(card: LmCard | undefined, other: LmCard | undefined): number | null {
  const a = card?.testPerplexity ?? null;
  const b = other?.testPerplexity ?? null;
  if (a === null || b === null || b <= 0) return null;
  return a / b - 1;
}

/** One line of the recall-versus-distance chart: accuracy (0..1) at each distance. */
export interface RecallPoint {
  distance: number;
  accuracy: number;
}

/** models/recall-curve.json (made by scripts/recall-curve), as the chart needs it. */
export interface RecallCurve {
  withAttention: RecallPoint[];
  withoutAttention: RecallPoint[];
  chance: number | null; // accuracy of a guess: 1 / (vocab_size - 1)
  /** Each model's hidden units and parameters (null for a file written before they were recorded). */
  sizes: { with: ModelSize; without: ModelSize } | null;
}

/** The size of one recall model: SimpleRNN hidden units and its number of parameters. */
export interface ModelSize {
  hidden: number;
  parameters: number;
}

function size(value: unknown): ModelSize | null {
  const v = (value ?? {}) as { hidden_size?: unknown; parameters?: unknown };
  const hidden = Number(v.hidden_size);
  const parameters = Number(v.parameters);
  return Number.isInteger(hidden) && hidden > 0 && Number.isInteger(parameters) && parameters > 0
    ? { hidden, parameters }
    : null;
}

function points(value: unknown): RecallPoint[] {
  const curve = (value as { curve?: unknown } | null)?.curve;
  if (!Array.isArray(curve)) return [];
  return curve
    .map((p: { distance?: unknown; accuracy?: unknown }) => ({
      distance: Number(p?.distance),
      accuracy: Number(p?.accuracy),
    }))
    .filter((p) => Number.isFinite(p.distance) && p.distance > 0 && Number.isFinite(p.accuracy))
    .sort((a, b) => a.distance - b.distance);
}

/** Parses the result file; throws when it holds no curve to draw. */
export function parseRecallCurve(json: unknown): RecallCurve {
  const value = (json ?? {}) as Record<string, unknown>;
  const withAttention = points(value.with_self_attention);
  const withoutAttention = points(value.without_self_attention);
  if (!withAttention.length || !withoutAttention.length) throw new Error('the file has no recall curves');
  const vocab = Number((value.task as { vocab_size?: unknown } | undefined)?.vocab_size);
  const withSize = size(value.with_self_attention);
  const withoutSize = size(value.without_self_attention);
  return {
    withAttention,
    withoutAttention,
    chance: vocab > 1 ? 1 / (vocab - 1) : null,
    sizes: withSize && withoutSize ? { with: withSize, without: withoutSize } : null,
  };
}

/**
 * The token a lesson opens on: the first whole word after the first token (a word the tokenizer
 * kept in one piece, with a letter in it), so the figure starts on "is", not on "F" of "FBI"; the
 * first token can only read itself in a causal model. Else the first whole word, else token 0.
 */
export function firstWholeWord(record: Pick<ForwardRecord, 'tokens' | 'wordOf' | 'words'>): number {
  const whole = wordGroups(record)
    .map((g) => g.pieces.filter((p) => !isBlank(record.tokens[p])))
    .filter((pieces) => pieces.length === 1 && /\p{L}/u.test(record.tokens[pieces[0]]))
    .map((pieces) => pieces[0]);
  return whole.find((i) => i >= 1) ?? whole[0] ?? 0;
}
