// A model trained with 8-bit weights says so on its card line, in every lesson: its figures are
// those of the 8-bit weights it runs, not of a float original (docs/models-history.md, "Trained in 8 bits").
// Whether it was is the card's training.weights_dtype (engine/model-folder.ts, trainedInt8); the
// tensors kept in 4 bits are its training.weights_i4 (trainedInt4).

import { html, nothing, type TemplateResult } from 'lit';
import { currentLanguage, formatNumber, t } from '../../i18n';
import { fineTuned, int4Group, trainedInt4, vocabularyGrown } from '../../engine/model-folder';

// What each shipped 4-bit tensor is, in words (the Chinese interface names no tensor by its code).
const TENSOR_WORDS: Record<string, string> = {
  'embedding.weight': 'cards.tensors.embedding',
  'src_embedding.weight': 'cards.tensors.srcEmbedding',
  'tgt_embedding.weight': 'cards.tensors.tgtEmbedding',
  'out.weight': 'cards.tensors.output',
  'head.weight': 'cards.tensors.output',
};

/** Tensor names as a list in words ("the embedding table (embedding.weight)"; 词嵌入表). */
export function tensorWords(names: readonly string[]): string {
  const words = names.map((n) => (TENSOR_WORDS[n] ? t(TENSOR_WORDS[n], { name: n }) : n));
  return new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(words);
}

export function renderInt8(trained: boolean): TemplateResult | typeof nothing {
  return trained ? html` <span class="card-trick" data-key="weights-i8">${t('cards.int8')}</span>` : nothing;
}

/** The same for 4-bit weights: every 2-D weight, or the tables listed beside 8-bit ones (trainedInt4). */
export function renderInt4(card: Record<string, unknown>): TemplateResult | typeof nothing {
  const four = trainedInt4(card);
  if (four !== 'all' && four.length === 0) return nothing;
  const group = int4Group(card);
  // "one scale per row", or per group of weights (recipe "weights_i4_group")
  const scales = group ? t('cards.scalePerGroup', { n: group }) : t('cards.scalePerRow');
  // Fine-tuned in 4 bits from an 8-bit model (recipe "init_from"): how many steps each way.
  const from = fineTuned(card);
  const tuned = from && from.baseSteps !== null && from.steps !== null ? from : null;
  const steps = tuned ? { base: formatNumber(tuned.baseSteps!), steps: formatNumber(tuned.steps!) } : {};
  const names = four === 'all' ? '' : tensorWords(four);
  // A base that already kept some tables in 4 bits (lesson 3's Transformers) is said as it was.
  const baseNames = tuned && tuned.baseI4.length ? tensorWords(tuned.baseI4) : '';
  const key =
    four === 'all'
      ? tuned
        ? baseNames
          ? 'cards.int4AllTunedMixed'
          : 'cards.int4AllTuned'
        : 'cards.int4All'
      : tuned
        ? 'cards.int4Tuned'
        : 'cards.int4';
  return html` <span
    class="card-trick"
    data-key="weights-i4"
    data-value=${four === 'all' ? nothing : four.join(',')}
    data-group=${group ?? nothing}
    data-tuned=${tuned ? 'true' : nothing}
    >${t(key, { names, scales, baseNames, ...steps })}</span
  >`;
}

/**
 * A model whose vocabulary was grown for everyday English after its training on Austen says so,
 * with the sizes and the steps (lessons 2 and 3; docs/models.md, "Everyday English").
 */
export function renderGrown(card: Record<string, unknown>): TemplateResult | typeof nothing {
  const grown = vocabularyGrown(card);
  if (!grown) return nothing;
  return html` <span
    class="card-trick"
    data-key="vocabulary-grown"
    data-from=${grown.from}
    data-to=${grown.to}
    >${t('cards.grown', {
      from: formatNumber(grown.from),
      to: formatNumber(grown.to),
      steps: formatNumber(grown.steps ?? 0),
    })}</span
  >`;
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
