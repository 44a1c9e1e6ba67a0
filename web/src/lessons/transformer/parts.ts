// Lesson 3's small shared pieces: its limits, colours and number formats, what it keeps of a
// loaded model, and the shuffle demonstration's state. Used by the element and its figure modules.

import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { interpolatePuOr } from 'd3';
import type { EngineModel } from '../shared/load-model';
import { tokenVocabulary } from '../shared/lm';
import type { ForwardRecord } from '../../engine/records';
import { MASK, summarizeTfCard, tfArchitecture, type TfArch, type TfCard } from './view-model';
import { TRANSFORMER_MODELS, modelLabels } from '../shared/models';
import { typeset } from '../../components/typeset';

export const DEFAULT_TF_SENTENCE = 'The FBI is chasing a criminal on the run.';
/** Longer input is cut to this many characters (code points) before it reaches the engine. */
export const TF_MAX_CHARS = 2000;
/** The shuffle demonstration uses at most this many words of the text. */
export const SHUFFLE_MAX_WORDS = 12;
/** The masked-word panel offers at most this many words. */
export const MASK_MAX_WORDS = 80;
/** Thumbnails of the model view are SVG cells (data-row, data-col, data-weight) up to this many tokens. */
export const THUMB_SVG_MAX = 48;
/** Rows of the positional-encoding picture. */
export const PE_ROWS_MAX = 64;
/** Pixels per value in the downloaded positional-encoding table (PNG and SVG). */
export const PE_EXPORT_CELL = 8;
export const TOP_K = 5;
/** Okabe-Ito colours, safe for colour-blind readers: one per head. */
export const HEAD_COLORS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#D55E00',
  '#56B4E9',
  '#F0E442',
  '#000000',
];
/** The colour of a positional-encoding value: purple -1, white 0, orange +1. */
export const peColor = (v: number): string => interpolatePuOr((Math.max(-1, Math.min(1, v)) + 1) / 2);
/** The diverging scale of the positional-encoding picture and the vector strips, -1 (left) to +1. */
export const PE_RAMP = `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((x) => interpolatePuOr(x)).join(', ')})`;
/** Two maps are "the same" within this. */
export const PERMUTATION_TOLERANCE = 1e-5;

export const MODEL_KEYS = modelLabels(TRANSFORMER_MODELS);

export const tex = (source: string, display = false) => unsafeHTML(typeset(source, display));

export const fixed = (v: number, digits = 4) => (Number.isFinite(v) ? v.toFixed(digits) : String(v));
export const exponent = (v: number) => (Number.isFinite(v) ? v.toExponential(1) : String(v));
export const join = (values: ArrayLike<number>) => Array.from(values, String).join(' ');
export const maxAbs = (values: ArrayLike<number>) => {
  let m = 0;
  for (let i = 0; i < values.length; i++)
    if (Number.isFinite(values[i])) m = Math.max(m, Math.abs(values[i]));
  return m;
};

/** One trained model and the worker that runs it. */
export interface LoadedModel extends EngineModel {
  card: TfCard;
  arch: TfArch;
  vocabulary: string[]; // id -> piece text
  maskId: number; // id of <mask>, -1 when the tokenizer has none
  /** One token per character (the Chinese model's "chars" tokenizer). */
  chars: boolean;
}

/** The shuffle demonstration on the no-position model. */
export type ShuffleState =
  | { status: 'idle' | 'loading' | 'running' | 'few' }
  | { status: 'failed'; error: string }
  | {
      status: 'ready';
      original: ForwardRecord;
      shuffled: ForwardRecord;
      originalText: string;
      shuffledText: string;
      perm: Int32Array | null; // null: the tokens of the two texts are not a permutation
      error: number; // max difference over every layer and head
    };

export function tfModel({ engine, info }: EngineModel): LoadedModel {
  const vocabulary = tokenVocabulary(info.config.tokenizer);
  return {
    engine,
    info,
    card: summarizeTfCard(info.card),
    arch: tfArchitecture(info.config),
    vocabulary,
    maskId: vocabulary.indexOf(MASK),
    chars: (info.config.tokenizer as { kind?: unknown } | undefined)?.kind === 'chars',
  };
}
