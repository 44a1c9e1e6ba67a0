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
  | { type: 'export' };

/** Held-out scores (cpp/train/translate.h TranslationMetrics, on the lab's evaluation sample). */
export interface LabMetrics {
  steps: number;
  exactMatch: number;
  tokenAccuracy: number;
  loss: number;
  /** Of the target words with a gold link, the fraction whose strongest weight is elsewhere; null without attention. */
  alignmentError: number | null;
}

/** One held-out example read by the model as it is now, with the task's correct alignment. */
export interface LabExample {
  index: number;
  record: ForwardRecord;
  source: string[];
  target: string[];
  /** (source, target) pairs of the gold alignment. */
  gold: [number, number][];
}

export type LabMessage =
  | { type: 'ready' }
  | { type: 'fatal'; error: string }
  | { type: 'created'; parameters: number; totalSteps: number; batchSize: number }
  | { type: 'error'; code: string; error: string }
  | { type: 'state'; running: boolean; steps: number }
  /** After a slice of steps: their losses, and the speed measured over that slice. */
  | { type: 'progress'; steps: number; losses: number[]; stepsPerSecond: number; examplesPerSecond: number }
  | { type: 'snapshot'; steps: number; metrics: LabMetrics; example: LabExample | null }
  | { type: 'exported'; config: string; card: string; weights: ArrayBuffer };
