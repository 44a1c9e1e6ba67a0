// Lesson 2's controls: the model switch, the model card, the words/pieces switch, and the
// split of the text into words and pieces.

import './strings';
import { modelPills } from '../shared/lesson-element';
import { css, html, nothing, type TemplateResult } from 'lit';
import { comparePerplexity, type LmCard } from '../shared/lm';
import { renderUnitsSwitch } from '../shared/word-pieces';
import { formatInteger, formatNumber, t } from '../../i18n';
import { radioPills } from '../../components/radio-pills';
import type { LstmnElement } from './element';
import { MODEL_KEYS, UNPENALIZED, baselineOf, cellOf, type Architecture } from './parts';
import type { LmModel } from '../shared/models';
import { LOCAL, type WithLocal } from '../shared/model-set';
import { localCard, renderLocalCard, withLocalOption } from '../shared/local-model';
import type { View } from './state';
import { renderConstantGuess } from '../shared/zh-switch';
import { renderGrown, renderInt4, renderInt8, renderTied } from '../shared/card-int8';
import { trainedInt8 } from '../../engine/model-folder';
import { renderCardMore } from '../shared/card-fold';

/** A perplexity as the card shows it (one decimal, in the page's language). */
export const formatPerplexity = (p: number) =>
  formatNumber(p, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
/** A relative change (0.094) as a percentage with one decimal (9.4%). */
export const formatPercent = (x: number) =>
  formatNumber(x, { style: 'percent', maximumFractionDigits: 1, minimumFractionDigits: 1 });

/**
 * The model chooser, and next to it, for a cell that was also trained without the self-weight
 * penalty, the training switch between the two (both set the `model` attribute).
 */
export function renderModels(el: LstmnElement): TemplateResult | typeof nothing {
  const twins = Object.values(UNPENALIZED);
  // A twin is reached through its cell's pill and the training switch (when the cell is served).
  const paired = (key: WithLocal<LmModel>) =>
    key !== LOCAL && twins.includes(key) && el.available.includes(cellOf(key));
  const cell = el.model !== LOCAL && paired(el.model) ? cellOf(el.model) : el.model;
  const twin = cell === LOCAL ? undefined : UNPENALIZED[cell];
  const pills = modelPills(el, {
    name: 'models',
    data: 'model',
    label: t('lstmn.modelLabel'),
    current: cell,
    keys: { ...MODEL_KEYS, [LOCAL]: 'open.pill' },
    options: withLocalOption(el.models, el.available).filter((key) => !paired(key)),
    choose: (key) => el.chooseModel(key),
  });
  if (!twin || !el.available.includes(twin) || el.model === LOCAL) return pills;
  return html`${pills}${radioPills<LmModel>({
    host: el,
    name: 'training',
    data: 'model',
    label: t('lstmn.trainingLabel'),
    options: [cell as LmModel, twin],
    current: el.model as LmModel,
    text: (key) => t(key === twin ? 'lstmn.trainingPlain' : 'lstmn.trainingPenalty'),
    choose: (key) => el.chooseModel(key),
  })}`;
}

export function renderCard(el: LstmnElement): TemplateResult | typeof nothing {
  const loaded = el.loaded;
  if (!loaded) return nothing;
  const card = loaded.card;
  if (el.model === LOCAL)
    return renderLocalCard(
      el.models.local?.name ?? '',
      card.parameters ?? loaded.info.parameters,
      localCard(loaded.info.card),
      () => el.closeLocal(),
      el,
    );
  const values = {
    model: t(MODEL_KEYS[el.model]),
    parameters: formatInteger(card.parameters ?? loaded.info.parameters),
    test: card.testPerplexity === null ? '' : formatPerplexity(card.testPerplexity),
    valid: card.validPerplexity === null ? '' : formatPerplexity(card.validPerplexity),
  };
  const text =
    card.testPerplexity === null
      ? t('lstmn.cardNoMetrics', values)
      : card.validPerplexity === null
        ? t('lstmn.cardTest', values)
        : t('lstmn.card', values);
  // One line (model, perplexity, size); the rest folded under "More about this model".
  const line = card.testPerplexity === null ? t('lstmn.cardNoMetrics', values) : t('lstmn.cardLine', values);
  return html`<div class="card" data-perplexity=${card.testPerplexity ?? ''}>
    <p class="card-line">${line}</p>
    ${renderCardMore(
      el,
      html`<p>
        ${text} ${renderBaseline(el, loaded.arch, card)}
        ${renderConstantGuess(loaded.info.card, 'lm')}${renderInt8(trainedInt8(loaded.info.card))}${renderInt4(
          loaded.info.card,
        )}${renderGrown(loaded.info.card)}${renderTied(loaded.info.config)}
      </p>`,
    )}
  </div>`;
}

/**
 * The plain model of about the same budget, from its card: the same held-out tokens, so the two
 * perplexities compare. Said plainly when self-attention does worse, with a pointer to the
 * recall result, where it does help.
 */
function renderBaseline(el: LstmnElement, arch: Architecture, card: LmCard): TemplateResult | typeof nothing {
  const baseline = baselineOf(arch);
  const other = baseline ? el.cards[baseline] : undefined;
  const change = comparePerplexity(card, other);
  // Perplexities compare on the same text only (the Chinese model has no plain twin).
  if (!baseline || !other || change === null || other.corpus !== card.corpus) return nothing;
  const values = {
    baseline: t(MODEL_KEYS[baseline]),
    parameters: formatInteger(other.parameters ?? 0),
    other: formatPerplexity(other.testPerplexity ?? 0),
    percent: formatPercent(Math.abs(change)),
  };
  // A model trained with the self-weight penalty: how much of its gap is the penalty's, when the
  // same cell trained without it is served (lesson 2's 9.4% is the penalty's, not the cell's).
  const penalized = arch.attention && arch.selfPenalty > 0 && el.model !== LOCAL;
  const twin = penalized ? penaltyTwin(el, el.model as LmModel, baseline) : null;
  const key =
    change <= 0
      ? 'lstmn.vsBaselineBetter'
      : !penalized
        ? 'lstmn.vsBaselineWorse'
        : !twin
          ? 'lstmn.vsBaselinePenaltyUnmeasured'
          : twin.change <= 0
            ? 'lstmn.vsBaselinePenaltyTwin'
            : 'lstmn.vsBaselinePenaltyPart';
  return html`<span class="vs-baseline" data-baseline=${baseline} data-change=${change}
    >${t(key, { ...values, twin: twin?.perplexity ?? '', twinPercent: twin?.percent ?? '' })}</span
  >`;
}

/**
 * The same cell trained without the self-weight penalty (UNPENALIZED), against `baseline`, from the
 * cards: its perplexity and how far it is from the baseline's; null when either card is missing.
 */
export function penaltyTwin(
  el: LstmnElement,
  cell: LmModel,
  baseline: LmModel,
): { perplexity: string; change: number; percent: string } | null {
  const key = UNPENALIZED[cell];
  const twin = key ? el.cards[key] : undefined;
  const change = comparePerplexity(twin, el.cards[baseline]);
  if (!twin || change === null || twin.corpus !== el.cards[baseline]?.corpus) return null;
  return {
    perplexity: formatPerplexity(twin.testPerplexity ?? 0),
    change,
    percent: formatPercent(Math.abs(change)),
  };
}

export function renderViewSwitch(el: LstmnElement): TemplateResult {
  return renderUnitsSwitch<View>(el, 'views', el.view, (v) => el.chooseView(v));
}

export const controlsStyles = css`
  .vs-baseline {
    display: block;
    margin-top: 0.2rem;
  }
  .legend-note {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2rem 1.2rem;
  }
  .key {
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
  }
  .swatch {
    display: inline-block;
    box-sizing: border-box;
    width: 1.1rem;
    height: 1.1rem;
    border-radius: 3px;
    font-size: 0.75rem;
    line-height: 0.9rem;
    text-align: center;
  }
  .swatch.cur {
    border: 2px solid #c92a2a;
    color: #c92a2a;
    font-weight: 700;
  }
`;
