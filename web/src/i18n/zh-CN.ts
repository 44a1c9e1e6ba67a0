// 简体中文。键必须与 en.ts 一致（类型检查会比较两者）。
import { zhCNGuide } from './zh-CN-guide';
import { zhCNExplain } from './zh-CN-explain';
import { zhCNOpen, zhCNSeq2seqLocal } from './zh-CN-open';
import type { Strings } from './en';
import { zhCNTransformer } from './zh-CN-transformer';
import { zhCNTrain } from './zh-CN-train';
import { zhCNIntervene } from './zh-CN-intervene';
import { zhCNEngine, zhCNUrl } from './zh-CN-recover';
import { zhCNSeq2seqPairs, zhCNSeq2seqEnZh, zhCNSeq2seqZhEn } from './zh-CN-seq2seq-pairs';
import { zhCNZhText } from './zh-CN-zh';
import { zhCNLmVocab } from './zh-CN-lm-vocabulary';

export const zhCN: Strings = {
  lmVocab: zhCNLmVocab,
  app: {
    title: 'AttnLab — 看见注意力',
    brand: 'AttnLab',
    tagline: '看见注意力',
    intro:
      '注意力让模型在读或写每个词时，决定从其他每个词那里吸收多少。这里，各课训练好的三个模型读同一个句子；每张图是该模型的注意力，每一行加起来都等于 1。',
    playgroundHeading: '训练之前：随机权重',
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
    title: '随机权重的自注意力',
    noticeTitle: '训练之前：这些权重是随机的。',
    noticeBody: '这是自注意力在学到任何东西之前的样子。请把它的图与各课中训练好的模型比较。',
    starting: '正在启动引擎……',
    empty: '输入一个句子，就能看到它的注意力图。',
    noTokens: '分词器在这段文字里没有找到词。试试字母或数字。',
    tooLong: '你的文本有 {{length}} 个字符，只使用前 {{limit}} 个。',
    tooManyTokens: '这个模型最多读 {{max}} 个词元，而你的文本有 {{tokens}} 个：图中只显示开头部分。',
    engineError: '引擎无法计算：{{message}}',
    engineStartError: '引擎无法启动：{{message}}',
  },
  first: {
    heading: '三个训练好的模型读同一个句子',
    sentenceLabel: '句子：',
    trained: '训练好的模型：{{model}}',
    loading: '正在加载训练好的模型……',
    missing: '本站没有安装这个模型。',
    failed: '模型无法运行：{{message}}',
    open: '打开第 {{n}} 课 →',
    seq2seqTitle: '1. 翻译成法语',
    lstmnTitle: '2. 从左往右读',
    transformerTitle: '3. 每个词元读所有词元',
    seq2seqRows: '行：正在写出的法语词（s₀：起点）',
    seq2seqCols: '列：被读的英文词',
    lstmnRows: '行：正在读的词',
    lstmnCols: '列：目前读过的词',
    transformerRows: '行：正在读的词元',
    transformerCols: '列：被读的词元',
    seq2seqNote: '它的译文：“{{translation}}”。每一行是对英文词做的 softmax。',
    lstmnNote: '这 {{words}} 个词都只读它自己和它之前的词：对角线以上全是 0。',
    transformerNote:
      '第 {{layer}} 层第 {{head}} 个头：除第一行外的 {{rows}} 行中，有 {{count}} 行的最大权重落在前一个词元上。',
  },
  strip: {
    label:
      '{{label}}：{{count}} 个数的向量，画成色条；用左右方向键读取数值，上下方向键换到前一个或后一个向量',
    value: '第 {{index}} / {{count}} 个分量：{{value}}',
  },
  seq2seq: {
    heading: '1. 带注意力的 Seq2Seq',
    intro:
      '一个小型循环编码器-解码器，在一个玩具英法语料上训练，你一边输入它一边翻译。解码器每一步都会重新读一遍所有英文词，并决定每个词用多少：这就是注意力（Bahdanau、Cho 和 Bengio，2015）。',
    inputLabel: '英文句子',
    placeholder: '输入一个英文句子……',
    variantLabel: '注意力',
    additive: '加性',
    dot: '点积',
    additiveModel: '加性注意力',
    dotModel: '点积注意力',
    loading: '正在加载训练好的模型……',
    loadError: '无法加载训练好的模型：{{message}}',
    card: '{{variant}} · {{parameters}} 个参数 · 留出测试集：完全匹配率 {{exactMatch}}，{{measures}}。',
    confidence:
      '模型自己给这个输出的概率：{{p}}（每一步写出的词的概率相乘，包括结束符）；它最没把握的词是“{{word}}”（{{pw}}）。有把握的翻译也可能是错的。',
    confidenceStopped:
      '模型自己给这 {{n}} 个词的概率：{{p}}（每一步写出的词的概率相乘；没有结束符，因为它因长度截停）；它最没把握的词是“{{word}}”（{{pw}}）。',
    cardLine: '{{variant}} · 完全匹配率 {{exactMatch}} · {{parameters}} 个参数',
    cardAlignDecay:
      '训练时多用了一个设置：只对 W_K 和 W_Q 加 {{decay}} 的权重衰减，防止未缩放的点积分数不断变大、让 softmax 把全部权重放到一个词上（英译法的点积模型不加时完全匹配率只有 39.5%；见 docs/models.md）。',
    cardNoMetrics: '{{variant}} · {{parameters}} 个参数',
    tokensLabel: '英文词',
    unknownChip: '不在词表中：按 <unk> 读入',
    unknown_one:
      '模型不认识 {{words}} 这个词。它只认识玩具语料中的 {{size}} 个英文词，不认识的词会被读成 <unk>，所以翻译可能出错。',
    unknown_other:
      '模型不认识 {{words}}。它只认识玩具语料中的 {{size}} 个英文词，不认识的词会被读成 <unk>，所以翻译可能出错。',
    allUnknown:
      '这些词模型一个都不认识。它只认识玩具语料中的 {{size}} 个英文词（试试 "the red car is fast ."）。',
    empty: '输入一个英文句子，就能看到它的法语翻译。',
    punctuationOnly: '这里只有标点，没有词。请输入一个英文句子。',
    tooLong:
      '这个句子有 {{tokens}} 个词，本课最多翻译 {{max}} 个（模型训练时的句子长度是 3 到大约 40 个词）。缩短句子即可看到翻译。',
    fullStopAdded: '句末补上了句号：模型学过的每个句子都以句号结尾，没有句号它就不知道在哪里停下。',
    tooManyChars: '你的文本有 {{length}} 个字符，只读取前 {{limit}} 个。',
    stoppedForLength:
      '因长度截停：{{words}} 个词的句子，解码器最多写 2 × {{words}} + 5 = {{max}} 个词；它写到 {{max}} 个词仍没有输出结束符 <eos>。模型在这个输入上迷失了：它写出的不是完整的译文。',
    stoppedAtModelLimit:
      '因长度截停：解码器写到它最多能写的 {{max}} 个词，仍没有输出结束符 <eos>。模型在这个输入上迷失了：它写出的不是完整的译文。',
    stoppedMark: '因长度截停',
    nearestLabel: '最接近的已知词：',
    nearestNone: '没有相近的词',
    nearestPick: '用“{{by}}”替换“{{word}}”',
    vocabularyEn: '这个模型认识的 {{count}} 个英文词',
    vocabularyZh: '这个模型认识的 {{count}} 个中文词',
    vocabularySearch: '查找词',
    vocabularyShown: '{{count}} 个词中的 {{shown}} 个',
    vocabularyNone: '这个模型认识的词里没有包含“{{query}}”的。',
    engineError: '引擎无法翻译：{{message}}',
    translationLabel: '法语翻译',
    mapTitle: '解码器的注意力权重',
    rowsAxis: '行：正在写出的法语词（解码器的一步）；s₀ 是起点，在第一个词之前',
    colsAxis: '列：被读的英文词（编码器状态）',
    cost: '对这个句子，解码器计算了 m × (t + 1) = {{m}} × {{t1}} = {{n}} 个注意力权重：起点 s₀ 一行，每个解码步一行。',
    costWithout: '普通 Seq2Seq（只有最后一个状态）：',
    costWith: '带注意力（每一步都读所有词）：',
    costNote: 'm 是英文词数，t 是解码步数（法语词加上 <eos>）；多出的一行是起点 s₀。',
    compare: '并排比较',
    suggestionsLabel: '已知词：',
    stepStartPill: '起点 (s₀)',
    stepStart:
      '写第一个法语词之前，解码器从 s₀ = hₘ（编码器的最后一个状态）出发，先把句子读一遍：权重 α₀ⱼ 给出 c₀，也就是第一步读入的上下文向量。',
    stepInputWord: 'x′ 是上一个写出的词“{{word}}”的嵌入向量（每句都以 <bos> 开始）。',
    stepContextStart: 'c₀ 是编码器状态的加权和：第一步从英文句子里取走的信息。',
    stepOutput: '法语词由状态和上下文向量一起写出（模型的输出层；课件没有写出这一步）：',
    stepOutputWord: '模型写出它认为最可能的词“{{word}}”，概率为 {{p}}。',
    stepTitle: '逐步查看一个解码步',
    stepIntro:
      '选一个法语词。下面是模型为它算出的真实数值：向量画成色条（橙色为正，紫色为负），悬停或用方向键读取数值。',
    stepChoose: '解码步',
    stepState:
      '第 {{j}} 步写出“{{word}}”。它的状态读入三个输入（见下）：上一个词的向量 x′、上一个状态 s 和上一个上下文向量 c。',
    stepScores:
      '对齐函数 align(hⱼ, sᵢ) 给每个英文词打一个分数 e（m = {{m}}），softmax 把分数变成加起来等于 1 的权重 α。',
    stepWord: '英文词',
    stepSum: '权重之和',
    stepContext: '上下文向量 c 是编码器状态的加权和：这一步从英文句子里取走的信息。',
    stepCheck: '核对：用上面的数重新计算 α₁h₁ + … + αₘhₘ，与引擎算出的 c 最多相差 {{error}}。',
    differenceTitle: '差异：加性注意力减去点积注意力',
    compareOwn: '它自己的译文，同上。',
    compareForced: '读同一句法语（教师强制：给它{{model}}模型的词，而不是它自己的猜测）。',
    differenceSame:
      '两张图读的是同一句法语“{{translation}}”，因此可以逐格比较。橙色：加性注意力更关注那里；紫色：点积注意力更关注那里。',
    differencePartial:
      '两个译文不同，所以只比较前 {{rows}} 个相同的词。橙色：加性注意力更关注；紫色：点积注意力更关注。',
    differenceLegend: 'α(加性) − α(点积)',
    differenceNone: '两个模型的译文从第一个词起就不同，没有可以比较的步骤。',
    noAttentionModel: '无注意力（只用最终状态）',
    lengthTitle: '准确率与句子长度',
    lengthX: '英文句子长度（词）',
    lengthY: '完全匹配率',
    lengthFourBit:
      '“{{model}}”把 {{names}} 存为 4 位整数（其余权重 8 位），训练时就是这样（见 docs/models-history.md 中关于 4 位嵌入表的一节）。',
    lengthFourBitTuned:
      '“{{model}}”把 {{names}} 存为 4 位整数（其余权重 8 位）：先用 8 位训练，再用这些 4 位权重微调（见 docs/models.md 中关于 4 位微调的一节）。',
    lengthFourBitAll:
      '“{{model}}”的权重是 4 位整数，训练时就是这样（见 docs/models-history.md 中关于 4 位嵌入表的一节）。',
    lengthCaption:
      '按长度统计的留出测试句的完全匹配率（整句译文与参考译文相同），取自模型卡。没有注意力时，解码器只能把整句话压进编码器的最终状态：从 8 个词起几乎全部译错。两个注意力模型在短句上几乎全部匹配，长句的完全匹配率较低；从 23 个词起，点积模型译对的比加性模型少。',
  },
  lstmn: {
    heading: '2. RNN + 自注意力',
    intro:
      '一个小型循环语言模型，先在简·奥斯汀的小说上、再在日常英文（布朗语料库和 WordNet 的例句）上训练（中文句子交给在宋词上训练、逐字阅读的模型），它一个片段一个片段地读你的句子。每读一步，它都会回看目前读过的所有内容（包括当前的词），决定每一处吸收多少，再用这个混合（上下文向量 c）去猜下一个词（Cheng、Dong 和 Lapata，2016）。每个模型是怎样训练的，写在它的模型卡下面：讲义里的单元需要一个额外的损失项，才会回看前文，而不是只看当前的词。',
    inputLabel: '你的句子',
    placeholder: '输入一个英文句子……',
    modelLabel: '模型',
    modelRnnSelfattn: 'SimpleRNN + 自注意力',
    modelRnnSelfattnCh: '变体 [x; c; h]',
    modelZh: '中文：SimpleRNN + 自注意力（逐字）',
    modelRnnSelfattnNoPenalty: 'SimpleRNN + 自注意力，不加惩罚',
    modelLstmn: 'LSTM + 自注意力（LSTMN 风格）',
    modelRnn: '普通 SimpleRNN',
    modelLstm: '普通 LSTM',
    card: '{{model}} · {{parameters}} 个参数 · 留出集困惑度 {{test}}（测试）、{{valid}}（验证），越低越好',
    cardTest: '{{model}} · {{parameters}} 个参数 · 留出测试集困惑度 {{test}}，越低越好',
    cardNoMetrics: '{{model}} · {{parameters}} 个参数',
    cardLine: '{{model}} · 测试集困惑度 {{test}} · {{parameters}} 个参数',
    vsBaselineWorse:
      '与规模相当的普通模型“{{baseline}}”（{{parameters}} 个参数，测试集困惑度 {{other}}）相比，这个模型的困惑度高 {{percent}}：在预测下一个片段这件事上，自注意力在这里没有帮上忙。需要长距离依赖的地方它确实有用：见下面的回忆实验。',
    vsBaselinePenaltyTwin:
      '与规模相当的普通模型“{{baseline}}”（{{parameters}} 个参数，测试集困惑度 {{other}}）相比，这个模型的困惑度高 {{percent}}。这是训练时加的自身权重惩罚的代价，而不是这个单元本身的：不加惩罚训练的同一个单元困惑度为 {{twin}}，普通模型为 {{other}}。',
    vsBaselinePenaltyPart:
      '与规模相当的普通模型“{{baseline}}”（{{parameters}} 个参数，测试集困惑度 {{other}}）相比，这个模型的困惑度高 {{percent}}。其中一部分是训练时加的自身权重惩罚的代价：不加惩罚训练的同一个单元困惑度为 {{twin}}，比普通模型的 {{other}} 高 {{twinPercent}}。',
    vsBaselinePenaltyUnmeasured:
      '与规模相当的普通模型“{{baseline}}”（{{parameters}} 个参数，测试集困惑度 {{other}}）相比，这个模型的困惑度高 {{percent}}。它训练时加了自身权重惩罚，这会让困惑度变差；没有提供不加惩罚训练的同一种单元，所以差距中有多少来自惩罚，这里没有测量。',
    vsBaselineBetter:
      '与规模相当的普通模型“{{baseline}}”（{{parameters}} 个参数，测试集困惑度 {{other}}）相比，这个模型的困惑度低 {{percent}}。',
    trainingLabel: '训练方式',
    trainingPenalty: '加自身权重惩罚',
    trainingPlain: '不加（只用交叉熵）',
    objectiveTitle: '这个模型是怎样训练的',
    objectivePenalty:
      '在 T 个片段的训练窗口上，下一个片段交叉熵的平均值，加上 {{lambda}} × 每个片段给自己的权重 α_ii 的平均值（第一个片段只能读它自己，所以不算在内）。这个额外的项只在训练时起作用：模型读你的句子时，和图中显示的完全一样。没有它，这个单元的注意力往往会落到正在读的片段上：训练初期，关注自己是降低损失最容易的办法（{{ctx}} = h_i 直接把最新的状态交给预测）；惩罚项去掉了这条捷径。',
    objectiveNoPenalty:
      '在 T 个片段的训练窗口上，下一个片段交叉熵的平均值，没有别的：不惩罚 α_ii。训练初期，关注正在读的片段是降低损失最容易的办法（{{ctx}} = h_i 直接把最新的状态交给预测），而没有任何东西去掉这条捷径。下面的平均自身权重显示这个模型有没有走这条捷径。',
    objectivePlainBaseline:
      '在 T 个片段的训练窗口上，下一个片段交叉熵的平均值。这个模型没有注意力，所以没有 α 可以惩罚。',
    selfWeight: '这段文字上的平均自身权重：{{value}}',
    selfWeightHow: '（α_ii 即片段 i 给自己的权重，对第 2 … n 个片段取平均；等于 1 表示每个片段只读它自己）。',
    selfWeightCollapsed: '注意力塌缩到了正在读的片段上：{{ctx}} ≈ h_i，下面的图是一条对角线。',
    selfWeightLow: '每个片段主要读它前面的片段：它的上下文向量 {{ctx}} 由先前读过的内容组成。',
    selfWeightMixed: '每个片段把注意力分给自己和它前面的片段。',
    selfWeightSunk:
      '每个片段都避开了自己，但并不是去读前面的词：从第三个片段起，每个片段平均把 {{value}} 的注意力放在第一个片段上，所以 {{ctx}} 每一步几乎是同一个向量，几乎没有传递读过的内容（注意力“汇点”）。',
    sinkPenalty: '惩罚项只让注意力离开正在读的片段，并没有让它落到词上。',
    selfWeightMostly:
      '平均来说，一个片段的注意力大部分落在它自己身上：{{ctx}} 大体上就是 h_i，下面的图接近一条对角线。',
    penaltyCosts:
      '惩罚项让困惑度变差了：加惩罚 {{penalized}}，不加 {{plain}}（测试集）。换来的是回看前文、而不是盯着当前片段的注意力。',
    penaltyFree: '惩罚项没有让困惑度变差：加惩罚 {{penalized}}，不加 {{plain}}（测试集）。',
    tryPlain: '在上面选“{{switch}}”，就能看到不加惩罚的同一个单元。',
    lstmnStyle:
      '为什么叫“LSTMN 风格”：在 Cheng、Dong 和 Lapata（2016）的 LSTMN 中，第 i 步在 LSTM 更新之前只关注前面的片段（j < i），并用当前输入 x_i 和上一步的读出 h̃_{i−1} 通过加性对齐函数给每个片段打分。这里和讲义一样，注意力在更新之后，查询是新状态 h_i，对齐函数是点积，正在读的片段也是键之一（j ≤ i）。它训练时没有加自身权重惩罚，所以它的图读起来不像论文里的图（论文中一个词会关注它前面相关的词）：请看上面的平均自身权重。',
    loading: '正在加载训练好的语言模型……',
    nextWaiting: '下一个词的猜测要等模型加载完才有。',
    loadError: '无法加载训练好的语言模型：{{message}}',
    computing: '正在读你的句子……',
    empty: '输入一个句子，看看模型是怎么读它的。',
    noWords: '这里没有词（没有字母或数字）。请输入一个英文句子。',
    noFigure: '这段文字没有图：请看上面的提示。',
    tooManyChars: '你的文字有 {{length}} 个字符，只读取前 {{limit}} 个。',
    truncated: '模型最多读 {{max}} 个片段，而你的文字有 {{tokens}} 个：图中显示的是前 {{chars}} 个字符。',
    engineError: '引擎无法读取这段文字：{{message}}',
    foreign:
      '这个模型是从简·奥斯汀的小说和日常英文（布朗语料库、WordNet 的例句）里学的英文。它能把任何文字读成字节片段，但其他文字的字母和表情符号几乎没见过，所以这里的注意力和猜测意义不大。',
    unspaced:
      '中文、日文和泰文的词与词之间没有空格，而“整词”按空格切分文本：这里整句话算作一个“词”，所以它的图只有一个格子。模型本身读的是字节片段：在上面选“片段”就能看到它读到的内容。',
    noAttention:
      '这个模型没有自注意力：读过的一切都被压进隐藏状态 h_i，因此没有注意力可以显示。下面是它对下一个词的猜测，可以和自注意力模型比一比。',
    readingTitle: '模型如何一个词一个词地读',
    keyCurrent: '红色：正在读的词。',
    keyBlue:
      '蓝色：它对目前读过的每个词（包括自己）付出的注意力，刻度固定为 0 到 1，比注意力图的蓝色浅，以便看清文字。',
    keyPlain: '每一行是模型目前读过的内容；红色是正在读的词。',
    rowAria: '第 {{step}} 步：读“{{word}}”',
    chipTitle: '{{word}}：α = {{weight}}',
    chipReadout: '读“{{row}}”时，对“{{col}}”的权重 α = {{weight}}',
    rowReadout: '读“{{word}}”时：{{list}}（这一行加起来等于 1）',
    rowReadoutNoAttention: '读“{{word}}”',
    readoutHint: '把指针移到一个词上（或用 Tab 聚焦一行）可读出精确权重；点击一行可查看那一步。',
    readoutHintPlain: '点击一行可查看那一步。',
    tooManyRows: '图中列出了 {{rows}} 行中的前 {{shown}} 行；下面的热力图包含全部。',
    nextTitle: '在“{{prefix}}”之后，下一个词的猜测',
    nextTitleItem: '下一个是“{{piece}}”的概率为 {{p}}',
    nextNote:
      '最可能的 5 个下一个片段（模型输出的 softmax）。␣ 表示空格：以它开头的片段是一个新词。↵ 表示换行（⇥ 表示制表符）。',
    nextTitleChars: '在“{{prefix}}”之后，下一个字的猜测',
    nextNoteChars: '最可能的 5 个下一个字（模型输出的 softmax）。',
    noLogits: '这个模型不给出下一个词的概率。',
    mapTitle: '同样的权重，画成热力图',
    rowsAxis: '行：正在读的词（第 i 步）',
    colsAxis: '列：目前读过的词（j ≤ i）',
    stepHint: '点击图中的一行，就能看到那一步的每个数字。',
    stepTitle: '第 {{step}} 步（共 {{steps}} 步）：读“{{word}}”',
    stepPiece: '（片段“{{piece}}”）',
    close: '关闭',
    stripNote:
      '每个向量画成一条方格带，一个数字一个方格：大于 0 为橙，小于 0 为紫，接近 0 为白。把指针移到方格上可看精确值。',
    vectorStats: '{{dims}} 个数 · 长度 {{norm}} · 最大绝对值 {{max}}',
    descX: '片段“{{piece}}”的嵌入向量',
    descCPrev: '上一步的上下文向量（第一步为零）',
    descCPrevLstm: '上一步的注意力读出，它代替了 LSTM 的状态（第一步为零）',
    descCmPrev: '上一步对记忆单元的注意力读出（第一步为零）',
    descHPrev: '上一步的隐藏状态（第一步为零）',
    descH: '新的隐藏状态',
    descM: 'LSTM 新的记忆单元',
    descC: '新的上下文向量：h_1 … h_i 按 α 加权求和',
    descCLstm: '新的注意力读出：h_1 … h_i 按 α 加权求和',
    descCm: '记忆单元 m_1 … m_i 按 α 加权求和',
    pieceHeader: '片段',
    wordHeader: '词',
    sumLabel: 'α 之和',
    softmaxNote: 'softmax 作用在目前读过的片段上；上面的图把每个词的各个片段加在一起。',
    recallTitle: '为什么要注意力：长距离依赖',
    recallIntro:
      '一个回忆任务：模型先看到一个词元，再看到 d 个干扰词元，然后必须复述第一个词元。两个 SimpleRNN 在新测试序列上的准确率，一个带自注意力，一个不带：',
    recallIntroSizes:
      '一个回忆任务：模型先看到一个词元，再看到 d 个干扰词元，然后必须复述第一个词元。两个 SimpleRNN 在新测试序列上的准确率：带自注意力的有 {{withHidden}} 个隐藏单元（{{withParameters}} 个参数），不带自注意力的有 {{withoutHidden}} 个隐藏单元（{{withoutParameters}} 个参数）：',
    recallNote:
      '没有注意力时，第一个词元必须熬过隐藏状态的 d 次更新，它会逐渐消失。有了自注意力，无论隔了多远，它的状态始终是最后一步可以读取的状态之一；模型是否真的读它，训练实验室的回忆任务会一步步画出来。',
    recallPerplexity:
      '同一个 [x; c] 单元作为语言模型在奥斯汀的小说和日常英文上训练后，测试集困惑度（越低越好，同样的测试词元）：{{list}}。',
    recallPerplexityWorse:
      '不容易遗忘不等于更会猜下一个词：在这些 {{context}} 个片段的窗口上，讲义里的单元比同样参数预算的普通 SimpleRNN 差 {{percent}}。',
    recallPerplexityPenalty:
      '不容易遗忘不等于更会猜下一个词：在这些 {{context}} 个片段的窗口上，讲义里的单元比同样参数预算的普通 SimpleRNN 差 {{percent}}，但这是训练时加的自身权重惩罚的代价，而不是这个单元本身的：不加惩罚训练时它的困惑度为 {{twin}}，普通 SimpleRNN 为 {{plain}}。',
    recallPerplexityPenaltyPart:
      '不容易遗忘不等于更会猜下一个词：在这些 {{context}} 个片段的窗口上，讲义里的单元比同样参数预算的普通 SimpleRNN 差 {{percent}}，其中一部分是训练时加的自身权重惩罚的代价：不加惩罚训练时它的困惑度为 {{twin}}，比普通 SimpleRNN 的 {{plain}} 高 {{twinPercent}}。',
    recallPerplexityBetter: '在这里它也更会猜下一个词：比同样参数预算的普通 SimpleRNN 低 {{percent}}。',
    recallLoading: '正在加载回忆实验的结果……',
    recallError: '无法加载回忆实验的结果：{{message}}',
    recallWith: 'SimpleRNN + 自注意力',
    recallWithout: '没有注意力的 SimpleRNN',
    recallChance: '随机猜测',
    recallAria: '回忆准确率随距离变化的折线图，有和没有自注意力',
    recallCaption: '不同距离下的回忆准确率',
    recallX: '距离 d（词元与回忆之间隔了多少个词元）',
    recallY: '准确率',
    recallPoint: 'd = {{distance}}：{{accuracy}}',
  },
  transformer: zhCNTransformer,
  zhText: zhCNZhText,
  cards: {
    int8: '它的权重是 8 位整数（每个一字节，每行一个缩放系数），而且训练时就是这样算的：每一步训练都用这些 8 位权重计算，所以这里的每个数字都是你正在运行的模型的数字（见 docs/models.md）。',
    int4: '其中 {{names}} 改用 4 位整数（每个半字节，{{scales}}），训练时同样如此。',
    int4All:
      '它的权重是 4 位整数（每个半字节，{{scales}}），而且训练时就是这样算的：每一步训练都用这些 4 位权重计算，所以这里的每个数字都是你正在运行的模型的数字（见 docs/models.md）。',
    int4AllTuned:
      '它的权重是 4 位整数（每个半字节，{{scales}}）：它先用 8 位权重训练了 {{base}} 步，再用这些 4 位权重以较小的学习率微调了 {{steps}} 步，所以这里的每个数字都是你正在运行的模型的数字（见 docs/models.md 中关于 4 位微调的一节）。',
    int4Tuned:
      '其中 {{names}} 改用 4 位整数（每个半字节，{{scales}}）：它先用 8 位权重训练了 {{base}} 步，再用这些 4 位权重以较小的学习率微调了 {{steps}} 步，所以这里的每个数字都是你正在运行的模型的数字（见 docs/models.md 中关于 4 位微调的一节）。',
    int4AllTunedMixed:
      '它的权重是 4 位整数（每个半字节，{{scales}}）：它先用 8 位权重和 4 位的{{baseNames}}训练了 {{base}} 步，再让所有权重都用 4 位、以较小的学习率微调了 {{steps}} 步，所以这里的每个数字都是你正在运行的模型的数字（见 docs/models.md 中关于 4 位微调的一节）。',
    grown:
      '之后它的词表从 {{from}} 个片段扩大到 {{to}} 个，以便读懂日常英文：分词器在奥斯汀的小说加上布朗语料库和 WordNet 的例句上继续学习合并，每个新片段从它两个组成部分的平均值开始，模型再在这些文本上训练了 {{steps}} 步。这张模型卡上的数字是在这批混合文本的留出部分上测的（见 docs/models.md 中“日常英文”一节）。',
    tensors: {
      embedding: '词嵌入表',
      srcEmbedding: '输入词的词嵌入表',
      tgtEmbedding: '输出词的词嵌入表',
      output: '输出层',
    },
    scalePerRow: '每行一个缩放系数',
    scalePerGroup: '每行每 {{n}} 个权重一个缩放系数',
    tied: '它的输出层复用词嵌入表（权重共享，Press & Wolf 2017）：每个下一词元的得分是把状态投影到嵌入宽度后与该词元嵌入的点积，所以这张表只存一份。',
    seedRunsBase:
      '它微调前的 8 位模型是从同一配方只换随机种子训练的 {{count}} 次中，按这些测试句的完全匹配率选出的：{{list}}（均为微调前的数字）。',
    seedRuns: '同一配方只换随机种子训练了 {{count}} 次，按这些测试句的完全匹配率选出这一个：{{list}}。',
    seedRun: '种子 {{seed}}：{{value}}',
    seedRunThis: '种子 {{seed}}（本模型）：{{value}}',
    seedRunSeparator: '；',
    more: '关于这个模型的更多信息',
    measures: {
      miss: '对齐未命中率',
      aer: '对齐错误率（AER）',
      value: '{{name}} {{value}}',
      separator: '，',
      missDefinition:
        '对齐未命中率：在有正确输入（数据的标准对齐）的输出中，最大注意力权重不落在任何一个正确输入上的比例。0% 为完美；没有正确输入的输出不计入。',
      aerDefinition:
        '对齐错误率（AER，Och 和 Ney，2003）：每个输出最大的注意力权重算作一条链接，AER = 1 − 2 ×（正确的链接数）/（画出的链接数 + 正确链接数）。0% 为完美。它还计入未命中率不计的情况：没有正确输入的输出也会画出一条链接（注意力不能指向“无”），有两个正确输入的输出只能命中其中一个。',
    },
  },
  train: zhCNTrain,
  open: zhCNOpen,
  intervene: zhCNIntervene,
  seq2seqLocal: zhCNSeq2seqLocal,
  seq2seqPairs: zhCNSeq2seqPairs,
  seq2seqEnZh: zhCNSeq2seqEnZh,
  seq2seqZhEn: zhCNSeq2seqZhEn,
  explain: zhCNExplain,
  guide: zhCNGuide,
  export: {
    label: '下载',
    group: '下载{{figure}}',
    as: '将{{figure}}下载为 {{format}}',
    map: '此注意力图',
    chart: '“{{y}}”随“{{x}}”变化的图',
    recall: '回忆准确率图',
    headView: '第 {{layer}} 层的头视图',
    positions: '位置编码表',
  },
  map: {
    spaceToken: '空格',
    empty: '输入一个句子，就能看到它的注意力图。',
    rowsAxis: '行：正在“读”的词（查询）',
    colsAxis: '列：被读的词（键）',
    legend: '注意力权重',
    tooltip: '{{row}} → {{col}}：{{weight}}',
    score: 'softmax 之前的分数：{{score}}',
    scoreSigmoid: 'sigmoid 之前的分数：{{score}}',
    scoreSigmoidLogN: 'sigmoid 之前的分数：{{score}}；权重为 σ({{score}} − ln {{n}})',
    untitled: '注意力图',
    tableCaption: '注意力权重（{{name}}）。每一行是一个正在读的词，每一列是它读的词。',
    tableTop: '每行最大的 {{k}} 个权重（完整的图有 {{rows}} × {{cols}} 个格子）。',
    queryHeader: '正在读的词',
    rankHeader: '被读的词 {{rank}}',
    largeNote: '{{rows}} × {{cols}} 个格子，太多无法逐一标注，每个格子画成一个小方块。把指针移上去即可读数。',
    keyboardLabel:
      '注意力图：用方向键在格子间移动，按 Enter 固定这个格子，按住 Shift 再按 ↑ 或 ↓ 可调高或调低它的权重',
    cursor: '{{row}} → {{col}}：{{weight}}{{edited}}',
    cursorPinned: '{{row}} → {{col}}：{{weight}}，已固定{{edited}}',
    cursorEdited: '（这一行被你的改动改变了）',
    editedRows_one: '被你的改动改变的行：{{rows}}',
    editedRows_other: '被你的改动改变的 {{count}} 行：{{rows}}',
    pinnedCells_one: '已固定：{{cells}}',
    pinnedCells_other: '已固定 {{count}} 个：{{cells}}',
  },
  pieces: {
    label: '显示',
    words: '整词',
    pieces: '片段',
    none: '这里的每个词都是分词器的一个片段。',
    split_one: '分词器把 {{count}} 个词切成了片段（一个词的权重是它各片段权重之和）：',
    split_other: '分词器把 {{count}} 个词切成了片段（一个词的权重是它各片段权重之和）：',
    splitMean_one:
      '分词器把 {{count}} 个词切成了片段（一个词的权重是它各片段权重之和；一个词读的内容取它各片段的平均）：',
    splitMean_other:
      '分词器把 {{count}} 个词切成了片段（一个词的权重是它各片段权重之和；一个词读的内容取它各片段的平均）：',
  },
  download: {
    progress: '已下载 {{received}} / {{total}} KB',
    received: '已下载 {{received}} KB',
    firstView:
      '模型加载完成之前，下图是本页面在构建时用同一个引擎、同一个模型为这句话算好的结果。改动任何内容后，本课会等模型加载完再画。',
  },
  embed: {
    shareLabel: '分享本课',
    copyLink: '复制链接',
    copyIframe: '复制嵌入代码（iframe）',
    copyElement: '复制嵌入代码（元素）',
    copiedLink: '链接已复制：打开后页面与现在完全一样。',
    copiedIframe: '嵌入代码已复制：粘贴到课程网页中，即可在框架里显示本课。',
    copiedElement: '嵌入代码已复制：一个 script 标签加上带属性的课程标签。',
    copyFallback: '此处无法使用剪贴板：下面的文字已选中，请按 Ctrl+C（Mac 上按 ⌘C）复制。',
    snippetLabel: '要复制的文字',
    frameTitle: 'AttnLab：{{lesson}}',
    elementNote:
      '元素代码只能用在与 attnlab.js 同一站点的页面上（你自己部署的 AttnLab）。在其他任何站点上，请用 iframe 代码。',
    crossOrigin:
      '这一课无法在这里启动：本页面与 AttnLab 不在同一个网站上，而浏览器只允许 AttnLab 自己的网站启动它的引擎。请改用 iframe 代码（AttnLab 页面上的“复制嵌入代码（iframe）”）：它在任何网站上都能用。',
  },
  engine: zhCNEngine,
  url: zhCNUrl,
};
