// The cells of a heat map as SVG <rect>s, one per (row, col), kept between draws. Typing one
// more word grows an n x n map to (n+1) x (n+1): the existing rects keep their place and only
// their colour and data-weight change, so a 200-token map stays responsive. (A d3 data join
// keyed by index would move every rect, since cell i sits at (i / cols, i % cols).)

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Grids with at least this many cells are detached while written (see update). */
const DETACH_FROM = 2048;

export class HeatCells {
  private readonly group: SVGGElement;
  private rects: SVGRectElement[][] = []; // [row][col]
  private cell = -1;
  private gap = -1;

  constructor(group: SVGGElement) {
    this.group = group;
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

    // Setting 40,000 attributes on connected elements restyles the tree at every step: a large
    // grid is detached while written and put back once. A small one stays (detaching it would lay
    // out every cell again on each redraw, as the training lab's maps do several times a second).
    const detach = rows * cols >= DETACH_FROM;
    const parent = detach ? this.group.parentNode : null;
    const next = this.group.nextSibling;
    if (detach) this.group.remove();

    while (this.rects.length > rows) for (const rect of this.rects.pop() ?? []) rect.remove();
    for (let r = 0; r < rows; r++) {
      const row = (this.rects[r] ??= []);
      while (row.length > cols) row.pop()?.remove();
      for (let c = 0; c < cols; c++) {
        let rect = row[c];
        if (!rect) {
          rect = document.createElementNS(SVG_NS, 'rect');
          rect.setAttribute('data-row', String(r));
          rect.setAttribute('data-col', String(c));
          this.group.appendChild(rect);
          row[c] = rect;
        }
        if (!rect.hasAttribute('width') || geometryChanged) {
          rect.setAttribute('x', String(c * cell));
          rect.setAttribute('y', String(r * cell));
          rect.setAttribute('width', size);
          rect.setAttribute('height', size);
        }
        const w = weights[r * cols + c];
        rect.setAttribute('fill', fill(w));
        rect.setAttribute('data-weight', String(w));
      }
    }
    parent?.insertBefore(this.group, next);
  }

  clear(): void {
    for (const row of this.rects) for (const rect of row) rect.remove();
    this.rects = [];
  }
}
