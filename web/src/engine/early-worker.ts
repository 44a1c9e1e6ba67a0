// An engine worker started before the lesson's code has arrived (an embedded lesson, started by
// embed/head-start.ts), handed to the first EngineClient that starts a worker. On slow 3G the
// lesson's code arrives about ten seconds after the page's entry script runs; a worker started
// only then fetched and compiled its 200 KB of WebAssembly last, after everything else
// (docs/performance-downloads.md, "A head start for an embedded lesson").
//
// The worker talks from its first moment ('loading' every second, then 'ready' or 'fatal'): what
// it says before it is handed over is kept and given, in order, to the handlers the client sets,
// so the client sees exactly what a worker it started itself would have said.
//
// The single-file build swaps ./create-worker for ./create-worker-inline.ts here too
// (web/vite.single.config.ts).

import { createEngineWorker, workerMayStart } from './create-worker';

/** Whether this page may start the engine's worker (its script on the page's origin). */
export { workerMayStart };
import type { WorkerLike } from './engine';

/** A worker nobody took this long after it started is ended (the lesson never asked: no leak). */
const UNCLAIMED_MS = 5 * 60_000;

/** The started worker, as the client sees it: its events wait in order until a handler is set. */
class HandedWorker implements WorkerLike {
  onmessage: Worker['onmessage'] = null;
  onerror: Worker['onerror'] = null;
  onmessageerror: Worker['onmessageerror'] = null;
  /** Handed to a client: from now on what waits is delivered to its handlers. */
  claimed = false;
  private readonly waiting: Event[] = [];
  private flushing = false;

  constructor(private readonly worker: Worker) {
    const keep = (event: Event) => {
      // A worker's uncaught error is reported to the console unless its event is cancelled now;
      // the client cancels it too, and says it in its own words.
      if (event.type === 'error') event.preventDefault();
      // Once what was kept has been delivered, each event goes straight to the client's handler,
      // as a worker of its own would give it: no microtask on every reply of a keystroke.
      const handler = this.waiting.length || this.flushing || !this.claimed ? null : this.handlerFor(event);
      if (handler) return void handler.call(this.worker, event);
      this.waiting.push(event);
      this.flush();
    };
    worker.addEventListener('message', keep);
    worker.addEventListener('error', keep);
    worker.addEventListener('messageerror', keep);
  }

  postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions): void {
    this.worker.postMessage(message, Array.isArray(transfer) ? { transfer } : transfer);
  }

  terminate(): void {
    this.waiting.length = 0;
    this.worker.terminate();
  }

  /** Delivers what waits, in order, once the client has set its handlers (a microtask later). */
  flush(): void {
    if (this.flushing || !this.claimed) return;
    this.flushing = true;
    queueMicrotask(() => {
      this.flushing = false;
      while (this.waiting.length) {
        const event = this.waiting[0];
        const handler = this.handlerFor(event);
        if (!handler) return; // the client has not listened yet: keep it
        this.waiting.shift();
        handler.call(this.worker, event);
      }
    });
  }

  private handlerFor(event: Event): ((this: Worker, event: Event) => unknown) | null {
    const handler =
      event.type === 'message' ? this.onmessage : event.type === 'error' ? this.onerror : this.onmessageerror;
    return handler as ((this: Worker, event: Event) => unknown) | null;
  }
}

let early: HandedWorker | null = null;
let unclaimedTimer: ReturnType<typeof setTimeout> | undefined;

/** Starts the engine worker now, once per page; a page that cannot start one starts none. */
export function startEngineWorkerEarly(): void {
  if (early) return;
  let worker: Worker;
  try {
    worker = createEngineWorker();
  } catch {
    return; // (a page opened from another origin's file): the client will say why when it tries
  }
  early = new HandedWorker(worker);
  unclaimedTimer = setTimeout(() => {
    early?.terminate();
    early = null;
  }, UNCLAIMED_MS);
}

/** The worker started early, once (null: none, or already taken). */
export function takeEarlyWorker(): WorkerLike | null {
  const taken = early;
  if (!taken) return null;
  early = null;
  clearTimeout(unclaimedTimer);
  taken.claimed = true;
  taken.flush();
  return taken;
}

/** Tests: whether a started worker is still waiting to be taken. */
export const earlyWorkerWaiting = (): boolean => early !== null;
