// The guided path of each lesson: a few steps of explanation and predict-then-reveal questions
// whose answers come from the live model (the guide runs the question's sentence through the
// trained model and reads the answer off the trace). Pure: the UI (attnlab-guide.ts) fetches
// the model and renders; Vitest runs these answers on the real WASM.

import { groupRow, softmaxRow, tokenVocabulary, wordGroups } from './lm';
import { TRACE } from '../../engine/trace-names';
import type { ForwardRecord } from '../../engine/records';
import { TF_MLM_PREVIOUS_TOKEN_HEAD as PREVIOUS } from './models';

export type Lesson = 'seq2seq' | 'lstmn' | 'transformer';

/** What the live model answered: the choice it supports (null: none of them) and the evidence. */
export interface Answer {
  choice: string | null;
  /** What the model actually did, e.g. the word it attended to and its weight. */
  found: string;
  value: number;
}

export interface Question {
  id: string; // i18n key under guide.<lesson>.questions.<id>
  model: string; // model folder under models/
  text: string; // what the model reads
  choices: string[];
  answer(record: ForwardRecord, config: Record<string, unknown>): Answer;
}

/**
 * A question the student answers by drawing: the attention row they expect over `keys` (the words
 * the row reads, as the page shows them), then the model's row is drawn over theirs with the gap.
 */
export interface DrawQuestion {
  id: string; // i18n key under guide.<lesson>.draw.<id>
  model: string;
  text: string;
  keys: string[];
  /** The model's row over `keys` (null when the sentence's row is not in the trace). */
  row(record: ForwardRecord): number[] | null;
}

export interface Guide {
  steps: number; // guide.<lesson>.steps.1 .. steps.N
  questions: Question[];
  draws: DrawQuestion[];
}

/**
 * How far the drawn row is from the model's: the total variation distance (half the summed
 * difference, 0 = the same row, 1 = no overlap) after scaling the drawing to add up to 1; a
 * drawing of all zeros counts as uniform.
 */
export function drawGap(drawn: readonly number[], model: readonly number[]): number {
  const sum = drawn.reduce((a, b) => a + Math.max(0, b), 0);
  let gap = 0;
  for (let i = 0; i < model.length; i++) {
    const mine = sum > 0 ? Math.max(0, drawn[i] ?? 0) / sum : 1 / model.length;
    gap += Math.abs(mine - model[i]);
  }
  return gap / 2;
}

/** Seq2Seq: the row of French word `french`. */
export function rowOfOutput(french: string) {
  return (record: ForwardRecord): number[] | null => {
    const map = record.maps[0];
    const r = map ? map.rowLabels.indexOf(french) : -1;
    return map && r >= 0 ? Array.from(map.weights.subarray(r * map.cols, (r + 1) * map.cols)) : null;
  };
}

/** LSTMN: reading word `wordIndex`, its weights over the words up to it. */
function rowOfReading(wordIndex: number) {
  return (record: ForwardRecord): number[] | null => {
    const map = record.maps[0];
    const groups = wordGroups(record);
    return map && wordIndex < groups.length ? Array.from(groupRow(map, groups, wordIndex)) : null;
  };
}

/** Transformer: layer `layer`, head `head`, the row of token `query`. */
function rowOfQuery(query: string, layer: number, head: number) {
  return (record: ForwardRecord): number[] | null => {
    const map = record.maps.find((m) => m.layer === layer && m.head === head);
    const r = record.tokens.findIndex((tok) => tok.trim() === query);
    return map && r >= 0 ? Array.from(map.weights.subarray(r * map.cols, (r + 1) * map.cols)) : null;
  };
}

/** Among `choices`, the one equal to `found` (case and surrounding space ignored), else null. */
function pick(choices: readonly string[], found: string): string | null {
  const key = found.trim().toLowerCase();
  return choices.find((c) => c.toLowerCase() === key) ?? null;
}

/** Seq2Seq: the English word the decoder attends to most while writing French word `french`. */
export function strongestSource(french: string) {
  return (record: ForwardRecord, choices: readonly string[]): Answer => {
    const map = record.maps[0];
    const r = map ? map.rowLabels.indexOf(french) : -1;
    if (!map || r < 0) return { choice: null, found: '', value: Number.NaN };
    let best = 0;
    for (let c = 1; c < map.cols; c++)
      if (map.weights[r * map.cols + c] > map.weights[r * map.cols + best]) best = c;
    const found = map.colLabels[best];
    return { choice: pick(choices, found), found, value: map.weights[r * map.cols + best] };
  };
}

/** LSTMN: reading word `word` (by position among the words), the earlier word with the most attention. */
function strongestEarlierWord(wordIndex: number) {
  return (record: ForwardRecord, choices: readonly string[]): Answer => {
    const map = record.maps[0];
    const groups = wordGroups(record);
    if (!map || wordIndex >= groups.length) return { choice: null, found: '', value: Number.NaN };
    const weights = groupRow(map, groups, wordIndex);
    let best = -1;
    for (let g = 0; g < wordIndex; g++) if (best < 0 || weights[g] > weights[best]) best = g;
    if (best < 0) return { choice: null, found: '', value: Number.NaN };
    const found = groups[best].label.trim();
    return { choice: pick(choices, found), found, value: weights[best] };
  };
}

/** The most likely next (LSTMN) or masked (Transformer) piece at token `position` (-1: the last). */
function topPiece(position: number | 'mask') {
  return (record: ForwardRecord, config: Record<string, unknown>, choices: readonly string[]): Answer => {
    const logits = record.tensors.find((t) => t.name === TRACE.logits);
    const vocabulary = tokenVocabulary(config.tokenizer);
    const row =
      position === 'mask'
        ? record.tokens.indexOf('<mask>')
        : position < 0
          ? record.tokens.length - 1
          : position;
    if (!logits || row < 0 || row >= logits.rows) return { choice: null, found: '', value: Number.NaN };
    const p = softmaxRow(logits, row);
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i] > p[best]) best = i;
    const found = (vocabulary[best] ?? '').replace(/^\s+/, '');
    return { choice: pick(choices, found), found, value: p[best] };
  };
}

/** Transformer: in layer `layer`, head `head`, the token that token `query` attends to most. */
function strongestKey(query: string, layer: number, head: number) {
  return (record: ForwardRecord, _config: Record<string, unknown>, choices: readonly string[]): Answer => {
    const map = record.maps.find((m) => m.layer === layer && m.head === head);
    const r = record.tokens.findIndex((tok) => tok.trim() === query);
    if (!map || r < 0) return { choice: null, found: '', value: Number.NaN };
    let best = 0;
    for (let c = 1; c < map.cols; c++)
      if (map.weights[r * map.cols + c] > map.weights[r * map.cols + best]) best = c;
    const found = record.tokens[best].trim();
    return { choice: pick(choices, found), found, value: map.weights[r * map.cols + best] };
  };
}

export const question = (
  id: string,
  model: string,
  text: string,
  choices: string[],
  answer: (record: ForwardRecord, config: Record<string, unknown>, choices: readonly string[]) => Answer,
): Question => ({ id, model, text, choices, answer: (record, config) => answer(record, config, choices) });

export const GUIDES: Record<Lesson, Guide> = {
  seq2seq: {
    steps: 4,
    questions: [
      question(
        'rouge',
        'seq2seq-additive',
        'the red car is fast .',
        ['the', 'red', 'car', 'fast'],
        (r, _c, ch) => strongestSource('rouge')(r, ch),
      ),
      question(
        'europeenne',
        'seq2seq-additive',
        'the european economic area does not see the red car .',
        ['the', 'european', 'economic', 'area'],
        (r, _c, ch) => strongestSource('européenne')(r, ch),
      ),
    ],
    draws: [
      {
        id: 'voiture',
        model: 'seq2seq-additive',
        text: 'the red car is fast .',
        keys: ['the', 'red', 'car', 'is', 'fast', '.'],
        row: rowOfOutput('voiture'),
      },
    ],
  },
  lstmn: {
    steps: 4,
    questions: [
      question(
        'run',
        'lm-rnn-selfattn',
        'The FBI is chasing a criminal on the run.',
        ['The', 'FBI', 'chasing', 'criminal'],
        (r, _c, ch) => strongestEarlierWord(8)(r, ch),
      ),
      question('next', 'lm-rnn-selfattn', 'She was very', ['happy', 'much', 'well', 'glad'], topPiece(-1)),
    ],
    draws: [
      {
        id: 'criminal',
        model: 'lm-rnn-selfattn',
        text: 'The FBI is chasing a criminal on the run.',
        keys: ['The', 'FBI', 'is', 'chasing', 'a', 'criminal'],
        row: rowOfReading(5),
      },
    ],
  },
  transformer: {
    steps: 4,
    questions: [
      question(
        'mask',
        'tf-mlm',
        'It is a truth universally <mask> , that a single man',
        ['acknowledged', 'the', ',', 'known'],
        topPiece('mask'),
      ),
      question(
        'head',
        'tf-mlm',
        'Elizabeth smiled at Jane.',
        ['Elizabeth', 'smiled', 'at', 'Jane'],
        strongestKey('Jane', PREVIOUS.layer, PREVIOUS.head),
      ),
    ],
    draws: [
      {
        id: 'jane',
        model: 'tf-mlm',
        text: 'Elizabeth smiled at Jane.',
        keys: ['Elizabeth', 'smiled', 'at', 'Jane', '.'], // the model's pieces (the grown vocabulary keeps "smiled" whole)
        row: rowOfQuery('Jane', PREVIOUS.layer, PREVIOUS.head),
      },
    ],
  },
};
