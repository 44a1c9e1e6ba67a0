// 第 2、3 课中文模型的字符串（issue 19）：说明由哪个模型读中文句子的一行、示例句、模型卡上的常数猜测。
// zh-CN.ts 以 `zhText` 引入。
import type { enZhText } from './en-zh';

export const zhCNZhText: typeof enZhText = {
  autoOn: '这句话是中文，所以由“{{model}}”来读，一次读一个字。',
  useOther: '改用“{{model}}”',
  autoOff: '这句话是中文，而“{{model}}”学的是英文：它把中文读成字节片段。',
  useZh: '改用“{{model}}”来读',
  exampleLabel: '试一句中文模型学过的词：',
  constantLm:
    '最好的常数猜测（每个下一个字都按训练文本的字频来猜）在同一段测试文本上的困惑度是 {{perplexity}}。',
  constantLmPieces:
    '最好的常数猜测（每个下一个片段都按训练文本中各片段的频率来猜）在同一段测试文本上的困惑度是 {{perplexity}}。',
  constantMlmPieces: '最好的常数猜测（总是猜最常见的片段“{{token}}”）能猜对测试文本中 {{accuracy}} 的片段。',
  constantMlm: '最好的常数猜测（总是猜最常见的字“{{token}}”）能猜对测试文本中 {{accuracy}} 的字。',
  source: '训练文本：npm 包 chinese-poetry 2.0.1（MIT 许可证）中的宋词；词作本身属于公有领域。',
};
