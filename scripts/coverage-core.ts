// The counting behind scripts/coverage (issue 53, part 5): how much of the held-out everyday
// sentences (tests/fixtures/everyday) a shipped model knows, from what the engine made of each
// sentence. Pure: it reads the tokens, unknown flags and word pieces of the engine's forward
// records, so tests/web/coverage.test.ts checks it on hand-worked input and on the real engine.
//
//   known  (word tokenizers: lesson 1; the character tokenizers of lessons 2 and 3)
//          a sentence is known when the model reads no <unk> in it, punctuation included (what
//          the page reports as unknown); a word is a token with a letter or a digit, known when
//          it is not <unk> (a Chinese character is a word of its own for the character models)
//   whole  (byte-level BPE: lessons 2 and 3) a word is a chunk with a letter or a digit
//          (" cat", "1998"); it is whole when the tokenizer gives it one token; a sentence is
//          whole when every word of it is

import { toForwardRecord } from '../web/src/engine/convert';
import type { Session } from '../web/src/engine/wasm-types';
import { modelInput, sourceVocabulary } from '../web/src/lessons/seq2seq/model-input';

/** What the counts read of a forward record (web/src/engine/records.ts ForwardRecord). */
export interface Reading {
  tokens: readonly string[];
  unknown: readonly boolean[];
  /** For each token, the index of the word it is a piece of. */
  wordOf: ArrayLike<number>;
  words: readonly string[];
  /** Lesson 1: the decoder reached its length bound without writing <eos> (issue 53, part 4). */
  stoppedForLength?: boolean;
}

/** A token or chunk that is a word: it has a letter or a digit. */
export const isWord = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

/** How a word is named in the lists: trimmed, ASCII lower case (the word tokenizer's key). */
const key = (text: string): string => text.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());

export interface KnownCount {
  sentences: number;
  /** Sentences with no unknown token. */
  sentencesKnown: number;
  words: number;
  wordsKnown: number;
  /** Unknown tokens (words and punctuation) by how often they occur, most frequent first. */
  unknown: [string, number][];
  /** Lesson 1: translations stopped for length (no <eos> within 2 x the tokens + 5). */
  stopped: number;
}

export interface WholeCount {
  sentences: number;
  /** Sentences whose every word is one token. */
  sentencesWhole: number;
  words: number;
  wordsWhole: number;
  /** Words cut into pieces (pieces joined by "·"), by how often they occur, most frequent first. */
  split: [string, number][];
}

function tally(counts: Map<string, number>): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Sentences and words a word-level or character-level model knows. */
export function countKnown(readings: readonly Reading[]): KnownCount {
  let sentencesKnown = 0;
  let words = 0;
  let wordsKnown = 0;
  const unknown = new Map<string, number>();
  let stopped = 0;
  for (const r of readings) {
    if (r.stoppedForLength === true) stopped++;
    let all = true;
    r.tokens.forEach((token, i) => {
      const missing = r.unknown[i] === true;
      if (missing) {
        all = false;
        unknown.set(key(token), (unknown.get(key(token)) ?? 0) + 1);
      }
      if (!isWord(token)) return;
      words++;
      if (!missing) wordsKnown++;
    });
    if (all) sentencesKnown++;
  }
  return { sentences: readings.length, sentencesKnown, words, wordsKnown, unknown: tally(unknown), stopped };
}

/** Sentences and words a BPE tokenizer keeps whole. */
export function countWhole(readings: readonly Reading[]): WholeCount {
  let sentencesWhole = 0;
  let words = 0;
  let wordsWhole = 0;
  const split = new Map<string, number>();
  for (const r of readings) {
    const pieces: string[][] = r.words.map(() => []);
    r.tokens.forEach((token, i) => pieces[r.wordOf[i]]?.push(token));
    let all = true;
    r.words.forEach((word, w) => {
      if (!isWord(word)) return;
      words++;
      if (pieces[w].length === 1) {
        wordsWhole++;
        return;
      }
      all = false;
      const name = pieces[w].map((p) => (p.trim() === '' ? '␣' : p.trim())).join('·');
      split.set(name, (split.get(name) ?? 0) + 1);
    });
    if (all) sentencesWhole++;
  }
  return { sentences: readings.length, sentencesWhole, words, wordsWhole, split: tally(split) };
}

/**
 * What lesson 1's model of `config` reads of the sentences in its input language (`english` or
 * `chinese`), as the page sends them: Chinese cut into its words, the full stop added
 * (web/src/lessons/seq2seq/model-input.ts).
 */
export function lessonOneInputs(
  config: Record<string, unknown>,
  sentences: { english: readonly string[]; chinese: readonly string[] },
): { readsChinese: boolean; inputs: string[] } {
  const source = sourceVocabulary(config);
  const typed = source.readsChinese ? sentences.chinese : sentences.english;
  return { readsChinese: source.readsChinese, inputs: typed.map((s) => modelInput(s, source).text) };
}

/** The engine's reading of each text by the model loaded in `session` (its forward records). */
export function readAll(session: Session, texts: readonly string[]): Reading[] {
  return texts.map((text) => {
    const raw = session.forward(text);
    if (!raw.ok) throw new Error(`"${text}": ${raw.error}`);
    return toForwardRecord(raw);
  });
}

/** The sentences of a fixture file: one a line, blank lines and lines starting with "#" skipped. */
export function readSentences(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** "7 / 225 (3.1%)": a count, its total and the share, to one decimal. */
export function share(part: number, whole: number): string {
  const percent = whole > 0 ? ((100 * part) / whole).toFixed(1) : '–';
  return `${part} / ${whole} (${percent}%)`;
}
