// Lesson 1's controls: the attention variant switch, the side-by-side toggle, word suggestions
// from the model's vocabulary, and the model card.

import './strings';
import { modelPills } from '../shared/lesson-element';
import { css, html, nothing, type TemplateResult } from 'lit';
import { suggestWords } from './view-model';
import { formatInteger, formatPercent, t } from '../../i18n';
import type { Seq2SeqElement } from './element';
import { MODEL_KEYS, SUGGESTIONS } from './parts';
import { renderTargets } from './pairs';
import { renderSeedRuns } from '../shared/card-seeds';
import { LOCAL } from '../shared/model-set';
import { localCard, renderLocalCard, withLocalOption } from '../shared/local-model';
import { renderInt4, renderInt8, renderTied } from '../shared/card-int8';
import { measureValues, renderMeasureDefinitions, shownMeasures } from '../shared/card-measures';
import { renderCardMore } from '../shared/card-fold';

export function renderVariants(el: Seq2SeqElement): TemplateResult | typeof nothing {
  return modelPills(el, {
    name: 'variants',
    data: 'variant',
    label: t('seq2seq.variantLabel'),
    current: el.variant,
    keys: { ...MODEL_KEYS, [LOCAL]: 'open.pill' },
    choose: (key) => el.chooseVariant(key),
    options: withLocalOption(el.models, el.available),
  });
}

export function renderCompareToggle(el: Seq2SeqElement): TemplateResult | typeof nothing {
  if (el.available.length < 2 || el.variant === LOCAL) return nothing;
  return html`<button
    type="button"
    class="compare-toggle"
    aria-pressed=${el.compare ? 'true' : 'false'}
    @click=${el.toggleCompare}
  >
    ${t('seq2seq.compare')}
  </button>`;
}

export function renderSuggestions(el: Seq2SeqElement): TemplateResult | typeof nothing {
  const model = el.model;
  // Chinese has no spaces to complete a word at: the examples stand in for suggestions.
  if (!model || !model.vocabulary.length || model.readsChinese) return nothing;
  const { prefix, words } = suggestWords(el.text, el.caret, model.vocabulary, SUGGESTIONS);
  if (!prefix || !words.length) return nothing;
  return html`<div class="suggestions" role="group" aria-label=${t('seq2seq.suggestionsLabel')}>
    <span class="suggestions-label">${t('seq2seq.suggestionsLabel')}</span>
    ${words.map(
      (w) =>
        html`<button
          type="button"
          class="suggestion"
          data-word=${w}
          @click=${() => el.applySuggestion(w, prefix.length)}
        >
          ${w}
        </button>`,
    )}
  </div>`;
}

export function renderCard(el: Seq2SeqElement): TemplateResult | typeof nothing {
  const model = el.model;
  if (!model) return nothing;
  const card = model.card;
  const parameters = formatInteger(card.parameters ?? model.info.parameters);
  if (el.variant === LOCAL)
    return renderLocalCard(
      el.models.local?.name ?? '',
      card.parameters ?? model.info.parameters,
      localCard(model.info.card),
      () => el.closeLocal(),
      el,
    );
  const variant = t(`seq2seq.${el.variant}Model`);
  // Each alignment measure under its own name (the miss rate and the AER), defined below.
  const figures = { miss: card.alignmentMiss, aer: card.aer };
  const measures = shownMeasures(figures);
  const text =
    card.exactMatch !== null && measures.length
      ? t('seq2seq.card', {
          variant,
          parameters,
          exactMatch: formatPercent(card.exactMatch),
          measures: measureValues(figures),
        })
      : t('seq2seq.cardNoMetrics', { variant, parameters });
  // A model trained with a trick says so where its figures are.
  const trick =
    card.alignWeightDecay !== null
      ? html` <span class="card-trick" data-key="align-weight-decay" data-value=${card.alignWeightDecay}
          >${t('seq2seq.cardAlignDecay', { decay: card.alignWeightDecay })}</span
        >`
      : nothing;
  const seeds = renderSeedRuns(card.seedRuns, card.seed, card.seedRunsOfBase);
  // One line (model, accuracy, size); the rest folded under "More about this model".
  const line =
    card.exactMatch !== null
      ? t('seq2seq.cardLine', { variant, parameters, exactMatch: formatPercent(card.exactMatch) })
      : t('seq2seq.cardNoMetrics', { variant, parameters });
  return html`<div class="card">
    <p class="card-line">${line}</p>
    ${renderCardMore(
      el,
      html`<p>
          ${text}${trick}${seeds}${renderInt8(card.trainedInt8)}${renderInt4(model.info.card)}${renderTied(
            model.info.config,
          )}${renderTargets(el, card)}
        </p>
        ${card.exactMatch !== null ? renderMeasureDefinitions(measures) : nothing}`,
    )}
  </div>`;
}

export const controlsStyles = css`
  .switches {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  .compare-toggle,
  .suggestion,
  .example {
    font: inherit;
    font-size: 0.85rem;
    padding: 0.2rem 0.7rem;
    border: 1px solid #b8c4d6;
    border-radius: 999px;
    background: #fff;
    color: var(--attn-text, #1d2433);
    cursor: pointer;
  }
  .compare-toggle[aria-pressed='true'] {
    background: var(--attn-accent, #1f5fa8);
    border-color: var(--attn-accent, #1f5fa8);
    color: #fff;
  }
  .compare-toggle:focus-visible,
  .suggestion:focus-visible,
  .example:focus-visible {
    outline: 2px solid var(--attn-accent, #1f5fa8);
    outline-offset: 2px;
  }
  .suggestions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.3rem;
    margin-top: 0.35rem;
  }
  .suggestions-label {
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
`;
