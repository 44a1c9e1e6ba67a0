// Latest wins, as a Lit reactive controller, for a figure that asks the engine on every keystroke:
// each request gets a number, and an answer (or error) is shown only if nothing newer is already on
// screen. Older answers never replace newer ones; busy stays on until the newest request has
// settled. A lesson may hold several (Seq2Seq's side by side runs a second model on the same text;
// an intervention runs the same model with the student's edits on a lane of its own, so the two
// never replace each other in the engine's queue); each one re-renders its host when what it shows
// changes.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isRestarted, isSuperseded } from '../../engine/engine';
import type { ForwardRecord } from '../../engine/records';

/** What the controller needs of an engine: EngineClient.forward. */
export interface ForwardEngine {
  forward(input: string, target?: string, intervention?: string, lane?: string): Promise<ForwardRecord>;
}

export class LatestForward implements ReactiveController {
  /** The record on screen (null: nothing to show yet, or an error). */
  record: ForwardRecord | null = null;
  /** The error of the request on screen. */
  runError: string | null = null;
  /** A request newer than what is on screen is still on its way (aria-busy on the figure). */
  busy = false;
  private requested = 0; // number of the newest request
  private shown = 0; // number of the request whose outcome is on screen

  /** `lane`: the engine's latest-wins lane for this controller's requests (default: the main one). */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly lane?: string,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  /**
   * The outcome on screen answers the newest request: nothing newer is on its way, none was dropped.
   * A test waits for this after changing the text: while a keystroke's render is held for its
   * answer (answer-hold.ts), the figure's aria-busy still reads as before the key.
   */
  get answered(): boolean {
    return !this.busy && this.shown === this.requested;
  }

  /** Forgets what is on screen (another model was chosen); answers on their way may still arrive. */
  reset(): void {
    this.record = null;
    this.runError = null;
    this.host.requestUpdate();
  }

  /** Nothing to compute (empty text): the figure clears at once and pending answers are dropped. */
  clear(): void {
    this.shown = ++this.requested;
    this.record = null;
    this.runError = null;
    this.busy = false;
    this.host.requestUpdate();
  }

  /**
   * Runs `input` through `engine` (no-op while there is no engine yet). `current()` is asked when
   * the answer arrives: false drops it (for example, the user switched to another model meanwhile).
   * `onRecord` runs after a shown record, for view state that depends on it. `target` is passed on
   * to EngineClient.forward (Seq2Seq teacher forcing), and so is `intervention` (its JSON).
   */
  run(
    engine: ForwardEngine | null | undefined,
    input: string,
    current: () => boolean = () => true,
    onRecord?: (record: ForwardRecord) => void,
    target?: string,
    intervention?: string,
  ): void {
    const ticket = ++this.requested;
    if (!engine) return;
    this.busy = true;
    this.host.requestUpdate();
    const settle = () => {
      if (ticket === this.requested) this.busy = false;
    };
    const show = () => ticket >= this.shown && current();
    const asked =
      intervention === undefined && this.lane === undefined
        ? engine.forward(input, target)
        : engine.forward(input, target, intervention, this.lane);
    asked.then(
      (record) => {
        settle();
        this.host.requestUpdate();
        if (!show()) return;
        this.shown = ticket;
        this.record = record;
        this.runError = null;
        onRecord?.(record);
      },
      (error: unknown) => {
        if (isSuperseded(error)) return;
        settle();
        this.host.requestUpdate();
        // Lost with a worker that was replaced: what is on screen stays, and the lesson asks again
        // once the fresh worker has the model (LessonElement.followRestarts).
        if (isRestarted(error)) return;
        if (!show()) return;
        this.shown = ticket;
        this.record = null;
        this.runError = error instanceof Error ? error.message : String(error);
      },
    );
  }
}
