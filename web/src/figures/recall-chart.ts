// <attnlab-recall-chart>: accuracy of recalling a token against the distance it lies back, for a
// SimpleRNN with and without self-attention (models/recall-curve.json, made by
// scripts/recall-curve). Lit owns the frame, the legend and the screen-reader table; d3 draws the
// axes and the two lines into an SVG that scales with its box (fixed viewBox, width 100%). Buttons
// under it download the chart as PNG or SVG.

import '../lessons/lstmn/strings'; // lesson 2's chart: its strings are lesson 2's
import { LitElement, css, html, unsafeCSS, type TemplateResult } from 'lit';
import { axisBottom, axisLeft, line, scaleLinear, scaleLog, select } from 'd3';
import { LocaleController, formatInteger, formatPercent, t } from '../i18n';
import type { LegendEntry } from './export';
import type { RecallCurve, RecallPoint } from '../lessons/shared/lm';
import type { ExportEvent, ExportFormat } from './export-buttons';
import { placeholderBox, srOnly } from '../components/shared-styles';
import './export-buttons';

const WIDTH = 640;
const HEIGHT = 300;
const MARGIN = { top: 14, right: 20, bottom: 48, left: 58 };

/** Line colours: colour-blind-safe blue and orange (the with-attention line is the lesson's blue). */
const WITH_COLOR = '#1f5fa8';
const WITHOUT_COLOR = '#d9480f';
const WITHOUT_DASH = '7 4';
const CHANCE_COLOR = '#868e96';
const CHANCE_DASH = '2 4';

export class RecallChartElement extends LitElement {
  static override properties = {
    curve: { attribute: false },
    error: { attribute: false },
  };

  /** The curves to draw; null while loading. */
  declare curve: RecallCurve | null;
  /** Set when the result file could not be read: shown in place of the chart. */
  declare error: string;

  constructor() {
    super();
    this.curve = null;
    this.error = '';
    new LocaleController(this);
  }

  override render(): TemplateResult {
    if (this.error)
      return html`<div class="placeholder failed" role="alert">
        ${t('lstmn.recallError', { message: this.error })}
      </div>`;
    const curve = this.curve;
    if (!curve) return html`<div class="placeholder" role="status">${t('lstmn.recallLoading')}</div>`;
    const distances = [
      ...new Set([...curve.withAttention, ...curve.withoutAttention].map((p) => p.distance)),
    ].sort((a, b) => a - b);
    const at = (points: RecallPoint[], d: number) => points.find((p) => p.distance === d);
    const cell = (p: RecallPoint | undefined) => (p ? formatPercent(p.accuracy) : '–');
    return html`
      <ul class="legend" aria-hidden="true">
        <li><span class="swatch" style="background:${WITH_COLOR}"></span>${t('lstmn.recallWith')}</li>
        <li>
          <span class="swatch dashed" style="border-color:${WITHOUT_COLOR}"></span>${t('lstmn.recallWithout')}
        </li>
        ${
          curve.chance !== null
            ? html`<li><span class="swatch chance"></span>${t('lstmn.recallChance')}</li>`
            : ''
        }
      </ul>
      <svg
        class="chart"
        viewBox="0 0 ${WIDTH} ${HEIGHT}"
        role="img"
        aria-label=${t('lstmn.recallAria')}
        data-points=${curve.withAttention.length + curve.withoutAttention.length}
      ></svg>
      <attnlab-export-buttons
        .figure=${t('export.recall')}
        @attnlab-export=${(event: ExportEvent) => void this.exportAs(event.detail)}
      ></attnlab-export-buttons>
      <div class="sr-only">
        <table>
          <caption>
            ${t('lstmn.recallCaption')}
          </caption>
          <thead>
            <tr>
              <th scope="col">${t('lstmn.recallX')}</th>
              <th scope="col">${t('lstmn.recallWith')}</th>
              <th scope="col">${t('lstmn.recallWithout')}</th>
            </tr>
          </thead>
          <tbody>
            ${distances.map(
              (d) =>
                html`<tr>
                  <th scope="row">${formatInteger(d)}</th>
                  <td>${cell(at(curve.withAttention, d))}</td>
                  <td>${cell(at(curve.withoutAttention, d))}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
    `;
  }

  /** Downloads the chart as drawn, with its key under it: SVG at its viewBox size, or PNG at twice that. */
  async exportAs(format: ExportFormat): Promise<void> {
    const svg = this.renderRoot.querySelector<SVGSVGElement>('svg.chart');
    const curve = this.curve;
    if (!svg || !curve || (format !== 'png' && format !== 'svg')) return;
    const legend: LegendEntry[] = [
      { label: t('lstmn.recallWith'), color: WITH_COLOR },
      { label: t('lstmn.recallWithout'), color: WITHOUT_COLOR, dash: WITHOUT_DASH },
    ];
    if (curve.chance !== null)
      legend.push({ label: t('lstmn.recallChance'), color: CHANCE_COLOR, dash: CHANCE_DASH });
    const { downloadFigure } = await import('./export'); // on the first export only
    await downloadFigure(svg, 'recall-by-distance', format, { legend });
  }

  override updated(): void {
    this.draw();
  }

  private draw(): void {
    const el = this.renderRoot.querySelector<SVGSVGElement>('svg.chart');
    const curve = this.curve;
    if (!el || !curve) return;
    const all = [...curve.withAttention, ...curve.withoutAttention];
    const distances = [...new Set(all.map((p) => p.distance))].sort((a, b) => a - b);
    const x = scaleLog()
      .domain([distances[0] / 1.15, distances[distances.length - 1] * 1.15])
      .range([MARGIN.left, WIDTH - MARGIN.right]);
    const y = scaleLinear()
      .domain([0, 1])
      .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
    const svg = select(el);
    const layer = (name: string) =>
      svg.selectAll<SVGGElement, null>(`g.${name}`).data([null]).join('g').attr('class', name);

    layer('grid')
      .attr('transform', `translate(${MARGIN.left},0)`)
      .call(
        axisLeft(y)
          .tickValues([0, 0.25, 0.5, 0.75, 1])
          .tickSize(-(WIDTH - MARGIN.left - MARGIN.right))
          .tickFormat(() => ''),
      )
      .call((g) => g.select('.domain').remove());
    layer('x-axis')
      .attr('transform', `translate(0,${HEIGHT - MARGIN.bottom})`)
      .call(
        axisBottom(x)
          .tickValues(distances)
          .tickFormat((d) => formatInteger(+d)),
      );
    layer('y-axis')
      .attr('transform', `translate(${MARGIN.left},0)`)
      .call(
        axisLeft(y)
          .tickValues([0, 0.25, 0.5, 0.75, 1])
          .tickFormat((d) => formatPercent(+d)),
      );
    layer('x-label')
      .selectAll('text')
      .data([t('lstmn.recallX')])
      .join('text')
      .attr('x', (MARGIN.left + WIDTH - MARGIN.right) / 2)
      .attr('y', HEIGHT - 8)
      .attr('text-anchor', 'middle')
      .text((d) => d);
    layer('y-label')
      .selectAll('text')
      .data([t('lstmn.recallY')])
      .join('text')
      .attr('transform', `translate(16,${(MARGIN.top + HEIGHT - MARGIN.bottom) / 2}) rotate(-90)`)
      .attr('text-anchor', 'middle')
      .text((d) => d);

    const chance = curve.chance;
    layer('chance')
      .selectAll('line')
      .data(chance === null ? [] : [chance])
      .join('line')
      .attr('x1', MARGIN.left)
      .attr('x2', WIDTH - MARGIN.right)
      .attr('y1', (c) => y(c))
      .attr('y2', (c) => y(c));

    const path = line<RecallPoint>()
      .x((p) => x(p.distance))
      .y((p) => y(p.accuracy));
    // The baseline first and with larger dots, so where both lines agree (short distances) its
    // dots ring the attention line's dots instead of hiding them.
    const series = [
      {
        key: 'without',
        points: curve.withoutAttention,
        color: WITHOUT_COLOR,
        dash: WITHOUT_DASH,
        radius: 6.5,
      },
      { key: 'with', points: curve.withAttention, color: WITH_COLOR, dash: null, radius: 4 },
    ];
    const groups = layer('series')
      .selectAll<SVGGElement, (typeof series)[number]>('g.line')
      .data(series, (s) => s.key)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'line');
        g.append('path');
        return g;
      })
      .attr('data-series', (s) => s.key);
    groups
      .select('path')
      .attr('d', (s) => path(s.points))
      .attr('stroke', (s) => s.color)
      .attr('stroke-dasharray', (s) => s.dash);
    groups
      .selectAll<SVGCircleElement, RecallPoint>('circle')
      .data((s) => s.points.map((p) => ({ ...p, color: s.color, radius: s.radius })))
      .join((enter) => {
        const c = enter.append('circle');
        c.append('title');
        return c;
      })
      .attr('r', (p) => p.radius)
      .attr('cx', (p) => x(p.distance))
      .attr('cy', (p) => y(p.accuracy))
      .attr('fill', (p) => p.color)
      .attr('data-distance', (p) => p.distance)
      .attr('data-accuracy', (p) => p.accuracy)
      .call((c) =>
        c.select('title').text((p) =>
          t('lstmn.recallPoint', {
            distance: formatInteger(p.distance),
            accuracy: formatPercent(p.accuracy),
          }),
        ),
      );
  }

  static override styles = [
    placeholderBox,
    srOnly,
    css`
      :host {
        display: block;
        min-width: 0;
        max-width: 680px;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 1.25rem;
        margin: 0 0 0.3rem;
        padding: 0;
        list-style: none;
        font-size: 0.88rem;
      }
      .legend li {
        display: flex;
        align-items: center;
        gap: 0.4rem;
      }
      .swatch {
        display: inline-block;
        width: 22px;
        height: 3px;
        border-radius: 2px;
      }
      .swatch.dashed {
        height: 0;
        border-top: 3px dashed;
      }
      .swatch.chance {
        height: 0;
        border-top: 2px dotted ${unsafeCSS(CHANCE_COLOR)};
      }
      svg.chart {
        display: block;
        width: 100%;
        height: auto;
        overflow: visible;
        font: 13px var(--attn-font, system-ui, sans-serif);
      }
      svg.chart .grid line {
        stroke: #e9edf3;
      }
      svg.chart .x-axis text,
      svg.chart .y-axis text {
        font-size: 13px;
        fill: var(--attn-muted, #5b6678);
      }
      svg.chart .x-label text,
      svg.chart .y-label text {
        font-size: 14px;
        fill: var(--attn-text, #1d2433);
      }
      svg.chart .line path {
        fill: none;
        stroke-width: 2.5;
      }
      svg.chart .chance line {
        stroke: ${unsafeCSS(CHANCE_COLOR)};
        stroke-width: 1.5;
        stroke-dasharray: ${unsafeCSS(CHANCE_DASH)};
      }
    `,
  ];
}

customElements.define('attnlab-recall-chart', RecallChartElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-recall-chart': RecallChartElement;
  }
}
