// Chinese strings of the "Does attention explain the output?" panel (see en-explain.ts).

export const zhCNExplain = {
  title: '注意力能解释输出吗？',
  intro:
    '注意力权重很容易被当成“理由”。研究中的三个检验（Jain & Wallace 2019；Wiegreffe & Pinter 2019）可以看出，对这个模型和这个句子，这种解读成立到什么程度。',
  computing: '正在计算……',
  uniformTitle: '换成均匀注意力',
  uniformText:
    '把每个权重都设为 1/n（每个词读得一样多）：猜测从“{{before}}”变成“{{after}}”，这个位置的概率移动了 {{moved}}（这个位置上每个词概率变化之和的一半：0% 不变，100% 全变）。如果变化很小，说明模型并不依赖它看向哪里。',
  uniformTextAll:
    '把每个权重都设为 1/n（每个词读得一样多）：译文从“{{before}}”变成“{{after}}”。读同样的词时，在写出它们的 {{count}} 个解码步（包括结尾）上，概率平均移动了 {{moved}}（每一步上每个词概率变化之和的一半：0% 不变，100% 全变）。如果变化很小，说明模型并不依赖它看向哪里。',
  seedsTitle: '用另一个随机种子训练的同一模型',
  seedsText:
    '同样的数据、同样的训练方法，只换了随机起点。两张图平均相差 {{distance}}（每行差值之和的一半：0% 完全相同，100% 毫无重叠）。输出一致而注意力不同，说明注意力并不是模型唯一可能的“解释”。',
  seedsOutputsSame:
    '两个模型在这里的输出：{{firstLabel}} 为“{{first}}”，{{secondLabel}} 为“{{second}}”，两者相同。',
  seedsOutputsDiffer:
    '两个模型在这里的输出：{{firstLabel}} 为“{{first}}”，{{secondLabel}} 为“{{second}}”。两者不同：这里两个模型不只是注意力不同，输出也不同。',
  seedsMissing: '这个模型没有附带第二个种子的版本。',
  seedsMatched:
    '头的编号是任意的：用另一个种子训练的模型可能在另一个头里学到同样的模式。所以先把第 {{layer}} 层的头两两配对，取各对注意力图总差别最小的配对：{{pairs}}。头 {{head}} 与另一个种子的头 {{match}} 比较；若与编号相同的头 {{head}} 比较，两张图相差 {{byNumber}}。',
  seedsMatchedSame:
    '头的编号是任意的：用另一个种子训练的模型可能在另一个头里学到同样的模式。所以先把第 {{layer}} 层的头两两配对，取各对注意力图总差别最小的配对：{{pairs}}。这里头 {{head}} 恰好与另一个种子编号相同的头配对。',
  seedsPair: '头 {{mine}} ↔ 头 {{theirs}}（{{distance}}）',
  seedsTooManyHeads:
    '头的编号是任意的，但第 {{layer}} 层的头多于 {{max}} 个，无法精确配对：这里按编号比较，可能把不相关的头放在一起比。',
  listSeparator: '；',
  seedMap: '{{seed}} · 第 {{layer}} 层，头 {{head}}',
  importanceTitle: '注意力与梯度对比',
  importanceText:
    '对“{{word}}”（概率 {{p}}），在它的 {{count}} 个输入词上：每个词被读的程度（注意力）与缩放它的向量会让 log p(“{{word}}”) 改变多少（|梯度 × 输入|）。两者的斯皮尔曼等级相关：{{rho}}。',
  importanceNoRho:
    '对“{{word}}”（概率 {{p}}）：它的 {{count}} 个输入词的注意力与 |梯度 × 输入|。少于 3 个词（或一行权重全相同）时没有顺序可比。',
  importanceSaturated:
    '对“{{word}}”：模型给它的概率是 {{p}}。几乎确定时，无论输入怎样变，log p 都几乎不变，{{count}} 个输入词的 |梯度 × 输入| 都接近 0（最大 {{max}}）：它们的顺序只反映剩下那一点点概率，所以这里不给等级相关。',
  importanceSameTop: '两者都把“{{word}}”排在第一。',
  importanceTops: '注意力把“{{attention}}”排在第一，梯度把“{{gradient}}”排在第一。',
  importanceCaveat:
    '等级相关只说明两者给所有词排的顺序是否一致（1 顺序相同，−1 相反，接近 0 没有共同的顺序）。它不能说明哪一个是对的；词少时它会因偶然大起大落：两个列表可以把同一个词排在第一，相关却接近 0。',
  importanceNote:
    '在同样的词上测量，但测的不是同一样东西：注意力是上面那张图（某一层的某一个头，或解码器读编码器的状态）；梯度从 log p 经过整个模型反传到输入的嵌入向量（在每个嵌入向量上对“数值 × d log p / d 数值”求和，由引擎的反向传播算出）。被切成片段的词，两者都把各片段的值相加。条形按最大值缩放。',
  seedLabel: '种子 {{seed}}',
  seedLabelThis: '本模型',
  seedLabelOther: '另一个种子',
  token: '输入词',
  attention: '注意力',
  gradient: '|梯度 × 输入|',
  noAttention: '这个模型没有注意力权重可以检验。',
};
