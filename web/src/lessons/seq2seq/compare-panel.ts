// Lesson 1's side by side: both attention variants on the same translation (the other one
// teacher-forced) and their difference as a diverging map.

import { css, html, type TemplateResult } from 'lit';
import type { AttentionMap, ForwardRecord } from '../../engine/records';
import { agreeingRows, differenceMap, mapWithStart } from './view-model';
import { formatInteger, t } from '../../i18n';
import type { Seq2SeqElement } from './element';
import type { Variant } from './parts';
import { seq2seqDifferenceTitle, seq2seqMapTitle } from '../shared/map-titles';

/** Side by side: the two variants' maps for the same sentence and their difference. */
export function renderCompare(el: Seq2SeqElement, record: ForwardRecord): TemplateResult {
  const other = el.otherVariant();
  const otherRecord = el.otherForwards.record;
  // Both maps start with the s_0 row, as the single map does.
  const mine = mapWithStart(record);
  const theirs = otherRecord ? mapWithStart(otherRecord) : null;
  if (!other || !mine) return html``;
  const [additive, dot] = el.variant === 'additive' ? [mine, theirs] : [theirs, mine];
  const loadOther = el.models.state(other);
  const pending = html`<div class="placeholder" role="status">
    ${loadOther?.status === 'failed' ? t('seq2seq.loadError', { message: loadOther.error }) : t('seq2seq.loading')}
  </div>`;
  const panel = (variant: Variant, map: AttentionMap | null) =>
    html`<div class="compare-panel" data-variant=${variant}>
      <h4>${t(`seq2seq.${variant}Model`)}</h4>
      <p class="cost-note">
        ${variant === el.variant ? t('seq2seq.compareOwn') : t('seq2seq.compareForced', { model: t(`seq2seq.${el.variant}Model`) })}
      </p>
      ${
        map
          ? html`<attnlab-attention-map
              .map=${map}
              .exportTitle=${seq2seqMapTitle(variant)}
              .exportText=${el.text}
              .rowsAxis=${t('seq2seq.rowsAxis')}
              .colsAxis=${t('seq2seq.colsAxis')}
            ></attnlab-attention-map>`
          : pending
      }
    </div>`;
  let difference: TemplateResult = html``;
  if (additive && dot) {
    const rows = agreeingRows(additive, dot);
    const note =
      rows === additive.rows && rows === dot.rows
        ? t('seq2seq.differenceSame', { translation: record.outputTokens.join(' ') })
        : t('seq2seq.differencePartial', { rows: formatInteger(Math.max(0, rows - 1)) });
    difference = html`<div class="compare-panel difference">
      <h4>${t('seq2seq.differenceTitle')}</h4>
      <p class="cost-note">${note}</p>
      ${
        rows > 0
          ? html`<attnlab-attention-map
              .map=${differenceMap(additive, dot, rows, 'additive - dot')}
              .diverging=${true}
              .legendTitle=${t('seq2seq.differenceLegend')}
              .exportTitle=${seq2seqDifferenceTitle()}
              .exportText=${el.text}
              .rowsAxis=${t('seq2seq.rowsAxis')}
              .colsAxis=${t('seq2seq.colsAxis')}
            ></attnlab-attention-map>`
          : html`<div class="placeholder" role="status">${t('seq2seq.differenceNone')}</div>`
      }
    </div>`;
  }
  return html`<div class="compare">${panel('additive', additive)} ${panel('dot', dot)}</div>
    ${difference}`;
}

export const comparePanelStyles = css`
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
