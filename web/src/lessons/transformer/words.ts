// Lesson 3 in whole words or in the tokenizer's pieces (issue 52 A8), as lesson 2 shows them: the
// byte-level BPE reads "The FBI" as The · F·B·I, so the head and model views draw whole words by
// default, a word's weight being the sum of its pieces' weights (shared/lm.ts groupMap), and the
// Pieces switch draws what the engine computes. A word reads (its row) as the mean of its pieces'
// rows in a model that reads both ways, and as its last piece in a left-to-right one (lesson 2).
// The query stays a token (the `token` attribute, the step view, the explanation): a word stands
// for its last piece when chosen, and a piece is shown as the word that holds it.

import type { ForwardRecord } from '../../engine/records';
import { groupMap, pieceGroups, wordGroups, type WordGroup } from '../shared/lm';
import type { Units } from './state';

/** What the head and model views draw for a record: its rows and columns as words or pieces. */
export interface FigureUnits {
  units: Units;
  /** The record with `tokens` the figure's labels and every map over them (the record itself for pieces). */
  record: ForwardRecord;
  groups: WordGroup[];
  /** The figure's row (word or piece) that holds token `token`. */
  indexOf(token: number): number;
  /** The token a row of the figure stands for when it is chosen (a word's last piece). */
  tokenOf(index: number): number;
}

const cache = new WeakMap<ForwardRecord, Map<string, FigureUnits>>();

/** The figure's units for `record` (one object per record and choice, so a map keeps its identity). */
export function figureUnits(record: ForwardRecord, units: Units, causal: boolean): FigureUnits {
  const key = `${units} ${causal}`;
  let byKey = cache.get(record);
  if (!byKey) cache.set(record, (byKey = new Map()));
  const kept = byKey.get(key);
  if (kept) return kept;
  const groups = units === 'words' ? wordGroups(record) : pieceGroups(record);
  const owner = new Int32Array(record.tokens.length).fill(-1);
  groups.forEach((g, i) => g.pieces.forEach((p) => (owner[p] = i)));
  const shown: ForwardRecord =
    units === 'pieces'
      ? record
      : {
          ...record,
          tokens: groups.map((g) => g.label),
          maps: record.maps.map((m) => groupMap(m, groups, causal ? 'last' : 'mean')),
        };
  const made: FigureUnits = {
    units,
    record: shown,
    groups,
    // A token no word holds (white space at the very end) is shown as the last word.
    indexOf: (token) => (owner[token] >= 0 ? owner[token] : Math.max(0, groups.length - 1)),
    tokenOf: (index) => groups[index]?.row ?? 0,
  };
  byKey.set(key, made);
  return made;
}
