// Lesson 1's side by side: both attention variants on the same translation (the other one
// teacher-forced) and their difference as a diverging map. The student's changes to the attention
// apply to the lesson's own variant: its map shows them (unless "Original" is chosen) and takes
// pins; the other variant is drawn as trained.

import './strings';
import { css, html, type TemplateResult } from 'lit';
import type { AttentionMap, ForwardRecord } from '../../engine/records';
import { agreeingRows, differenceMap, mapWithStart } from './view-model';
import { formatInteger, t } from '../../i18n';
import type { Seq2SeqElement } from './element';
import { say, type Variant } from './parts';
import { seq2seqDifferenceTitle, seq2seqMapTitle } from '../shared/map-titles';
import { isTeacherMode } from '../shared/embed-attributes';
import type { PinEvent } from '../../figures/attention-map-edits';
import { pinSeq2seq, seq2seqPins } from './interventions';

/** Side by side: the two variants' maps for the same sentence and their difference. */
export function renderCompare(el: Seq2SeqElement, record: ForwardRecord): TemplateResult {
  const other = el.otherVariant();
  const otherRecord = el.otherForwards.record;
  // Both maps start with the s_0 row, as the single map does.
  const ctrl = el.interventions;
  const changed = ctrl.active && ctrl.after && ctrl.editedFor(record) !== null;
  const mine = mapWithStart(ctrl.shown(record));
  const theirs = otherRecord ? mapWithStart(otherRecord) : null;
  if (!other || !mine) return html``;
  const [additive, dot] = el.variant === 'additive' ? [mine, theirs] : [theirs, mine];
  const loadOther = el.models.state(other);
  const pending = html`<div class="placeholder" role="status">
    ${loadOther?.status === 'failed' ? t('seq2seq.loadError', { message: loadOther.error }) : t('seq2seq.loading')}
  </div>`;
  const panel = (variant: Variant, map: AttentionMap | null) =>
    html`<div class="compare-panel" data-variant=${variant} data-changed=${variant === el.variant && changed}>
      <h4>
        ${t(`seq2seq.${variant}Model`)}
        ${variant === el.variant && changed ? html`<span class="changed-badge">${t('intervene.compareChanged')}</span>` : ''}
      </h4>
      <p class="cost-note">
        ${variant === el.variant ? t('seq2seq.compareOwn') : say(el, 'compareForced', { model: t(`seq2seq.${el.variant}Model`) })}
      </p>
      ${
        map
          ? html`<attnlab-attention-map
              .map=${map}
              .exportTitle=${seq2seqMapTitle(variant)}
              .exportText=${el.text}
              .rowsAxis=${say(el, 'rowsAxis')}
              .colsAxis=${say(el, 'colsAxis')}
              .pinnable=${variant === el.variant && !isTeacherMode(el.controls)}
              .pins=${variant === el.variant ? seq2seqPins(el) : NO_PINS}
              @attnlab-pin=${(event: PinEvent) => variant === el.variant && pinSeq2seq(el, event.detail)}
            ></attnlab-attention-map>`
          : pending
      }
    </div>`;
  let difference: TemplateResult = html``;
  if (additive && dot) {
    const rows = agreeingRows(additive, dot);
    const note =
      rows === additive.rows && rows === dot.rows
        ? say(el, 'differenceSame', { translation: record.outputTokens.join(' ') })
        : t('seq2seq.differencePartial', { rows: formatInteger(Math.max(0, rows - 1)) });
    const withChange = changed
      ? ` ${t('intervene.compareDifference', { model: t(`seq2seq.${el.variant}Model`) })}`
      : '';
    difference = html`<div class="compare-panel difference">
      <h4>${t('seq2seq.differenceTitle')}</h4>
      <p class="cost-note">${note}${withChange}</p>
      ${
        rows > 0
          ? html`<attnlab-attention-map
              .map=${differenceMap(additive, dot, rows, 'additive - dot')}
              .diverging=${true}
              .legendTitle=${t('seq2seq.differenceLegend')}
              .exportTitle=${seq2seqDifferenceTitle()}
              .exportText=${el.text}
              .rowsAxis=${say(el, 'rowsAxis')}
              .colsAxis=${say(el, 'colsAxis')}
            ></attnlab-attention-map>`
          : html`<div class="placeholder" role="status">${t('seq2seq.differenceNone')}</div>`
      }
    </div>`;
  }
  return html`<div class="compare">${panel('additive', additive)} ${panel('dot', dot)}</div>
    ${difference}`;
}

const NO_PINS: readonly [number, number][] = [];

export const comparePanelStyles = css`
  .changed-badge {
    display: inline-block;
    margin-left: 0.4rem;
    padding: 0 0.35rem;
    border: 1px dashed var(--attn-edit, #c2255c);
    border-radius: 4px;
    color: var(--attn-edit, #c2255c);
    font-size: 0.75rem;
    font-weight: 600;
  }
  .compare {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
    gap: 1rem;
  }
  .compare-panel {
    min-width: 0;
  }
  .compare-panel h4 {
    margin: 0 0 0.2rem;
    font-size: 0.95rem;
  }
  .compare-panel.difference {
    margin-top: 1rem;
  }
  .translation.small {
    font-size: 1rem;
    margin-bottom: 0.4rem;
  }
`;
