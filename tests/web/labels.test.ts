// Small words a newcomer meets (issue 52 B5): two controls side by side never share a name for two
// meanings, and a next-word guess is named by its piece and probability, not a vocabulary number.
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import { en } from './support/en-all';
import { zhCN } from '../../web/src/i18n/zh-CN';

describe('lesson 3’s two head controls have two names', () => {
  it('the head view’s lines are not “Heads”, beside the bar’s “Heads on”', () => {
    for (const tree of [en, zhCN]) {
      const view = tree.transformer.headsLabel;
      const bar = tree.intervene.heads;
      expect(view).not.toBe(bar);
      expect(bar.startsWith(view) || view.startsWith(bar), `${view} / ${bar}`).toBe(false);
    }
    expect(en.transformer.headsLabel).toMatch(/[Ll]ines/);
  });
});

describe('a guess is named by what it is', () => {
  it('lesson 2’s next-word guess tooltip names the piece and its probability', () => {
    for (const tree of [en, zhCN]) {
      expect(tree.lstmn.nextTitleItem).toContain('{{piece}}');
      expect(tree.lstmn.nextTitleItem).toContain('{{p}}');
      expect(tree.lstmn.nextTitleItem).not.toContain('{{id}}');
    }
  });
});
