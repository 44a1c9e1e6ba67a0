// The cells of a heat map as SVG elements, one per (row, col), kept between draws: the <rect>s
// (HeatCells) and the weights printed on them (a CellGrid of <text>s, attention-map-parts.ts).
// Typing one more word grows an n x n map to (n+1) x (n+1): the existing elements keep their place
// and only their colour, number and data-weight change, so a 200-token map stays responsive. (A d3
// data join keyed by index would move every element, since cell i sits at (i / cols, i % cols):
// each moved text is laid out again, and typing a word in lesson 1 moved about 120 of them.)

import { keepAttr } from './keep-dom';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Grids with at least this many cells are detached while written (see update). */
const DETACH_FROM = 2048;

/** A (rows, cols) grid of SVG elements of one tag in a group, each kept at its (row, col). */
export class CellGrid<E extends SVGElement> {
  private items: E[][] = []; // [row][col]

  constructor(
    private readonly group: SVGGElement,
    private readonly tag: 'rect' | 'text',
  ) {}

  /**
   * Makes the grid (rows, cols), keeping the elements it had at their (row, col), and calls
   * `each` on every element (`fresh`: made by this call).
   */
  update(rows: number, cols: number, each: (el: E, row: number, col: number, fresh: boolean) => void): void {
    // Setting 40,000 attributes on connected elements restyles the tree at every step: a large
    // grid is detached while written and put back once. A small one stays (detaching it would lay
    // out every cell again on each redraw, as the training lab's maps do several times a second).
    const detach = rows * cols >= DETACH_FROM;
    const parent = detach ? this.group.parentNode : null;
    const next = this.group.nextSibling;
    if (detach) this.group.remove();

    while (this.items.length > rows) for (const el of this.items.pop() ?? []) el.remove();
    for (let r = 0; r < rows; r++) {
      const row = (this.items[r] ??= []);
      while (row.length > cols) row.pop()?.remove();
      for (let c = 0; c < cols; c++) {
        let el = row[c];
        const fresh = !el;
        if (!el) {
          el = document.createElementNS(SVG_NS, this.tag) as SVGElement as E;
          el.setAttribute('data-row', String(r));
          el.setAttribute('data-col', String(c));
          this.group.appendChild(el);
          row[c] = el;
        }
        each(el, r, c, fresh);
      }
    }
    parent?.insertBefore(this.group, next);
  }

  clear(): void {
    this.update(0, 0, () => {});
  }
}

export class HeatCells {
  private readonly grid: CellGrid<SVGRectElement>;
  private cell = -1;
  private gap = -1;

  constructor(group: SVGGElement) {
    this.grid = new CellGrid(group, 'rect');
  }

  /**
   * Shows a (rows, cols) grid of `cell` px squares (`gap` px apart), coloured by `fill(weight)`.
   * weights: (rows, cols) row-major.
   */
  update(
    rows: number,
    cols: number,
    cell: number,
    gap: number,
    weights: ArrayLike<number>,
    fill: (w: number) => string,
  ): void {
    const geometryChanged = cell !== this.cell || gap !== this.gap;
    this.cell = cell;
    this.gap = gap;
    const size = String(cell - gap);
    this.grid.update(rows, cols, (rect, r, c, fresh) => {
      if (fresh || geometryChanged) {
        rect.setAttribute('x', String(c * cell));
        rect.setAttribute('y', String(r * cell));
        rect.setAttribute('width', size);
        rect.setAttribute('height', size);
      }
      const w = weights[r * cols + c];
      // Only what changed: the colours are quantized, so many cells keep theirs from one word to
      // the next, and every set restyles the cell.
      keepAttr(rect, 'fill', fill(w));
      keepAttr(rect, 'data-weight', String(w));
    });
  }

  clear(): void {
    this.grid.clear();
  }
}
