// Chinese strings of lesson 1's language pairs (issue 19); the English ones are en-seq2seq-pairs.ts.

import type { enSeq2seqPairs, enSeq2seqEnZh, enSeq2seqZhEn } from './en-seq2seq-pairs';

export const zhCNSeq2seqPairs: typeof enSeq2seqPairs = {
  label: '语言',
  'en-fr': '英文 → 法语',
  'en-zh': '英文 → 中文',
  'zh-en': '中文 → 英文',
  examplesLabel: '例句：',
  tryChinese: '输入中文：',
  words: '分词：',
  cardTargets:
    '· 目标：完全匹配率至少 {{exactTarget}}（{{exactMet}}），对齐未命中率至多 {{missTarget}}（{{missMet}}），对齐错误率（AER）至多 {{aerTarget}}（{{aerMet}}）。',
  met: '已达到',
  missed: '未达到',
  missedBy: '未达到，差 {{points}} 个百分点',
};

const chineseOut = {
  intro:
    '一个小型循环编码器-解码器，在一个玩具英中平行语料上训练，你一边输入它一边翻译。解码器每一步都会重新读一遍所有英文词，并决定每个词用多少：这就是注意力（Bahdanau、Cho 和 Bengio，2015）。中文把修饰名词的成分用“的”放在名词前面，把时间和地点放在动词前面：注意图中交叉的地方。',
  allUnknown: '模型一个词都不认识。它只认识玩具语料中的 {{size}} 个英文词（试试“three cats sleep .”）。',
  empty: '输入一个英文句子，就能看到它的中文翻译。',
  translationLabel: '中文翻译',
  rowsAxis: '行：正在写出的中文词（解码器的一步）；s₀ 是起点，在第一个词之前',
  costNote: 'm 是英文词数，t 是解码步数（中文词加上 <eos>）；多出的一行是起点 s₀。',
  stepIntro:
    '选一个中文词。下面是模型为它算出的真实数值：向量画成色条（橙色为正，紫色为负），悬停或用方向键读取数值。',
  stepStart:
    '写第一个中文词之前，解码器从 s₀ = hₘ（编码器的最后一个状态）出发，先把句子读一遍：权重 α₀ⱼ 给出 c₀，也就是第一步读入的上下文向量。',
  stepOutput: '中文词由状态和上下文向量一起写出（模型的输出层；课件没有写出这一步）：',
  compareForced: '读同一句中文（教师强制：给它{{model}}模型的词，而不是它自己的猜测）。',
  differenceSame:
    '两张图读的是同一句中文“{{translation}}”，因此可以逐格比较。橙色：加性注意力更关注那里；紫色：点积注意力更关注那里。',
  lengthCaption:
    '留出测试集上的完全匹配率，按英文句子长度分组，取自这些模型的模型卡（若无注意力基线的模型卡可用，也一并画出）。',
};

export const zhCNSeq2seqEnZh: typeof enSeq2seqEnZh = { ...chineseOut };

export const zhCNSeq2seqZhEn: typeof enSeq2seqZhEn = {
  intro:
    '一个小型循环编码器-解码器，在一个玩具中英平行语料上训练，你一边输入它一边翻译。像平时一样输入中文，不用加空格：本课会把它切成模型认识的词，图中每个词占一列。解码器每一步都会重新读一遍所有中文词，并决定每个词用多少：这就是注意力（Bahdanau、Cho 和 Bengio，2015）。',
  inputLabel: '中文句子',
  placeholder: '输入一个中文句子……',
  tokensLabel: '中文词',
  unknown_one:
    '模型不认识 {{words}} 这个词。它只认识玩具语料中的 {{size}} 个中文词，不认识的词会读作 <unk>，翻译可能出错。',
  unknown_other:
    '模型不认识 {{words}}。它只认识玩具语料中的 {{size}} 个中文词，不认识的词会读作 <unk>，翻译可能出错。',
  allUnknown: '模型一个词都不认识。它只认识玩具语料中的 {{size}} 个中文词（试试“三只猫睡觉。”）。',
  empty: '输入一个中文句子，就能看到它的英文翻译。',
  punctuationOnly: '这里没有词，只有标点。请输入一个中文句子。',
  tooLong: '这个句子有 {{tokens}} 个词；本课最多翻译 {{max}} 个词。请缩短句子再看翻译。',
  fullStopAdded: '句末加上了句号“。”：模型学过的每个句子都以它结尾，没有它模型就不知道在哪里停下。',
  translationLabel: '英文翻译',
  rowsAxis: '行：正在写出的英文词（解码器的一步）；s₀ 是起点，在第一个词之前',
  colsAxis: '列：被读的中文词（编码器状态）',
  costNote: 'm 是中文词数，t 是解码步数（英文词加上 <eos>）；多出的一行是起点 s₀。',
  stepIntro:
    '选一个英文词。下面是模型为它算出的真实数值：向量画成色条（橙色为正，紫色为负），悬停或用方向键读取数值。',
  stepStart:
    '写第一个英文词之前，解码器从 s₀ = hₘ（编码器的最后一个状态）出发，先把句子读一遍：权重 α₀ⱼ 给出 c₀，也就是第一步读入的上下文向量。',
  stepScores: '每个中文词一个分数（m = {{m}}），再由 softmax 把分数变成加起来等于 1 的权重 α。',
  stepWord: '中文词',
  stepOutput: '英文词由状态和上下文向量一起写出（模型的输出层；课件没有写出这一步）：',
  stepContextStart: 'c₀ 是编码器状态的加权和：第一步从中文句子中取用的内容。',
  stepContext: '上下文向量是编码器状态的加权和：这一步从中文句子中取用的内容。',
  compareForced: '读同一句英文（教师强制：给它{{model}}模型的词，而不是它自己的猜测）。',
  differenceSame:
    '两张图读的是同一句英文“{{translation}}”，因此可以逐格比较。橙色：加性注意力更关注那里；紫色：点积注意力更关注那里。',
  lengthX: '中文句子长度（词）',
  lengthCaption:
    '留出测试集上的完全匹配率，按中文句子的词数分组，取自这些模型的模型卡（若无注意力基线的模型卡可用，也一并画出）。',
};
