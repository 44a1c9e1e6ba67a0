// The attention map's keyboard cursor (a `pinnable` map is one Tab stop): the arrow keys, Home/End
// and Page Up/Down move it between cells, the tooltip and a live readout name its cell, and Enter
// or Space pins it (attention-map-edits.ts's `attnlab-pin`). Pure key arithmetic and drawing over a
// MapLayout; the element (attention-map.ts) keeps the cursor.

import { select } from 'd3';
import { t } from '../i18n';
import type { AttentionMap } from '../engine/records';
import type { MapLayout } from './attention-map-layout';
import { cellBox, colName, inMap, rowName, type Cell } from './attention-map-edits';

/**
 * Where a key moves the cursor in a (rows, cols) map, or "pin" for Enter and Space; null for a key
 * the map does not use (Tab goes on to the next control).
 */
export function cursorKey(key: string, cursor: Cell, rows: number, cols: number): Cell | 'pin' | null {
  if (key === 'Enter' || key === ' ') return 'pin';
  const [r, c] = cursor;
  const page = Math.max(1, Math.min(10, rows - 1));
  const moved: Record<string, Cell> = {
    ArrowUp: [r - 1, c],
    ArrowDown: [r + 1, c],
    ArrowLeft: [r, c - 1],
    ArrowRight: [r, c + 1],
    Home: [r, 0],
    End: [r, cols - 1],
    PageUp: [r - page, c],
    PageDown: [r + page, c],
  };
  const next = moved[key];
  if (!next) return null;
  return [Math.max(0, Math.min(rows - 1, next[0])), Math.max(0, Math.min(cols - 1, next[1]))];
}

/** The keyboard cursor's outline (hidden while the map does not have the focus). */
export function drawCursor(group: SVGGElement | null, layout: MapLayout, cursor: Cell | null): void {
  if (!group) return;
  const shown = cursor && inMap(cursor, layout) ? [cursor] : [];
  select(group)
    .selectAll<SVGRectElement, Cell>('rect.cursor')
    .data(shown)
    .join('rect')
    .attr('class', 'cursor')
    .attr('x', ([r, c]) => cellBox(r, c, layout, -1).x)
    .attr('y', ([r, c]) => cellBox(r, c, layout, -1).y)
    .attr('width', ([r, c]) => cellBox(r, c, layout, -1).side)
    .attr('height', ([r, c]) => cellBox(r, c, layout, -1).side);
}

/** What the keyboard cursor is on, in words (the live readout of a pinnable map). */
export function cursorText(map: AttentionMap, cursor: Cell, pins: readonly Cell[]): string {
  const [r, c] = cursor;
  if (r >= map.rows || c >= map.cols) return '';
  const pinned = pins.some(([pr, pc]) => pr === r && pc === c);
  return t(pinned ? 'map.cursorPinned' : 'map.cursor', {
    row: rowName(map, r),
    col: colName(map, c),
    weight: map.weights[r * map.cols + c].toFixed(3),
    edited: (map.editedRows ?? []).includes(r) ? t('map.cursorEdited') : '',
  });
}

/**
 * Shows the cursor on `cursor` (or hides it, `on` false): its outline, its words in the live
 * readout, the scroll box moved so the cell is in view. Returns where its tooltip goes (client
 * coordinates), or null when hidden.
 */
export function placeCursor(
  root: ParentNode,
  map: AttentionMap,
  layout: MapLayout,
  scroll: HTMLElement | null,
  cursor: Cell,
  pins: readonly Cell[],
  on: boolean,
): { clientX: number; clientY: number } | null {
  drawCursor(root.querySelector<SVGGElement>('svg.heat g.cursor'), layout, on ? cursor : null);
  const readout = root.querySelector<HTMLElement>('#cursor-readout');
  if (readout) readout.textContent = on ? cursorText(map, cursor, pins) : '';
  if (!on) return null;
  const [r, c] = cursor;
  const x = layout.left + c * layout.cell;
  const y = layout.top + r * layout.cell;
  if (!scroll) return null;
  // Keeps the cell in the box, clear of the sticky labels.
  if (x - layout.left < scroll.scrollLeft) scroll.scrollLeft = x - layout.left;
  else if (x + layout.cell > scroll.scrollLeft + scroll.clientWidth)
    scroll.scrollLeft = x + layout.cell - scroll.clientWidth;
  if (y - layout.top < scroll.scrollTop) scroll.scrollTop = y - layout.top;
  else if (y + layout.cell > scroll.scrollTop + scroll.clientHeight)
    scroll.scrollTop = y + layout.cell - scroll.clientHeight;
  const box = scroll.getBoundingClientRect();
  return {
    clientX: box.left + x - scroll.scrollLeft + layout.cell / 2,
    clientY: box.top + y - scroll.scrollTop,
  };
}
