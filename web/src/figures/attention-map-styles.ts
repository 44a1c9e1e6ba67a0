// The attention map's styles (frame, scroll box, cells, labels, tooltip, legend, the student's
// edits: changed rows, pinned cells, the keyboard cursor).

import { css } from 'lit';

export const attentionMapStyles = css`
  :host {
    display: block;
    position: relative;
    min-width: 0;
    color: var(--attn-text, #1d2433);
    font-family: var(
      --attn-font,
      system-ui,
      -apple-system,
      'Segoe UI',
      Roboto,
      'Noto Sans',
      'Noto Sans CJK SC',
      'PingFang SC',
      sans-serif
    );
  }
  .empty {
    font-size: 1rem;
  }
  .axes {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1.25rem;
    margin-bottom: 0.4rem;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
  .axes b {
    color: var(--attn-accent, #1f5fa8);
  }
  .frame {
    position: relative;
  }
  .scroll {
    overflow: auto;
    max-height: min(75vh, 720px);
    overscroll-behavior: contain;
    border-radius: 8px;
  }
  .plot {
    position: relative;
    width: max-content;
  }
  svg.heat {
    position: relative;
    display: block;
    touch-action: pan-x pan-y;
  }
  svg.heat.passthrough {
    pointer-events: none;
  }
  canvas.cells-canvas {
    position: absolute;
    image-rendering: pixelated;
    touch-action: pan-x pan-y;
  }
  canvas.cells-canvas[hidden] {
    display: none;
  }
  .large-note {
    flex-basis: 100%;
  }
  svg.heat rect.band {
    fill: var(--attn-surface, #fff);
    visibility: hidden;
  }
  svg.heat.scrolled-x g.row-labels rect.band,
  svg.heat.scrolled-y g.col-labels rect.band,
  svg.heat.scrolled-x g.corner rect.band,
  svg.heat.scrolled-y g.corner rect.band {
    visibility: visible;
  }
  svg.heat g.label text {
    fill: var(--attn-text, #1d2433);
  }
  svg.heat g.numbers text {
    font-size: 11px;
    text-anchor: middle;
    dominant-baseline: central;
    pointer-events: none;
    font-variant-numeric: tabular-nums;
  }
  svg.heat g.label.active text {
    font-weight: 700;
    fill: var(--attn-accent, #1f5fa8);
  }
  svg.heat rect.outline {
    fill: none;
    stroke: #e8590c;
    stroke-width: 2;
    pointer-events: none;
  }
  .tooltip {
    position: absolute;
    z-index: 2;
    max-width: min(22rem, 90%);
    padding: 0.4rem 0.6rem;
    border-radius: 6px;
    background: #1d2433;
    color: #fff;
    font-size: 0.9rem;
    line-height: 1.3;
    pointer-events: none;
    overflow-wrap: anywhere;
    box-shadow: 0 4px 14px rgb(0 0 0 / 0.2);
  }
  .tooltip[hidden] {
    display: none;
  }
  .tip-main {
    font-variant-numeric: tabular-nums;
  }
  .tip-sub {
    font-size: 0.78rem;
    opacity: 0.8;
  }
  .legend {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 0.75rem;
    margin-top: 0.5rem;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
  .legend svg {
    display: block;
    overflow: visible;
  }
  .legend .axis text {
    fill: var(--attn-muted, #5b6678);
    font-size: 11px;
  }
  /* A pinnable map: a click pins a cell, a drag up or down sets its weight. */
  .scroll.pinnable svg.heat,
  .scroll.pinnable canvas.cells-canvas {
    cursor: pointer;
    user-select: none;
    -webkit-user-select: none;
  }
  .scroll:focus-visible {
    outline: 3px solid var(--attn-focus, #74a9e8);
    outline-offset: 2px;
  }
  svg.heat rect.edited-row {
    fill: none;
    stroke: var(--attn-edit, #c2255c);
    stroke-width: 1.5;
    stroke-dasharray: 4 2;
    pointer-events: none;
  }
  svg.heat path.edited-mark {
    fill: var(--attn-edit, #c2255c);
  }
  svg.heat rect.pin {
    fill: none;
    stroke: var(--attn-edit, #c2255c);
    stroke-width: 3;
    pointer-events: none;
  }
  svg.heat rect.cursor {
    fill: none;
    stroke: var(--attn-focus, #74a9e8);
    stroke-width: 3;
    pointer-events: none;
  }
  svg.heat g.label.edited text {
    fill: var(--attn-edit, #c2255c);
  }
  .edits-legend {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2rem 1rem;
    margin: 0.35rem 0 0;
    font-size: 0.85rem;
    color: var(--attn-text, #1d2433);
    overflow-wrap: anywhere;
  }
  .edits-key {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
  }
  .swatch-row,
  .swatch-pin {
    flex: none;
    display: inline-block;
    width: 1.1rem;
    height: 0.8rem;
    box-sizing: border-box;
    border: 1.5px dashed var(--attn-edit, #c2255c);
  }
  .swatch-pin {
    width: 0.8rem;
    border: 3px solid var(--attn-edit, #c2255c);
  }
`;
