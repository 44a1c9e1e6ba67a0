// What the page's first view draws: one sentence read by the three lessons' trained models, one
// small map each, sliced from the trace the way each lesson slices it (lesson 1's map with its s0
// row, lesson 2's map by words, one head of lesson 3). Pure (no DOM, no WASM): Vitest runs it on
// real engine output.

import { argmaxPerRow, weightsOf, type AttentionMap, type ForwardRecord } from '../engine/records';
import {
  LSTMN_MODELS,
  SEQ2SEQ_MODELS,
  TF_MLM_PREVIOUS_TOKEN_HEAD,
  TRANSFORMER_MODELS,
  type ModelEntry,
} from '../lessons/shared/models';
import { DEFAULT_SEQ2SEQ_SENTENCE } from '../lessons/seq2seq/parts';
import { mapWithStart } from '../lessons/seq2seq/view-model';
import { groupMap, wordGroups } from '../lessons/shared/lm';
import { findMap } from '../lessons/transformer/view-model';
import { lstmnMapTitle, seq2seqMapTitle, transformerMapTitle } from '../lessons/shared/map-titles';

/** The sentence all three read: lesson 1's, whose translation reorders words (zone économique européenne). */
export const FIRST_SENTENCE = DEFAULT_SEQ2SEQ_SENTENCE;

export type FirstLesson = 'seq2seq' | 'lstmn' | 'transformer';

export interface FirstCard {
  lesson: FirstLesson;
  /** The lesson's first (trained) model in the registry. */
  model: ModelEntry;
  /** i18n key of the model's full name, as the lesson's headings give it. */
  name: string;
  /** Lesson 3 only: the head shown (0-based), also given to the lesson when its link is followed. */
  layer: number;
  head: number;
  /** The map's title (download, screen-reader caption), as the lesson titles it. */
  title: () => string;
  /** The map the lesson would draw for this record, or null if the trace has none. */
  slice: (record: ForwardRecord) => AttentionMap | null;
}

/**
 * Lesson 3's head: the masked LM's head that reads the token just before (see previousTokenRows;
 * the note under the figure gives the count for the sentence shown).
 */
const { layer: TF_LAYER, head: TF_HEAD } = TF_MLM_PREVIOUS_TOKEN_HEAD;

export const FIRST_CARDS: readonly FirstCard[] = [
  {
    lesson: 'seq2seq',
    model: SEQ2SEQ_MODELS.models[0],
    name: 'seq2seq.additiveModel',
    layer: 0,
    head: 0,
    title: () => seq2seqMapTitle('additive'),
    slice: mapWithStart,
  },
  {
    lesson: 'lstmn',
    model: LSTMN_MODELS.models[0],
    name: LSTMN_MODELS.models[0].label,
    layer: 0,
    head: 0,
    title: () => lstmnMapTitle(LSTMN_MODELS.models[0].key),
    slice: (record) => (record.maps[0] ? groupMap(record.maps[0], wordGroups(record)) : null),
  },
  {
    lesson: 'transformer',
    model: TRANSFORMER_MODELS.models[0],
    name: TRANSFORMER_MODELS.models[0].label,
    layer: TF_LAYER,
    head: TF_HEAD,
    title: () => transformerMapTitle(TRANSFORMER_MODELS.models[0].key, TF_LAYER, TF_HEAD),
    slice: (record) => findMap(record, TF_LAYER, TF_HEAD) ?? null,
  },
];

/** Rows (after the first) whose largest weight is on the column just before them: a "previous token" head. */
export function previousTokenRows(map: AttentionMap): number {
  const best = argmaxPerRow(weightsOf(map));
  let n = 0;
  for (let r = 1; r < map.rows; r++) if (best[r] === r - 1) n++;
  return n;
}

/** Rows with any weight above the diagonal (on a later word): 0 for a model that reads left to right. */
export function rowsLookingAhead(map: AttentionMap, tolerance = 1e-6): number {
  let n = 0;
  for (let r = 0; r < map.rows; r++) {
    for (let c = r + 1; c < map.cols; c++) {
      if (map.weights[r * map.cols + c] > tolerance) {
        n++;
        break;
      }
    }
  }
  return n;
}
