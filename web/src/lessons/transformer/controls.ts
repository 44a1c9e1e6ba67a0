// Lesson 3's controls above the figure: the model switch, the model card (size, held-out
// accuracy or perplexity) and the token chips that choose the query the figures follow.

import './strings';
import { modelPills } from '../shared/lesson-element';
import { html, nothing, type TemplateResult } from 'lit';
import type { ForwardRecord } from '../../engine/records';
import { tokenLabel } from './view-model';
import { formatInteger, formatNumber, formatPercent, t } from '../../i18n';
import type { TransformerElement } from './element';
import { MODEL_KEYS } from './parts';
import { renderConstantGuess } from '../shared/zh-switch';
import { renderGrown, renderInt4, renderInt8, renderTied } from '../shared/card-int8';
import { trainedInt8 } from '../../engine/model-folder';
import { isolate } from '../../i18n/bidi';
import { LOCAL } from '../shared/model-set';
import { localCard, renderLocalCard, withLocalOption } from '../shared/local-model';
import { renderCardMore } from '../shared/card-fold';
import { isTeacherMode } from '../shared/embed-attributes';

export function renderModels(el: TransformerElement): TemplateResult | typeof nothing {
  return modelPills(el, {
    name: 'models',
    data: 'model',
    label: t('transformer.modelLabel'),
    current: el.model,
    keys: { ...MODEL_KEYS, [LOCAL]: 'open.pill' },
    options: withLocalOption(el.models, el.available),
    choose: (key) => el.chooseModel(key),
  });
}

export function renderCard(el: TransformerElement): TemplateResult | typeof nothing {
  const loaded = el.loaded;
  if (!loaded) return nothing;
  const { card, arch } = loaded;
  if (el.model === LOCAL)
    return renderLocalCard(
      el.models.local?.name ?? '',
      card.parameters ?? loaded.info.parameters,
      localCard(loaded.info.card),
      () => el.closeLocal(),
      el,
    );
  const number = { format: (x: number) => formatNumber(x, { maximumFractionDigits: 1 }) };
  const values = {
    model: t(MODEL_KEYS[el.model]),
    parameters: formatInteger(card.parameters ?? loaded.info.parameters),
    layers: arch.nLayer,
    heads: arch.nHead,
    d: arch.dModel,
    accuracy: card.accuracy === null ? '' : formatPercent(card.accuracy),
    perplexity: card.perplexity === null ? '' : number.format(card.perplexity),
    split: t(card.split === 'valid' ? 'transformer.splitValid' : 'transformer.splitTest'),
  };
  // A masked LM reports how many hidden tokens it guessed; a causal LM its perplexity.
  const key =
    card.accuracy !== null && arch.objective === 'mlm'
      ? 'transformer.cardAccuracy'
      : card.perplexity !== null
        ? 'transformer.cardPerplexity'
        : 'transformer.cardNoMetrics';
  // One line (model, accuracy or perplexity, size); the rest folded under "More about this model".
  const line = {
    'transformer.cardAccuracy': 'transformer.cardLineAccuracy',
    'transformer.cardPerplexity': 'transformer.cardLinePerplexity',
    'transformer.cardNoMetrics': 'transformer.cardLine',
  } as const;
  return html`<div
    class="card"
    data-accuracy=${card.accuracy ?? ''}
    data-perplexity=${card.perplexity ?? ''}
    data-parameters=${card.parameters ?? loaded.info.parameters}
  >
    <p class="card-line">${t(line[key], values)}</p>
    ${renderCardMore(
      el,
      html`<p>
        ${t(key, values)}
        ${renderConstantGuess(loaded.info.card, arch.objective === 'mlm' ? 'mlm' : 'lm')}${renderInt8(
          trainedInt8(loaded.info.card),
        )}${renderInt4(loaded.info.card)}${renderGrown(loaded.info.card)}${renderTied(loaded.info.config)}
      </p>`,
    )}
  </div>`;
}

/** The tokens as buttons: the one chosen is the query that the figures follow. */
export function renderTokens(
  el: TransformerElement,
  record: ForwardRecord,
  maskAt: number[],
): TemplateResult {
  const active = el.query;
  // Teacher mode: the query the `token` attribute chose, named, with nothing to press.
  if (isTeacherMode(el.controls))
    return html`<p class="token-pick readonly" data-query=${active}>
      <span class="pills-label">${t('transformer.queryLabel')}</span>
      <b dir="auto">${tokenLabel(record.tokens[active] ?? '')}</b>
    </p>`;
  return html`<div class="token-pick">
    <span class="pills-label" id="tf-tokens-label">${t('transformer.queryLabel')}</span>
    <div class="chips" role="group" aria-labelledby="tf-tokens-label" data-count=${record.tokens.length}>
      ${record.tokens.map(
        (token, i) =>
          html`<button
            type="button"
            class="chip ${maskAt.includes(i) ? 'mask' : ''}"
            data-token=${i}
            aria-pressed=${i === active ? 'true' : 'false'}
            title=${t('transformer.tokenTitle', { index: i + 1, token: isolate(JSON.stringify(token)) })}
            dir="auto"
            @click=${() => {
              el.query = i;
              el.hover = null;
            }}
          >
            ${tokenLabel(token)}
          </button>`,
      )}
    </div>
  </div>`;
}

// ---- (1) Head view ---------------------------------------------------------------------------
