// A dead engine worker (issue 18), without a browser: EngineClient replaces a worker that trapped
// (its reply says `crashed`), failed (an error event) or did not answer within the reply bound, loads
// the last model into the fresh one, tells its listeners why, and answers the next request; it gives
// up after repeated crashes. The real worker.ts on the real module marks a WebAssembly trap as a
// crash and reports its heap and live objects.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EngineClient,
  EngineError,
  EngineRestartedError,
  type WorkerLike,
} from '../../web/src/engine/engine';
import type { Request } from '../../web/src/engine/protocol';
import { startWorker } from './support/in-process-worker';

/** A scripted worker: ready at once; answers loads, forwards (a tiny record) and the test-only requests. */
class ScriptedWorker implements WorkerLike {
  onmessage: WorkerLike['onmessage'] = null;
  onerror: WorkerLike['onerror'] = null;
  onmessageerror: WorkerLike['onmessageerror'] = null;
  readonly received: Request[] = [];
  terminated = false;
  hung = false;
  constructor(readonly serial: number) {
    setTimeout(() => this.reply({ type: 'ready' }));
  }
  private reply(data: unknown) {
    setTimeout(() => {
      if (!this.terminated) this.onmessage?.call(this as unknown as Worker, { data } as MessageEvent);
    });
  }
  postMessage(message: unknown): void {
    const request = structuredClone(message) as Request;
    this.received.push(request);
    if (this.hung) return; // busy: reads nothing more
    switch (request.type) {
      case 'testOnlyTrap':
        return this.reply({ id: request.id, ok: false, error: 'unreachable', crashed: true });
      case 'testOnlyHang':
        this.hung = true; // never answers again
        return;
      case 'forward':
        return this.reply({
          id: request.id,
          ok: true,
          result: { tokens: [request.text], worker: this.serial },
        });
      default:
        return this.reply({ id: request.id, ok: true, result: null });
    }
  }
  terminate(): void {
    this.terminated = true;
  }
  /** An uncaught error inside the worker, as the page sees it. */
  fail(): void {
    this.onerror?.call(this as unknown as Worker, { message: 'boom', preventDefault() {} } as ErrorEvent);
  }
}

function client(options: { replyTimeoutMs?: number } = {}) {
  const workers: ScriptedWorker[] = [];
  const created = EngineClient.create({
    ...options,
    createWorker: () => {
      const worker = new ScriptedWorker(workers.length);
      workers.push(worker);
      return worker;
    },
  });
  return { created, workers };
}

const WEIGHTS = new Uint8Array([1, 2, 3, 4]);

describe('EngineClient replaces a dead worker', () => {
  afterEach(() => void vi.useRealTimers()); // a test on the test's clock gives it back, even when it fails

  it('a trap: the request rejects as restarted, a fresh worker gets the model back, the next forward is answered', async () => {
    const { created, workers } = client();
    const engine = await created;
    await engine.load('{"architecture":"x"}', WEIGHTS, '{}');
    const heard: string[] = [];
    engine.onRestart((r) => heard.push(r.reason));
    await expect(engine.testOnly('trap')).rejects.toBeInstanceOf(EngineRestartedError);
    const record = (await engine.forward('the cat')) as unknown as { tokens: string[]; worker: number };
    expect(record).toMatchObject({ tokens: ['the cat'], worker: 1 });
    expect(workers).toHaveLength(2);
    expect(workers[0].terminated).toBe(true);
    const reload = workers[1].received.find((r) => r.type === 'load');
    expect(reload).toMatchObject({ type: 'load', config: '{"architecture":"x"}', card: '{}' });
    expect(new Uint8Array((reload as { weights: ArrayBuffer }).weights)).toEqual(WEIGHTS);
    expect(heard).toEqual(['crash']);
    expect(engine.restarts).toEqual([{ reason: 'crash', ms: expect.any(Number) }]);
    engine.dispose();
  });

  it('a hang: no answer within the reply bound terminates the worker and restarts it', async () => {
    // The clock is the test's: a busy machine that stalls the event loop cannot make an answer late.
    vi.useFakeTimers();
    {
      const { created, workers } = client({ replyTimeoutMs: 50 });
      await vi.advanceTimersByTimeAsync(1);
      const engine = await created;
      const loaded = engine.loadRandom('{}', 7);
      await vi.advanceTimersByTimeAsync(1);
      await loaded;
      const hung = expect(engine.testOnly('hang')).rejects.toMatchObject({ reason: 'timeout' });
      const lost = expect(engine.forward('sent to the hung worker')).rejects.toBeInstanceOf(
        EngineRestartedError,
      );
      await vi.advanceTimersByTimeAsync(49);
      expect(engine.restarts).toEqual([]); // within the bound: still waiting
      await vi.advanceTimersByTimeAsync(1);
      await hung;
      await lost;
      const next = engine.forward('the next key');
      await vi.advanceTimersByTimeAsync(10);
      await expect(next).resolves.toMatchObject({ worker: 1 });
      expect(workers[1].received.map((r) => r.type)).toEqual(['loadRandom', 'forward']);
      expect(engine.restarts.map((r) => r.reason)).toEqual(['timeout']);
      engine.dispose();
    }
  });

  it('an error event from the worker counts as a crash', async () => {
    const { created, workers } = client();
    const engine = await created;
    workers[0].fail();
    await expect(engine.forward('after')).resolves.toMatchObject({ worker: 1 });
    expect(engine.restarts.map((r) => r.reason)).toEqual(['crash']);
    engine.dispose();
  });

  it('gives up after more than three crashes in 30 s (an input that kills every fresh worker)', async () => {
    const { created, workers } = client();
    const engine = await created;
    for (let i = 0; i < 3; i++)
      await expect(engine.testOnly('trap')).rejects.toBeInstanceOf(EngineRestartedError);
    await engine.forward('still answered');
    await expect(engine.testOnly('trap')).rejects.toBeInstanceOf(EngineError);
    await expect(engine.forward('after')).rejects.toThrow(/crashed again/);
    expect(workers).toHaveLength(4);
    engine.dispose();
  });
});

describe('worker.ts on the real module', () => {
  it('answers its heap and live objects, and marks a WebAssembly trap as a crash', async () => {
    vi.resetModules();
    const worker = await startWorker();
    const replies: unknown[] = [];
    worker.onmessage = (event: MessageEvent) => void replies.push(event.data);
    const ask = async (request: object) => {
      const count = replies.length;
      worker.postMessage(request);
      await vi.waitFor(() => expect(replies.length).toBeGreaterThan(count), { timeout: 20_000 });
      return replies[replies.length - 1];
    };
    await vi.waitFor(() => expect(replies).toContainEqual({ type: 'ready' }), { timeout: 20_000 });
    expect(await ask({ id: 1, type: 'testOnlyStats' })).toEqual({
      id: 1,
      ok: true,
      result: { heapBytes: expect.any(Number), sessions: 1, labs: 0, emvalHandles: 0, workerHandles: 1 },
    });
    expect(await ask({ id: 2, type: 'testOnlyTrap' })).toMatchObject({ id: 2, ok: false, crashed: true });
    expect(await ask({ id: 3, type: 'info' })).toMatchObject({ id: 3, ok: false, crashed: true });
  });
});
