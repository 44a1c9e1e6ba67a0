// Strings a student relies on to read the figures (issue 12, §7): every symbol a guess list may
// show is explained next to it, the no-spaces message and the tour link exist, in both languages.
import { describe, expect, it } from 'vitest';
import { en } from './support/en-all';
import { zhCN } from '../../web/src/i18n/zh-CN';
import { showPiece } from '../../web/src/lessons/lstmn/parts';
import { tokenLabel } from '../../web/src/lessons/transformer/view-model';

const languages = { en, 'zh-CN': zhCN };

describe('the symbols of the guess lists are explained', () => {
  // What the two lessons draw for white space in a guess.
  const lesson2 = new Set([...showPiece(' a\n\t')].filter((c) => !/[a]/.test(c)));
  const lesson3 = new Set([...tokenLabel('\n\t')]);

  for (const [name, strings] of Object.entries(languages)) {
    it(`${name}: lesson 2 explains ␣ and ↵ (and ⇥) under its guesses`, () => {
      for (const symbol of lesson2) expect(strings.lstmn.nextNote).toContain(symbol);
      expect(strings.lstmn.nextNote).toContain('↵');
    });
    it(`${name}: lesson 3 explains ↵ (and ⇥) under its guesses`, () => {
      for (const symbol of lesson3) expect(strings.transformer.symbolsNote).toContain(symbol);
    });
    it(`${name}: the no-spaces message, the guided-tour link and the typed-mask strings exist`, () => {
      expect(strings.lstmn.unspaced.length).toBeGreaterThan(40);
      expect(strings.guide.take).toMatch(/\S/);
      expect(strings.transformer.guessesTypedOne).toContain('<mask>');
      expect(strings.transformer.guessesTypedFirst).toContain('<mask>');
    });
  }
});
