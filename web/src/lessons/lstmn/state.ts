// Lesson 2's UI state as text and its transitions, pure (no DOM): the attribute values the element
// reflects (the app page puts them in the URL). Unit-tested in tests/web/lstmn-state.test.ts.

import { LESSONS, formatIndex, formatView, type ViewChoice } from '../../embed/state';
import type { Reflected } from '../shared/embed-attributes';
import type { LmModel } from '../shared/models';
import type { WithLocal } from '../shared/model-set';
import { DEFAULT_LSTMN_SENTENCE } from './parts';

export type View = 'words' | 'pieces';
export const SPEC = LESSONS.lstmn;

/** What the attributes say: the part of the element's state that goes into the URL. */
export interface LstmnUi {
  text: string;
  /** One of the lesson's models, or "local": a model opened from a file (the link cannot carry it). */
  model: WithLocal<LmModel>;
  shown: ViewChoice;
  view: View;
  /** Token index of the step the step panel shows; null: panel closed. */
  selected: number | null;
}

/** The lesson's state as attribute text. */
export function attributeValues(s: LstmnUi): Record<'sentence' | 'model' | 'view' | 'step', Reflected> {
  const mode = s.shown.mode === null ? null : s.view;
  const view = formatView({ mode, panels: s.shown.panels }, SPEC.view);
  const step = s.selected === null ? '' : formatIndex(s.selected);
  return {
    sentence: { value: s.text, isDefault: s.text === DEFAULT_LSTMN_SENTENCE },
    model: { value: s.model, isDefault: s.model === 'rnn-selfattn' },
    view: { value: view, isDefault: view === 'all' },
    step: { value: step, isDefault: step === '' },
  };
}

/** A chosen step a new record of `n` tokens no longer has closes the step panel. */
export function withinTokens(selected: number | null, n: number): number | null {
  return selected !== null && selected >= n ? null : selected;
}
