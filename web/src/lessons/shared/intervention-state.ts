// A lesson's intervention as state and its transitions, pure (no DOM, no engine): what the student
// changed in the model's attention (engine/intervention.ts's edits, 0-based), and what a click, a
// toggle or a keystroke does to that list. Every transition returns a new list; the controller
// (intervention-controller.ts) holds it, runs the edited forward and writes the text form to the
// lesson's `intervene` attribute. Unit-tested in tests/web/intervention-state.test.ts.

import type { Edit } from '../../engine/intervention';

/** One (layer, head) map: a lesson with one map uses layer 0, head 0 (the engine's default). */
export interface MapRef {
  layer?: number;
  head?: number;
}

/** A cell the student pinned: `row` reads `key` with `weight` (the other keys share the rest). */
export interface PinRef extends MapRef {
  row: number;
  key: number;
  weight?: number;
}

/** The weights a pin can give (1: the row reads only that token; 0: the row skips it). */
export const PIN_WEIGHTS = [1, 0.5, 0] as const;
/** The temperatures the lessons offer (1 = as trained). */
export const TEMPERATURES = [0.25, 0.5, 1, 2, 4] as const;

const layerOf = (e: MapRef) => e.layer ?? 0;
const headOf = (e: MapRef) => e.head ?? 0;
const sameMap = (a: MapRef, b: MapRef) => layerOf(a) === layerOf(b) && headOf(a) === headOf(b);
/** Same scope of a scope-able op (uniform, temperature): undefined means "every". */
const sameScope = (a: MapRef, b: MapRef) => a.layer === b.layer && a.head === b.head;
const weightOf = (p: { weight?: number }) => p.weight ?? 1;

/** Pins of one map, as the engine numbers rows and keys. */
export function pinsOf(edits: readonly Edit[], map: MapRef = {}): PinRef[] {
  return edits.flatMap((e) => (e.op === 'pin' && sameMap(e, map) ? [e] : []));
}

/** The pin on (row, key) of one map, if any. */
export function pinAt(edits: readonly Edit[], pin: PinRef): PinRef | undefined {
  return pinsOf(edits, pin).find((p) => p.row === pin.row && p.key === pin.key);
}

/**
 * A click on a cell: the same pin again removes it; otherwise the row's earlier pins and whole-row
 * settings in that map give way to the new pin (pins of one row may not add up to more than 1).
 */
export function togglePin(edits: readonly Edit[], pin: PinRef): Edit[] {
  const existing = pinAt(edits, pin);
  const others = edits.filter(
    (e) => !((e.op === 'pin' || e.op === 'row') && sameMap(e, pin) && e.row === pin.row),
  );
  if (existing && weightOf(existing) === weightOf(pin)) return others;
  const scope = {
    ...(pin.layer === undefined ? {} : { layer: pin.layer }),
    ...(pin.head === undefined ? {} : { head: pin.head }),
  };
  const weight = weightOf(pin) === 1 ? {} : { weight: weightOf(pin) };
  return [...others, { op: 'pin', ...scope, row: pin.row, key: pin.key, ...weight }];
}

/** Weights a drag or a key sets are kept to two decimals (the link stays short). */
export const roundWeight = (w: number): number => Math.round(Math.min(1, Math.max(0, w)) * 100) / 100;

/**
 * A drag on a cell (or Shift+arrow on it): key `pin.key` of that row gets exactly `pin.weight`,
 * however often it is set (no toggle). The row's other pins in that map stay, so a student can set
 * several cells of a row one by one; when they and the new weight add up to more than 1 they are
 * scaled down together to share 1 - weight (rounded down, so the engine never sees more than 1),
 * and those that reach 0 go. A whole-row setting of that row gives way. What nobody set is
 * renormalized by the engine (cpp/layers/attention_edit.h).
 */
export function setPin(edits: readonly Edit[], pin: PinRef): Edit[] {
  const weight = roundWeight(weightOf(pin));
  const inRow = (e: Edit) => (e.op === 'pin' || e.op === 'row') && sameMap(e, pin) && e.row === pin.row;
  const others = pinsOf(edits, pin).filter((p) => p.row === pin.row && p.key !== pin.key);
  const taken = others.reduce((sum, p) => sum + weightOf(p), 0);
  const room = Math.max(0, 1 - weight);
  const factor = taken > room + 1e-9 ? room / taken : 1;
  const scaled = new Map(
    others.map((p) => [p.key, factor === 1 ? weightOf(p) : Math.floor(weightOf(p) * factor * 100) / 100]),
  );
  const scope = {
    ...(pin.layer === undefined ? {} : { layer: pin.layer }),
    ...(pin.head === undefined ? {} : { head: pin.head }),
  };
  const made: Edit = { op: 'pin', ...scope, row: pin.row, key: pin.key, ...(weight === 1 ? {} : { weight }) };
  const out: Edit[] = [];
  let placed = false;
  for (const e of edits) {
    if (!inRow(e)) {
      out.push(e);
    } else if (e.op === 'pin' && e.key === pin.key) {
      out.push(made); // in its old place, so the link's order does not jump while dragging
      placed = true;
    } else if (e.op === 'pin') {
      const w = scaled.get(e.key) ?? 0;
      if (factor === 1) out.push(e);
      else if (w > 0) out.push({ ...e, weight: w });
    }
    // a whole row ('row') of this row gives way to the pins
  }
  return placed ? out : [...out, made];
}

/** Uniform attention over the scope (no layer: the whole model; a layer; one head of a layer). */
export function isUniform(edits: readonly Edit[], scope: MapRef = {}): boolean {
  return edits.some((e) => e.op === 'uniform' && e.row === undefined && sameScope(e, scope));
}

export function toggleUniform(edits: readonly Edit[], scope: MapRef = {}): Edit[] {
  if (isUniform(edits, scope))
    return edits.filter((e) => !(e.op === 'uniform' && e.row === undefined && sameScope(e, scope)));
  return [...edits, { op: 'uniform', ...scope }];
}

export function isHeadOff(edits: readonly Edit[], layer: number, head: number): boolean {
  return edits.some((e) => e.op === 'ablate_head' && e.layer === layer && e.head === head);
}

/** A head's off switch (Transformer: b^{i,h} = 0 before W^O). */
export function toggleHeadOff(edits: readonly Edit[], layer: number, head: number): Edit[] {
  if (isHeadOff(edits, layer, head))
    return edits.filter((e) => !(e.op === 'ablate_head' && e.layer === layer && e.head === head));
  return [...edits, { op: 'ablate_head', layer, head }];
}

/** Tokens no row may read. */
export function maskedTokens(edits: readonly Edit[]): number[] {
  return edits.flatMap((e) => (e.op === 'mask' ? [e.token] : []));
}

/** Hides a token from every row, or shows it again; pins on it go (a masked key cannot be pinned). */
export function toggleMask(edits: readonly Edit[], token: number): Edit[] {
  if (maskedTokens(edits).includes(token))
    return edits.filter((e) => !(e.op === 'mask' && e.token === token));
  return [...edits.filter((e) => !(e.op === 'pin' && e.key === token)), { op: 'mask', token }];
}

/** The temperature set for exactly this scope (1: none). */
export function temperatureOf(edits: readonly Edit[], scope: MapRef = {}): number {
  const found = edits.find((e) => e.op === 'temperature' && sameScope(e, scope));
  return found?.op === 'temperature' ? found.value : 1;
}

/** Sets the temperature of a scope; 1 removes it. */
export function setTemperature(edits: readonly Edit[], value: number, scope: MapRef = {}): Edit[] {
  const others = edits.filter((e) => !(e.op === 'temperature' && sameScope(e, scope)));
  return value === 1 || !(value > 0) ? others : [...others, { op: 'temperature', value, ...scope }];
}

/** Whether the Transformer divides its dot products by sqrt(d_k) (as trained: yes). */
export function scaleOn(edits: readonly Edit[]): boolean {
  return !edits.some((e) => e.op === 'scale' && !e.on);
}

export function setScale(edits: readonly Edit[], on: boolean): Edit[] {
  const others = edits.filter((e) => e.op !== 'scale');
  return on ? others : [...others, { op: 'scale', on: false }];
}

export function removeEdit(edits: readonly Edit[], index: number): Edit[] {
  return edits.filter((_, i) => i !== index);
}

/** Edits that name a row or a token: they mean other words once the sentence changes. */
const isPositional = (e: Edit): boolean =>
  e.op === 'pin' || e.op === 'row' || e.op === 'mask' || (e.op === 'uniform' && e.row !== undefined);

/** What typing a new sentence keeps: the edits of whole maps (uniform, heads off, temperature, scale). */
export function withoutPositional(edits: readonly Edit[]): { edits: Edit[]; dropped: number } {
  const kept = edits.filter((e) => !isPositional(e));
  return { edits: kept, dropped: edits.length - kept.length };
}

export const sameEdits = (a: readonly Edit[], b: readonly Edit[]): boolean =>
  JSON.stringify(a) === JSON.stringify(b);
