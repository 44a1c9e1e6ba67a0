// Lesson 2's interventions: the bar above the reading figure (uniform attention, temperature, a
// piece hidden from attention), pins made on the heat map, and what the change does to the next
// piece the model guesses. The engine's rows and keys are pieces (tokens); the figures may group
// them into words, so a word's cell pins its last piece, whose state h has read the whole word
// (the grouped map then gives that word exactly the pinned weight). The `intervene` text counts
// pieces from 1.

import { css, html, nothing, type TemplateResult } from 'lit';
import { formatPercent, t } from '../../i18n';
import { isolate } from '../../i18n/bidi';
import { TRACE } from '../../engine/trace-names';
import type { ForwardRecord } from '../../engine/records';
import { topNext } from '../shared/lm';
import {
  maskChips,
  renderInterventionBar,
  temperatureSelect,
  uniformToggle,
  type EditNames,
} from '../shared/intervention-bar';
import { pinsOf } from '../shared/intervention-state';
import type { PinDetail } from '../../figures/attention-map-edits';
import type { LstmnElement } from './element';
import { showPiece, type Reading } from './parts';

const pieceName = (record: ForwardRecord, i: number) =>
  record.tokens[i] === undefined ? t('intervene.token', { index: i + 1 }) : showPiece(record.tokens[i]);

/** How lesson 2 names rows and keys: the word (or piece) of the figure that holds the piece. */
export function lstmnNames(record: ForwardRecord, reading: Reading | null): EditNames {
  const name = (i: number) => {
    const group = reading?.view === 'words' ? reading.groups.find((g) => g.pieces.includes(i)) : undefined;
    return group ? group.label : pieceName(record, i);
  };
  return { row: name, key: name };
}

/**
 * A click (or Enter) on cell (r, c) of the heat map: step r reads word c (its last piece) with the
 * chosen weight; again, unpinned. A drag (or Shift+arrow) sets that weight exactly. A step cannot read what comes after it: that is said, not sent.
 */
export function pinLstmn(el: LstmnElement, reading: Reading, { row, col, weight }: PinDetail): void {
  const ctrl = el.interventions;
  const r = reading.groups[row];
  const c = reading.groups[col];
  if (!r || !c) return;
  if (c.row > r.row) {
    ctrl.refuse(t('intervene.causal', { row: isolate(r.label), key: isolate(c.label) }));
    return;
  }
  // The guesses then follow this step unless the student chose one (reading-figure.ts); the step
  // panel is not opened, so the map does not move under the pointer.
  ctrl.pin({ row: r.row, key: c.row }, weight);
}

/** The pins as [row, col] of the figure's groups (the word that holds each pinned piece). */
export function lstmnPins(el: LstmnElement, reading: Reading): [number, number][] {
  const groupOf = (token: number) => reading.groups.findIndex((g) => g.pieces.includes(token));
  return el.interventions.cached('pins', [reading.groups], () =>
    pinsOf(el.interventions.edits)
      .map((p): [number, number] => [groupOf(p.row), groupOf(p.key)])
      .filter(([r, c]) => r >= 0 && c >= 0),
  );
}

/** The model's first guess after `token` in a record, or null. */
function firstGuess(el: LstmnElement, record: ForwardRecord, token: number) {
  const logits = record.tensors.find((x) => x.name === TRACE.logits);
  const vocabulary = el.loaded?.vocabulary;
  if (!logits || !vocabulary || token >= logits.rows) return null;
  return topNext(logits, token, 1, vocabulary)[0] ?? null;
}

/** One line: the next piece after the chosen step, before and after the change. */
function renderConsequence(el: LstmnElement, token: number): TemplateResult | typeof nothing {
  const record = el.record;
  const edited = el.interventions.editedFor(record);
  if (!record || !edited) return nothing;
  const before = firstGuess(el, record, token);
  const after = firstGuess(el, edited, token);
  if (!before || !after) return nothing;
  const prefix = record.tokens
    .slice(0, token + 1)
    .join('')
    .trim();
  const tail = Array.from(prefix).slice(-30).join('');
  return html`<p
    class="consequence lm-consequence"
    data-token=${token}
    data-before=${before.id}
    data-after=${after.id}
    aria-live="polite"
  >
    ${t('intervene.lmLine', {
      prefix: isolate((tail.length < prefix.length ? '…' : '') + tail),
      before: isolate(showPiece(before.token)),
      pBefore: formatPercent(before.probability),
      after: isolate(showPiece(after.token)),
      pAfter: formatPercent(after.probability),
    })}
  </p>`;
}

/** The bar above lesson 2's reading figure; `token` is the step whose guesses are shown. */
export function renderLstmnBar(el: LstmnElement, token: number): TemplateResult | typeof nothing {
  const ctrl = el.interventions;
  const record = el.record;
  return renderInterventionBar(ctrl, {
    host: el,
    id: 'lstmn-intervene',
    hint: t('intervene.hintLstmn'),
    names: lstmnNames(record ?? ({ tokens: [] } as unknown as ForwardRecord), el.currentReading()),
    pins: true,
    tools: html`${uniformToggle(ctrl)} ${temperatureSelect(ctrl)}`,
    more: record ? maskChips(ctrl, record.tokens.map(showPiece)) : nothing,
    consequence: renderConsequence(el, token),
  });
}

export const lstmnInterventionStyles = css`
  .lm-consequence {
    margin: 0.5rem 0 0;
    font-size: 0.92rem;
    overflow-wrap: anywhere;
  }
  .reading li.row.edited {
    box-shadow: inset 3px 0 0 var(--attn-edit, #c2255c);
  }
  .reading li.row.edited .step-no {
    color: var(--attn-edit, #c2255c);
    font-weight: 700;
  }
  .next-compare {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.4rem;
  }
  .next-compare h5 {
    margin: 0.3rem 0 0;
    font-size: 0.85rem;
  }
  .next-compare .after h5 {
    color: var(--attn-edit, #c2255c);
  }
`;
