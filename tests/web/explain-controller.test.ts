// The explain panel's controller (web/src/lessons/shared/explain-controller.ts) with a fake engine:
// it asks for the uniform forward, the second seed and the gradient, fills each part, keeps only the
// newest request's answers, and says what it could not compute instead of leaving a part empty.
import { describe, expect, it, vi } from 'vitest';

// The i18n module reads the browser's languages when it loads; this Node has no navigator.
vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  ExplainController,
  type ExplainEngine,
  type ExplainRequest,
} from '../../web/src/lessons/shared/explain-controller';
import type { ImportancePart, SeedsPart, UniformPart } from '../../web/src/lessons/shared/explain-panel';
import type { ForwardRecord } from '../../web/src/engine/records';

class Host implements ReactiveControllerHost {
  updates = 0;
  addController(_: ReactiveController): void {}
  removeController(): void {}
  requestUpdate(): void {
    this.updates++;
  }
  get updateComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

const record = (weights: number[], logits: number[], output: string): ForwardRecord =>
  ({
    tokens: ['a', 'b', 'c'],
    outputTokens: [output],
    maps: [
      {
        name: 'm',
        layer: 0,
        head: 0,
        rows: 1,
        cols: 3,
        rowLabels: ['x'],
        colLabels: ['a', 'b', 'c'],
        scores: new Float32Array(3),
        weights: Float32Array.from(weights),
        editedRows: [],
      },
    ],
    tensors: [{ name: 'logits', rows: 1, cols: 2, data: Float32Array.from(logits) }],
  }) as unknown as ForwardRecord;

const settle = () => new Promise((r) => setTimeout(r, 0));

function request(engine: ExplainEngine, seed: ExplainEngine | null, text = 'a b c'): ExplainRequest {
  return {
    engine,
    seedEngine: seed,
    labels: { first: 'seed 1', second: 'seed 2' },
    text,
    record: record([0.7, 0.2, 0.1], [2, 0], 'yes'),
    mapIndex: 0,
    logitsRow: 0,
    mapRow: 0,
    describe: (r) => r.outputTokens.join(' '),
    word: (id) => ['yes', 'no'][id],
  };
}

describe('ExplainController', () => {
  it('fills the three parts from the engine: uniform shift, seed distance, rank correlation', async () => {
    const calls: unknown[] = [];
    const engine: ExplainEngine = {
      forward: async (text, target, intervention) => {
        calls.push(['forward', text, target, intervention]);
        return record([1 / 3, 1 / 3, 1 / 3], [0, 0], 'no');
      },
      importance: async (text, row, word) => {
        calls.push(['importance', text, row, word]);
        return { perToken: [-0.5, 0.2, 0.1], logP: -0.1 };
      },
    };
    const seed: ExplainEngine = { ...engine, forward: async () => record([0.2, 0.7, 0.1], [1, 0], 'yes') };
    const c = new ExplainController(new Host());
    c.update(request(engine, seed));
    await settle();
    expect(calls).toContainEqual(['forward', 'a b c', undefined, '{"edits":[{"op":"uniform"}]}']);
    expect(calls).toContainEqual(['importance', 'a b c', 0, 0]); // the argmax word of row 0
    const p = c.parts;
    expect(p.uniform).toMatchObject({ before: 'yes', after: 'no' });
    // softmax([2, 0]) = (0.881, 0.119) against (0.5, 0.5): 0.381 of the probability moved
    expect((p.uniform as { moved: number }).moved).toBeCloseTo(0.3808, 3);
    expect((p.seeds as { distance: number }).distance).toBeCloseTo(0.5, 6);
    expect(p.importance).toMatchObject({ word: 'yes', tokens: ['a', 'b', 'c'], gradient: [0.5, 0.2, 0.1] });
    expect((p.importance as { rho: number }).rho).toBeCloseTo(1, 12); // same order as the attention
  });

  it('says what it cannot compute, and drops the answers of an older request', async () => {
    let release: (r: ForwardRecord) => void = () => {};
    const slow: ExplainEngine = {
      forward: () => new Promise((r) => (release = r)),
      importance: async () => ({ perToken: [1, 2, 3], logP: 0 }),
    };
    const c = new ExplainController(new Host());
    c.update(request(slow, null, 'old'));
    c.update(request({ ...slow, forward: async () => record([1, 0, 0], [0, 3], 'no') }, null, 'new'));
    release(record([0, 0, 1], [5, 0], 'stale'));
    await settle();
    expect((c.parts.uniform as { after: string }).after).toBe('no');
    expect(c.parts.seeds).toEqual({ unavailable: 'No second seed of this model is shipped.' });
    const failing: ExplainEngine = {
      forward: async () => Promise.reject(new Error('row 9 is outside 0..3')),
      importance: async () => Promise.reject(new Error('no input embedding')),
    };
    c.update(request(failing, null));
    await settle();
    expect(c.parts.uniform).toEqual({ unavailable: 'row 9 is outside 0..3' });
    expect(c.parts.importance).toEqual({ unavailable: 'no input embedding' });
  });
});

describe('uniform attention: the probability moved of the output the sentence names', () => {
  // Two positions; with uniform attention position 0's distribution moves entirely, position 1's
  // not at all.
  const withLogits = (logits: number[]): ForwardRecord =>
    ({
      ...record([0.7, 0.2, 0.1], [0, 0], 'x'),
      tensors: [{ name: 'logits', rows: 2, cols: 2, data: Float32Array.from(logits) }],
    }) as ForwardRecord;
  const shown = withLogits([20, 0, 0, 20]);
  const uniform = withLogits([0, 20, 0, 20]);
  const engine: ExplainEngine = {
    forward: async () => uniform,
    importance: async () => ({ perToken: [0.1, 0.2, 0.3], logP: -1 }),
  };

  it('measures the guess the sentence names (lessons 2 and 3: one row), not every position', async () => {
    const c = new ExplainController(new Host());
    c.update({ ...request(engine, null), record: shown, logitsRow: 1 });
    await settle();
    expect((c.parts.uniform as UniformPart).moved).toBeCloseTo(0, 6); // position 0 moved, not 1
    expect((c.parts.uniform as UniformPart).rows).toBe(1);
    c.update({ ...request(engine, null), record: shown, logitsRow: 0 });
    await settle();
    expect((c.parts.uniform as UniformPart).moved).toBeCloseTo(1, 6);
  });

  it('averages over every step that writes a translation when the sentence names the translation', async () => {
    const c = new ExplainController(new Host());
    c.update({ ...request(engine, null), record: shown, logitsRow: 1, measure: 'all' });
    await settle();
    expect((c.parts.uniform as UniformPart).moved).toBeCloseTo(0.5, 6);
    expect((c.parts.uniform as UniformPart).rows).toBe(2);
  });
});

describe('attention against the gradient: like with like', () => {
  // "The FBI is" read as The · F·B·I · is; the explained row reads every piece.
  const pieces = {
    tokens: ['The', ' F', 'B', 'I', ' is'],
    wordOf: Int32Array.from([0, 1, 1, 1, 2]), // as the engine gives it
    words: ['The', ' FBI', ' is'],
    outputTokens: [],
    maps: [
      {
        name: 'm',
        layer: 0,
        head: 0,
        rows: 1,
        cols: 5,
        rowLabels: ['is'],
        colLabels: ['The', ' F', 'B', 'I', ' is'],
        scores: new Float32Array(5),
        weights: Float32Array.from([0.35, 0.1, 0.1, 0.05, 0.4]),
        editedRows: [],
      },
    ],
    tensors: [{ name: 'logits', rows: 1, cols: 2, data: Float32Array.from([2, 0]) }],
  } as unknown as ForwardRecord;
  const engineWith = (perToken: number[], logP: number): ExplainEngine => ({
    forward: async () => pieces,
    importance: async () => ({ perToken, logP }),
  });
  const explain = async (engine: ExplainEngine) => {
    const c = new ExplainController(new Host());
    c.update({ ...request(engine, null), record: pieces });
    await settle();
    return c.parts.importance as ImportancePart;
  };

  it('compares whole words: attention summed over a word’s pieces, gradient × input too', async () => {
    // Signed gradient × input adds over a word's pieces before its size is taken: FBI 0.5 - 0.2 + 0.1.
    const p = await explain(engineWith([0.05, 0.5, -0.2, 0.1, 0.6], Math.log(0.6)));
    expect(p.tokens).toEqual(['The', 'FBI', 'is']);
    expect(p.attention.map((x) => +x.toFixed(6))).toEqual([0.35, 0.25, 0.4]);
    expect(p.gradient.map((x) => +x.toFixed(6))).toEqual([0.05, 0.4, 0.6]);
    expect(p.probability).toBeCloseTo(0.6, 6);
    expect(p.top).toEqual({ attention: 2, gradient: 2 }); // both put "is" first
    expect(p.rho).toBeCloseTo(0.5, 6); // ranks (2, 1, 3) against (1, 2, 3)
  });

  it('gives no rank correlation where the output is nearly certain and the gradient vanishes', async () => {
    const p = await explain(engineWith([1e-5, 6e-4, -2e-4, 1e-4, 3e-4], Math.log(0.9995)));
    expect(p.rho).toBeNull();
    expect(p.saturated).toBe(true);
    // ... and says how certain, with the digits that tell it from certainty (not "100%").
    const { probabilityText } = await import('../../web/src/lessons/shared/explain-panel');
    expect(probabilityText(p.probability)).toBe('99.95%');
    expect(probabilityText(0.413)).toBe('41.3%');
    expect(probabilityText(0.991)).toBe('99.1%');
  });
});

describe('two seeds of a model with several heads', () => {
  // Layer 1 has two heads; the other seed learned the same two patterns with their numbers swapped.
  const head = (h: number, weights: number[]) => ({
    name: `layer 1 head ${h + 1}`,
    layer: 0,
    head: h,
    rows: 2,
    cols: 2,
    rowLabels: ['a', 'b'],
    colLabels: ['a', 'b'],
    scores: new Float32Array(4),
    weights: Float32Array.from(weights),
    editedRows: [],
  });
  const previous = [1, 0, 0.9, 0.1]; // each row reads "a"
  const itself = [1, 0, 0.05, 0.95]; // each row reads itself
  const twoHeads = (first: number[], second: number[]): ForwardRecord =>
    ({
      tokens: ['a', 'b'],
      outputTokens: ['a'],
      maps: [head(0, first), head(1, second)],
      tensors: [{ name: 'logits', rows: 2, cols: 2, data: Float32Array.from([1, 0, 1, 0]) }],
    }) as unknown as ForwardRecord;

  it('compares the chosen head with the head it matches, not the head of the same number', async () => {
    const mine = twoHeads(previous, itself);
    const theirs = twoHeads([1, 0, 0.1, 0.9], [1, 0, 0.85, 0.15]); // head 2 reads "a", head 1 itself
    const engine: ExplainEngine = {
      forward: async () => mine,
      importance: async () => ({ perToken: [0.1, 0.2], logP: 0 }),
    };
    const seed: ExplainEngine = { ...engine, forward: async () => theirs };
    const c = new ExplainController(new Host());
    c.update({
      ...request(engine, seed, 'a b'),
      record: mine,
      mapIndex: 0,
      matchHeads: true,
    });
    await settle();
    const seeds = c.parts.seeds as SeedsPart;
    // By number: row 2 differs by |0.9 - 0.1| = 0.8, mean 0.4. Matched with head 2: 0.05 / 2 = 0.025.
    expect(seeds.second.map.head).toBe(1);
    expect(seeds.distance).toBeCloseTo(0.025, 6);
    expect(seeds.matching).toMatchObject({ layer: 0, head: 0, match: 1 });
    expect(seeds.matching!.pairs).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(seeds.matching!.byNumber).toBeCloseTo(0.4, 6);
  });
});

describe('the second seed: its own output, its map drawn as the lesson draws it (issue 52 A9)', () => {
  it('shows what the other seed writes (a free run of its own, not the forced one) and draws both maps through `drawn`', async () => {
    const calls: unknown[] = [];
    const engine: ExplainEngine = {
      forward: async () => record([1 / 3, 1 / 3, 1 / 3], [0, 0], 'no'),
      importance: async () => ({ perToken: [0.1, 0.2, 0.3], logP: -1 }),
    };
    const seed: ExplainEngine = {
      ...engine,
      forward: async (_text, target) => {
        calls.push(target);
        // Forced on this model's translation it "writes" that translation; free, its own.
        return record([0.2, 0.7, 0.1], [1, 0], target ?? 'la voiture');
      },
    };
    // Lesson 1 draws its map with the start row s0 above the decoder steps.
    const withStart = (r: ForwardRecord): ForwardRecord => {
      const m = r.maps[0];
      const weights = new Float32Array((m.rows + 1) * m.cols);
      weights.set([1, 0, 0]);
      weights.set(m.weights, m.cols);
      return { ...r, maps: [{ ...m, rows: m.rows + 1, rowLabels: ['s₀', ...m.rowLabels], weights }] };
    };
    const c = new ExplainController(new Host());
    c.update({
      ...request(engine, seed),
      target: 'yes',
      drawn: withStart,
      axes: { rows: 'Rows: the French word', cols: 'Columns: the English word' },
    });
    await settle();
    const seeds = c.parts.seeds as SeedsPart;
    expect(calls).toEqual(['yes', undefined]); // forced (the maps' rows), then free (its output)
    expect(seeds.outputs).toEqual({ first: 'yes', second: 'la voiture' });
    expect(seeds.first.map.rowLabels).toEqual(['s₀', 'x']);
    expect(seeds.second.map.rows).toBe(2);
    expect(seeds.axes).toEqual({ rows: 'Rows: the French word', cols: 'Columns: the English word' });
    // The distance is of the maps drawn: the s0 rows agree, the step rows differ by 0.5.
    expect(seeds.distance).toBeCloseTo(0.25, 6);
  });
});

describe('seed labels', () => {
  // Each map is named by its own card's seed: lesson 1's shown model is seed 2 and its second seed
  // seed 1 (models/seq2seq-additive, models/seq2seq-additive-seed1), so fixed "1" and "2" would lie.
  it('reads each model’s seed from its card', async () => {
    const { seedLabels } = await import('../../web/src/lessons/shared/explain-section');
    expect(seedLabels({ seed: 2 }, { seed: 1 })).toEqual({ first: 'Seed 2', second: 'Seed 1' });
    expect(seedLabels({ seed: 1 }, { seed: 2 })).toEqual({ first: 'Seed 1', second: 'Seed 2' });
  });

  it('says "this model" and "another seed" when a card has no whole seed', async () => {
    const { seedLabels } = await import('../../web/src/lessons/shared/explain-section');
    expect(seedLabels({}, null)).toEqual({ first: 'This model', second: 'Another seed' });
    expect(seedLabels({ seed: 1.5 }, { seed: '2' })).toEqual({ first: 'This model', second: 'Another seed' });
  });
});
