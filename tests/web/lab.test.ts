// The training lab (cpp/train/lab.h through the WASM module, and the worker's loop in
// web/src/engine/lab-driver.ts): the page trains the model `attnlab train` would train, bit for
// bit, on every task (the Seq2Seq tasks, recall with and without self-attention, mirror with one
// and two Transformer layers); the loop reports progress and snapshots, pauses, and exports a
// folder the engine loads.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabDriver } from '../../web/src/engine/lab-driver';
import type { LabMessage } from '../../web/src/engine/lab-protocol';
import type { AttnlabModule } from '../../web/src/engine/wasm-types';
import { NATIVE_CLI, loadWasm } from './support/wasm-node';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-lab-'));
let module: AttnlabModule;

beforeAll(async () => {
  module = await loadWasm();
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The small models the tests train: the lab's three families (web/src/lessons/train/state.ts). */
const MODELS: Record<string, Record<string, unknown>> = {
  seq2seq: { architecture: 'seq2seq', embed_dim: 8, hidden_size: 16, attention: 'additive' },
  self_attention: {
    architecture: 'rnn_self_attention',
    embed_dim: 8,
    hidden_size: 16,
    cell: 'rnn',
    variant: 'c',
    score: 'additive',
  },
  rnn: { architecture: 'rnn_lm', embed_dim: 8, hidden_size: 16, cell: 'rnn' },
  transformer1: { architecture: 'transformer', d_model: 16, n_head: 2, n_layer: 1, d_ff: 32 },
  transformer2: {
    architecture: 'transformer',
    d_model: 16,
    n_head: 2,
    n_layer: 2,
    d_ff: 32,
    positional: 'none',
  },
};

const config = (kind: string, steps: number, model = 'seq2seq', attention = 'additive') => ({
  model: model === 'seq2seq' ? { ...MODELS.seq2seq, attention } : MODELS[model],
  task: { kind, min_len: 3, max_len: 7, symbols: 6, n_eval: 20, n_test: 20 },
  steps,
  batch_size: 4,
  lr: kind === 'mirror' ? 0.003 : 0.01,
  seed: 2,
  log_every: 1000,
});

describe.each([
  ['reverse', 'seq2seq'],
  ['shift', 'seq2seq'],
  ['sort', 'seq2seq'],
  ['date', 'seq2seq'],
  ['recall', 'self_attention'],
  ['recall', 'rnn'],
  ['mirror', 'transformer1'],
  ['mirror', 'transformer2'],
])('the lab on %s (%s)', (kind, model) => {
  it('takes the steps `attnlab train` takes: the same weights, bit for bit', () => {
    const steps = 300;
    const lab = new module.Lab();
    try {
      expect(lab.create(JSON.stringify(config(kind, steps, model))).ok).toBe(true);
      const r = lab.step(steps);
      expect(r.ok).toBe(true);
      expect(r.steps).toBe(steps);
      // Every example has at least one input and one output (the exact count: test_toy_tasks.cpp).
      expect(r.tokens).toBeGreaterThanOrEqual(steps * config(kind, steps, model).batch_size * 2);
      const losses = Array.from(r.losses ?? []);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      expect(mean(losses.slice(-30))).toBeLessThan(mean(losses.slice(0, 30))); // a tiny run lowers the loss
      const exported = lab.exportModel(5);
      const dir = path.join(work, `${kind}-${model}`);
      fs.writeFileSync(path.join(work, `${kind}-${model}.json`), JSON.stringify(config(kind, steps, model)));
      execFileSync(NATIVE_CLI, ['train', path.join(work, `${kind}-${model}.json`), '--out', dir]);
      const native = fs.readFileSync(path.join(dir, 'model.safetensors'));
      expect(Buffer.from(exported.weights ?? []).equals(native)).toBe(true);
      expect(JSON.parse(exported.config ?? '{}')).toEqual(
        JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')),
      );
    } finally {
      lab.delete();
    }
  });
});

it('a held-out example comes with its gold alignment, and a bad config is refused with its reason', () => {
  const lab = new module.Lab();
  try {
    expect(lab.create(JSON.stringify(config('reverse', 10))).ok).toBe(true);
    const ex = lab.example(0);
    expect(ex.ok).toBe(true);
    const n = ex.source.length;
    expect(ex.target).toEqual([...ex.source].reverse());
    const gold: number[][] = [];
    for (let k = 0; k < ex.gold.length; k += 2) gold.push([ex.gold[k], ex.gold[k + 1]]);
    expect(gold.sort((a, b) => a[1] - b[1])).toEqual(ex.target.map((_, j) => [n - 1 - j, j]));
    expect(ex.maps[0].cols).toBe(n);
    expect(lab.example(99).ok).toBe(false);
    const bad = lab.create(JSON.stringify({ ...config('juggle', 10) }));
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/reverse, shift, sort, date, recall or mirror/);
    expect(lab.step(1).ok).toBe(false); // the failed create leaves no run behind
  } finally {
    lab.delete();
  }
});

it('a recall or mirror example is the T x T self-attention with its gold cells', () => {
  const lab = new module.Lab();
  try {
    expect(lab.create(JSON.stringify(config('recall', 5, 'self_attention'))).ok).toBe(true);
    const recall = lab.example(0);
    const n = recall.source.length;
    expect(recall.target).toEqual([recall.source[0]]);
    expect([...recall.gold]).toEqual([0, n - 1]); // (key, query): the last position reads the first
    expect(recall.maps[0].rows).toBe(n);
    expect(recall.maps[0].cols).toBe(n);
    expect(recall.maps[0].col_labels).toEqual(recall.source);
    const metrics = JSON.parse(lab.evaluate(20).metrics ?? '{}');
    expect(metrics.best_map).toBe(0);
    expect(typeof metrics.alignment_error).toBe('number');

    expect(lab.create(JSON.stringify(config('mirror', 5, 'transformer2'))).ok).toBe(true);
    const mirror = lab.example(3);
    const m = mirror.source.length;
    expect(mirror.target).toEqual([...mirror.source].reverse());
    expect(mirror.maps).toHaveLength(4); // 2 layers x 2 heads
    const gold: number[][] = [];
    for (let k = 0; k < mirror.gold.length; k += 2) gold.push([mirror.gold[k], mirror.gold[k + 1]]);
    expect(gold).toEqual(mirror.source.map((_, i) => [m - 1 - i, i]));
    const byHead = JSON.parse(lab.evaluate(20).metrics ?? '{}');
    expect(byHead.maps).toHaveLength(4);
    expect(Math.min(...byHead.maps.map((x: { alignment_error: number }) => x.alignment_error))).toBe(
      byHead.alignment_error,
    );

    expect(lab.create(JSON.stringify(config('recall', 5, 'rnn'))).ok).toBe(true);
    expect(lab.example(0).maps).toHaveLength(0);
    expect(JSON.parse(lab.evaluate(5).metrics ?? '{}').alignment_error).toBeNull();
    const wrong = lab.create(JSON.stringify(config('mirror', 5, 'rnn')));
    expect(wrong).toMatchObject({ ok: false, code: 'config' });
    expect(wrong.error).toMatch(/mirror task needs a model of architecture "transformer"/);
  } finally {
    lab.delete();
  }
});

it.each([
  ['recall', 'self_attention'],
  ['mirror', 'transformer1'],
])('the exported %s folder loads in the engine and reads letters', (kind, model) => {
  const lab = new module.Lab();
  const session = new module.Session();
  try {
    lab.create(JSON.stringify(config(kind, 100, model)));
    lab.step(100);
    const out = lab.exportModel(20);
    expect(out.ok).toBe(true);
    const card = JSON.parse(out.card ?? '{}');
    expect(card).toMatchObject({ seed: 2, training: { steps: 100 }, data: { kind } });
    expect(typeof card.metrics.valid.exact_match).toBe('number');
    expect(typeof card.metrics.valid.alignment_error).toBe('number');
    expect(session.load(out.config ?? '', out.weights ?? new Uint8Array(), out.card ?? '').ok).toBe(true);
    const forward = session.forward('a c b f');
    expect(forward.ok).toBe(true);
    expect(forward.tokens).toEqual(['a', 'c', 'b', 'f']);
    expect(forward.maps[0].cols).toBe(4);
    // The native CLI reads the same folder.
    const dir = path.join(work, `export-${kind}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'config.json'), out.config ?? '');
    fs.writeFileSync(path.join(dir, 'card.json'), out.card ?? '');
    fs.writeFileSync(path.join(dir, 'model.safetensors'), out.weights ?? new Uint8Array());
    expect(execFileSync(NATIVE_CLI, ['info', dir]).toString()).toMatch(/parameters/);
    expect(execFileSync(NATIVE_CLI, ['forward', dir, '--text', 'a c b f']).toString()).toMatch(
      /tokens: a c b f/,
    );
  } finally {
    lab.delete();
    session.delete();
  }
});

it('the exported folder loads in the engine and translates', () => {
  const lab = new module.Lab();
  const session = new module.Session();
  try {
    lab.create(JSON.stringify(config('reverse', 300)));
    lab.step(300);
    const out = lab.exportModel(20);
    expect(out.ok).toBe(true);
    const card = JSON.parse(out.card ?? '{}');
    expect(card.training.steps).toBe(300);
    expect(card.data.kind).toBe('reverse');
    expect(typeof card.metrics.valid.exact_match).toBe('number');
    expect(session.load(out.config ?? '', out.weights ?? new Uint8Array(), out.card ?? '').ok).toBe(true);
    const forward = session.forward('a b c d');
    expect(forward.ok).toBe(true);
    expect(forward.maps[0].cols).toBe(4);
  } finally {
    lab.delete();
    session.delete();
  }
});

describe('the worker loop', () => {
  function driver(warmUpMs = 0) {
    const messages: LabMessage[] = [];
    const tasks: (() => void)[] = [];
    let time = 0;
    const d = new LabDriver(
      module,
      (m) => messages.push(m),
      {
        now: () => (time += 7), // every look at the clock is 7 ms later: a slice is a few steps
        later: (task) => tasks.push(task),
      },
      warmUpMs,
    );
    const drain = (limit = 10000) => {
      for (let k = 0; k < limit && tasks.length; k++) tasks.shift()?.();
    };
    return { d, messages, tasks, drain };
  }

  it('shows the state before training, steps once, runs in slices to the end, and lowers the loss', () => {
    const { d, messages, drain } = driver();
    d.handle({ type: 'create', config: JSON.stringify(config('reverse', 200)) });
    const created = messages.find((m) => m.type === 'created');
    expect(created).toMatchObject({ totalSteps: 200, batchSize: 4 });
    const before = messages.find((m) => m.type === 'snapshot');
    expect(before).toMatchObject({ steps: 0 });
    d.handle({ type: 'step', n: 1 });
    expect(messages.filter((m) => m.type === 'progress').at(-1)).toMatchObject({ steps: 1 });
    d.handle({ type: 'run' });
    drain();
    const progress = messages.filter((m) => m.type === 'progress');
    expect(progress.length).toBeGreaterThan(10); // many slices, not one long call
    expect(progress.at(-1)).toMatchObject({ steps: 200 });
    const losses = progress.flatMap((m) => (m.type === 'progress' ? m.losses : []));
    expect(losses).toHaveLength(200);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(losses.slice(-20))).toBeLessThan(mean(losses.slice(0, 20)));
    expect(messages.at(-1)).toMatchObject({ type: 'snapshot', steps: 200 });
    expect(messages.filter((m) => m.type === 'state').at(-1)).toMatchObject({ running: false, steps: 200 });
    d.dispose();
  });

  it('warms up on a scratch copy: no message, and the run trains exactly as without it', () => {
    const lossesOf = (warmUpMs: number, warmSlices: number) => {
      const { d, messages, tasks, drain } = driver(warmUpMs);
      d.handle({ type: 'create', config: JSON.stringify(config('reverse', 60)) });
      const before = messages.length;
      for (let k = 0; k < warmSlices; k++) tasks.shift()?.();
      const warmMessages = messages.length - before;
      const warming = tasks.length > 0; // warm-up slices still to come
      d.handle({ type: 'run' });
      drain();
      d.dispose();
      const losses = messages.flatMap((m) => (m.type === 'progress' ? m.losses : []));
      return { losses, warmMessages, warming };
    };
    const plain = lossesOf(0, 0);
    expect(plain.losses).toHaveLength(60);
    const warmed = lossesOf(200, 1000); // the whole warm-up, then Start
    expect(warmed.warmMessages).toBe(0);
    expect(warmed.warming).toBe(false);
    expect(warmed.losses).toEqual(plain.losses);
    const early = lossesOf(2_000, 2); // Start while warming up: the warm-up ends first
    expect(early.warming).toBe(true);
    expect(early.losses).toEqual(plain.losses);
  });

  it('Start during the warm-up says so and trains only once the warm-up is over', () => {
    const { d, messages, tasks, drain } = driver(2_000);
    d.handle({ type: 'create', config: JSON.stringify(config('reverse', 60)) });
    tasks.shift()?.(); // one warm-up slice
    d.handle({ type: 'run' });
    expect(messages.at(-1)).toEqual({ type: 'state', running: true, steps: 0, warming: true });
    // The warm-up's slices run to its end with no step of the run in between.
    const stepsWhileWarming = () => messages.filter((m) => m.type === 'progress').length;
    let slices = 0;
    while (tasks.length && !messages.some((m) => m.type === 'state' && m.running && !m.warming)) {
      expect(stepsWhileWarming()).toBe(0);
      tasks.shift()?.();
      slices++;
    }
    expect(slices).toBeGreaterThan(10); // 2,000 ms of warm-up at 7 ms per look at the clock
    drain();
    expect(messages.filter((m) => m.type === 'progress').at(-1)).toMatchObject({ steps: 60 });
    // Pause during a warm-up: nothing trains when it ends.
    const paused = driver(2_000);
    paused.d.handle({ type: 'create', config: JSON.stringify(config('reverse', 60)) });
    paused.d.handle({ type: 'run' });
    paused.d.handle({ type: 'pause' });
    paused.drain();
    expect(paused.messages.filter((m) => m.type === 'progress')).toHaveLength(0);
    expect(paused.messages.filter((m) => m.type === 'state').at(-1)).toMatchObject({
      running: false,
      steps: 0,
    });
    d.dispose();
    paused.d.dispose();
  });

  it('two runs in one worker take turns: each trains exactly as alone, and its speed counts the turns', () => {
    // One worker's event loop: one task queue and one clock for both drivers (lab-worker.ts).
    const train = (attentions: string[]) => {
      const tasks: (() => void)[] = [];
      let time = 0;
      const clock = { now: () => (time += 7), later: (task: () => void) => tasks.push(task) };
      const order: number[] = [];
      const runs = attentions.map((attention, run) => {
        const messages: LabMessage[] = [];
        const d = new LabDriver(
          module,
          (m) => (messages.push(m), m.type === 'progress' && order.push(run)),
          clock,
        );
        d.handle({ type: 'create', config: JSON.stringify(config('reverse', 80, 'seq2seq', attention)) });
        return { d, messages };
      });
      for (const { d } of runs) d.handle({ type: 'run' });
      for (let k = 0; k < 10000 && tasks.length; k++) tasks.shift()?.();
      return runs.map(({ d, messages }) => {
        d.dispose();
        const progress = messages.flatMap((m) => (m.type === 'progress' ? [m] : []));
        const speeds = progress.map((m) => m.stepsPerSecond);
        return {
          losses: progress.flatMap((m) => m.losses),
          speed: speeds.reduce((a, b) => a + b, 0) / speeds.length,
          order,
        };
      });
    };
    const [additive] = train(['additive']);
    const [none] = train(['none']);
    const [sharedAdditive, sharedNone] = train(['additive', 'none']);
    expect(sharedAdditive.losses).toHaveLength(80);
    expect(sharedAdditive.losses).toEqual(additive.losses);
    expect(sharedNone.losses).toEqual(none.losses);
    // they alternate slice by slice while both run
    const firstEnd = Math.min(sharedAdditive.order.lastIndexOf(0), sharedAdditive.order.lastIndexOf(1));
    const turns = sharedAdditive.order.slice(0, firstEnd);
    expect(turns.length).toBeGreaterThan(4);
    expect(turns.every((run, k) => k === 0 || run !== turns[k - 1])).toBe(true);
    // steps per second of the clock: the other run's turns slow each one down
    expect(sharedAdditive.speed).toBeLessThan(0.75 * additive.speed);
  });

  it('pauses between slices and resumes where it stopped', () => {
    const { d, messages, tasks, drain } = driver();
    d.handle({ type: 'create', config: JSON.stringify(config('shift', 500)) });
    d.handle({ type: 'run' });
    tasks.shift()?.(); // one slice
    d.handle({ type: 'pause' });
    drain();
    const paused = messages.filter((m) => m.type === 'progress').at(-1);
    expect(paused && paused.type === 'progress' && paused.steps).toBeLessThan(500);
    expect(messages.filter((m) => m.type === 'state').at(-1)).toMatchObject({ running: false });
    d.handle({ type: 'run' });
    drain();
    expect(messages.filter((m) => m.type === 'progress').at(-1)).toMatchObject({ steps: 500 });
    d.dispose();
  });

  it('reports a config the engine refuses instead of throwing', () => {
    const { d, messages } = driver();
    d.handle({ type: 'create', config: JSON.stringify({ ...config('reverse', 10), batch_size: 0 }) });
    expect(messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'config' }));
    d.dispose();
  });
});
