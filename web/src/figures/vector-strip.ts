// <attnlab-vector-strip>: one vector of the trace (a hidden state, a context) as a strip of small
// coloured cells on a diverging scale, so a student can compare vectors at a glance and read any
// exact value by hovering, touching or moving along it with the arrow keys.

import { LitElement, css, html, type PropertyValues, type TemplateResult } from 'lit';
import { interpolatePuOr } from 'd3';
import { divergingPosition, paintCanvas } from './palette';
import { LocaleController, t } from '../i18n';
import { srOnly } from '../components/shared-styles';

const CELL = 4; // px per component
const HEIGHT = 14; // px

export class VectorStripElement extends LitElement {
  static override properties = {
    values: { attribute: false },
    max: { attribute: false },
    label: { type: String },
    cursor: { state: true },
  };

  /** The vector. */
  declare values: Float32Array | null;
  /** |value| that gets the darkest colour; strips of one panel share it. 0 = this vector's own. */
  declare max: number;
  /** What the vector is, for screen readers ("s_3, the decoder state"). */
  declare label: string;
  /** Component under the pointer or keyboard cursor, -1 for none. */
  declare cursor: number;

  constructor() {
    super();
    new LocaleController(this);
    this.values = null;
    this.max = 0;
    this.label = '';
    this.cursor = -1;
  }

  private scaleMax(): number {
    if (this.max > 0) return this.max;
    let m = 0;
    for (const v of this.values ?? []) if (Number.isFinite(v)) m = Math.max(m, Math.abs(v));
    return m || 1;
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('values') || changed.has('max') || changed.has('cursor')) this.paint();
  }

  private paint(): void {
    const canvas = this.renderRoot.querySelector('canvas');
    const values = this.values;
    if (!canvas || !values) return;
    const max = this.scaleMax();
    paintCanvas(canvas, 1, values.length, interpolatePuOr, (i) => divergingPosition(values[i], max));
  }

  private indexAt(event: PointerEvent): number {
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    const n = this.values?.length ?? 0;
    return Math.max(0, Math.min(n - 1, Math.floor(((event.clientX - box.left) / box.width) * n)));
  }

  private onKey(event: KeyboardEvent): void {
    const n = this.values?.length ?? 0;
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -n, End: n }[event.key];
    if (!step || !n) return;
    event.preventDefault();
    this.cursor = Math.max(0, Math.min(n - 1, (this.cursor < 0 ? 0 : this.cursor) + step));
  }

  override render(): TemplateResult {
    const values = this.values;
    if (!values || values.length === 0) return html`<span class="none">—</span>`;
    const n = values.length;
    const i = this.cursor;
    const readout =
      i >= 0 && i < n ? t('strip.value', { index: i + 1, count: n, value: values[i].toFixed(4) }) : '';
    return html`<span
        class="strip"
        role="img"
        tabindex="0"
        aria-label=${t('strip.label', { label: this.label, count: n })}
        style="width:${n * CELL}px"
        @pointermove=${(e: PointerEvent) => (this.cursor = this.indexAt(e))}
        @pointerdown=${(e: PointerEvent) => (this.cursor = this.indexAt(e))}
        @pointerleave=${() => (this.cursor = -1)}
        @blur=${() => (this.cursor = -1)}
        @keydown=${this.onKey}
        ><canvas></canvas
        >${i >= 0 && i < n ? html`<span class="mark" style="left:${i * CELL}px"></span>` : ''}</span
      ><span class="readout" aria-live="polite">${readout}</span>`;
  }

  static override styles = [
    srOnly,
    css`
      :host {
        display: inline-flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.1rem 0.5rem;
        max-width: 100%;
        min-width: 0;
        vertical-align: middle;
      }
      .strip {
        position: relative;
        display: inline-block;
        flex: 0 1 auto;
        min-width: 0;
        max-width: 100%;
        height: ${HEIGHT}px;
        border: 1px solid #c8d1de;
        border-radius: 2px;
        cursor: crosshair;
        touch-action: none;
      }
      .strip:focus-visible {
        outline: 2px solid var(--attn-accent, #1f5fa8);
        outline-offset: 2px;
      }
      canvas {
        display: block;
        width: 100%;
        height: 100%;
        image-rendering: pixelated;
      }
      .mark {
        position: absolute;
        top: -3px;
        bottom: -3px;
        width: ${CELL}px;
        box-sizing: border-box;
        border: 1px solid #111;
        pointer-events: none;
      }
      .readout {
        min-width: 9em;
        font-size: 0.8rem;
        font-variant-numeric: tabular-nums;
        color: var(--attn-muted, #5b6678);
        white-space: nowrap;
      }
      .none {
        color: var(--attn-muted, #5b6678);
      }
    `,
  ];
}

customElements.define('attnlab-vector-strip', VectorStripElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-vector-strip': VectorStripElement;
  }
}
