// Which first figure each lesson can draw before its engine has arrived (issue 17: an embedded
// lesson's first view within 150 KB). The build runs the engine on `text` with the model folder
// `folder` (web/vite-plugin-first-view.ts) and the lesson draws that record while its own worker,
// WebAssembly and weights download, only while the text box, the model and the view are exactly
// the ones it was computed for. Once the model is ready the engine's own answer replaces it (the
// same numbers: tests/e2e/built-figure.mjs compares the two figures).
//
// Pure data, with no import but types: the Vite plugin imports it in Node.

import type { LabExample, LabMetrics } from '../../engine/lab-protocol';
import type { EncodedRecord } from '../../engine/record-codec';
import type { TraceName } from '../../engine/trace-names';

export interface FirstViewSpec {
  /** The model folder the lesson opens on. */
  folder: string;
  /** What the model reads: the lesson's default sentence as it sends it to the engine. */
  text: string;
  /** The trace tensors the first figure reads besides the maps. */
  tensors: readonly TraceName[];
}

export const FIRST_VIEWS = {
  // Lesson 1, English -> French, the additive model: its map starts with the s_0 row.
  seq2seq: {
    folder: 'seq2seq-additive',
    text: 'the european economic area does not see the red car .',
    tensors: ['initial_attention_scores', 'initial_attention_weights'],
  },
  // Lesson 2, the LSTM with self-attention on the slides' sentence: the reading figure and the map
  // read only the map (the next-word guesses, which read the logits, wait for the model).
  lstmn: {
    folder: 'lm-rnn-selfattn',
    text: 'The FBI is chasing a criminal on the run.',
    tensors: [],
  },
  // Lesson 3, the masked-word Transformer on the same sentence: the token chips and the head view
  // read the maps and the model's shape (the config's scalar fields, in every first view).
  transformer: {
    folder: 'tf-mlm',
    text: 'The FBI is chasing a criminal on the run.',
    tensors: [],
  },
} as const satisfies Record<string, FirstViewSpec>;

export type FirstViewLesson = keyof typeof FIRST_VIEWS;

/** What the build gives a lesson (`virtual:attnlab-first-view/<lesson>`; null when it has none). */
export interface BuiltFirstView {
  folder: string;
  text: string;
  /** config.json's top-level numbers, strings and booleans: the model's shape, not its vocabulary. */
  config: Record<string, number | string | boolean>;
  record: EncodedRecord;
}

/**
 * The training lab's first figure (`virtual:attnlab-lab-first-view`): each run of its default
 * settings as its worker first reports it, "before training" (the model initialised from the
 * config's seed, step 0), computed by the build with the whole engine's Node build running the
 * worker's own loop (engine/lab-driver.ts). The lab draws it only for that config and example.
 */
export interface BuiltLabRun {
  /** The train config (lessons/train/state.ts trainConfig), as the lab sends it to its worker. */
  config: string;
  /** The held-out example the snapshot draws (0-based). */
  example: number;
  created: { parameters: number; totalSteps: number; batchSize: number };
  snapshot: {
    steps: number;
    metrics: LabMetrics;
    example: (Omit<LabExample, 'record'> & { record: EncodedRecord }) | null;
  };
}
