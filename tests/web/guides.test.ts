// The guided paths' predict-then-reveal questions, answered by the shipped models in the real WASM
// module: every question's sentence runs, the answer is read off the trace, and the Seq2Seq
// answers are the ones the lesson teaches (rouge reads red; européenne reads european).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toForwardRecord } from '../../web/src/engine/convert';
import { GUIDES, type Question } from '../../web/src/lessons/shared/guides';
import { en } from '../../web/src/i18n/en';
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
  for (const [lesson, guide] of Object.entries(GUIDES)) {
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

  it('the Transformer head question: layer 1 head 2 reads the word just before', () => {
    const [, head] = GUIDES.transformer.questions;
    expect(ask(head).choice).toBe('at');
  });

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
