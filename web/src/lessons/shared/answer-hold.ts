// One render per keystroke. A keystroke changes the lesson's own state at once (the text, the
// word suggestions, the figure's aria-busy) and asks the engine for its answer, which the worker
// has ready within a few milliseconds. Rendering the keystroke's changes at once made the browser
// lay out and paint the lesson in the keystroke's frame, and the answer then waited on the main
// thread for that paint before it could be drawn: the keystroke cost two renders and two paints,
// and its figure came a frame late (docs/performance-keystrokes.md, "One render per keystroke"). While the
// answer to a keystroke is on its way, and for at most HOLD_MS, the lesson therefore does not
// render; what changed meanwhile is rendered with the answer, in one update. The text box shows
// what is typed all the same (the browser draws it), and an answer that takes longer than
// HOLD_MS (a long sentence, a busy worker) finds the keystroke's changes rendered without it, busy
// and all, as before.
//
// Why by hand: Lit drops the changed properties of an update shouldUpdate() refuses, so this keeps
// them (with their oldest previous values) and hands them to the next update that runs.

import type { PropertyValues, ReactiveController, ReactiveControllerHost } from 'lit';

/** The longest a keystroke's own changes wait for its answer (ms). */
export const HOLD_MS = 40;

export class AnswerHold implements ReactiveController {
  private until = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly held = new Map<PropertyKey, unknown>();

  /** `waiting`: the answer to the newest request is still on its way (LatestForward.busy). */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly waiting: () => boolean,
  ) {
    host.addController(this);
  }

  /** A keystroke asked the engine: hold renders until its answer, at most HOLD_MS. */
  begin(): void {
    this.until = performance.now() + HOLD_MS;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.until = 0;
      this.host.requestUpdate();
    }, HOLD_MS);
  }

  /**
   * For the host's shouldUpdate: false while a held keystroke's answer is on its way (its changes
   * kept); otherwise true, with the changes held before added to `changed`.
   */
  pass(changed: PropertyValues): boolean {
    if (this.until && this.waiting() && performance.now() < this.until) {
      for (const [key, old] of changed) if (!this.held.has(key)) this.held.set(key, old);
      return false;
    }
    this.release();
    // A held change is older than any in `changed`: its previous value is the one before both.
    for (const [key, old] of this.held) (changed as Map<PropertyKey, unknown>).set(key, old);
    this.held.clear();
    return true;
  }

  hostDisconnected(): void {
    this.release();
  }

  private release(): void {
    this.until = 0;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
