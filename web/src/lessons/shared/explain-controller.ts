// Computes the "Does attention explain the output?" panel (explain-panel.ts) for a lesson, as a Lit
// reactive controller: given the record on screen, it asks the engine for a uniform-attention
// forward, the second seed's forward and the gradient x input of the explained word, and keeps the
// parts of the newest request only (a sentence typed meanwhile makes the older answers stale).
// Each lesson says what its output is and which row is explained (ExplainRequest).

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Importance } from '../../engine/protocol';
import { interventionJson } from '../../engine/intervention';
import { findTensor, type AttentionMap, type ForwardRecord } from '../../engine/records';
import { t } from '../../i18n';
import {
  SATURATED,
  argmax,
  matchHeads,
  meanRowDistance,
  softmax,
  spearman,
  totalVariation,
  wordImportance,
  type InputWord,
} from './explain';
import { wordGroups } from './lm';
import type { ExplainParts, HeadMatching } from './explain-panel';

/** What the controller needs of an engine (EngineClient, or a fake in tests). */
export interface ExplainEngine {
  forward(text: string, target?: string, intervention?: string, lane?: string): Promise<ForwardRecord>;
  importance(text: string, row: number, word: number, target?: string): Promise<Importance>;
}

export interface ExplainRequest {
  engine: ExplainEngine;
  /** The second seed's engine; null when none is shipped; 'loading' while it loads. */
  seedEngine: ExplainEngine | null | 'loading';
  labels: { first: string; second: string };
  text: string;
  /** Seq2Seq: the translation on screen, read by every run (teacher forcing) so rows compare. */
  target?: string;
  record: ForwardRecord;
  /** Which map the seeds compare and whose row the gradient is set against (index into maps). */
  mapIndex: number;
  /** The logits row of the explained word, and the map row that wrote it. */
  logitsRow: number;
  mapRow: number;
  /** Keys that row may read (a causal row: mapRow + 1); default every column. */
  keys?: number;
  /**
   * Several heads per layer (lesson 3): the other seed's head compared with the chosen one is the
   * one matched to it, not the one of the same number (seedPartner).
   */
  matchHeads?: boolean;
  /**
   * What "the output" of the uniform-attention sentence is, where the probability moved is measured:
   * the guess at `logitsRow` (lessons 2 and 3: the next piece, the masked or chosen token), or
   * `all`, every step that writes the translation (lesson 1, read with the same words).
   */
  measure?: 'all';
  /**
   * The record as the lesson draws its maps (lesson 1: with the start row s0; lesson 3: in whole
   * words or in pieces, as chosen); the two seeds' maps are drawn, paired and compared in it. It
   * keeps the maps' order (mapIndex). Default: the record itself.
   */
  drawn?: (record: ForwardRecord) => ForwardRecord;
  /** What `drawn` depends on besides the record ("words", "pieces"): a change recomputes the panel. */
  drawnKey?: string;
  /** The seed maps' axis titles, the lesson's own map's. */
  axes?: { rows: string; cols: string };
  /** The output as the student reads it ("la voiture rouge", "guess: criminal"). */
  describe(record: ForwardRecord): string;
  /** The word of an output id. */
  word(id: number): string;
}

/**
 * How far the output distributions of `a` and `b` are apart (total variation), at row `row` or, with
 * `all`, on average over every row both have; and over how many rows.
 */
function outputShift(a: ForwardRecord, b: ForwardRecord, row: number, all: boolean) {
  const la = findTensor(a, 'logits');
  const lb = findTensor(b, 'logits');
  if (!la || !lb) return { moved: 0, rows: 0 };
  const n = Math.min(la.rows, lb.rows);
  const rows = all ? Array.from({ length: n }, (_, i) => i) : row < n ? [row] : [];
  let s = 0;
  for (const i of rows)
    s += totalVariation(
      softmax(la.data.subarray(i * la.cols, (i + 1) * la.cols)),
      softmax(lb.data.subarray(i * lb.cols, (i + 1) * lb.cols)),
    );
  return { moved: rows.length ? s / rows.length : 0, rows: rows.length };
}

/**
 * The other seed's map to set against `record.maps[mapIndex]`, and its distance from it. One map
 * per model (lesson 1): the map of the same index. Several heads (`match`): head numbers are
 * arbitrary, so the heads of the chosen map's layer are paired between the two models by the
 * pairing of least total distance (matchHeads) and the chosen head is compared with its partner;
 * `matching` says which head matched which, and the distance by number. Null when the other
 * model's maps are not of the same shape.
 */
export function seedPartner(
  record: ForwardRecord,
  other: ForwardRecord,
  mapIndex: number,
  match: boolean,
): { map: AttentionMap; distance: number; matching?: HeadMatching } | null {
  const map = record.maps[mapIndex];
  if (!map) return null;
  const sameShape = (m: AttentionMap | undefined): m is AttentionMap =>
    !!m && m.rows === map.rows && m.cols === map.cols;
  const distance = (a: AttentionMap, b: AttentionMap) =>
    meanRowDistance(a.weights, b.weights, a.rows, a.cols);
  if (!match) {
    const theirs = other.maps[mapIndex];
    return sameShape(theirs) ? { map: theirs, distance: distance(map, theirs) } : null;
  }
  const layerOf = (r: ForwardRecord) =>
    r.maps.filter((m) => m.layer === map.layer).sort((a, b) => a.head - b.head);
  const mine = layerOf(record);
  const theirs = layerOf(other);
  if (mine.length !== theirs.length || !mine.every(sameShape) || !theirs.every(sameShape)) return null;
  const cost = mine.map((a) => theirs.map((b) => distance(a, b)));
  const k = mine.indexOf(map);
  const pairing = matchHeads(cost);
  const partner = pairing ? pairing[k] : k;
  return {
    map: theirs[partner],
    distance: cost[k][partner],
    matching: {
      layer: map.layer,
      head: map.head,
      match: theirs[partner].head,
      pairs: pairing ? pairing.map((j, i) => [mine[i].head, theirs[j].head] as [number, number]) : null,
      distances: pairing ? pairing.map((j, i) => cost[i][j]) : [],
      byNumber: cost[k][k],
    },
  };
}

/** The input's whole words (the tokenizer's pieces grouped as the lessons' word maps group them). */
const inputWords = (record: ForwardRecord): InputWord[] =>
  record.wordOf?.length === record.tokens.length // an Int32Array from the engine
    ? wordGroups(record).map((g) => ({ label: g.label, pieces: g.pieces }))
    : record.tokens.map((label, i) => ({ label, pieces: [i] }));
/** One word per column, for a map whose columns are not the input's tokens. */
const labelsOf = (map: AttentionMap): InputWord[] =>
  map.colLabels.map((label, i) => ({ label, pieces: [i] }));

const rowOf = (map: AttentionMap, row: number): number[] =>
  Array.from(map.weights.subarray(row * map.cols, (row + 1) * map.cols));

/**
 * The lanes of the panel's forwards (engine.ts: latest wins per lane). On the lesson's main lane,
 * the second of a pair (or the lesson's own next forward) replaced the first while the worker was
 * busy, and the part said "replaced by a newer request" (a fresh-clone CI run, df4c307).
 */
const EXPLAIN_LANE = 'explain';
const EXPLAIN_FREE_LANE = 'explain-free';

export class ExplainController implements ReactiveController {
  parts: ExplainParts = { uniform: null, seeds: null, importance: null };
  private ticket = 0;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {}
  hostDisconnected(): void {
    this.ticket++;
  }

  /** Starts computing the parts for `request`; older requests' answers are dropped. */
  update(request: ExplainRequest): void {
    const ticket = ++this.ticket;
    this.parts = { uniform: null, seeds: null, importance: null };
    this.host.requestUpdate();
    const set = (part: keyof ExplainParts, value: ExplainParts[keyof ExplainParts]) => {
      if (ticket !== this.ticket) return;
      this.parts = { ...this.parts, [part]: value };
      this.host.requestUpdate();
    };
    const failed = (part: keyof ExplainParts) => (error: unknown) =>
      set(part, { unavailable: error instanceof Error ? error.message : String(error) });
    const { engine, record, text, target, mapIndex } = request;
    const map = record.maps[mapIndex];
    if (!map) {
      const none = { unavailable: t('explain.noAttention') };
      this.parts = { uniform: none, seeds: none, importance: none };
      return;
    }
    // With a target (Seq2Seq): the probability moved is measured reading the same sentence
    // (forced, rows comparable), the output shown is what it writes when free.
    const uniform = interventionJson([{ op: 'uniform' }]);
    Promise.all([
      engine.forward(text, target, uniform, EXPLAIN_LANE),
      target === undefined ? null : engine.forward(text, undefined, uniform, EXPLAIN_FREE_LANE),
    ])
      .then(([forced, free]) => {
        set('uniform', {
          before: request.describe(record),
          after: request.describe(free ?? forced),
          ...outputShift(record, forced, request.logitsRow, request.measure === 'all'),
          all: request.measure === 'all',
        });
      })
      .catch(failed('uniform'));
    const seedEngine = request.seedEngine;
    const drawn = request.drawn ?? ((r: ForwardRecord) => r);
    if (!seedEngine) set('seeds', { unavailable: t('explain.seedsMissing') });
    else if (seedEngine !== 'loading')
      // With a target (Seq2Seq) the other seed reads the same translation, so its map's rows are
      // the same steps; what it writes itself is a free run of its own.
      Promise.all([
        seedEngine.forward(text, target, undefined, EXPLAIN_LANE),
        target === undefined ? null : seedEngine.forward(text, undefined, undefined, EXPLAIN_FREE_LANE),
      ])
        .then(([other, free]) => {
          const mine = drawn(record);
          const partner = seedPartner(mine, drawn(other), mapIndex, request.matchHeads === true);
          if (!partner) return set('seeds', { unavailable: t('explain.seedsMissing') });
          set('seeds', {
            first: { label: request.labels.first, map: mine.maps[mapIndex] },
            second: { label: request.labels.second, map: partner.map },
            distance: partner.distance,
            matching: partner.matching,
            outputs: { first: request.describe(record), second: request.describe(free ?? other) },
            axes: request.axes,
          });
        })
        .catch(failed('seeds'));
    const logits = findTensor(record, 'logits');
    if (!logits) return set('importance', { unavailable: t('explain.noAttention') });
    const word = argmax(
      logits.data.subarray(request.logitsRow * logits.cols, (request.logitsRow + 1) * logits.cols),
    );
    engine
      .importance(text, request.logitsRow, word, target)
      .then((imp) => {
        const attention = rowOf(map, request.mapRow);
        // The map's columns are the input's tokens: grouped into whole words (pieces summed).
        const words = map.cols === record.tokens.length ? inputWords(record) : labelsOf(map);
        const compared = wordImportance(words, attention, imp.perToken, request.keys ?? attention.length);
        const probability = Math.exp(imp.logP);
        const saturated = probability >= SATURATED;
        set('importance', {
          word: request.word(word),
          probability,
          ...compared,
          rho: saturated ? null : spearman(compared.attention, compared.gradient),
          saturated,
          top: { attention: argmax(compared.attention), gradient: argmax(compared.gradient) },
        });
      })
      .catch(failed('importance'));
  }
}
