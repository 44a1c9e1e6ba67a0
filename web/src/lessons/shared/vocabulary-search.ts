// The words a model knows, searched (issue 53, part 3): the nearest known words to one the model
// does not know, the list filtered by what a student types into its search box, and an unknown
// word replaced in the sentence. Pure: tests/web/vocabulary-search.test.ts.
//
// Nearness is the edit distance (npm fastest-levenshtein), over words of letters and digits only;
// a Chinese character the model does not know has no spelling to be near, so its nearest words are
// the known words that hold it.

import { distance } from 'fastest-levenshtein';

/** A vocabulary entry a student would call a word: it has a letter or a digit. */
const isWord = (w: string): boolean => /[\p{L}\p{N}]/u.test(w);
const HAN = /\p{Script=Han}/u;
const chars = (w: string): number => [...w].length;

/**
 * Up to `limit` known words nearest to `word`, nearest first. English: at most one edit per three
 * letters (at least one); among equals, a word that `word` starts with or that starts with it
 * first ("dogs" -> dog before does; "i" -> in, is before a), then by length and alphabet. Chinese: the known words that hold its characters,
 * shortest first. None when nothing is that near: an empty list says so honestly.
 */
export function nearestWords(word: string, vocabulary: readonly string[], limit = 3): string[] {
  const w = word.trim().toLowerCase();
  if (!w) return [];
  if (HAN.test(w)) {
    const own = [...w].filter((c) => HAN.test(c));
    return vocabulary
      .filter((v) => v !== w && own.some((c) => v.includes(c)))
      .sort((a, b) => chars(a) - chars(b) || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, limit);
  }
  const most = Math.max(1, Math.floor(chars(w) / 3));
  const scored: { v: string; d: number; prefix: number; gap: number }[] = [];
  for (const v of vocabulary) {
    if (v === w || !isWord(v) || HAN.test(v) || Math.abs(chars(v) - chars(w)) > most) continue;
    const d = distance(w, v);
    if (d <= most)
      scored.push({
        v,
        d,
        prefix: v.startsWith(w) || w.startsWith(v) ? 0 : 1,
        gap: Math.abs(chars(v) - chars(w)),
      });
  }
  scored.sort(
    (a, b) => a.d - b.d || a.prefix - b.prefix || a.gap - b.gap || (a.v < b.v ? -1 : a.v > b.v ? 1 : 0),
  );
  return scored.slice(0, limit).map((s) => s.v);
}

/**
 * The known words that match `query` (case-insensitive, anywhere in the word), the words that
 * start with it first, each group in the vocabulary's order. An empty query lists every word;
 * punctuation and special tokens (<unk>, <eos>) are not words a student would look up.
 */
export function searchVocabulary(vocabulary: readonly string[], query: string): string[] {
  const words = vocabulary.filter((v) => isWord(v) && !/^<.*>$/.test(v));
  const q = query.trim().toLowerCase();
  if (!q) return words;
  const starts: string[] = [];
  const inside: string[] = [];
  for (const v of words) {
    const lower = v.toLowerCase();
    if (lower.startsWith(q)) starts.push(v);
    else if (lower.includes(q)) inside.push(v);
  }
  return [...starts, ...inside];
}

/**
 * `text` with its first occurrence of the unknown `word` replaced by `by`: as a whole word, in any
 * case, cut as the tokenizer cuts words (English: "well-known" is three tokens); anywhere, for Chinese typed
 * without spaces. `null` when `word` is not in `text` as typed (the model's reading lower-cases it).
 */
export function replaceWord(text: string, word: string, by: string): string | null {
  if (HAN.test(word)) {
    const at = text.indexOf(word);
    return at < 0 ? null : text.slice(0, at) + by + text.slice(at + word.length);
  }
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A word as lesson 1's tokenizer cuts it (cpp/text/word_tokenizer.cpp): letters, digits, ' and _.
  const found = new RegExp(`(^|[^\\p{L}\\p{N}'_])(${escaped})(?=$|[^\\p{L}\\p{N}'_])`, 'iu').exec(text);
  if (!found) return null;
  const at = found.index + found[1].length;
  return text.slice(0, at) + by + text.slice(at + found[2].length);
}
