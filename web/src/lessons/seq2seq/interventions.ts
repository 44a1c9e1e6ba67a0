// Lesson 1's interventions: the bar above the map (pin a cell, uniform attention, temperature,
// hide an English word) and what the change does to the translation. Two edited forwards run next
// to the lesson's own: forced decoding on the original French words (the map's rows stay the same
// words, so the edited map compares cell by cell, and each step says which word the changed model
// would now write) and free decoding (the changed model writes its own sentence). Rows count as the
// map does: 0 the start step s_0, j the j-th French word (rowBase 0 in the `intervene` text).

import './strings';
import { stoppedMark, targetLang } from './pairs';
import { css, html, nothing, type TemplateResult } from 'lit';
import { formatPercent, t } from '../../i18n';
import { isolate } from '../../i18n/bidi';
import type { AttentionMap, ForwardRecord } from '../../engine/records';
import {
  maskChips,
  renderInterventionBar,
  temperatureSelect,
  uniformToggle,
  type EditNames,
} from '../shared/intervention-bar';
import { pinsOf } from '../shared/intervention-state';
import type { PinDetail } from '../../figures/attention-map-edits';
import type { Seq2SeqElement } from './element';
import { LOCAL } from '../shared/model-set';
import { changedWords, forcedPicks } from './view-model';

/** How lesson 1 names rows (s_0, then the French words) and tokens (the English words). */
export function seq2seqNames(record: ForwardRecord, map: AttentionMap | null): EditNames {
  return {
    row: (r) => (r === 0 ? t('intervene.rowStart') : (map?.rowLabels[r] ?? String(r))),
    key: (k) => record.tokens[k] ?? t('intervene.token', { index: k + 1 }),
  };
}

/**
 * A click (or Enter) on a cell of the map: that step reads that English word (again: unpinned); a
 * drag (or Shift+arrow) sets the cell's weight, the rest of the row renormalized.
 */
export function pinSeq2seq(el: Seq2SeqElement, { row, col, weight }: PinDetail): void {
  el.interventions.pin({ row, key: col }, weight);
  el.step = row; // the step panel follows the row the student changed
}

/** The pinned cells of the map, as [row, col] of mapWithStart (the intervention's own rows). */
export const seq2seqPins = (el: Seq2SeqElement): [number, number][] =>
  el.interventions.cached('pins', [], () => pinsOf(el.interventions.edits).map((p) => [p.row, p.key]));

/** The before/after wording: a model the student opened writes "output", not French. */
const sayIv = (el: Seq2SeqElement, key: string, params?: Record<string, unknown>) =>
  // The "output" wording of a student's model also serves the pairs without French.
  t(`intervene.${key}${el.variant === LOCAL || el.pair !== 'en-fr' ? 'Local' : ''}`, params);

function words(tokens: readonly string[], against: readonly string[]): TemplateResult {
  const changed = changedWords(tokens, against);
  return html`${tokens.map((w, i) => html`<span class="tw ${changed[i] ? 'changed' : ''}">${w}</span> `)}`;
}

/** The translation before the change, after it (free decoding), and each forced step's pick. */
function renderConsequence(el: Seq2SeqElement, record: ForwardRecord): TemplateResult {
  const ctrl = el.interventions;
  const before = record.outputTokens;
  const free = ctrl.editedFor(record, el.editedFree);
  const forced = ctrl.editedFor(record);
  const freeError = el.editedFree.runError;
  const vocabulary = el.model?.targetVocabulary ?? [];
  const picks = forced ? forcedPicks(record, forced, vocabulary) : [];
  const changedSteps = picks.filter((p) => p.changed).length;
  const lang = targetLang(el) ?? nothing;
  return html`<div class="consequence seq-consequence" aria-live="polite">
    <h4>${sayIv(el, 'seqTitle')}</h4>
    <dl class="before-after">
      <dt>${t('intervene.seqBefore')}</dt>
      <dd class="translation-before" lang=${lang} data-translation=${before.join(' ')}>
        ${before.join(' ')}${stoppedMark(record.stoppedForLength)}
      </dd>
      <dt>${t('intervene.seqFree')}</dt>
      <dd
        class="translation-after"
        lang=${lang}
        data-translation=${free ? free.outputTokens.join(' ') : nothing}
        data-same=${free ? String(free.outputTokens.join(' ') === before.join(' ')) : nothing}
      >
        ${
          freeError
            ? html`<span class="free-error">${sayIv(el, 'seqFreeError', { message: freeError })}</span>`
            : free
              ? html`${words(free.outputTokens, before)}${stoppedMark(free.stoppedForLength)}
                ${free.outputTokens.join(' ') === before.join(' ') ? html`<span class="same">${sayIv(el, 'seqSameTranslation')}</span>` : nothing}`
              : t('intervene.computing')
        }
      </dd>
      <dt>${sayIv(el, 'seqForced')}</dt>
      <dd class="forced" data-changed=${forced ? changedSteps : nothing}>
        <ol class="picks" lang=${lang}>
          ${picks.map(
            (p) =>
              html`<li
                class=${p.changed ? 'changed' : ''}
                data-step=${p.step}
                title=${t('intervene.seqPickTitle', {
                  step: p.step,
                  before: isolate(p.before.word),
                  pBefore: formatPercent(p.before.p),
                  after: isolate(p.after.word),
                  pAfter: formatPercent(p.after.p),
                })}
              >
                ${p.changed ? html`<s>${p.before.word}</s> → <b>${p.after.word}</b>` : p.after.word}
              </li>`,
          )}
        </ol>
        <span class="note">
          ${
            forced
              ? changedSteps
                ? t('intervene.seqChanged', { count: changedSteps, steps: picks.length })
                : t('intervene.seqUnchanged')
              : ''
          }
          ${sayIv(el, 'seqForcedNote')}
        </span>
      </dd>
    </dl>
    <p class="note">${sayIv(el, 'seqFreeNote')}</p>
  </div>`;
}

/** Side by side is on (both variants drawn): the changes apply to `el.variant`'s map only. */
export const comparing = (el: Seq2SeqElement): boolean =>
  el.compare && el.available.length > 1 && el.variant !== LOCAL && !!el.otherVariant();

/** The bar above lesson 1's map. */
export function renderSeq2seqBar(
  el: Seq2SeqElement,
  record: ForwardRecord,
  map: AttentionMap | null,
): TemplateResult | typeof nothing {
  const ctrl = el.interventions;
  return renderInterventionBar(ctrl, {
    host: el,
    id: 'seq2seq-intervene',
    hint: t(el.variant === LOCAL || el.pair !== 'en-fr' ? 'intervene.hintLocal' : 'intervene.hintSeq2seq'),
    names: seq2seqNames(record, map),
    pins: true,
    tools: html`${uniformToggle(ctrl)} ${temperatureSelect(ctrl)}`,
    more: maskChips(ctrl, record.tokens),
    consequence: renderConsequence(el, record),
    note: comparing(el)
      ? t('intervene.compareApplies', {
          model: t(`seq2seq.${el.variant}Model`),
          other: t(`seq2seq.${el.otherVariant()}Model`),
        })
      : undefined,
  });
}

export const seq2seqInterventionStyles = css`
  .consequence h4 {
    margin: 0.6rem 0 0.3rem;
    font-size: 0.95rem;
  }
  .before-after {
    display: grid;
    grid-template-columns: minmax(8rem, max-content) minmax(0, 1fr);
    gap: 0.3rem 0.8rem;
    margin: 0;
  }
  .before-after dt {
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
  .before-after dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 560px) {
    .before-after {
      grid-template-columns: minmax(0, 1fr);
    }
    .before-after dd {
      margin-bottom: 0.3rem;
    }
  }
  .tw.changed,
  .picks li.changed {
    background: #fbe4ee;
    border-radius: 4px;
    padding: 0 0.2rem;
  }
  .picks {
    display: flex;
    flex-wrap: wrap;
    gap: 0.15rem 0.45rem;
    margin: 0 0 0.2rem;
    padding: 0;
    list-style: none;
  }
  .picks s {
    color: var(--attn-muted, #5b6678);
  }
  .same,
  .free-error {
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
  .free-error {
    color: #8a1c1c;
  }
  .consequence .note {
    display: block;
    margin: 0.2rem 0 0;
    font-size: 0.82rem;
    color: var(--attn-muted, #5b6678);
  }
`;
