// A model trained with 8-bit weights says so on its card line, in every lesson: its figures are
// those of the 8-bit weights it runs, not of a float original (docs/models.md, "Trained in 8 bits").
// Whether it was is the card's training.weights_dtype (engine/model-folder.ts, trainedInt8).

import { html, nothing, type TemplateResult } from 'lit';
import { t } from '../../i18n';

export function renderInt8(trained: boolean): TemplateResult | typeof nothing {
  return trained ? html` <span class="card-trick" data-key="weights-i8">${t('cards.int8')}</span>` : nothing;
}

/**
 * A model whose output layer reads its embedding table (config "tie_embeddings": true,
 * cpp/layers/output_head.h) says so: its parameter count and its size come from that choice.
 */
export function renderTied(config: Record<string, unknown>): TemplateResult | typeof nothing {
  return config.tie_embeddings === true
    ? html` <span class="card-trick" data-key="tied-output">${t('cards.tied')}</span>`
    : nothing;
}
