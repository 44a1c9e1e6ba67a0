// The real WebAssembly module (build/wasm/attnlab_node.cjs) through its Embind API, and the
// engine worker (web/src/engine/worker.ts) and client (engine.ts) running on top of it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toForwardRecord } from '../../web/src/engine/convert';
import { EngineClient, EngineError, SupersededError } from '../../web/src/engine/engine';
import {
  DEMO_CONFIG,
  DEMO_SEED,
  allFinite,
  mapProblems,
  rowSums,
  weightsOf,
} from '../../web/src/engine/records';
import type { AttnlabModule, ForwardResult, Session } from '../../web/src/engine/wasm-types';
import { shimState } from './support/generated-shim';
import { startWorker, type InProcessWorker } from './support/in-process-worker';
import { countersOf, loadWasm } from './support/wasm-node';

const SENTENCE = 'the cat sat on the mat because it was tired';
const DEMO = JSON.stringify(DEMO_CONFIG);

describe('Session (Embind, Node build)', () => {
  let module: AttnlabModule;
  let session: Session;
  let setupError: unknown = null;

  beforeAll(async () => {
    try {
      module = await loadWasm();
      session = new module.Session();
    } catch (error) {
      setupError = error;
    }
  });
  // A missing build fails every test with the command that makes it (never a silent skip).
  beforeEach(() => {
    if (setupError) throw setupError;
  });

  afterAll(() => {
    if (!session) return;
    session.delete();
    expect(session.isDeleted?.()).toBe(true);
  });

  it('answers ok:false, without throwing, before a model is loaded and for a bad config', () => {
    const before = session.forward('hello');
    expect(before.ok).toBe(false);
    expect(before.error).toMatch(/no model/);
    expect(before.code).toBe('no_model');
    const bad = session.loadRandom('{"architecture": "nonsense"}', 1);
    expect(bad.ok).toBe(false);
    expect(bad.code).toBe('config');
    expect(bad.error).toMatch(/known architectures/);
    const badCell = session.loadRandom(
      '{"architecture": "rnn_lm", "vocab_size": 9, "embed_dim": 4, "hidden_size": 4, "cell": "rnm"}',
      1,
    );
    expect(badCell.code).toBe('config');
    expect(badCell.error).toBe('config "cell" is "rnm" (expected rnn, lstm or gru)');
    expect(session.loadRandom('not json', 1).ok).toBe(false);
    // Fuzz finding 3: a config past the engine's parameter limit is refused by name, not an 8 GB
    // allocation that runs the module out of memory.
    const huge = session.loadRandom(
      '{"architecture": "rnn_lm", "vocab_size": 1048576, "embed_dim": 2048, "hidden_size": 8, "cell": "rnn"}',
      1,
    );
    expect(huge.code).toBe('config');
    expect(huge.error).toMatch(/more than 33554432 parameters/);
  });

  it('loads the demo model with random weights', () => {
    expect(session.loadRandom(DEMO, DEMO_SEED)).toEqual({ ok: true });
    const info = session.info();
    expect(info.ok).toBe(true);
    expect(JSON.parse(info.config ?? '{}')).toMatchObject({
      architecture: 'attention_encoder',
      n_head: 2,
      d_model: 32,
    });
    expect(info.parameters).toBeGreaterThan(0);
  });

  it('forward: one map per head, n x n weights whose rows sum to 1, finite scores', () => {
    const result: ForwardResult = session.forward(SENTENCE);
    expect(result.ok).toBe(true);
    const n = SENTENCE.split(' ').length;
    expect(result.tokens).toEqual(SENTENCE.split(' '));
    expect(result.ids).toBeInstanceOf(Int32Array);
    expect(result.ids).toHaveLength(n);
    expect(result.maps).toHaveLength(DEMO_CONFIG.n_head);
    for (const raw of result.maps) {
      expect(raw.rows * raw.cols).toBe(n * n);
      expect(raw.weights).toBeInstanceOf(Float32Array);
      expect(raw.weights).toHaveLength(n * n);
      expect(raw.scores).toHaveLength(n * n);
      expect(raw.row_labels).toEqual(result.tokens);
      expect(raw.col_labels).toEqual(result.tokens);
      expect(allFinite(raw.scores)).toBe(true);
      expect(allFinite(raw.weights)).toBe(true);
      for (const sum of rowSums({ rows: raw.rows, cols: raw.cols, values: raw.weights })) {
        expect(Math.abs(sum - 1)).toBeLessThan(1e-5);
      }
    }
    for (const tensor of result.tensors) {
      expect(tensor.data).toHaveLength(tensor.rows * tensor.cols);
      expect(allFinite(tensor.data), tensor.name).toBe(true);
    }
    // The same through the records the page draws from.
    const record = toForwardRecord(result);
    expect(record.maps.flatMap((m) => mapProblems(m))).toEqual([]);
  });

  it('the same text and seed give the same weights; another seed other weights', () => {
    const a = session.forward(SENTENCE).maps[0].weights;
    expect(Array.from(session.forward(SENTENCE).maps[0].weights)).toEqual(Array.from(a));
    expect(session.loadRandom(DEMO, DEMO_SEED + 1).ok).toBe(true);
    expect(Array.from(session.forward(SENTENCE).maps[0].weights)).not.toEqual(Array.from(a));
    expect(session.loadRandom(DEMO, DEMO_SEED).ok).toBe(true);
  });

  it('handles empty text, one token, markup, emoji and CJK', () => {
    const empty = session.forward('');
    expect(empty.ok).toBe(true);
    expect(empty.tokens).toEqual([]);
    const one = session.forward('cat');
    expect(one.maps[0].rows * one.maps[0].cols).toBe(1);
    expect(one.maps[0].weights[0]).toBeCloseTo(1, 6);
    const markup = session.forward('<img src=x onerror=alert(1)>');
    expect(markup.ok).toBe(true);
    expect(markup.tokens.join('')).toBe('<imgsrc=xonerror=alert(1)>');
    const cjk = session.forward('猫 坐在 垫子上 🐱');
    expect(cjk.ok).toBe(true);
    expect(cjk.tokens).toEqual(['猫', '坐在', '垫子上', '🐱']);
  });

  it('refuses more tokens than the model reads, with a message', () => {
    const long = session.forward('a '.repeat(300));
    expect(long.ok).toBe(false);
    expect(long.error).toMatch(/300 tokens.*at most 256/);
    expect([long.code, long.token_count, long.max_tokens]).toEqual(['too_many_tokens', 300, 256]);
  });

  it('answers forced decoding of a model that decodes nothing with code "unsupported"', () => {
    const forced = session.forwardForced('the red car', 'la voiture');
    expect(forced.ok).toBe(false);
    expect(forced.code).toBe('unsupported');
    expect(forced.error).toMatch(/does not decode a target sentence/);
  });

  it('copies every float array out of the heap (results survive later calls)', () => {
    const first = session.forward(SENTENCE);
    const copy = Array.from(first.maps[0].weights);
    for (let i = 0; i < 20; i++) session.forward('a much longer sentence '.repeat(10));
    expect(Array.from(first.maps[0].weights)).toEqual(copy);
  });

  it('leaks no Embind handles across many calls', () => {
    const counters = countersOf(module);
    session.forward(SENTENCE);
    const handles = counters.count_emval_handles();
    for (let i = 0; i < 50; i++) session.forward(SENTENCE);
    session.info();
    session.forward('a '.repeat(300));
    expect(counters.count_emval_handles()).toBe(handles);
  });
});

describe('EngineClient + worker.ts on the real module', () => {
  let worker: InProcessWorker;
  let client: EngineClient;
  let setupError: unknown = null;

  beforeAll(async () => {
    try {
      worker = await startWorker();
      client = await EngineClient.create({ createWorker: () => worker, startTimeoutMs: 20_000 });
    } catch (error) {
      setupError = error;
    }
  });
  beforeEach(() => {
    if (setupError) throw setupError;
  });

  afterAll(() => client?.dispose());

  it('reports engine errors as rejected promises with the engine message', async () => {
    await expect(client.forward('hello')).rejects.toThrow(/no model loaded/);
    await expect(client.loadRandom('{"architecture": "nonsense"}', 1)).rejects.toBeInstanceOf(EngineError);
    await expect(client.info()).rejects.toThrow(/no model loaded/);
  });

  it('loads the demo model and returns plain records', async () => {
    await client.loadRandom(DEMO_CONFIG, DEMO_SEED);
    const info = await client.info();
    expect(info.config).toMatchObject({ architecture: 'attention_encoder' });
    expect(info.parameters).toBeGreaterThan(0);
    const record = await client.forward(SENTENCE);
    expect(record.tokens).toHaveLength(10);
    expect(record.maps).toHaveLength(2);
    expect(record.maps[0].weights).toBeInstanceOf(Float32Array);
    expect(record.maps.flatMap((m) => mapProblems(m))).toEqual([]);
    expect(record.truncated).toBeNull();
  });

  it('latest wins: forwards asked for while one computes are replaced by the newest', async () => {
    const before = worker.received.length;
    const texts = ['one', 'one two', 'one two three', 'one two three four', 'one two three four five'];
    const outcomes = await Promise.allSettled(texts.map((text) => client.forward(text)));
    const forwards = worker.received.slice(before).filter((m) => (m as { type: string }).type === 'forward');
    // The first went out at once; the three in between were replaced before they were sent.
    expect(forwards.map((m) => (m as { text: string }).text)).toEqual([texts[0], texts[4]]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    for (const o of outcomes.slice(1, 4))
      expect((o as PromiseRejectedResult).reason).toBeInstanceOf(SupersededError);
    const last = outcomes[4] as PromiseFulfilledResult<Awaited<ReturnType<EngineClient['forward']>>>;
    expect(last.value.tokens).toEqual(texts[4].split(' '));
  });

  it('runs the beginning of a text that has more tokens than the model reads', async () => {
    const words = Array.from({ length: 300 }, (_, i) => `w${i}`);
    const record = await client.forward(words.join(' '));
    expect(record.truncated).toMatchObject({ tokens: 300, maxTokens: 256 });
    expect(record.tokens).toEqual(words.slice(0, 256));
    expect(record.maps[0].rows).toBe(256);
    for (const sum of rowSums(weightsOf(record.maps[0]))) expect(Math.abs(sum - 1)).toBeLessThan(1e-5);
  });

  it('leaves no stray Embind handles in the worker', async () => {
    const module = shimState.module;
    expect(module).not.toBeNull();
    const counters = countersOf(module as AttnlabModule);
    await client.forward(SENTENCE);
    const handles = counters.count_emval_handles();
    for (let i = 0; i < 20; i++) await client.forward(`${SENTENCE} ${i}`);
    await client.info();
    await client.forward('a '.repeat(300)).catch(() => {});
    expect(counters.count_emval_handles()).toBe(handles);
    expect(shimState.created).toBe(1); // one module for the whole life of the worker
  });

  it('after dispose the worker is stopped and every call rejects instead of hanging', async () => {
    client.dispose();
    expect(worker.terminated).toBe(true);
    await expect(client.forward('x')).rejects.toBeInstanceOf(EngineError);
    await expect(client.info()).rejects.toBeInstanceOf(EngineError);
  });
});
