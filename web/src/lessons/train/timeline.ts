// What a run keeps to be looked at again (pure, tests/web/train-timeline.test.ts): the snapshots the
// worker sends (steps, held-out metrics, one example's map), on a timeline the student scrubs back
// through, and the curves drawn from them and from the per-step losses.

import type { LabExample, LabMetrics } from '../../engine/lab-protocol';
import type { AttentionMap } from '../../engine/records';

export interface Snapshot {
  steps: number;
  metrics: LabMetrics;
  example: LabExample | null;
}

/** Snapshots a run keeps; past that, every other one of the older half is dropped. */
export const MAX_SNAPSHOTS = 400;
/** Points a curve draws at most (a long run's 20,000 losses are averaged down to these). */
export const MAX_CURVE_POINTS = 200;

/**
 * The timeline with `snapshot` added. A snapshot of the same step replaces the last one (a pause, or
 * another example chosen, looks at the same model again). The first ("before training") is always
 * kept; when the timeline is full the older half is thinned, so a long run keeps its whole history.
 */
export function addSnapshot(
  timeline: readonly Snapshot[],
  snapshot: Snapshot,
  cap = MAX_SNAPSHOTS,
): Snapshot[] {
  const last = timeline[timeline.length - 1];
  const next =
    last && last.steps === snapshot.steps ? [...timeline.slice(0, -1), snapshot] : [...timeline, snapshot];
  if (next.length <= cap) return next;
  const half = Math.floor(next.length / 2);
  return [...next.slice(0, half).filter((_, i) => i % 2 === 0), ...next.slice(half)];
}

/** The last snapshot taken at or before `steps` (null before the first). */
export function snapshotAt(timeline: readonly Snapshot[], steps: number): Snapshot | null {
  let found: Snapshot | null = null;
  for (const s of timeline) {
    if (s.steps > steps) break;
    found = s;
  }
  return found;
}

/** Exponential moving average (the loss of one batch is noisy): s_t = a s_{t-1} + (1 - a) x_t, debiased. */
export function smooth(values: readonly number[], a = 0.95): number[] {
  const out: number[] = [];
  let s = 0;
  let weight = 0;
  for (const x of values) {
    if (!Number.isFinite(x)) {
      out.push(out.length ? out[out.length - 1] : Number.NaN);
      continue;
    }
    s = a * s + (1 - a) * x;
    weight = a * weight + (1 - a);
    out.push(s / weight);
  }
  return out;
}

export interface Point {
  x: number;
  y: number;
}

/** At most `max` points: consecutive points averaged in equal groups, each drawn at its last x (so the curve ends at the last step). */
export function downsample(points: readonly Point[], max = MAX_CURVE_POINTS): Point[] {
  if (points.length <= max) return [...points];
  const group = Math.ceil(points.length / max);
  const out: Point[] = [];
  for (let i = 0; i < points.length; i += group) {
    const chunk = points.slice(i, i + group);
    out.push({
      x: chunk[chunk.length - 1].x,
      y: chunk.reduce((sum, p) => sum + p.y, 0) / chunk.length,
    });
  }
  return out;
}

/** The smoothed loss of every step taken (losses[i] is step i + 1), ready to draw. */
export const lossCurve = (losses: readonly number[]): Point[] =>
  downsample(smooth(losses).map((y, i) => ({ x: i + 1, y })));

/** Held-out exact match and alignment miss rate at each snapshot (the miss rate: attention only). */
export function metricCurves(timeline: readonly Snapshot[]): {
  exactMatch: Point[];
  alignmentError: Point[];
} {
  const exactMatch = timeline.map((s) => ({ x: s.steps, y: s.metrics.exactMatch }));
  const alignmentError = timeline.flatMap((s) =>
    s.metrics.alignmentError === null ? [] : [{ x: s.steps, y: s.metrics.alignmentError }],
  );
  return { exactMatch: downsample(exactMatch), alignmentError: downsample(alignmentError) };
}

/**
 * One of the example's attention maps (`index` into its maps: a Transformer has one per layer and
 * head) with the source words as column labels, and its gold links as [row, col] cells (Seq2Seq:
 * row a target word, col a source word; recall and mirror: row the position reading, col the
 * position read). Null for a model without attention.
 */
export function exampleMap(
  example: LabExample | null,
  index = 0,
): { map: AttentionMap; gold: [number, number][] } | null {
  const map = example?.record.maps[index] ?? example?.record.maps[0];
  if (!example || !map) return null;
  const colLabels = map.colLabels.length === map.cols ? map.colLabels : example.source.slice(0, map.cols);
  const gold = example.gold
    .filter(([col, row]) => col < map.cols && row < map.rows)
    .map(([col, row]) => [row, col] as [number, number]);
  return { map: { ...map, colLabels }, gold };
}

/**
 * Of the rows with a gold cell, how many put their strongest weight on one of them (`hit`), and
 * how many such rows there are (`rows`). A row may have several gold cells (sort: every source copy
 * of its symbol is right), so the count is by rows, as the engine's alignment error counts
 * (cpp/train/translate.cpp: 1 - gold_rows_hit / gold_rows).
 */
export function goldHitCounts(
  map: AttentionMap,
  gold: readonly [number, number][],
): { hit: number; rows: number } {
  const cellsOf = new Map<number, Set<number>>();
  for (const [row, col] of gold) {
    if (!cellsOf.has(row)) cellsOf.set(row, new Set());
    cellsOf.get(row)!.add(col);
  }
  let hit = 0;
  for (const [row, cols] of cellsOf) {
    let best = 0;
    for (let c = 1; c < map.cols; c++)
      if (map.weights[row * map.cols + c] > map.weights[row * map.cols + best]) best = c;
    if (cols.has(best)) hit++;
  }
  return { hit, rows: cellsOf.size };
}

/** The fraction of rows with a gold cell whose strongest weight lies on one (1: the map is the alignment). */
export function goldHits(map: AttentionMap, gold: readonly [number, number][]): number {
  const { hit, rows } = goldHitCounts(map, gold);
  return rows ? hit / rows : 0;
}
