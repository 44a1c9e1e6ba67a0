// One name, one measure (issue 52 A3). Lesson 1's models are scored two ways against the gold
// alignment (cpp/train/translate.cpp): the alignment error rate, AER = 1 - 2|A & G| / (|A| + |G|)
// over every output word's strongest link (card "aer"), and the alignment miss rate, the share of
// output words with a gold link whose strongest weight is on none of them (card "alignment_error",
// the training lab's measure too). The page's card line, README.md and docs/models.md must give each
// model's figure under that measure's own name, never under the other's, and the page must define
// each where it shows it, in both languages.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import { showLanguage } from '../../web/src/i18n';
import { summarizeCard } from '../../web/src/engine/model-folder';
import { renderCard } from '../../web/src/lessons/seq2seq/controls';
import type { Seq2SeqElement } from '../../web/src/lessons/seq2seq/element';
import { templateText } from './support/template-text';
import { repoRoot } from './support/wasm-node';

type Metric = 'aer' | 'alignment_error';
const METRICS: Metric[] = ['aer', 'alignment_error'];
/** Each measure's name on the page and in the docs (one alternative per way it is written). */
const NAMES: Record<'en' | 'zh-CN', Record<Metric, RegExp>> = {
  en: { aer: /alignment error rates?|\bAERs?\b/gi, alignment_error: /alignment miss rates?/gi },
  'zh-CN': { aer: /对齐错误率|\bAER\b/g, alignment_error: /对齐未命中率/g },
};

/** Lesson 1's models with attention, as the page shows them: pair, variant, folder. */
const SHOWN = [
  ['en-fr', 'additive', 'seq2seq-additive'],
  ['en-fr', 'dot', 'seq2seq-dot'],
  ['en-zh', 'additive', 'seq2seq-en-zh-additive'],
  ['en-zh', 'dot', 'seq2seq-en-zh-dot'],
  ['zh-en', 'additive', 'seq2seq-zh-en-additive'],
  ['zh-en', 'dot', 'seq2seq-zh-en-dot'],
] as const;

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8'));
const card = (folder: string) => readJson(`models/${folder}/card.json`);

interface Entry {
  metric: string;
  met: boolean;
  missed_by: number;
  value: number;
}
const entries = (c: Record<string, unknown>): Entry[] =>
  ((c.targets as { entries?: Entry[] } | undefined)?.entries ?? []).filter((e) =>
    METRICS.includes(e.metric as Metric),
  );

/**
 * The measure each occurrence of `needle` in `text` is given under: the name written last before
 * it, in the same line (a README row, a paragraph of the docs, the page's card).
 */
function namedAs(text: string, needle: RegExp, names: Record<Metric, RegExp>): (Metric | null)[] {
  const found: (Metric | null)[] = [];
  for (const line of text.split('\n'))
    for (const hit of line.matchAll(needle)) {
      let best: { metric: Metric; end: number } | null = null;
      for (const metric of METRICS)
        for (const name of line.matchAll(names[metric])) {
          const end = name.index + name[0].length;
          if (end <= hit.index && (!best || end > best.end)) best = { metric, end };
        }
      found.push(best?.metric ?? null);
    }
  return found;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A figure as the page writes it (95.8%) and as the docs do (0.958, 0.9580): not part of a longer number. */
const figure = (v: number) =>
  new RegExp(
    `(?<![\\d.])(?:${escape((v * 100).toFixed(1))}%|${escape(v.toFixed(3))}(?!\\d)|${escape(v.toFixed(4))}(?!\\d))`,
    'g',
  );

function pageCard(pair: string, variant: string, folder: string): string {
  const raw = card(folder);
  const el = {
    pair,
    variant,
    models: { local: null },
    model: {
      card: summarizeCard(raw),
      info: { card: raw, config: readJson(`models/${folder}/config.json`), parameters: raw.parameters },
    },
  } as unknown as Seq2SeqElement;
  return templateText(renderCard(el));
}

describe('lesson 1’s card line names each alignment measure by its own name', () => {
  afterAll(async () => {
    await showLanguage('en');
  });

  for (const language of ['en', 'zh-CN'] as const)
    for (const [pair, variant, folder] of SHOWN)
      it(`${folder} (${language}): each figure and each miss under its own measure, both defined`, async () => {
        await showLanguage(language);
        const text = pageCard(pair, variant, folder);
        const test = card(folder).metrics.test;
        for (const metric of METRICS) {
          const where = namedAs(text, figure(test[metric]), NAMES[language]);
          expect(where, `${metric} ${test[metric]} in: ${text}`).toContain(metric);
          expect(
            where.filter((m) => m !== metric),
            `${metric} under another name in: ${text}`,
          ).toEqual([]);
        }
        // The targets the card says missed, by the card's own points, under the same name.
        for (const e of entries(card(folder)).filter((e) => !e.met)) {
          const points = (e.missed_by * 100).toFixed(1);
          const where = namedAs(
            text,
            new RegExp(`(?<![\\d.])${escape(points)}(?![\\d])`, 'g'),
            NAMES[language],
          );
          expect(where, `${e.metric} missed by ${points} in: ${text}`).toContain(e.metric);
          expect(
            where.filter((m) => m !== e.metric),
            text,
          ).toEqual([]);
        }
        // Each measure shown is defined on the card, by its own name.
        const definitions =
          language === 'en' ? [/AER =/, /alignment miss rate:/i] : [/AER =/, /对齐未命中率：/];
        for (const d of definitions) expect(text, String(d)).toMatch(d);
      });
});

describe('README.md and docs/models.md give the same figures under the same names', () => {
  for (const doc of ['README.md', 'docs/models.md'])
    it(`${doc}: every shown model's AER and alignment miss rate under its own name`, () => {
      const text = fs.readFileSync(path.join(repoRoot, doc), 'utf8');
      for (const [, , folder] of SHOWN) {
        const test = card(folder).metrics.test;
        for (const metric of METRICS) {
          const where = namedAs(text, figure(test[metric]), NAMES.en);
          expect(where, `${folder} ${metric} ${test[metric]}`).toContain(metric);
          // (a line that names neither measure is about something else: a figure there is another number)
          expect(
            where.filter((m) => m !== null && m !== metric),
            `${folder} ${metric} ${test[metric]} under another name`,
          ).toEqual([]);
        }
      }
    });
});

describe('no string calls either measure by the other’s name', () => {
  it('“alignment error” is always the AER’s “alignment error rate”; 对齐错误 always 对齐错误率', async () => {
    const { en } = await import('./support/en-all');
    const { zhCN } = await import('../../web/src/i18n/zh-CN');
    const flat = (v: unknown, key = ''): [string, string][] =>
      typeof v === 'string'
        ? [[key, v]]
        : v && typeof v === 'object'
          ? Object.entries(v).flatMap(([k, x]) => flat(x, key ? `${key}.${k}` : k))
          : [];
    for (const [key, text] of flat(en)) expect(text, key).not.toMatch(/alignment errors?(?! rate)/i);
    for (const [key, text] of flat(zhCN)) expect(text, key).not.toMatch(/对齐错误(?!率)|对齐误差/);
  });
});
