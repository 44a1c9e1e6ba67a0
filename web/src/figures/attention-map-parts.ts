// Pieces of the attention map that need no element: the legend of its colour scale (the scale
// itself is weight-scale.ts: one for every figure), a d3 axis under a gradient; the printed
// weights, the labels, outlined cells (marks), the canvas of a large map, and the table screen
// readers get instead of the SVG.

import { html, type TemplateResult } from 'lit';
import { axisBottom, range, scaleLinear, select } from 'd3';
import { paintCanvas } from './palette';
import { keepAttr, keepText } from './keep-dom';
import type { CellGrid } from './heat-cells';
export { keepAttr, keepText } from './keep-dom';
import { formatInteger, t } from '../i18n';
import { MAX_SVG_TOKENS, type MapLayout } from './attention-map-layout';
import { topKInRow, weightsOf, type AttentionMap } from '../engine/records';
import type { ColorScale } from './weight-scale';
export { colorScale, type ColorScale } from './weight-scale';

const FULL_TABLE_MAX = 60; // tokens: beyond this the hidden table lists each row's top weights
const TOP_K = 5;

export const formatWeight = (w: number) => w.toFixed(3);
/** A token as a screen reader says it: a token of spaces has no text of its own. */
const spokenLabel = (label: string) => (label.trim() === '' ? t('map.spaceToken') : label);

export function drawLegend(el: SVGSVGElement | null, color: ColorScale): void {
  if (!el) return;
  // Drawn again only when its colours or ends change: the training lab redraws its maps several
  // times a second, and every attribute set here would lay the legend out again.
  const key = `${color.lo} ${color.hi} ${color.interpolate(0)} ${color.interpolate(1)}`;
  if (el.dataset.drawn === key) return;
  el.dataset.drawn = key;
  const barWidth = 180;
  const svg = select(el)
    .attr('width', barWidth + 16)
    .attr('height', 34);
  const defs = svg.selectAll('defs').data([null]).join('defs');
  const gradient = defs
    .selectAll('linearGradient')
    .data([null])
    .join('linearGradient')
    .attr('id', 'legend-gradient');
  gradient
    .selectAll('stop')
    .data(range(11).map((i) => i / 10))
    .join('stop')
    .attr('offset', (d) => `${d * 100}%`)
    .attr('stop-color', (d) => color.interpolate(d));
  svg
    .selectAll('rect.bar')
    .data([null])
    .join('rect')
    .attr('class', 'bar')
    .attr('x', 8)
    .attr('y', 2)
    .attr('width', barWidth)
    .attr('height', 12)
    .attr('fill', 'url(#legend-gradient)');
  const scale = scaleLinear()
    .domain([color.lo, color.hi])
    .range([8, 8 + barWidth]);
  // Enough decimals that the three ticks differ: 0.50 for a peaked map, 0.012 for a flat one.
  const digits = Math.max(2, -Math.floor(Math.log10(color.hi / 2)));
  svg
    .selectAll<SVGGElement, null>('g.axis')
    .data([null])
    .join('g')
    .attr('class', 'axis')
    .attr('transform', 'translate(0,14)')
    .call(
      axisBottom(scale)
        .tickValues([color.lo, (color.lo + color.hi) / 2, color.hi])
        .tickFormat((d) => (+d).toFixed(digits))
        .tickSizeOuter(0),
    );
}

/**
 * The title a map is shown with: the lesson's own (translated) title, or a plain "attention map".
 * Never AttentionMap.name, which is the engine's English name ("layer 1 head 1").
 */
export const mapTitle = (title: string): string => title || t('map.untitled');

/** The same numbers for screen readers (the SVG is hidden from them), captioned with the map's title. */
export function renderMapTable(map: AttentionMap, title: string): TemplateResult {
  const caption = t('map.tableCaption', { name: title });
  if (Math.max(map.rows, map.cols) <= FULL_TABLE_MAX) {
    return html`<div class="sr-only">
      <table>
        <caption>
          ${caption}
        </caption>
        <thead>
          <tr>
            <td></td>
            ${map.colLabels.map((label) => html`<th scope="col">${spokenLabel(label)}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${map.rowLabels.map(
            (label, r) =>
              html`<tr>
                <th scope="row">${spokenLabel(label)}</th>
                ${map.colLabels.map((_, c) => html`<td>${formatWeight(map.weights[r * map.cols + c])}</td>`)}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
  const k = Math.min(TOP_K, map.cols);
  const grid = weightsOf(map);
  return html`<div class="sr-only">
    <table>
      <caption>
        ${caption} ${t('map.tableTop', { k, rows: map.rows, cols: map.cols })}
      </caption>
      <thead>
        <tr>
          <th scope="col">${t('map.queryHeader')}</th>
          ${range(k).map((i) => html`<th scope="col">${t('map.rankHeader', { rank: i + 1 })}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${map.rowLabels.map(
          (label, r) =>
            html`<tr>
              <th scope="row">${spokenLabel(label)}</th>
              ${topKInRow(grid, r, k).map((c) => html`<td>${map.colLabels[c]}: ${formatWeight(map.weights[r * map.cols + c])}</td>`)}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/**
 * Outlines `marks` ([row, col] cells) over the map's cells (SVG maps only: a canvas map's cells are
 * one pixel each). Each outline carries data-row and data-col.
 */
export function drawMarks(
  group: SVGGElement | null,
  marks: readonly (readonly [number, number])[],
  layout: MapLayout,
): void {
  const { cell, gap, rows, cols } = layout;
  const shown = layout.canvas ? [] : marks.filter(([r, c]) => r >= 0 && c >= 0 && r < rows && c < cols);
  if (!group) return;
  select(group)
    .selectAll<SVGRectElement, readonly [number, number]>('rect.mark')
    .data(shown)
    .join((enter) =>
      enter
        .append('rect')
        .attr('class', 'mark')
        .attr('fill', 'none')
        .attr('stroke', '#e8590c')
        .attr('stroke-width', 2)
        .attr('pointer-events', 'none'),
    )
    .each(function ([r, c]) {
      keepAttr(this, 'data-row', r);
      keepAttr(this, 'data-col', c);
      keepAttr(this, 'x', c * cell + 1);
      keepAttr(this, 'y', r * cell + 1);
      keepAttr(this, 'width', Math.max(1, cell - gap - 2));
      keepAttr(this, 'height', Math.max(1, cell - gap - 2));
    });
}

/**
 * Prints each cell's weight on it (cells large enough only, layout.numbers), white on dark cells.
 * The texts are kept at their (row, col) from one draw to the next (heat-cells.ts), so a new word
 * only changes their digits.
 */
export function drawNumbers(
  grid: CellGrid<SVGTextElement> | null,
  layout: MapLayout,
  weights: Float32Array,
  scale: ColorScale,
): void {
  if (!grid) return;
  const { cell, gap } = layout;
  const [rows, cols] = layout.numbers ? [layout.rows, layout.cols] : [0, 0];
  const mid = (cell - gap) / 2;
  grid.update(rows, cols, (text, r, c) => {
    const w = weights[r * cols + c];
    keepAttr(text, 'x', c * cell + mid);
    keepAttr(text, 'y', r * cell + mid);
    const dark = Math.abs(scale.position(w) - scale.position(0)) > 0.55 * (1 - scale.position(0));
    keepAttr(text, 'fill', dark ? '#fff' : '#0b2545');
    keepText(text, w.toFixed(2));
  });
}

/** One <g> per label, `shown` as printed (maybe truncated) and the full text in a <title>. */
export function drawLabels(
  group: SVGGElement | null,
  texts: readonly string[],
  shown: readonly string[],
  anchor: 'start' | 'end',
  indexAttr: 'data-row' | 'data-col',
  place: (i: number) => string,
): void {
  if (!group) return;
  select(group)
    .selectAll<SVGGElement, string>('g.label')
    .data(texts)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'label');
      g.append('title');
      g.append('text').attr('text-anchor', anchor).attr('dominant-baseline', 'central');
      return g;
    })
    .each(function (d, i) {
      keepAttr(this, indexAttr, i);
      keepAttr(this, 'transform', place(i));
      const [title, text] = [this.querySelector('title'), this.querySelector('text')];
      if (title) keepText(title, d);
      if (text) keepText(text, shown[i]);
    });
}

/** Paints the cells one pixel each into the canvas (scaled up by CSS), or hides the canvas. */
export function paintMapCanvas(
  canvas: HTMLCanvasElement | null,
  show: boolean,
  layout: MapLayout,
  weights: Float32Array,
  scale: ColorScale,
): void {
  if (!canvas) return;
  canvas.hidden = !show;
  if (!show) {
    canvas.width = 0;
    canvas.height = 0;
    return;
  }
  const { rows, cols, cell, left, top } = layout;
  Object.assign(canvas.style, {
    left: `${left}px`,
    top: `${top}px`,
    width: `${cols * cell}px`,
    height: `${rows * cell}px`,
  });
  paintCanvas(canvas, rows, cols, scale.interpolate, (i) => scale.position(weights[i]));
}

/** The legend's note on a map too large to label (drawn as one pixel per cell). */
export function largeNote(map: AttentionMap): TemplateResult | string {
  if (Math.max(map.rows, map.cols) <= MAX_SVG_TOKENS) return '';
  const sizes = { rows: formatInteger(map.rows), cols: formatInteger(map.cols) };
  return html`<span class="large-note">${t('map.largeNote', sizes)}</span>`;
}

/** Keeps the row labels at the scroll box's left edge and the column labels at its top (sticky). */
export function stickLabels(svg: SVGSVGElement | null, x: number, y: number): void {
  if (!svg) return;
  const place = (selector: string, transform: string) => {
    const g = svg.querySelector(selector);
    if (g) keepAttr(g, 'transform', transform);
  };
  place('g.row-labels', `translate(${x},0)`);
  place('g.col-labels', `translate(0,${y})`);
  place('g.corner', `translate(${x},${y})`);
  // The bands behind the labels show only once something has scrolled under them.
  svg.classList.toggle('scrolled-x', x > 0);
  svg.classList.toggle('scrolled-y', y > 0);
}
