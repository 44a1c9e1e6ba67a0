// The guided paths' predict-then-reveal questions, answered by the shipped models in the real WASM
// module: every question's sentence runs, the answer is read off the trace, and the Seq2Seq
// answers are the ones the lesson teaches (rouge reads red; européenne reads european).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toForwardRecord } from '../../web/src/engine/convert';
import { GUIDES, drawGap, type Question } from '../../web/src/lessons/shared/guides';
import { PAIR_GUIDES } from '../../web/src/lessons/shared/guides-pairs';
import { en } from './support/en-all';
import { zhCN } from '../../web/src/i18n/zh-CN';
import type { AttnlabModule } from '../../web/src/engine/wasm-types';
import { loadWasm, repoRoot } from './support/wasm-node';

let module: AttnlabModule;
beforeAll(async () => {
  module = await loadWasm();
});

function ask(q: Question) {
  const dir = path.join(repoRoot, 'models', q.model);
  const read = (file: string) => fs.readFileSync(path.join(dir, file));
  const session = new module.Session();
  try {
    const config = read('config.json').toString('utf8');
    const status = session.load(
      config,
      new Uint8Array(read('model.safetensors')),
      read('card.json').toString('utf8'),
    );
    if (!status.ok) throw new Error(status.error);
    const record = toForwardRecord(session.forward(q.text));
    return q.answer(record, JSON.parse(config) as Record<string, unknown>);
  } finally {
    session.delete();
  }
}

describe('guided paths', () => {
  // Lesson 1's Chinese pairs have tours of their own (guide.seq2seqEnZh, guide.seq2seqZhEn).
  for (const [lesson, guide] of Object.entries({ ...GUIDES, ...PAIR_GUIDES })) {
    it(`${lesson}: at least two questions, and every step and question has both languages`, () => {
      expect(guide.questions.length).toBeGreaterThanOrEqual(2);
      const strings = (tree: unknown) =>
        (tree as Record<string, Record<string, unknown>>).guide[lesson] as {
          steps: Record<string, string>;
          questions: Record<string, { prompt: string; explain: string }>;
        };
      for (const tree of [en, zhCN]) {
        const s = strings(tree);
        for (let i = 1; i <= guide.steps; i++) expect(s.steps[i]).toBeTruthy();
        for (const q of guide.questions) {
          expect(s.questions[q.id].prompt).toBeTruthy();
          expect(s.questions[q.id].explain).toContain('{{found}}');
        }
      }
    });

    for (const q of guide.questions) {
      const present = fs.existsSync(path.join(repoRoot, 'models', q.model, 'model.safetensors'));
      it.skipIf(!present)(`${lesson} / ${q.id}: the live model answers from its trace`, () => {
        const a = ask(q);
        expect(a.found).not.toBe('');
        expect(a.value).toBeGreaterThan(0);
        expect(a.value).toBeLessThanOrEqual(1 + 1e-6);
        if (a.choice !== null) expect(q.choices).toContain(a.choice);
      });
    }
  }

  it('the Transformer head question: layer 2 head 1 reads the word just before', () => {
    const [, head] = GUIDES.transformer.questions;
    expect(ask(head).choice).toBe('at');
  });

  it.skipIf(!fs.existsSync(path.join(repoRoot, 'models/seq2seq-en-zh-additive/model.safetensors')))(
    'the English -> Chinese answers: 中午 reads "noon", 书 reads "book"',
    () => {
      const [zhongwu, shu] = PAIR_GUIDES.seq2seqEnZh.questions;
      expect(ask(zhongwu).choice).toBe('noon');
      expect(ask(shu).choice).toBe('book');
    },
  );

  it('the Seq2Seq answers are the ones the lesson teaches', () => {
    const [rouge, europeenne] = GUIDES.seq2seq.questions;
    expect(ask(rouge).choice).toBe('red');
    expect(ask(europeenne).choice).toBe('european');
  });
});

describe('the Transformer guide states the scaling the model uses', () => {
  it('divides by √d_k, the width of one head (not √d), and says the notes leave it out, in both languages', () => {
    for (const table of [en, zhCN]) {
      const step = table.guide.transformer.steps[2];
      expect(step).toContain('√d_k');
      expect(step).not.toMatch(/√d(?!_k)/);
      expect(step).toMatch(/1\/√d_k/);
    }
  });
});

describe('predict by drawing', () => {
  it('drawGap: 0 for the model’s own row, 1 for a row on other words, a drawing scaled to add up to 1', () => {
    expect(drawGap([20, 60, 20], [0.2, 0.6, 0.2])).toBeCloseTo(0, 12);
    expect(drawGap([100, 0], [0, 1])).toBeCloseTo(1, 12);
    expect(drawGap([0, 0, 0, 0], [1, 0, 0, 0])).toBeCloseTo(0.75, 12); // nothing drawn counts as uniform
    expect(drawGap([50, 50, 0], [0.5, 0.25, 0.25])).toBeCloseTo(0.25, 12);
  });

  for (const [lesson, guide] of Object.entries(GUIDES))
    for (const q of guide.draws)
      it(`${lesson} / draw ${q.id}: the model's row covers the question's words, adds up to 1, and has strings`, () => {
        const dir = path.join(repoRoot, 'models', q.model);
        const session = new module.Session();
        try {
          const status = session.load(
            fs.readFileSync(path.join(dir, 'config.json'), 'utf8'),
            new Uint8Array(fs.readFileSync(path.join(dir, 'model.safetensors'))),
            fs.readFileSync(path.join(dir, 'card.json'), 'utf8'),
          );
          expect(status.ok).toBe(true);
          const record = toForwardRecord(session.forward(q.text));
          const row = q.row(record);
          expect(row).not.toBeNull();
          expect(row).toHaveLength(q.keys.length);
          expect((row ?? []).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
          for (const tree of [en, zhCN]) {
            const s = (
              tree as unknown as { guide: Record<string, { draw: Record<string, { prompt: string }> }> }
            ).guide;
            expect(s[lesson].draw[q.id].prompt).toBeTruthy();
          }
        } finally {
          session.delete();
        }
      });
});

it('the drawing questions’ explanations hold for the shipped models: voiture reads car, Jane reads at', async () => {
  const rowOf = (lesson: 'seq2seq' | 'transformer') => {
    const q = GUIDES[lesson].draws[0];
    const dir = path.join(repoRoot, 'models', q.model);
    const session = new module.Session();
    try {
      session.load(
        fs.readFileSync(path.join(dir, 'config.json'), 'utf8'),
        new Uint8Array(fs.readFileSync(path.join(dir, 'model.safetensors'))),
        fs.readFileSync(path.join(dir, 'card.json'), 'utf8'),
      );
      const row = q.row(toForwardRecord(session.forward(q.text))) ?? [];
      return q.keys[row.indexOf(Math.max(...row))];
    } finally {
      session.delete();
    }
  };
  expect(rowOf('seq2seq')).toBe('car');
  expect(rowOf('transformer')).toBe('at');
});

// issue 52 A9: the tours say only what the model on screen (or the named result) shows.
describe('the tours claim nothing they cannot show', () => {
  const g = (tree: unknown) =>
    (tree as { guide: Record<string, Record<string, Record<string, unknown>>> }).guide;
  const text = (tree: unknown, ...keys: string[]) =>
    keys.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], g(tree)) as string;

  it('lesson 2’s recall step gives the recall result’s own figures, and names its models as other models', () => {
    const curve = JSON.parse(fs.readFileSync(path.join(repoRoot, 'models/recall-curve.json'), 'utf8'));
    const at = (side: string) =>
      (curve[side].curve as { distance: number; accuracy: number }[]).find((p) => p.distance === 80)!
        .accuracy;
    expect(at('with_self_attention')).toBe(1);
    const without = `${Math.round(at('without_self_attention') * 100)}%`;
    const chance = `${Math.round((100 * 1) / (curve.task.vocab_size - 1))}%`;
    for (const tree of [en, zhCN]) {
      const step = text(tree, 'lstmn', 'steps', '4');
      expect(step).toContain('80');
      expect(step).toContain(without);
      expect(step).toContain(chance);
    }
    expect(text(en, 'lstmn', 'steps', '4')).toMatch(/not the language model above/);
    expect(text(zhCN, 'lstmn', 'steps', '4')).toMatch(/不是上面的语言模型/);
  });

  it('no mechanism the page does not test: sinusoids, “learned first”, rows that find no partner', () => {
    const claims = [
      /learned from the sinusoids|learned frequent words and punctuation first|find no partner of their own|looked up directly/,
      /从正弦位置编码学到|先学会了常见词和标点|找不到自己的对应词|可以直接查到/,
    ];
    for (const [i, tree] of [en, zhCN].entries())
      for (const lesson of ['seq2seqZhEn', 'lstmn', 'transformer'])
        expect(JSON.stringify(g(tree)[lesson]), lesson).not.toMatch(claims[i]);
  });
});
