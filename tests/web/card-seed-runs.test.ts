// A shipped model picked among runs of one recipe that differ only in the seed lists them on its card
// (card.training.seed_runs, from the recipe's "seed_runs"; lessons/shared/card-seeds.ts shows them):
// the list must hold the card's own run with the card's own figure, and the recipe must name that
// seed. A model fine-tuned from a picked 8-bit model (recipe "init_from") lists its base's runs, with
// the base's figure (card.training.init_from.metrics), and says so. The line on the page:
// tests/e2e/seq2seq.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarizeCard } from '../../web/src/engine/model-folder';
import { repoRoot } from './support/wasm-node';

const models = path.join(repoRoot, 'models');
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
const folders = fs.readdirSync(models).filter((f) => fs.existsSync(path.join(models, f, 'card.json')));

describe('cards that were picked among seeds', () => {
  const picked = folders.filter(
    (f) => summarizeCard(read(path.join(models, f, 'card.json'))).seedRuns.length > 0,
  );

  it('seq2seq-dot is one (seed 2 of two 8-bit runs)', () => {
    expect(picked).toContain('seq2seq-dot');
  });

  it.each(picked)('%s: its own run, its own figure, its recipe', (folder) => {
    const card = read(path.join(models, folder, 'card.json'));
    const summary = summarizeCard(card);
    expect(summary.seedRuns.length).toBeGreaterThanOrEqual(2);
    const seeds = summary.seedRuns.map((r) => r.seed);
    expect(new Set(seeds).size, 'each seed once').toBe(seeds.length);
    const own = summary.seedRuns.find((r) => r.seed === summary.seed);
    expect(own, `seed ${summary.seed} is in the list`).toBeDefined();
    // The figure the pick was made on: the card's own, or that of the 8-bit model it was fine-tuned from.
    const from = (card.training as Record<string, Record<string, unknown>>).init_from;
    expect(summary.seedRunsOfBase).toBe(from !== undefined);
    const base = from
      ? ((from.metrics as Record<string, Record<string, number>>).test.exact_match as number)
      : summary.exactMatch!;
    expect(own!.exactMatch).toBeCloseTo(base, 3);
    // The shipped run is the best of the list (what "picked" means), and the recipe reproduces it.
    for (const r of summary.seedRuns) expect(r.exactMatch).toBeLessThanOrEqual(own!.exactMatch);
    const recipe = read(path.join(models, 'configs', `${folder.replace(/-/g, '_')}.json`));
    expect(recipe.seed).toBe(summary.seed);
    // The runs come from a recipe: the model's own, or its base's (models/configs/base/).
    const listed = from
      ? read(path.join(models, 'configs', 'base', `${folder.replace(/-/g, '_')}.json`))
      : recipe;
    expect(listed.seed_runs).toEqual(
      (from ? (from.training as Record<string, unknown>) : (card.training as Record<string, unknown>))
        .seed_runs,
    );
  });

  it('reads nothing from a malformed list', () => {
    const card = (runs: unknown) => summarizeCard({ seed: 2, training: { seed_runs: runs } });
    expect(
      card([
        { seed: 1, exact_match: 0.5 },
        { seed: 2, exact_match: 1.5 },
      ]).seedRuns,
    ).toEqual([]);
    expect(card([{ seed: 1.5, exact_match: 0.5 }]).seedRuns).toEqual([]);
    expect(card('seed 1').seedRuns).toEqual([]);
    const two = card([
      { seed: 1, exact_match: 0.86 },
      { seed: 2, exact_match: 0.905 },
    ]);
    expect(two.seedRuns).toEqual([
      { seed: 1, exactMatch: 0.86 },
      { seed: 2, exactMatch: 0.905 },
    ]);
  });
});
