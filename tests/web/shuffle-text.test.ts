// Lesson 3's shuffle demonstration reads the words of the student's text, and a shuffled copy,
// with the model trained without positions (issue 52 B5): it must not read a token the sentence
// does not have. Each word was written after a space, so a full stop became " .", which the
// byte-level BPE reads as a space token and "." (cpp/text/bpe.h: a space joins the punctuation run
// after it, and " ." is no merge of the shipped vocabulary).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toForwardRecord } from '../../web/src/engine/convert';
import {
  bpeWords,
  matchTokens,
  permutationError,
  shuffleWords,
  spacedText,
} from '../../web/src/lessons/transformer/view-model';
import type { Session } from '../../web/src/engine/wasm-types';
import { loadFolder, loadWasm, repoRoot } from './support/wasm-node';

let session: Session;
beforeAll(async () => {
  const module = await loadWasm();
  session = new module.Session();
  const status = loadFolder(session, path.join(repoRoot, 'models/tf-mlm-nopos'));
  if (!status.ok) throw new Error(status.error);
});
afterAll(() => session?.delete());

const tokens = (text: string) => toForwardRecord(session.forward(text));

describe('the shuffle demonstration reads the sentence’s own tokens', () => {
  for (const sentence of [
    'The cat sat on the mat.',
    'The FBI is chasing a criminal on the run.',
    'Elizabeth smiled, and Jane laughed!',
  ])
    it(`“${sentence}”: no space token, the same tokens as the sentence after its first word, shuffled a permutation`, () => {
      const words = bpeWords(sentence);
      const original = tokens(spacedText(words));
      expect(
        original.tokens.filter((t) => t.trim() === ''),
        original.tokens.join('|'),
      ).toEqual([]);
      // the sentence as typed, its first word read after a space as the demonstration writes it
      expect(original.ids).toEqual(tokens(' ' + sentence).ids);
      for (const seed of [1, 2, 3]) {
        const order = shuffleWords(words, seed);
        expect([...order].sort((a, b) => a - b)).toEqual(words.map((_, i) => i));
        const shuffled = tokens(spacedText(order.map((i) => words[i])));
        expect(
          shuffled.tokens.filter((t) => t.trim() === ''),
          shuffled.tokens.join('|'),
        ).toEqual([]);
        const perm = matchTokens(original.ids, shuffled.ids);
        expect(perm).not.toBeNull();
        expect(permutationError(original.maps, shuffled.maps, perm!)).toBeLessThan(1e-5);
      }
    });
});
