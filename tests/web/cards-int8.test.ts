// Every shipped model trained with 8-bit weights says so the same way in three places: its recipe
// (models/configs, "weights_dtype": "I8"), its card (training.weights_dtype, which the lessons' card
// lines read: lessons/shared/card-int8.ts) and its weights (8-bit tensors in model.safetensors).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { int4Group, trainedInt4, trainedInt8 } from '../../web/src/engine/model-folder';
import { repoRoot } from './support/wasm-node';

const models = path.join(repoRoot, 'models');
const folders = fs.readdirSync(models).filter((f) => fs.existsSync(path.join(models, f, 'card.json')));

/** The recipe a folder was trained from: models/configs/NAME.json (lesson 1's Chinese pairs share one per variant). */
function recipeOf(folder: string): string {
  const zh = /^seq2seq-(?:en-zh|zh-en)-(additive|dot|none)$/.exec(folder);
  return path.join(models, 'configs', zh ? `seq2seq_zh_${zh[1]}.json` : `${folder.replace(/-/g, '_')}.json`);
}

type Header = Record<string, { dtype?: string; shape?: number[] }>;

/** A safetensors file's tensors (name -> dtype, shape), from its header. */
function header(file: string): Header {
  const bytes = fs.readFileSync(file);
  const n = Number(bytes.readBigUInt64LE(0));
  const all = JSON.parse(bytes.subarray(8, 8 + n).toString('utf8')) as Header;
  delete all.__metadata__;
  return all;
}

/** The dtypes of a safetensors file's tensors. */
function dtypes(file: string): Set<string> {
  return new Set(Object.values(header(file)).map((v) => v.dtype ?? ''));
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

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
    // 4-bit tables beside the 8-bit weights (recipe "weights_i4"): the card lists the same tensors,
    // says "I8+I4", and the file stores exactly those as U8 (two 4-bit values a byte).
    // A recipe with "weights_dtype": "I4" keeps every 2-D weight in 4 bits ('all').
    const four = trainedInt4(card);
    expect(four).toEqual(recipe.weights_dtype === 'I4' ? 'all' : (recipe.weights_i4 ?? []));
    const tensors = header(path.join(models, folder, 'model.safetensors'));
    const packed = Object.keys(tensors).filter((k) => tensors[k].dtype === 'U8');
    const matrices = Object.keys(tensors).filter(
      (k) => !k.endsWith('.scale') && (tensors[k].shape ?? []).length === 2,
    );
    expect(packed.sort()).toEqual(four === 'all' ? matrices.sort() : [...four].sort());
    if (four === 'all') expect(card.weights_dtype).toBe('I4');
    // A scale per group of columns (recipe "weights_i4_group", which the card line names): each
    // 4-bit tensor's scales are [R, C / group]; without it, one scale per row, [R].
    const group = int4Group(card);
    expect(group).toBe(typeof recipe.weights_i4_group === 'number' ? recipe.weights_i4_group : null);
    for (const name of packed) {
      const [rows, bytes] = tensors[name].shape ?? [];
      // A group as wide as the row is one scale per row, stored as [R].
      const groups = group ? (bytes * 2) / group : 1;
      expect(tensors[`${name}.scale`].shape, name).toEqual(groups > 1 ? [rows, groups] : [rows]);
    }
    if (int8) {
      expect(card.weights_dtype).toBe((four as string[]).length > 0 ? 'I8+I4' : 'I8');
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

// A tied output layer (config "tie_embeddings": true, cpp/layers/output_head.h) reads the embedding
// table through head.proj / out.proj: the recipe, the folder's config and the weights agree, and the
// card's parameter count (which the lessons print) is the count of the weights shipped.
describe('tied output layers, as the recipe, the config and the weights say', () => {
  it.each(folders)('%s', (folder) => {
    const recipe = readJson(recipeOf(folder));
    const config = readJson(path.join(models, folder, 'config.json'));
    const tensors = header(path.join(models, folder, 'model.safetensors'));
    const tied = (recipe.model as Record<string, unknown>).tie_embeddings === true;
    expect(config.tie_embeddings === true).toBe(tied);
    const names = Object.keys(tensors);
    const heads = names.filter((k) => /^(head|out)\.weight$/.test(k));
    const projections = names.filter((k) => /^(head|out)\.proj\.weight$/.test(k));
    expect(heads.length === 0 && projections.length === 1).toBe(tied);
    // A U8 tensor holds two 4-bit values a byte: its [R, C / 2] bytes are an [R, C] weight.
    const count = Object.entries(tensors)
      .filter(([k]) => !k.endsWith('.scale'))
      .reduce(
        (sum, [, v]) => sum + (v.shape ?? []).reduce((a, b) => a * b, 1) * (v.dtype === 'U8' ? 2 : 1),
        0,
      );
    expect(readJson(path.join(models, folder, 'card.json')).parameters).toBe(count);
  });
});
