// <attnlab-line-chart>: a small d3 line chart of a few named series over a shared x axis (accuracy
// against sentence length, recall against distance, a training run's curves). Values are fractions
// drawn as percentages, or plain numbers up to `yMax` (a loss). A long series (more than
// DOTS_UP_TO points) is drawn as a line without dots and with a few round ticks; `marker` draws a
// vertical line at one x (the step a timeline shows).
// A hidden table carries the same numbers for screen readers (at most TABLE_ROWS of the x values,
// evenly spaced, first and last included: a training run's curve has hundreds of points, and a table
// that grows with each would cost a layout of every row on each redraw); buttons under it download
// the chart as PNG or SVG.

import { LitElement, css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { axisBottom, axisLeft, line, scaleLinear, select } from 'd3';
import { LocaleController, currentLanguage, formatPercent, t } from '../i18n';
import type { ExportEvent, ExportFormat } from './export-buttons';
import { srOnly } from '../components/shared-styles';
import './export-buttons';
import { spread } from './spread';
import { keepAttr, keepText } from './keep-dom';

export interface ChartSeries {
  key: string; // stable name (data-series)
  label: string;
  color: string;
  dash?: string; // stroke-dasharray, so series differ without colour too
  points: { x: number; y: number; label?: string }[]; // y in [0, 1]
}

const WIDTH = 440;
const HEIGHT = 230;
const MARGIN = { top: 12, right: 16, bottom: 40, left: 46 };
/** Up to this many x values every point is a dot and every x a tick; more are a plain line. */
export const DOTS_UP_TO = 24;

export class LineChartElement extends LitElement {
  static override properties = {
    series: { attribute: false },
    xLabel: { attribute: false },
    yLabel: { attribute: false },
    caption: { attribute: false },
    yMax: { attribute: false },
    percent: { attribute: false },
    marker: { attribute: false },
    continuousX: { attribute: false },
    xDomain: { attribute: false },
  };

  declare series: ChartSeries[];
  declare xLabel: string;
  declare yLabel: string;
  declare caption: string;
  /** The top of the y axis (1 for fractions). */
  declare yMax: number;
  /** Values are fractions shown as percentages (false: plain numbers, such as a loss). */
  declare percent: boolean;
  /** An x where a vertical line is drawn (null: none). */
  declare marker: number | null;
  /** x is a continuous quantity (steps): a few round ticks, whatever the points. */
  declare continuousX: boolean;
  /** The x axis's range, whatever the points (null: from the first point to the last). */
  declare xDomain: readonly [number, number] | null;

  constructor() {
    super();
    new LocaleController(this);
    this.series = [];
    this.xLabel = '';
    this.yLabel = '';
    this.caption = '';
    this.yMax = 1;
    this.percent = true;
    this.marker = null;
    this.continuousX = false;
    this.xDomain = null;
  }

  private formatY(y: number): string {
    return this.percent ? formatPercent(y) : y.toFixed(y >= 10 ? 0 : 2);
  }

  protected override updated(_changed: PropertyValues): void {
    this.draw();
  }

  private draw(): void {
    const el = this.renderRoot.querySelector<SVGSVGElement>('svg.chart');
    if (!el) return;
    const xs = this.series.flatMap((s) => s.points.map((p) => p.x));
    if (!xs.length) return;
    const [lo, hi] = this.xDomain ?? [Math.min(...xs), Math.max(...xs)];
    const x = scaleLinear()
      .domain(lo === hi ? [lo - 1, hi + 1] : [lo, hi]) // one x value: drawn in the middle
      .range([MARGIN.left, WIDTH - MARGIN.right]);
    const y = scaleLinear()
      .domain([0, this.yMax > 0 ? this.yMax : 1])
      .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
    const svg = select(el);
    const formatY = (v: number) => this.formatY(v);
    const layer = (name: string) =>
      svg.selectAll<SVGGElement, null>(`g.${name}`).data([null]).join('g').attr('class', name);
    const tickLabels = new Map(
      this.series.flatMap((s) => s.points.map((p) => [p.x, p.label ?? String(p.x)])),
    );
    const dense = tickLabels.size > DOTS_UP_TO;
    const xAxis = axisBottom(x);
    if (dense || this.continuousX) xAxis.ticks(5);
    else xAxis.tickValues([...tickLabels.keys()]).tickFormat((d) => tickLabels.get(+d) ?? String(d));
    // An axis is drawn again only when what it shows changes: the training lab redraws its curves
    // twice a second, and d3 sets every tick's attributes and text, laying them out again each time.
    const xKey = `${x.domain()} ${dense || this.continuousX ? '' : [...tickLabels].join()}`;
    const xLayer = layer('x-axis').attr('transform', `translate(0,${HEIGHT - MARGIN.bottom})`);
    if (xLayer.attr('data-drawn') !== xKey) xLayer.attr('data-drawn', xKey).call(xAxis);
    const yKey = `${y.domain()} ${this.percent} ${currentLanguage()}`;
    const yLayer = layer('y-axis').attr('transform', `translate(${MARGIN.left},0)`);
    if (yLayer.attr('data-drawn') !== yKey)
      yLayer.attr('data-drawn', yKey).call(
        axisLeft(y)
          .ticks(5)
          .tickFormat((d) => this.formatY(+d)),
      );
    layer('marker')
      .selectAll('line')
      .data(this.marker === null ? [] : [this.marker])
      .join('line')
      .attr('x1', (d) => x(d))
      .attr('x2', (d) => x(d))
      .attr('y1', MARGIN.top)
      .attr('y2', HEIGHT - MARGIN.bottom)
      .attr('stroke', '#868e96')
      .attr('stroke-dasharray', '3 3');
    const label = (name: string, text: string, place: (t: SVGTextElement) => SVGTextElement) =>
      layer(name)
        .selectAll<SVGTextElement, string>('text')
        .data([text])
        .join((enter) =>
          enter
            .append('text')
            .attr('text-anchor', 'middle')
            .each(function () {
              place(this);
            }),
        )
        .each(function (d) {
          keepText(this, d);
        });
    label('x-label', this.xLabel, (t) => {
      t.setAttribute('x', String((MARGIN.left + WIDTH - MARGIN.right) / 2));
      t.setAttribute('y', String(HEIGHT - 6));
      return t;
    });
    label('y-label', this.yLabel, (t) => {
      t.setAttribute('transform', `translate(12,${(MARGIN.top + HEIGHT - MARGIN.bottom) / 2}) rotate(-90)`);
      return t;
    });
    const path = line<{ x: number; y: number }>()
      .x((p) => x(p.x))
      .y((p) => y(p.y));
    layer('lines')
      .selectAll<SVGPathElement, ChartSeries>('path')
      .data(this.series, (s) => s.key)
      .join('path')
      .attr('data-series', (s) => s.key)
      .attr('fill', 'none')
      .attr('stroke', (s) => s.color)
      .attr('stroke-width', 2.5)
      .attr('stroke-dasharray', (s) => s.dash ?? null)
      .attr('d', (s) => path(s.points));
    layer('dots')
      .selectAll<SVGGElement, ChartSeries>('g.series')
      .data(this.series, (s) => s.key)
      .join('g')
      .attr('class', 'series')
      .attr('fill', (s) => s.color)
      .selectAll<SVGCircleElement, { x: number; y: number; label?: string }>('circle')
      .data((s) => (dense ? [] : s.points))
      .join((enter) => enter.append('circle').attr('r', 3.5))
      .each(function (p) {
        keepAttr(this, 'cx', x(p.x));
        keepAttr(this, 'cy', y(p.y));
      })
      .selectAll<SVGTitleElement, { x: number; y: number; label?: string }>('title')
      .data((p) => [p])
      .join('title')
      .each(function (p) {
        keepText(this, `${p.label ?? p.x}: ${formatY(p.y)}`);
      });
  }

  /** Downloads the chart as drawn, with its key under it: SVG at its viewBox size, or PNG at twice that. */
  async exportAs(format: ExportFormat): Promise<void> {
    const svg = this.renderRoot.querySelector<SVGSVGElement>('svg.chart');
    if (!svg || (format !== 'png' && format !== 'svg')) return;
    const { downloadFigure, fileStem } = await import('./export'); // on the first export only
    await downloadFigure(svg, fileStem(`${this.yLabel} ${this.xLabel}`), format, {
      legend: this.series.map((s) => ({ label: s.label, color: s.color, dash: s.dash })),
    });
  }

  override render(): TemplateResult {
    const xs = spread([
      ...new Map(this.series.flatMap((s) => s.points.map((p) => [p.x, p.label ?? String(p.x)]))).entries(),
    ]);
    const ys = this.series.map((s) => new Map(s.points.map((p) => [p.x, p.y])));
    return html`<figure>
      <svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label=${this.caption}></svg>
      <ul class="legend">
        ${this.series.map(
          (s) =>
            html`<li>
              <svg width="28" height="10" aria-hidden="true">
                <line
                  x1="0"
                  y1="5"
                  x2="28"
                  y2="5"
                  stroke=${s.color}
                  stroke-width="3"
                  stroke-dasharray=${s.dash ?? ''}
                />
              </svg>
              ${s.label}
            </li>`,
        )}
      </ul>
      <figcaption>${this.caption}</figcaption>
      ${
        this.series.length
          ? html`<attnlab-export-buttons
              .figure=${t('export.chart', { y: this.yLabel, x: this.xLabel })}
              @attnlab-export=${(event: ExportEvent) => void this.exportAs(event.detail)}
            ></attnlab-export-buttons>`
          : nothing
      }
      <div class="sr-only">
        <table>
          <caption>
            ${this.caption}
          </caption>
          <tr>
            <th scope="col">${this.xLabel}</th>
            ${this.series.map((s) => html`<th scope="col">${s.label}</th>`)}
          </tr>
          ${xs.map(
            ([x, label]) =>
              html`<tr>
                <th scope="row">${label}</th>
                ${ys.map((byX) => {
                  const y = byX.get(x);
                  return html`<td>${y === undefined ? '—' : this.formatY(y)}</td>`;
                })}
              </tr>`,
          )}
        </table>
      </div>
    </figure>`;
  }

  static override styles = [
    srOnly,
    css`
      :host {
        display: block;
        max-width: ${WIDTH}px;
      }
      figure {
        margin: 0;
      }
      svg.chart {
        display: block;
        width: 100%;
        height: auto;
        font:
          11px system-ui,
          sans-serif;
        color: var(--attn-muted, #5b6678);
      }
      svg.chart text {
        fill: var(--attn-text, #1d2433);
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem 1rem;
        margin: 0.2rem 0 0;
        padding: 0;
        list-style: none;
        font-size: 0.85rem;
      }
      .legend li {
        display: inline-flex;
        align-items: center;
        gap: 0.35rem;
      }
      figcaption {
        margin-top: 0.3rem;
        font-size: 0.85rem;
        color: var(--attn-muted, #5b6678);
      }
    `,
  ];
}

customElements.define('attnlab-line-chart', LineChartElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-line-chart': LineChartElement;
  }
}
