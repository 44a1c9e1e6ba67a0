// Lesson 3's UI state (web/src/lessons/transformer/state.ts): the attribute text the element writes
// (the app page's URL), and what a new record or another model does to the chosen token, layer and head.
import { describe, expect, it } from 'vitest';
import { parseUnits, parseView } from '../../web/src/embed/state';
import {
  SPEC,
  attributeValues,
  withinArch,
  withinTokens,
  type TransformerUi,
} from '../../web/src/lessons/transformer/state';
import { DEFAULT_TF_SENTENCE } from '../../web/src/lessons/transformer/parts';
import { textWords } from '../../web/src/lessons/transformer/view-model';

const initial: TransformerUi = {
  text: DEFAULT_TF_SENTENCE,
  model: 'mlm',
  shown: parseView(null, SPEC.view),
  view: 'head',
  layer: 0,
  head: 0,
  query: 1,
  masked: null,
  units: 'words',
};

describe('transformer attributeValues', () => {
  it('marks every attribute of the initial state as the default', () => {
    const out = attributeValues(initial, initial.text);
    expect(Object.values(out).every((a) => a.isDefault)).toBe(true);
    expect(out.view.value).toBe('all');
    expect(out.token.value).toBe('2'); // 1-based
  });

  it('writes the chosen model, layer, head and token 1-based', () => {
    const out = attributeValues({ ...initial, model: 'sigmoid', layer: 1, head: 3, query: 0 }, initial.text);
    expect(out.model).toEqual({ value: 'sigmoid', isDefault: false });
    expect(out.layer).toEqual({ value: '2', isDefault: false });
    expect(out.head).toEqual({ value: '4', isDefault: false });
    expect(out.token).toEqual({ value: '1', isDefault: false });
  });

  it('leaves out the token the lesson picked itself (a whole word), and writes one the student chose', () => {
    const picked = attributeValues({ ...initial, query: 3, autoQuery: true }, initial.text);
    expect(picked.token.isDefault).toBe(true);
    const chosen = attributeValues({ ...initial, query: 1, autoQuery: false }, initial.text);
    expect(chosen.token).toEqual({ value: '2', isDefault: false });
  });

  it('names the masked word by its place among the words of the text', () => {
    const words = textWords(initial.text);
    const out = attributeValues({ ...initial, masked: words[3] }, initial.text);
    expect(out.mask).toEqual({ value: '4', isDefault: false });
    // A masked word the (clipped) text no longer has is not written.
    expect(attributeValues({ ...initial, masked: words[3] }, 'The FBI').mask.value).toBe('');
  });

  it('writes the figure mode and the panels shown', () => {
    const shown = parseView('model mask', SPEC.view);
    const out = attributeValues({ ...initial, shown, view: 'model' }, initial.text);
    expect(out.view).toEqual({ value: 'model mask', isDefault: false });
    const hidden = attributeValues({ ...initial, shown: parseView('positions', SPEC.view) }, initial.text);
    expect(hidden.view.value).toBe('positions');
  });
});

describe('whole words or pieces in the view attribute, as lesson 2 writes them', () => {
  it('writes "pieces" into view (whole words the default), and reads old values as whole words', () => {
    expect(attributeValues({ ...initial, units: 'pieces' }, initial.text).view).toEqual({
      value: 'all pieces',
      isDefault: false,
    });
    const shown = parseView('model pieces', SPEC.view);
    expect(shown).toEqual({ mode: 'model', panels: [] });
    expect(parseUnits('model pieces', SPEC.view)).toBe('pieces');
    expect(
      attributeValues({ ...initial, shown, view: 'model', units: 'pieces' }, initial.text).view.value,
    ).toBe('model pieces');
    // Links made before the switch: every value reads as it did, in whole words.
    for (const old of [null, '', 'all', 'model', 'all step', 'model mask', 'positions'])
      expect(parseUnits(old, SPEC.view)).toBe('words');
    expect(parseUnits('pieces words', SPEC.view)).toBe('words'); // the last one wins, as for modes
  });
});

describe('transformer transitions', () => {
  it('moves token choices a shorter record no longer has back into range', () => {
    expect(withinTokens({ query: 7, hover: 9, rfToken: 4 }, 5)).toEqual({
      query: 4,
      hover: null,
      rfToken: 4,
    });
    expect(withinTokens({ query: 2, hover: 1, rfToken: null }, 5)).toEqual({
      query: 2,
      hover: 1,
      rfToken: null,
    });
    expect(withinTokens({ query: 3, hover: null, rfToken: 0 }, 0)).toEqual({
      query: 0,
      hover: null,
      rfToken: null,
    });
  });

  it('sends a layer or head another model lacks back to the first', () => {
    expect(withinArch({ layer: 3, head: 1 }, { nLayer: 2, nHead: 4 })).toEqual({ layer: 0, head: 1 });
    expect(withinArch({ layer: 1, head: 4 }, { nLayer: 2, nHead: 4 })).toEqual({ layer: 1, head: 0 });
  });
});
