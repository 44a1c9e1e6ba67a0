// Lesson 2's reading figure: one row per word (or piece), each earlier word shaded by how much
// that step read it; rows are chosen by click or keyboard, the exact weight read out in words.
// Also the figure area (placeholders, the bar that changes the attention, the reading figure, the
// step panel, the heat map where a click pins a cell).

import './strings';
import {
  firstViewNote,
  loadPlaceholder,
  placeholder,
  textPlaceholder,
  waitingPlaceholder,
} from '../shared/placeholders';
import { css, html, nothing, type TemplateResult } from 'lit';
import { formatInteger, t } from '../../i18n';
import type { LstmnElement } from './element';
import { MAX_READING_ROWS, showPiece, formatWeight, shade, type Reading } from './parts';
import { renderViewSwitch } from './controls';
import { renderSplits } from '../shared/word-pieces';
import { renderNext } from './next-words';
import { renderStep } from './step-panel';
import { isolate } from '../../i18n/bidi';
import { lstmnMapTitle } from '../shared/map-titles';
import { isTeacherMode } from '../shared/embed-attributes';
import { lstmnPins, pinLstmn, renderLstmnBar } from './interventions';
import { pinsOf } from '../shared/intervention-state';
import type { PinEvent } from '../../figures/attention-map-edits';
import { firstViewRecord } from './first-view';

export function selectRow(el: LstmnElement, token: number): void {
  el.selected = token;
  void el.updateComplete.then(() =>
    el.renderRoot
      .querySelector<HTMLElement>('.step')
      ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
  );
}

export function onRowKey(
  el: LstmnElement,
  event: KeyboardEvent,
  r: number,
  count: number,
  reading: Reading,
): void {
  const next =
    { ArrowDown: r + 1, ArrowUp: r - 1, Home: 0, End: count - 1 }[event.key] ??
    (event.key === 'Enter' || event.key === ' ' ? r : null);
  if (next === null || next === undefined) return;
  event.preventDefault();
  if (next === r) {
    selectRow(el, reading.groups[r].row);
    return;
  }
  const target = Math.max(0, Math.min(count - 1, next));
  el.renderRoot.querySelector<HTMLElement>(`.reading li.row[data-row="${target}"]`)?.focus();
}

/** Row r focused: the readout lists its weights. */
export function onRowFocus(el: LstmnElement, r: number, reading: Reading): void {
  const groups = reading.groups;
  const weights = reading.rows[r];
  if (!weights) {
    el.readout = t('lstmn.rowReadoutNoAttention', { word: isolate(groups[r].label) });
    return;
  }
  const list = Array.from(weights, (w, c) => `${groups[c].label} ${formatWeight(w)}`).join(' · ');
  el.readout = t('lstmn.rowReadout', { word: isolate(groups[r].label), list });
}

export function onChipPointer(el: LstmnElement, event: PointerEvent, reading: Reading): void {
  const chip = (event.target as Element | null)?.closest?.('.w');
  const row = chip?.closest('li.row');
  if (!chip || !row || !chip.hasAttribute('data-alpha')) return;
  const r = Number(row.getAttribute('data-row'));
  const c = Number(chip.getAttribute('data-col'));
  el.readout = t('lstmn.chipReadout', {
    row: reading.groups[r]?.label ?? '',
    col: reading.groups[c]?.label ?? '',
    weight: formatWeight(Number(chip.getAttribute('data-alpha'))),
  });
}

/** Which row of the figure shows the chosen step (the word that contains its token). */
export function selectedRowOf(el: LstmnElement, reading: Reading): number | null {
  if (el.selected === null) return null;
  const r = reading.groups.findIndex((g) => g.pieces.includes(el.selected as number));
  return r < 0 ? null : r;
}

export function renderReading(el: LstmnElement, reading: Reading): TemplateResult {
  const { groups, rows, record } = reading;
  const shown = Math.min(groups.length, MAX_READING_ROWS);
  const selectedRow = selectedRowOf(el, reading);
  const edited = new Set(reading.map?.editedRows ?? []);
  const focusRow = selectedRow !== null && selectedRow < shown ? selectedRow : 0;
  const pieces = reading.view === 'pieces';
  const chip = (r: number, c: number) => {
    const weights = rows[r];
    const alpha = weights ? weights[c] : null;
    const current = c === r;
    const label = groups[c].label;
    const joins =
      pieces && c > 0 && record.wordOf[groups[c].pieces[0]] === record.wordOf[groups[c - 1].pieces[0]];
    const shown = pieces ? record.tokens[groups[c].pieces[0]].trim() || showPiece(label) : label;
    return html`<span
      class="w ${current ? 'cur' : ''} ${joins ? 'join' : ''}"
      dir="auto"
      data-col=${c}
      data-alpha=${alpha === null ? nothing : String(alpha)}
      title=${alpha === null ? label : t('lstmn.chipTitle', { word: isolate(pieces ? showPiece(label) : label), weight: formatWeight(alpha) })}
      style=${alpha === null ? '' : `background:${shade(alpha)}`}
      >${shown}</span
    >`;
  };
  // Teacher mode: the row the `step` attribute chose, not rows to pick.
  const teacher = isTeacherMode(el.controls);
  return html`
    <ol
      role=${teacher ? nothing : 'radiogroup'}
      class="reading ${rows.length ? '' : 'plain'}"
      aria-label=${t('lstmn.readingTitle')}
      data-view=${reading.view}
      data-rows=${groups.length}
      @pointerover=${(e: PointerEvent) => onChipPointer(el, e, reading)}
    >
      ${groups.slice(0, shown).map(
        (g, r) =>
          html`<li
            class="row ${r === selectedRow ? 'selected' : ''} ${edited.has(r) ? 'edited' : ''}"
            role=${teacher ? nothing : 'radio'}
            tabindex=${teacher ? nothing : r === focusRow ? 0 : -1}
            aria-checked=${teacher ? nothing : r === selectedRow ? 'true' : 'false'}
            aria-current=${teacher && r === selectedRow ? 'step' : nothing}
            data-row=${r}
            data-word=${g.label}
            data-token=${g.row}
            @click=${teacher ? nothing : () => selectRow(el, g.row)}
            @keydown=${teacher ? nothing : (e: KeyboardEvent) => onRowKey(el, e, r, shown, reading)}
            @focus=${teacher ? nothing : () => onRowFocus(el, r, reading)}
          >
            <span class="sr-only"
              >${t('lstmn.rowAria', { step: r + 1, word: isolate(g.label) })}${edited.has(r) ? t('map.cursorEdited') : ''}:</span
            >
            <span class="step-no" aria-hidden="true">${r + 1}</span>
            <span class="words">${groups.slice(0, r + 1).map((_, c) => chip(r, c))}</span>
          </li>`,
      )}
    </ol>
    ${
      groups.length > shown
        ? html`<p class="note" data-key="rows">
            ${t('lstmn.tooManyRows', { shown: formatInteger(shown), rows: formatInteger(groups.length) })}
          </p>`
        : nothing
    }
    <p class="readout" aria-live="polite">
      ${el.readout || t(rows.length ? 'lstmn.readoutHint' : 'lstmn.readoutHintPlain')}
    </p>
  `;
}

export function renderFigure(el: LstmnElement): TemplateResult {
  const first = firstViewRecord(el);
  if (first) return renderFirstView(el, el.readingOf(first));
  const notReady = loadPlaceholder('lstmn', el.current) ?? textPlaceholder('lstmn', el.text);
  if (notReady) return notReady;
  const reading = el.currentReading();
  if (!reading) return waitingPlaceholder('lstmn', el.runError);
  if (!reading.groups.length) return placeholder(t('lstmn.noWords'), 'hint');
  const lastToken = reading.groups[reading.groups.length - 1].row;
  // The guesses follow the chosen step; without one, the step pinned last, else the last step.
  const pinned = pinsOf(el.interventions.edits).at(-1)?.row;
  const nextToken = el.selected ?? (pinned !== undefined && pinned <= lastToken ? pinned : lastToken);
  const panels = el.shown.panels;
  const canChange = !!el.loaded?.arch.attention && (el.shown.mode !== null || panels.includes('map'));
  return html`
    ${canChange ? renderLstmnBar(el, nextToken) : nothing}
    ${el.shown.mode === null ? nothing : renderReadingFigure(el, reading, nextToken)}
    ${panels.includes('step') ? renderStep(el, reading) : nothing}
    ${panels.includes('map') ? renderMap(el, reading) : nothing}
  `;
}

/** The attention map under the reading (not pinnable without an engine to run the change). */
export function renderMap(
  el: LstmnElement,
  reading: Reading,
  pinnable = !isTeacherMode(el.controls),
): TemplateResult | typeof nothing {
  if (!reading.map) return nothing;
  return html`<h3 class="map-title">${t('lstmn.mapTitle')}</h3>
    <attnlab-attention-map
      .map=${reading.map}
      .exportTitle=${lstmnMapTitle(el.model, el.models.local?.name)}
      .exportText=${el.input()}
      .rowsAxis=${t('lstmn.rowsAxis')}
      .colsAxis=${t('lstmn.colsAxis')}
      .pinnable=${pinnable}
      .pins=${lstmnPins(el, reading)}
      @attnlab-pin=${(event: PinEvent) => pinLstmn(el, reading, event.detail)}
    ></attnlab-attention-map>`;
}

/**
 * The build's first figure (first-view.ts) under one line saying the model is loading: the reading
 * and the map; the next-word guesses wait for the model.
 */
function renderFirstView(el: LstmnElement, reading: Reading): TemplateResult {
  const last = reading.groups.at(-1)?.row ?? 0;
  const waiting = html`<div class="next">
    <p class="note" data-key="next-waiting">${t('lstmn.nextWaiting')}</p>
  </div>`;
  return html`
    ${firstViewNote('lstmn', el.current)}
    ${el.shown.mode === null ? nothing : renderReadingFigure(el, reading, el.selected ?? last, waiting)}
    ${el.shown.panels.includes('map') ? renderMap(el, reading, false) : nothing}
  `;
}

/** The reading figure (one row per word or piece) and the next-word guesses. */
export function renderReadingFigure(
  el: LstmnElement,
  reading: Reading,
  nextToken: number,
  next: TemplateResult = renderNext(el, reading, nextToken),
): TemplateResult {
  return html`
    <div class="figure-top">
      <h3 class="figure-title">${t('lstmn.readingTitle')}</h3>
      ${renderViewSwitch(el)}
    </div>
    ${renderSplits(reading.record)}
    <p class="note legend-note">
      ${
        reading.map
          ? html`<span class="key"
                ><span class="swatch cur" aria-hidden="true">w</span>${t('lstmn.keyCurrent')}</span
              >
              <span class="key" data-key="chip-scale"
                ><span class="chip-scale" aria-hidden="true"
                  ><span>0</span><span class="ramp" style="background:${CHIP_RAMP}"></span
                  ><span>1</span></span
                >${t('lstmn.keyBlue')}</span
              >`
          : t('lstmn.keyPlain')
      }
    </p>
    <div class="reading-grid">
      <div class="reading-box">${renderReading(el, reading)}</div>
      ${next}
    </div>
  `;
}

/** The chips' scale as the key draws it: `shade` from weight 0 (clear) to 1. */
const CHIP_RAMP = `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((w) => shade(w)).join(', ')})`;

export const readingFigureStyles = css`
  .chip-scale {
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
    flex: none;
    font-size: 0.8rem;
    font-variant-numeric: tabular-nums;
  }
  .chip-scale .ramp {
    display: inline-block;
    width: 4rem;
    height: 0.7rem;
    border: 1px solid #c8d1de;
  }
  .reading-grid {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(13rem, 17rem);
    gap: 1rem;
    align-items: start;
    margin-top: 0.4rem;
  }
  @media (max-width: 720px) {
    .reading-grid {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  .reading-box {
    min-width: 0;
  }
  .reading {
    margin: 0;
    padding: 0.35rem;
    list-style: none;
    border: 1px solid var(--attn-border, #c9d3e3);
    border-radius: 10px;
    background: #fff;
    max-height: min(70vh, 640px);
    overflow: auto;
  }
  .reading li.row {
    display: flex;
    align-items: baseline;
    gap: 0.5rem;
    padding: 0.22rem 0.4rem;
    border-radius: 6px;
    cursor: pointer;
    line-height: 1.9;
  }
  .reading li.row:hover {
    background: #f3f6fb;
  }
  .reading li.row.selected {
    background: #fff4e6;
    box-shadow: inset 3px 0 0 #e8590c;
  }
  .reading li.row:focus-visible {
    outline: 3px solid var(--attn-focus, #74a9e8);
    outline-offset: -1px;
  }
  .step-no {
    flex: none;
    min-width: 1.6rem;
    font-size: 0.75rem;
    color: var(--attn-muted, #5b6678);
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .words {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2rem 0.3rem;
    min-width: 0;
  }
  .w {
    padding: 0 0.3rem;
    border: 2px solid transparent;
    border-radius: 4px;
    font-size: 1rem;
    line-height: 1.5;
    overflow-wrap: anywhere;
    unicode-bidi: isolate;
  }
  .w.join {
    margin-left: -0.25rem;
    border-left-color: #fff;
  }
  .w.cur {
    border-color: #c92a2a;
    color: #6b1010;
    font-weight: 700;
  }
  .reading.plain .w.cur {
    background: #fff5f5;
  }
  .readout {
    min-height: 1.3rem;
    margin: 0.4rem 0 0;
    font-size: 0.85rem;
    color: var(--attn-text, #1d2433);
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;
