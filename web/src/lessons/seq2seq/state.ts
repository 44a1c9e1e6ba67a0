// Lesson 1's UI state as text, pure (no DOM): the attribute values the element reflects (the app
// page puts them in the URL). Unit-tested in tests/web/seq2seq-state.test.ts.

import { LESSONS, formatView, type ViewChoice } from '../../embed/state';
import { type Reflected } from '../shared/embed-attributes';
import { defaultSentence, type Shown } from './parts';
import { DEFAULT_SEQ2SEQ_PAIR, type Seq2SeqPair } from '../shared/models';

export const SPEC = LESSONS.seq2seq;

/** What the attributes say: the part of the element's state that goes into the URL. */
export interface Seq2SeqUi {
  /** The language pair (en-fr, the default, en-zh or zh-en). */
  pair: Seq2SeqPair;
  text: string;
  /** One of the lesson's models, or "local": a model opened from a file (the link cannot carry it). */
  variant: Shown;
  shown: ViewChoice;
  /** Side by side (view mode 'compare') instead of the single map. */
  compare: boolean;
  /** The step the step panel explains: 0 the start (s_0, c_0), j the j-th French word. */
  step: number;
}

/** The lesson's state as attribute text. */
export function attributeValues(
  s: Seq2SeqUi,
): Record<'pair' | 'sentence' | 'model' | 'view' | 'step', Reflected> {
  const mode = s.shown.mode === null ? null : s.compare ? 'compare' : 'map';
  const view = formatView({ mode, panels: s.shown.panels }, SPEC.view);
  return {
    pair: { value: s.pair, isDefault: s.pair === DEFAULT_SEQ2SEQ_PAIR },
    sentence: { value: s.text, isDefault: s.text === defaultSentence(s.pair) },
    model: { value: s.variant, isDefault: s.variant === 'additive' },
    view: { value: view, isDefault: view === 'all' },
    step: { value: String(s.step), isDefault: s.step === 1 },
  };
}

/**
 * Attribute `step`: the n-th French word (from 1, as the page counts), or 0 for the start step
 * (alpha_0 from s_0, giving c_0). Anything else: null (the element keeps its step).
 */
export function parseStep(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value);
}
