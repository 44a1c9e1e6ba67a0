// Setting a cell's weight continuously on a `pinnable` attention map (issue 15: "click or drag a
// cell"): press on a cell and drag up to raise its weight, down to lower it; on the keyboard,
// Shift+↑ / Shift+↓ (or + and −) on the cursor's cell change it by WEIGHT_STEP. Either way the map
// fires `attnlab-pin` with a `weight` (attention-map-edits.ts), which the lesson sets exactly; the
// engine renormalizes what the student did not set. A press that does not move is a click (a pin).
// Pure arithmetic plus a small state holder; the element (attention-map.ts) wires the events.

import type { Cell } from './attention-map-edits';

/** px of vertical drag that take a weight across the whole range 0..1. */
export const DRAG_PX_FOR_ONE = 150;
/** px a press must move before it is a drag rather than a click. */
export const DRAG_THRESHOLD_PX = 4;
/** What one key press adds or takes away. */
export const WEIGHT_STEP = 0.05;

/** A weight kept in 0..1 at two decimals (the link stays short). */
export const clampWeight = (w: number): number => Math.round(Math.min(1, Math.max(0, w)) * 100) / 100;

/** The weight after dragging `up` px upwards (negative: downwards) from a cell that had `start`. */
export const dragWeight = (start: number, up: number): number => clampWeight(start + up / DRAG_PX_FOR_ONE);

/** What a key does to the cursor's weight: +WEIGHT_STEP, -WEIGHT_STEP, or null (not a weight key). */
export function weightKey(event: { key: string; shiftKey: boolean }): number | null {
  if (event.key === '+' || event.key === '=' || (event.shiftKey && event.key === 'ArrowUp'))
    return WEIGHT_STEP;
  if (event.key === '-' || event.key === '−' || (event.shiftKey && event.key === 'ArrowDown'))
    return -WEIGHT_STEP;
  return null;
}

interface Press {
  cell: Cell;
  pointerId: number;
  startY: number;
  start: number;
  last: number;
  moved: boolean;
}

/**
 * One pointer press on a cell: `down` remembers the cell and its weight, `move` returns the weight
 * once the pointer has moved (calling `set` each time it changes), `up` ends it. `takeClick` tells
 * the click that follows a drag not to pin as well. The keyboard's weight is remembered per cell
 * (`keyed`) so fast presses add up before the engine has answered.
 */
export class CellDrag {
  private pressing: Press | null = null;
  private dragged = false;
  private keyed: { cell: Cell; weight: number } | null = null;
  private target: Element | null = null;

  constructor(private readonly set: (cell: Cell, weight: number) => void) {}

  get active(): boolean {
    return !!this.pressing?.moved;
  }

  get cell(): Cell | null {
    return this.pressing?.cell ?? null;
  }

  down(cell: Cell, pointerId: number, clientY: number, weight: number): void {
    this.pressing = {
      cell,
      pointerId,
      startY: clientY,
      start: weight,
      last: clampWeight(weight),
      moved: false,
    };
    this.dragged = false;
  }

  move(pointerId: number, clientY: number): number | null {
    const p = this.pressing;
    if (!p || p.pointerId !== pointerId) return null;
    const up = p.startY - clientY;
    if (!p.moved && Math.abs(up) < DRAG_THRESHOLD_PX) return null;
    p.moved = true;
    const weight = dragWeight(p.start, up);
    if (weight !== p.last) {
      p.last = weight;
      this.set(p.cell, weight);
    }
    return weight;
  }

  /** pointerdown on `cell` (drawn with `weight`), on the SVG or canvas that holds it. */
  press(event: PointerEvent, cell: Cell, weight: number): void {
    this.down(cell, event.pointerId, event.clientY, weight);
    this.target = event.currentTarget instanceof Element ? event.currentTarget : null;
  }

  /**
   * pointermove: the cell being dragged (its weight sent), or null when this is no drag. The
   * pointer is captured once the press is a drag, not at the press: a click must still land on
   * its cell.
   */
  dragging(event: PointerEvent): Cell | null {
    if (this.move(event.pointerId, event.clientY) === null && !this.active) return null;
    if (this.target && !this.target.hasPointerCapture?.(event.pointerId))
      this.target.setPointerCapture?.(event.pointerId);
    return this.cell;
  }

  /** keydown on a map whose cursor is on `cell`, drawn with `shown`: true when it was a weight key. */
  keyDown(event: KeyboardEvent, cell: Cell, shown: number): boolean {
    const delta = weightKey(event);
    if (delta === null) return false;
    event.preventDefault();
    this.key(cell, shown, delta);
    return true;
  }

  up(): void {
    if (this.pressing?.moved) this.dragged = true;
    this.pressing = null;
  }

  /** False right after a drag (its click is the drag's end); true for a plain click. */
  takeClick(): boolean {
    const plain = !this.dragged;
    this.dragged = false;
    return plain;
  }

  /** A weight key on `cell` whose weight is drawn as `shown`: the new weight, sent with `set`. */
  key(cell: Cell, shown: number, delta: number): number {
    const same = this.keyed && this.keyed.cell[0] === cell[0] && this.keyed.cell[1] === cell[1];
    const weight = clampWeight((same ? this.keyed!.weight : shown) + delta);
    this.keyed = { cell, weight };
    this.set(cell, weight);
    return weight;
  }

  /** The cursor moved: the next key starts from the drawn weight. */
  forgetKey(): void {
    this.keyed = null;
  }

  /**
   * The pins changed: a key's weight is remembered only while its cell is still pinned (a Reset,
   * a removed change or a new sentence start again from the drawn weight). A new map alone does not
   * forget it: the engine's answer to an earlier key may arrive between two presses.
   */
  keepIfPinned(pins: readonly Cell[]): void {
    const k = this.keyed;
    if (k && !pins.some(([r, c]) => r === k.cell[0] && c === k.cell[1])) this.keyed = null;
  }
}
