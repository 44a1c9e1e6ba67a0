// Lesson 1's length chart: exact match against source length for every served model card,
// the no-attention baseline included, of the lesson's language pair.

import './strings';
import { html, nothing, type TemplateResult } from 'lit';
import { currentLanguage, t } from '../../i18n';
import type { ChartSeries } from '../../figures/line-chart';
import type { Seq2SeqElement } from './element';
import { fetchAsset } from '../../engine/assets';
import { defaultModelBase } from '../../engine/model-base';
import { fineTuned, modelUrl, trainedInt4 } from '../../engine/model-folder';
import { SEQ2SEQ_PAIR_MODELS, type Seq2SeqPair } from '../shared/models';
import { accuracyByLength, fourBitCurves, type LengthCurve } from './view-model';
import { CHART_COLORS, CHART_DASH, say, type Variant } from './parts';
import { tensorWords } from '../shared/card-int8';

/** Exact match against source length from the cards of `pair`'s served models (small JSON files). */
export async function readLengthCurves(pair: Seq2SeqPair, models: readonly string[]): Promise<LengthCurve[]> {
  const lesson = SEQ2SEQ_PAIR_MODELS[pair];
  const keys = [...lesson.models.map((m) => [m.key, m.folder]), ['none', lesson.baseline]];
  const curves = await Promise.all(
    keys
      .filter(([, folder]) => models.includes(folder))
      .map(async ([key, folder]): Promise<LengthCurve | null> => {
        try {
          const response = await fetchAsset(modelUrl(defaultModelBase(), folder, 'card.json'));
          if (!response.ok) return null;
          const card = (await response.json()) as Record<string, unknown>;
          const points = accuracyByLength(card);
          return points.length
            ? { key, points, fourBit: trainedInt4(card), tuned: fineTuned(card) !== null }
            : null;
        } catch {
          return null;
        }
      }),
  );
  return curves.filter((c): c is LengthCurve => c !== null);
}

/**
 * One sentence per curve whose model keeps tables in 4 bits (its card's training.weights_i4), so
 * the chart says which of the models it compares was trained so; "" when none was.
 */
function fourBitNote(curves: readonly LengthCurve[], label: (key: string) => string): string {
  return fourBitCurves(curves)
    .map((c) =>
      c.fourBit === 'all'
        ? t('seq2seq.lengthFourBitAll', { model: label(c.key) })
        : t(c.tuned ? 'seq2seq.lengthFourBitTuned' : 'seq2seq.lengthFourBit', {
            model: label(c.key),
            names: tensorWords(c.fourBit),
          }),
    )
    .join(' ');
}

export function renderLengthChart(el: Seq2SeqElement): TemplateResult | typeof nothing {
  if (!el.lengthCurves.length) return nothing;
  const label = (key: string) =>
    key === 'none' ? t('seq2seq.noAttentionModel') : t(`seq2seq.${key as Variant}Model`);
  // The same array until the cards or the language change, so typing does not redraw the chart.
  const key = `${currentLanguage()} ${el.pair}`;
  if (el.chartSeries?.curves !== el.lengthCurves || el.chartSeries.key !== key) {
    const series: ChartSeries[] = el.lengthCurves.map((c) => ({
      key: c.key,
      label: label(c.key),
      color: CHART_COLORS[c.key] ?? '#333',
      dash: CHART_DASH[c.key],
      points: c.points.map((p) => ({ x: (p.lo + p.hi) / 2, y: p.exactMatch, label: `${p.lo}–${p.hi}` })),
    }));
    el.chartSeries = { curves: el.lengthCurves, key, series };
  }
  const series = el.chartSeries.series;
  return html`<section class="length" aria-labelledby="length-title">
    <h3 id="length-title" class="map-title">${t('seq2seq.lengthTitle')}</h3>
    <attnlab-line-chart
      .series=${series}
      .xLabel=${say(el, 'lengthX')}
      .yLabel=${t('seq2seq.lengthY')}
      .caption=${[say(el, 'lengthCaption'), fourBitNote(el.lengthCurves, label)].filter(Boolean).join(' ')}
    ></attnlab-line-chart>
  </section>`;
}
