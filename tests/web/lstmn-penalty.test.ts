// Lesson 2's self-weight penalty (issue 12 §1): the slides' [x; c] cell as shipped
// (models/lm-rnn-selfattn, trained with self_penalty 0.5) and the same cell trained on
// cross-entropy alone (models/lm-rnn-selfattn-nopenalty), in the real WASM module. Without the
// penalty the attention goes mostly onto the piece being read; the page's numbers (mean self-weight,
// the objective it typesets, the perplexity comparisons) are recomputed here from the committed
// folders.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toForwardRecord } from '../../web/src/engine/convert';
import {
  comparePerplexity,
  meanFirstWeight,
  meanSelfWeight,
  summarizeLmCard,
  type LmCard,
} from '../../web/src/lessons/shared/lm';
import {
  COLLAPSED,
  DEFAULT_LSTMN_SENTENCE,
  LOW,
  MOSTLY,
  UNPENALIZED,
  architectureOf,
  baselineOf,
  cellOf,
  objectiveFormula,
} from '../../web/src/lessons/lstmn/parts';
import { LSTMN_MODELS, modelFolders } from '../../web/src/lessons/shared/models';
import { parseModel, LESSONS } from '../../web/src/embed/state';
import type { Session } from '../../web/src/engine/wasm-types';
import { loadFolder, loadWasm, repoRoot } from './support/wasm-node';

const FOLDERS = modelFolders(LSTMN_MODELS);
const read = (folder: string, file: string) => fs.readFileSync(path.join(repoRoot, 'models', folder, file));
const json = (folder: string, file: string) =>
  JSON.parse(read(folder, file).toString('utf8')) as Record<string, unknown>;
const card = (key: keyof typeof FOLDERS): LmCard => summarizeLmCard(json(FOLDERS[key], 'card.json'));

describe('the self-weight penalty, penalized against unpenalized, in the WASM Session', () => {
  const sessions: Session[] = [];
  const selfWeight: Record<string, number | null> = {};
  const firstWeight: Record<string, number | null> = {};

  beforeAll(async () => {
    const module = await loadWasm();
    for (const key of ['rnn-selfattn', 'rnn-selfattn-nopenalty', 'rnn-selfattn-ch'] as const) {
      const session = new module.Session();
      sessions.push(session);
      const folder = FOLDERS[key];
      const status = loadFolder(session, path.join(repoRoot, 'models', folder));
      if (!status.ok) throw new Error(`${folder}: load failed: ${status.error}`);
      const raw = session.forward(DEFAULT_LSTMN_SENTENCE);
      if (!raw.ok) throw new Error(`${folder}: forward failed`);
      const map = toForwardRecord(raw).maps[0];
      selfWeight[key] = meanSelfWeight(map);
      firstWeight[key] = meanFirstWeight(map);
    }
  });
  afterAll(() => sessions.forEach((s) => s.delete()));

  // The lesson's objective note: without the penalty the attention falls mostly (MOSTLY) or wholly
  // (COLLAPSED) onto the piece being read; with it, on the pieces before (LOW).
  it('the mean self-weight on the default sentence is below 0.1 with the penalty and mostly on itself without', () => {
    expect(selfWeight['rnn-selfattn']).not.toBeNull();
    expect(selfWeight['rnn-selfattn']).toBeLessThanOrEqual(LOW);
    expect(selfWeight['rnn-selfattn-nopenalty']).toBeGreaterThanOrEqual(MOSTLY);
  });

  // docs/models.md: the shipped [x; c; h] cell (tied, 8-bit) keeps off the diagonal by sinking its
  // attention onto the first piece; the [x; c] cell reads the words. The page names the sink.
  it('the [x; c; h] cell sinks its attention onto the first piece; the [x; c] cell does not', () => {
    expect(selfWeight['rnn-selfattn-ch']).toBeLessThanOrEqual(LOW);
    expect(firstWeight['rnn-selfattn-ch']).toBeGreaterThanOrEqual(COLLAPSED);
    expect(firstWeight['rnn-selfattn']).toBeLessThan(MOSTLY);
  });

  it('the two folders are the same cell, data and seed; only the penalty differs', () => {
    const a = json(FOLDERS['rnn-selfattn'], 'config.json');
    const b = json(FOLDERS['rnn-selfattn-nopenalty'], 'config.json');
    expect(architectureOf(a).selfPenalty).toBe(0.5);
    expect(architectureOf(b).selfPenalty).toBe(0);
    expect({ ...b, self_penalty: 0.5 }).toEqual(a);
    const ca = json(FOLDERS['rnn-selfattn'], 'card.json');
    const cb = json(FOLDERS['rnn-selfattn-nopenalty'], 'card.json');
    expect(cb.seed).toBe(ca.seed);
    expect(cb.parameters).toBe(ca.parameters);
    expect((cb.training as { steps: number }).steps).toBe((ca.training as { steps: number }).steps);
    // the same text; each grew its own Austen-stage folder's vocabulary, the same BPE (the configs
    // above are equal, tokenizer included)
    const data = (c: Record<string, unknown>) => ({ ...(c.data as object), extend_tokenizer_of: null });
    expect(data(cb)).toEqual(data(ca));
    // and each card says how it was trained
    expect(String(ca.description)).toMatch(/penalty of 0\.5/);
    expect(String(cb.description)).toMatch(/without the self-weight penalty/);
    // the training config committed for scripts/train-lm is the one the folder was made from
    const config = JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'models/configs/lm_rnn_selfattn_nopenalty.json'), 'utf8'),
    ) as { model: Record<string, unknown>; seed: number; steps: number };
    expect(config.model.self_penalty).toBe(0);
    expect(config.seed).toBe(ca.seed);
    expect(fs.readFileSync(path.join(repoRoot, 'scripts/train-lm'), 'utf8')).toMatch(
      /rnn_selfattn_nopenalty/,
    );
  });
});

describe('what the lesson typesets and compares', () => {
  it('the objective: cross-entropy, plus 0.5 times the mean alpha_ii over steps 2..T when penalized', () => {
    const penalized = objectiveFormula(0.5);
    expect(penalized).toContain(String.raw`\frac{1}{T}\sum_{i=1}^{T} -\log p`);
    expect(penalized).toContain(String.raw`+ 0.5 \cdot \frac{1}{T-1}\sum_{i=2}^{T} \alpha_{ii}`);
    const plain = objectiveFormula(0);
    expect(plain).toBe(
      String.raw`\mathcal{L} = \frac{1}{T}\sum_{i=1}^{T} -\log p\left(w_{i+1} \mid w_1 \dots w_i\right)`,
    );
  });

  it('the mean first-piece weight leaves out pieces 1 and 2', () => {
    // 4 pieces: rows 3 and 4 give the first piece 0.9 and 0.5
    const weights = new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 0.9, 0.1, 0, 0, 0.5, 0.2, 0.2, 0.1]);
    expect(meanFirstWeight({ rows: 4, cols: 4, weights })).toBeCloseTo(0.7, 6);
    expect(meanFirstWeight({ rows: 2, cols: 2, weights: new Float32Array([1, 0, 1, 0]) })).toBeNull();
  });

  it('the mean self-weight leaves out the first piece (it can only read itself)', () => {
    // 3 pieces: alpha_11 = 1, alpha_22 = 0.2, alpha_33 = 0.4
    const weights = new Float32Array([1, 0, 0, 0.8, 0.2, 0, 0.3, 0.3, 0.4]);
    expect(meanSelfWeight({ rows: 3, cols: 3, weights })).toBeCloseTo(0.3, 6);
    expect(meanSelfWeight({ rows: 1, cols: 1, weights: new Float32Array([1]) })).toBeNull();
  });

  it('the training switch: the unpenalized model sits under the penalized one, and the attribute keeps both', () => {
    expect(UNPENALIZED['rnn-selfattn']).toBe('rnn-selfattn-nopenalty');
    expect(cellOf('rnn-selfattn-nopenalty')).toBe('rnn-selfattn');
    expect(cellOf('lstmn')).toBe('lstmn');
    expect(parseModel('rnn-selfattn-nopenalty', LESSONS.lstmn)).toBe('rnn-selfattn-nopenalty');
    expect(parseModel('lm-rnn-selfattn-nopenalty', LESSONS.lstmn)).toBe('rnn-selfattn-nopenalty');
    expect(parseModel('rnn-selfattn', LESSONS.lstmn)).toBe('rnn-selfattn');
  });

  // What docs/models.md and the README say of the shipped models (issue 53: the vocabulary grown to
  // 8,192 pieces on Austen with the Brown Corpus and WordNet's examples, test perplexity on that mix):
  // retraining any of them must revisit those sentences. Until issue 53 (Austen alone, 2,048 pieces)
  // neither SimpleRNN cell beat the plain SimpleRNN; on the mix the [x; c] cell does.
  it('from the cards: the [x; c] cell reads better than the plain SimpleRNN of the same budget, the LSTMN-style model better than the LSTM, and the penalty costs perplexity', () => {
    const arch = architectureOf(json(FOLDERS['rnn-selfattn'], 'config.json'));
    expect(baselineOf(arch)).toBe('rnn');
    expect(baselineOf(architectureOf(json(FOLDERS.lstmn, 'config.json')))).toBe('lstm');
    expect(baselineOf(architectureOf(json(FOLDERS.rnn, 'config.json')))).toBeNull();
    expect(comparePerplexity(card('rnn-selfattn'), card('rnn'))).toBeLessThan(0); // 195.8 against 208.1
    expect(comparePerplexity(card('lstmn'), card('lstm'))).toBeLessThan(0); // 174.3 against 185.8
    // the penalty's cost (the objective panel): 195.8 with it, 187.6 without
    expect(comparePerplexity(card('rnn-selfattn'), card('rnn-selfattn-nopenalty'))).toBeGreaterThan(0.02);
    expect(comparePerplexity(card('rnn-selfattn'), { ...card('rnn'), testPerplexity: null })).toBeNull();
  });
});
