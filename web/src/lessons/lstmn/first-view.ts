// Lesson 2's first figure before its engine has arrived: the record the build computed for the
// opening sentence with the opening model (lessons/shared/first-views.ts), drawn only while the
// lesson shows exactly that: the same model not yet loaded, the same text, no change to the
// attention. The reading and the map are the build's; the next-word guesses (the logits and the
// vocabulary), the step panel and the bar wait for the model (reading-figure.ts draws it).

import firstView from 'virtual:attnlab-first-view/lstmn';
import { decodeRecord } from '../../engine/record-codec';
import { startEngineFor } from '../shared/first-view-engine';
import type { ForwardRecord } from '../../engine/records';
import { LOCAL } from '../shared/model-set';
import { LSTMN_MODELS } from '../shared/models';
import type { LstmnElement } from './element';

let decoded: ForwardRecord | null = null;

/** The build's record when the lesson shows what it was computed for; null otherwise. */
export function firstViewRecord(el: LstmnElement): ForwardRecord | null {
  if (!firstView || el.loaded || el.model === LOCAL) return null;
  if (el.current?.status === 'failed' || el.interventions.edits.length) return null;
  const folder = LSTMN_MODELS.models.find((m) => m.key === el.model)?.folder;
  if (folder !== firstView.folder || el.input() !== firstView.text) return null;
  decoded ??= decodeRecord(firstView.record);
  return decoded;
}

/** When the lesson starts on the build's figure: its worker and model at once (first-view-engine.ts). */
export function startFirstViewEngine(el: LstmnElement): void {
  if (firstView && firstViewRecord(el)) startEngineFor(firstView.folder);
}
