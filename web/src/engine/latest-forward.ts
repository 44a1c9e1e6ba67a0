// Latest wins, for a view that asks the engine on every keystroke: each request gets a number, and
// an answer (or error) is shown only if nothing newer is already on screen. Older answers never
// replace newer ones; busy stays on until the newest request has settled.
import { isSuperseded, type EngineClient } from './engine';
import type { ForwardRecord } from './records';

/** The state a view shows; the element itself, whose reactive properties these are. */
export interface ForwardView {
  record: ForwardRecord | null;
  runError: string | null;
  busy: boolean;
}

export class LatestForward {
  private requested = 0; // number of the newest request
  private shown = 0; // number of the request whose outcome is on screen

  constructor(private readonly view: ForwardView) {}

  /** Nothing to compute (empty text): the figure clears at once and pending answers are dropped. */
  clear(): void {
    this.shown = ++this.requested;
    this.view.record = null;
    this.view.runError = null;
    this.view.busy = false;
  }

  /**
   * Runs `input` through `engine` (no-op while there is no engine yet). `current()` is asked when
   * the answer arrives: false drops it (for example, the user switched to another model meanwhile).
   * `onRecord` runs after a shown record, for view state that depends on it. `target` is passed on
   * to EngineClient.forward (Seq2Seq teacher forcing).
   */
  run(
    engine: EngineClient | null | undefined,
    input: string,
    current: () => boolean = () => true,
    onRecord?: (record: ForwardRecord) => void,
    target?: string,
  ): void {
    const ticket = ++this.requested;
    if (!engine) return;
    this.view.busy = true;
    const settle = () => {
      if (ticket === this.requested) this.view.busy = false;
    };
    const show = () => ticket >= this.shown && current();
    engine.forward(input, target).then(
      (record) => {
        settle();
        if (!show()) return;
        this.shown = ticket;
        this.view.record = record;
        this.view.runError = null;
        onRecord?.(record);
      },
      (error: unknown) => {
        if (isSuperseded(error)) return;
        settle();
        if (!show()) return;
        this.shown = ticket;
        this.view.record = null;
        this.view.runError = error instanceof Error ? error.message : String(error);
      },
    );
  }
}
