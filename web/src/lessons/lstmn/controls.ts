// Lesson 2's controls: the model switch, the model card, the words/pieces switch, and the
// split of the text into words and pieces.

import { modelPills } from '../shared/lesson-element';
import { css, html, nothing, type TemplateResult } from 'lit';
import { wordGroups } from '../shared/lm';
import { currentLanguage, formatInteger, t } from '../../i18n';
import { radioPills } from '../../components/radio-pills';
import type { LstmnElement } from './element';
import { MODEL_KEYS, type Reading } from './parts';
import type { View } from './state';

export function renderModels(el: LstmnElement): TemplateResult | typeof nothing {
  return modelPills(el, {
    name: 'models',
    data: 'model',
    label: t('lstmn.modelLabel'),
    current: el.model,
    keys: MODEL_KEYS,
    choose: (key) => el.chooseModel(key),
  });
}

export function renderCard(el: LstmnElement): TemplateResult | typeof nothing {
  const loaded = el.loaded;
  if (!loaded) return nothing;
  const card = loaded.card;
  const perplexity = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 });
  const values = {
    model: t(MODEL_KEYS[el.model]),
    parameters: formatInteger(card.parameters ?? loaded.info.parameters),
    test: card.testPerplexity === null ? '' : perplexity.format(card.testPerplexity),
    valid: card.validPerplexity === null ? '' : perplexity.format(card.validPerplexity),
  };
  const text =
    card.testPerplexity === null
      ? t('lstmn.cardNoMetrics', values)
      : card.validPerplexity === null
        ? t('lstmn.cardTest', values)
        : t('lstmn.card', values);
  return html`<p class="card" data-perplexity=${card.testPerplexity ?? ''}>${text}</p>`;
}

export function renderViewSwitch(el: LstmnElement): TemplateResult {
  return radioPills<View>({
    host: el,
    name: 'views',
    data: 'view',
    label: t('lstmn.viewLabel'),
    options: ['words', 'pieces'],
    current: el.view,
    text: (v) => t(v === 'words' ? 'lstmn.viewWords' : 'lstmn.viewPieces'),
    choose: (v) => el.chooseView(v),
  });
}

/** "criminal = c·r·im·in·al": the words the tokenizer split, so the student sees the pieces. */
export function renderSplits(reading: Reading): TemplateResult | typeof nothing {
  const record = reading.record;
  const split = wordGroups(record).filter(
    (g) => g.pieces.filter((p) => record.tokens[p].trim() !== '').length > 1,
  );
  if (!split.length) return html`<p class="splits" data-split="0">${t('lstmn.noSplits')}</p>`;
  const shown = split.slice(0, 8);
  return html`<p class="splits" data-split=${split.length}>
    ${t('lstmn.splitsLabel', { count: split.length })}
    ${shown.map(
      (g) =>
        // Every piece of typed text in a <bdi> of its own: an override the student typed (U+202E)
        // reorders neither the pieces nor the words around them.
        html`<span class="split" dir="auto"
          ><b><bdi>${g.label}</bdi></b> =
          ${g.pieces
            .map((p) => record.tokens[p].trim())
            .filter((p) => p !== '')
            .map((p, k) => html`${k ? ' · ' : ''}<bdi>${p}</bdi>`)}</span
        >`,
    )}${split.length > shown.length ? html`<span class="split">…</span>` : nothing}
  </p>`;
}

export const controlsStyles = css`
  .splits {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2rem 0.8rem;
    margin: 0.3rem 0;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
  .split b {
    color: var(--attn-text, #1d2433);
    font-weight: 600;
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
  .swatch.blue {
    background: rgba(31, 95, 168, 0.85);
  }
  .swatch.blue.light {
    margin-left: -0.25rem;
    background: rgba(31, 95, 168, 0.25);
  }
`;
