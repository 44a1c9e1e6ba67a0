// What the attention map adds for interventions: pinned cells (a click or Enter on a cell asks the
// lesson to pin it, event `attnlab-pin`), the rows an intervention changed (AttentionMap.editedRows:
// outlined, marked at their right end, their labels set apart, named in a legend line and in words
// for screen readers). The keyboard cursor that reaches the same cells is attention-map-cursor.ts.
// Pure drawing over a MapLayout; the element (attention-map.ts) owns the state.

import { html, nothing, type TemplateResult } from 'lit';
import { select } from 'd3';
import { t } from '../i18n';
import { isolate } from '../i18n/bidi';
import type { AttentionMap } from '../engine/records';
import { displayLabel, type MapLayout } from './attention-map-layout';

/** A cell as [row, col] of the map drawn. */
export type Cell = readonly [number, number];

/**
 * detail of `attnlab-pin`: the cell the student clicked or chose with the keyboard, and the weight
 * a drag or Shift+arrow set it to (attention-map-drag.ts); without `weight` it is a click.
 */
export interface PinDetail {
  row: number;
  col: number;
  weight?: number;
}
export type PinEvent = CustomEvent<PinDetail>;

export function pinEvent(row: number, col: number, weight?: number): PinEvent {
  return new CustomEvent<PinDetail>('attnlab-pin', {
    detail: weight === undefined ? { row, col } : { row, col, weight },
    bubbles: true,
    composed: true,
  });
}

/** The cell under a pointer: an SVG rect names its own; on a canvas map the offset says which. */
export function cellAt(event: PointerEvent | MouseEvent, layout: MapLayout | null): Cell | null {
  const target = event.target as Element | null;
  if (target?.tagName === 'rect' && target.hasAttribute('data-weight'))
    return [Number(target.getAttribute('data-row')), Number(target.getAttribute('data-col'))];
  if (!layout || !(target instanceof HTMLCanvasElement)) return null;
  const row = Math.floor(event.offsetY / layout.cell);
  const col = Math.floor(event.offsetX / layout.cell);
  return row >= 0 && col >= 0 && row < layout.rows && col < layout.cols ? [row, col] : null;
}

export const inMap = ([r, c]: Cell, layout: MapLayout) =>
  r >= 0 && c >= 0 && r < layout.rows && c < layout.cols;

/**
 * Where a cell's outline goes: around the cell on an SVG map; on a canvas map, whose cells may be
 * one or two pixels, a square of at least MIN_MARK px centred on it, so a pin stays visible.
 */
const MIN_MARK = 9;
export function cellBox(r: number, c: number, layout: MapLayout, inset: number) {
  const { cell, gap } = layout;
  if (!layout.canvas || cell - gap - 2 * inset >= MIN_MARK)
    return { x: c * cell + inset, y: r * cell + inset, side: Math.max(1, cell - gap - 2 * inset) };
  return { x: c * cell + cell / 2 - MIN_MARK / 2, y: r * cell + cell / 2 - MIN_MARK / 2, side: MIN_MARK };
}

/**
 * Draws, in the map's "edits" layer (translated like the cells), the changed rows' outlines and
 * right-end marks and the pinned cells' outlines, on SVG and canvas maps alike (the SVG lies over
 * the canvas; a canvas map's thin rows and pins get marks of a visible size).
 */
export function drawEdits(
  group: SVGGElement | null,
  layout: MapLayout,
  editedRows: readonly number[],
  pins: readonly Cell[],
): void {
  if (!group) return;
  const { cell, gap, cols } = layout;
  const rows = editedRows.filter((r) => r >= 0 && r < layout.rows);
  const shownPins = pins.filter((p) => inMap(p, layout));
  const band = layout.canvas ? Math.max(1, cell / 2) : 1; // a canvas row may be 1 px: a wider outline
  const g = select(group);
  g.selectAll<SVGRectElement, number>('rect.edited-row')
    .data(rows)
    .join('rect')
    .attr('class', 'edited-row')
    .attr('data-row', (r) => r)
    .attr('x', -band)
    .attr('y', (r) => r * cell - band)
    .attr('width', cols * cell - gap + 2 * band)
    .attr('height', cell - gap + 2 * band);
  // A small triangle right of the last column points at the changed row.
  g.selectAll<SVGPathElement, number>('path.edited-mark')
    .data(rows)
    .join('path')
    .attr('class', 'edited-mark')
    .attr('data-row', (r) => r)
    .attr('d', (r) => {
      const x = cols * cell + 2;
      const y = r * cell + (cell - gap) / 2;
      return `M${x + 6},${y - 4} L${x},${y} L${x + 6},${y + 4} Z`;
    });
  g.selectAll<SVGRectElement, Cell>('rect.pin')
    .data(shownPins)
    .join('rect')
    .attr('class', 'pin')
    .attr('data-row', ([r]) => r)
    .attr('data-col', ([, c]) => c)
    .attr('x', ([r, c]) => cellBox(r, c, layout, 1.5).x)
    .attr('y', ([r, c]) => cellBox(r, c, layout, 1.5).y)
    .attr('width', ([r, c]) => cellBox(r, c, layout, 1.5).side)
    .attr('height', ([r, c]) => cellBox(r, c, layout, 1.5).side);
}

/** Sets the row labels of changed rows apart (class "edited" on their <g>). */
export function markEditedLabels(svg: SVGSVGElement | null, editedRows: readonly number[]): void {
  if (!svg) return;
  const edited = new Set(editedRows);
  select(svg)
    .selectAll<SVGGElement, unknown>('g.row-labels g.label')
    .classed('edited', function () {
      return edited.has(Number(this.getAttribute('data-row')));
    });
}

export const rowName = (map: AttentionMap, r: number) => isolate(displayLabel(map.rowLabels[r] ?? ''));
export const colName = (map: AttentionMap, c: number) => isolate(displayLabel(map.colLabels[c] ?? ''));

/**
 * The legend's line for the edits, shown with the colours' legend while the map has changed rows
 * or pins: what the outline and the pin mean, and which rows, in words (read by screen readers too).
 */
export function editsLegend(map: AttentionMap, pins: readonly Cell[]): TemplateResult | typeof nothing {
  const rows = (map.editedRows ?? []).filter((r) => r >= 0 && r < map.rows);
  const pinned = pins.filter(([r, c]) => r < map.rows && c < map.cols);
  if (!rows.length && !pinned.length) return nothing;
  const list = (items: string[]) => items.slice(0, 8).join(', ') + (items.length > 8 ? ', …' : '');
  return html`<p class="edits-legend" data-edited-rows=${rows.join(' ')} data-pins=${pinned.length}>
    ${
      rows.length
        ? html`<span class="edits-key"
            ><span class="swatch-row" aria-hidden="true"></span>${t('map.editedRows', {
              count: rows.length,
              rows: list(rows.map((r) => rowName(map, r))),
            })}</span
          >`
        : nothing
    }
    ${
      pinned.length
        ? html`<span class="edits-key"
            ><span class="swatch-pin" aria-hidden="true"></span>${t('map.pinnedCells', {
              count: pinned.length,
              cells: list(pinned.map(([r, c]) => `${rowName(map, r)} → ${colName(map, c)}`)),
            })}</span
          >`
        : nothing
    }
  </p>`;
}
