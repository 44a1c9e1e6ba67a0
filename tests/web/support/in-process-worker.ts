// Runs web/src/engine/worker.ts inside the test process: a stand-in for the worker's global
// scope and for the Worker object the page holds. Messages cross with structuredClone (transfers
// included) and arrive on a later task, as they do between threads.
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { EngineClient, type WorkerLike } from '../../../web/src/engine/engine';

type Listener = (event: { data: unknown }) => void;

export class InProcessWorker implements WorkerLike {
  onmessage: WorkerLike['onmessage'] = null;
  onerror: WorkerLike['onerror'] = null;
  onmessageerror: WorkerLike['onmessageerror'] = null;
  /** Every request the worker received, in order. */
  readonly received: unknown[] = [];
  terminated = false;
  private readonly listeners: Listener[] = [];

  /** What worker.ts sees as `self`. */
  readonly scope = {
    postMessage: (message: unknown, transfer: Transferable[] = []) => {
      const copy = structuredClone(message, { transfer });
      setTimeout(() => {
        if (!this.terminated) this.onmessage?.call(this as unknown as Worker, { data: copy } as MessageEvent);
      });
    },
    addEventListener: (type: string, listener: Listener) => {
      if (type === 'message') this.listeners.push(listener);
    },
  };

  postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions): void {
    const copy = structuredClone(message, Array.isArray(transfer) ? { transfer } : transfer);
    setTimeout(() => {
      if (this.terminated) return;
      this.received.push(copy);
      for (const listener of this.listeners) listener({ data: copy });
    });
  }

  terminate(): void {
    this.terminated = true;
  }
}

/**
 * Imports a fresh copy of worker.ts bound to a new InProcessWorker. Call vi.resetModules() first
 * when a test file starts more than one.
 */
export async function startWorker(): Promise<InProcessWorker> {
  const worker = new InProcessWorker();
  (globalThis as { self?: unknown }).self = worker.scope;
  await import('../../../web/src/engine/worker');
  return worker;
}

/**
 * An EngineClient on a fresh in-process worker for the tests of one describe block: started
 * before them, disposed after; if it cannot start, every test fails with the cause.
 */
export function workerClientForSuite(): () => EngineClient {
  let client: EngineClient | undefined;
  let setupError: unknown = null;
  beforeAll(async () => {
    try {
      vi.resetModules();
      const worker = await startWorker();
      client = await EngineClient.create({ createWorker: () => worker, startTimeoutMs: 20_000 });
    } catch (error) {
      setupError = error;
    }
  });
  beforeEach(() => {
    if (setupError) throw setupError;
  });
  afterAll(() => client?.dispose());
  return () => client as EngineClient;
}
