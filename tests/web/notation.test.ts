// The formulas and small words of the lessons say what the engine computes and what the page has
// shown (issue 52 A9): lesson 3's layer with both residuals and LayerNorms, its causal softmax over
// j' <= i, its biases apart from its outputs b; scaled dot products divided by the attention width
// the engine divides by (cpp/layers/align.cpp: sqrt(attn_dim)); lesson 1 in Bahdanau's index order
// (alpha_ij: the weight target step i gives source word j), as lesson 3, the playground and the
// map (row i reads column j); no untested mechanism; a fine-tuned model's base said as it was.
// (The seeds' sentence of the explanation panel is another change's: tests/web/explain*.test.ts.)
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import { showLanguage } from '../../web/src/i18n';
import { en } from './support/en-all';
import { zhCN } from '../../web/src/i18n/zh-CN';
import { formulas } from '../../web/src/lessons/transformer/step-view';
import { tfArchitecture } from '../../web/src/lessons/transformer/view-model';
import type { TransformerElement } from '../../web/src/lessons/transformer/element';
import * as seq from '../../web/src/lessons/seq2seq/parts';
import { formulas as lstmnFormulas, architectureOf } from '../../web/src/lessons/lstmn/parts';
import { renderInt4 } from '../../web/src/lessons/shared/card-int8';
import { templateText } from './support/template-text';
import { repoRoot } from './support/wasm-node';

const el = { range: (n: number) => Array.from({ length: n }, (_, i) => i) } as unknown as TransformerElement;
const card = (folder: string) =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'models', folder, 'card.json'), 'utf8')) as Record<
    string,
    unknown
  >;

describe('lesson 3: the whole layer, as the engine computes it', () => {
  const base = { n_layer: 2, n_head: 2, d_model: 64 };
  it('post-norm: both residuals and both LayerNorms, and the feed-forward network', () => {
    const f = formulas(el, tfArchitecture(base), 3, 1).join('\n');
    expect(f.match(/\\mathrm\{LayerNorm\}/g)?.length).toBe(2);
    expect(f).toMatch(/a\^\{3\} \+ b\^\{3\}/); // the first residual
    expect(f).toMatch(/y\^\{3\} \+ \\mathrm\{FF\}/); // the second
    expect(f).toMatch(/\\mathrm\{FF\}\(y\) = /);
  });
  it('pre-norm (norm_first): the LayerNorms before the attention and the feed-forward network', () => {
    const f = formulas(el, tfArchitecture({ ...base, norm_first: true }), 3, 1).join('\n');
    expect(f).toMatch(/\\mathrm\{LayerNorm\}_1\(a\^\{i\}\)/);
    expect(f).toMatch(/\\mathrm\{FF\}\(\\mathrm\{LayerNorm\}_2/);
  });
  it('a causal softmax sums over the keys j′ ≤ i only', () => {
    const f = formulas(el, tfArchitecture({ ...base, causal: true }), 3, 1).join('\n');
    expect(f).toMatch(/\\sum_\{j' \\le 3\}/);
    expect(formulas(el, tfArchitecture(base), 3, 1).join('\n')).not.toMatch(/j' \\le/);
  });
  it('b names the outputs only: the biases are β', () => {
    const f = formulas(el, tfArchitecture(base), 3, 1).join('\n');
    expect(f).not.toMatch(/b\^\{[qkv]\}|b_O/);
    expect(f).toMatch(/\\beta\^\{q\}/);
  });
});

describe('scaled dot products divide by the attention width A (sqrt(attn_dim) in the engine)', () => {
  it('is what cpp/layers/align.cpp divides by', () => {
    const source = fs.readFileSync(path.join(repoRoot, 'cpp/layers/align.cpp'), 'utf8');
    expect(source).toMatch(/ScaledDot\) res\.scores \/= std::sqrt\(static_cast<Real>\(attn_dim\)\)/);
  });
  it('lessons 1 and 2 write √A, with A named', () => {
    expect(seq.STEP_SCORE.scaled_dot).toMatch(/\\sqrt\{A\}/);
    const lstmn = lstmnFormulas(architectureOf({ architecture: 'rnn_self_attention', score: 'scaled_dot' }));
    expect(lstmn.join('\n')).toMatch(/\\sqrt\{A\}/);
    expect(lstmn.join('\n')).not.toMatch(/\\sqrt\{d\}/);
    expect(seq.STEP_SCORE.scaled_dot).toMatch(/A = \\dim\(W_K h_j\)/);
  });
});

describe('lesson 1 in Bahdanau’s order: α_ij is the weight step i gives source word j', () => {
  it('the formulas', () => {
    expect(seq.STEP_SOFTMAX).toBe(String.raw`\alpha_{ij} = \frac{\exp(e_{ij})}{\sum_{k=1}^{m} \exp(e_{ik})}`);
    expect(seq.STEP_CONTEXT).toMatch(/^c_i = \\alpha_\{i1\} h_1/);
    expect(seq.STEP_SCORE.additive).toMatch(/e_\{ij\} = .*h_j \\\\ s_i/);
    expect(seq.STEP_START).toMatch(/\\alpha_\{0j\}/);
  });
  it('the words', () => {
    for (const text of [
      en.seq2seq.stepStart,
      en.seq2seqEnZh.stepStart,
      en.seq2seqZhEn.stepStart,
      zhCN.seq2seq.stepStart,
    ])
      expect(text).toMatch(/α₀ⱼ/);
    // the tours of lesson 1's three pairs and the step panel's scores: sᵢ reads hⱼ
    const g = (tree: unknown) => (tree as { guide: Record<string, unknown> }).guide;
    for (const tree of [en, zhCN])
      for (const lesson of ['seq2seq', 'seq2seqEnZh', 'seq2seqZhEn']) {
        const steps = JSON.stringify((g(tree)[lesson] as { steps: unknown }).steps);
        expect(steps, lesson).not.toMatch(/sⱼ|cⱼ|hᵢ/);
      }
    expect(JSON.stringify((g(en).seq2seq as { steps: unknown }).steps)).toMatch(/sᵢ/);
    expect(zhCN.seq2seq.stepScores).toContain('align(hⱼ, sᵢ)');
    expect(zhCN.seq2seqLocal.stepScores).toContain('align(hⱼ, sᵢ)');
  });
});

describe('a model fine-tuned in 4 bits says how its base was trained', () => {
  afterAll(async () => {
    await showLanguage('en');
  });
  it('tf-mlm’s base had 4-bit tables beside 8-bit weights: the card line says so', async () => {
    const c = card('tf-mlm');
    // its last run grew its vocabulary (issue 53): the 4-bit fine-tuning is the run before, whose
    // own base kept the 4-bit tables
    type Run = { weights_i4?: string[]; init_from?: { training: Run } };
    const tuned = (c.training as Run).init_from!.training;
    const base = tuned.init_from!.training as { weights_i4: string[] };
    expect(base.weights_i4.length).toBeGreaterThan(0);
    const text = templateText(renderInt4(c));
    expect(text).toMatch(/8-bit weights and 4-bit/);
    await showLanguage('zh-CN');
    const zh = templateText(renderInt4(c));
    expect(zh).toMatch(/8 位权重和 4 位/);
    expect(zh).not.toMatch(/\.weight/); // the tensors in Chinese words
  });
  it('lesson 1’s models name their 4-bit tables in Chinese words in the Chinese interface', async () => {
    await showLanguage('zh-CN');
    const zh = templateText(renderInt4(card('seq2seq-zh-en-additive')));
    expect(zh).not.toMatch(/[a-z_]+\.weight/);
    expect(zh).toMatch(/词嵌入表/);
    await showLanguage('en');
    expect(templateText(renderInt4(card('seq2seq-zh-en-additive')))).toContain('src_embedding.weight');
  });
});

describe('claims the page cannot back are not made', () => {
  it('“looks straight back at it” (lesson 2’s recall note): the lab’s recall task shows whether it does', () => {
    expect(en.lstmn.recallNote).not.toMatch(/looks straight back/);
    expect(zhCN.lstmn.recallNote).not.toMatch(/直接回看/);
    expect(en.lstmn.recallNote).toMatch(/training lab’s recall task/);
  });
});

describe('the sigmoid tooltip shows what turns the score into the weight', () => {
  it('σ(α − ln n), n the keys the row reads, counted as the engine counts them', async () => {
    const { scoreText } = await import('../../web/src/figures/attention-map-tooltip');
    const { scoreToWeight } = await import('../../web/src/lessons/transformer/model-view');
    const map = {
      rows: 2,
      cols: 3,
      scores: new Float32Array([0.5, 0.25, 0.75, 1.25, 2, -0.5]),
      weights: new Float32Array(6),
    } as unknown as import('../../web/src/engine/records').AttentionMap;
    // tf-mlm-sigmoid: every key (n = 3); a causal model: row i reads i + 1 keys (cpp/layers/multihead_attention.cpp)
    const sigmoidModel = tfArchitecture(
      JSON.parse(fs.readFileSync(path.join(repoRoot, 'models/tf-mlm-sigmoid/config.json'), 'utf8')),
    );
    expect(sigmoidModel.sigmoidLogN).toBe(true);
    expect(scoreText(map, 1, 0, scoreToWeight(sigmoidModel))).toBe(
      'score before the sigmoid: 1.250; weight σ(1.250 − ln 3)',
    );
    expect(scoreText(map, 1, 0, scoreToWeight({ ...sigmoidModel, causal: true }))).toBe(
      'score before the sigmoid: 1.250; weight σ(1.250 − ln 2)',
    );
    expect(scoreText(map, 0, 0, scoreToWeight({ ...sigmoidModel, sigmoidLogN: false }))).toBe(
      'score before the sigmoid: 0.500',
    );
    expect(scoreText(map, 0, 0, scoreToWeight(tfArchitecture({})))).toBe('score before softmax: 0.500');
  });
});

describe('tokens and positions say how they count', () => {
  it('token i from 1 at position p = i − 1', () => {
    expect(en.transformer.peRows).toMatch(/token i = 1 .*p = i − 1/);
    expect(zhCN.transformer.peRows).toMatch(/词元 i = 1.*p = i − 1/);
    expect(en.transformer.peReadout).toContain('{{token}}');
  });
});
