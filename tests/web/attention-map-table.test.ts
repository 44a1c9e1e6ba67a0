// The screen-reader table of a streaming attention map (web/src/figures/attention-map-table.ts):
// while the training lab redraws a map several times a second, the table's numbers follow at most
// once a second; new labels and the end of streaming reach it at once; a map that does not
// stream is always the table's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TABLE_EVERY_MS, TableFollower } from '../../web/src/figures/attention-map-table';
import type { AttentionMap } from '../../web/src/engine/records';

const mapOf = (labels: string[], w: number): AttentionMap =>
  ({
    name: 'm',
    layer: 0,
    head: 0,
    rows: labels.length,
    cols: labels.length,
    rowLabels: labels,
    colLabels: labels,
    weights: new Float32Array(labels.length * labels.length).fill(w),
  }) as unknown as AttentionMap;

describe('TableFollower', () => {
  let clock = 0;
  let updates = 0;
  let follower: TableFollower;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
    updates = 0;
    follower = new TableFollower(
      () => updates++,
      () => clock,
    );
  });
  afterEach(() => {
    follower.stop();
    vi.useRealTimers();
  });

  it('takes every map at once when the map does not stream', () => {
    for (let i = 0; i < 5; i++) {
      const m = mapOf(['a', 'b'], i);
      clock += 10;
      follower.follow(m, false);
      expect(follower.map).toBe(m);
    }
  });

  it('holds back new numbers while streaming, then catches up within a second', () => {
    const first = mapOf(['a', 'b'], 0);
    follower.follow(first, true);
    expect(follower.map).toBe(first);
    clock += 200;
    const second = mapOf(['a', 'b'], 1);
    follower.follow(second, true);
    expect(follower.map).toBe(first); // the table keeps the numbers it shows
    vi.advanceTimersByTime(TABLE_EVERY_MS - 200);
    expect(updates).toBe(1); // the element is asked to render again when the wait is over
    clock += TABLE_EVERY_MS - 200;
    follower.follow(second, true);
    expect(follower.map).toBe(second);
  });

  it('takes a map with other labels (another example) at once, streaming or not', () => {
    follower.follow(mapOf(['a', 'b'], 0), true);
    clock += 50;
    const other = mapOf(['x', 'y', 'z'], 0);
    follower.follow(other, true);
    expect(follower.map).toBe(other);
  });

  it('brings the table up to date as soon as streaming stops', () => {
    follower.follow(mapOf(['a', 'b'], 0), true);
    clock += 50;
    const latest = mapOf(['a', 'b'], 1);
    follower.follow(latest, true);
    expect(follower.map).not.toBe(latest);
    follower.follow(latest, false);
    expect(follower.map).toBe(latest);
    vi.advanceTimersByTime(2 * TABLE_EVERY_MS);
    expect(updates).toBe(0); // the held-back render was cancelled
  });
});
