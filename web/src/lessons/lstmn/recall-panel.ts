// Lesson 2's recall panel: recall against distance for the trained models (models/recall-curve.json).

import { css, html, type TemplateResult } from 'lit';
import { formatInteger, t } from '../../i18n';
import type { LstmnElement } from './element';
import type { RecallCurve } from '../shared/lm';

/** The task and the two models, with their sizes when the result file gives them (not the same SimpleRNN). */
export function recallIntro(sizes: RecallCurve['sizes']): string {
  if (!sizes) return t('lstmn.recallIntro');
  return t('lstmn.recallIntroSizes', {
    withHidden: formatInteger(sizes.with.hidden),
    withParameters: formatInteger(sizes.with.parameters),
    withoutHidden: formatInteger(sizes.without.hidden),
    withoutParameters: formatInteger(sizes.without.parameters),
  });
}

export function renderRecall(el: LstmnElement): TemplateResult {
  const recall = el.recall;
  return html`<div class="recall">
    <h3>${t('lstmn.recallTitle')}</h3>
    <p class="recall-intro">${recallIntro(recall.status === 'ready' ? recall.curve.sizes : null)}</p>
    <attnlab-recall-chart
      .curve=${recall.status === 'ready' ? recall.curve : null}
      .error=${recall.status === 'failed' ? recall.error : ''}
    ></attnlab-recall-chart>
    <p class="note">${t('lstmn.recallNote')}</p>
  </div>`;
}

export const recallPanelStyles = css`
  .recall {
    margin-top: 1.6rem;
    padding-top: 1rem;
    border-top: 1px solid #e3e8ef;
  }
  .recall-intro {
    margin: 0.3rem 0 0.6rem;
    line-height: 1.5;
  }
`;
