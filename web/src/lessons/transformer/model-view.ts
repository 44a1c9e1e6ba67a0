// Lesson 3's model view: a grid of small maps, one per layer and head (SVG cells up to
// THUMB_SVG_MAX tokens, canvases beyond), and the chosen one as a full attention map.

import './strings';
import { css, html, nothing, svg, type TemplateResult } from 'lit';
import { interpolateBlues } from 'd3';
import { paintCanvas } from '../../figures/palette';
import { maxValue, type AttentionMap, type ForwardRecord } from '../../engine/records';
import { findMap, type TfArch } from './view-model';
import { t } from '../../i18n';
import type { TransformerElement } from './element';
import { THUMB_SVG_MAX, HEAD_COLORS } from './parts';
import { transformerMapTitle } from '../shared/map-titles';
import { isTeacherMode } from '../shared/embed-attributes';
import { isHeadOff, pinsOf } from '../shared/intervention-state';
import { pinTransformer, transformerPins } from './interventions';
import type { PinEvent } from '../../figures/attention-map-edits';

/**
 * The one colour scale of every small map: 0 to the largest weight of all of them, so a layer whose
 * weights are all below 0.01 (a sigmoid can read almost nothing) looks pale, not strong.
 */
export function thumbScaleMax(record: ForwardRecord): number {
  let max = 0;
  for (const m of record.maps) max = Math.max(max, maxValue(m.weights));
  return max || 1;
}

/** Where a weight sits on the small maps' scale (kept off pure white so a 0 cell still shows). */
const thumbColor = (w: number, max: number) => interpolateBlues(Math.max(0, w / max) * 0.95 + 0.02);

function renderThumbLegend(max: number): TemplateResult {
  const stops = [0, 0.25, 0.5, 0.75, 1].map((f) => `${thumbColor(f * max, max)} ${f * 100}%`).join(', ');
  return html`<div class="thumb-legend" data-key="thumb-legend" data-max=${String(max)}>
    <span>${t('transformer.thumbLegend')}</span>
    <span class="scale">
      <span>0</span><span class="ramp" style="background: linear-gradient(to right, ${stops})"></span
      ><span>${max.toFixed(max < 0.1 ? 4 : 2)}</span>
    </span>
  </div>`;
}

export function renderThumb(el: TransformerElement, map: AttentionMap, max: number): TemplateResult {
  const n = map.rows;
  const selected = map.layer === el.layer && map.head === el.head;
  // A head the change switched off, or whose rows it changed, is marked.
  const off = isHeadOff(el.interventions.edits, map.layer, map.head);
  const edited = off || (map.editedRows?.length ?? 0) > 0;
  // The student's pins in this head, outlined (they are made on the large map: thumbPins).
  const pins = pinsOf(el.interventions.edits, { layer: map.layer, head: map.head }).filter(
    (p) => p.row < n && p.key < map.cols,
  );
  const body =
    n <= THUMB_SVG_MAX
      ? html`<svg
          class="thumb-map"
          viewBox="0 0 ${n} ${map.cols}"
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          ${el.range(n).map((r) =>
            el.range(map.cols).map((c) => {
              const w = map.weights[r * map.cols + c];
              return svg`<rect x=${c} y=${r} width="1.02" height="1.02" fill=${thumbColor(w, max)} data-row=${r} data-col=${c} data-weight=${String(w)}></rect>`;
            }),
          )}
          ${pins.map(
            (p) =>
              svg`<rect class="thumb-pin" x=${p.key + 0.1} y=${p.row + 0.1} width="0.8" height="0.8" data-row=${p.row} data-col=${p.key}></rect>`,
          )}
        </svg>`
      : html`<canvas
          class="thumb-map"
          data-layer=${map.layer}
          data-head=${map.head}
          aria-hidden="true"
        ></canvas>`;
  const title = html`<span class="thumb-title" style="--head:${HEAD_COLORS[map.head % HEAD_COLORS.length]}"
    >${t('transformer.layerHead', { layer: map.layer + 1, head: map.head + 1 })}</span
  >`;
  // Teacher mode: the large map is the one `layer` and `head` chose; the small maps are not buttons.
  if (isTeacherMode(el.controls))
    return html`<div
      class="thumb ${edited ? 'edited' : ''} ${selected ? 'current' : ''}"
      data-edited=${edited ? (off ? 'off' : 'rows') : nothing}
      data-layer=${map.layer}
      data-head=${map.head}
      data-rows=${map.rows}
      data-cols=${map.cols}
    >
      ${title} ${body}
    </div>`;
  return html`<button
    type="button"
    class="thumb ${edited ? 'edited' : ''}"
    data-edited=${edited ? (off ? 'off' : 'rows') : nothing}
    data-layer=${map.layer}
    data-head=${map.head}
    data-rows=${map.rows}
    data-cols=${map.cols}
    aria-pressed=${selected ? 'true' : 'false'}
    aria-label=${t('transformer.thumbAria', { layer: map.layer + 1, head: map.head + 1 })}
    @click=${() => {
      el.layer = map.layer;
      el.head = map.head;
    }}
  >
    ${title} ${body}
  </button>`;
}

export function renderModelView(el: TransformerElement, record: ForwardRecord, arch: TfArch): TemplateResult {
  const map = findMap(record, el.layer, el.head);
  const n = record.tokens.length;
  const max = thumbScaleMax(record);
  return html`
    <p class="note">${t('transformer.modelViewNote')}</p>
    ${isTeacherMode(el.controls) ? nothing : html`<p class="note" data-key="thumb-pins">${t('intervene.thumbPins')}</p>`}
    ${renderThumbLegend(max)}
    <div class="thumbs" style="--cols:${arch.nHead}" data-maps=${record.maps.length}>
      ${el.range(arch.nLayer).map((l) =>
        el.range(arch.nHead).map((h) => {
          const m = findMap(record, l, h);
          return m ? renderThumb(el, m, max) : html`<div class="thumb missing">—</div>`;
        }),
      )}
    </div>
    ${n > THUMB_SVG_MAX ? html`<p class="note" data-key="canvas">${t('transformer.thumbCanvas', { n })}</p>` : nothing}
    <h4 class="sub">${t('transformer.bigMapTitle', { layer: el.layer + 1, head: el.head + 1 })}</h4>
    ${
      map
        ? html`<attnlab-attention-map
            .map=${map}
            .rowsAxis=${t('transformer.rowsAxis')}
            .colsAxis=${t('transformer.colsAxis')}
            .legendTitle=${t(arch.normalization === 'sigmoid' ? 'transformer.legendSigmoid' : 'transformer.legendSoftmax')}
            .sigmoid=${arch.normalization === 'sigmoid'}
            .exportTitle=${transformerMapTitle(el.model, el.layer, el.head, el.models.local?.name)}
            .exportText=${el.input()}
            .pinnable=${!isTeacherMode(el.controls)}
            .pins=${transformerPins(el)}
            @attnlab-pin=${(event: PinEvent) => pinTransformer(el, event.detail)}
          ></attnlab-attention-map>`
        : nothing
    }
  `;
}

/** Thumbnails of long texts are canvases (one pixel per cell), painted after each render. */
export function paintThumbCanvases(el: TransformerElement): void {
  const record = el.shownRecord;
  if (!record) return;
  const max = thumbScaleMax(record);
  for (const canvas of el.renderRoot.querySelectorAll<HTMLCanvasElement>('canvas.thumb-map')) {
    const map = findMap(record, Number(canvas.dataset.layer), Number(canvas.dataset.head));
    if (!map) continue;
    paintCanvas(
      canvas,
      map.rows,
      map.cols,
      interpolateBlues,
      (i) => Math.max(0, map.weights[i] / max) * 0.95 + 0.02,
    );
  }
}

// ---- (3) The computation of one step ----------------------------------------------------------

export const modelViewStyles = css`
  .thumbs {
    display: grid;
    grid-template-columns: repeat(var(--cols), minmax(0, 11rem));
    gap: 0.6rem;
  }
  .thumb {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    padding: 0.35rem;
    border: 1px solid var(--attn-border, #c9d3e3);
    border-radius: 8px;
    background: #fff;
    font: inherit;
    cursor: pointer;
  }
  div.thumb {
    cursor: default;
  }
  .thumb[aria-pressed='true'],
  .thumb.current {
    border-color: var(--attn-accent, #1f5fa8);
    box-shadow: 0 0 0 2px var(--attn-accent, #1f5fa8);
  }
  .thumb.edited {
    border-style: dashed;
    border-color: var(--attn-edit, #c2255c);
  }
  .thumb-pin {
    fill: none;
    stroke: var(--attn-edit, #c2255c);
    stroke-width: 2;
    vector-effect: non-scaling-stroke;
  }
  .thumb[data-edited='off'] .thumb-map {
    opacity: 0.35;
  }
  .thumb-title {
    font-size: 0.8rem;
    border-left: 4px solid var(--head);
    padding-left: 0.3rem;
    text-align: left;
  }
  .thumb-legend {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.2rem 0.6rem;
    margin: 0.2rem 0 0.5rem;
    font-size: 0.8rem;
    color: var(--attn-muted, #5b6678);
  }
  .thumb-legend .scale {
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
    font-variant-numeric: tabular-nums;
  }
  .thumb-legend .ramp {
    display: inline-block;
    width: 8rem;
    height: 0.6rem;
    border: 1px solid #c8d1de;
  }
  .thumb-map {
    display: block;
    width: 100%;
    aspect-ratio: 1;
    image-rendering: pixelated;
  }
`;
