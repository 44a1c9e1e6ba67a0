// What the page does with a crafted URL (web/src/embed/url-check.ts): values it cannot use are left
// out and reported, one problem each, and nothing throws, whatever the query holds.
import { describe, expect, it } from 'vitest';
import { checkAppState, shownValue, VALUE_SHOWN } from '../../web/src/embed/url-check';
import { formatAppState, parseAppState } from '../../web/src/embed/state';
import { pickLanguage } from '../../web/src/i18n/languages';

const keys = (search: string) => checkAppState(search).problems.map((p) => `${p.key} ${p.name}`);

describe('checkAppState', () => {
  it('passes a link the page wrote unchanged, with no problem', () => {
    const search = formatAppState({
      lang: 'zh-CN',
      embed: 'transformer',
      lessons: {
        seq2seq: { sentence: 'the car', model: 'seq2seq-dot', view: 'map step' },
        lstmn: { model: 'local' },
        transformer: { layer: '2', head: '1', token: '3', mask: '2', intervene: 'garbage ~~ !' },
        train: { task: 'reverse' },
      },
    });
    expect(checkAppState(search)).toEqual({ state: parseAppState(search), problems: [] });
  });

  it('reports an unknown lesson, language, name and model, and leaves them out', () => {
    const { state, problems } = checkAppState(
      '?embed=lesson4&lang=fr&colour=red&seq2seq.colour=red&lesson4.sentence=x&seq2seq.model=gpt-5&seq2seq.sentence=ok',
    );
    expect(problems.map((p) => `${p.key} ${p.name} ${p.value}`)).toEqual([
      'unknownLanguage lang fr',
      'unknownLesson embed lesson4',
      'unknownName colour ',
      'unknownName seq2seq.colour ',
      'unknownName lesson4.sentence ',
      'unknownModel seq2seq.model gpt-5',
    ]);
    expect(problems.find((p) => p.key === 'unknownModel')?.choices).toBe('additive, dot');
    expect(state).toEqual({ lang: null, embed: null, lessons: { seq2seq: { sentence: 'ok' } } });
  });

  it('names the language it shows for a tag close to one of its own (zh, zh-TW, en-GB)', () => {
    for (const [tag, shown] of [
      ['zh', 'zh-CN'],
      ['zh-TW', 'zh-CN'],
      ['EN-gb', 'en'],
    ]) {
      const { problems } = checkAppState(`?lang=${tag}`);
      expect(problems.map((p) => `${p.key} ${p.value} ${p.choices}`)).toEqual([
        `closestLanguage ${tag} ${shown}`,
      ]);
      // The page language the i18n module picks from the same value.
      expect(pickLanguage(tag, ['en'])).toBe(shown);
    }
    expect(checkAppState('?lang=zh-CN').problems).toEqual([]);
  });

  it('reports layer, head, token and mask that are not whole numbers from 1 up; the lesson judges the range', () => {
    expect(
      keys('?transformer.layer=-1&transformer.head=0&transformer.token=2.5&transformer.mask=abc'),
    ).toEqual([
      'notIndex transformer.layer',
      'notIndex transformer.head',
      'notIndex transformer.token',
      'notIndex transformer.mask',
    ]);
    const far = checkAppState('?transformer.layer=99&transformer.head=1000000');
    expect(far.problems).toEqual([]);
    expect(far.state.lessons.transformer).toEqual({ layer: '99', head: '1000000' });
  });

  it('reports unknown words of view but keeps the value (the lesson skips them itself)', () => {
    const { state, problems } = checkAppState('?lstmn.view=pieces+bogus');
    expect(problems.map((p) => p.key)).toEqual(['unknownView']);
    expect(state.lessons.lstmn).toEqual({ view: 'pieces bogus' });
  });

  it('keeps hostile text as text: HTML, 100,000 characters, broken UTF-8 and lone surrogates', () => {
    const html = '<img src=x onerror=alert(1)>';
    expect(checkAppState(`?seq2seq.sentence=${encodeURIComponent(html)}`)).toEqual({
      state: { lang: null, embed: null, lessons: { seq2seq: { sentence: html } } },
      problems: [],
    });
    const long = 'a'.repeat(100_000);
    const checked = checkAppState(`?lstmn.sentence=${long}`);
    expect(checked.state.lessons.lstmn?.sentence).toHaveLength(100_000);
    expect(checked.problems).toEqual([]);
    // %ED%A0%80 is a UTF-16 surrogate written as UTF-8: not text. So is a lone surrogate in a string.
    for (const search of ['?transformer.sentence=a%ED%A0%80b', '?transformer.sentence=a\uD800b']) {
      const bad = checkAppState(search);
      expect(bad.problems.map((p) => p.key)).toEqual(['notText']);
      expect(bad.state.lessons.transformer?.sentence).toMatch(/^a\uFFFD+b$/);
      expect(bad.state.lessons.transformer?.sentence).not.toMatch(/[\uD800-\uDFFF]/);
    }
  });

  it('repeats at most VALUE_SHOWN characters of a value, code points whole', () => {
    const problem = checkAppState(`?seq2seq.model=${'😀'.repeat(100_000)}`).problems[0];
    expect(problem.key).toBe('unknownModel');
    expect(Array.from(problem.value)).toHaveLength(VALUE_SHOWN + 1);
    expect(shownValue('a\uD800')).toBe('a\uFFFD');
  });

  it('never throws on garbage', () => {
    const garbage = [
      '?',
      '?&&&',
      '?=',
      '?%',
      '?%zz=%zz',
      '?seq2seq.=1',
      '?.sentence=x',
      '?embed',
      '?lang=&embed=',
      '\uDFFF',
    ];
    for (const search of garbage) expect(() => checkAppState(search)).not.toThrow();
    expect(keys('?seq2seq.=1&.sentence=x')).toEqual(['unknownName seq2seq.', 'unknownName .sentence']);
  });
});
