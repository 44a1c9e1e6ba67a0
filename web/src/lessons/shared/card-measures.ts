// The two ways a model's attention is scored against the gold alignment (cpp/train/translate.h),
// each with a name of its own and defined where its figure is shown (issue 52 A3): the alignment
// miss rate (card "alignment_error": the outputs with a gold link whose strongest weight misses
// it; the training lab's measure) and the alignment error rate, AER (card "aer", Och & Ney).

import { html, nothing, type TemplateResult } from 'lit';
import { formatPercent, t } from '../../i18n';

export type Measure = 'miss' | 'aer';

// Each measure's strings, spelled out (a key built from a template string is typed as every key).
const NAME = { miss: 'cards.measures.miss', aer: 'cards.measures.aer' } as const;
const DEFINITION = { miss: 'cards.measures.missDefinition', aer: 'cards.measures.aerDefinition' } as const;

/** A card's figures of both measures (null: the card has none). */
export interface MeasureFigures {
  miss: number | null;
  aer: number | null;
}

/** The measures a card has a figure of, in the order they are shown. */
export const shownMeasures = (f: MeasureFigures): Measure[] =>
  (['miss', 'aer'] as const).filter((m) => f[m] !== null);

/** "alignment miss rate 11.9%, alignment error rate (AER) 12.5%": each figure after its own name. */
export function measureValues(f: MeasureFigures): string {
  return shownMeasures(f)
    .map((m) => t('cards.measures.value', { name: t(NAME[m]), value: formatPercent(f[m]!) }))
    .join(t('cards.measures.separator'));
}

/** What each shown measure is, one click away: in the card's "More about this model" (card-fold.ts). */
export function renderMeasureDefinitions(shown: readonly Measure[]): TemplateResult | typeof nothing {
  if (!shown.length) return nothing;
  return html`<div class="measure-defs">
    ${shown.map((m) => html`<p data-measure=${m}>${t(DEFINITION[m])}</p>`)}
  </div>`;
}
