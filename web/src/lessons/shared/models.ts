// The model registry: every lesson's models, in the order of its switch, each with its folder under
// models/ and the i18n key of its label. Nothing else spells a folder name: the lessons, the embed
// attributes (web/src/embed/state.ts) and the tests read them from here. A new model is one line.
// Pure data (no DOM), so Node tests import it.

export interface ModelEntry<K extends string = string> {
  /** The value of the lesson's `model` attribute. */
  key: K;
  /** The folder under models/ (models/index.json lists the served ones). */
  folder: string;
  /** i18n key of the model's name on the switch. */
  label: string;
}

export interface LessonModels<K extends string = string> {
  models: readonly ModelEntry<K>[];
  /**
   * `model="<prefix><key>"` is read as `<key>` (the folder name most models have). Not every
   * folder follows it (tf-mlm-additive is `additive`), which is why folders are listed above.
   */
  folderPrefix: string;
  /**
   * When models/index.json lists none of the lesson's models: the model still tried (so its
   * missing folder is reported where the figure would be), or null to say "no model" at once.
   */
  fallback: K | null;
}

const entry = <K extends string>(key: K, folder: string, label: string): ModelEntry<K> => ({
  key,
  folder,
  label,
});

export const SEQ2SEQ_MODELS = {
  models: [
    entry('additive', 'seq2seq-additive', 'seq2seq.additive'),
    entry('dot', 'seq2seq-dot', 'seq2seq.dot'),
  ],
  folderPrefix: 'seq2seq-',
  fallback: 'additive',
} as const satisfies LessonModels;

/** Lesson 1's baseline without attention: no switch entry (it has no map), only a line of the length chart. */
export const SEQ2SEQ_BASELINE_FOLDER = 'seq2seq-none';

/**
 * Lesson 1's language pairs (attribute `pair`, URL `seq2seq.pair`): English -> French (the default,
 * what a link without `pair` shows), English -> Chinese and Chinese -> English (issue 19). Each pair
 * has the same two attention models under the same keys (`model="dot"` is the pair's dot-product
 * model) and a baseline without attention for the length chart.
 */
export const SEQ2SEQ_PAIRS = ['en-fr', 'en-zh', 'zh-en'] as const;
export type Seq2SeqPair = (typeof SEQ2SEQ_PAIRS)[number];
export const DEFAULT_SEQ2SEQ_PAIR: Seq2SeqPair = 'en-fr';

export interface PairModels extends LessonModels<Seq2SeqModel> {
  /** The pair's model without attention (length chart only). */
  baseline: string;
}

const pairModels = (pair: 'en-zh' | 'zh-en'): PairModels => ({
  models: [
    entry('additive', `seq2seq-${pair}-additive`, 'seq2seq.additive'),
    entry('dot', `seq2seq-${pair}-dot`, 'seq2seq.dot'),
  ],
  folderPrefix: `seq2seq-${pair}-`,
  fallback: 'additive',
  baseline: `seq2seq-${pair}-none`,
});

/** Each pair's models. */
export const SEQ2SEQ_PAIR_MODELS: Record<Seq2SeqPair, PairModels> = {
  'en-fr': { ...SEQ2SEQ_MODELS, baseline: SEQ2SEQ_BASELINE_FOLDER },
  'en-zh': pairModels('en-zh'),
  'zh-en': pairModels('zh-en'),
};

/** The `pair` attribute's pair ("en-zh", "EN-ZH "), or null when it names none. */
export function parsePair(value: string | null | undefined): Seq2SeqPair | null {
  const name = (value ?? '').trim().toLowerCase();
  return (SEQ2SEQ_PAIRS as readonly string[]).includes(name) ? (name as Seq2SeqPair) : null;
}

/**
 * The pairs the switch offers: every pair until the manifest is read (`served` null), then those
 * with at least one attention model served, and the shown pair whatever it is (so a pair a link
 * asked for stays named beside its message). A single file built with some models only offers
 * the pairs it holds.
 */
export function offeredPairs(served: readonly string[] | null, shown: Seq2SeqPair): Seq2SeqPair[] {
  if (!served) return [...SEQ2SEQ_PAIRS];
  return SEQ2SEQ_PAIRS.filter(
    (pair) => pair === shown || SEQ2SEQ_PAIR_MODELS[pair].models.some((m) => served.includes(m.folder)),
  );
}

export const LSTMN_MODELS = {
  models: [
    entry('rnn-selfattn', 'lm-rnn-selfattn', 'lstmn.modelRnnSelfattn'),
    // The same cell trained on cross-entropy alone (no self-weight penalty): the page offers it
    // through the "training" switch next to the model chooser, not as a model pill of its own.
    entry('rnn-selfattn-nopenalty', 'lm-rnn-selfattn-nopenalty', 'lstmn.modelRnnSelfattnNoPenalty'),
    entry('rnn-selfattn-ch', 'lm-rnn-selfattn-ch', 'lstmn.modelRnnSelfattnCh'),
    entry('lstmn', 'lm-lstmn', 'lstmn.modelLstmn'),
    entry('rnn', 'lm-rnn', 'lstmn.modelRnn'),
    entry('lstm', 'lm-lstm', 'lstmn.modelLstm'),
    // Chinese, one character per token (issue 19): a Chinese sentence switches to it (zh-switch.ts).
    entry('zh-rnn-selfattn', 'lm-zh-rnn-selfattn', 'lstmn.modelZh'),
  ],
  folderPrefix: 'lm-',
  fallback: 'rnn-selfattn',
} as const satisfies LessonModels;

export const TRANSFORMER_MODELS = {
  models: [
    entry('mlm', 'tf-mlm', 'transformer.modelMlm'),
    entry('lm', 'tf-lm', 'transformer.modelLm'),
    entry('additive', 'tf-mlm-additive', 'transformer.modelAdditive'),
    entry('sigmoid', 'tf-mlm-sigmoid', 'transformer.modelSigmoid'),
    entry('nopos', 'tf-mlm-nopos', 'transformer.modelNopos'),
    entry('mlm-zh', 'tf-mlm-zh', 'transformer.modelMlmZh'),
  ],
  folderPrefix: 'tf-',
  fallback: null,
} as const satisfies LessonModels;

/**
 * The head (0-based) of the shipped masked LM (`tf-mlm`) that reads the token just before: what the
 * page's first view shows and lesson 3's guided questions ask about (their prompts name it,
 * 1-based, in web/src/i18n/*-guide.ts). Which head learns this is the training run's doing: the
 * all-8-bit run had it in layer 1, head 2; the run with 4-bit tables (2026-11-28) in layer 2, head 1.
 * tests/web/first-view.test.ts and guides.test.ts check it against the shipped model.
 */
export const TF_MLM_PREVIOUS_TOKEN_HEAD = { layer: 1, head: 0 } as const;

/** The registry by lesson key (the same keys as web/src/embed/state.ts's LESSONS). */
export const MODEL_REGISTRY = {
  seq2seq: SEQ2SEQ_MODELS,
  lstmn: LSTMN_MODELS,
  transformer: TRANSFORMER_MODELS,
} as const;

type Keys<L extends LessonModels> = L['models'][number]['key'];
export type Seq2SeqModel = Keys<typeof SEQ2SEQ_MODELS>;
export type LmModel = Keys<typeof LSTMN_MODELS>;
export type TfModel = Keys<typeof TRANSFORMER_MODELS>;

/** The keys of a lesson's models, in switch order. */
export function modelKeys<K extends string>(lesson: LessonModels<K>): K[] {
  return lesson.models.map((m) => m.key);
}

/** key -> folder of a lesson's models. */
export function modelFolders<K extends string>(lesson: LessonModels<K>): Record<K, string> {
  return Object.fromEntries(lesson.models.map((m) => [m.key, m.folder])) as Record<K, string>;
}

/** key -> i18n label key of a lesson's models. */
export function modelLabels<K extends string>(lesson: LessonModels<K>): Record<K, string> {
  return Object.fromEntries(lesson.models.map((m) => [m.key, m.label])) as Record<K, string>;
}

/**
 * The models of `lesson` that models/index.json lists (`served`: its folder names), in switch
 * order; when none is, [fallback] (or [] for a lesson without one).
 */
export function servedModels<K extends string>(lesson: LessonModels<K>, served: readonly string[]): K[] {
  const available = lesson.models.filter((m) => served.includes(m.folder)).map((m) => m.key);
  if (available.length) return available;
  return lesson.fallback === null ? [] : [lesson.fallback];
}
