// What lesson 1's model reads of the typed text, and which words its input side knows. The page
// (element.ts, parts.ts) and the coverage script (scripts/coverage) call the same two functions,
// so the script's figures are the page's: Chinese typed without spaces cut into the model's words
// (segment.ts), and the full stop the model was trained to expect added (view-model.ts). Pure.

import { readsChinese, segmentChinese } from './segment';
import { withFullStop } from './view-model';

/** What the page keeps of a model's input vocabulary (config "tokenizer.vocab"). */
export interface SourceVocabulary {
  /** The words it knows: entries with a letter, no special token (`<unk>`), in the model's order. */
  vocabulary: string[];
  /** The full stop its sentences end with: "." (English), "。" (Chinese), or null (it knows neither). */
  stop: string | null;
  /** Its vocabulary holds Chinese words: what is typed is cut into them (segment.ts). */
  readsChinese: boolean;
  /** Entries of the whole list, specials and punctuation included (the card's vocabulary size). */
  size: number;
}

/** The input vocabulary of a Seq2Seq config (an empty one when it has no word list). */
export function sourceVocabulary(config: Record<string, unknown>): SourceVocabulary {
  const tokenizer = (config.tokenizer ?? {}) as { vocab?: unknown };
  const vocab: unknown[] = Array.isArray(tokenizer.vocab) ? tokenizer.vocab : [];
  const strings = vocab.filter((w): w is string => typeof w === 'string');
  return {
    vocabulary: strings.filter((w) => /\p{L}/u.test(w) && !w.startsWith('<')),
    stop: vocab.includes('.') ? '.' : vocab.includes('。') ? '。' : null,
    readsChinese: readsChinese(strings),
    size: vocab.length,
  };
}

/**
 * What the model reads for the typed `text`: Chinese cut into its words, with the full stop it
 * expects (`added` says one was added). Without a model yet, an English full stop is assumed.
 */
export function modelInput(
  text: string,
  source: Pick<SourceVocabulary, 'vocabulary' | 'stop' | 'readsChinese'> | null,
): { text: string; added: boolean } {
  if (!source) return withFullStop(text);
  const input = source.readsChinese ? segmentChinese(text, source.vocabulary) : text;
  return source.stop === null ? { text: input, added: false } : withFullStop(input, source.stop);
}
