// Lesson 1's question to "Does attention explain the output?" (shared/explain-section.ts): the
// map's row of the decoder step the step panel explains, and the word that step writes.

import type { ForwardRecord } from '../../engine/records';
import type { ExplainEngine, ExplainRequest } from '../shared/explain-controller';
import { say } from './parts';
import { mapWithStart } from './view-model';
import { seedLabels } from '../shared/explain-section';
import type { Seq2SeqElement } from './element';

export function explainRequest(
  el: Seq2SeqElement,
  seed: ExplainEngine | null | 'loading',
  seedCard: Record<string, unknown> | null,
): ExplainRequest | null {
  const record = el.shownRecord();
  const model = el.model;
  const map = record?.maps[0];
  if (!record || !model || !map || !model.hasAttention) return null;
  const vocab = (model.info.config.target_vocab ?? []) as string[];
  const row = Math.max(0, Math.min(el.step, map.rows) - 1); // step j writes the map's row j - 1
  return {
    engine: model.engine,
    seedEngine: seed,
    labels: seedLabels(model.info.card, seedCard),
    text: el.modelInput(),
    target: record.outputTokens.join(' '),
    record,
    mapIndex: 0,
    logitsRow: row,
    mapRow: row,
    measure: 'all', // the sentence names the whole translation
    drawn: withStart, // the seed maps as the lesson's map: the start row s0 first
    axes: { rows: say(el, 'rowsAxis'), cols: say(el, 'colsAxis') },
    describe: (r) => r.outputTokens.join(' '),
    word: (id) => vocab[id] ?? String(id),
  };
}

/** The record with its map drawn as the lesson draws it, the start row s0 above the decoder steps. */
function withStart(record: ForwardRecord): ForwardRecord {
  const map = mapWithStart(record);
  return map ? { ...record, maps: [map, ...record.maps.slice(1)] } : record;
}
