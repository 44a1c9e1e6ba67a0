// <attnlab-attention-map>: one attention map as a heat map. Rows are query tokens (the words
// reading), columns key tokens (the words read); cell (i, j) is the weight alpha_ij. Lit owns the
// frame, the legend text and the screen-reader table; d3 draws the SVG cells and labels. A
// `pinnable` map is also where a student changes the attention: a click, or Enter on the keyboard
// cursor, asks the lesson to pin that cell (attention-map-edits.ts), and the rows the engine's
// intervention changed are marked.

import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { select } from 'd3';
import { LocaleController, t } from '../i18n';
import { placeholderBox, srOnly } from '../components/shared-styles';
import type { AttentionMap } from '../engine/records';
import { layoutMap, type MapLayout } from './attention-map-layout';
import { exportMap, sentenceOf } from './attention-map-export';
import type { ExportEvent, ExportFormat } from './export-buttons';
import './export-buttons';
import { drawLegend, mapTitle, largeNote, renderMapTable, stickLabels } from './attention-map-parts';
import { cellAt, editsLegend, pinEvent, type Cell } from './attention-map-edits';
import { drawMapSvg, type HeldCells } from './attention-map-svg';
import { cursorKey, placeCursor } from './attention-map-cursor';
import { CellDrag } from './attention-map-drag';
import { hideCellTip, showCellTip, type ScoreToWeight } from './attention-map-tooltip';
import { attentionMapStyles } from './attention-map-styles';
import { TableFollower } from './attention-map-table';

export { MAX_SVG_TOKENS } from './attention-map-layout';
const IMMEDIATE_CELLS = 10_000; // larger maps redraw once typing pauses, so keys never lag
const DRAW_DELAY_MS = 120;
const MAP_FORMATS: readonly ExportFormat[] = ['png', 'svg', 'csv', 'json'];
/** Properties only a download reads: a change of these alone draws nothing again. */
const EXPORT_ONLY = new Set(['exportText', 'exportTitle']);

export class AttentionMapElement extends LitElement {
  static override properties = {
    map: { attribute: false },
    emptyMessage: { attribute: false },
    rowsAxis: { attribute: false },
    colsAxis: { attribute: false },
    diverging: { attribute: false },
    legendTitle: { attribute: false },
    exportTitle: { attribute: false },
    exportText: { attribute: false },
    sigmoid: { attribute: false },
    compact: { attribute: false },
    marks: { attribute: false },
    pinnable: { attribute: false },
    pins: { attribute: false },
    streaming: { attribute: false },
  };

  /** The map to draw; null or 0 tokens shows a hint instead of an empty box. */
  declare map: AttentionMap | null;
  /** Replaces the default hint shown when there is nothing to draw. */
  declare emptyMessage: string;
  /** Replace the default axis captions (a lesson names what its rows and columns are). */
  declare rowsAxis: string;
  declare colsAxis: string;
  /** The map holds signed values (a difference of two maps), drawn on a diverging scale. */
  declare diverging: boolean;
  /** Replaces the legend's caption ("attention weight"). */
  declare legendTitle: string;
  /**
   * What the map is (lesson, model, layer, head), in the page's language: the first line of an
   * exported figure and the screen-reader table's caption. The trace's own map name is English
   * and is never shown (a map without a title is called "attention map").
   */
  declare exportTitle: string;
  /** The sentence the map reads, the second line of an exported figure. */
  declare exportText: string;
  /**
   * The weights are a sigmoid of the scores (the tooltip names it), not a softmax; 'logN' and
   * 'logNCausal': of the score minus ln n, n the keys a row reads (ScoreToWeight).
   */
  declare sigmoid: ScoreToWeight;
  /** A small figure without download buttons (the page's first view). */
  declare compact: boolean;
  /** Cells outlined on top of the colours, as [row, col] (the training lab's gold alignment). */
  declare marks: readonly (readonly [number, number])[];
  /** A click or Enter on a cell fires `attnlab-pin` ({row, col}); arrow keys move between cells. */
  declare pinnable: boolean;
  /** Cells the student pinned, as [row, col] (outlined; named in the legend). */
  declare pins: readonly Cell[];
  /** The map changes several times a second (the lab training): attention-map-table.ts. */
  declare streaming: boolean;
  private readonly table = new TableFollower(() => this.requestUpdate());

  private resizeObserver: ResizeObserver | null = null;
  private lastWidth = 0; // content width of .scroll, from the ResizeObserver (0: not known yet)
  private observedScroll: HTMLElement | null = null;
  private fontFamily = '';
  private measureContext: CanvasRenderingContext2D | null = null;
  private readonly heatCells: HeldCells = { cells: null, numbers: null, group: null };
  private layout: MapLayout | null = null;
  private drawTimer: ReturnType<typeof setTimeout> | null = null;
  private cursor: Cell = [0, 0]; // the keyboard's cell (shown while the map has the focus)
  private focused = false;
  /** A press and drag on a cell, or Shift+arrow on the cursor, sets the cell's weight. */
  private readonly drag = new CellDrag(([row, col], weight) =>
    this.dispatchEvent(pinEvent(row, col, weight)),
  );

  constructor() {
    super();
    this.map = null;
    this.emptyMessage = '';
    this.rowsAxis = '';
    this.colsAxis = '';
    this.diverging = false;
    this.legendTitle = '';
    this.exportTitle = '';
    this.exportText = '';
    this.sigmoid = false;
    this.compact = false;
    this.marks = [];
    this.pinnable = false;
    this.pins = [];
    this.streaming = false;
    new LocaleController(this);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Watches the scroll box (draw() picks it up): its width, known without asking for a layout,
    // is the room the cells get, and a new width redraws them.
    this.resizeObserver = new ResizeObserver((entries) => {
      const width = Math.round(entries[entries.length - 1]?.contentRect.width ?? 0);
      if (width > 0 && width !== this.lastWidth) {
        this.lastWidth = width;
        this.draw();
      }
    });
    this.observedScroll = null;
    if (this.hasAttribute('aria-busy')) void this.updateComplete.then(() => this.scheduleDraw());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.observedScroll?.removeEventListener('scroll', this.onScroll);
    this.resizeObserver?.disconnect();
    this.resizeObserver = null;
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.drawTimer = null;
    this.table.stop();
  }

  override willUpdate(): void {
    this.table.follow(this.map, this.streaming);
  }

  private hasCells(): boolean {
    return !!this.map && this.map.rows > 0 && this.map.cols > 0;
  }

  override render(): TemplateResult {
    const map = this.map;
    if (!map || !this.hasCells()) {
      return html`<div class="placeholder empty" role="status">${this.emptyMessage || t('map.empty')}</div>`;
    }
    return html`
      <div class="axes" aria-hidden="true">
        <span><b>↓</b> ${this.rowsAxis || t('map.rowsAxis')}</span>
        <span><b>→</b> ${this.colsAxis || t('map.colsAxis')}</span>
      </div>
      <div class="frame">
        <div
          class="scroll ${this.pinnable ? 'pinnable' : ''}"
          tabindex=${this.pinnable ? '0' : nothing}
          role=${this.pinnable ? 'group' : nothing}
          aria-label=${this.pinnable ? t('map.keyboardLabel') : nothing}
          aria-describedby=${this.pinnable ? 'cursor-readout' : nothing}
          @keydown=${this.onKey}
          @focus=${() => this.showCursor(true)}
          @blur=${() => this.showCursor(false)}
        >
          <div class="plot">
            <canvas class="cells-canvas" aria-hidden="true" hidden></canvas>
            <svg class="heat" aria-hidden="true"></svg>
          </div>
        </div>
        <div class="tooltip" aria-hidden="true" hidden></div>
      </div>
      <div class="legend" aria-hidden="true">
        <span class="legend-title">${this.legendTitle || t('map.legend')}</span>
        <svg class="legend-bar"></svg>
        ${largeNote(map)}
      </div>
      ${editsLegend(map, this.pins)}
      ${this.pinnable ? html`<p id="cursor-readout" class="sr-only" aria-live="polite"></p>` : ''}
      ${
        this.compact
          ? ''
          : html`<attnlab-export-buttons
              .figure=${t('export.map')}
              .formats=${MAP_FORMATS}
              @attnlab-export=${(event: ExportEvent) => void this.exportAs(event.detail)}
            ></attnlab-export-buttons>`
      }
      ${renderMapTable(this.table.map ?? map, mapTitle(this.exportTitle))}
    `;
  }

  /** Downloads the map as a figure (PNG, SVG) or as data (CSV, JSON: tokens and weights). */
  async exportAs(format: ExportFormat): Promise<void> {
    const map = this.map;
    if (!map || !this.hasCells()) return;
    this.stickLabels(0, 0); // the file shows the labels where they belong, not where scrolling put them
    try {
      await exportMap(this.renderRoot, map, this.layout, format, {
        title: mapTitle(this.exportTitle),
        sentence: this.exportText || sentenceOf(map),
        legendTitle: this.legendTitle || t('map.legend'),
      });
    } finally {
      this.stickLabels(...this.scrolled);
    }
  }

  override updated(changed: Map<string, unknown>): void {
    if (changed.has('pins')) this.drag.keepIfPinned(this.pins);
    // What only a download reads (the lesson passes the text as typed, new at every keystroke
    // while the map waits for the engine's answer): nothing to draw again.
    if ([...changed.keys()].every((key) => EXPORT_ONLY.has(String(key)))) return;
    this.scheduleDraw();
  }

  /**
   * Draws now, or for a large map once typing pauses. Until then what is on screen is older than
   * `map`, and aria-busy says so (to a screen reader, and to a test waiting for the map it asked
   * for); a map taken off the page meanwhile draws when it is back (connectedCallback).
   */
  private scheduleDraw(): void {
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.drawTimer = null;
    const map = this.map;
    if (map && map.rows * map.cols > IMMEDIATE_CELLS) {
      this.setAttribute('aria-busy', 'true');
      this.drawTimer = setTimeout(() => {
        this.drawTimer = null;
        this.draw();
        this.removeAttribute('aria-busy');
      }, DRAW_DELAY_MS);
    } else {
      this.draw();
      this.removeAttribute('aria-busy');
    }
  }

  private textWidth(text: string, font: string): number {
    this.measureContext ??= document.createElement('canvas').getContext('2d');
    if (!this.measureContext) return text.length * 7;
    this.measureContext.font = font;
    return this.measureContext.measureText(text).width;
  }

  /** Draws cells, labels and legend for the current map and width. Cheap to call again. */
  private draw(): void {
    const map = this.map;
    const svgEl = this.renderRoot.querySelector<SVGSVGElement>('svg.heat');
    const scrollEl = this.renderRoot.querySelector<HTMLElement>('.scroll');
    if (!map || !this.hasCells() || !svgEl || !scrollEl) {
      this.layout = null;
      return;
    }
    const { rows, cols } = map;
    if (scrollEl !== this.observedScroll) {
      if (this.observedScroll) this.resizeObserver?.unobserve(this.observedScroll);
      this.observedScroll?.removeEventListener('scroll', this.onScroll);
      this.resizeObserver?.observe(scrollEl);
      scrollEl.addEventListener('scroll', this.onScroll, { passive: true });
      this.observedScroll = scrollEl;
      this.lastWidth = 0;
      this.scrolled = [0, 0]; // a new box starts unscrolled
    }
    // The observed width when known: reading clientWidth would force a layout on every keystroke.
    if (!this.lastWidth) this.lastWidth = scrollEl.clientWidth;
    this.fontFamily ||= getComputedStyle(this).fontFamily || 'sans-serif';
    const family = this.fontFamily;
    const layout = layoutMap({
      rows,
      cols,
      rowLabels: map.rowLabels,
      colLabels: map.colLabels,
      available: this.lastWidth || this.clientWidth || 320,
      measure: (text, size) => this.textWidth(text, `${size}px ${family}`),
    });
    this.layout = layout;
    const canvasEl = this.renderRoot.querySelector<HTMLCanvasElement>('canvas.cells-canvas');
    const scale = drawMapSvg(svgEl, canvasEl, map, layout, {
      family,
      diverging: this.diverging,
      marks: this.marks,
      pins: this.pins,
      cells: this.heatCells,
    });

    for (const target of [svgEl, canvasEl])
      if (target)
        select(target as Element)
          .on('pointerdown', (event: PointerEvent) => this.onDown(event))
          .on('pointermove', (event: PointerEvent) => this.onPointer(event))
          .on('pointerup pointercancel', () => this.drag.up())
          .on('pointerleave', () => this.drag.active || this.hideTooltip())
          .on('click', (event: MouseEvent) => this.onClick(event));

    drawLegend(this.renderRoot.querySelector<SVGSVGElement>('svg.legend-bar'), scale);
    this.hideTooltip();
    this.stickLabels(...this.scrolled);
    if (this.focused) this.showCursor(true);
  }

  /** Where the map's box is scrolled, as its scroll events said: reading it in draw() would force a layout. */
  private scrolled: [number, number] = [0, 0];

  private readonly onScroll = (): void => {
    const scroll = this.observedScroll;
    this.scrolled = [scroll?.scrollLeft ?? 0, scroll?.scrollTop ?? 0];
    this.stickLabels(...this.scrolled);
  };

  private stickLabels(x: number, y: number): void {
    stickLabels(this.renderRoot.querySelector<SVGSVGElement>('svg.heat'), x, y);
  }

  /** A press on a cell of a pinnable map may become a drag that sets its weight. */
  private onDown(event: PointerEvent): void {
    const [cell, map] = [cellAt(event, this.layout), this.map];
    if (this.pinnable && cell && map && event.button === 0)
      this.drag.press(event, cell, map.weights[cell[0] * map.cols + cell[1]]);
    this.onPointer(event);
  }

  /** Pointer over the cells: the cell under it is named in the tooltip (while dragging, the dragged one). */
  private onPointer(event: PointerEvent): void {
    const cell = this.drag.dragging(event) ?? cellAt(event, this.layout);
    if (cell) this.showCell(cell[0], cell[1], event);
    else this.hideTooltip();
  }

  /** A click on a cell of a pinnable map asks the lesson to pin it. */
  private onClick(event: MouseEvent): void {
    const cell = this.pinnable && this.drag.takeClick() ? cellAt(event, this.layout) : null;
    if (!cell) return;
    this.cursor = cell;
    this.dispatchEvent(pinEvent(cell[0], cell[1]));
  }

  /** The keyboard cursor: arrow keys move it (the tooltip follows), Enter or Space pins its cell. */
  private readonly onKey = (event: KeyboardEvent): void => {
    const map = this.map;
    if (!this.pinnable || !map || !this.hasCells()) return;
    const [r, c] = this.cursor;
    if (this.drag.keyDown(event, this.cursor, map.weights[r * map.cols + c])) return;
    const next = cursorKey(event.key, this.cursor, map.rows, map.cols);
    if (next === null) return;
    event.preventDefault();
    if (next === 'pin') this.dispatchEvent(pinEvent(this.cursor[0], this.cursor[1]));
    else {
      this.cursor = next;
      this.drag.forgetKey();
    }
    this.showCursor(true);
  };

  /** Draws (or hides) the cursor, shows its cell's tooltip and says it in the live readout. */
  private showCursor(on: boolean): void {
    this.focused = on;
    const { map, layout } = this;
    if (!map || !layout || !this.pinnable) return;
    this.cursor = [Math.min(this.cursor[0], map.rows - 1), Math.min(this.cursor[1], map.cols - 1)];
    const at = placeCursor(this.renderRoot, map, layout, this.observedScroll, this.cursor, this.pins, on);
    if (at) this.showCell(this.cursor[0], this.cursor[1], at as PointerEvent);
    else this.hideTooltip();
  }

  private showCell(row: number, col: number, event: PointerEvent): void {
    if (this.map) showCellTip(this.renderRoot, this.map, this.layout, row, col, event, this.sigmoid);
  }

  private hideTooltip(): void {
    hideCellTip(this.renderRoot);
  }

  static override styles = [placeholderBox, srOnly, attentionMapStyles];
}

customElements.define('attnlab-attention-map', AttentionMapElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-attention-map': AttentionMapElement;
  }
}
