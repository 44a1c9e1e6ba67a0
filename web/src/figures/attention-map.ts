// <attnlab-attention-map>: one attention map as a heat map. Rows are query tokens (the words
// reading), columns key tokens (the words read); cell (i, j) is the weight alpha_ij. Lit owns the
// frame, the legend text and the screen-reader table; d3 draws the SVG cells and labels.

import { LitElement, html, type TemplateResult } from 'lit';
import { range, select } from 'd3';
import { LocaleController, formatInteger, t } from '../i18n';
import { isolate } from '../i18n/bidi';
import { HeatCells } from './heat-cells';
import { paintCanvas, quantizedScale } from './palette';
import { placeholderBox, srOnly } from '../components/shared-styles';
import type { AttentionMap } from '../engine/records';
import { MAX_SVG_TOKENS, displayLabel, layoutMap, type MapLayout } from './attention-map-layout';
import { download, downloadFigure, fileStem, mapToCsv, mapToJson } from './export';
import type { ExportEvent, ExportFormat } from './export-buttons';
import './export-buttons';
import { colorScale, drawLegend, formatWeight, renderMapTable, type ColorScale } from './attention-map-parts';
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
      <attnlab-export-buttons
        .figure=${t('export.map')}
        .formats=${MAP_FORMATS}
        @attnlab-export=${(event: ExportEvent) => void this.exportAs(event.detail)}
      ></attnlab-export-buttons>
      ${renderMapTable(map)}
    `;
  }

  /** Downloads the map as a figure (PNG, SVG) or as data (CSV, JSON: tokens and weights). */
  async exportAs(format: ExportFormat): Promise<void> {
    const map = this.map;
    if (!map || !this.hasCells()) return;
    const stem = fileStem(map.name);
    if (format === 'csv') return download(`${stem}.csv`, mapToCsv(map), 'text/csv;charset=utf-8');
    if (format === 'json') return download(`${stem}.json`, mapToJson(map), 'application/json');
    const svg = this.renderRoot.querySelector<SVGSVGElement>('svg.heat');
    if (!svg) return;
    const extra: SVGElement[] = [];
    const canvas = this.renderRoot.querySelector<HTMLCanvasElement>('canvas.cells-canvas');
    const layout = this.layout;
    if (canvas && !canvas.hidden && layout) {
      // Large maps paint their cells into a canvas: the figure carries them as an image.
      const image = document.createElementNS('http://www.w3.org/2000/svg', 'image');
      image.setAttribute('x', String(layout.left));
      image.setAttribute('y', String(layout.top));
      image.setAttribute('width', String(layout.cols * layout.cell));
      image.setAttribute('height', String(layout.rows * layout.cell));
      image.setAttribute('preserveAspectRatio', 'none');
      image.setAttribute('style', 'image-rendering: pixelated');
      image.setAttribute('href', canvas.toDataURL('image/png'));
      extra.push(image);
    }
    await downloadFigure(svg, stem, format, { extra, plain: 'g.cells > rect' });
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
      this.resizeObserver?.observe(scrollEl);
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
    const map = this.map;
    if (!map || row >= map.rows || col >= map.cols) return;
    const weight = map.weights[row * map.cols + col];
    const score = map.scores[row * map.cols + col];
    const tip = this.renderRoot.querySelector<HTMLElement>('.tooltip');
    const frame = this.renderRoot.querySelector<HTMLElement>('.frame');
    if (!tip || !frame) return;

    // textContent only: token text is never parsed as HTML.
    tip.replaceChildren();
    const line = document.createElement('div');
    line.className = 'tip-main';
    line.textContent = t('map.tooltip', {
      row: isolate(displayLabel(map.rowLabels[row])),
      col: isolate(displayLabel(map.colLabels[col])),
      weight: formatWeight(weight),
    });
    const sub = document.createElement('div');
    sub.className = 'tip-sub';
    sub.textContent = Number.isFinite(score) ? t('map.score', { score: score.toFixed(3) }) : '';
    tip.append(line, sub);
    tip.hidden = false;

    const box = frame.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    const tipWidth = tip.offsetWidth;
    const left = Math.max(0, Math.min(x + 14, box.width - tipWidth - 2));
    const above = y - tip.offsetHeight - 12;
    tip.style.left = `${left}px`;
    tip.style.top = `${above >= 0 ? above : y + 18}px`;

    this.highlight(row, col);
  }

  private highlight(row: number, col: number): void {
    const svgEl = this.renderRoot.querySelector<SVGSVGElement>('svg.heat');
    if (!svgEl || !this.layout) return;
    const svg = select(svgEl);
    const { cell } = this.layout;
    svg
      .select('rect.outline')
      .attr('x', col * cell)
      .attr('y', row * cell)
      .attr('visibility', 'visible');
    svg.selectAll<SVGGElement, unknown>('g.row-labels g.label').classed('active', function () {
      return Number(this.getAttribute('data-row')) === row;
    });
    svg.selectAll<SVGGElement, unknown>('g.col-labels g.label').classed('active', function () {
      return Number(this.getAttribute('data-col')) === col;
    });
  }

  private hideTooltip(): void {
    const tip = this.renderRoot.querySelector<HTMLElement>('.tooltip');
    if (tip) tip.hidden = true;
    const svgEl = this.renderRoot.querySelector<SVGSVGElement>('svg.heat');
    if (!svgEl) return;
    const svg = select(svgEl);
    svg.select('rect.outline').attr('visibility', 'hidden');
    svg.selectAll('g.label.active').classed('active', false);
  }

  static override styles = [placeholderBox, srOnly, attentionMapStyles];
}

customElements.define('attnlab-attention-map', AttentionMapElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-attention-map': AttentionMapElement;
  }
}
