// <attnlab-attention-map>: one attention map as a heat map. Rows are query tokens (the words
// reading), columns key tokens (the words read); cell (i, j) is the weight alpha_ij. Lit owns the
// frame, the legend text and the screen-reader table; d3 draws the SVG cells and labels.

import { LitElement, html, type TemplateResult } from 'lit';
import { range, select } from 'd3';
import { LocaleController, formatInteger, t } from '../i18n';
import { HeatCells } from './heat-cells';
import { paintCanvas, quantizedScale } from './palette';
import { placeholderBox, srOnly } from '../components/shared-styles';
import type { AttentionMap } from '../engine/records';
import { MAX_SVG_TOKENS, layoutMap, type MapLayout } from './attention-map-layout';
import { exportMap, sentenceOf } from './attention-map-export';
import type { ExportEvent, ExportFormat } from './export-buttons';
import './export-buttons';
import {
  colorScale,
  drawLegend,
  drawMarks,
  mapTitle,
  renderMapTable,
  type ColorScale,
} from './attention-map-parts';
import { hideCellTip, showCellTip } from './attention-map-tooltip';
import { attentionMapStyles } from './attention-map-styles';

export { MAX_SVG_TOKENS } from './attention-map-layout';
const IMMEDIATE_CELLS = 10_000; // larger maps redraw once typing pauses, so keys never lag
const DRAW_DELAY_MS = 120;
const MAP_FORMATS: readonly ExportFormat[] = ['png', 'svg', 'csv', 'json'];

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
  /** The weights are a sigmoid of the scores (the tooltip names it), not a softmax. */
  declare sigmoid: boolean;
  /** A small figure without download buttons (the page's first view). */
  declare compact: boolean;
  /** Cells outlined on top of the colours, as [row, col] (the training lab's gold alignment). */
  declare marks: readonly (readonly [number, number])[];

  private resizeObserver: ResizeObserver | null = null;
  private lastWidth = 0; // content width of .scroll, from the ResizeObserver (0: not known yet)
  private observedScroll: HTMLElement | null = null;
  private fontFamily = '';
  private measureContext: CanvasRenderingContext2D | null = null;
  private cells: HeatCells | null = null;
  private cellGroup: SVGGElement | null = null;
  private layout: MapLayout | null = null;
  private drawTimer: ReturnType<typeof setTimeout> | null = null;

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
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.observedScroll?.removeEventListener('scroll', this.onScroll);
    this.resizeObserver?.disconnect();
    this.resizeObserver = null;
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.drawTimer = null;
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
        <div class="scroll">
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
        ${
          Math.max(map.rows, map.cols) > MAX_SVG_TOKENS
            ? html`<span class="large-note"
                >${t('map.largeNote', { rows: formatInteger(map.rows), cols: formatInteger(map.cols) })}</span
              >`
            : ''
        }
      </div>
      ${
        this.compact
          ? ''
          : html`<attnlab-export-buttons
              .figure=${t('export.map')}
              .formats=${MAP_FORMATS}
              @attnlab-export=${(event: ExportEvent) => void this.exportAs(event.detail)}
            ></attnlab-export-buttons>`
      }
      ${renderMapTable(map, mapTitle(this.exportTitle))}
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
      this.onScroll();
    }
  }

  override updated(): void {
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.drawTimer = null;
    const map = this.map;
    if (map && map.rows * map.cols > IMMEDIATE_CELLS) {
      this.drawTimer = setTimeout(() => {
        this.drawTimer = null;
        this.draw();
      }, DRAW_DELAY_MS);
    } else {
      this.draw();
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
    const {
      canvas: useCanvas,
      rowText,
      colText,
      left: rowLabelWidth,
      top,
      cell,
      gap,
      angle,
      width,
      height,
    } = layout;
    const font = `${layout.fontSize}px ${family}`;

    const weights = map.weights;
    const scale = colorScale(weights, this.diverging);
    const color = quantizedScale(scale.interpolate, scale.position);

    const svg = select(svgEl)
      .attr('width', width)
      .attr('height', height)
      .attr('viewBox', `0 0 ${width} ${height}`);
    svg.style('font', font).classed('passthrough', useCanvas);
    const layer = (name: string) =>
      svg.selectAll<SVGGElement, null>(`g.${name}`).data([null]).join('g').attr('class', name);

    // Created once, in drawing order: the labels and their bands lie over the cells, so when the
    // map scrolls in its box they stay in view (stickLabels) and cover what scrolled under them.
    for (const name of ['cells', 'numbers', 'marks', 'hover', 'row-labels', 'col-labels', 'corner'])
      layer(name);
    const band = (name: string, w: number, h: number) =>
      layer(name)
        .selectAll<SVGRectElement, null>('rect.band')
        .data(useCanvas ? [] : [null])
        .join((enter) => enter.insert('rect', ':first-child').attr('class', 'band'))
        .attr('width', w)
        .attr('height', h);
    band('row-labels', rowLabelWidth, height);
    band('col-labels', width, top - 1);
    band('corner', rowLabelWidth, top - 1);

    const cellGroup = layer('cells').attr('transform', `translate(${rowLabelWidth},${top})`).node();
    if (cellGroup) {
      if (!this.cells || this.cellGroup !== cellGroup) {
        this.cells = new HeatCells(cellGroup);
        this.cellGroup = cellGroup;
      }
      if (useCanvas) this.cells.clear();
      else this.cells.update(rows, cols, cell, gap, weights, color);
    }
    this.paintCanvas(useCanvas, rows, cols, cell, rowLabelWidth, top, weights, scale);

    const numbers = layer('numbers').attr('transform', `translate(${rowLabelWidth},${top})`);
    const showNumbers = layout.numbers;
    numbers
      .selectAll<SVGTextElement, number>('text')
      .data(showNumbers ? range(rows * cols) : [])
      .join('text')
      .attr('x', (i) => (i % cols) * cell + (cell - gap) / 2)
      .attr('y', (i) => Math.floor(i / cols) * cell + (cell - gap) / 2)
      .attr('fill', (i) =>
        Math.abs(scale.position(weights[i]) - scale.position(0)) > 0.55 * (1 - scale.position(0))
          ? '#fff'
          : '#0b2545',
      )
      .text((i) => weights[i].toFixed(2));

    drawMarks(
      layer('marks').attr('transform', `translate(${rowLabelWidth},${top})`).node(),
      this.marks,
      layout,
    );

    // One <g> per label, with the full text in a <title> (labels may be truncated).
    const labels = (
      name: string,
      texts: string[],
      shown: string[],
      anchor: 'start' | 'end',
      indexAttr: string,
      place: (i: number) => string,
    ) =>
      layer(name)
        .selectAll<SVGGElement, string>('g.label')
        .data(useCanvas ? [] : texts)
        .join((enter) => {
          const g = enter.append('g').attr('class', 'label');
          g.append('title');
          g.append('text').attr('text-anchor', anchor).attr('dominant-baseline', 'central');
          return g;
        })
        .attr(indexAttr, (_, i) => i)
        .attr('transform', (_, i) => place(i))
        .call((g) => g.select('title').text((d) => d))
        .call((g) => g.select('text').text((_, i) => shown[i]));
    labels(
      'row-labels',
      map.rowLabels,
      rowText,
      'end',
      'data-row',
      (i) => `translate(${rowLabelWidth - 6},${top + i * cell + (cell - gap) / 2})`,
    );
    labels(
      'col-labels',
      map.colLabels,
      colText,
      'start',
      'data-col',
      (i) => `translate(${rowLabelWidth + i * cell + (cell - gap) / 2},${top - 6}) rotate(${angle})`,
    );

    layer('hover')
      .attr('transform', `translate(${rowLabelWidth},${top})`)
      .selectAll('rect')
      .data([null])
      .join('rect')
      .attr('class', 'outline')
      .attr('width', cell - gap)
      .attr('height', cell - gap)
      .attr('visibility', 'hidden');

    svg
      .on('pointermove pointerdown', (event: PointerEvent) => this.onPointer(event))
      .on('pointerleave', () => this.hideTooltip());
    const canvasEl = this.renderRoot.querySelector<HTMLCanvasElement>('canvas.cells-canvas');
    if (canvasEl) {
      select(canvasEl)
        .on('pointermove pointerdown', (event: PointerEvent) => this.onCanvasPointer(event))
        .on('pointerleave', () => this.hideTooltip());
    }

    drawLegend(this.renderRoot.querySelector<SVGSVGElement>('svg.legend-bar'), scale);
    this.hideTooltip();
    this.onScroll();
  }

  private readonly onScroll = (): void => {
    const scroll = this.observedScroll;
    this.stickLabels(scroll?.scrollLeft ?? 0, scroll?.scrollTop ?? 0);
  };

  /** Keeps the row labels at the box's left edge and the column labels at its top (sticky). */
  private stickLabels(x: number, y: number): void {
    const svg = this.renderRoot.querySelector<SVGSVGElement>('svg.heat');
    if (!svg) return;
    svg.querySelector('g.row-labels')?.setAttribute('transform', `translate(${x},0)`);
    svg.querySelector('g.col-labels')?.setAttribute('transform', `translate(0,${y})`);
    svg.querySelector('g.corner')?.setAttribute('transform', `translate(${x},${y})`);
    // The bands behind the labels show only once something has scrolled under them.
    svg.classList.toggle('scrolled-x', x > 0);
    svg.classList.toggle('scrolled-y', y > 0);
  }

  /** Paints the cells one pixel each into the canvas (scaled up by CSS), or hides the canvas. */
  private paintCanvas(
    show: boolean,
    rows: number,
    cols: number,
    cell: number,
    left: number,
    top: number,
    weights: Float32Array,
    scale: ColorScale,
  ): void {
    const canvas = this.renderRoot.querySelector<HTMLCanvasElement>('canvas.cells-canvas');
    if (!canvas) return;
    canvas.hidden = !show;
    if (!show) {
      canvas.width = 0;
      canvas.height = 0;
      return;
    }
    Object.assign(canvas.style, {
      left: `${left}px`,
      top: `${top}px`,
      width: `${cols * cell}px`,
      height: `${rows * cell}px`,
    });
    paintCanvas(canvas, rows, cols, scale.interpolate, (i) => scale.position(weights[i]));
  }

  /** Pointer over the SVG: the rect under it names its cell. */
  private onPointer(event: PointerEvent): void {
    const target = event.target as Element | null;
    if (!target || target.tagName !== 'rect' || !target.hasAttribute('data-weight')) {
      this.hideTooltip();
      return;
    }
    this.showCell(Number(target.getAttribute('data-row')), Number(target.getAttribute('data-col')), event);
  }

  /** Pointer over the canvas map: the cell follows from the position. */
  private onCanvasPointer(event: PointerEvent): void {
    const layout = this.layout;
    if (!layout) return;
    const row = Math.floor(event.offsetY / layout.cell);
    const col = Math.floor(event.offsetX / layout.cell);
    if (row < 0 || col < 0 || row >= layout.rows || col >= layout.cols) {
      this.hideTooltip();
      return;
    }
    this.showCell(row, col, event);
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
