// Lesson 1's small shared pieces: its limits, chart colours, the slides' formulas, and what it
// keeps of a loaded model. Used by the element and its figure modules.

import './strings';
import type { EngineModel } from '../shared/load-model';
import { requireArchitecture } from '../shared/local-model';
import { LOCAL, type WithLocal } from '../shared/model-set';
import { i18n, t } from '../../i18n';
import { sourceVocabulary } from './model-input';
import { summarizeCard, type CardSummary } from '../../engine/model-folder';
import {
  SEQ2SEQ_BASELINE_FOLDER,
  SEQ2SEQ_MODELS,
  modelFolders,
  modelLabels,
  type Seq2SeqModel,
  type Seq2SeqPair,
} from '../shared/models';

export const DEFAULT_SEQ2SEQ_SENTENCE = 'the european economic area does not see the red car .';

/** The languages of a pair: what the text box reads and what the translation is written in. */
export const PAIR_LANGUAGES: Record<Seq2SeqPair, { source: 'en' | 'zh'; target: 'fr' | 'zh' | 'en' }> = {
  'en-fr': { source: 'en', target: 'fr' },
  'en-zh': { source: 'en', target: 'zh' },
  'zh-en': { source: 'zh', target: 'en' },
};

/**
 * Example sentences of each pair, the first being what the lesson opens on. The Chinese ones are
 * from the English-Chinese grammar (cpp/data/en_zh_grammar.h) and translated right by the shipped
 * models: the 的-clause before the noun, time and place before the verb, a measure word, 把, 没.
 * Chinese is typed without spaces, as a student types it; the lesson cuts it into words (segment.ts).
 */
export const PAIR_EXAMPLES: Record<Seq2SeqPair, readonly string[]> = {
  'en-fr': [DEFAULT_SEQ2SEQ_SENTENCE, 'the red car is fast .'],
  'en-zh': [
    'the book that i read yesterday is red .',
    'i eat rice at home at noon .',
    'three cats sleep .',
    'their singer put the movie on the shelf .',
    'i did not read the book .',
  ],
  'zh-en': [
    '我昨天读的书很红。',
    '我中午在家吃饭。',
    '三只猫睡觉。',
    '他们的歌手把电影放在架子上。',
    '我没读书。',
  ],
};

/** The sentence a pair opens on. */
export const defaultSentence = (pair: Seq2SeqPair): string => PAIR_EXAMPLES[pair][0];

/** The i18n namespace whose strings replace lesson 1's where a pair's languages are not English and French. */
const PAIR_STRINGS: Record<Seq2SeqPair, string | null> = {
  'en-fr': null,
  'en-zh': 'seq2seqEnZh',
  'zh-en': 'seq2seqZhEn',
};
/** Longer input is cut to this many characters (code points) before it reaches the engine. */
export const SEQ2SEQ_MAX_CHARS = 600;
/** Source words this lesson translates; the model was trained on sentences of 3 to about 40. */
export const SEQ2SEQ_MAX_TOKENS = 50;

export type Variant = Seq2SeqModel;
/** What the lesson shows: one of its models, or the one the student opened (LOCAL). */
export type Shown = WithLocal<Variant>;
export const FOLDERS = modelFolders(SEQ2SEQ_MODELS);
export const MODEL_KEYS = modelLabels(SEQ2SEQ_MODELS);
export const BASELINE_FOLDER = SEQ2SEQ_BASELINE_FOLDER;
export const SUGGESTIONS = 8;
export const CHART_COLORS: Record<string, string> = { additive: '#1f5fa8', dot: '#b45309', none: '#6b7280' };
export const CHART_DASH: Record<string, string | undefined> = {
  additive: undefined,
  dot: '6 3',
  none: '2 3',
};

/** The formulas of the cost panel: constants, typeset once. */
export const COST_WITHOUT = String.raw`O(m + t)`;
export const COST_WITH = String.raw`O(m\,t)`;
/**
 * The slides' formulas for one decoder step, typeset once per variant, in Bahdanau's index order
 * (as lesson 3, the playground and every map: row i reads column j): decoder step i, source word
 * j, alpha_ij the weight step i gives h_j. A scaled dot product is divided by sqrt(A), A the
 * attention width (the rows of W_K, config attn_dim), as cpp/layers/align.cpp does.
 */
export const STEP_STATE = String.raw`s_i = \tanh\!\left(A' \begin{bmatrix} x'_i \\ s_{i-1} \\ c_{i-1} \end{bmatrix} + b'\right)`;
export const STEP_SCORE: Record<string, string> = {
  additive: String.raw`e_{ij} = v^{\top} \tanh\!\left(W \begin{bmatrix} h_j \\ s_i \end{bmatrix}\right)`,
  dot: String.raw`e_{ij} = (W_K h_j)^{\top} (W_Q s_i)`,
  scaled_dot: String.raw`e_{ij} = \frac{(W_K h_j)^{\top} (W_Q s_i)}{\sqrt{A}},\quad A = \dim(W_K h_j)`,
};
export const STEP_SOFTMAX = String.raw`\alpha_{ij} = \frac{\exp(e_{ij})}{\sum_{k=1}^{m} \exp(e_{ik})}`;
export const STEP_CONTEXT = String.raw`c_i = \alpha_{i1} h_1 + \alpha_{i2} h_2 + \cdots + \alpha_{im} h_m`;
/** The slides' first step: s_0 is the encoder's last state and reads the sentence once (c_0). */
export const STEP_START = String.raw`s_0 = h_m,\quad \alpha_{0j} = \operatorname{softmax}_j\big(\operatorname{align}(h_j, s_0)\big),\quad c_0 = \textstyle\sum_j \alpha_{0j} h_j`;
/** How the French word is written (the engine's output layer "out"); the slides do not give it. */
export const STEP_OUTPUT = String.raw`p(y_i) = \operatorname{softmax}\!\left(W_{\text{out}} \begin{bmatrix} s_i \\ c_i \end{bmatrix} + b_{\text{out}}\right),\quad y_i = \arg\max p(y_i)`;

/**
 * The lesson's words for `key`: while the student's own model is shown, its input and output are
 * not English and French, so the `seq2seqLocal` wording replaces the strings that say so; with
 * another language pair, that pair's (`seq2seqEnZh`, `seq2seqZhEn`) do.
 */
export function say(
  el: { variant: Shown; pair?: Seq2SeqPair },
  key: string,
  params?: Record<string, unknown>,
): string {
  const local = `seq2seqLocal.${key}`;
  if (el.variant === LOCAL && i18n.exists(local, params)) return t(local, params);
  const space = el.pair ? PAIR_STRINGS[el.pair] : null;
  return t(space && i18n.exists(`${space}.${key}`, params) ? `${space}.${key}` : `seq2seq.${key}`, params);
}

/** One trained model and the worker that runs it. */
export interface LoadedModel extends EngineModel {
  card: CardSummary;
  /** The English words the model knows (for suggestions). */
  vocabulary: string[];
  /** The decoder's words by id (config "target_vocab"): what a forced step would write. */
  targetVocabulary: string[];
  maxOutputLen: number;
  /** Its vocabulary has "." (the shipped models end every sentence with one; a lab model has none). */
  knowsFullStop: boolean;
  /** The full stop its sentences end with: "." (English), "。" (Chinese), or null (it knows neither). */
  stop: string | null;
  /** Its input vocabulary holds Chinese words: what is typed is cut into them (segment.ts). */
  readsChinese: boolean;
  /** The model has attention weights to draw (config "attention" is not "none"). */
  hasAttention: boolean;
}

/** What the lesson keeps of a loaded model: the English words it knows, its output limit. */
export function seq2seqModel({ engine, info }: EngineModel): LoadedModel {
  requireArchitecture(info, 'seq2seq');
  const source = sourceVocabulary(info.config);
  return {
    knowsFullStop: source.stop !== null,
    stop: source.stop,
    readsChinese: source.readsChinese,
    hasAttention: info.config.attention !== 'none',
    vocabulary: source.vocabulary,
    targetVocabulary: Array.isArray(info.config.target_vocab)
      ? info.config.target_vocab.map((w) => String(w))
      : [],
    engine,
    info,
    card: summarizeCard(info.card),
    maxOutputLen: Number(info.config.max_output_len ?? 0),
  };
}
