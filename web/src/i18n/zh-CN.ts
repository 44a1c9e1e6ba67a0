// 简体中文。键必须与 en.ts 一致（类型检查会比较两者）。
import type { Strings } from './en';

export const zhCN: Strings = {
  app: {
    title: 'AttnLab — 看见注意力',
    brand: 'AttnLab',
    tagline: '看见注意力',
    intro:
      '输入一个句子。每个词都会看向所有的词（包括它自己），并决定从每个词那里吸收多少。这张图显示的就是这些比例。',
    languageToggle: 'English',
    languageToggleLabel: '切换到英文',
    footer:
      'AttnLab 是开源软件（MIT 许可）。引擎用 C++17 编写、编译为 WebAssembly，在你的浏览器里运行：你输入的内容不会离开本页。',
    formulaCaption:
      '每个格子是一个权重 α。每一行是对这个查询词的分数 e 做 softmax，所以每一行加起来都等于 1：',
  },
  playground: {
    inputLabel: '你的句子',
    placeholder: '输入一个句子……',
    headsLabel: '注意力头',
    head: '头 {{head}}',
    layerHead: '第 {{layer}} 层 · 头 {{head}}',
    tokenCount_one: '{{count}} 个词元',
    tokenCount_other: '{{count}} 个词元',
    tokensLabel: '词元',
    moreTokens: '……还有 {{count}} 个',
    unknownToken: '不在模型的词表中',
    noticeTitle: '这个模型的权重是随机的。',
    noticeBody: '它还没有经过训练，所以下面的图案暂时没有任何意义。训练好的模型会在课程中出现。',
    starting: '正在启动引擎……',
    empty: '输入一个句子，就能看到它的注意力图。',
    noTokens: '分词器在这段文字里没有找到词。试试字母或数字。',
    tooLong: '你的文本有 {{length}} 个字符，只使用前 {{limit}} 个。',
    tooManyTokens: '这个模型最多读 {{max}} 个词元，而你的文本有 {{tokens}} 个：图中只显示开头部分。',
    engineError: '引擎无法计算：{{message}}',
    engineStartError: '引擎无法启动：{{message}}',
  },
  map: {
    empty: '输入一个句子，就能看到它的注意力图。',
    rowsAxis: '行：正在“读”的词（查询）',
    colsAxis: '列：被读的词（键）',
    legend: '注意力权重',
    tooltip: '{{row}} → {{col}}：{{weight}}',
    score: 'softmax 之前的分数：{{score}}',
    tableCaption: '注意力权重（{{name}}）。每一行是一个正在读的词，每一列是它读的词。',
    tableTop: '每行最大的 {{k}} 个权重（完整的图有 {{rows}} × {{cols}} 个格子）。',
    queryHeader: '正在读的词',
    rankHeader: '被读的词 {{rank}}',
    largeNote: '{{rows}} × {{cols}} 个格子，太多无法逐一标注，每个格子画成一个小方块。把指针移上去即可读数。',
  },
};
