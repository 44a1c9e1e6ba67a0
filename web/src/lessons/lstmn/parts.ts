// Lesson 2's small shared pieces: its limits and number formats, what the config says about the
// architecture (and the slide formulas for it), what it keeps of a loaded model, and the reading
// figure's data. Used by the element and its figure modules.

import type { View } from './state';
import type { EngineModel } from '../shared/load-model';
import {
  summarizeLmCard,
  tokenVocabulary,
  type LmCard,
  type RecallCurve,
  type WordGroup,
} from '../shared/lm';
import { type AttentionMap, type ForwardRecord, type Tensor } from '../../engine/records';
import { LSTMN_MODELS, modelLabels, type LmModel } from '../shared/models';

export const DEFAULT_LSTMN_SENTENCE = 'The FBI is chasing a criminal on the run.';
/** Longer input is cut to this many characters (code points) before it reaches the engine. */
export const LSTMN_MAX_CHARS = 2000;
/** The reading figure lists at most this many rows; the heat map below shows every row. */
export const MAX_READING_ROWS = 60;
export const TOP_K = 5;
/** The next-word box quotes at most this many characters of the text before the guess. */
export const PREFIX_CHARS = 40;

export const MODEL_KEYS = modelLabels(LSTMN_MODELS);

/** What the config says about the architecture: which formulas and vectors the step panel shows. */
export interface Architecture {
  attention: boolean; // rnn_self_attention (false: the rnn_lm baseline)
  cell: 'rnn' | 'lstm';
  withH: boolean; // variant "ch": h_i = tanh(A [x_i; c_{i-1}; h_{i-1}] + b)
  score: string; // align function: additive, dot, scaled_dot, general
  /** Training only: the weight of the self-weight penalty (config "self_penalty", 0 = none). */
  selfPenalty: number;
}

/**
 * The mean self-weight's bands (objective-panel.ts): above COLLAPSED the attention has collapsed
 * onto the piece being read; from MOSTLY it goes mostly there; at LOW or below it avoids it. A mean
 * weight on the first piece from COLLAPSED (with a self-weight below MOSTLY) is a sink.
 */
export const COLLAPSED = 0.9;
export const MOSTLY = 0.5;
export const LOW = 0.1;

export function architectureOf(config: Record<string, unknown>): Architecture {
  return {
    attention: config.architecture === 'rnn_self_attention',
    cell: config.cell === 'lstm' ? 'lstm' : 'rnn',
    withH: config.variant === 'ch',
    score: typeof config.score === 'string' ? config.score : 'additive',
    selfPenalty:
      typeof config.self_penalty === 'number' && Number.isFinite(config.self_penalty)
        ? config.self_penalty
        : 0,
  };
}

/**
 * The loss the model was trained on, in TeX, as cpp/models/rnn_self_attention.cpp computes it for
 * one training window of T pieces: the mean cross-entropy of the next piece, plus, when the config
 * has a self_penalty lambda, lambda times the mean self-weight alpha_ii over steps 2..T (the first
 * piece can only read itself, alpha_11 = 1, so it is left out). Training only: the trace is not
 * changed by it.
 */
export function objectiveFormula(selfPenalty: number): string {
  const ce = String.raw`\frac{1}{T}\sum_{i=1}^{T} -\log p\left(w_{i+1} \mid w_1 \dots w_i\right)`;
  if (!(selfPenalty > 0)) return String.raw`\mathcal{L} = ${ce}`;
  const lambda = Number(selfPenalty.toPrecision(6)).toString();
  // Two lines, so the formula fits a phone's width.
  const penalty = String.raw`${lambda} \cdot \frac{1}{T-1}\sum_{i=2}^{T} \alpha_{ii}`;
  return String.raw`\begin{aligned}\mathcal{L} &= ${ce} \\ &\quad + ${penalty}\end{aligned}`;
}

/**
 * The same cell trained without the self-weight penalty, keyed by the penalized model: the
 * "training" switch next to the model chooser moves between the two.
 */
export const UNPENALIZED: Partial<Record<LmModel, LmModel>> = { 'rnn-selfattn': 'rnn-selfattn-nopenalty' };

/** The model pill a model sits under: the penalized model for its unpenalized twin. */
export function cellOf(model: LmModel): LmModel {
  const twin = (Object.keys(UNPENALIZED) as LmModel[]).find((k) => UNPENALIZED[k] === model);
  return twin ?? model;
}

/** The plain baseline of the same budget a model's perplexity is compared with (null: it is one). */
export function baselineOf(arch: Architecture): LmModel | null {
  if (!arch.attention) return null;
  return arch.cell === 'lstm' ? 'lstm' : 'rnn';
}

/** The slide formulas of one architecture, in TeX. */
export function formulas(arch: Architecture): string[] {
  const ctx = arch.cell === 'lstm' ? String.raw`\tilde h` : 'c';
  if (!arch.attention) {
    return [
      arch.cell === 'lstm'
        ? String.raw`(h_i, m_i) = \mathrm{LSTM}\left(x_i,\ h_{i-1},\ m_{i-1}\right)`
        : String.raw`h_i = \tanh\left(W x_i + U h_{i-1} + b\right)`,
      String.raw`p(\,\cdot \mid w_1 \dots w_i) = \operatorname{softmax}\left(W_o\, h_i + b_o\right)`,
    ];
  }
  const cell =
    arch.cell === 'lstm'
      ? String.raw`(h_i, m_i) = \mathrm{LSTM}\left(x_i,\ \tilde h_{i-1},\ \tilde c_{i-1}\right)`
      : arch.withH
        ? String.raw`h_i = \tanh\left(A\,[x_i;\, c_{i-1};\, h_{i-1}] + b\right)`
        : String.raw`h_i = \tanh\left(A\,[x_i;\, c_{i-1}] + b\right)`;
  const align: Record<string, string> = {
    additive: String.raw`\operatorname{align}(h_j, h_i) = v^\top \tanh\left(W_K h_j + W_Q h_i\right)`,
    dot: String.raw`\operatorname{align}(h_j, h_i) = (W_K h_j)^\top (W_Q h_i)`,
    // divided by sqrt(A), A the attention width (config attn_dim), as cpp/layers/align.cpp does
    scaled_dot: String.raw`\operatorname{align}(h_j, h_i) = (W_K h_j)^\top (W_Q h_i) / \sqrt{A},\quad A = \dim(W_K h_j)`,
    general: String.raw`\operatorname{align}(h_j, h_i) = h_j^\top W\, h_i`,
  };
  return [
    cell,
    String.raw`\alpha_j = \operatorname{softmax}_j\big(\operatorname{align}(h_j, h_i)\big),\quad j \le i`,
    ...(align[arch.score] ? [align[arch.score]] : []),
    arch.cell === 'lstm'
      ? String.raw`\tilde h_i = \sum_{j \le i} \alpha_j h_j,\qquad \tilde c_i = \sum_{j \le i} \alpha_j m_j`
      : String.raw`c_i = \sum_{j \le i} \alpha_j h_j`,
    String.raw`p(\,\cdot \mid w_1 \dots w_i) = \operatorname{softmax}\left(W_o\,[h_i;\, ${ctx}_i] + b_o\right)`,
  ];
}

/** A piece as text with its white space visible: leading space ␣, new line ↵, tab ⇥. */
export const showPiece = (piece: string) =>
  piece === '' ? '∅' : piece.replace(/ /g, '␣').replace(/\n/g, '↵').replace(/\t/g, '⇥').replace(/\r/g, '␍');

export const formatWeight = (w: number) => w.toFixed(4);
/** A mean self-weight (0..1) with two decimals. */
export const formatSelfWeight = (w: number) => w.toFixed(2);
export const formatValue = (v: number) => (Number.isFinite(v) ? v.toFixed(4) : String(v));

/**
 * Blue shading of an attention weight (0..1) behind a word: the lesson's accent colour at opacity
 * alpha / 2, on a fixed scale (weight 0 clear, 1 the darkest), as every map is (figures/weight-scale.ts).
 * At most 50% of the accent blue, so dark text stays at WCAG AA contrast on every shade: lighter
 * than the map's palette, which the reading figure's key says and draws.
 */
export const shade = (alpha: number) =>
  `rgba(31, 95, 168, ${(0.5 * Math.max(0, Math.min(1, alpha))).toFixed(3)})`;

/** One trained model and the worker that runs it. */
export interface LoadedModel extends EngineModel {
  card: LmCard;
  arch: Architecture;
  vocabulary: string[]; // id -> piece text
  /** What goes between two tokens when the page writes them as text: a word tokenizer's tokens have no spaces. */
  joiner: '' | ' ';
  /** One token per character (the Chinese model's "chars" tokenizer). */
  chars: boolean;
}

export const lmModel = ({ engine, info }: EngineModel): LoadedModel => ({
  engine,
  info,
  card: summarizeLmCard(info.card),
  arch: architectureOf(info.config),
  vocabulary: tokenVocabulary(info.config.tokenizer),
  joiner: (info.config.tokenizer as { kind?: unknown } | undefined)?.kind === 'words' ? ' ' : '',
  chars: (info.config.tokenizer as { kind?: unknown } | undefined)?.kind === 'chars',
});

export type RecallState =
  { status: 'loading' } | { status: 'ready'; curve: RecallCurve } | { status: 'failed'; error: string };

/** What the figures draw for a record and a view, computed once per (record, view). */
export interface Reading {
  record: ForwardRecord;
  view: View;
  groups: WordGroup[];
  map: AttentionMap | null; // (groups, groups), null for a model without attention
  rows: Float64Array[]; // weights of each row of map in double, (r + 1) each
  tensor: (name: string) => Tensor | undefined;
}
