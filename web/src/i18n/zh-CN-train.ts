// 训练实验（<attnlab-train>）的简体中文字符串，单独成文件以免 zh-CN.ts 过长；zh-CN.ts 把它作为
// `train` 引入。键必须与 en-train.ts 一致。
import type { Strings } from './en';

export const zhCNTrain: Strings['train'] = {
  heading: '4. 亲手训练：看对齐如何出现',
  intro:
    '就在你的浏览器里，用一个已知正确对齐的小任务训练一个小模型：做倒序、平移、排序或改写日期的 Seq2Seq 模型（第 1 课），回忆第一个符号的带自注意力的 SimpleRNN（第 2 课），或者每个位置输出它在倒序中对应位置符号的小型 Transformer（第 3 课）。第一步之前权重是随机的，图上只是噪声；随着损失下降，注意力学会该看哪里。把两个变体并排训练，看一个找到对齐，另一个吃力。',
  settings: '设置',
  restartNote: '改动任何设置都会让训练从头开始。',
  task: '任务',
  tasks: {
    reverse: '倒序（a b c → c b a）',
    shift: '平移（a b c d → c d a b）',
    sort: '排序（c a b → a b c）',
    date: '日期（June 14 1935 → 1935-06-14）',
    recall: '回忆（a c b d → a）',
    mirror: '镜像（a b c d → d c b a）',
  },
  taskGroups: {
    seq2seq: 'Seq2Seq（第 1 课）',
    rnn: 'SimpleRNN + 自注意力（第 2 课）',
    transformer: 'Transformer（第 3 课）',
  },
  attention: '注意力',
  attentions: {
    seq2seq: { additive: '加性', dot: '点积', none: '无（不用注意力）' },
    rnn: { additive: '加性', dot: '点积', none: '无（普通 SimpleRNN）' },
    transformer: { additive: '加性', dot: '缩放点积', none: '无' },
  },
  positions: '位置编码',
  positionChoices: { sinusoidal: '正弦', none: '无（不用位置编码）' },
  models: {
    seq2seq: { additive: '加性注意力', dot: '点积注意力', none: '无注意力' },
    rnn: {
      additive: 'SimpleRNN + 自注意力（加性）',
      dot: 'SimpleRNN + 自注意力（点积）',
      none: '不带自注意力的 SimpleRNN',
    },
    transformer: { sinusoidal: 'Transformer，正弦位置编码', none: '不带位置编码的 Transformer' },
  },
  versus: '并排对比',
  versusOff: '不对比（一个模型）',
  fields: {
    minLen: '最短输入',
    maxLen: '最长输入',
    symbols: '符号数',
    shift: '平移位数',
    hidden: '隐藏层大小',
    layers: '层数',
    heads: '头数',
    lr: '学习率',
    batch: '批大小',
    steps: '步数',
    seed: '随机种子',
    example: '留出样例',
  },
  widthField: '宽度（d_model）',
  dateNote: '日期任务有自己的长度和符号。',
  recallNote:
    '第 2 课的模型逐个读入符号，{{cell}}，并对已读内容做自注意力，{{context}}。读到最后一个符号时，它必须说出第一个符号。没有自注意力时，第一个符号只能一路保存在隐藏状态里。',
  mirrorNote:
    'Transformer 编码器一次读入全部符号；每个位置输出它在倒序中的对应位置的符号：位置 i 必须输出位置 n−1−i 上的符号。没有位置编码时，自注意力分不清各个位置。输入长度不一时，一层无法知道对应位置在哪里（它不知道 n）；两层可以。',
  map: '显示的注意力图',
  mapBest: '最接近正确对齐的头',
  mapHead: '第 {{layer}} 层 · 头 {{head}}',
  mapTitle: '第 {{layer}} 层 · 头 {{head}}',
  mapTitleBest: '第 {{layer}} 层 · 头 {{head}}：当前最接近正确对齐的头',
  start: '开始',
  resume: '继续',
  pause: '暂停',
  stepOnce: '走一步',
  reset: '重置',
  running: '训练中……',
  progress: '第 {{steps}} 步，共 {{total}} 步',
  speed: '每秒 {{steps}} 步 · 每秒 {{examples}} 个样例 · 每秒 {{tokens}} 个词元',
  parameters: '{{n}} 个参数',
  timeline: '时间轴',
  timelineValue: '第 {{steps}} 步',
  beforeTraining: '训练之前（随机权重）',
  live: '最新',
  liveHint: '往回拖动，看对角线如何出现；“最新”重新跟随训练。',
  exampleLabel: '观察的样例',
  previous: '上一个样例',
  next: '下一个样例',
  exampleWords: '输入：{{source}} → 正确输出：{{target}}',
  snapshotMetrics: '第 {{steps}} 步时的留出集（30 个样例）：完全匹配率 {{exact}}，对齐未命中率 {{aer}}',
  snapshotMetricsNone:
    '第 {{steps}} 步时的留出集（30 个样例）：完全匹配率 {{exact}}（没有注意力，所以没有对齐未命中率）',
  waiting: '正在启动训练引擎……',
  families: {
    seq2seq: {
      noAttention:
        '这个模型没有注意力：解码器只看到编码器的最后一个状态，所以没有注意力图可画。请对比它与另一个模型的完全匹配率，尤其是在长输入上。',
      rowsAxis: '行：输出符号，每一步写出一个',
      colsAxis: '列：读入的输入符号',
      goldNote: '橙色方框：正确的对齐（每个输出符号所复制的输入符号）。',
      metricsCaption:
        '完全匹配率：输出全部正确的比例。对齐未命中率：最大注意力权重不在正确输入符号上的输出符号所占比例（越低越好）。',
    },
    rnn: {
      noAttention:
        '这个 SimpleRNN 没有自注意力：第一个符号必须在隐藏状态里一直保存到最后一个位置，所以没有注意力图可画。请对比它与另一个模型的完全匹配率：输入越长，它忘得越多。',
      rowsAxis: '行：正在读入的位置',
      colsAxis: '列：到目前为止读过的位置（包括当前位置）',
      goldNote: '橙色方框：正确的对齐：在最后一个位置，模型应当去读第一个符号。',
      metricsCaption:
        '完全匹配率：最后一个位置说出了第一个符号。对齐未命中率：最后一个位置的最大注意力权重没有落在第一个符号上的样例所占比例（越低越好）。',
    },
    transformer: {
      noAttention: '这个模型没有注意力图。',
      rowsAxis: '行：每个位置（查询）',
      colsAxis: '列：它读取的位置（键）',
      goldNote: '橙色方框：正确的对齐：位置 i 读取它的对应位置 n−1−i。',
      metricsCaption:
        '完全匹配率：每个位置都输出了对应位置的符号。对齐未命中率：在最接近正确对齐的那个头里（所有层和头中最好的一个），最大注意力权重不在对应位置上的位置所占比例（越低越好）。',
    },
  },
  goldHits: '有正确格子的 {{rows}} 行中，{{hit}} 行（{{hits}}）把最大权重放在正确的格子上。',
  download: '下载模型（.zip）',
  openInLesson: '在第 {{n}} 课中查看',
  downloadHint:
    '一个模型文件夹：config.json、model.safetensors 和 card.json（任务、步数、随机种子、留出集指标）。解压后可用命令行运行：attnlab forward 文件夹 --text "a b c"。',
  downloadFailed: '无法下载模型：{{detail}}',
  lossTitle: '训练损失（平滑后）',
  lossY: '损失',
  stepsX: '步数',
  lossCaption: '每一步那一批样例的平均交叉熵，经过平滑',
  metricsTitle: '留出集的完全匹配率与对齐未命中率',
  metricsY: '比例',
  exactMatch: '完全匹配率',
  alignmentError: '对齐未命中率',
  seriesName: '{{model}}：{{metric}}',
  paused: '已暂停。',
  done: '完成：共 {{steps}} 步。可以下载模型，或按“重置”重新训练。',
  dotStalled:
    '在这些设置下，点积注意力没有学会这个任务（留出集完全匹配率 {{exact}}）。这是这个小训练配方的真实结果，不是页面的问题：可以把它与加性注意力并排对比，或换一组设置试试。',
  recallShortcut:
    '这个模型答对了留出集中 {{exact}} 的第一个符号，但它的最后一个位置只在其中 {{direct}} 的样例里把最大注意力权重放在第一个符号上。第一个符号也会通过送回单元的上下文向后传递（hᵢ = tanh(A [xᵢ; cᵢ₋₁] + b) 中的 cᵢ₋₁），所以后面的状态也带着它，模型可能从那里读取：注意力权重显示模型看向哪里，它本身并不说明信息在哪里。',
  oneWorker:
    '此设备有 {{cores}} 个处理器核心，所以两个模型在同一个后台线程中轮流训练（每个的每秒步数约为单独训练时的一半），留出一个核心让页面保持流畅。每秒步数按实际时间计算，包括轮候的时间。',
  loadingEngine: '正在加载训练引擎……',
  firstView:
    '加载完成之前，下面“训练之前”的图是本页面在构建时用同一个引擎、同样的设置和随机种子算好的结果。“开始”“走一步”和下载要等引擎加载完。',
  warming: '马上开始：浏览器还在把引擎编译成更快的代码',
  hiddenPause: '此标签页被隐藏时训练已暂停。按“继续”接着训练。',
  problem: {
    notNumber: '{{field}}：“{{value}}”不是数字。请给出 {{min}} 到 {{max}} 之间的数。',
    notWhole: '{{field}}：“{{value}}”不是整数。请给出 {{min}} 到 {{max}} 之间的整数。',
    range: '{{field}}：{{value}} 超出了本实验可训练的范围（{{min}} 到 {{max}}）。',
    minAboveMax: '最短输入（{{min}}）比最长输入（{{max}}）还长。请让“最短输入”不超过“最长输入”。',
    choice: '{{field}}：“{{value}}”不是可选项之一（{{choices}}）。',
    sameVersus: '并排对比需要两个不同的模型；现在两边都是“{{value}}”。',
    notDivisible: '宽度（{{hidden}}）必须是头数（{{heads}}）的整数倍：每个头分到相同的份额。',
    noMap:
      '显示的注意力图：“{{value}}”不是这个模型的注意力图；请填 best，或“层.头”，层不超过 {{layers}}，头不超过 {{heads}}（例如 1.2）。',
  },
  nothingTrained: '在修正上面的设置之前，不会训练任何模型。',
  error: {
    config: '引擎拒绝了这些设置：{{detail}}',
    worker: '训练引擎停止了：{{detail}}。请重新加载页面再试。',
    other: '训练无法继续（引擎代码“{{code}}”）：{{detail}}',
  },
  runLabel: '第 {{n}} 个模型：{{model}}',
};
