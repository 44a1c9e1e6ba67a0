// An embedded lesson's head start (issue 17, cold start on slow 3G; embed/head-start.ts): the engine
// worker started before the lesson's code is the one its first EngineClient takes, with everything
// it said before in order; a model folder fetched ahead is the download the lesson's first ask gets;
// and the folder fetched ahead is the one each lesson opens on, or none when that is not known.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseAppState } from '../../web/src/embed/state';
import { opensOnFirstView } from '../../web/src/embed/head-start';
import { startWorker, type InProcessWorker } from './support/in-process-worker';

const MODELS = path.resolve(__dirname, '../../models');
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The Worker a page holds, around a worker: events dispatched as a browser's Worker does. */
class EventWorker extends EventTarget {
  readonly posted: unknown[] = [];
  terminated = false;
  constructor(private readonly inner?: InProcessWorker) {
    super();
    if (inner) inner.onmessage = (event: MessageEvent) => this.say(event.data);
  }
  say(data: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
  fail(message: string): Event {
    const event = Object.assign(new Event('error', { cancelable: true }), { message });
    this.dispatchEvent(event);
    return event;
  }
  readonly transfers: unknown[] = [];
  postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions): void {
    this.posted.push(message);
    this.transfers.push(transfer);
    this.inner?.postMessage(message, transfer);
  }
  terminate(): void {
    this.terminated = true;
    this.inner?.terminate();
  }
}

/** early-worker.ts and engine.ts, fresh, with createEngineWorker giving `worker`. */
async function withWorker(worker: EventWorker) {
  vi.resetModules();
  const created = vi.fn(() => worker as unknown as Worker);
  vi.doMock('../../web/src/engine/create-worker', () => ({ createEngineWorker: created }));
  const early = await import('../../web/src/engine/early-worker');
  const { EngineClient } = await import('../../web/src/engine/engine');
  return { ...early, EngineClient, created };
}

describe('the engine worker started early', () => {
  afterEach(() => {
    vi.doUnmock('../../web/src/engine/create-worker');
    vi.useRealTimers();
    vi.resetModules();
  });

  it('is the worker EngineClient.create takes, and the model runs on it', async () => {
    vi.resetModules();
    const inner = await startWorker(); // already starting its module, as a worker started early is
    const worker = new EventWorker(inner);
    const { startEngineWorkerEarly, takeEarlyWorker, EngineClient, created } = await withWorker(worker);
    startEngineWorkerEarly();
    startEngineWorkerEarly(); // once per page
    expect(created).toHaveBeenCalledTimes(1);
    const engine = await EngineClient.create({ startTimeoutMs: 20_000 });
    expect(takeEarlyWorker()).toBeNull(); // taken
    const file = (name: string) => fs.readFileSync(path.join(MODELS, 'seq2seq-additive', name));
    const weights = new Uint8Array(file('model.safetensors')).buffer;
    await engine.load(file('config.json').toString(), weights, file('card.json').toString());
    const record = await engine.forward('the cat is black .');
    expect(record.tokens.slice(0, 3)).toEqual(['the', 'cat', 'is']);
    expect(created).toHaveBeenCalledTimes(1); // no second worker
    engine.dispose();
    expect(worker.terminated).toBe(true);
  });

  it('gives what the worker said before it was taken to the client’s handlers, in order, then the rest', async () => {
    const worker = new EventWorker();
    const { startEngineWorkerEarly, takeEarlyWorker } = await withWorker(worker);
    startEngineWorkerEarly();
    worker.say({ type: 'loading' });
    worker.say({ type: 'loading' });
    worker.say({ type: 'ready' });
    await turn();
    const handed = takeEarlyWorker();
    expect(handed).not.toBeNull();
    const heard: unknown[] = [];
    handed!.onmessage = (event: MessageEvent) => heard.push(event.data);
    worker.say({ id: 1, ok: true }); // arrives while the kept ones wait for their microtask
    expect(heard).toEqual([]);
    await turn();
    expect(heard).toEqual([{ type: 'loading' }, { type: 'loading' }, { type: 'ready' }, { id: 1, ok: true }]);
    worker.say({ id: 2, ok: true }); // nothing waits any more: straight to the handler, no microtask
    expect(heard.at(-1)).toEqual({ id: 2, ok: true });
    expect(heard).toHaveLength(5);
    handed!.postMessage({ type: 'info', id: 3 });
    expect(worker.posted).toEqual([{ type: 'info', id: 3 }]);
    const weights = new ArrayBuffer(8);
    handed!.postMessage({ type: 'load', id: 4 }, [weights]);
    expect(worker.transfers.at(-1)).toEqual({ transfer: [weights] }); // the list, as an options object
  });

  it('a worker whose script failed: the error is cancelled at once and the client refuses it', async () => {
    const worker = new EventWorker();
    const { startEngineWorkerEarly, EngineClient } = await withWorker(worker);
    startEngineWorkerEarly();
    const event = worker.fail('404 worker.js');
    expect(event.defaultPrevented).toBe(true); // not reported to the console as uncaught
    await expect(EngineClient.create({ startTimeoutMs: 5_000 })).rejects.toThrow(
      'the engine could not load (404 worker.js)',
    );
    expect(worker.terminated).toBe(true);
  });

  it('one nobody takes within five minutes is terminated; the next client starts its own', async () => {
    vi.useFakeTimers();
    const worker = new EventWorker();
    const { startEngineWorkerEarly, takeEarlyWorker, earlyWorkerWaiting } = await withWorker(worker);
    startEngineWorkerEarly();
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(earlyWorkerWaiting()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(worker.terminated).toBe(true);
    expect(takeEarlyWorker()).toBeNull();
  });
});

describe('a model folder fetched ahead', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  function stubFetch(fail = false) {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      await turn();
      if (fail && urls.length <= 3) return new Response('', { status: 503, statusText: 'Busy' });
      return new Response(url.endsWith('.safetensors') ? new Uint8Array([1, 2, 3]) : '{}');
    });
    return urls;
  }

  it('is the download the first ask gets, on its way or arrived; the next ask fetches again', async () => {
    const urls = stubFetch();
    const { fetchModelFolder, fetchModelFolderAhead } = await import('../../web/src/engine/model-folder');
    const base = 'http://example.test/app/';
    fetchModelFolderAhead(base, 'tf-mlm');
    fetchModelFolderAhead(base, 'tf-mlm');
    expect(urls).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 20)); // arrived before the lesson asked
    const heard: number[] = [];
    const folder = await fetchModelFolder(base, 'tf-mlm', undefined, (received) => heard.push(received));
    expect([...new Uint8Array(folder.weights)]).toEqual([1, 2, 3]);
    expect(urls).toHaveLength(3);
    await fetchModelFolder(base, 'tf-mlm');
    expect(urls).toHaveLength(6);
  });

  it('still on its way when asked: the ask joins it and hears its progress', async () => {
    const urls = stubFetch();
    const { fetchModelFolder, fetchModelFolderAhead } = await import('../../web/src/engine/model-folder');
    const base = 'http://example.test/app/';
    fetchModelFolderAhead(base, 'tf-mlm');
    const heard: number[] = [];
    const folder = await fetchModelFolder(base, 'tf-mlm', undefined, (received) => heard.push(received));
    expect(folder.config).toBe('{}');
    expect(urls).toHaveLength(3);
    expect(heard.at(-1)).toBe(3);
  });

  it('one that failed is forgotten: the lesson’s ask fetches again', async () => {
    const urls = stubFetch(true);
    const { fetchModelFolder, fetchModelFolderAhead } = await import('../../web/src/engine/model-folder');
    const base = 'http://example.test/app/';
    fetchModelFolderAhead(base, 'tf-mlm');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const folder = await fetchModelFolder(base, 'tf-mlm');
    expect(folder.card).toBe('{}');
    expect(urls).toHaveLength(6);
  });
});

describe('opensOnFirstView: an embedded lesson that draws its first figure from the build', () => {
  const at = (query: string) => parseAppState(query);
  it('each lesson as it opens, in English: no head start (its engine comes after its code)', () => {
    for (const lesson of ['seq2seq', 'lstmn', 'transformer'])
      expect(opensOnFirstView(at(`?embed=${lesson}`), 'en')).toBe(true);
  });
  it('not with a setting in the link, in Chinese, for the lab or the app page', () => {
    expect(opensOnFirstView(at('?embed=seq2seq&seq2seq.model=dot'), 'en')).toBe(false);
    expect(opensOnFirstView(at('?embed=seq2seq&seq2seq.pair=zh-en'), 'en')).toBe(false);
    expect(opensOnFirstView(at('?embed=lstmn&lstmn.sentence=%E4%BD%A0%E5%A5%BD'), 'en')).toBe(false);
    expect(opensOnFirstView(at('?embed=seq2seq'), 'zh-CN')).toBe(false);
    expect(opensOnFirstView(at('?embed=train'), 'en')).toBe(false);
    expect(opensOnFirstView(at(''), 'en')).toBe(false);
  });
});
