// Lesson 3's question to "Does attention explain the output?" (shared/explain-section.ts): the
// chosen head's map, the chosen token's row, and the model's guess at that token.

import { findTensor } from '../../engine/records';
import { argmax, visiblePiece } from '../shared/explain';
import type { ExplainEngine, ExplainRequest } from '../shared/explain-controller';
import { seedLabels } from '../shared/explain-section';
import type { TransformerElement } from './element';
import { figureUnits } from './words';
import { t } from '../../i18n';

export function explainRequest(
  el: TransformerElement,
  seed: ExplainEngine | null | 'loading',
  seedCard: Record<string, unknown> | null,
): ExplainRequest | null {
  const record = el.record;
  const loaded = el.loaded;
  if (!record || !loaded) return null;
  const mapIndex = record.maps.findIndex((m) => m.layer === el.layer && m.head === el.head);
  const map = record.maps[mapIndex];
  if (!map || el.query < 0 || el.query >= map.rows) return null;
  const word = (id: number) => visiblePiece(loaded.vocabulary[id] ?? String(id));
  const guess = (r: typeof record) => {
    const logits = findTensor(r, 'logits');
    const at = el.query;
    return logits ? word(argmax(logits.data.subarray(at * logits.cols, (at + 1) * logits.cols))) : '';
  };
  return {
    engine: loaded.engine,
    seedEngine: seed,
    labels: seedLabels(loaded.info.card, seedCard),
    text: el.input(),
    record,
    mapIndex,
    logitsRow: el.query,
    mapRow: el.query,
    keys: loaded.info.config.causal === true ? el.query + 1 : map.cols,
    describe: guess,
    word,
    matchHeads: true,
    // The seed maps in whole words or pieces, as the model view draws its map.
    drawn: (r) => figureUnits(r, el.units, loaded.arch.causal).record,
    drawnKey: el.units,
    axes:
      el.units === 'words'
        ? { rows: t('transformer.rowsAxisWords'), cols: t('transformer.colsAxisWords') }
        : { rows: t('transformer.rowsAxis'), cols: t('transformer.colsAxis') },
  };
}
