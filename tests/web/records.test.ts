// Pure helpers of web/src/engine/records.ts and convert.ts, and the i18n tables.
import { describe, expect, it } from 'vitest';
import { toForwardRecord, transferablesOf, type RawForward, type RawMap } from '../../web/src/engine/convert';
import {
  allFinite,
  argmaxPerRow,
  clipText,
  countChars,
  hasSeveralLayers,
  mapProblems,
  maxAbsDiff,
  maxValue,
  rowSums,
  topIndices,
  topKInRow,
  truncateLabel,
  weightsOf,
  type AttentionMap,
} from '../../web/src/engine/records';
import { en } from './support/en-all';
import { pickLanguage } from '../../web/src/i18n/languages';
import { zhCN } from '../../web/src/i18n/zh-CN';

function map(weights: number[], rows: number, cols: number, extra: Partial<AttentionMap> = {}): AttentionMap {
  return {
    name: 'm',
    layer: 0,
    head: 0,
    rows,
    cols,
    rowLabels: Array.from({ length: rows }, (_, i) => `r${i}`),
    colLabels: Array.from({ length: cols }, (_, i) => `c${i}`),
    scores: new Float32Array(weights.length),
    weights: Float32Array.from(weights),
    editedRows: [],
    ...extra,
  };
}

describe('grid helpers', () => {
  const grid = { rows: 2, cols: 3, values: [0.2, 0.5, 0.3, 0.6, 0.1, 0.3] };

  it('rowSums adds each row', () => {
    const sums = rowSums(grid);
    expect(sums).toHaveLength(2);
    expect(sums[0]).toBeCloseTo(1, 12);
    expect(sums[1]).toBeCloseTo(1, 12);
  });

  it('argmaxPerRow finds the largest column, first on ties, -1 without columns', () => {
    expect(Array.from(argmaxPerRow(grid))).toEqual([1, 0]);
    expect(Array.from(argmaxPerRow({ rows: 1, cols: 3, values: [0.4, 0.4, 0.2] }))).toEqual([0]);
    expect(Array.from(argmaxPerRow({ rows: 2, cols: 0, values: [] }))).toEqual([-1, -1]);
  });

  it('topKInRow lists columns from largest down', () => {
    expect(topKInRow(grid, 0, 2)).toEqual([1, 2]);
    expect(topKInRow(grid, 1, 5)).toEqual([0, 2, 1]);
    expect(topKInRow(grid, 1, 0)).toEqual([]);
  });

  it('maxValue, allFinite and maxAbsDiff', () => {
    expect(maxValue([1, 3, 2])).toBe(3);
    expect(maxValue([])).toBe(-Infinity);
    expect(allFinite([1, 2])).toBe(true);
    expect(allFinite([1, NaN])).toBe(false);
    expect(allFinite([Infinity])).toBe(false);
    expect(maxAbsDiff([1, 2, 3], [1, 2.5, 2])).toBe(1);
    expect(maxAbsDiff([1], [1, 2])).toBe(Infinity);
    expect(maxAbsDiff([1, NaN], [1, 2])).toBeNaN();
  });
});

describe('mapProblems', () => {
  it('accepts rows that sum to 1', () => {
    expect(mapProblems(map([0.25, 0.75, 1, 0], 2, 2))).toEqual([]);
  });

  it('names a row that does not sum to 1, wrong shapes and non-finite weights', () => {
    expect(mapProblems(map([0.25, 0.7, 1, 0], 2, 2))[0]).toMatch(/row 0 of weights sums to 0\.9/);
    expect(mapProblems(map([1, 0, 1], 2, 2)).join()).toMatch(/weights has 3 values, expected 4/);
    expect(mapProblems(map([1, 0, NaN, 1], 2, 2)).join()).toMatch(/not finite/);
    expect(mapProblems(map([1, 0, 0, 1], 2, 2, { rowLabels: ['a'] })).join()).toMatch(
      /1 row labels for 2 rows/,
    );
  });

  it('weightsOf views the weights as a grid', () => {
    const m = map([0.5, 0.5], 1, 2);
    expect(weightsOf(m).values).toBe(m.weights);
  });
});

describe('text helpers', () => {
  it('countChars counts code points, not UTF-16 units', () => {
    expect(countChars('abc')).toBe(3);
    expect(countChars('🐱猫')).toBe(2);
    expect('🐱猫'.length).toBe(3);
  });

  it('clipText keeps the first `limit` code points and never splits a surrogate pair', () => {
    expect(clipText('hello', 10)).toEqual({ text: 'hello', clipped: false, length: 5 });
    expect(clipText('hello world', 5)).toEqual({ text: 'hello', clipped: true, length: 11 });
    const cats = '🐱'.repeat(5);
    const clipped = clipText(cats, 3);
    expect(clipped).toEqual({ text: '🐱🐱🐱', clipped: true, length: 5 });
    expect(clipText(cats, 5)).toEqual({ text: cats, clipped: false, length: 5 });
    expect(clipText('a'.repeat(2500), 2000).text).toHaveLength(2000);
  });

  it('truncateLabel cuts long labels with an ellipsis', () => {
    expect(truncateLabel('short', 12)).toBe('short');
    expect(truncateLabel('extraordinarily', 8)).toBe('extraor…');
    expect(truncateLabel('🐱🐱🐱🐱', 3)).toBe('🐱🐱…');
  });

  it('hasSeveralLayers', () => {
    expect(hasSeveralLayers([map([1], 1, 1), map([1], 1, 1, { head: 1 })])).toBe(false);
    expect(hasSeveralLayers([map([1], 1, 1), map([1], 1, 1, { layer: 1 })])).toBe(true);
  });
});

describe('toForwardRecord', () => {
  const rawMap: RawMap = {
    name: 'self-attention',
    layer: 0,
    head: 1,
    rows: 2,
    cols: 2,
    row_labels: ['the', 'cat'],
    col_labels: ['the', 'cat'],
    scores: [0.1, 0.2, 0.3, 0.4],
    weights: [0.4, 0.6, 0.5, 0.5],
  };
  const raw: RawForward = {
    tokens: ['the', 'cat'],
    ids: [4, 7],
    unknown: [false, true],
    word_of: [0, 1],
    words: ['the', 'cat'],
    maps: [rawMap],
    tensors: [{ name: 'hidden', rows: 2, cols: 1, data: [1, 2] }],
  };

  it('takes the CLI JSON shape (plain arrays) into typed records', () => {
    const record = toForwardRecord(raw);
    expect(record.tokens).toEqual(['the', 'cat']);
    expect(record.ids).toBeInstanceOf(Int32Array);
    expect(Array.from(record.ids)).toEqual([4, 7]);
    expect(record.unknown).toEqual([false, true]);
    expect(Array.from(record.wordOf)).toEqual([0, 1]);
    expect(record.maps[0].rowLabels).toEqual(['the', 'cat']);
    expect(record.maps[0].weights).toBeInstanceOf(Float32Array);
    expect(record.maps[0].weights[1]).toBeCloseTo(0.6, 6);
    expect(record.tensors[0].data).toBeInstanceOf(Float32Array);
    expect(record.truncated).toBeNull();
  });

  it('copies a view of a larger buffer (the heap), takes an array that owns its buffer; each buffer once', () => {
    const heap = new ArrayBuffer(64);
    const weights = new Float32Array(heap, 16, 4);
    weights.set([0.4, 0.6, 0.5, 0.5]);
    const ids = new Int32Array(heap, 48, 2);
    ids.set([1, 2]);
    const scores = Float32Array.from([1, 2, 3, 4]); // a slice the boundary made: its own buffer
    const record = toForwardRecord({ ...raw, ids, maps: [{ ...rawMap, weights, scores }] });
    expect(record.maps[0].weights).not.toBe(weights);
    expect(record.ids).not.toBe(ids);
    new Float32Array(heap).fill(9); // the heap changes (or grows and is detached)
    expect(record.maps[0].weights[0]).toBeCloseTo(0.4, 6);
    expect(Array.from(record.ids)).toEqual([1, 2]);
    expect(record.maps[0].scores).toBe(scores); // not copied again
    const buffers = transferablesOf(record);
    expect(new Set(buffers).size).toBe(buffers.length);
    expect(buffers).toHaveLength(5); // ids, wordOf, scores, weights, tensor
    expect(buffers).not.toContain(heap);
  });

  it('reads registered std::vectors (size/get) as well as arrays', () => {
    const vector = <T>(items: T[]) => ({ size: () => items.length, get: (i: number) => items[i] });
    const record = toForwardRecord({ ...raw, tokens: vector(['a', 'b']), ids: vector([1, 2]) });
    expect(record.tokens).toEqual(['a', 'b']);
    expect(Array.from(record.ids)).toEqual([1, 2]);
  });

  it('treats missing optional lists as empty', () => {
    const record = toForwardRecord({ tokens: [], ids: [], maps: [] });
    expect(record.tensors).toEqual([]);
    expect(record.unknown).toEqual([]);
    expect(record.words).toEqual([]);
  });
});

describe('i18n', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
    );

  it('English and Chinese have the same keys, none empty', () => {
    expect(keys(zhCN).sort()).toEqual(keys(en).sort());
    for (const table of [en, zhCN]) {
      for (const key of keys(table)) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], table);
        expect(String(value).trim(), key).not.toBe('');
      }
    }
  });

  it('the same placeholders appear in both languages', () => {
    const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
    // The Chinese card lines name a tensor by what it is, without its English name (issue 52 A9:
    // no tensor name in the Chinese interface): there, and only there, {{name}} is left out.
    const nameLeftOut = (key: string) => key.startsWith('cards.tensors.');
    for (const key of keys(en)) {
      const get = (table: object) =>
        String(key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], table));
      const wanted = placeholders(get(en)).filter((p) => !(nameLeftOut(key) && p === '{{name}}'));
      expect(placeholders(get(zhCN)), key).toEqual(wanted);
    }
  });

  it('pickLanguage: explicit choice, then browser, then English', () => {
    expect(pickLanguage(null, ['zh-CN', 'en'])).toBe('zh-CN');
    expect(pickLanguage(null, ['zh-TW'])).toBe('zh-CN');
    expect(pickLanguage('en', ['zh-CN'])).toBe('en');
    expect(pickLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(pickLanguage(null, ['fr-FR', 'en-GB'])).toBe('en');
    expect(pickLanguage(null, ['fr-FR'])).toBe('en');
    expect(pickLanguage('klingon', [])).toBe('en');
  });
});

describe('topIndices', () => {
  // What it replaced: every index sorted, largest first, the lower index first among equals.
  const sorted = (values: number[], k: number) =>
    values
      .map((_, i) => i)
      .sort((a, b) => values[b] - values[a] || a - b)
      .slice(0, Math.max(0, k));

  it('keeps what sorting every index kept, ties and windows included', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(random() * 40);
      // Few distinct values, so ties are common.
      const values = Array.from({ length: n }, () => Math.floor(random() * 6) - 3);
      for (const k of [0, 1, 3, 5, n, n + 2]) expect(topIndices(values, k)).toEqual(sorted(values, k));
      const start = Math.floor(random() * n);
      const end = start + Math.floor(random() * (n - start + 1));
      expect(topIndices(values, 4, start, end)).toEqual(sorted(values.slice(start, end), 4));
    }
  });

  it('puts NaN after every number', () => {
    expect(topIndices([NaN, 1, NaN, 3, 2], 3)).toEqual([3, 4, 1]);
    expect(topIndices([NaN, 1], 2)).toEqual([1, 0]);
  });
});
