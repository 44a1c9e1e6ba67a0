// Chinese strings for a model the student opens from their own files (see en-open.ts).

export const zhCNOpen = {
  button: '打开你的模型……',
  folderButton: '打开模型文件夹……',
  hint: '选择它的文件（config.json、model.safetensors、card.json）、装着它们的文件夹，或训练实验室下载的 .zip；也可以把它们拖到这里。文件只留在这台设备上。',
  drop: '把模型文件夹、它的文件或 .zip 拖到这里',
  pill: '你的模型',
  opening: '正在打开“{{name}}”……',
  failed: '无法打开“{{name}}”：{{message}}',
  close: '关闭你的模型',
  card: '你的模型“{{name}}” · {{parameters}} 个参数',
  cardMetrics:
    '你的模型“{{name}}” · {{parameters}} 个参数 · {{split}}（{{n}} 个样例）：完全匹配率 {{exactMatch}}，{{measures}}',
  cardLine: '你的模型“{{name}}” · 完全匹配率 {{exactMatch}} · {{parameters}} 个参数',
  cardDescription: '模型卡片上写着：{{description}}',
  splitTest: '留出测试集',
  splitValid: '留出验证集',
  linkNeedsFile:
    '这个链接是在打开本地模型文件时生成的，链接无法带上文件：本课显示自己的模型。再打开一次那个文件就能看到它。',
  wrongArchitecture: {
    seq2seq: '本课显示 Seq2Seq 模型；这个模型的架构是“{{architecture}}”。',
    lstmn:
      '本课显示由循环网络读入的语言模型（架构“rnn_self_attention”和“rnn_lm”）；这个模型的架构是“{{architecture}}”。',
    transformer: '本课显示 Transformer 编码器（架构“transformer”）；这个模型的架构是“{{architecture}}”。',
  },
  bestHead: '（这是它最好的一个头的对齐未命中率：第 {{layer}} 层第 {{head}} 个头）',
  unknown_one: '你的模型不认识 {{words}} 这个词：它会被读成 <unk>。',
  unknown_other: '你的模型不认识 {{words}}：不认识的词会被读成 <unk>。',
  allUnknown: '这些词你的模型一个都不认识。它认识 {{size}} 个词，例如：{{examples}}。',
  outputTitle: '模型的输出',
  outputIntro:
    '这个模型没有 <mask> 词元，所以它没有学过填补被遮住的词：每个位置都有自己的输出，学的是它的模型卡片上写的任务。在上面选一个查询词元，看看模型在那里输出什么。',
  outputAt: '在“{{token}}”处，模型输出：',
  recallObjective:
    '它是在回忆任务上训练的（模型卡片上这样写）：只给读完最后一个片段之后的猜测打分，要求它说出第一个片段。其他每一步的猜测从没被训练过，请把它们当作噪声。',
  lmObjectiveUnsure: '这是语言模型的损失。你的模型是否用它训练，只有它的模型卡片能说明。',
  fitsLesson: '第 {{n}} 课可以显示它：请在那里打开。',
  cardExact:
    '你的模型“{{name}}” · {{parameters}} 个参数 · {{split}}（{{n}} 个样例）：完全匹配率 {{exactMatch}}（没有注意力，所以没有对齐指标）',
  none: '没有选择文件。',
  tooBig: '这个模型有 {{size}} MB；本页最多打开 {{limit}} MB 的模型。',
  missing: '这些文件里没有 {{file}}：一个模型文件夹至少要有 config.json 和 model.safetensors。',
  badZip: '{{file}} 不是本页能读取的 .zip。{{detail}}',
  noUnzip:
    '无法加载读取 .zip 的代码（{{detail}}）。请检查网络后重试，或不用 .zip，直接打开文件夹中的三个文件。',
  notText: '{{file}} 不是 UTF-8 文本。',
  twoFolders: '这些文件包含不止一个模型文件夹（{{folders}}）：请一次打开一个。',
  engine: {
    format:
      '无法读取 model.safetensors：文件不完整、已损坏，或者不是 safetensors 文件。请重新复制这个文件，或重新导出模型。',
    json: '{{file}} 不是有效的 JSON：少了或多了一个括号、逗号或引号。是不是手工改过？',
    duplicate_key:
      '{{file}} 把“{{key}}”写了两次。每个设置只能写一次，否则谁也说不清模型本该用哪一个：请删掉其中一个。',
    config: 'config.json 描述的模型本页无法计算：其中有本页不认识的设置，或不接受的取值。',
    load: 'model.safetensors 里的权重与 config.json 对不上：有张量缺失、多余或大小不对。这两个文件是为同一个模型写的吗？',
    other: '引擎无法打开这个模型。',
  },
  technical: '技术细节（引擎的原始信息）',
};

export const zhCNSeq2seqLocal = {
  loading: '正在打开你的模型……',
  loadError: '无法打开你的模型：{{message}}',
  noAttention:
    '你的模型没有注意力（config 中 "attention": "none"）：解码器只读编码器的最后一个状态，所以没有权重可画。',
  inputLabel: '你的模型读入的内容',
  placeholder: '输入它要读的内容……',
  empty: '输入你的模型要读的内容，就能看到它写出什么。',
  punctuationOnly: '这里只有标点，没有词。',
  tokensLabel: '输入的词',
  translationLabel: '输出',
  rowsAxis: '行：正在写出的输出词（解码器的一步）；s₀ 是起点，在第一个词之前',
  colsAxis: '列：被读的输入词（编码器状态）',
  costNote: 'm 是输入词数，t 是解码步数（输出词加上 <eos>）；多出的一行是起点 s₀。',
  unknown_one: '你的模型不认识 {{words}} 这个词：它会被读成 <unk>。',
  unknown_other: '你的模型不认识 {{words}}：不认识的词会被读成 <unk>。',
  allUnknown: '这些词你的模型一个都不认识。它认识 {{size}} 个词，例如：{{examples}}。',
  tooLong: '这段输入有 {{tokens}} 个词；本课最多读 {{max}} 个。',
  stepIntro:
    '选一个输出词。下面是你的模型为它算出的真实数值：向量画成色条（橙色为正，紫色为负），悬停或用方向键读取数值。',
  stepStart:
    '写第一个输出词之前，解码器从 s₀ = hₘ（编码器的最后一个状态）出发，先把输入读一遍：权重 α₀ⱼ 给出 c₀，也就是第一步读入的上下文向量。',
  stepScores:
    '对齐函数 align(hⱼ, sᵢ) 给每个输入词打一个分数 e（m = {{m}}），softmax 把分数变成加起来等于 1 的权重 α。',
  stepWord: '输入词',
  stepOutput: '输出词由状态和上下文向量一起写出（模型的输出层；课件没有写出这一步）：',
  stepContextStart: 'c₀ 是编码器状态的加权和：第一步从输入里取走的信息。',
  stepContext: '上下文向量 c 是编码器状态的加权和：这一步从输入里取走的信息。',
};
