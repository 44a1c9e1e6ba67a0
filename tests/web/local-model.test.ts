// A model the student opened, as every lesson reads it (web/src/lessons/shared/local-model.ts):
// which lesson takes which architecture, what its card says, and the unknown-word note.
import { describe, expect, it, vi } from 'vitest';

// The i18n module reads the browser's languages when it loads; this Node has no navigator.
vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import { localCard, requireArchitecture, unknownNote } from '../../web/src/lessons/shared/local-model';
import type { ForwardRecord, ModelInfo } from '../../web/src/engine/records';

const info = (architecture: string) => ({ config: { architecture }, card: {} }) as unknown as ModelInfo;

describe('requireArchitecture', () => {
  it('lets each lesson take its own architectures', () => {
    expect(() => requireArchitecture(info('seq2seq'), 'seq2seq')).not.toThrow();
    expect(() => requireArchitecture(info('rnn_self_attention'), 'lstmn')).not.toThrow();
    expect(() => requireArchitecture(info('rnn_lm'), 'lstmn')).not.toThrow();
    expect(() => requireArchitecture(info('transformer'), 'transformer')).not.toThrow();
  });
  it('refuses another lesson’s model naming the lesson that shows it', () => {
    expect(() => requireArchitecture(info('transformer'), 'lstmn')).toThrow(
      /“transformer”\. Lesson 3 shows it/,
    );
    expect(() => requireArchitecture(info('rnn_lm'), 'transformer')).toThrow(/Lesson 2 shows it/);
    expect(() => requireArchitecture(info('seq2seq'), 'transformer')).toThrow(/Lesson 1 shows it/);
  });
  it('names no lesson for an architecture none shows', () => {
    expect(() => requireArchitecture(info('attention_encoder'), 'seq2seq')).toThrow(/“attention_encoder”\.$/);
  });
});

describe('localCard', () => {
  it('reads the lab’s card: validation scores, its example and task', () => {
    const card = localCard({
      description: 'Trained in the lab',
      example: 'a b c',
      data: { kind: 'recall' },
      metrics: { valid: { n: 30, exact_match: 0.5, alignment_error: 0.25 } },
    });
    expect(card).toEqual({
      description: 'Trained in the lab',
      example: 'a b c',
      task: 'recall',
      // the lab's measure is the alignment miss rate, not the AER (issue 52 A3: one name, one measure)
      scores: { split: 'valid', n: 30, exactMatch: 0.5, miss: 0.25, aer: null, bestMap: null },
    });
  });
  it('prefers the test split, reads "aer", and names the best head of several maps', () => {
    const card = localCard({
      metrics: {
        valid: { exact_match: 0.1 },
        test: {
          n: 200,
          exact_match: 0.875,
          aer: 0.04,
          best_map: 1,
          maps: [
            { layer: 0, head: 0 },
            { layer: 1, head: 1 },
          ],
        },
      },
    });
    expect(card.scores).toEqual({
      split: 'test',
      n: 200,
      exactMatch: 0.875,
      miss: null,
      aer: 0.04,
      bestMap: { layer: 1, head: 1 },
    });
  });
  it('has no scores without an exact match, and ignores fields of the wrong type', () => {
    expect(localCard({ example: 3, description: null, metrics: { test: { aer: 0.1 } } })).toEqual({
      description: '',
      example: '',
      task: '',
      scores: null,
    });
  });
});

describe('unknownNote', () => {
  const record = (tokens: string[], unknown: boolean[]) => ({ tokens, unknown }) as unknown as ForwardRecord;
  const vocabulary = ['<unk>', 'a', 'b', 'c'];
  it('says nothing when every word is known', () => {
    expect(unknownNote(record(['a', 'b'], [false, false]), vocabulary)).toEqual([]);
  });
  it('lists the unknown words once each', () => {
    const [note] = unknownNote(record(['x', 'a', 'x', 'y'], [true, false, true, true]), vocabulary);
    expect(note.key).toBe('unknown');
    expect(note.text.replace(/[\u2066-\u2069]/g, '')).toBe(
      'Your model does not know the words “x”, “y”: it reads them as <unk>.',
    );
  });
  it('names some words it knows when it knows none of the text', () => {
    const [note] = unknownNote(record(['x', 'y'], [true, true]), vocabulary);
    expect(note.text).toBe('Your model knows none of these words. It reads 4 words, among them: a b c.');
  });
});
