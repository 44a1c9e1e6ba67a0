// Lesson 3's positions panel: the sinusoidal positional encoding as a picture (canvas, export),
// and the shuffle demonstration on the model without positions (run on its own worker).

import './strings';
import { css, html, nothing, type TemplateResult } from 'lit';
import { interpolatePuOr } from 'd3';
import { paintCanvas } from '../../figures/palette';
import { allZero, findMap, findTensor, sinusoidalTable, type TfArch } from './view-model';
import { t } from '../../i18n';
import type { ExportEvent, ExportFormat } from '../../figures/export-buttons';
import type { TransformerElement } from './element';
import {
  PE_ROWS_MAX,
  PE_EXPORT_CELL,
  peColor,
  PE_RAMP,
  PERMUTATION_TOLERANCE,
  tex,
  fixed,
  exponent,
} from './parts';
import { TRACE } from '../../engine/trace-names';
import { isTeacherMode } from '../shared/embed-attributes';
import { shuffleMapTitle } from '../shared/map-titles';

export function positionRows(el: TransformerElement, arch: TfArch): number {
  return Math.max(2, Math.min(arch.maxLen, PE_ROWS_MAX, Math.max(el.record?.tokens.length ?? 0, 32)));
}

export function paintPositions(el: TransformerElement): void {
  const canvas = el.renderRoot.querySelector<HTMLCanvasElement>('canvas.pe');
  const arch = el.loaded?.arch;
  if (!canvas || !arch) return;
  const T = positionRows(el, arch);
  const D = arch.dModel;
  const table = sinusoidalTable(T, D);
  if (canvas.width !== D || canvas.height !== T || canvas.dataset.painted !== `${T}x${D}`) {
    paintCanvas(canvas, T, D, interpolatePuOr, (p) => (Math.max(-1, Math.min(1, table[p])) + 1) / 2);
    canvas.dataset.painted = `${T}x${D}`;
  }
}

/**
 * Downloads the positional-encoding table, PE_EXPORT_CELL pixels per value: the canvas as PNG,
 * or one SVG square per value.
 */
export async function exportPositions(el: TransformerElement, format: ExportFormat): Promise<void> {
  const canvas = el.renderRoot.querySelector<HTMLCanvasElement>('canvas.pe');
  const arch = el.loaded?.arch;
  if (!canvas || !arch) return;
  const T = positionRows(el, arch);
  const D = arch.dModel;
  const stem = `positional-encoding-${T}x${D}`;
  const { canvasToPng, download, gridSvg } = await import('../../figures/export'); // on the first export only
  if (format === 'png') return download(`${stem}.png`, await canvasToPng(canvas, PE_EXPORT_CELL));
  if (format !== 'svg') return;
  const table = sinusoidalTable(T, D);
  const title = t('transformer.peAria', { rows: T, d: D });
  const text = gridSvg(T, D, PE_EXPORT_CELL, (r, c) => peColor(table[r * D + c]), title);
  download(`${stem}.svg`, text, 'image/svg+xml');
}

export function onPePointer(el: TransformerElement, event: PointerEvent, arch: TfArch): void {
  const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
  const T = positionRows(el, arch);
  const D = arch.dModel;
  const col = Math.max(0, Math.min(D - 1, Math.floor(((event.clientX - box.left) / box.width) * D)));
  const row = Math.max(0, Math.min(T - 1, Math.floor(((event.clientY - box.top) / box.height) * T)));
  const value = sinusoidalTable(row + 1, D)[row * D + col];
  el.peReadout = t('transformer.peReadout', { token: row + 1, t: row, i: col, value: fixed(value, 4) });
}

export function renderPositions(el: TransformerElement): TemplateResult | typeof nothing {
  const loaded = el.loaded;
  if (!loaded) return nothing;
  const arch = loaded.arch;
  const T = positionRows(el, arch);
  const record = el.record;
  const positions = record ? findTensor(record, TRACE.positions) : undefined;
  let check: TemplateResult | typeof nothing = nothing;
  if (positions && positions.rows > 0) {
    if (allZero(positions.data)) {
      check = html`<p class="check" data-key="pe-none">${t('transformer.peNone')}</p>`;
    } else {
      const mine = sinusoidalTable(positions.rows, positions.cols);
      let error = 0;
      for (let p = 0; p < mine.length; p++) error = Math.max(error, Math.abs(mine[p] - positions.data[p]));
      check = html`<p class="check" data-key="pe-check" data-error=${String(error)}>
        ${t('transformer.peCheck', { n: positions.rows, error: exponent(error) })}
      </p>`;
    }
  }
  const n = record?.tokens.length ?? 0;
  return html`<section class="panel positions" aria-labelledby="tf-pe-title">
    <h3 id="tf-pe-title">${t('transformer.peTitle')}</h3>
    <p class="note">${t('transformer.peIntro')}</p>
    <div class="formulas">
      ${[
        // position p from 0 (Vaswani et al.), token i from 1 as everywhere on the page; k a dimension pair
        String.raw`PE_{(p,\,2k)} = \sin\!\left(\frac{p}{10000^{2k/d}}\right)`,
        String.raw`PE_{(p,\,2k+1)} = \cos\!\left(\frac{p}{10000^{2k/d}}\right)`,
        String.raw`a^{i} = x^{i} + PE_{p},\quad p = i - 1`,
      ].map((f) => html`<div class="formula">${tex(f, true)}</div>`)}
    </div>
    <div class="pe-figure">
      <span class="axis-y">${t('transformer.peRows', { rows: T })}</span>
      <div
        class="pe-box"
        role="img"
        aria-label=${t('transformer.peAria', { rows: T, d: arch.dModel })}
        data-rows=${T}
        data-cols=${arch.dModel}
        @pointermove=${(e: PointerEvent) => onPePointer(el, e, arch)}
        @pointerdown=${(e: PointerEvent) => onPePointer(el, e, arch)}
        @pointerleave=${() => (el.peReadout = '')}
      >
        <canvas class="pe"></canvas>
        ${n > 0 && n <= T ? html`<span class="pe-band" style="height:${((n / T) * 100).toFixed(2)}%"></span>` : nothing}
      </div>
      <span class="axis-x">${t('transformer.peCols', { d: arch.dModel })}</span>
      <span class="pe-legend" aria-hidden="true"
        ><span>−1</span><span class="pe-ramp" style="background:${PE_RAMP}"></span><span>+1</span></span
      >
    </div>
    <attnlab-export-buttons
      class="pe-export"
      .figure=${t('export.positions')}
      @attnlab-export=${(event: ExportEvent) => void exportPositions(el, event.detail)}
    ></attnlab-export-buttons>
    <p class="readout" aria-live="polite">${el.peReadout || t('transformer.peHint', { n })}</p>
    ${check} ${renderShuffle(el, arch)}
  </section>`;
}

export function renderShuffle(el: TransformerElement, arch: TfArch): TemplateResult {
  const state = el.shuffle;
  const title = html`<h4 class="sub">${t('transformer.shuffleTitle')}</h4>
    <p class="note">${t('transformer.shuffleIntro')}</p>`;
  if (!el.available.includes('nopos'))
    return html`<div class="shuffle" data-status="unavailable">
      ${title}
      <p class="note" data-key="no-nopos">${t('transformer.noNopos')}</p>
    </div>`;
  // The shuffle's model reads English (BPE pieces): Chinese text would be a map of byte pieces.
  if (el.model === el.zh.zhKey)
    return html`<div class="shuffle" data-status="chinese">
      ${title}
      <p class="note" data-key="shuffle-chinese">${t('transformer.shuffleChinese')}</p>
    </div>`;
  if (state.status === 'failed')
    return html`<div class="shuffle" data-status="failed">
      ${title}
      <p class="message" data-kind="error">${t('transformer.loadError', { message: state.error })}</p>
    </div>`;
  if (state.status === 'few')
    return html`<div class="shuffle" data-status="few">
      ${title}
      <p class="note">${t('transformer.shuffleFew')}</p>
    </div>`;
  if (state.status !== 'ready')
    return html`<div class="shuffle" data-status=${state.status}>
      ${title}
      <p class="note" role="status">
        ${t(state.status === 'running' ? 'transformer.computing' : 'transformer.shuffleLoading')}
      </p>
    </div>`;
  const layer = Math.min(el.layer, el.shuffleDemo.model ? el.shuffleDemo.model.arch.nLayer - 1 : 0);
  const head = Math.min(el.head, el.shuffleDemo.model ? el.shuffleDemo.model.arch.nHead - 1 : 0);
  const a = findMap(state.original, layer, head);
  const b = findMap(state.shuffled, layer, head);
  const equal = state.error <= PERMUTATION_TOLERANCE;
  const verdict =
    state.perm === null
      ? t('transformer.shuffleMismatch')
      : t(equal ? 'transformer.shuffleEqual' : 'transformer.shuffleDiffer', {
          error: exponent(state.error),
          tolerance: exponent(PERMUTATION_TOLERANCE),
          maps: state.original.maps.length,
        });
  return html`<div
    class="shuffle"
    data-status="ready"
    data-error=${String(state.error)}
    data-equal=${equal ? 'true' : 'false'}
    data-perm=${state.perm ? Array.from(state.perm).join(' ') : ''}
  >
    ${title}
    <div class="shuffle-texts">
      <p>
        <span class="tag">${t('transformer.original')}</span> <q dir="auto">${state.originalText.trim()}</q>
      </p>
      <p>
        <span class="tag">${t('transformer.shuffled')}</span> <q dir="auto">${state.shuffledText.trim()}</q>
      </p>
      ${
        isTeacherMode(el.controls)
          ? nothing
          : html`<button
              type="button"
              class="small-button"
              data-key="reshuffle"
              @click=${() => el.shuffleDemo.reshuffle()}
            >
              ${t('transformer.reshuffle')}
            </button>`
      }
    </div>
    <div class="pair">
      <div class="pair-item" data-which="original">
        <h5>${t('transformer.mapOriginal', { layer: layer + 1, head: head + 1 })}</h5>
        ${a ? html`<attnlab-attention-map .map=${a} .exportTitle=${shuffleMapTitle('original', layer, head)} .exportText=${state.originalText.trim()} .rowsAxis=${t('transformer.rowsAxis')} .colsAxis=${t('transformer.colsAxis')}></attnlab-attention-map>` : nothing}
      </div>
      <div class="pair-item" data-which="shuffled">
        <h5>${t('transformer.mapShuffled', { layer: layer + 1, head: head + 1 })}</h5>
        ${b ? html`<attnlab-attention-map .map=${b} .exportTitle=${shuffleMapTitle('shuffled', layer, head)} .exportText=${state.shuffledText.trim()} .rowsAxis=${t('transformer.rowsAxis')} .colsAxis=${t('transformer.colsAxis')}></attnlab-attention-map>` : nothing}
      </div>
    </div>
    <p class="check verdict ${equal ? 'ok' : 'bad'}" data-key="shuffle-verdict" role="status">${verdict}</p>
    <p class="note">
      ${t(arch.positional === 'none' ? 'transformer.shuffleWhyNone' : 'transformer.shuffleWhy')}
    </p>
  </div>`;
}

// ---- Self-attention against RNN and CNN -----------------------------------------------------

export const positionsPanelStyles = css`
  .pe-figure {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 0.2rem 0.4rem;
    max-width: 40rem;
    margin-top: 0.4rem;
  }
  .axis-y {
    writing-mode: vertical-rl;
    transform: rotate(180deg);
    font-size: 0.78rem;
    color: var(--attn-muted, #5b6678);
    text-align: center;
  }
  .axis-x {
    grid-column: 2;
    font-size: 0.78rem;
    color: var(--attn-muted, #5b6678);
    text-align: center;
  }
  .pe-legend {
    grid-column: 2;
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 0.4rem;
    font-size: 0.78rem;
    color: var(--attn-muted, #5b6678);
  }
  .pe-ramp {
    display: inline-block;
    width: 8rem;
    height: 0.6rem;
    border: 1px solid #c8d1de;
  }
  .pe-box {
    position: relative;
    border: 1px solid #c8d1de;
    cursor: crosshair;
    touch-action: none;
  }
  canvas.pe {
    display: block;
    width: 100%;
    height: 16rem;
    image-rendering: pixelated;
  }
  .pe-band {
    position: absolute;
    top: 0;
    left: 0;
    right: 0;
    box-sizing: border-box;
    border: 2px solid #c92a2a;
    pointer-events: none;
  }
  .readout {
    min-height: 1.2rem;
    margin: 0.3rem 0;
    font-size: 0.85rem;
    font-variant-numeric: tabular-nums;
  }
  .shuffle-texts {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.2rem 1rem;
    font-size: 0.9rem;
  }
  .shuffle-texts p {
    margin: 0.2rem 0;
    overflow-wrap: anywhere;
  }
  .tag {
    display: inline-block;
    padding: 0 0.4rem;
    border-radius: 4px;
    background: #e7f0fb;
    color: #173f6b;
    font-size: 0.8rem;
  }
  .small-button {
    padding: 0.25rem 0.8rem;
    border: 1px solid var(--attn-border, #c9d3e3);
    border-radius: 999px;
    background: #fff;
    font: inherit;
    font-size: 0.88rem;
    cursor: pointer;
  }
  .pair {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr));
    gap: 1rem;
    margin-top: 0.5rem;
  }
  .pair-item {
    min-width: 0;
  }
`;
