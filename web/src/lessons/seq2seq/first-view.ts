// Lesson 1's first figure before its engine has arrived: the record the build computed for the
// opening sentence with the opening model (lessons/shared/first-views.ts), drawn only while the
// lesson shows exactly that: the same model not yet loaded, the same text, no change to the
// attention, not side by side. Everything else waits for the model as before.

import firstView from 'virtual:attnlab-first-view/seq2seq';
import { decodeRecord } from '../../engine/record-codec';
import { startEngineFor } from '../shared/first-view-engine';
import type { ForwardRecord } from '../../engine/records';
import { LOCAL } from '../shared/model-set';
import { SEQ2SEQ_PAIR_MODELS } from '../shared/models';
import type { Seq2SeqElement } from './element';

let decoded: ForwardRecord | null = null;

/** The build's record when the lesson shows what it was computed for; null otherwise. */
export function firstViewRecord(el: Seq2SeqElement): ForwardRecord | null {
  if (!firstView || el.model || el.variant === LOCAL || el.compare) return null;
  if (el.current?.status === 'failed' || el.interventions.edits.length) return null;
  const folder = SEQ2SEQ_PAIR_MODELS[el.pair].models.find((m) => m.key === el.variant)?.folder;
  if (folder !== firstView.folder || el.modelInput() !== firstView.text) return null;
  decoded ??= decodeRecord(firstView.record);
  return decoded;
}

/** When the lesson starts on the build's figure: its worker and model at once (first-view-engine.ts). */
export function startFirstViewEngine(el: Seq2SeqElement): void {
  if (firstView && firstViewRecord(el)) startEngineFor(firstView.folder);
}
