// Lesson 3's UI state as text and its transitions, pure (no DOM): the attribute values the element
// reflects (the app page puts them in the URL), and what a new record or model does to the chosen
// query, layer and head. Unit-tested in tests/web/transformer-state.test.ts.

import { LESSONS, formatIndex, formatView, type ViewChoice } from '../../embed/state';
import type { Reflected } from '../shared/embed-attributes';
import type { TfModel } from '../shared/models';
import type { WithLocal } from '../shared/model-set';
import { textWords, type TextWord } from './view-model';
import { DEFAULT_TF_SENTENCE } from './parts';

export type View = 'head' | 'model' | 'step';
/** What the head and model views' rows and columns are: whole words (the default) or pieces. */
export type Units = 'words' | 'pieces';
export const isUnits = (value: string | null): value is Units => value === 'words' || value === 'pieces';
export const SPEC = LESSONS.transformer;
export const isView = (value: string | null): value is View =>
  value === 'head' || value === 'model' || value === 'step';
export type ReflectedName = 'sentence' | 'model' | 'view' | 'layer' | 'head' | 'token' | 'mask';
export const VIEWS: readonly View[] = ['head', 'model', 'step'];
export const VIEW_KEYS: Record<View, string> = {
  head: 'transformer.viewHead',
  model: 'transformer.viewModel',
  step: 'transformer.viewStep',
};

/** What the attributes say: the part of the element's state that goes into the URL. */
export interface TransformerUi {
  text: string;
  /** One of the lesson's models, or "local": a model opened from a file (the link cannot carry it). */
  model: WithLocal<TfModel>;
  shown: ViewChoice;
  view: View;
  layer: number;
  head: number;
  query: number;
  /** The query is the lesson's pick (a whole word of the text), not the student's: not written. */
  autoQuery?: boolean;
  masked: TextWord | null;
  units: Units;
}

/** The lesson's state as attribute text; `clipped` is the text the engine reads (mask offsets are in it). */
export function attributeValues(s: TransformerUi, clipped: string): Record<ReflectedName, Reflected> {
  const mode = s.shown.mode === null ? null : s.view;
  const view = formatView({ mode, panels: s.shown.panels }, SPEC.view, s.units);
  const masked = s.masked;
  const maskAt = masked ? textWords(clipped).findIndex((w) => w.start === masked.start) : -1;
  const mask = maskAt < 0 ? '' : formatIndex(maskAt);
  return {
    sentence: { value: s.text, isDefault: s.text === DEFAULT_TF_SENTENCE },
    model: { value: s.model, isDefault: s.model === 'mlm' },
    view: { value: view, isDefault: view === 'all' },
    layer: { value: formatIndex(s.layer), isDefault: s.layer === 0 },
    head: { value: formatIndex(s.head), isDefault: s.head === 0 },
    token: { value: formatIndex(s.query), isDefault: s.autoQuery ?? s.query === 1 },
    mask: { value: mask, isDefault: mask === '' },
  };
}

/** Token choices that a new record of `n` tokens leaves out of range go back (query to the last token). */
export function withinTokens<S extends { query: number; hover: number | null; rfToken: number | null }>(
  s: S,
  n: number,
): Pick<S, 'query' | 'hover' | 'rfToken'> {
  return {
    query: s.query >= n ? Math.max(0, n - 1) : s.query,
    hover: s.hover !== null && s.hover >= n ? null : s.hover,
    rfToken: s.rfToken !== null && s.rfToken >= n ? null : s.rfToken,
  };
}

/** A layer or head the model does not have goes back to the first. */
export function withinArch(s: { layer: number; head: number }, arch: { nLayer: number; nHead: number }) {
  return { layer: s.layer >= arch.nLayer ? 0 : s.layer, head: s.head >= arch.nHead ? 0 : s.head };
}
