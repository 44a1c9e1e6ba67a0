// The page's first view (web/src/components/first-view-model.ts): the three lessons' trained
// models read one sentence in the real WASM module; each card's map is the lesson's own slice of
// the trace, every row sums to 1, and the notes' counts (previous-token rows, nothing above the
// diagonal) hold for the maps drawn.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The i18n module (map titles) reads the browser's languages when it loads; this Node has no navigator.
vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import { toForwardRecord } from '../../web/src/engine/convert';
import { mapProblems, type AttentionMap, type ForwardRecord } from '../../web/src/engine/records';
import type { Session } from '../../web/src/engine/wasm-types';
import {
  FIRST_CARDS,
  FIRST_SENTENCE,
  previousTokenRows,
  rowsLookingAhead,
} from '../../web/src/components/first-view-model';
import { MODEL_REGISTRY } from '../../web/src/lessons/shared/models';
import { loadWasm, repoRoot } from './support/wasm-node';

const grid = (rows: number[][]): AttentionMap => ({
  name: 'test',
  layer: 0,
  head: 0,
  rows: rows.length,
  cols: rows[0].length,
  rowLabels: rows.map((_, i) => `r${i}`),
  colLabels: rows[0].map((_, i) => `c${i}`),
  scores: new Float32Array(rows.flat()),
  weights: new Float32Array(rows.flat()),
  editedRows: [],
});

describe('first view: counts under the maps', () => {
  it('previousTokenRows counts rows after the first whose largest weight is on the column before', () => {
    const map = grid([
      [1, 0, 0],
      [0.9, 0.1, 0],
      [0.1, 0.2, 0.7],
    ]);
    expect(previousTokenRows(map)).toBe(1);
  });
  it('rowsLookingAhead counts rows with weight above the diagonal', () => {
    expect(
      rowsLookingAhead(
        grid([
          [1, 0],
          [0.5, 0.5],
        ]),
      ),
    ).toBe(0);
    expect(
      rowsLookingAhead(
        grid([
          [0.5, 0.5],
          [0.5, 0.5],
        ]),
      ),
    ).toBe(1);
  });
});

describe('first view: the three trained models read one sentence', () => {
  const sessions: Session[] = [];
  const records: ForwardRecord[] = [];

  beforeAll(async () => {
    const module = await loadWasm();
    for (const card of FIRST_CARDS) {
      const dir = path.join(repoRoot, 'models', card.model.folder);
      const read = (file: string) => fs.readFileSync(path.join(dir, file));
      const session = new module.Session();
      sessions.push(session);
      const status = session.load(
        read('config.json').toString('utf8'),
        new Uint8Array(read('model.safetensors')),
        read('card.json').toString('utf8'),
      );
      if (!status.ok) throw new Error(`${card.model.folder}: ${status.error}`);
      const raw = session.forward(FIRST_SENTENCE);
      if (!raw.ok) throw new Error(`${card.model.folder}: forward failed`);
      records.push(toForwardRecord(raw));
    }
  });
  afterAll(() => sessions.forEach((s) => s.delete()));

  it('uses each lesson’s first (default, trained) model from the registry', () => {
    expect(FIRST_CARDS.map((c) => [c.lesson, c.model])).toEqual(
      FIRST_CARDS.map((c) => [c.lesson, MODEL_REGISTRY[c.lesson].models[0]]),
    );
    for (const card of FIRST_CARDS) {
      const meta = JSON.parse(
        fs.readFileSync(path.join(repoRoot, 'models', card.model.folder, 'card.json'), 'utf8'),
      ) as { metrics?: Record<string, unknown> };
      expect(Object.keys(meta.metrics ?? {}).length).toBeGreaterThan(0);
    }
  });

  it('slices a map whose rows sum to 1 from each record', () => {
    FIRST_CARDS.forEach((card, i) => {
      const map = card.slice(records[i]);
      expect(map, card.lesson).not.toBeNull();
      expect(mapProblems(map!, 1e-4)).toEqual([]);
    });
  });

  it('lesson 1: s0 and the French words over the English words; lesson 2: words, left to right', () => {
    const s2s = FIRST_CARDS[0].slice(records[0])!;
    expect(s2s.colLabels).toEqual(FIRST_SENTENCE.split(' '));
    expect(s2s.rows).toBe(records[0].maps[0].rows + 1);
    const lm = FIRST_CARDS[1].slice(records[1])!;
    expect(lm.rowLabels).toEqual(FIRST_SENTENCE.split(' '));
    expect(rowsLookingAhead(lm)).toBe(0);
  });

  it('lesson 3: layer 2 head 1 reads the token before in most rows of this sentence', () => {
    const card = FIRST_CARDS[2];
    const map = card.slice(records[2])!;
    expect([map.layer, map.head]).toEqual([card.layer, card.head]);
    expect(previousTokenRows(map)).toBeGreaterThanOrEqual(Math.floor(0.9 * (map.rows - 1)));
  });
});
