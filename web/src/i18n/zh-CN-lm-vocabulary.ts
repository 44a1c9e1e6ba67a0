// Chinese strings of lessons 2 and 3's vocabulary panel (lessons/shared/lm-vocabulary.ts; see
// en-lm-vocabulary.ts).
import type { enLmVocab } from './en-lm-vocabulary';

export const zhCNLmVocab: typeof enLmVocab = {
  nearestLabel: '最接近的单片段写法：',
  nearestNone: '没有相近的',
  nearestPick: '用“{{by}}”替换“{{word}}”',
  wordsSummary: '这个模型里 {{count}} 个能作词首的片段',
  wordsNote:
    '一个词如果正好写成其中之一（前面有空格），就只是一个片段，不会被切开。其中很多只是更长的词的开头（如“con”“wh”）：分词器的片段是从文本（奥斯汀的小说，再加上布朗语料库和 WordNet 的例句）里学来的，不是从词典里。句子的第一个词前面没有空格，仍可能被切开。',
  charsSummary: '这个模型认识的 {{count}} 个字',
  search: '查找片段',
  shown: '{{count}} 个中的 {{shown}} 个',
  none: '能作词首的片段里没有包含“{{query}}”的。',
};
