// Setting a cell's weight by dragging or with Shift+arrow (issue 15, "click or drag a cell"): the
// arithmetic of a drag and a key (figures/attention-map-drag.ts), the transition that sets a pin
// to an exact weight while keeping the row's other pins under 1 (intervention-state.ts setPin),
// its text form in the `intervene` attribute (old links still read the same), and the engine
// renormalizing the rest of the row on the real WASM module.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import { formatEdits, interventionJson, parseEdits, type Edit } from '../../web/src/engine/intervention';
import { setPin, togglePin } from '../../web/src/lessons/shared/intervention-state';
import {
  CellDrag,
  DRAG_PX_FOR_ONE,
  WEIGHT_STEP,
  clampWeight,
  dragWeight,
  weightKey,
} from '../../web/src/figures/attention-map-drag';
import { mapWithStart } from '../../web/src/lessons/seq2seq/view-model';
import { workerClientForSuite } from './support/in-process-worker';
import { repoRoot } from './support/wasm-node';

const sum = (edits: Edit[], row: number) =>
  edits.reduce((s, e) => s + (e.op === 'pin' && e.row === row ? (e.weight ?? 1) : 0), 0);

describe('a drag and a key set a weight', () => {
  it('dragging up raises the weight, down lowers it, kept in 0..1 at two decimals', () => {
    expect(dragWeight(0.2, DRAG_PX_FOR_ONE / 2)).toBe(0.7);
    expect(dragWeight(0.2, -DRAG_PX_FOR_ONE)).toBe(0);
    expect(dragWeight(0.9, DRAG_PX_FOR_ONE)).toBe(1);
    expect(dragWeight(0.123456, 1)).toBe(clampWeight(0.123456 + 1 / DRAG_PX_FOR_ONE));
    expect(clampWeight(0.1 + 0.2)).toBe(0.3);
  });

  it('Shift+↑/↓ and +/− are weight keys; plain arrows move the cursor', () => {
    expect(weightKey({ key: 'ArrowUp', shiftKey: true })).toBe(WEIGHT_STEP);
    expect(weightKey({ key: 'ArrowDown', shiftKey: true })).toBe(-WEIGHT_STEP);
    expect(weightKey({ key: '+', shiftKey: true })).toBe(WEIGHT_STEP);
    expect(weightKey({ key: '-', shiftKey: false })).toBe(-WEIGHT_STEP);
    expect(weightKey({ key: 'ArrowUp', shiftKey: false })).toBeNull();
    expect(weightKey({ key: 'Enter', shiftKey: false })).toBeNull();
  });

  it('a press that does not move is a click; a drag sends each new weight once and eats its click', () => {
    const sent: [number, number, number][] = [];
    const drag = new CellDrag(([r, c], w) => sent.push([r, c, w]));
    drag.down([2, 1], 7, 300, 0.4);
    expect(drag.move(7, 302)).toBeNull(); // under the threshold
    drag.up();
    expect(drag.takeClick()).toBe(true);
    expect(sent).toEqual([]);

    drag.down([2, 1], 7, 300, 0.4);
    expect(drag.move(8, 200)).toBeNull(); // another pointer
    expect(drag.move(7, 300 - DRAG_PX_FOR_ONE * 0.3)).toBe(0.7);
    expect(drag.move(7, 300 - DRAG_PX_FOR_ONE * 0.3)).toBe(0.7); // same weight: not sent again
    expect(drag.move(7, 300 + DRAG_PX_FOR_ONE)).toBe(0);
    drag.up();
    expect(sent).toEqual([
      [2, 1, 0.7],
      [2, 1, 0],
    ]);
    expect(drag.takeClick()).toBe(false);
    expect(drag.takeClick()).toBe(true);
  });

  it('keys add up on one cell before the engine answers, and start again on another', () => {
    const sent: number[] = [];
    const drag = new CellDrag((_, w) => sent.push(w));
    drag.key([1, 1], 0.3, WEIGHT_STEP);
    drag.key([1, 1], 0.3, WEIGHT_STEP); // the map still draws 0.3
    drag.key([1, 2], 0.5, -WEIGHT_STEP);
    drag.forgetKey();
    drag.key([1, 2], 0.9, WEIGHT_STEP);
    // The pins changed but the cell is still pinned: the next key goes on from 1.
    drag.keepIfPinned([[1, 2]]);
    drag.key([1, 2], 0.9, WEIGHT_STEP);
    // Reset: no pin any more, so the drawn weight counts again.
    drag.keepIfPinned([]);
    drag.key([1, 2], 0.2, -WEIGHT_STEP);
    expect(sent).toEqual([0.35, 0.4, 0.45, 0.95, 1, 0.15]);
  });
});

describe('setPin: an exact weight, the row’s other pins kept under 1', () => {
  it('sets, sets again (no toggle), and keeps its place in the list', () => {
    let edits: Edit[] = [{ op: 'uniform', layer: 1 }];
    edits = setPin(edits, { layer: 0, head: 1, row: 3, key: 2, weight: 0.4 });
    edits = setPin(edits, { layer: 0, head: 1, row: 3, key: 2, weight: 0.4 });
    expect(edits).toEqual([
      { op: 'uniform', layer: 1 },
      { op: 'pin', layer: 0, head: 1, row: 3, key: 2, weight: 0.4 },
    ]);
    edits = [...edits, { op: 'mask', token: 0 }];
    edits = setPin(edits, { layer: 0, head: 1, row: 3, key: 2, weight: 1 });
    expect(edits[1]).toEqual({ op: 'pin', layer: 0, head: 1, row: 3, key: 2 });
    expect(edits[2]).toEqual({ op: 'mask', token: 0 });
    // togglePin (a click) still removes the same pin.
    expect(togglePin(edits, { layer: 0, head: 1, row: 3, key: 2, weight: 1 })).toHaveLength(2);
  });

  it('a row set cell by cell: other pins stay, and shrink together when they would pass 1', () => {
    let edits: Edit[] = [];
    edits = setPin(edits, { row: 2, key: 0, weight: 0.3 });
    edits = setPin(edits, { row: 2, key: 1, weight: 0.5 });
    edits = setPin(edits, { row: 4, key: 1, weight: 0.9 }); // another row: untouched below
    expect(sum(edits, 2)).toBeCloseTo(0.8, 9);
    edits = setPin(edits, { row: 2, key: 3, weight: 0.6 });
    // 0.3 and 0.5 share 0.4: 0.15 and 0.25.
    expect(edits.filter((e) => e.op === 'pin' && e.row === 2)).toEqual([
      { op: 'pin', row: 2, key: 0, weight: 0.15 },
      { op: 'pin', row: 2, key: 1, weight: 0.25 },
      { op: 'pin', row: 2, key: 3, weight: 0.6 },
    ]);
    expect(sum(edits, 2)).toBeLessThanOrEqual(1);
    expect(sum(edits, 4)).toBe(0.9);
    // Dragged to 1: the others give way entirely.
    edits = setPin(edits, { row: 2, key: 3, weight: 1 });
    expect(edits.filter((e) => e.op === 'pin' && e.row === 2)).toEqual([{ op: 'pin', row: 2, key: 3 }]);
    // Another map's pins on the same row number are not this row.
    const heads = setPin([{ op: 'pin', layer: 0, head: 0, row: 1, key: 0 }], {
      layer: 0,
      head: 1,
      row: 1,
      key: 1,
      weight: 0.5,
    });
    expect(heads).toHaveLength(2);
  });

  it('rounding never lets a row pass 1 (what the engine would refuse)', () => {
    let edits: Edit[] = [];
    for (const [key, weight] of [
      [0, 0.33],
      [1, 0.33],
      [2, 0.33],
    ])
      edits = setPin(edits, { row: 1, key, weight });
    edits = setPin(edits, { row: 1, key: 3, weight: 0.37 });
    expect(sum(edits, 1)).toBeLessThanOrEqual(1 + 1e-12);
    edits = setPin(edits, { row: 1, key: 4, weight: 0.77 });
    expect(sum(edits, 1)).toBeLessThanOrEqual(1 + 1e-12);
  });

  it('its text form is the pin form links already carry (pin_R3K1_0.35), read back the same', () => {
    const edits = setPin([], { row: 2, key: 0, weight: 0.35 });
    expect(formatEdits(edits, 1)).toBe('pin_R3K1_0.35');
    expect(parseEdits('pin_R3K1_0.35', 1).edits).toEqual(edits);
    // An old link: a click's pin with weight 1 and 0.5.
    expect(parseEdits('pin_R3K1 pin_L2H1R3K1_0.5', 1).edits).toEqual([
      { op: 'pin', row: 2, key: 0 },
      { op: 'pin', layer: 1, head: 0, row: 2, key: 0, weight: 0.5 },
    ]);
  });
});

describe('on the real engine: the weight set, the rest of the row renormalized', () => {
  const client = workerClientForSuite();

  it('two cells of one decoder row set by hand, the others keep their proportions', async () => {
    const dir = path.join(repoRoot, 'models', 'seq2seq-additive');
    const engine = client();
    await engine.load(
      fs.readFileSync(path.join(dir, 'config.json'), 'utf8'),
      fs.readFileSync(path.join(dir, 'model.safetensors')),
      fs.readFileSync(path.join(dir, 'card.json'), 'utf8'),
    );
    const text = 'the red car is fast .';
    const plain = await engine.forward(text);
    const target = plain.outputTokens.join(' ');
    let edits: Edit[] = setPin([], { row: 2, key: 1, weight: 0.35 });
    edits = setPin(edits, { row: 2, key: 3, weight: 0.25 });
    const edited = await engine.forward(text, target, interventionJson(edits));
    // Rows as the lesson's map counts them (row 0 the start s_0), as the intervention does.
    const row = (record: typeof plain, r: number) => {
      const map = mapWithStart(record)!;
      return Array.from(map.weights.subarray(r * map.cols, (r + 1) * map.cols));
    };
    const before = row(plain, 2);
    const after = row(edited, 2);
    expect(after[1]).toBeCloseTo(0.35, 5);
    expect(after[3]).toBeCloseTo(0.25, 5);
    expect(after.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    const rest = before.reduce((s, w, k) => (k === 1 || k === 3 ? s : s + w), 0);
    for (const k of [0, 2, 4, 5]) expect(after[k]).toBeCloseTo((before[k] / rest) * 0.4, 5);
    // Another row is the model's own (forced on the same words, before the edited step).
    expect(row(edited, 1)).toEqual(row(plain, 1));
  });
});
