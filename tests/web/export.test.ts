// The take-away formats of an attention map: CSV with a header and n x m values, JSON with labels
// and nested weights, safe file names.
import { describe, expect, it } from 'vitest';
import { fileStem, gridSvg, mapToCsv, mapToJson, wrapTitle } from '../../web/src/figures/export';
import { sentenceOf } from '../../web/src/figures/attention-map-export';
import type { AttentionMap } from '../../web/src/engine/records';

const map: AttentionMap = {
  name: 'layer 1 · head 2',
  layer: 0,
  head: 1,
  rows: 2,
  cols: 3,
  rowLabels: ['la', 'voiture'],
  colLabels: ['the', 'red, "big"', 'car'],
  scores: new Float32Array([1, 2, 3, 4, Number.NaN, 6]),
  weights: new Float32Array([0.5, 0.25, 0.25, 0, 0.125, 0.875]),
  editedRows: [],
};

/** A small RFC 4180 reader: enough to check that what mapToCsv writes reads back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') (row.push(field), (field = ''));
    else if (ch === '\r') continue;
    else if (ch === '\n') (row.push(field), rows.push(row), (row = []), (field = ''));
    else field += ch;
  }
  return rows;
}

describe('map export', () => {
  it('CSV: a header of column labels, then one line per row with its label and weights', () => {
    const rows = parseCsv(mapToCsv(map));
    expect(rows).toHaveLength(1 + map.rows);
    expect(rows[0]).toEqual(['i (query) \\ j (key)', 'the', 'red, "big"', 'car']);
    expect(rows[1][0]).toBe('la');
    expect(rows[2].slice(1).map(Number)).toEqual([0, 0.125, 0.875]);
    for (const row of rows) expect(row).toHaveLength(1 + map.cols);
  });

  it('JSON: labels and nested weights; undefined scores become null', () => {
    const value = JSON.parse(mapToJson(map));
    expect(value.rows).toEqual(map.rowLabels);
    expect(value.cols).toEqual(map.colLabels);
    expect(value.weights).toEqual([
      [0.5, 0.25, 0.25],
      [0, 0.125, 0.875],
    ]);
    expect(value.scores[1][1]).toBeNull();
    expect(value.layer).toBe(0);
    expect(value.head).toBe(1);
  });

  it('file names keep letters and digits of any script', () => {
    expect(fileStem('layer 1 · head 2')).toBe('layer-1-head-2');
    expect(fileStem('additive attention: decoder steps x source words')).toBe(
      'additive-attention-decoder-steps-x-source-words',
    );
    expect(fileStem('注意力 图')).toBe('注意力-图');
    expect(fileStem('<script>')).toBe('script');
    expect(fileStem('…')).toBe('attention');
  });

  it('a canvas figure as SVG: one square per value, row-major, the title escaped', () => {
    const fills = ['#000001', '#000002', '#000003', '#000004', '#000005', '#000006'];
    const text = gridSvg(2, 3, 8, (r, c) => fills[r * 3 + c], 'a < b & "c"');
    expect(text).toMatch(
      /^<\?xml [^>]*\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="24" height="16"/,
    );
    expect(text).toContain('<title>a &#60; b &#38; &#34;c&#34;</title>');
    const squares = [...text.matchAll(/<rect x="(\d+)" y="(\d+)" width="8" height="8" fill="([^"]+)"\/>/g)];
    expect(squares.map((m) => [Number(m[1]), Number(m[2]), m[3]])).toEqual([
      [0, 0, '#000001'],
      [8, 0, '#000002'],
      [16, 0, '#000003'],
      [0, 8, '#000004'],
      [8, 8, '#000005'],
      [16, 8, '#000006'],
    ]);
    expect(text.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it("an exported map's title: wrapped at spaces to the figure's width, cut with … after its last line", () => {
    expect(wrapTitle('3. Transformer self-attention · Masked LM · Layer 1 · head 2', 30, 2)).toEqual([
      '3. Transformer self-attention',
      '· Masked LM · Layer 1 · head 2',
    ]);
    const long = wrapTitle('word '.repeat(40), 20, 3);
    expect(long).toHaveLength(3);
    expect(long.every((line) => [...line].length <= 20)).toBe(true);
    expect(long[2].endsWith('…')).toBe(true);
    expect(wrapTitle('short', 20, 2)).toEqual(['short']);
  });

  it('the sentence of a map the lesson did not name: its tokens, joined as they were cut', () => {
    expect(sentenceOf(map)).toBe('the red, "big" car');
    expect(sentenceOf({ ...map, colLabels: ['The', ' F', 'BI', ' is'] })).toBe('The FBI is');
  });
});
