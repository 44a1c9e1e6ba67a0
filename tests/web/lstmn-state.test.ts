// Lesson 2's UI state (web/src/lessons/lstmn/state.ts): the attribute text the element writes
// (the app page's URL), and what a new record does to the chosen step.
import { describe, expect, it, vi } from 'vitest';

// The i18n module reads the browser's languages when it loads; this Node has no navigator.
vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});

import { parseView } from '../../web/src/embed/state';
import { SPEC, attributeValues, withinTokens, type LstmnUi } from '../../web/src/lessons/lstmn/state';
import { DEFAULT_LSTMN_SENTENCE } from '../../web/src/lessons/lstmn/parts';

const initial: LstmnUi = {
  text: DEFAULT_LSTMN_SENTENCE,
  model: 'rnn-selfattn',
  shown: parseView(null, SPEC.view),
  view: 'words',
  selected: null,
};

describe('lstmn attributeValues', () => {
  it('marks every attribute of the initial state as the default', () => {
    const out = attributeValues(initial);
    expect(Object.values(out).every((a) => a.isDefault)).toBe(true);
    expect(out.step.value).toBe('');
  });

  it('writes the model, the view with its panels, and the chosen step 1-based', () => {
    const out = attributeValues({
      ...initial,
      text: 'Emma',
      model: 'lstm',
      view: 'pieces',
      shown: parseView('pieces map', SPEC.view),
      selected: 2,
    });
    expect(out.sentence).toEqual({ value: 'Emma', isDefault: false });
    expect(out.model).toEqual({ value: 'lstm', isDefault: false });
    expect(out.view).toEqual({ value: 'pieces map', isDefault: false });
    expect(out.step).toEqual({ value: '3', isDefault: false });
  });
});

describe('lstmn transitions', () => {
  it('closes the step panel when a new record no longer has the chosen step', () => {
    expect(withinTokens(5, 5)).toBeNull();
    expect(withinTokens(4, 5)).toBe(4);
    expect(withinTokens(null, 3)).toBeNull();
  });
});
