// Messages between the training lab's page element and its worker (lab-worker.ts). The worker
// trains in time slices and reports on its own: progress after every slice, a snapshot (held-out
// metrics and one example's attention map) several times a second, and its state when it changes.

import type { ForwardRecord } from './records';

export type LabRequest =
  | { type: 'create'; config: string } // a train config (JSON text), see cpp/train/lab.h
  | { type: 'run' } // train until paused or until the config's steps are taken
  | { type: 'pause' }
  | { type: 'step'; n: number } // take n steps now, then report
  | { type: 'example'; index: number } // which held-out example the snapshots draw
  | { type: 'export' }
  | { type: 'close' }; // this run is over: its driver and its Lab are freed

/**
 * One worker may train several runs (side by side on a machine with few cores, engine/lab-client.ts
 * LabHost): every request names its run, and every report the run it is about (none: the whole
 * worker, such as 'ready' or 'fatal').
 */
export type LabEnvelope<T> = T & { run?: number };

/**
 * Held-out scores on the lab's evaluation sample (cpp/train/translate.h TranslationMetrics for the
 * Seq2Seq tasks, cpp/train/sequence_train.h SequenceMetrics for recall and mirror).
 */
export interface LabMetrics {
  steps: number;
  exactMatch: number;
  tokenAccuracy: number;
  loss: number;
  /**
   * Of the outputs with a gold link, the fraction whose strongest weight is not on it; for a model
   * with several maps (a Transformer's layers and heads), that of the best map. Null without attention.
   */
  alignmentError: number | null;
  /** Which of the example's maps that best one is (index into record.maps); null for a Seq2Seq or without attention. */
  bestMap: number | null;
}

/** One held-out example read by the model as it is now, with the task's correct alignment. */
export interface LabExample {
  index: number;
  record: ForwardRecord;
  source: string[];
  target: string[];
  /** The gold alignment as (column, row) cells of the maps: Seq2Seq (source, target), others (key, query). */
  gold: [number, number][];
}

export type LabMessage =
  | { type: 'ready' }
  | { type: 'fatal'; error: string }
  | { type: 'created'; parameters: number; totalSteps: number; batchSize: number }
  | { type: 'error'; code: string; error: string }
  /** `warming`: Start arrived during the warm-up; training begins when it ends (a second state). */
  | { type: 'state'; running: boolean; steps: number; warming?: boolean }
  /** After a slice of steps: their losses, and the speed measured over that slice. */
  | {
      type: 'progress';
      steps: number;
      losses: number[];
      stepsPerSecond: number;
      examplesPerSecond: number;
      /** Input tokens plus output rows trained on per second (cpp/train/lab.h tokens_taken). */
      tokensPerSecond: number;
    }
  | { type: 'snapshot'; steps: number; metrics: LabMetrics; example: LabExample | null }
  | { type: 'exported'; config: string; card: string; weights: ArrayBuffer };
