// A model fine-tuned in 4 bits from an 8-bit model (train config "init_from", docs/models.md
// "Fine-tuned in 4 bits") is read from its card as such: the steps each way for the card line
// (lessons/shared/card-int8.ts), the 4-bit scale group, and the seed runs of the base it started
// from (lessons/shared/card-seeds.ts). The shipped cards: cards-int8, card-seed-runs.
import { describe, expect, it } from 'vitest';
import { fineTuned, int4Group, summarizeCard } from '../../web/src/engine/model-folder';

const runs = [
  { seed: 1, exact_match: 0.869 },
  { seed: 2, exact_match: 0.912 },
];

const tuned = {
  seed: 2,
  metrics: { test: { exact_match: 0.958 } },
  training: {
    steps: 5000,
    lr: 0.0005,
    weights_dtype: 'I8',
    weights_i4: ['out.weight'],
    weights_i4_group: 32,
    init_from: {
      folder: 'build/base/seq2seq-additive',
      seed: 2,
      training: { steps: 30000, weights_dtype: 'I8', seed_runs: runs },
      metrics: { test: { exact_match: 0.912 } },
    },
  },
};

describe('a card fine-tuned from another model', () => {
  it('says how many steps each way, at which learning rate', () => {
    expect(fineTuned(tuned)).toEqual({
      baseSteps: 30000,
      baseDtype: 'I8',
      steps: 5000,
      lr: 0.0005,
      seedRuns: [
        { seed: 1, exactMatch: 0.869 },
        { seed: 2, exactMatch: 0.912 },
      ],
      baseI4: [], // the base kept no tensor in 4 bits (lesson 3's bases did: notation.test.ts)
    });
    expect(fineTuned({ training: { steps: 30000 } })).toBeNull();
    expect(fineTuned({})).toBeNull();
    expect(fineTuned({ training: { init_from: 'build/base/x' } })).toBeNull();
  });

  it('lists the seed runs of its base, and says they are the base’s', () => {
    const summary = summarizeCard(tuned);
    expect(summary.seedRuns.map((r) => r.seed)).toEqual([1, 2]);
    expect(summary.seedRunsOfBase).toBe(true);
    expect(summary.exactMatch).toBe(0.958); // the card's own figure, not the base's
    // A card with its own runs lists those, as its own.
    const own = summarizeCard({ seed: 2, training: { ...tuned.training, seed_runs: runs } });
    expect(own.seedRunsOfBase).toBe(false);
    expect(own.seedRuns.length).toBe(2);
    // Neither: no list.
    expect(summarizeCard({ training: { steps: 1 } }).seedRunsOfBase).toBe(false);
  });

  it('reads the 4-bit scale group, or none for one scale per row', () => {
    expect(int4Group(tuned)).toBe(32);
    expect(int4Group({ training: {} })).toBeNull();
    for (const bad of [0, -32, 1.5, '32', null])
      expect(int4Group({ training: { weights_i4_group: bad } })).toBeNull();
  });
});
