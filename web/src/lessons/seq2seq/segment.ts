// Chinese typed without spaces, cut into the words a model reads (issue 19). The English-Chinese
// grammar's Chinese side is words separated by spaces (cpp/data/en_zh_grammar.h: 我 昨天 读 的 书 。),
// and the engine's word tokenizer splits at spaces only, so "我昨天读的书" would be one unknown
// word. Each run of Han characters is cut into the model's own words: of all the ways to cut it,
// the one with the fewest characters outside every word, then the fewest words (a character no word
// holds stays a word of its own, which the model reads as <unk> and the page reports). Chinese
// punctuation is a word of its own; "." and "," typed on an English keyboard are read as "。" and
// "，", the marks the grammar writes. Pure (no DOM): tests/web/seq2seq-pair.test.ts.

const HAN = /\p{Script=Han}/u;
const PUNCTUATION: Record<string, string> = { '.': '。', ',': '，', '?': '？', '!': '！' };

/** True when `words` (a model's vocabulary) holds Chinese words: its input is segmented. */
export function readsChinese(words: readonly string[]): boolean {
  return words.some((w) => HAN.test(w));
}

/** The best cut of one run of Han characters into words of `known` (see the file's comment). */
function cutRun(chars: string[], known: ReadonlySet<string>, longest: number): string[] {
  const n = chars.length;
  // best[i]: the cost [unknown characters, words] of cutting chars[i..] and the first word's length.
  const best: { unknown: number; words: number; len: number }[] = new Array(n + 1);
  best[n] = { unknown: 0, words: 0, len: 0 };
  for (let i = n - 1; i >= 0; i--) {
    const rest = best[i + 1];
    let choice = { unknown: rest.unknown + 1, words: rest.words + 1, len: 1 }; // one character alone
    if (known.has(chars[i])) choice = { unknown: rest.unknown, words: rest.words + 1, len: 1 };
    for (let len = 2; len <= Math.min(longest, n - i); len++) {
      if (!known.has(chars.slice(i, i + len).join(''))) continue;
      const after = best[i + len];
      const cost = { unknown: after.unknown, words: after.words + 1, len };
      if (cost.unknown < choice.unknown || (cost.unknown === choice.unknown && cost.words < choice.words))
        choice = cost;
    }
    best[i] = choice;
  }
  const out: string[] = [];
  for (let i = 0; i < n; i += best[i].len) out.push(chars.slice(i, i + best[i].len).join(''));
  return out;
}

/**
 * `text` as the words `vocabulary` holds, separated by single spaces: Han runs cut into words,
 * punctuation apart, anything else (Latin letters, digits) kept as typed between spaces.
 */
export function segmentChinese(text: string, vocabulary: readonly string[]): string {
  const known = new Set(vocabulary);
  let longest = 1;
  for (const w of vocabulary) longest = Math.max(longest, [...w].length);
  const words: string[] = [];
  let han: string[] = [];
  let other = '';
  const flush = () => {
    if (han.length) words.push(...cutRun(han, known, longest));
    if (other) words.push(other);
    han = [];
    other = '';
  };
  for (const ch of text) {
    if (HAN.test(ch)) {
      if (other) flush();
      han.push(ch);
    } else if (/\s/u.test(ch)) {
      flush();
    } else if (/\p{P}/u.test(ch)) {
      flush();
      words.push(PUNCTUATION[ch] ?? ch);
    } else {
      if (han.length) flush();
      other += ch;
    }
  }
  flush();
  return words.join(' ');
}
