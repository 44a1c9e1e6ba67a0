// The lesson controllers without a browser: a fake Lit host counts update requests, fake engines
// answer when the test says so. LatestForward shows only the newest answer; ModelSet loads each
// model once, reports failures, and disposes every engine when its element leaves the page
// (including one whose load finishes after that).
import { describe, expect, it, vi } from 'vitest';

// The i18n module (a failed load names missing WebAssembly features in the page's language) reads
// the browser's languages when it loads; this Node has no navigator.
vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { LatestForward, type ForwardEngine } from '../../web/src/lessons/shared/latest-forward';
import { LOCAL, ModelSet } from '../../web/src/lessons/shared/model-set';
import {
  LSTMN_MODELS,
  SEQ2SEQ_MODELS,
  TRANSFORMER_MODELS,
  modelFolders,
  servedModels,
} from '../../web/src/lessons/shared/models';
import {
  CrossOriginWorkerError,
  EngineClient,
  EngineError,
  SupersededError,
} from '../../web/src/engine/engine';
import type { ForwardRecord } from '../../web/src/engine/records';

class FakeHost implements ReactiveControllerHost {
  controllers: ReactiveController[] = [];
  updates = 0;
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {
    this.updates++;
  }
  get updateComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }
  disconnect(): void {
    for (const c of this.controllers) c.hostDisconnected?.();
  }
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** An engine whose answers the test releases one by one, in any order. */
class FakeEngine implements ForwardEngine {
  calls: { input: string; target?: string; answer: Deferred<ForwardRecord> }[] = [];
  forward(input: string, target?: string): Promise<ForwardRecord> {
    const answer = deferred<ForwardRecord>();
    this.calls.push({ input, target, answer });
    return answer.promise;
  }
}

const recordOf = (text: string) => ({ tokens: text.split(' ') }) as unknown as ForwardRecord;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('LatestForward', () => {
  it('registers with its host and shows the newest answer even when an older one arrives last', async () => {
    const host = new FakeHost();
    const forward = new LatestForward(host);
    expect(host.controllers).toContain(forward);
    const engine = new FakeEngine();
    forward.run(engine, 'the cat');
    forward.run(engine, 'the cat sat');
    expect(forward.busy).toBe(true);
    const [older, newer] = engine.calls;
    newer.answer.resolve(recordOf('the cat sat'));
    await settle();
    expect(forward.record?.tokens).toEqual(['the', 'cat', 'sat']);
    expect(forward.busy).toBe(false);
    older.answer.resolve(recordOf('the cat'));
    await settle();
    expect(forward.record?.tokens).toEqual(['the', 'cat', 'sat']);
    expect(host.updates).toBeGreaterThan(0);
  });

  it('keeps busy on until the newest request settles, and shows an error as text', async () => {
    const forward = new LatestForward(new FakeHost());
    const engine = new FakeEngine();
    forward.run(engine, 'a');
    forward.run(engine, 'b');
    engine.calls[0].answer.resolve(recordOf('a'));
    await settle();
    expect(forward.record?.tokens).toEqual(['a']); // nothing newer on screen yet
    expect(forward.busy).toBe(true);
    engine.calls[1].answer.reject(new EngineError('no words'));
    await settle();
    expect(forward.busy).toBe(false);
    expect(forward.record).toBeNull();
    expect(forward.runError).toBe('no words');
  });

  it('drops answers that are no longer current and ones superseded by the engine', async () => {
    const forward = new LatestForward(new FakeHost());
    const engine = new FakeEngine();
    let model = 'a';
    forward.run(engine, 'x', () => model === 'a');
    model = 'b';
    engine.calls[0].answer.resolve(recordOf('x'));
    await settle();
    expect(forward.record).toBeNull();
    forward.run(engine, 'y');
    engine.calls[1].answer.reject(new SupersededError());
    await settle();
    expect(forward.runError).toBeNull();
    expect(forward.busy).toBe(true); // a superseded request never settles the view
  });

  it('clear() empties the figure at once and drops answers on their way', async () => {
    const forward = new LatestForward(new FakeHost());
    const engine = new FakeEngine();
    forward.run(engine, 'x');
    forward.clear();
    expect(forward.busy).toBe(false);
    engine.calls[0].answer.resolve(recordOf('x'));
    await settle();
    expect(forward.record).toBeNull();
  });

  it('passes the target on and runs onRecord after a shown record; no engine, no request', async () => {
    const forward = new LatestForward(new FakeHost());
    forward.run(null, 'x');
    expect(forward.busy).toBe(false);
    const engine = new FakeEngine();
    const seen: ForwardRecord[] = [];
    forward.run(engine, 'the car', undefined, (r) => seen.push(r), 'la voiture');
    expect(engine.calls[0].target).toBe('la voiture');
    engine.calls[0].answer.resolve(recordOf('the car'));
    await settle();
    expect(seen).toHaveLength(1);
  });

  it('two controllers on one host are independent (Seq2Seq side by side)', async () => {
    const host = new FakeHost();
    const main = new LatestForward(host);
    const other = new LatestForward(host);
    const engine = new FakeEngine();
    main.run(engine, 'a');
    other.run(engine, 'a', undefined, undefined, 'b');
    engine.calls[1].answer.resolve(recordOf('other'));
    await settle();
    expect(other.record?.tokens).toEqual(['other']);
    expect(main.record).toBeNull();
    expect(main.busy).toBe(true);
  });
});

class FakeModel {
  disposed = 0;
  engine = { dispose: () => void this.disposed++ };
  constructor(readonly folder: string) {}
}

function modelSet(served: string[] = ['lm-rnn-selfattn', 'lm-lstm']) {
  const host = new FakeHost();
  const loads: Record<string, Deferred<FakeModel>> = {};
  const loadCalls: string[] = [];
  const ready: string[] = [];
  const progress: Record<string, (received: number, total: number | null) => void> = {};
  const set = new ModelSet(host, {
    lesson: LSTMN_MODELS,
    load: (folder, onProgress) => {
      loadCalls.push(folder);
      loads[folder] = deferred<FakeModel>();
      if (onProgress) progress[folder] = onProgress;
      return loads[folder].promise;
    },
    loadLocal: (folder) => {
      loadCalls.push(`local:${folder.config}`);
      loads[`local:${folder.config}`] = deferred<FakeModel>();
      return loads[`local:${folder.config}`].promise;
    },
    manifest: async () => served,
    onReady: (key) => ready.push(key),
  });
  return { host, set, loads, loadCalls, ready, progress };
}

describe('ModelSet', () => {
  it('says how much of a loading model has arrived, and nothing of it once ready', async () => {
    const { set, loads, progress, host } = modelSet();
    const first = set.ensure('lstm');
    expect(set.state('lstm')).toEqual({ status: 'loading' });
    const updates = host.updates;
    progress['lm-lstm'](430_000, 941_000);
    expect(set.state('lstm')).toEqual({ status: 'loading', received: 430_000, total: 941_000 });
    expect(host.updates).toBeGreaterThan(updates);
    loads['lm-lstm'].resolve(new FakeModel('lm-lstm'));
    await first;
    progress['lm-lstm'](941_000, 941_000); // a late report from a shared download
    expect(set.state('lstm')?.status).toBe('ready');
  });

  it('lists the served models in switch order after reading the manifest', async () => {
    const { set } = modelSet(['lm-lstm', 'tf-mlm', 'lm-rnn-selfattn']);
    expect(set.manifestRead).toBe(false);
    await set.readManifest();
    expect(set.manifestRead).toBe(true);
    expect(set.available).toEqual(['rnn-selfattn', 'lstm']);
  });

  it('loads a model once, from its registry folder, and reports it ready', async () => {
    const { set, loads, loadCalls, ready } = modelSet();
    const first = set.ensure('lstm');
    void set.ensure('lstm');
    expect(loadCalls).toEqual(['lm-lstm']);
    expect(set.state('lstm')).toEqual({ status: 'loading' });
    const model = new FakeModel('lm-lstm');
    loads['lm-lstm'].resolve(model);
    await first;
    expect(set.ready('lstm')).toBe(model);
    expect(ready).toEqual(['lstm']);
    await set.ensure('lstm');
    expect(loadCalls).toHaveLength(1);
  });

  it('loads nothing for an element taken out of the page (an embedded page drops the other lessons)', async () => {
    const { host, set, loadCalls } = modelSet();
    Object.assign(host, { isConnected: false });
    await set.ensure('lstm');
    expect(loadCalls).toEqual([]);
    expect(set.state('lstm')).toBeUndefined();
    Object.assign(host, { isConnected: true });
    void set.ensure('lstm');
    expect(loadCalls).toEqual(['lm-lstm']);
  });

  it('reports a failed load and tries again when asked again', async () => {
    const { set, loads, loadCalls } = modelSet();
    const first = set.ensure('rnn');
    loads['lm-rnn'].reject(new Error('lm-rnn/config.json answered 404'));
    await first;
    expect(set.state('rnn')).toEqual({ status: 'failed', error: 'lm-rnn/config.json answered 404' });
    expect(set.ready('rnn')).toBeNull();
    void set.ensure('rnn');
    expect(loadCalls).toEqual(['lm-rnn', 'lm-rnn']);
  });

  it('tells a worker refused on another origin (the element snippet on another site) from other failures', async () => {
    // What Chromium throws for a module worker whose script is on another origin.
    const refused = EngineClient.create({
      createWorker: () => {
        throw new DOMException("Failed to construct 'Worker': Script cannot be accessed", 'SecurityError');
      },
    });
    await expect(refused).rejects.toBeInstanceOf(CrossOriginWorkerError);
    const other = EngineClient.create({
      createWorker: () => {
        throw new TypeError('not a worker');
      },
    });
    await expect(other).rejects.not.toBeInstanceOf(CrossOriginWorkerError);
    const { set, loads } = modelSet();
    const first = set.ensure('rnn');
    loads['lm-rnn'].reject(await refused.catch((error: unknown) => error));
    await first;
    expect(set.state('rnn')).toMatchObject({ status: 'failed', crossOrigin: true });
  });

  it('disposes every loaded engine when the element leaves, and one that arrives after that', async () => {
    const { host, set, loads } = modelSet();
    const a = new FakeModel('lm-rnn-selfattn');
    const loadingA = set.ensure('rnn-selfattn');
    loads['lm-rnn-selfattn'].resolve(a);
    await loadingA;
    const late = set.ensure('lstm');
    host.disconnect();
    expect(a.disposed).toBe(1);
    expect(set.state('rnn-selfattn')).toBeUndefined();
    const b = new FakeModel('lm-lstm');
    loads['lm-lstm'].resolve(b);
    await late;
    expect(b.disposed).toBe(1);
    expect(set.ready('lstm')).toBeNull();
  });

  it('a model opened from files: loads beside the others, replaces the one before, and is disposed on leaving', async () => {
    const { host, set, loads, ready } = modelSet();
    const folder = (name: string) => ({ config: name, weights: new ArrayBuffer(0), card: '{}' });
    const first = set.openLocal('mine', folder('a'));
    expect(set.local?.name).toBe('mine');
    expect(set.state(LOCAL)).toEqual({ status: 'loading' });
    const a = new FakeModel('a');
    loads['local:a'].resolve(a);
    await first;
    expect(set.ready(LOCAL)).toBe(a);
    expect(ready).toEqual([LOCAL]);
    // A second one replaces it: the first's worker stops.
    const second = set.openLocal('other', folder('b'));
    expect(a.disposed).toBe(1);
    loads['local:b'].reject(new Error('missing tensor "enc.weight"'));
    await second;
    expect(set.state(LOCAL)).toEqual({ status: 'failed', error: 'missing tensor "enc.weight"' });
    // One that finishes after the element left is disposed at once, never kept.
    const third = set.openLocal('late', folder('c'));
    host.disconnect();
    const c = new FakeModel('c');
    loads['local:c'].resolve(c);
    await third;
    expect(c.disposed).toBe(1);
    expect(set.local).toBeNull();
  });
});

describe('the model registry', () => {
  it('falls back as each lesson says when the manifest lists none of its models', () => {
    expect(servedModels(SEQ2SEQ_MODELS, [])).toEqual(['additive']);
    expect(servedModels(LSTMN_MODELS, ['seq2seq-dot'])).toEqual(['rnn-selfattn']);
    expect(servedModels(TRANSFORMER_MODELS, [])).toEqual([]);
  });

  it('gives every model its own folder', () => {
    const folders = [SEQ2SEQ_MODELS, LSTMN_MODELS, TRANSFORMER_MODELS].flatMap((l) =>
      Object.values<string>(modelFolders(l)),
    );
    expect(new Set(folders).size).toBe(folders.length);
    expect(modelFolders(TRANSFORMER_MODELS).additive).toBe('tf-mlm-additive');
  });
});
