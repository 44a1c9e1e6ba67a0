// Lesson 2's recall panel: recall against distance for the trained models (models/recall-curve.json),
// and next to it what the same [x; c] cell does as a language model, from the cards: the recall
// result supports "less likely to forget", the perplexities say whether that made a better guesser.

import './strings';
import { css, html, nothing, type TemplateResult } from 'lit';
import { formatInteger, t } from '../../i18n';
import { comparePerplexity, type RecallCurve } from '../shared/lm';
import type { LmModel } from '../shared/models';
import type { LstmnElement } from './element';
import { MODEL_KEYS } from './parts';
import { formatPercent, formatPerplexity, penaltyTwin } from './controls';

/** The recall curve's cell as language models (with and without the penalty) and its plain baseline. */
const SAME_CELL: readonly LmModel[] = ['rnn-selfattn', 'rnn-selfattn-nopenalty', 'rnn'];

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
    ${renderPerplexities(el)}
  </div>`;
}

/** The cell's perplexities from the cards, and how the slides' cell compares with the plain SimpleRNN. */
export function renderPerplexities(el: LstmnElement): TemplateResult | typeof nothing {
  const cell = el.cards['rnn-selfattn'];
  const plain = el.cards.rnn;
  const change = comparePerplexity(cell, plain);
  if (!cell || !plain || change === null) return nothing;
  const list = SAME_CELL.filter((key) => el.cards[key]?.testPerplexity != null)
    .map((key) => `${t(MODEL_KEYS[key])} ${formatPerplexity(el.cards[key]?.testPerplexity ?? 0)}`)
    .join(' · ');
  // The shipped cell was trained with the self-weight penalty: its gap is the penalty's when the
  // same cell trained without it reads as well as the plain SimpleRNN.
  const twin = penaltyTwin(el, 'rnn-selfattn', 'rnn');
  const values = {
    percent: formatPercent(Math.abs(change)),
    context: String(cell.context ?? ''),
    twin: twin?.perplexity ?? '',
    twinPercent: twin?.percent ?? '',
    plain: formatPerplexity(plain.testPerplexity ?? 0),
  };
  const key =
    change <= 0
      ? 'lstmn.recallPerplexityBetter'
      : !twin
        ? 'lstmn.recallPerplexityWorse'
        : twin.change <= 0
          ? 'lstmn.recallPerplexityPenalty'
          : 'lstmn.recallPerplexityPenaltyPart';
  return html`<p class="note recall-perplexity" data-change=${change}>
    ${t('lstmn.recallPerplexity', { list })} ${t(key, values)}
  </p>`;
}

export const recallPanelStyles = css`
  .recall {
    margin-top: 1.6rem;
    padding-top: 1rem;
    border-top: 1px solid #e3e8ef;
    /* Below the map, usually off screen while the student types: laid out and painted when
       scrolled to (docs/performance-keystrokes.md). */
    content-visibility: auto;
    contain-intrinsic-size: auto 620px;
  }
  .recall-intro {
    margin: 0.3rem 0 0.6rem;
    line-height: 1.5;
  }
`;
