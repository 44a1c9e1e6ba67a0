// The lessons' state as text (web/src/embed/state.ts): URL query <-> state, `view`, `model` and
// index attributes, and the two embed snippets. Pure functions, no browser.
import { describe, expect, it } from 'vitest';
import {
  LESSONS,
  elementSnippet,
  embedUrl,
  escapeAttribute,
  formatAppState,
  formatIndex,
  formatView,
  iframeSnippet,
  parseAppState,
  parseIndex,
  parseLanguage,
  parseModel,
  parseView,
  type AppState,
} from '../../web/src/embed/state';

describe('URL query <-> app state', () => {
  const state: AppState = {
    lang: 'zh-CN',
    embed: null,
    lessons: {
      seq2seq: { sentence: 'the red car & "the" <blue> one', model: 'dot', view: 'all compare', step: '3' },
      lstmn: { model: 'lstmn', step: '' },
      transformer: { sentence: '我爱 Paris 😀', layer: '2', head: '4', token: '5', mask: '1' },
    },
  };

  it('round-trips every lesson attribute, the language and embed', () => {
    const search = formatAppState(state);
    expect(parseAppState(search)).toEqual(state);
    const embedded = { ...state, embed: 'lstmn' as const };
    expect(parseAppState(formatAppState(embedded))).toEqual(embedded);
  });

  it('writes keys as lesson.attribute in a stable order, and nothing for an empty state', () => {
    const search = formatAppState(state);
    expect(search.startsWith('?lang=zh-CN&seq2seq.sentence=')).toBe(true);
    const keys = [...new URLSearchParams(search).keys()];
    expect(keys).toEqual([
      'lang',
      'seq2seq.sentence',
      'seq2seq.model',
      'seq2seq.view',
      'seq2seq.step',
      'lstmn.model',
      'lstmn.step',
      'transformer.sentence',
      'transformer.layer',
      'transformer.head',
      'transformer.token',
      'transformer.mask',
    ]);
    expect(formatAppState({ lang: null, embed: null, lessons: {} })).toBe('');
  });

  it('ignores unknown keys, lessons and languages', () => {
    const parsed = parseAppState('?lang=fr&embed=nope&seq2seq.colour=red&other.sentence=x&lstmn.view=map');
    expect(parsed).toEqual({ lang: null, embed: null, lessons: { lstmn: { view: 'map' } } });
    expect(parseAppState('')).toEqual({ lang: null, embed: null, lessons: {} });
  });

  it('reads a query with or without "?" and with + for spaces', () => {
    expect(parseAppState('seq2seq.sentence=the+red+car').lessons.seq2seq).toEqual({
      sentence: 'the red car',
    });
  });
});

describe('view', () => {
  const spec = LESSONS.seq2seq.view;

  it('"all" (or nothing, or only unknown words) is the figure in its first mode and every panel', () => {
    for (const value of ['all', '', null, undefined, 'bogus'])
      expect(parseView(value, spec)).toEqual({ mode: 'map', panels: ['step', 'chart'] });
  });

  it('reads a mode and panels separated by spaces or commas, in any order and case', () => {
    expect(parseView('map', spec)).toEqual({ mode: 'map', panels: [] });
    expect(parseView('chart, Compare', spec)).toEqual({ mode: 'compare', panels: ['chart'] });
    expect(parseView('step', spec)).toEqual({ mode: null, panels: ['step'] });
    expect(parseView('all compare', spec)).toEqual({ mode: 'compare', panels: ['step', 'chart'] });
  });

  it('writes the shortest text that reads back the same', () => {
    expect(formatView({ mode: 'map', panels: ['step', 'chart'] }, spec)).toBe('all');
    expect(formatView({ mode: 'compare', panels: ['chart', 'step'] }, spec)).toBe('all compare');
    expect(formatView({ mode: 'map', panels: ['chart'] }, spec)).toBe('map chart');
    expect(formatView({ mode: null, panels: ['step'] }, spec)).toBe('step');
    for (const key of Object.keys(LESSONS) as (keyof typeof LESSONS)[]) {
      const s = LESSONS[key].view;
      for (const mode of [null, ...s.modes])
        for (let mask = 0; mask < 1 << s.panels.length; mask++) {
          const panels = s.panels.filter((_, i) => mask & (1 << i));
          if (mode === null && !panels.length) continue;
          expect(parseView(formatView({ mode, panels }, s), s)).toEqual({ mode, panels });
        }
    }
  });
});

describe('model, index and lang attributes', () => {
  it('takes a model name or its folder name, and nothing else', () => {
    expect(parseModel('dot', LESSONS.seq2seq)).toBe('dot');
    expect(parseModel('seq2seq-dot', LESSONS.seq2seq)).toBe('dot');
    expect(parseModel('lm-lstmn', LESSONS.lstmn)).toBe('lstmn');
    expect(parseModel(' TF-NOPOS ', LESSONS.transformer)).toBe('nopos');
    expect(parseModel('lm-lstmn', LESSONS.seq2seq)).toBeNull();
    expect(parseModel('', LESSONS.seq2seq)).toBeNull();
    expect(parseModel(null, LESSONS.seq2seq)).toBeNull();
  });

  it('reads 1-based whole numbers as 0-based indices', () => {
    expect(parseIndex('1')).toBe(0);
    expect(parseIndex(' 12 ')).toBe(11);
    for (const bad of ['0', '-1', '1.5', 'two', '', null, undefined]) expect(parseIndex(bad)).toBeNull();
    expect(formatIndex(0)).toBe('1');
    expect(parseIndex(formatIndex(41))).toBe(41);
  });

  it('knows the two page languages', () => {
    expect(parseLanguage('zh-CN')).toBe('zh-CN');
    expect(parseLanguage('en')).toBe('en');
    expect(parseLanguage('fr')).toBeNull();
    expect(parseLanguage(null)).toBeNull();
  });
});

describe('snippets', () => {
  const state = { sentence: 'he said "hi" & <left>', model: 'dot', controls: 'none' };

  it('escapes attribute text', () => {
    expect(escapeAttribute(`a&b"c<d>e'`)).toBe(`a&amp;b&quot;c&lt;d&gt;e'`);
  });

  it('the element snippet is one script tag and one lesson tag with the attributes', () => {
    const snippet = elementSnippet('seq2seq', state, 'https://site.example/attnlab/attnlab.js', 'zh-CN');
    expect(snippet).toBe(
      '<script type="module" src="https://site.example/attnlab/attnlab.js"></script>\n' +
        '<attnlab-seq2seq sentence="he said &quot;hi&quot; &amp; &lt;left&gt;" model="dot" controls="none"' +
        ' lang="zh-CN"></attnlab-seq2seq>',
    );
  });

  it('the iframe loads the app with ?embed= and the lesson state, and reads back the same state', () => {
    const app = 'https://site.example/attnlab/?lstmn.model=rnn#lesson-lstmn';
    const url = embedUrl('seq2seq', state, app, 'en');
    expect(url.startsWith('https://site.example/attnlab/?lang=en&embed=seq2seq&')).toBe(true);
    expect(parseAppState(new URL(url).search)).toEqual({
      lang: 'en',
      embed: 'seq2seq',
      lessons: { seq2seq: state },
    });
    const snippet = iframeSnippet('seq2seq', state, app, 'en', 'AttnLab: "Seq2Seq"');
    expect(snippet).toContain(`src="${url.replace(/&/g, '&amp;')}"`);
    expect(snippet).toContain('title="AttnLab: &quot;Seq2Seq&quot;"');
    expect(snippet.startsWith('<iframe ') && snippet.endsWith('></iframe>')).toBe(true);
  });
});
