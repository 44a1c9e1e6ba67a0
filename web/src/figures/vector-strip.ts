// <attnlab-vector-strip>: one vector of the trace (a hidden state, a context) as a strip of small
// coloured cells on a diverging scale, so a student can compare vectors at a glance and read any
// exact value by hovering, touching or moving along it with the arrow keys.
//
// Strips inside an element marked data-strip-group (a table or list of them) are one Tab stop
// together (a roving tabindex): Tab reaches the group's current strip, ← → read its values, ↑ ↓
// move to the strip before or after it, keeping the component. Each strip keeps its own label and
// live readout, so a screen reader hears which vector it is on and every value.

import { LitElement, css, html, type PropertyValues, type TemplateResult } from 'lit';
import { interpolatePuOr } from 'd3';
import { cellsGradient, divergingPosition } from './palette';
import { LocaleController, t } from '../i18n';
import { srOnly } from '../components/shared-styles';

const CELL = 4; // px per component
const HEIGHT = 14; // px of colour
const TARGET = 24; // px: the strip's height as a pointer and keyboard target

export class VectorStripElement extends LitElement {
  static override properties = {
    values: { attribute: false },
    max: { attribute: false },
    label: { type: String },
    cursor: { state: true },
    tabStop: { state: true },
  };

  /** The vector. */
  declare values: Float32Array | null;
  /** |value| that gets the darkest colour; strips of one panel share it. 0 = this vector's own. */
  declare max: number;
  /** What the vector is, for screen readers ("s_3, the decoder state"). */
  declare label: string;
  /** Component under the pointer or keyboard cursor, -1 for none. */
  declare cursor: number;
  /** The strip Tab reaches: every strip outside a group, one strip per group. */
  declare tabStop: boolean;

  constructor() {
    super();
    new LocaleController(this);
    this.values = null;
    this.max = 0;
    this.label = '';
    this.cursor = -1;
    this.tabStop = true;
  }

  /** The group the strip was in when it came onto the page (it is gone from it when it leaves). */
  private group: HTMLElement | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.group = this.closest<HTMLElement>(GROUP);
    scheduleRefresh(this.group);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    scheduleRefresh(this.group);
    this.group = null;
  }

  /** Moves the keyboard to this strip, on component `cursor` (or the first). */
  async focusStrip(cursor: number): Promise<void> {
    const n = this.values?.length ?? 0;
    this.cursor = n ? Math.max(0, Math.min(n - 1, cursor < 0 ? 0 : cursor)) : -1;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('.strip')?.focus();
  }

  /** This strip becomes its group's Tab stop (it was clicked or reached with the arrows). */
  private takeTabStop(): void {
    const group = this.closest<HTMLElement>(GROUP);
    if (!group) return;
    const at = groupStrips(group).indexOf(this);
    if (at < 0 || group.dataset.active === String(at)) return;
    group.dataset.active = String(at);
    refresh(group);
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
    const cells = this.renderRoot.querySelector<HTMLElement>('.cells');
    const values = this.values;
    if (!cells || !values) return;
    const max = this.scaleMax();
    cells.style.backgroundImage = cellsGradient(values.length, interpolatePuOr, (i) =>
      divergingPosition(values[i], max),
    );
  }

  private indexAt(event: PointerEvent): number {
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    const n = this.values?.length ?? 0;
    return Math.max(0, Math.min(n - 1, Math.floor(((event.clientX - box.left) / box.width) * n)));
  }

  private onKey(event: KeyboardEvent): void {
    const group = this.closest<HTMLElement>(GROUP);
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (group && move) {
      event.preventDefault();
      const strips = groupStrips(group);
      const next = strips[strips.indexOf(this) + move];
      if (!next) return;
      group.dataset.active = String(strips.indexOf(next));
      refresh(group);
      void next.focusStrip(this.cursor);
      return;
    }
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
        tabindex=${this.tabStop ? '0' : '-1'}
        aria-label=${t('strip.label', { label: this.label, count: n })}
        style="width:${n * CELL + 2}px"
        @pointermove=${(e: PointerEvent) => (this.cursor = this.indexAt(e))}
        @pointerdown=${(e: PointerEvent) => (this.cursor = this.indexAt(e))}
        @pointerleave=${() => (this.cursor = -1)}
        @blur=${() => (this.cursor = -1)}
        @focus=${() => this.takeTabStop()}
        @keydown=${this.onKey}
        ><span class="cells"></span
        >${i >= 0 && i < n ? html`<span class="mark" style="left:${i * CELL + 1}px"></span>` : ''}</span
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
      /* The strip is ${HEIGHT} px of colour in a ${TARGET} px tall target (a finger's, WCAG 2.5.8). */
      .strip {
        position: relative;
        display: inline-flex;
        align-items: center;
        flex: 0 1 auto;
        min-width: 0;
        max-width: 100%;
        height: ${TARGET}px;
        cursor: crosshair;
        touch-action: none;
      }
      .strip:focus-visible {
        outline: 2px solid var(--attn-accent, #1f5fa8);
        outline-offset: 2px;
      }
      .cells {
        display: block;
        box-sizing: border-box;
        width: 100%;
        height: ${HEIGHT + 2}px;
        border: 1px solid #c8d1de;
        border-radius: 2px;
      }
      .mark {
        position: absolute;
        top: ${(TARGET - HEIGHT) / 2 - 4}px;
        bottom: ${(TARGET - HEIGHT) / 2 - 4}px;
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

const GROUP = '[data-strip-group]';

/** The strips of a group, in page order (not those of a group nested in it). */
function groupStrips(group: HTMLElement): VectorStripElement[] {
  return [...group.querySelectorAll<VectorStripElement>('attnlab-vector-strip')].filter(
    (strip) => strip.closest(GROUP) === group,
  );
}

/** Gives the group's active strip (data-active, else the first) the Tab stop, the others none. */
function refresh(group: HTMLElement): void {
  const strips = groupStrips(group);
  const active = Math.min(Number(group.dataset.active) || 0, strips.length - 1);
  strips.forEach((strip, i) => (strip.tabStop = i === active));
}

const pending = new Set<HTMLElement>();
/** Refreshes a group once its strips have all come or gone (a render adds many at once). */
function scheduleRefresh(group: HTMLElement | null): void {
  if (!group || pending.has(group)) return;
  pending.add(group);
  queueMicrotask(() => {
    pending.delete(group);
    if (group.isConnected) refresh(group);
  });
}

customElements.define('attnlab-vector-strip', VectorStripElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-vector-strip': VectorStripElement;
  }
}
