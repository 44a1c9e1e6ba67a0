// A lesson's intervention, as a Lit reactive controller: the edits the student made (pins, uniform
// attention, heads off, masked tokens, temperature, 1/sqrt(d_k)), the `intervene` attribute's text
// form of them, and the edited forward that runs next to the lesson's own. The original record
// stays as the lesson computed it; the edited one is the engine's forward pass with the
// intervention applied inside it (docs/engine-contract.md, "Interventions"), asked on a lane of its
// own so the two never replace each other. Without edits nothing extra is computed, so typing costs
// what it did. An engine refusal ("row 9 is outside 0..4") is kept as a message; the figures then
// show the original.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { formatEdits, interventionJson, parseEdits, type Edit } from '../../engine/intervention';
import type { ForwardRecord } from '../../engine/records';
import type { Reflected } from './embed-attributes';
import { LatestForward, type ForwardEngine } from './latest-forward';
import {
  PIN_WEIGHTS,
  sameEdits,
  setPin,
  togglePin,
  withoutPositional,
  type PinRef,
} from './intervention-state';

export interface InterventionOptions {
  /** The text form's number of the engine's row 0 (engine/intervention.ts): 0 in lesson 1, else 1. */
  rowBase: number;
  /** Runs the lesson's edited forward(s) again (the edits changed); the original is not rerun. */
  rerun: () => void;
}

/** Whether two records answer the same input (so one may be drawn in the other's place). */
export function sameTokens(a: ForwardRecord, b: ForwardRecord): boolean {
  return a.tokens.length === b.tokens.length && a.tokens.every((token, i) => token === b.tokens[i]);
}

export class InterventionController implements ReactiveController {
  /** The edits, in the engine's 0-based numbering, in the order the student made them. */
  edits: Edit[] = [];
  /** Items of the `intervene` attribute that are not edits (shown as a message until reset). */
  ignored: string[] = [];
  /** How many pins and masks the last new sentence cleared (a note says so; 0: none). */
  cleared = 0;
  /** A click the lesson refused before asking the engine (a cell a causal row cannot read). */
  refusal: string | null = null;
  /** Show the edited model (true) or the original (false) in the lesson's figures. */
  after = true;
  /** The weight a click on a cell pins (PIN_WEIGHTS). */
  pinWeight: number = PIN_WEIGHTS[0];
  /** The lesson's model with the edits, on the sentence the lesson shows. */
  readonly edited: LatestForward;
  /** Further edited forwards a lesson runs (lesson 1: free decoding next to forced decoding). */
  readonly extra: LatestForward[] = [];
  private attributeText = '';
  private readonly memo = new Map<string, { deps: readonly unknown[]; value: unknown }>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: InterventionOptions,
  ) {
    host.addController(this);
    this.edited = new LatestForward(host, 'edited');
  }

  hostConnected(): void {}

  /** A further edited forward on a lane of its own, cleared and reset with the first. */
  addForward(lane: string): LatestForward {
    const forward = new LatestForward(this.host, lane);
    this.extra.push(forward);
    return forward;
  }

  get active(): boolean {
    return this.edits.length > 0;
  }

  /** The engine's JSON of the edits. */
  get json(): string {
    return interventionJson(this.edits);
  }

  /** The attribute's text of the edits ("" without any). */
  get text(): string {
    return formatEdits(this.edits, this.options.rowBase);
  }

  /** A new list of edits: the figures go to "after" and the edited forward runs again. */
  set(edits: Edit[]): void {
    if (sameEdits(edits, this.edits)) return;
    this.edits = edits;
    this.after = true;
    this.cleared = 0;
    this.refusal = null;
    if (!edits.length) this.clearForwards();
    this.host.requestUpdate();
    this.options.rerun();
  }

  /** Applies a transition of intervention-state.ts to the current edits. */
  change(transition: (edits: readonly Edit[]) => Edit[]): void {
    this.set(transition(this.edits));
  }

  /**
   * A cell of a map: a click (no `weight`) pins it with the chosen pin weight, or unpins it when
   * clicked again; a drag or Shift+arrow sets it to exactly `weight` (intervention-state.ts setPin).
   */
  pin(pin: Omit<PinRef, 'weight'>, weight?: number): void {
    this.change((edits) =>
      weight === undefined
        ? togglePin(edits, { ...pin, weight: this.pinWeight })
        : setPin(edits, { ...pin, weight }),
    );
  }

  /** "Reset": the model as trained, and the link's complaints forgotten. */
  reset(): void {
    this.ignored = [];
    this.refusal = null;
    this.set([]);
    this.cleared = 0;
    this.host.requestUpdate();
  }

  /** Says why a click changed nothing (until the next change). */
  refuse(message: string): void {
    this.refusal = message;
    this.host.requestUpdate();
  }

  /** The student typed another sentence: pins and masks named its old words, so they go. */
  sentenceChanged(): void {
    const { edits, dropped } = withoutPositional(this.edits);
    if (!dropped) return;
    this.set(edits);
    this.cleared = dropped;
  }

  /**
   * Follows the `intervene` attribute (call from willUpdate when it changed): a value other than
   * the current edits' text replaces them; what is not understood is listed in `ignored`.
   */
  follow(value: string | null | undefined): void {
    const text = (value ?? '').trim();
    if (text === this.attributeText || text === this.text) return;
    const { edits, ignored } = parseEdits(text, this.options.rowBase);
    this.ignored = ignored;
    this.set(edits);
    this.attributeText = this.text;
  }

  /** The attribute's text for the current edits (absent while there are none). */
  reflected(): Reflected {
    const value = this.text;
    this.attributeText = value;
    return { value, isDefault: value === '' };
  }

  /**
   * Runs `input` with the edits on `forward` (the edited one unless given): nothing, and the
   * forward cleared, when there are no edits.
   */
  run(
    engine: ForwardEngine | null | undefined,
    input: string,
    current: () => boolean,
    target?: string,
    forward: LatestForward = this.edited,
  ): void {
    if (!this.active) {
      if (forward.record || forward.runError || forward.busy) forward.clear();
      return;
    }
    forward.run(engine, input, current, undefined, target, this.json);
  }

  /**
   * `compute()`'s value, computed again only when one of `deps` (compared with ===) or the edits
   * changed: the pins a map draws stay the same array between renders, so the map is not redrawn
   * for nothing (a new array is a new property value to Lit).
   */
  cached<T>(key: string, deps: readonly unknown[], compute: () => T): T {
    const all = [this.edits, ...deps];
    const hit = this.memo.get(key);
    if (hit && hit.deps.length === all.length && hit.deps.every((d, i) => d === all[i]))
      return hit.value as T;
    const value = compute();
    this.memo.set(key, { deps: all, value });
    return value;
  }

  /** Nothing to compute (empty text): every edited forward clears. */
  clearForwards(): void {
    this.edited.clear();
    for (const f of this.extra) f.clear();
  }

  /** Another model was chosen: what the edited forwards show belongs to the old one. */
  resetForwards(): void {
    this.edited.reset();
    for (const f of this.extra) f.reset();
  }

  /** The engine refused the edits (the edited forward's message; a lesson shows its extras' own). */
  get error(): string | null {
    return this.active ? this.edited.runError : null;
  }

  /** An edited forward is on its way. */
  get busy(): boolean {
    return this.active && (this.edited.busy || this.extra.some((f) => f.busy));
  }

  /** The edited record when it answers the same tokens as `original` (else null: not yet computed). */
  editedFor(original: ForwardRecord | null, forward: LatestForward = this.edited): ForwardRecord | null {
    const edited = forward.record;
    if (!this.active || !original || !edited || !sameTokens(original, edited)) return null;
    return edited;
  }

  /** The record the lesson's figures draw: the edited one in "after", else the original. */
  shown(original: ForwardRecord): ForwardRecord;
  shown(original: ForwardRecord | null): ForwardRecord | null;
  shown(original: ForwardRecord | null): ForwardRecord | null {
    return (this.after && this.editedFor(original)) || original;
  }
}
