// The page's side of the training lab's worker (lab-worker.ts): starts it (a module worker beside
// the script, or inline in the single-file build), forwards each run's reports to its listener and
// turns the export request into a promise. Training never runs on the page's thread.

import { createLabWorker } from './create-lab-worker';
import { CrossOriginWorkerError, EngineError } from './engine';
import type { LabEnvelope, LabMessage, LabRequest } from './lab-protocol';

export type LabWorkerLike = Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>;

/** A trained model as the engine wrote it: the three files of a model folder. */
export interface LabExport {
  config: string;
  card: string;
  weights: ArrayBuffer;
}

export interface LabClientOptions {
  /** Starts the worker; the default is the module worker of ./lab-worker.ts. */
  createWorker?: () => LabWorkerLike;
  /** A worker already started for another run, to share (LabHost); none: a worker of its own. */
  host?: LabHost;
}

/**
 * One lab worker and the runs it trains. Each run has its own driver in the worker (requests and
 * reports carry the run's number); the worker stops when its last run is disposed. A side-by-side
 * comparison shares one host when the machine has too few cores for two busy workers and the page
 * (train/element.ts), as a phone or a 2-core laptop does: two workers there held the page's main
 * thread off a core for 50-100 ms at a time (docs/performance-training.md).
 */
export class LabHost {
  private readonly listeners = new Map<number, (message: LabMessage) => void>();
  private nextRun = 0;
  private closed = false;

  private constructor(private readonly worker: LabWorkerLike) {
    worker.onmessage = (event: MessageEvent<LabEnvelope<LabMessage>>) => this.dispatch(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.dispatch({ type: 'fatal', error: event.message || 'the training worker stopped' });
    };
  }

  /**
   * Starts the worker. Requests may be sent at once (the worker queues them until its module is
   * ready). Throws CrossOriginWorkerError when the browser refuses a worker script from another
   * origin (the element snippet on another site), as the lessons' engine does.
   */
  static start(options: Pick<LabClientOptions, 'createWorker'> = {}): LabHost {
    try {
      return new LabHost((options.createWorker ?? createLabWorker)());
    } catch (error) {
      if (error instanceof Error && error.name === 'SecurityError')
        throw new CrossOriginWorkerError(error.message);
      throw error instanceof Error ? error : new EngineError(String(error));
    }
  }

  /** A new run on this worker: its number. */
  add(listener: (message: LabMessage) => void): number {
    const run = this.nextRun++;
    this.listeners.set(run, listener);
    return run;
  }

  send(run: number, request: LabRequest): void {
    if (!this.closed && this.listeners.has(run)) this.worker.postMessage({ ...request, run });
  }

  /** The run is over: its driver is freed, and the worker stopped when no run is left. */
  remove(run: number): void {
    if (!this.listeners.has(run)) return;
    this.send(run, { type: 'close' });
    this.listeners.delete(run);
    if (this.listeners.size === 0 && !this.closed) {
      this.closed = true;
      this.worker.terminate();
    }
  }

  /** A report about one run goes to it; one about the whole worker ('ready', 'fatal') to every run. */
  private dispatch(message: LabEnvelope<LabMessage>): void {
    if (message.run === undefined) for (const listener of [...this.listeners.values()]) listener(message);
    else this.listeners.get(message.run)?.(message);
  }
}

/** One run's side of the lab's worker: its requests, its reports, its exports. */
export class LabClient {
  private exports: { resolve(value: LabExport): void; reject(error: Error): void }[] = [];
  private closed = false;
  private readonly run: number;

  private constructor(
    /** The worker this run trains on (to share it with another run). */
    readonly host: LabHost,
    private readonly listener: (message: LabMessage) => void,
  ) {
    this.run = host.add((message) => this.receive(message));
  }

  /**
   * Starts a run: on `options.host` if given, else on a worker of its own (see LabHost.start for
   * what it throws).
   */
  static start(listener: (message: LabMessage) => void, options: LabClientOptions = {}): LabClient {
    return new LabClient(options.host ?? LabHost.start(options), listener);
  }

  send(request: LabRequest): void {
    if (!this.closed) this.host.send(this.run, request);
  }

  /** The model as it is now, as the three files of a model folder. */
  exportModel(): Promise<LabExport> {
    if (this.closed) return Promise.reject(new EngineError('the training worker was stopped'));
    return new Promise<LabExport>((resolve, reject) => {
      this.exports.push({ resolve, reject });
      this.send({ type: 'export' });
    });
  }

  private receive(message: LabMessage): void {
    if (message.type === 'exported') {
      this.exports.shift()?.resolve({ config: message.config, card: message.card, weights: message.weights });
      return;
    }
    if (message.type === 'error' || message.type === 'fatal') {
      // A refused export (or a dead worker) answers every export waiting.
      for (const waiter of this.exports.splice(0)) waiter.reject(new EngineError(message.error));
    }
    this.listener(message);
  }

  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const waiter of this.exports.splice(0))
      waiter.reject(new EngineError('the training worker was stopped'));
    this.host.remove(this.run);
  }
}
