// The trained Seq2Seq model folder (models/seq2seq-additive) in the real WASM module: through the
// Embind Session, and through fetchModelFolder + EngineClient + worker.ts as the page loads it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toForwardRecord } from '../../web/src/engine/convert';
import {
  fetchManifest,
  fetchModelFolder,
  summarizeCard,
  fineTuned,
  trainedInt4,
} from '../../web/src/engine/model-folder';
import { END_TOKEN, hasWords, mapProblems, type ForwardRecord } from '../../web/src/engine/records';
import {
  accuracyByLength,
  fourBitCurves,
  agreeingRows,
  allWordsUnknown,
  differenceMap,
  stepDetail,
  mapWithStart,
  suggestWords,
  withFullStop,
} from '../../web/src/lessons/seq2seq/view-model';
import type { Session } from '../../web/src/engine/wasm-types';
import { workerClientForSuite } from './support/in-process-worker';
import { loadFolder, loadWasm, repoRoot } from './support/wasm-node';

const MODEL = 'seq2seq-additive';
const modelDir = path.join(repoRoot, 'models', MODEL);
const read = (file: string) => fs.readFileSync(path.join(modelDir, file));

/** A fetch over the repository's models/ folder, as the page's origin serves it. */
const BASE = 'http://attnlab.test/index.html';
async function diskFetch(url: string): Promise<Response> {
  const rel = new URL(url).pathname.replace(/^\/models\//, '');
  if (rel === 'index.json') return Response.json({ models: [MODEL] });
  const file = path.join(repoRoot, 'models', rel);
  if (!file.startsWith(path.join(repoRoot, 'models') + path.sep) || !fs.existsSync(file))
    return new Response('not found', { status: 404 });
  return new Response(fs.readFileSync(file));
}

/** The checks every translation of a sentence must pass, whatever route it took. */
function expectTranslationMap(record: ForwardRecord): void {
  expect(record.maps).toHaveLength(1);
  const map = record.maps[0];
  // Rows: the decoder steps, labelled with the French words and the final end token.
  expect(map.rowLabels).toEqual([...record.outputTokens, END_TOKEN]);
  expect(map.rows).toBe(record.outputTokens.length + 1);
  // Columns: the English source words.
  expect(map.colLabels).toEqual(record.tokens);
  expect(map.cols).toBe(record.tokens.length);
  expect(mapProblems(map, 1e-5)).toEqual([]);
}

describe('the Seq2Seq model folder in the WASM Session', () => {
  let session: Session;
  let setupError: unknown = null;

  beforeAll(async () => {
    try {
      const module = await loadWasm();
      session = new module.Session();
      const status = loadFolder(session, modelDir);
      if (!status.ok) throw new Error(`load failed: ${status.error}`);
    } catch (error) {
      setupError = error;
    }
  });
  beforeEach(() => {
    if (setupError) throw setupError;
  });
  afterAll(() => session?.delete());

  it('translates "the red car ." into "la voiture rouge ." with a French x English map', () => {
    const raw = session.forward('the red car .');
    expect(raw.ok).toBe(true);
    const record = toForwardRecord(raw);
    expect(record.tokens).toEqual(['the', 'red', 'car', '.']);
    expect(record.unknown).toEqual([false, false, false, false]);
    expect(record.outputTokens.join(' ')).toBe('la voiture rouge .');
    expectTranslationMap(record);
    // The French adjective is written from the English adjective.
    const map = record.maps[0];
    const rouge = map.rowLabels.indexOf('rouge');
    const row = Array.from(map.weights.slice(rouge * map.cols, (rouge + 1) * map.cols));
    expect(map.colLabels[row.indexOf(Math.max(...row))]).toBe('red');
    // The trace the lesson needs: encoder states (S, D), decoder states and contexts (t + 1, D).
    const tensor = (name: string) => record.tensors.find((t) => t.name === name);
    expect(tensor('encoder_states')?.rows).toBe(record.tokens.length);
    expect(tensor('decoder_states')?.rows).toBe(map.rows + 1);
    expect(tensor('contexts')?.rows).toBe(map.rows + 1);
  });

  it('teacher forcing: decoding a given sentence; its own translation gives its own map', () => {
    const free = toForwardRecord(session.forward('the red car is fast .'));
    const forced = toForwardRecord(
      session.forwardForced('the red car is fast .', free.outputTokens.join(' ')),
    );
    expect(forced.maps[0].rowLabels).toEqual([...free.outputTokens, END_TOKEN]);
    const a = Array.from(free.maps[0].weights);
    const b = Array.from(forced.maps[0].weights);
    expect(b).toHaveLength(a.length);
    b.forEach((w, i) => expect(w).toBeCloseTo(a[i], 6));
    // Another sentence: the rows are its words, whatever the model would have written.
    const other = toForwardRecord(session.forwardForced('the red car is fast .', 'le chat mange'));
    expect(other.maps[0].rowLabels).toEqual(['le', 'chat', 'mange', END_TOKEN]);
    expect(mapProblems(other.maps[0], 1e-5)).toEqual([]);
    // A word the target vocabulary lacks is read as <unk>, not dropped.
    const unknown = toForwardRecord(session.forwardForced('the red car .', 'la zzz rouge'));
    expect(unknown.maps[0].rows).toBe(4);
  });

  it('marks unknown words instead of dropping them', () => {
    const record = toForwardRecord(session.forward('the zorblax car .'));
    expect(record.tokens).toEqual(['the', 'zorblax', 'car', '.']);
    expect(record.unknown).toEqual([false, true, false, false]);
    expect(record.maps[0].cols).toBe(4);
  });

  it('a sentence without its full stop is read with one: the decoder then stops instead of repeating itself', () => {
    expect(withFullStop('the red car is fast')).toEqual({ text: 'the red car is fast .', added: true });
    expect(withFullStop('the red car is fast .')).toEqual({ text: 'the red car is fast .', added: false });
    expect(withFullStop('the red car is fast.  ')).toEqual({ text: 'the red car is fast.  ', added: false });
    expect(withFullStop('   ')).toEqual({ text: '   ', added: false });
    // What happened before: "rapide rapide rapide dorment", or no <eos> at all until the length limit.
    expect(toForwardRecord(session.forward('the red car is fast')).outputTokens.join(' ')).not.toBe(
      'la voiture rouge est rapide .',
    );
    // Without its full stop the decoder writes no <eos>: it is stopped at 2 x 5 + 5 (issue 53).
    const unended = toForwardRecord(session.forward('the small green car does'));
    expect(unended.maps[0].rows).toBe(15);
    expect(unended.stoppedForLength).toBe(true);
    expect(toForwardRecord(session.forward('the small green car does .')).maps[0].rows).toBeLessThan(12);
    const stopped = toForwardRecord(session.forward(withFullStop('the red car is fast').text));
    expect(stopped.outputTokens.join(' ')).toBe('la voiture rouge est rapide .');
    expect(stopped.maps[0].rowLabels.at(-1)).toBe(END_TOKEN);
    // Unknown words: the added full stop is known, yet the sentence still has no known word.
    expect(allWordsUnknown(toForwardRecord(session.forward(withFullStop('zorblax quux').text)))).toBe(true);
    expect(allWordsUnknown(toForwardRecord(session.forward('the zorblax car .')))).toBe(false);
  });

  it("step-through: every step's alphas sum to 1 and c_j is the alpha-weighted sum of the h_i shown", () => {
    const record = toForwardRecord(session.forward('the small green car does not see the big red house .'));
    const map = mapWithStart(record);
    expect(map).not.toBeNull();
    if (!map) return;
    for (let row = 0; row < map.rows; row++) {
      const step = stepDetail(record, row);
      expect(step).not.toBeNull();
      if (!step) return;
      expect(step.output?.word ?? null).toBe(row === 0 ? null : map.rowLabels[row]);
      expect(step.weights).toHaveLength(record.tokens.length);
      expect(step.weightSum).toBeCloseTo(1, 5);
      expect(step.contextError).toBeLessThan(1e-5);
      // softmax of the raw scores gives the weights shown
      const max = Math.max(...step.scores);
      const exps = Array.from(step.scores, (e) => Math.exp(e - max));
      const total = exps.reduce((a, b) => a + b, 0);
      exps.forEach((e, i) => expect(e / total).toBeCloseTo(step.weights[i], 5));
    }
    // The start step: s_0 is the last encoder state h_m, nothing is written, no inputs.
    const start = stepDetail(record, 0);
    expect(start?.inputs).toBeNull();
    expect(start?.output).toBeNull();
    expect(Array.from(start?.state ?? [])).toEqual(Array.from(start?.keys[start.keys.length - 1] ?? []));
    // Step j reads s_{j-1} and c_{j-1} of the step before, and the vector of the word written before.
    for (let row = 1; row < map.rows; row++) {
      const before = stepDetail(record, row - 1);
      const step = stepDetail(record, row);
      expect(Array.from(step?.inputs?.state ?? [])).toEqual(Array.from(before?.state ?? [1]));
      expect(Array.from(step?.inputs?.context ?? [])).toEqual(Array.from(before?.context ?? [1]));
      expect(step?.inputs?.word).toBe(row === 1 ? '<bos>' : map.rowLabels[row - 1]);
      // The same word written before gives the same x' (one embedding row per word).
      const again = map.rowLabels.indexOf(map.rowLabels[row - 1]) + 1;
      if (row > 1 && again !== row)
        expect(Array.from(stepDetail(record, again)?.inputs?.embedding ?? [])).toEqual(
          Array.from(step?.inputs?.embedding ?? [1]),
        );
      // The word written is the most likely one, with a probability in (0, 1].
      expect(step?.output?.probability).toBeGreaterThan(0);
      expect(step?.output?.probability).toBeLessThanOrEqual(1);
    }
    expect(stepDetail(record, map.rows)).toBeNull();
  });

  it('the map starts with the s_0 row: m(t + 1) weights, each row summing to 1', () => {
    const record = toForwardRecord(session.forward('the red car is fast .'));
    const raw = record.maps[0];
    const map = mapWithStart(record);
    expect(map?.rows).toBe(raw.rows + 1);
    expect(map?.cols).toBe(raw.cols);
    expect(map?.rowLabels[0]).toBe('s₀');
    expect(map?.weights).toHaveLength(raw.cols * (raw.rows + 1));
    const start = Array.from(map?.weights.subarray(0, raw.cols) ?? []);
    expect(start.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    expect(Array.from(map?.weights.subarray(raw.cols) ?? [])).toEqual(Array.from(raw.weights));
    // c_0 is the alpha_0-weighted sum of the h_i (the contexts tensor's first row).
    expect(stepDetail(record, 0)?.contextError).toBeLessThan(1e-5);
  });

  it('one start map and one step detail per record: a render with the same record redraws nothing', () => {
    const record = toForwardRecord(session.forward('the red car is fast .'));
    const again = toForwardRecord(session.forward('the red car is fast .'));
    expect(mapWithStart(record)).toBe(mapWithStart(record)); // the same object: the map's property unchanged
    expect(stepDetail(record, 1)).toBe(stepDetail(record, 1));
    expect(stepDetail(record, 2)).not.toBe(stepDetail(record, 1));
    // Another record (the same sentence computed again) gets its own, equal in value.
    expect(mapWithStart(again)).not.toBe(mapWithStart(record));
    expect(Array.from(mapWithStart(again)?.weights ?? [])).toEqual(
      Array.from(mapWithStart(record)?.weights ?? []),
    );
  });

  it("the difference of a map with itself is zero, and with another sentence's map covers the agreeing rows", () => {
    const a = toForwardRecord(session.forward('the red car is fast .')).maps[0];
    expect(agreeingRows(a, a)).toBe(a.rows);
    const zero = differenceMap(a, a, a.rows, 'same');
    expect(Array.from(zero.weights).every((w) => w === 0)).toBe(true);
    const b = toForwardRecord(session.forward('the red car is slow .')).maps[0];
    const rows = agreeingRows(a, b);
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(a.rows);
    const diff = differenceMap(a, b, rows, 'a - b');
    expect(diff.rows).toBe(rows);
    expect(diff.weights[0]).toBeCloseTo(a.weights[0] - b.weights[0], 6);
  });

  it('suggests known words that complete the word being typed', () => {
    const vocab = JSON.parse(read('config.json').toString('utf8')).tokenizer.vocab as string[];
    const { prefix, words } = suggestWords('the re', 6, vocab, 8);
    expect(prefix).toBe('re');
    expect(words).toContain('red');
    expect(words.every((w) => w.startsWith('re'))).toBe(true);
    expect(suggestWords('the red car ', 12, vocab, 8).words).toEqual([]);
    expect(suggestWords('the Re', 6, vocab, 8).words).toContain('red');
    expect(suggestWords('the zzzq', 8, vocab, 8).words).toEqual([]);
  });

  it('suggests nothing for a word that is already known and complete, or before anyone typed', () => {
    const vocab = JSON.parse(read('config.json').toString('utf8')).tokenizer.vocab as string[];
    expect(vocab).toContain('apples');
    expect(suggestWords('the apple', 9, vocab, 8).words).toEqual([]); // not "apples"
    expect(suggestWords('the Car', 7, vocab, 8).words).toEqual([]); // not "cars", "carry"
    expect(suggestWords('the appl', 8, vocab, 8).words).toEqual(['apple', 'apples']);
    expect(suggestWords('the appl', -1, vocab, 8).words).toEqual([]); // the page has just loaded
  });

  it('every shipped Seq2Seq card records the attention weight decay its training config used (the page shows it)', () => {
    for (const variant of ['additive', 'dot', 'none']) {
      const dir = path.join(repoRoot, 'models', `seq2seq-${variant}`);
      if (!fs.existsSync(dir)) continue;
      const config = JSON.parse(
        fs.readFileSync(path.join(repoRoot, 'models/configs', `seq2seq_${variant}.json`), 'utf8'),
      ) as Record<string, unknown>;
      const card = summarizeCard(JSON.parse(fs.readFileSync(path.join(dir, 'card.json'), 'utf8')));
      expect(card.alignWeightDecay, variant).toBe(
        typeof config.align_weight_decay === 'number' ? config.align_weight_decay : null,
      );
    }
  });

  it('every shipped Seq2Seq card says whether it was trained with 8-bit weights, as its training config says (the page shows it)', () => {
    const folders = fs.readdirSync(path.join(repoRoot, 'models')).filter((f) => f.startsWith('seq2seq-'));
    expect(folders.length).toBeGreaterThanOrEqual(10);
    let int8 = 0;
    for (const folder of folders) {
      const card = JSON.parse(
        fs.readFileSync(path.join(repoRoot, 'models', folder, 'card.json'), 'utf8'),
      ) as Record<string, unknown>;
      const summary = summarizeCard(card);
      // The folder's recipe: seq2seq-VARIANT(-seed2) from seq2seq_VARIANT.json, the Chinese pairs' from seq2seq_zh_VARIANT.json.
      const m = /^seq2seq-(?:(en-zh|zh-en)-)?(additive|dot|none)/.exec(folder);
      expect(m, folder).not.toBeNull();
      const configName = m![1] ? `seq2seq_zh_${m![2]}.json` : `seq2seq_${m![2]}.json`;
      const config = JSON.parse(
        fs.readFileSync(path.join(repoRoot, 'models/configs', configName), 'utf8'),
      ) as Record<string, unknown>;
      const seed2 = folder.endsWith('-seed2');
      if (!seed2) expect(summary.trainedInt8, folder).toBe(config.weights_dtype === 'I8');
      // 8-bit training stores 8-bit weights: the card says so twice.
      if (summary.trainedInt8) expect(card.weights_dtype, folder).toMatch(/^I8(\+I4)?$/);
      int8 += summary.trainedInt8 ? 1 : 0;
    }
    expect(int8).toBeGreaterThan(0);
  });

  it('the card has the metrics the page shows', () => {
    const card = summarizeCard(JSON.parse(read('card.json').toString('utf8')) as Record<string, unknown>);
    expect(card.parameters).toBeGreaterThan(0);
    expect(card.exactMatch).toBeGreaterThan(0);
    expect(card.exactMatch).toBeLessThanOrEqual(1);
    expect(card.aer).toBeGreaterThanOrEqual(0);
    expect(card.aer).toBeLessThanOrEqual(1);
    const byLength = accuracyByLength(
      JSON.parse(read('card.json').toString('utf8')) as Record<string, unknown>,
    );
    expect(byLength.length).toBeGreaterThan(4);
    expect(byLength[0].lo).toBe(3);
    expect(byLength.every((p, i) => i === 0 || p.lo > byLength[i - 1].lo)).toBe(true);
    expect(byLength.reduce((n, p) => n + p.n, 0)).toBe(1000);
  });
});

describe('fetchModelFolder + EngineClient + worker.ts', () => {
  const client = workerClientForSuite();

  it('lists the served models and loads one by URL', async () => {
    expect((await fetchManifest(BASE, diskFetch)).models).toEqual([MODEL]);
    const folder = await fetchModelFolder(BASE, MODEL, diskFetch);
    expect(folder.weights.byteLength).toBe(read('model.safetensors').length);
    await client().load(folder.config, folder.weights, folder.card);
    const info = await client().info();
    expect(info.config).toMatchObject({ architecture: 'seq2seq' });
    const record = await client().forward('the red car .');
    expect(record.outputTokens).toEqual(['la', 'voiture', 'rouge', '.']);
    expectTranslationMap(record);
  });

  it('a missing folder is an error that names the file', async () => {
    await expect(fetchModelFolder(BASE, 'seq2seq-missing', diskFetch)).rejects.toThrow(
      /seq2seq-missing\/config\.json answered 404/,
    );
    // No manifest: no models, no exception.
    expect((await fetchManifest(BASE, async () => new Response('', { status: 404 }))).models).toEqual([]);
  });

  it('latest wins while typing: only the newest sentence is translated last', async () => {
    const texts = ['the', 'the red', 'the red car', 'the red car .'];
    const results = await Promise.allSettled(texts.map((text) => client().forward(text)));
    const last = results[results.length - 1];
    expect(last.status).toBe('fulfilled');
    if (last.status === 'fulfilled') expect(last.value.outputTokens.join(' ')).toBe('la voiture rouge .');
  });
});

describe('hasWords', () => {
  it('tells words from punctuation and space', () => {
    expect(hasWords('')).toBe(false);
    expect(hasWords(' . , ! ')).toBe(false);
    expect(hasWords('…')).toBe(false);
    expect(hasWords('the car')).toBe(true);
    expect(hasWords('猫')).toBe(true);
    expect(hasWords('42')).toBe(true);
  });
});

describe('the length chart caption', () => {
  // The caption (seq2seq.lengthCaption, both languages) describes every curve the chart draws from
  // the shipped cards; these are its claims, read from the cards so a retrained model is checked.
  const curve = (model: string) =>
    accuracyByLength(
      JSON.parse(fs.readFileSync(path.join(repoRoot, 'models', model, 'card.json'), 'utf8')) as Record<
        string,
        unknown
      >,
    );
  const at = (points: ReturnType<typeof curve>, lo: number) => points.find((p) => p.lo === lo)?.exactMatch;

  it('names every compared model that keeps tables in 4 bits, and only those', () => {
    const card = (m: string) =>
      JSON.parse(fs.readFileSync(path.join(repoRoot, 'models', m, 'card.json'), 'utf8')) as Record<
        string,
        unknown
      >;
    const curves = ['seq2seq-additive', 'seq2seq-dot', 'seq2seq-none'].map((m) => ({
      key: m,
      points: curve(m),
      fourBit: trainedInt4(card(m)),
    }));
    const named = fourBitCurves(curves).map((c) => c.key);
    for (const c of curves)
      expect(named.includes(c.key), c.key).toBe(c.fourBit === 'all' || c.fourBit.length > 0);
    // All three keep their tables in 4 bits: the baseline was trained so (2026-11-28), the
    // attention models fine-tuned so from their 8-bit training (2026-11-29), which the chart says.
    expect(named).toEqual(['seq2seq-additive', 'seq2seq-dot', 'seq2seq-none']);
    for (const c of curves)
      expect(c.fourBit, c.key).toEqual(['src_embedding.weight', 'tgt_embedding.weight', 'out.weight']);
    expect(curves.map((c) => fineTuned(card(c.key)) !== null)).toEqual([true, true, false]);
  });

  it('without attention: almost nothing right from 8 words on', () => {
    const none = curve('seq2seq-none');
    expect(none.filter((p) => p.lo >= 8).length).toBeGreaterThan(4);
    for (const p of none.filter((q) => q.lo >= 8)) expect(p.exactMatch).toBeLessThanOrEqual(0.05);
  });

  it('both attention models: nearly all short sentences right, less on long ones, dot product below from 23 words', () => {
    const additive = curve('seq2seq-additive');
    const dot = curve('seq2seq-dot');
    for (const points of [additive, dot]) {
      expect(at(points, 3)).toBeGreaterThanOrEqual(0.9);
      expect(at(points, 8)).toBeGreaterThanOrEqual(0.9);
      const long = points.filter((p) => p.n >= 20).at(-1)!;
      expect(long.lo).toBeGreaterThanOrEqual(33);
      expect(long.exactMatch).toBeLessThan(at(points, 3)!);
    }
    // The caption (seq2seq.lengthCaption): from 23 words on (buckets of at least 20 sentences) the
    // dot-product curve lies below the additive one.
    const compared = dot.filter((p) => p.lo >= 23 && p.n >= 20);
    expect(compared.length).toBeGreaterThanOrEqual(3);
    for (const p of compared) expect(p.exactMatch).toBeLessThan(at(additive, p.lo)!);
  });
});
