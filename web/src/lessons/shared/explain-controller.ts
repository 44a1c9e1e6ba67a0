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
import { argmax, meanRowDistance, softmax, spearman, totalVariation } from './explain';
import type { ExplainParts } from './explain-panel';

/** What the controller needs of an engine (EngineClient, or a fake in tests). */
export interface ExplainEngine {
  forward(text: string, target?: string, intervention?: string): Promise<ForwardRecord>;
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
  /** The output as the student reads it ("la voiture rouge", "guess: criminal"). */
  describe(record: ForwardRecord): string;
  /**
   * The map the seeds' maps show, as the lesson draws it (lesson 1 adds the start row s₀); default
   * the trace's map `mapIndex`.
   */
  seedMap?(record: ForwardRecord): AttentionMap | null;
  /** The axis names of the lesson's own map, for the seeds' maps. */
  axes?: { rows: string; cols: string };
  /** The word of an output id. */
  word(id: number): string;
}

const meanOutputShift = (a: ForwardRecord, b: ForwardRecord): number => {
  const la = findTensor(a, 'logits');
  const lb = findTensor(b, 'logits');
  if (!la || !lb) return 0;
  const rows = Math.min(la.rows, lb.rows);
  let s = 0;
  for (let i = 0; i < rows; i++)
    s += totalVariation(
      softmax(la.data.subarray(i * la.cols, (i + 1) * la.cols)),
      softmax(lb.data.subarray(i * lb.cols, (i + 1) * lb.cols)),
    );
  return rows ? s / rows : 0;
};

const rowOf = (map: AttentionMap, row: number): number[] =>
  Array.from(map.weights.subarray(row * map.cols, (row + 1) * map.cols));

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
      engine.forward(text, target, uniform),
      target === undefined ? null : engine.forward(text, undefined, uniform),
    ]).then(([forced, free]) => {
      set('uniform', {
        before: request.describe(record),
        after: request.describe(free ?? forced),
        moved: meanOutputShift(record, forced),
      });
    }, failed('uniform'));
    const seedEngine = request.seedEngine;
    if (!seedEngine) set('seeds', { unavailable: t('explain.seedsMissing') });
    else if (seedEngine !== 'loading')
      // Its map reads this model's output (target), so rows compare; its own output is its free run.
      Promise.all([
        seedEngine.forward(text, target),
        target === undefined ? null : seedEngine.forward(text),
      ]).then(([other, free]) => {
        const shown = (r: ForwardRecord) => (request.seedMap ? request.seedMap(r) : r.maps[mapIndex]);
        const mine = shown(record);
        const theirs = shown(other);
        if (!mine || !theirs || theirs.rows !== mine.rows || theirs.cols !== mine.cols)
          return set('seeds', { unavailable: t('explain.seedsMissing') });
        set('seeds', {
          first: { label: request.labels.first, map: mine, output: request.describe(record) },
          second: { label: request.labels.second, map: theirs, output: request.describe(free ?? other) },
          distance: meanRowDistance(mine.weights, theirs.weights, mine.rows, mine.cols),
          axes: request.axes,
        });
      }, failed('seeds'));
    const logits = findTensor(record, 'logits');
    if (!logits) return set('importance', { unavailable: t('explain.noAttention') });
    const word = argmax(
      logits.data.subarray(request.logitsRow * logits.cols, (request.logitsRow + 1) * logits.cols),
    );
    engine.importance(text, request.logitsRow, word, target).then((imp) => {
      const attention = rowOf(map, request.mapRow);
      const gradient = imp.perToken.map(Math.abs);
      const n = Math.min(request.keys ?? attention.length, attention.length, gradient.length);
      set('importance', {
        word: request.word(word),
        tokens: map.colLabels.slice(0, n),
        attention: attention.slice(0, n),
        gradient: gradient.slice(0, n),
        rho: spearman(attention.slice(0, n), gradient.slice(0, n)),
      });
    }, failed('importance'));
  }
}
