// The page's side of the training lab's worker (lab-worker.ts): starts it (a module worker beside
// the script, or inline in the single-file build), forwards the worker's reports to one listener and
// turns the export request into a promise. Training never runs on the page's thread.

import { createLabWorker } from './create-lab-worker';
import { CrossOriginWorkerError, EngineError } from './engine';
import type { LabMessage, LabRequest } from './lab-protocol';

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
}

export class LabClient {
  private exports: { resolve(value: LabExport): void; reject(error: Error): void }[] = [];
  private closed = false;

  private constructor(
    private readonly worker: LabWorkerLike,
    private readonly listener: (message: LabMessage) => void,
  ) {
    worker.onmessage = (event: MessageEvent<LabMessage>) => this.receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.receive({ type: 'fatal', error: event.message || 'the training worker stopped' });
    };
  }

  /**
   * Starts the worker. Requests may be sent at once (the worker queues them until its module is
   * ready). Throws CrossOriginWorkerError when the browser refuses a worker script from another
   * origin (the element snippet on another site), as the lessons' engine does.
   */
  static start(listener: (message: LabMessage) => void, options: LabClientOptions = {}): LabClient {
    try {
      return new LabClient((options.createWorker ?? createLabWorker)(), listener);
    } catch (error) {
      if (error instanceof Error && error.name === 'SecurityError')
        throw new CrossOriginWorkerError(error.message);
      throw error instanceof Error ? error : new EngineError(String(error));
    }
  }

  send(request: LabRequest): void {
    if (!this.closed) this.worker.postMessage(request);
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
    this.worker.terminate();
  }
}
