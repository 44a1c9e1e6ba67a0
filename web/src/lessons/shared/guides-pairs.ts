// The guided path of lesson 1 for its Chinese language pairs (issue 19): the same kind of
// predict-then-reveal questions as the English-French tour (guides.ts), on the grammar's
// reorderings (time before the verb, the 的-clause before the noun), answered by the pair's own
// model. Strings: guide.seq2seqEnZh and guide.seq2seqZhEn. The Chinese sentences are written as the
// model reads them, cut into its words (what the lesson's map shows as columns).

import { question, rowOfOutput, strongestSource, type Guide } from './guides';
import type { Seq2SeqPair } from './models';

/** The i18n key (under guide.) and GUIDES entry of lesson 1's tour for `pair`. */
export type PairGuideKey = 'seq2seqEnZh' | 'seq2seqZhEn';
export function pairGuideKey(pair: Seq2SeqPair | null): PairGuideKey | null {
  return pair === 'en-zh' ? 'seq2seqEnZh' : pair === 'zh-en' ? 'seq2seqZhEn' : null;
}

export const PAIR_GUIDES: Record<PairGuideKey, Guide> = {
  seq2seqEnZh: {
    steps: 4,
    questions: [
      question(
        'zhongwu',
        'seq2seq-en-zh-additive',
        'i eat rice at home at noon .',
        ['i', 'eat', 'home', 'noon'],
        (r, _c, ch) => strongestSource('中午')(r, ch),
      ),
      question(
        'shu',
        'seq2seq-en-zh-additive',
        'the book that i read yesterday is red .',
        ['the', 'book', 'read', 'yesterday'],
        (r, _c, ch) => strongestSource('书')(r, ch),
      ),
    ],
    draws: [
      {
        id: 'jia',
        model: 'seq2seq-en-zh-additive',
        text: 'i eat rice at home at noon .',
        keys: ['i', 'eat', 'rice', 'at', 'home', 'at', 'noon', '.'],
        row: rowOfOutput('家'),
      },
    ],
  },
  seq2seqZhEn: {
    steps: 4,
    questions: [
      question(
        'noon',
        'seq2seq-zh-en-additive',
        '我 中午 在 家 吃 饭 。',
        ['我', '中午', '家', '饭'],
        (r, _c, ch) => strongestSource('noon')(r, ch),
      ),
      question(
        'book',
        'seq2seq-zh-en-additive',
        '我 昨天 读 的 书 很 红 。',
        ['我', '读', '的', '书'],
        (r, _c, ch) => strongestSource('book')(r, ch),
      ),
    ],
    draws: [
      {
        id: 'home',
        model: 'seq2seq-zh-en-additive',
        text: '我 中午 在 家 吃 饭 。',
        keys: ['我', '中午', '在', '家', '吃', '饭', '。'],
        row: rowOfOutput('home'),
      },
    ],
  },
};
