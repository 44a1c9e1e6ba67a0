// KaTeX and the Chinese strings are chunks of their own (issue 17: a page pays only for what it
// shows). Before KaTeX arrives a formula is a placeholder holding its TeX source (escaped), the
// elements that asked are called back once it is here, and from then on the formula is KaTeX's.
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import { typeset, typesetReady, whenTypesetReady } from '../../web/src/components/typeset';
import { currentLanguage, showLanguage, t } from '../../web/src/i18n';

describe('KaTeX fetched on the first formula', () => {
  it('shows an escaped placeholder, calls back, then typesets', async () => {
    expect(typesetReady()).toBe(false);
    const pending = typeset('a < b & \\alpha', true);
    expect(pending).toBe('<div class="tex-pending" aria-busy="true">a &#60; b &#38; \\alpha</div>');
    expect(typeset('x')).toMatch(/^<span class="tex-pending"/);
    let calls = 0;
    await new Promise<void>((resolve) => {
      whenTypesetReady(() => {
        calls++;
        resolve();
      });
    });
    expect(typesetReady()).toBe(true);
    expect(calls).toBe(1);
    const html = typeset('\\alpha_{ij}', true);
    expect(html).toContain('katex-display');
    expect(html).toContain('<math'); // MathML for screen readers
    whenTypesetReady(() => calls++); // already here: at once
    expect(calls).toBe(2);
  });
});

describe('Chinese strings fetched on the first switch', () => {
  it('starts in English and shows Chinese after showLanguage', async () => {
    expect(currentLanguage()).toBe('en');
    const english = t('app.title');
    await showLanguage('zh-CN');
    expect(currentLanguage()).toBe('zh-CN');
    expect(t('app.title')).not.toBe(english);
    expect(t('app.title')).toMatch(/[\u4e00-\u9fff]/);
    await showLanguage('en');
    expect(t('app.title')).toBe(english);
  });

  it('strings with options are kept per key, options and language', async () => {
    const one = t('playground.tokenCount', { count: 1 });
    expect(one).toBe('1 token');
    expect(t('playground.tokenCount', { count: 3 })).toBe('3 tokens'); // not the kept "1 token"
    expect(t('playground.tokenCount', { count: 1 })).toBe(one);
    expect(t('playground.head', { head: 2 })).toBe('Head 2');
    expect(t('playground.head', { head: '2' })).toBe('Head 2');
    await showLanguage('zh-CN');
    expect(t('playground.head', { head: 2 })).not.toBe('Head 2'); // forgotten on a language change
    expect(t('playground.head', { head: 2 })).toMatch(/2/);
    await showLanguage('en');
    expect(t('playground.head', { head: 2 })).toBe('Head 2');
    const cyclic: Record<string, unknown> = { head: 4 };
    cyclic.self = cyclic; // not JSON: looked up, not kept
    expect(t('playground.head', cyclic)).toBe('Head 4');
  });
});

describe("each view's English strings come with its code", () => {
  it('a key of a view whose code has not loaded is a console error once, then the view adds it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // Lesson 3's own strings: nothing in this file has imported lesson 3's code yet.
      expect(t('transformer.symbolsNote')).toBe('transformer.symbolsNote');
      expect(t('transformer.symbolsNote')).toBe('transformer.symbolsNote');
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0][0])).toContain('transformer.symbolsNote');
      // What other views show of lesson 3 is the page's: there from the start.
      expect(t('transformer.heading')).toMatch(/Transformer/);
      await import('../../web/src/lessons/transformer/strings');
      expect(t('transformer.symbolsNote')).toMatch(/↵/); // no longer the key, though it was kept
      expect(t('transformer.heading')).toMatch(/Transformer/); // merged, not replaced
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
    }
  });
});
