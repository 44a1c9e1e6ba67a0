// Lesson 1's UI state (web/src/lessons/seq2seq/state.ts): the attribute text the element writes
// (the app page's URL) for the variant, side by side and the decoder step.
import { describe, expect, it, vi } from 'vitest';

// The i18n module reads the browser's languages when it loads; this Node has no navigator.
vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});

import { parseView } from '../../web/src/embed/state';
import { SPEC, attributeValues, parseStep, type Seq2SeqUi } from '../../web/src/lessons/seq2seq/state';
import { DEFAULT_SEQ2SEQ_SENTENCE } from '../../web/src/lessons/seq2seq/parts';

const initial: Seq2SeqUi = {
  pair: 'en-fr',
  text: DEFAULT_SEQ2SEQ_SENTENCE,
  variant: 'additive',
  shown: parseView(null, SPEC.view),
  compare: false,
  step: 1,
};

describe('seq2seq attributeValues', () => {
  it('marks every attribute of the initial state as the default', () => {
    const out = attributeValues(initial);
    expect(Object.values(out).every((a) => a.isDefault)).toBe(true);
    expect(out.step.value).toBe('1');
  });

  it('writes side by side as the compare mode, and keeps the panels', () => {
    const out = attributeValues({ ...initial, compare: true, shown: parseView('map chart', SPEC.view) });
    expect(out.view).toEqual({ value: 'compare chart', isDefault: false });
  });

  it('writes the variant and the step as the page counts it (0 the start s_0, n the n-th word)', () => {
    const out = attributeValues({ ...initial, variant: 'dot', step: 5 });
    expect(out.model).toEqual({ value: 'dot', isDefault: false });
    expect(out.step).toEqual({ value: '5', isDefault: false });
    expect(attributeValues({ ...initial, step: 0 }).step).toEqual({ value: '0', isDefault: false });
    expect(parseStep('0')).toBe(0);
    expect(parseStep('3')).toBe(3);
    expect(parseStep('x')).toBeNull();
    expect(parseStep('-1')).toBeNull();
  });

  it('writes no figure mode when the view hides the map', () => {
    const out = attributeValues({ ...initial, compare: true, shown: parseView('step', SPEC.view) });
    expect(out.view.value).toBe('step');
  });
});
