// Lesson 3's model view: a grid of small maps, one per layer and head (SVG cells up to
// THUMB_SVG_MAX tokens, canvases beyond), and the chosen one as a full attention map.

import './strings';
import { css, html, nothing, svg, type TemplateResult } from 'lit';
import { paintCanvas } from '../../figures/palette';
import type { AttentionMap, ForwardRecord } from '../../engine/records';
import { SEQUENTIAL, WEIGHT_MAX, weightColour, weightPosition } from '../../figures/weight-scale';
import { findMap, type TfArch } from './view-model';
import { t } from '../../i18n';
import type { TransformerElement } from './element';
import { THUMB_SVG_MAX, HEAD_COLORS } from './parts';
import { transformerMapTitle } from '../shared/map-titles';
import { isTeacherMode } from '../shared/embed-attributes';
import { isHeadOff, pinsOf } from '../shared/intervention-state';
import { pinTransformer, transformerPins } from './interventions';
import { figureUnits, type FigureUnits } from './words';
import type { PinEvent } from '../../figures/attention-map-edits';
import type { ScoreToWeight } from '../../figures/attention-map-tooltip';

/**
 * The small maps are coloured on the scale of every map of the page (figures/weight-scale.ts):
 * weight 0 light to 1 dark, the large map's colours exactly, so a head that reads almost nothing
 * (a sigmoid's weights far below 1) looks pale, and a head looks as strong here as below.
 */
function renderThumbLegend(): TemplateResult {
  const stops = [0, 0.25, 0.5, 0.75, 1].map((f) => `${weightColour(f)} ${f * 100}%`).join(', ');
  return html`<div class="thumb-legend" data-key="thumb-legend" data-max=${String(WEIGHT_MAX)}>
    <span>${t('transformer.thumbLegend')}</span>
    <span class="scale">
      <span>0</span><span class="ramp" style="background: linear-gradient(to right, ${stops})"></span
      ><span>${WEIGHT_MAX.toFixed(2)}</span>
    </span>
  </div>`;
}

/** How the big map's tooltip says a weight comes from its score (attention-map-tooltip.ts). */
export const scoreToWeight = (arch: TfArch): ScoreToWeight =>
  arch.normalization !== 'sigmoid' ? false : !arch.sigmoidLogN ? true : arch.causal ? 'logNCausal' : 'logN';

export function renderThumb(el: TransformerElement, map: AttentionMap, units: FigureUnits): TemplateResult {
  const n = map.rows;
  const selected = map.layer === el.layer && map.head === el.head;
  // A head the change switched off, or whose rows it changed, is marked.
  const off = isHeadOff(el.interventions.edits, map.layer, map.head);
  const edited = off || (map.editedRows?.length ?? 0) > 0;
  // The student's pins in this head, outlined (they are made on the large map: thumbPins).
  // In whole words, each in the word that holds its pieces.
  const pins = pinsOf(el.interventions.edits, { layer: map.layer, head: map.head })
    .map((p) => ({ row: units.indexOf(p.row), key: units.indexOf(p.key) }))
    .filter((p) => p.row < n && p.key < map.cols);
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
              return svg`<rect x=${c} y=${r} width="1.02" height="1.02" fill=${weightColour(w)} data-row=${r} data-col=${c} data-weight=${String(w)}></rect>`;
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

export function renderModelView(el: TransformerElement, pieces: ForwardRecord, arch: TfArch): TemplateResult {
  // Whole words or pieces (words.ts); pins are made on pieces, where the model computes.
  const units = figureUnits(pieces, el.units, arch.causal);
  const record = units.record;
  const words = units.units === 'words';
  const map = findMap(record, el.layer, el.head);
  const n = record.tokens.length;
  const pinnable = !isTeacherMode(el.controls) && !words;
  return html`
    <p class="note">
      ${t('transformer.modelViewNote')}
      ${isTeacherMode(el.controls) ? nothing : t('transformer.modelViewPick')}
    </p>
    ${isTeacherMode(el.controls) ? nothing : html`<p class="note" data-key="thumb-pins">${t(words ? 'transformer.wordsNoPins' : 'intervene.thumbPins')}</p>`}
    ${renderThumbLegend()}
    <div class="thumbs" style="--cols:${arch.nHead}" data-maps=${record.maps.length}>
      ${el.range(arch.nLayer).map((l) =>
        el.range(arch.nHead).map((h) => {
          const m = findMap(record, l, h);
          return m ? renderThumb(el, m, units) : html`<div class="thumb missing">—</div>`;
        }),
      )}
    </div>
    ${n > THUMB_SVG_MAX ? html`<p class="note" data-key="canvas">${t('transformer.thumbCanvas', { n })}</p>` : nothing}
    <h4 class="sub">${t('transformer.bigMapTitle', { layer: el.layer + 1, head: el.head + 1 })}</h4>
    ${
      map
        ? html`<attnlab-attention-map
            .map=${map}
            .rowsAxis=${t(words ? 'transformer.rowsAxisWords' : 'transformer.rowsAxis')}
            .colsAxis=${t(words ? 'transformer.colsAxisWords' : 'transformer.colsAxis')}
            .legendTitle=${t(arch.normalization === 'sigmoid' ? 'transformer.legendSigmoid' : 'transformer.legendSoftmax')}
            .sigmoid=${scoreToWeight(arch)}
            .exportTitle=${transformerMapTitle(el.model, el.layer, el.head, el.models.local?.name)}
            .exportText=${el.input()}
            .pinnable=${pinnable}
            .pins=${words ? wordPins(el, units) : transformerPins(el)}
            @attnlab-pin=${(event: PinEvent) => pinTransformer(el, event.detail)}
          ></attnlab-attention-map>`
        : nothing
    }
  `;
}

/** The pins of the large map's head as [row, col] of whole words (the words that hold their pieces). */
const wordPins = (el: TransformerElement, units: FigureUnits): [number, number][] =>
  el.interventions.cached('word-pins', [el.layer, el.head, units], () => {
    const cells = new Map<string, [number, number]>();
    for (const [row, key] of transformerPins(el)) {
      const cell: [number, number] = [units.indexOf(row), units.indexOf(key)];
      cells.set(cell.join(' '), cell);
    }
    return [...cells.values()];
  });

/** Thumbnails of long texts are canvases (one pixel per cell), painted after each render. */
export function paintThumbCanvases(el: TransformerElement): void {
  const pieces = el.shownRecord;
  const arch = el.loaded?.arch;
  if (!pieces || !arch) return;
  const record = figureUnits(pieces, el.units, arch.causal).record;
  for (const canvas of el.renderRoot.querySelectorAll<HTMLCanvasElement>('canvas.thumb-map')) {
    const map = findMap(record, Number(canvas.dataset.layer), Number(canvas.dataset.head));
    if (!map) continue;
    paintCanvas(canvas, map.rows, map.cols, SEQUENTIAL, (i) => weightPosition(map.weights[i]));
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
    box-sizing: border-box;
    width: 100%;
    aspect-ratio: 1;
    border: 1px solid #dde5f0; /* a map of weights near 0 is near white: its edge still shows */
    image-rendering: pixelated;
  }
`;
