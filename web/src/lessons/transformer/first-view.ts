// Lesson 3's first figure before its engine has arrived: the record the build computed for the
// opening sentence with the opening model (lessons/shared/first-views.ts), drawn only while the
// lesson shows exactly that: the same model not yet loaded, the same text, the head view, no change
// to the attention. The view switch, the token chips and the head view (its layers and heads, the
// model's shape from the build's copy of its config) are the build's; the model and step views,
// which read the trace's tensors, and the bar wait for the model (figure.ts draws it).

import firstView from 'virtual:attnlab-first-view/transformer';
import { decodeRecord } from '../../engine/record-codec';
import { startEngineFor } from '../shared/first-view-engine';
import type { ForwardRecord } from '../../engine/records';
import { LOCAL } from '../shared/model-set';
import { TRANSFORMER_MODELS } from '../shared/models';
import type { TransformerElement } from './element';
import { tfArchitecture, type TfArch } from './view-model';

let decoded: ForwardRecord | null = null;

/** The build's record when the lesson shows what it was computed for; null otherwise. */
export function firstViewRecord(el: TransformerElement): ForwardRecord | null {
  if (!firstView || el.loaded || el.model === LOCAL || el.view !== 'head') return null;
  if (el.current?.status === 'failed' || el.interventions.edits.length) return null;
  const folder = TRANSFORMER_MODELS.models.find((m) => m.key === el.model)?.folder;
  if (folder !== firstView.folder || el.input() !== firstView.text) return null;
  decoded ??= decodeRecord(firstView.record);
  return decoded;
}

/** The model's shape, from the build's copy of its config's scalar fields. */
export const firstViewArch = (): TfArch => tfArchitecture(firstView?.config ?? {});

/** When the lesson starts on the build's figure: its worker and model at once (first-view-engine.ts). */
export function startFirstViewEngine(el: TransformerElement): void {
  if (firstView && firstViewRecord(el)) startEngineFor(firstView.folder);
}
