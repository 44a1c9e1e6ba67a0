// Lesson 3's head view: lines from the query token to every token it reads, one colour per head
// (Okabe-Ito), with head toggles, layer pills, keyboard moves between tokens and SVG/PNG export.

import './strings';
import { css, html, nothing, svg, type TemplateResult } from 'lit';
import { truncateLabel, type ForwardRecord } from '../../engine/records';
import { findMap, type TfArch } from './view-model';
import { t } from '../../i18n';
import { radioPills } from '../../components/radio-pills';
import type { ExportEvent, ExportFormat } from '../../figures/export-buttons';
import type { TransformerElement } from './element';
import { HEAD_COLORS, fixed, maxAbs } from './parts';
import { isolate } from '../../i18n/bidi';
import { isHeadOff } from '../shared/intervention-state';
import { isTeacherMode } from '../shared/embed-attributes';
import { figureUnits, type FigureUnits } from './words';

export function toggleHead(el: TransformerElement, h: number): void {
  el.hiddenHeads = el.hiddenHeads.includes(h)
    ? el.hiddenHeads.filter((x) => x !== h)
    : [...el.hiddenHeads, h];
}

export function onHeadViewKey(
  el: TransformerElement,
  event: KeyboardEvent,
  i: number,
  n: number,
  units: FigureUnits,
): void {
  const next =
    { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: n - 1 }[event.key] ??
    (event.key === 'Enter' || event.key === ' ' ? i : null);
  if (next === null || next === undefined) return;
  event.preventDefault();
  const target = Math.max(0, Math.min(n - 1, next));
  el.query = units.tokenOf(target);
  el.hover = null;
  void el.updateComplete.then(() =>
    el.renderRoot.querySelector<SVGGElement>(`svg.head-view g.q[data-token="${target}"]`)?.focus(),
  );
}

export function renderHeadView(el: TransformerElement, pieces: ForwardRecord, arch: TfArch): TemplateResult {
  // Whole words or pieces (words.ts): the rows drawn; the query stays a token.
  const units = figureUnits(pieces, el.units, arch.causal);
  const record = units.record;
  const words = units.units === 'words';
  const n = record.tokens.length;
  const teacher = isTeacherMode(el.controls);
  const layer = el.layer;
  const maps = el.range(arch.nHead).map((h) => findMap(record, layer, h));
  const active = units.indexOf(el.hover ?? el.query);
  const query = units.indexOf(el.query);
  const ROW = 26; // a query token's box is ROW - 2 = 24 px tall: a target a finger can hit
  const TOP = 14;
  const W = 340;
  const X1 = 118;
  const X2 = W - 118;
  const height = TOP * 2 + n * ROW;
  const y = (i: number) => TOP + i * ROW + ROW / 2;
  const visible = el.range(arch.nHead).filter((h) => !el.hiddenHeads.includes(h));
  const label = (i: number) => truncateLabel(el.tokenText(record, i), 14);
  // Only the lines drawn are in the list, with no `nothing` between them: Lit reuses a list's
  // elements by position, so a line whose weight crosses 0.005 as a word is typed would otherwise
  // shift every line after it into a place that held `nothing`, and each would be made again.
  const lines = visible.flatMap((h) => {
    const map = maps[h];
    if (!map) return [];
    return el.range(n).flatMap((j) => {
      const w = map.weights[active * n + j];
      if (!(w > 0.005)) return [];
      return svg`<line
        class="link"
        x1=${X1}
        y1=${y(active)}
        x2=${X2}
        y2=${y(j)}
        stroke=${HEAD_COLORS[h % HEAD_COLORS.length]}
        stroke-opacity=${Math.min(1, w).toFixed(3)}
        stroke-width="3"
        stroke-dasharray=${isHeadOff(el.interventions.edits, layer, h) ? '6 4' : nothing}
        data-head=${h}
        data-key=${j}
        data-weight=${String(w)}
      ><title>${t('transformer.lineTitle', { head: h + 1, query: isolate(label(active)), key: isolate(label(j)), weight: fixed(w, 3) })}</title></line>`;
    });
  });
  const top = visible.map((h) => {
    const map = maps[h];
    if (!map) return nothing;
    const row = el.range(n).map((j) => ({ j, w: map.weights[active * n + j] }));
    row.sort((a, b) => b.w - a.w || a.j - b.j);
    const list = row
      .slice(0, 3)
      .map((x) => `${label(x.j)} ${fixed(x.w, 3)}`)
      .join(' · ');
    return html`<li data-head=${h}>
      <span class="swatch" style="background:${HEAD_COLORS[h % HEAD_COLORS.length]}"></span>
      ${t('transformer.headTop', { head: h + 1, list })}
    </li>`;
  });
  // A sigmoid lets a token read (almost) nothing; then the lines are invisible, so say it.
  const largest = Math.max(
    0,
    ...visible.map((h) => maxAbs(maps[h]?.weights.subarray(active * n, active * n + n) ?? [])),
  );
  const readsNothing =
    arch.normalization === 'sigmoid' && visible.length > 0 && largest < 0.01
      ? html`<p class="note" data-key="reads-nothing">
          ${t('transformer.readsNothing', { layer: layer + 1, token: isolate(label(active)), max: fixed(largest, 3) })}
        </p>`
      : nothing;
  return html`
    <div class="head-tools">
      ${renderLayerPills(el, arch)} ${teacher ? nothing : renderHeadToggles(el, arch)}
    </div>
    <p class="note">
      ${t(words ? 'transformer.headViewNoteWords' : 'transformer.headViewNote')}
      ${teacher ? nothing : t(words ? 'transformer.headViewPickWords' : 'transformer.headViewPick')}
    </p>
    ${readsNothing}
    <div class="scroll-box head-box">
      <svg
        class="head-view"
        viewBox="0 0 ${W} ${height}"
        width=${W}
        height=${height}
        role="group"
        aria-label=${t(words ? 'transformer.headViewAriaWords' : 'transformer.headViewAria', { layer: layer + 1 })}
        data-layer=${layer}
        data-query=${active}
        data-units=${units.units}
        @pointerleave=${() => (el.hover = null)}
      >
        <text class="col-title" x=${X1 - 8} y="10" text-anchor="end">${t('transformer.queriesTitle')}</text>
        <text class="col-title" x=${X2 + 8} y="10">${t('transformer.keysTitle')}</text>
        ${lines}
        ${el.range(n).map((i) => {
          const body = svg`<rect x="2" y=${y(i) - ROW / 2 + 1} width=${X1 - 6} height=${ROW - 2} rx="4"></rect>
            <text x=${X1 - 8} y=${y(i)} text-anchor="end" dominant-baseline="central">${label(i)}</text>`;
          // Teacher mode: the query the `token` attribute chose, not one to pick or hover.
          if (teacher) return svg`<g class="q ${i === active ? 'active' : ''}" data-token=${i}>${body}</g>`;
          return svg`<g
            class="q ${i === active ? 'active' : ''}"
            data-token=${i}
            tabindex=${i === query ? 0 : -1}
            role="button"
            aria-pressed=${i === query ? 'true' : 'false'}
            aria-label=${t(words ? 'transformer.queryAriaWord' : 'transformer.queryAria', { index: i + 1, token: isolate(label(i)) })}
            @pointerenter=${() => (el.hover = units.tokenOf(i))}
            @click=${() => {
              el.query = units.tokenOf(i);
              el.hover = null;
            }}
            @keydown=${(e: KeyboardEvent) => onHeadViewKey(el, e, i, n, units)}
          >${body}</g>`;
        })}
        ${el
          .range(n)
          .map(
            (j) =>
              svg`<text class="k ${j === active ? 'self' : ''}" x=${X2 + 8} y=${y(j)} dominant-baseline="central">${label(j)}</text>`,
          )}
      </svg>
    </div>
    <attnlab-export-buttons
      class="head-export"
      .figure=${t('export.headView', { layer: layer + 1 })}
      @attnlab-export=${(event: ExportEvent) => void exportHeadView(el, event.detail, arch)}
    ></attnlab-export-buttons>
    <ul class="head-top" aria-live="polite">
      ${top}
    </ul>
  `;
}

/** Downloads the head view as drawn, with a key of the heads shown: SVG, or PNG at twice its size. */
export async function exportHeadView(
  el: TransformerElement,
  format: ExportFormat,
  arch: TfArch | undefined = el.loaded?.arch,
): Promise<void> {
  const svg = el.renderRoot.querySelector<SVGSVGElement>('svg.head-view');
  if (!svg || !arch || (format !== 'png' && format !== 'svg')) return;
  const legend = el
    .range(arch.nHead)
    .filter((h) => !el.hiddenHeads.includes(h))
    .map((h) => ({
      label: t('transformer.head', { head: h + 1 }),
      color: HEAD_COLORS[h % HEAD_COLORS.length],
    }));
  const stem = `head-view-layer-${Number(svg.dataset.layer) + 1}-token-${Number(svg.dataset.query) + 1}`;
  const { downloadFigure } = await import('../../figures/export'); // on the first export only
  await downloadFigure(svg, stem, format, { legend });
}

/** The switches that show or hide each head's lines (not in teacher mode: every head is drawn). */
function renderHeadToggles(el: TransformerElement, arch: TfArch): TemplateResult {
  return html`<div class="head-toggles" role="group" aria-label=${t('transformer.headsLabel')}>
    <span class="pills-label" aria-hidden="true">${t('transformer.headsLabel')}</span>
    ${el
      .range(arch.nHead)
      .map(
        (h) =>
          html`<button
            type="button"
            class="head-toggle"
            data-head=${h}
            aria-pressed=${el.hiddenHeads.includes(h) ? 'false' : 'true'}
            style="--head:${HEAD_COLORS[h % HEAD_COLORS.length]}"
            @click=${() => toggleHead(el, h)}
          >
            <span class="swatch" aria-hidden="true"></span>${t('transformer.head', { head: h + 1 })}
          </button>`,
      )}
  </div>`;
}

export function renderLayerPills(el: TransformerElement, arch: TfArch): TemplateResult | typeof nothing {
  if (arch.nLayer < 2) return nothing;
  return radioPills({
    host: el,
    name: 'layers',
    label: t('transformer.layerLabel'),
    options: el.range(arch.nLayer),
    current: el.layer,
    text: (l) => t('transformer.layer', { layer: l + 1 }),
    choose: (l) => (el.layer = l),
  });
}

export function renderHeadPills(el: TransformerElement, arch: TfArch): TemplateResult {
  return radioPills({
    host: el,
    name: 'heads',
    label: t('transformer.headLabel'),
    options: el.range(arch.nHead),
    current: el.head,
    text: (h) => t('transformer.head', { head: h + 1 }),
    choose: (h) => (el.head = h),
  });
}

// ---- (2) Model view --------------------------------------------------------------------------

export const headViewStyles = css`
  .head-toggles {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.35rem;
  }
  .head-toggle {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    padding: 0.25rem 0.7rem;
    border: 2px solid var(--head);
    border-radius: 999px;
    background: #fff;
    color: inherit;
    font: inherit;
    font-size: 0.9rem;
    cursor: pointer;
  }
  .head-toggle[aria-pressed='false'] {
    border-style: dashed;
    opacity: 0.6;
  }
  .head-toggle .swatch {
    background: var(--head);
  }
  .head-toggle[aria-pressed='false'] .swatch {
    background: transparent;
    border: 1px solid var(--head);
  }
  .swatch {
    display: inline-block;
    box-sizing: border-box;
    width: 0.9rem;
    height: 0.9rem;
    border-radius: 3px;
    vertical-align: -0.1rem;
  }
  .head-box {
    max-height: min(70vh, 34rem);
  }
  svg.head-view {
    display: block;
    margin: 0 auto;
    font-size: 13px;
  }
  svg.head-view .col-title {
    fill: var(--attn-muted, #5b6678);
    font-size: 11px;
  }
  svg.head-view g.q {
    cursor: pointer;
    outline: none;
  }
  svg.head-view g.q rect {
    fill: transparent;
  }
  svg.head-view g.q.active rect {
    fill: #fff5f5;
    stroke: #c92a2a;
  }
  svg.head-view g.q:focus-visible rect {
    stroke: var(--attn-focus, #74a9e8);
    stroke-width: 3;
  }
  svg.head-view g.q.active text {
    fill: #a61e1e;
    font-weight: 600;
  }
  svg.head-view text {
    fill: var(--attn-text, #1d2433);
  }
  .head-top {
    margin: 0.4rem 0 0;
    padding: 0;
    list-style: none;
    font-size: 0.85rem;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;
