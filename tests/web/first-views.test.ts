// The records the lessons' first figures are drawn from before their engines arrive (issue 17;
// web/vite-plugin-first-view.ts, web/src/lessons/shared/first-views.ts): computed for exactly what
// each lesson opens on, carried bit for bit, and the engine's own answer (the browser check of the
// drawn figures is tests/e2e/built-figure.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import seq2seqView from 'virtual:attnlab-first-view/seq2seq';
import lstmnView from 'virtual:attnlab-first-view/lstmn';
import transformerView from 'virtual:attnlab-first-view/transformer';
import { computeFirstView } from '../../web/vite-plugin-first-view';
import { FIRST_VIEWS } from '../../web/src/lessons/shared/first-views';
import { decodeRecord, encodeRecord } from '../../web/src/engine/record-codec';
import { toForwardRecord } from '../../web/src/engine/convert';
import type { ForwardRecord } from '../../web/src/engine/records';
import { TRACE } from '../../web/src/engine/trace-names';
import {
  DEFAULT_SEQ2SEQ_PAIR,
  LSTMN_MODELS,
  SEQ2SEQ_PAIR_MODELS,
  TRANSFORMER_MODELS,
} from '../../web/src/lessons/shared/models';
import { DEFAULT_LSTMN_SENTENCE } from '../../web/src/lessons/lstmn/parts';
import { DEFAULT_TF_SENTENCE } from '../../web/src/lessons/transformer/parts';
import { tfArchitecture } from '../../web/src/lessons/transformer/view-model';
import { defaultSentence } from '../../web/src/lessons/seq2seq/parts';
import { withFullStop } from '../../web/src/lessons/seq2seq/view-model';
import type { Session } from '../../web/src/engine/wasm-types';
import { loadFolder, loadWasm, repoRoot } from './support/wasm-node';

vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});

const MODELS = path.join(repoRoot, 'models');
const bits = (a: Float32Array | Int32Array) => Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length));

const MODULES = { seq2seq: seq2seqView, lstmn: lstmnView, transformer: transformerView };

describe('each lesson’s first view', () => {
  const engine = new Map<string, ForwardRecord>();
  beforeAll(async () => {
    const module = await loadWasm({}, 'attnlab_node_lessons');
    for (const [lesson, spec] of Object.entries(FIRST_VIEWS)) {
      const session: Session = new module.Session();
      expect(loadFolder(session, path.join(MODELS, spec.folder)).ok).toBe(true);
      engine.set(lesson, toForwardRecord(session.forward(spec.text)));
      session.delete();
    }
  });

  it('is what each lesson opens on: its first model, its first sentence as it sends it', () => {
    expect(Object.keys(MODULES).sort()).toEqual(Object.keys(FIRST_VIEWS).sort());
    expect(FIRST_VIEWS.seq2seq.folder).toBe(SEQ2SEQ_PAIR_MODELS[DEFAULT_SEQ2SEQ_PAIR].models[0].folder);
    expect(FIRST_VIEWS.seq2seq.text).toBe(withFullStop(defaultSentence(DEFAULT_SEQ2SEQ_PAIR)).text);
    expect(FIRST_VIEWS.lstmn.folder).toBe(LSTMN_MODELS.models[0].folder);
    expect(FIRST_VIEWS.lstmn.text).toBe(DEFAULT_LSTMN_SENTENCE);
    expect(FIRST_VIEWS.transformer.folder).toBe(TRANSFORMER_MODELS.models[0].folder);
    expect(FIRST_VIEWS.transformer.text).toBe(DEFAULT_TF_SENTENCE);
    // Every trace name kept is one the engine writes.
    for (const spec of Object.values(FIRST_VIEWS))
      for (const name of spec.tensors) expect(Object.values(TRACE)).toContain(name);
  });

  it('the module each lesson imports is the engine’s answer, every map and kept tensor bit for bit', () => {
    for (const [lesson, view] of Object.entries(MODULES)) {
      const spec = FIRST_VIEWS[lesson as keyof typeof FIRST_VIEWS];
      const theirs = engine.get(lesson)!;
      expect(view, lesson).not.toBeNull();
      expect(view!.folder).toBe(spec.folder);
      const record = decodeRecord(view!.record);
      expect(record.tokens).toEqual(theirs.tokens);
      expect(record.words).toEqual(theirs.words);
      expect(record.outputTokens).toEqual(theirs.outputTokens);
      expect(record.unknown).toEqual(theirs.unknown);
      expect(bits(record.ids)).toEqual(bits(theirs.ids));
      expect(bits(record.wordOf)).toEqual(bits(theirs.wordOf));
      expect(record.maps.length).toBe(theirs.maps.length);
      record.maps.forEach((map, i) => {
        const other = theirs.maps[i];
        expect({ ...map, scores: bits(map.scores), weights: bits(map.weights) }).toEqual({
          ...other,
          scores: bits(other.scores),
          weights: bits(other.weights),
        });
      });
      expect(record.tensors.map((t) => t.name)).toEqual([...spec.tensors]);
      for (const tensor of record.tensors) {
        const other = theirs.tensors.find((t) => t.name === tensor.name)!;
        expect(bits(tensor.data)).toEqual(bits(other.data));
      }
    }
  });

  it('carries the model’s shape, not its vocabulary: lesson 3’s layers and heads as the config says', () => {
    const config = JSON.parse(
      fs.readFileSync(path.join(MODELS, FIRST_VIEWS.transformer.folder, 'config.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(tfArchitecture(transformerView!.config)).toEqual(tfArchitecture(config));
    for (const view of Object.values(MODULES))
      for (const value of Object.values(view!.config)) expect(typeof value).not.toBe('object');
  });

  it('a models folder without the lesson’s model has none', async () => {
    expect(await computeFirstView(path.join(repoRoot, 'tests/fixtures'), 'seq2seq')).toBeNull();
  });
});

describe('the record codec', () => {
  const record = (): ForwardRecord => ({
    tokens: ['a', 'b'],
    ids: Int32Array.from([7, -1]),
    unknown: [false, true],
    wordOf: Int32Array.from([0, 1]),
    words: ['a', 'b'],
    outputTokens: ['x'],
    outputLimit: 9,
    stoppedForLength: true,
    maps: [
      {
        name: 'm',
        layer: 0,
        head: 1,
        rows: 1,
        cols: 2,
        rowLabels: ['x'],
        colLabels: ['a', 'b'],
        // Values decimal digits would round: the smallest subnormal, -0, a float's last bit.
        scores: Float32Array.from([1.401298464324817e-45, -0]),
        weights: Float32Array.from([Math.fround(1 / 3), Math.fround(2 / 3)]),
        editedRows: [],
      },
    ],
    tensors: [
      { name: 'kept', rows: 1, cols: 1, data: Float32Array.from([Math.PI]) },
      { name: 'dropped', rows: 1, cols: 1, data: Float32Array.from([1]) },
    ],
    truncated: null,
  });

  it('gives back every value bit for bit, and only the tensors kept', () => {
    const back = decodeRecord(JSON.parse(JSON.stringify(encodeRecord(record(), ['kept']))));
    const original = record();
    expect(bits(back.maps[0].scores)).toEqual(bits(original.maps[0].scores));
    expect(bits(back.maps[0].weights)).toEqual(bits(original.maps[0].weights));
    expect(bits(back.ids)).toEqual(bits(original.ids));
    expect(back.tensors.map((t) => t.name)).toEqual(['kept']);
    expect(bits(back.tensors[0].data)).toEqual(bits(original.tensors[0].data));
    expect(back.unknown).toEqual([false, true]);
  });

  it('refuses a truncated record, a changed model, a tensor the trace lacks, and a torn array', () => {
    expect(() => encodeRecord({ ...record(), truncated: { tokens: 9, maxTokens: 4, chars: 3 } }, [])).toThrow(
      /truncated/,
    );
    const edited = record();
    edited.maps[0].editedRows = [0];
    expect(() => encodeRecord(edited, [])).toThrow(/as trained/);
    expect(() => encodeRecord(record(), ['hidden'])).toThrow(/no tensor hidden/);
    const torn = encodeRecord(record(), []);
    torn.maps[0].weights = torn.maps[0].weights.slice(0, -4) + 'AA==';
    expect(() => decodeRecord(torn)).toThrow(/4-byte/);
    const short = encodeRecord(record(), []);
    short.maps[0].weights = btoa('\0\0\0\0'); // one value of two
    expect(() => decodeRecord(short)).toThrow(/1 values, not 1 x 2/);
  });
});
