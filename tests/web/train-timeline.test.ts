// The training lab's timeline and curves (web/src/lessons/train/timeline.ts), its model zip
// (run.ts), a run and its error messages, and its worker client (engine/lab-client.ts), with a
// stand-in worker.
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it, vi } from 'vitest';

// The i18n module reads the browser's languages when it loads; this Node has no navigator.
vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import {
  addSnapshot,
  downsample,
  exampleMap,
  goldHitCounts,
  goldHits,
  lossCurve,
  metricCurves,
  smooth,
  snapshotAt,
  type Snapshot,
} from '../../web/src/lessons/train/timeline';
import { TrainRun, modelZip, runErrorText, sharesOneWorker, zipName } from '../../web/src/lessons/train/run';
import { LabClient, LabHost, type LabWorkerLike } from '../../web/src/engine/lab-client';
import { CrossOriginWorkerError } from '../../web/src/engine/engine';
import type { LabExample, LabMessage, LabRequest } from '../../web/src/engine/lab-protocol';

const snap = (steps: number, exactMatch = 0, alignmentError: number | null = 0.5): Snapshot => ({
  steps,
  metrics: { steps, exactMatch, tokenAccuracy: 0, loss: 1, alignmentError, bestMap: null },
  example: null,
});

describe('the snapshot timeline', () => {
  it('keeps snapshots in order; one of the same step replaces the last', () => {
    let t: Snapshot[] = [];
    t = addSnapshot(t, snap(0));
    t = addSnapshot(t, snap(10));
    t = addSnapshot(t, snap(10, 0.5));
    expect(t.map((s) => s.steps)).toEqual([0, 10]);
    expect(t[1].metrics.exactMatch).toBe(0.5);
  });

  it('thins the older half when full, keeping "before training" and the latest', () => {
    let t: Snapshot[] = [];
    for (let i = 0; i <= 100; i++) t = addSnapshot(t, snap(i * 10), 50);
    expect(t.length).toBeLessThanOrEqual(50);
    expect(t[0].steps).toBe(0);
    expect(t[t.length - 1].steps).toBe(1000);
    const steps = t.map((s) => s.steps);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });

  it('finds the snapshot shown at a step: the last at or before it', () => {
    const t = [snap(0), snap(40), snap(90)];
    expect(snapshotAt(t, 0)?.steps).toBe(0);
    expect(snapshotAt(t, 89)?.steps).toBe(40);
    expect(snapshotAt(t, Infinity)?.steps).toBe(90);
    expect(snapshotAt([], 5)).toBeNull();
  });
});

describe('curves', () => {
  it('smooths with a debiased moving average: a constant stays itself', () => {
    expect(smooth([2, 2, 2])).toEqual([2, 2, 2]);
    const s = smooth([4, 0], 0.5);
    expect(s[0]).toBe(4);
    expect(s[1]).toBeCloseTo(4 / 3, 10); // (0.5*0.5*4 + 0.5*0) / (1 - 0.25)
  });

  it('averages a long series down to at most 200 points, ending at the last step', () => {
    const points = Array.from({ length: 1001 }, (_, i) => ({ x: i + 1, y: i }));
    const d = downsample(points, 200);
    expect(d.length).toBeLessThanOrEqual(201);
    expect(d[d.length - 1]).toEqual({ x: 1001, y: 998 }); // mean of 996..1000
    expect(d[0]).toEqual({ x: 6, y: 2.5 }); // mean of 0..5
    expect(lossCurve([3, 3, 3]).map((p) => p.x)).toEqual([1, 2, 3]);
  });

  it('draws the alignment miss rate only where the model has attention', () => {
    const c = metricCurves([snap(0, 0, 0.9), snap(100, 0.5, 0.1)]);
    expect(c.exactMatch).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0.5 },
    ]);
    expect(c.alignmentError).toEqual([
      { x: 0, y: 0.9 },
      { x: 100, y: 0.1 },
    ]);
    expect(metricCurves([snap(0, 0, null)]).alignmentError).toEqual([]);
  });
});

describe('the example map', () => {
  // reverse of "a b c": target j reads source 2 - j; rows = a b c targets + <eos>.
  const weights = new Float32Array([0.1, 0.1, 0.8, 0.2, 0.7, 0.1, 0.9, 0.05, 0.05, 0.3, 0.3, 0.4]);
  const example: LabExample = {
    index: 0,
    source: ['a', 'b', 'c'],
    target: ['c', 'b', 'a'],
    gold: [
      [2, 0],
      [1, 1],
      [0, 2],
    ],
    record: {
      maps: [
        {
          name: 'm',
          layer: 0,
          head: 0,
          rows: 4,
          cols: 3,
          rowLabels: ['c', 'b', 'a', '<eos>'],
          colLabels: [],
          scores: weights,
          weights,
        },
      ],
    } as unknown as LabExample['record'],
  };

  it('labels columns with the source and turns gold (source, target) into (row, col) cells', () => {
    const shown = exampleMap(example);
    expect(shown?.map.colLabels).toEqual(['a', 'b', 'c']);
    expect(shown?.gold).toEqual([
      [0, 2],
      [1, 1],
      [2, 0],
    ]);
    expect(goldHits(shown!.map, shown!.gold)).toBe(1);
  });

  it('counts rows whose strongest weight is elsewhere, and has no map without attention', () => {
    const shown = exampleMap(example)!;
    expect(goldHits(shown.map, [[0, 0], ...shown.gold.slice(1)])).toBeCloseTo(2 / 3, 10);
    expect(exampleMap({ ...example, record: { maps: [] } as unknown as LabExample['record'] })).toBeNull();
    expect(exampleMap(null)).toBeNull();
  });

  it("shows the map asked for among a Transformer's layers and heads (key, query gold as cells)", () => {
    // mirror of "a b": query i reads key 1 - i; head 2 has the alignment, head 1 reads itself.
    const head = (h: number, w: number[]) => ({
      name: `layer 1 head ${h}`,
      layer: 0,
      head: h - 1,
      rows: 2,
      cols: 2,
      rowLabels: ['a', 'b'],
      colLabels: ['a', 'b'],
      scores: new Float32Array(w),
      weights: new Float32Array(w),
    });
    const mirror: LabExample = {
      index: 0,
      source: ['a', 'b'],
      target: ['b', 'a'],
      gold: [
        [1, 0],
        [0, 1],
      ],
      record: {
        maps: [head(1, [0.9, 0.1, 0.1, 0.9]), head(2, [0.2, 0.8, 0.7, 0.3])],
      } as unknown as LabExample['record'],
    };
    const second = exampleMap(mirror, 1)!;
    expect(second.map.head).toBe(1);
    expect(second.gold).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(goldHits(second.map, second.gold)).toBe(1);
    expect(goldHits(exampleMap(mirror, 0)!.map, second.gold)).toBe(0);
    expect(exampleMap(mirror, 7)!.map.head).toBe(0); // a map the record lacks: the first
  });

  it('divides by the rows with a gold cell, not by gold cells (sort: every copy of a symbol is gold)', () => {
    // sort of "b a b a" -> "a a b b": each target reads either copy of its symbol, so the 4 rows
    // have 8 gold cells. Rows 0 and 2 put their strongest weight on a copy, rows 1 and 3 do not:
    // 2 of 4 rows (0.5), where dividing by gold cells would say 2 of 8.
    const w = [
      [0.1, 0.7, 0.1, 0.1], // a: on source 1, an "a"
      [0.7, 0.1, 0.1, 0.1], // a: on source 0, a "b"
      [0.1, 0.1, 0.7, 0.1], // b: on source 2, a "b"
      [0.1, 0.7, 0.1, 0.1], // b: on source 1, an "a"
      [0.25, 0.25, 0.25, 0.25], // <eos>: no gold cell
    ];
    const sort: LabExample = {
      index: 0,
      source: ['b', 'a', 'b', 'a'],
      target: ['a', 'a', 'b', 'b'],
      gold: [
        [0, 2],
        [0, 3],
        [1, 0],
        [1, 1],
        [2, 2],
        [2, 3],
        [3, 0],
        [3, 1],
      ],
      record: {
        maps: [
          {
            name: 'm',
            layer: 0,
            head: 0,
            rows: 5,
            cols: 4,
            rowLabels: ['a', 'a', 'b', 'b', '<eos>'],
            colLabels: [],
            scores: new Float32Array(w.flat()),
            weights: new Float32Array(w.flat()),
          },
        ],
      } as unknown as LabExample['record'],
    };
    const shown = exampleMap(sort)!;
    expect(shown.gold).toHaveLength(8);
    expect(goldHits(shown.map, shown.gold)).toBe(0.5);
    expect(goldHitCounts(shown.map, shown.gold)).toEqual({ hit: 2, rows: 4 });
  });
});

describe('the model zip', () => {
  it('holds the three files of a model folder, byte for byte', () => {
    const weights = new Uint8Array([8, 0, 0, 0, 0, 0, 0, 0, 123, 125, 1, 2, 3]);
    const zip = modelZip({
      config: '{"architecture":"seq2seq"}',
      card: '{"steps":300}',
      weights: weights.buffer,
    });
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual(['card.json', 'config.json', 'model.safetensors']);
    expect(JSON.parse(strFromU8(files['config.json'])).architecture).toBe('seq2seq');
    expect(JSON.parse(strFromU8(files['card.json'])).steps).toBe(300);
    expect([...files['model.safetensors']]).toEqual([...weights]);
    expect(zipName('reverse', 'dot', 300)).toBe('attnlab-reverse-dot-300-steps.zip');
  });
});

/** A worker that records requests and answers through `reply`. */
function fakeWorker() {
  const sent: LabRequest[] = [];
  const worker: LabWorkerLike & { reply(m: LabMessage): void; terminated: boolean } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    postMessage(m: LabRequest) {
      sent.push(m);
    },
    terminate() {
      this.terminated = true;
    },
    reply(m: LabMessage) {
      this.onmessage?.call(this as unknown as Worker, { data: m } as MessageEvent);
    },
  };
  return { worker, sent };
}

describe('the lab client', () => {
  it('a worker refused for its origin is a CrossOriginWorkerError, as in the lessons', () => {
    const refuse = () => {
      throw new DOMException('Script at x cannot be accessed from origin y', 'SecurityError');
    };
    expect(() => LabClient.start(() => {}, { createWorker: refuse })).toThrow(CrossOriginWorkerError);
  });

  it('forwards reports, answers an export, and rejects a pending export on an engine error', async () => {
    const { worker, sent } = fakeWorker();
    const seen: string[] = [];
    const client = LabClient.start((m) => seen.push(m.type), { createWorker: () => worker });
    client.send({ type: 'run' });
    worker.reply({ type: 'state', running: true, steps: 0 });
    const pending = client.exportModel();
    expect(sent.map((r) => r.type)).toEqual(['run', 'export']);
    const weights = new ArrayBuffer(4);
    worker.reply({ type: 'exported', config: 'c', card: 'k', weights });
    await expect(pending).resolves.toEqual({ config: 'c', card: 'k', weights });
    const refused = client.exportModel();
    worker.reply({ type: 'error', code: 'config', error: 'no run' });
    await expect(refused).rejects.toThrow('no run');
    expect(seen).toEqual(['state', 'error']);
    client.dispose();
    expect(worker.terminated).toBe(true);
    expect(sent.at(-1)).toEqual({ type: 'close', run: 0 });
    client.send({ type: 'run' });
    expect(sent.length).toBe(4); // nothing more after dispose
  });
});

describe('one worker for two runs (LabHost)', () => {
  it('routes each report to its run, every worker-wide report to both, and stops with the last run', () => {
    const { worker, sent } = fakeWorker();
    const host = LabHost.start({ createWorker: () => worker });
    const seen: string[][] = [[], []];
    const a = LabClient.start((m) => seen[0].push(m.type), { host });
    const b = LabClient.start((m) => seen[1].push(m.type), { host });
    expect(a.host).toBe(host);
    expect(b.host).toBe(host);
    a.send({ type: 'run' });
    b.send({ type: 'pause' });
    expect(sent).toEqual([
      { type: 'run', run: 0 },
      { type: 'pause', run: 1 },
    ]);
    worker.reply({ type: 'state', running: true, steps: 0, run: 0 } as LabMessage);
    worker.reply({ type: 'created', parameters: 1, totalSteps: 2, batchSize: 1, run: 1 } as LabMessage);
    worker.reply({ type: 'ready' });
    expect(seen).toEqual([
      ['state', 'ready'],
      ['created', 'ready'],
    ]);
    a.dispose();
    expect(sent.at(-1)).toEqual({ type: 'close', run: 0 });
    expect(worker.terminated).toBe(false); // b still trains on it
    worker.reply({ type: 'fatal', error: 'gone' });
    expect(seen[0]).toEqual(['state', 'ready']); // a hears nothing after dispose
    expect(seen[1].at(-1)).toBe('fatal');
    b.dispose();
    expect(sent.at(-1)).toEqual({ type: 'close', run: 1 });
    expect(worker.terminated).toBe(true);
  });

  it('two runs share a worker only when the machine has no core left for the page', () => {
    expect(sharesOneWorker(2, 2)).toBe(true);
    expect(sharesOneWorker(2, 1)).toBe(true);
    expect(sharesOneWorker(2, 3)).toBe(false);
    expect(sharesOneWorker(2, 8)).toBe(false);
    expect(sharesOneWorker(1, 1)).toBe(false);
  });
});

describe('a run and its errors', () => {
  it('an engine refusal while starting fails the run with its code, said in plain words', () => {
    const { worker, sent } = fakeWorker();
    const changes: string[] = [];
    const run = new TrainRun('seq2seq', 'additive', '{"steps":3}', 4, (kind) => changes.push(kind), {
      createWorker: () => worker,
    });
    expect(sent).toEqual([
      { type: 'create', config: '{"steps":3}', run: 0 },
      { type: 'example', index: 4, run: 0 },
    ]);
    worker.reply({ type: 'error', code: 'config', error: 'toy task "max_len" (3) is below "min_len" (5)' });
    expect(run.status).toBe('failed');
    expect(run.error).toEqual({ code: 'config', detail: 'toy task "max_len" (3) is below "min_len" (5)' });
    expect(changes).toEqual(['state']);
    expect(runErrorText(run.error!)).toBe(
      'The engine refused these settings: toy task "max_len" (3) is below "min_len" (5)',
    );
    expect(runErrorText({ code: 'unsupported', detail: 'x' })).toMatch(/engine code “unsupported”\): x/);
    expect(runErrorText({ code: 'cross_origin', detail: '' })).toMatch(/another website/);
    run.dispose();
  });

  it('follows the worker: progress adds losses, snapshots fill the timeline, the end is "done"', () => {
    const { worker } = fakeWorker();
    const run = new TrainRun('rnn', 'none', '{}', 0, () => {}, { createWorker: () => worker });
    worker.reply({ type: 'created', parameters: 10, totalSteps: 4, batchSize: 2 });
    worker.reply({ type: 'state', running: false, steps: 0 });
    expect(run.status).toBe('ready');
    worker.reply({ type: 'state', running: true, steps: 0 });
    worker.reply({
      type: 'progress',
      steps: 4,
      losses: [4, 3, 2, 1],
      stepsPerSecond: 100,
      examplesPerSecond: 200,
      tokensPerSecond: 1800,
    });
    worker.reply({ type: 'snapshot', steps: 4, metrics: snap(4).metrics, example: null });
    worker.reply({ type: 'state', running: false, steps: 4 });
    expect(run.losses).toEqual([4, 3, 2, 1]);
    expect(run.timeline.map((s) => s.steps)).toEqual([4]);
    expect(run.status).toBe('done');
    run.dispose();
  });
});
