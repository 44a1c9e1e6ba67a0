// 页面恢复时说的话：崩溃或没有响应而被重新启动的引擎（engine），以及链接中无法使用的值（url）。
import type { enEngine, enUrl } from './en-recover';

export const zhCNEngine: typeof enEngine = {
  restarted: {
    crash: '引擎崩溃了，已重新启动：你输入的文字和设置都保留着。',
    timeout: '引擎没有响应，已重新启动：你输入的文字和设置都保留着。',
  },
  unsupported:
    '此浏览器无法运行 AttnLab 的引擎：它缺少{{features}}。Chrome 或 Edge 95、Firefox 100、Safari 16.4 及更新的版本都具备引擎所需的一切。',
  feature: {
    webassembly: 'WebAssembly（它可能被关闭了，例如 Safari 的锁定模式）',
    simd: 'WebAssembly SIMD',
    exceptions: 'WebAssembly 异常处理',
  },
};

export const zhCNUrl: typeof enUrl = {
  unknownName: '链接中的“{{name}}”不是 AttnLab 读取的内容，已忽略。',
  unknownLesson: '链接要显示的课程“{{value}}”不存在（{{choices}}），因此显示整个页面。',
  unknownLanguage: '链接要求的语言“{{value}}”本页面没有（{{choices}}）。',
  closestLanguage: '链接要求的语言“{{value}}”本页面没有；页面显示最接近的 {{choices}}。',
  unknownModel: '链接中的 {{name}}“{{value}}”不是这一课的模型（{{choices}}），这一课显示它自己的模型。',
  unknownPair: '链接中的 {{name}}“{{value}}”不是这一课的语言对（{{choices}}），这一课显示英文 → 法语。',
  unknownView: '链接中的 {{name}}“{{value}}”含有这一课不认识的词（{{choices}}），已跳过。',
  notIndex: '链接中的 {{name}}“{{value}}”不是从 1 起的整数，已忽略。',
  notText: '链接中的 {{name}} 含有不是文字的字符（损坏的 UTF-8 或孤立的代理项），显示为 �。',
  outOfRangeLayer: '这个模型没有第 {{value}} 层（只到第 {{max}} 层），因此显示第 1 层。',
  outOfRangeHead: '这个模型没有第 {{value}} 个头（只到第 {{max}} 个），因此显示第 1 个头。',
};
