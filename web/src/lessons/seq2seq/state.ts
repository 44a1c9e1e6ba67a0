// Lesson 1's UI state as text, pure (no DOM): the attribute values the element reflects (the app
// page puts them in the URL). Unit-tested in tests/web/seq2seq-state.test.ts.

import { LESSONS, formatView, type ViewChoice } from '../../embed/state';
import { type Reflected } from '../shared/embed-attributes';
import { DEFAULT_SEQ2SEQ_SENTENCE, type Shown } from './parts';

export const SPEC = LESSONS.seq2seq;

/** What the attributes say: the part of the element's state that goes into the URL. */
export interface Seq2SeqUi {
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
export function attributeValues(s: Seq2SeqUi): Record<'sentence' | 'model' | 'view' | 'step', Reflected> {
  const mode = s.shown.mode === null ? null : s.compare ? 'compare' : 'map';
  const view = formatView({ mode, panels: s.shown.panels }, SPEC.view);
  return {
    sentence: { value: s.text, isDefault: s.text === DEFAULT_SEQ2SEQ_SENTENCE },
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
