// A starting engine worker on a slow network (issue 17, cold start on slow 3G): the page's start
// bound counts silence, not download time. A worker that keeps saying it is starting (worker-host.ts
// does every second while its WASM arrives) starts however long that takes; one that falls silent
// is refused, named, and terminated.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EngineClient, type WorkerLike } from '../../web/src/engine/engine';

import { STARTING_EVERY_MS } from '../../web/src/engine/protocol';
import { startWorker } from './support/in-process-worker';

/** A worker that announces `loading` every `everyMs` for `loadingMs`, then `ready` (or nothing). */
class SlowWorker implements WorkerLike {
  onmessage: WorkerLike['onmessage'] = null;
  onerror: WorkerLike['onerror'] = null;
  onmessageerror: WorkerLike['onmessageerror'] = null;
  terminated = false;
  constructor(loadingMs: number, everyMs: number, thenReady: boolean) {
    const started = Date.now();
    const tick = () => {
      if (this.terminated) return;
      if (Date.now() - started < loadingMs) {
        this.send({ type: 'loading' });
        setTimeout(tick, everyMs);
      } else if (thenReady) this.send({ type: 'ready' });
    };
    setTimeout(tick);
  }
  private send(data: unknown) {
    this.onmessage?.call(this as unknown as Worker, { data } as MessageEvent);
  }
  postMessage(): void {}
  terminate(): void {
    this.terminated = true;
  }
}

// The clock is the test's (fake timers): a busy machine that stalls the event loop for longer than
// a beat cannot make a starting worker look silent.
describe('EngineClient.create on a slow network', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('starts a worker whose engine keeps arriving for four times the start bound', async () => {
    const worker = new SlowWorker(400, 30, true);
    const started = Date.now();
    let engine: EngineClient | null = null;
    const created = EngineClient.create({ createWorker: () => worker, startTimeoutMs: 100 }).then(
      (e) => (engine = e),
    );
    await vi.advanceTimersByTimeAsync(380);
    expect(engine).toBe(null); // still starting, past the bound: the beats kept it waiting
    await vi.advanceTimersByTimeAsync(100);
    await created;
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(worker.terminated).toBe(false);
    engine!.dispose();
  });

  it('refuses, by name, a worker that falls silent while it starts, and terminates it', async () => {
    const worker = new SlowWorker(150, 30, false);
    const started = Date.now();
    const refused = expect(
      EngineClient.create({ createWorker: () => worker, startTimeoutMs: 100 }),
    ).rejects.toThrow('the engine did not start in time');
    await vi.advanceTimersByTimeAsync(150);
    expect(worker.terminated).toBe(false); // beats until 150 ms: the bound restarts each time
    await vi.advanceTimersByTimeAsync(150);
    await refused;
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(worker.terminated).toBe(true);
  });
});

describe('worker.ts on the real module', () => {
  it('says it is starting when its script runs, then ready, then nothing more', async () => {
    vi.resetModules();
    const worker = await startWorker();
    const heard: unknown[] = [];
    worker.onmessage = (event: MessageEvent) => void heard.push(event.data);
    await vi.waitFor(() => expect(heard).toContainEqual({ type: 'ready' }), { timeout: 20_000 });
    expect(heard[0]).toEqual({ type: 'loading' });
    expect(heard.slice(heard.indexOf(heard.find((m) => (m as { type: string }).type === 'ready')))).toEqual([
      { type: 'ready' },
    ]);
    const count = heard.length;
    await new Promise((resolve) => setTimeout(resolve, STARTING_EVERY_MS * 1.5));
    expect(heard).toHaveLength(count); // the beat stopped once started
  });
});
