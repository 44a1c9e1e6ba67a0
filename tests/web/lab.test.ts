// The training lab (cpp/train/lab.h through the WASM module, and the worker's loop in
// web/src/engine/lab-driver.ts): the page trains the model `attnlab train` would train, bit for
// bit; the loop reports progress and snapshots, pauses, and exports a folder the engine loads.
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

const config = (kind: string, steps: number, attention = 'additive') => ({
  model: { architecture: 'seq2seq', embed_dim: 8, hidden_size: 16, attention },
  task: { kind, min_len: 3, max_len: 7, symbols: 6, n_eval: 20, n_test: 20 },
  steps,
  batch_size: 4,
  lr: 0.01,
  seed: 2,
  log_every: 1000,
});

describe.each(['reverse', 'shift', 'sort', 'date'])('the lab on %s', (kind) => {
  it('takes the steps `attnlab train` takes: the same weights, bit for bit', () => {
    const steps = 25;
    const lab = new module.Lab();
    try {
      expect(lab.create(JSON.stringify(config(kind, steps))).ok).toBe(true);
      const r = lab.step(steps);
      expect(r.ok).toBe(true);
      expect(r.steps).toBe(steps);
      const exported = lab.exportModel(5);
      const dir = path.join(work, kind);
      fs.writeFileSync(path.join(work, `${kind}.json`), JSON.stringify(config(kind, steps)));
      execFileSync(NATIVE_CLI, ['train', path.join(work, `${kind}.json`), '--out', dir]);
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
    expect(bad.error).toMatch(/reverse, shift, sort or date/);
    expect(lab.step(1).ok).toBe(false); // the failed create leaves no run behind
  } finally {
    lab.delete();
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
  function driver() {
    const messages: LabMessage[] = [];
    const tasks: (() => void)[] = [];
    let time = 0;
    const d = new LabDriver(module, (m) => messages.push(m), {
      now: () => (time += 7), // every look at the clock is 7 ms later: a slice is a few steps
      later: (task) => tasks.push(task),
    });
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
