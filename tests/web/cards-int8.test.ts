// Every shipped model trained with 8-bit weights says so the same way in three places: its recipe
// (models/configs, "weights_dtype": "I8"), its card (training.weights_dtype, which the lessons' card
// lines read: lessons/shared/card-int8.ts) and its weights (8-bit tensors in model.safetensors).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { trainedInt8 } from '../../web/src/engine/model-folder';
import { repoRoot } from './support/wasm-node';

const models = path.join(repoRoot, 'models');
const folders = fs.readdirSync(models).filter((f) => fs.existsSync(path.join(models, f, 'card.json')));

/** The recipe a folder was trained from: models/configs/NAME.json (lesson 1's Chinese pairs share one per variant). */
function recipeOf(folder: string): string {
  const zh = /^seq2seq-(?:en-zh|zh-en)-(additive|dot|none)$/.exec(folder);
  return path.join(models, 'configs', zh ? `seq2seq_zh_${zh[1]}.json` : `${folder.replace(/-/g, '_')}.json`);
}

/** The dtypes of a safetensors file's tensors, from its header. */
function dtypes(file: string): Set<string> {
  const bytes = fs.readFileSync(file);
  const n = Number(bytes.readBigUInt64LE(0));
  const header = JSON.parse(bytes.subarray(8, 8 + n).toString('utf8')) as Record<string, { dtype?: string }>;
  return new Set(
    Object.entries(header)
      .filter(([k]) => k !== '__metadata__')
      .map(([, v]) => v.dtype ?? ''),
  );
}

describe('8-bit training, as the recipe, the card and the weights say', () => {
  it('finds the shipped models and their recipes', () => {
    expect(folders.length).toBeGreaterThanOrEqual(24);
    for (const folder of folders) expect(fs.existsSync(recipeOf(folder)), folder).toBe(true);
  });

  it.each(folders)('%s', (folder) => {
    const card = JSON.parse(fs.readFileSync(path.join(models, folder, 'card.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const recipe = JSON.parse(fs.readFileSync(recipeOf(folder), 'utf8')) as Record<string, unknown>;
    const int8 = trainedInt8(card);
    expect(int8).toBe(recipe.weights_dtype === 'I8');
    if (int8) {
      expect(card.weights_dtype).toBe('I8');
      expect(dtypes(path.join(models, folder, 'model.safetensors')).has('I8')).toBe(true);
    }
  });

  it('at least one model of each lesson was trained so', () => {
    const int8 = folders.filter((f) =>
      trainedInt8(
        JSON.parse(fs.readFileSync(path.join(models, f, 'card.json'), 'utf8')) as Record<string, unknown>,
      ),
    );
    for (const prefix of ['seq2seq-', 'lm-'])
      expect(
        int8.some((f) => f.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });
});
