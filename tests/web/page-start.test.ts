// What the page fetches and starts first (issue 17, cold start on slow 3G): on the app page every
// element but the first view waits for the first view's first figure (start-when-connected.ts); a
// model folder or the manifest asked for twice while on its way is downloaded once, and whoever
// asked hears how much of the weights has arrived (model-folder.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';

/** An element as startWhenConnected sees it, in a document that may hold a first view. */
interface FakeElement {
  isConnected: boolean;
  ownerDocument: { querySelector: () => unknown };
}
function element(firstView: unknown): FakeElement {
  return { isConnected: true, ownerDocument: { querySelector: () => firstView } };
}
const asElement = (el: FakeElement) => el as unknown as HTMLElement;
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startWhenConnected', () => {
  afterEach(() => vi.resetModules());

  it('starts at once on a page without the first view (an embedded lesson, a teacher’s page)', async () => {
    const { startWhenConnected } = await import('../../web/src/components/start-when-connected');
    const start = vi.fn();
    startWhenConnected(asElement(element(null)), start);
    expect(start).not.toHaveBeenCalled(); // after the script that connected it
    await turn();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('on the app page, starts the rest once the first view’s first figure is done, the first view at once', async () => {
    const { startWhenConnected, firstFigureDone } =
      await import('../../web/src/components/start-when-connected');
    const firstView = element(null);
    firstView.ownerDocument.querySelector = () => firstView;
    const lesson = element(firstView);
    const removed = element(firstView);
    const startFirst = vi.fn();
    const startLesson = vi.fn();
    const startRemoved = vi.fn();
    startWhenConnected(asElement(firstView), startFirst);
    startWhenConnected(asElement(lesson), startLesson);
    startWhenConnected(asElement(removed), startRemoved);
    await turn();
    expect(startFirst).toHaveBeenCalledTimes(1);
    expect(startLesson).not.toHaveBeenCalled();
    removed.isConnected = false;
    firstFigureDone();
    await turn();
    expect(startLesson).toHaveBeenCalledTimes(1);
    expect(startRemoved).not.toHaveBeenCalled();
  });
});

describe('model files asked for twice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('a folder on its way is fetched once for both; asked again after it arrived, fetched again', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      await turn();
      return new Response(url.endsWith('.safetensors') ? new Uint8Array([1, 2, 3]) : '{}');
    });
    const { fetchModelFolder } = await import('../../web/src/engine/model-folder');
    const base = 'http://example.test/app/';
    const [a, b] = await Promise.all([
      fetchModelFolder(base, 'seq2seq-additive'),
      fetchModelFolder(base, 'seq2seq-additive'),
    ]);
    expect(a).toBe(b);
    expect(urls).toHaveLength(3);
    expect([...new Uint8Array(a.weights)]).toEqual([1, 2, 3]);
    await fetchModelFolder(base, 'seq2seq-additive');
    expect(urls).toHaveLength(6);
  });

  it('both askers hear how much of the weights has arrived, of the length the server said', async () => {
    const weights = new Uint8Array(3000).map((_, i) => i % 251);
    vi.stubGlobal('fetch', async (url: string) => {
      if (!url.endsWith('.safetensors')) return new Response('{}');
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < weights.length; at += 1000) controller.enqueue(weights.slice(at, at + 1000));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-length': String(weights.length) } });
    });
    const { fetchModelFolder } = await import('../../web/src/engine/model-folder');
    const { fetchAsset } = await import('../../web/src/engine/assets');
    const heardA: [number, number | null][] = [];
    const heardB: [number, number | null][] = [];
    const base = 'http://example.test/app/';
    const [a] = await Promise.all([
      fetchModelFolder(base, 'tf-mlm', fetchAsset, (r, t) => heardA.push([r, t])),
      fetchModelFolder(base, 'tf-mlm', fetchAsset, (r, t) => heardB.push([r, t])),
    ]);
    expect([...new Uint8Array(a.weights)]).toEqual([...weights]);
    expect(heardA[0]).toEqual([1000, 3000]); // the first chunk is told at once
    expect(heardA.at(-1)).toEqual([3000, 3000]); // and the end, always
    expect(heardB.at(-1)).toEqual([3000, 3000]);
  });

  it('a gzip-encoded body’s length on the wire is not its length: progress without a total', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('.safetensors')
        ? new Response(new Uint8Array(10), { headers: { 'content-length': '4', 'content-encoding': 'gzip' } })
        : new Response('{}'),
    );
    const { fetchModelFolder } = await import('../../web/src/engine/model-folder');
    const { fetchAsset } = await import('../../web/src/engine/assets');
    const heard: [number, number | null][] = [];
    await fetchModelFolder('http://example.test/app/', 'tf-mlm', fetchAsset, (r, t) => heard.push([r, t]));
    expect(heard.at(-1)).toEqual([10, null]);
  });

  it('the manifest is fetched once a page; an empty answer (offline) is asked again', async () => {
    let calls = 0;
    let served: object | null = null;
    vi.stubGlobal('fetch', async () => {
      calls++;
      return served ? new Response(JSON.stringify(served)) : new Response('no', { status: 404 });
    });
    const { fetchManifest } = await import('../../web/src/engine/model-folder');
    const base = 'http://example.test/app/';
    expect(await fetchManifest(base)).toEqual({ models: [] });
    await turn();
    served = { models: ['tf-mlm'] };
    expect(await fetchManifest(base)).toEqual({ models: ['tf-mlm'] });
    expect(await fetchManifest(base)).toEqual({ models: ['tf-mlm'] });
    expect(calls).toBe(2);
  });
});
