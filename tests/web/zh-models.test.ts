// The Chinese models of lessons 2 and 3 (issue 19: models/lm-zh-rnn-selfattn, models/tf-mlm-zh,
// one token per character, trained on the Song ci of npm chinese-poetry) in the real WASM module:
// one row per character, rows that sum to 1, Chinese guesses; the cards' constant guess; and the
// pure pieces the lessons use: which text is Chinese, the switch, the masked-word chips.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toForwardRecord } from '../../web/src/engine/convert';
import {
  constantGuessOf,
  groupMap,
  tokenVocabulary,
  topNext,
  wordGroups,
} from '../../web/src/lessons/shared/lm';
import { mapProblems, rowSums, weightsOf, type ForwardRecord } from '../../web/src/engine/records';
import type { Session } from '../../web/src/engine/wasm-types';
import { loadWasm, repoRoot } from './support/wasm-node';
import { isChineseText, ZH_EXAMPLE } from '../../web/src/lessons/shared/zh-text';
import { maskWord, panelWords } from '../../web/src/lessons/transformer/view-model';
import { LSTMN_MODELS, TRANSFORMER_MODELS } from '../../web/src/lessons/shared/models';

/** A Chinese character or a CJK / full-width punctuation mark. */
const CHINESE = /^[\p{Script=Han}\u3000-\u303f\uff00-\uffef]$/u;
const read = (folder: string, file: string) => fs.readFileSync(path.join(repoRoot, 'models', folder, file));

async function open(
  folder: string,
): Promise<{ session: Session; vocabulary: string[]; card: Record<string, unknown> }> {
  const module = await loadWasm();
  const session = new module.Session();
  const config = read(folder, 'config.json').toString('utf8');
  const status = session.load(
    config,
    new Uint8Array(read(folder, 'model.safetensors')),
    read(folder, 'card.json').toString('utf8'),
  );
  if (!status.ok) throw new Error(`load failed: ${status.error}`);
  const vocabulary = tokenVocabulary((JSON.parse(config) as { tokenizer: unknown }).tokenizer);
  return {
    session,
    vocabulary,
    card: JSON.parse(read(folder, 'card.json').toString('utf8')) as Record<string, unknown>,
  };
}

const forward = (session: Session, text: string): ForwardRecord => {
  const raw = session.forward(text);
  expect(raw.ok).toBe(true);
  return toForwardRecord(raw);
};

describe('which text is Chinese, and the masked-word chips', () => {
  it('mostly Han characters is Chinese; English, or a Chinese word in English, is not', () => {
    expect(isChineseText('明月几时有，把酒问青天。')).toBe(true);
    expect(isChineseText('我爱NLP课程')).toBe(true); // 4 Han characters of 7 letters
    expect(isChineseText('我用NLP和AI')).toBe(false);
    expect(isChineseText('The FBI is chasing a criminal on the run.')).toBe(false);
    expect(isChineseText('I like 中文 a lot')).toBe(false);
    expect(isChineseText('，。！')).toBe(false);
    expect(isChineseText(ZH_EXAMPLE)).toBe(true);
  });

  it('Chinese is masked one character at a time, English a word at a time', () => {
    const words = panelWords('明月<mask>时有 NLP');
    expect(words.map((w) => w.text)).toEqual(['明', '月', '<mask>', '时', '有', 'NLP']);
    expect(maskWord('明月几时有', words[1])).toBe('明<mask>几时有');
  });

  it('the registry has one Chinese model per lesson, in folders that exist', () => {
    for (const [lesson, key] of [
      [LSTMN_MODELS, 'zh-rnn-selfattn'],
      [TRANSFORMER_MODELS, 'mlm-zh'],
    ] as const) {
      const entry = lesson.models.find((m) => m.key === key);
      expect(entry).toBeDefined();
      expect(fs.existsSync(path.join(repoRoot, 'models', entry!.folder, 'model.safetensors'))).toBe(true);
    }
  });
});

describe('lesson 2: the Chinese SimpleRNN + self-attention reader in the WASM Session', () => {
  let m: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    m = await open('lm-zh-rnn-selfattn');
  });
  afterAll(() => m?.session.delete());

  it('reads one character at a time: one word, one row and one column per character, rows summing to 1', () => {
    const text = '床前明月光，疑是地上霜。';
    const record = forward(m.session, text);
    expect(record.tokens).toEqual([...text]);
    const groups = wordGroups(record);
    expect(groups.map((g) => g.label)).toEqual([...text]);
    const map = groupMap(record.maps[0], groups);
    expect(map.rows).toBe(12);
    expect(map.cols).toBe(12);
    expect(mapProblems(map, 1e-5)).toEqual([]);
    for (const s of rowSums(weightsOf(map))) expect(s).toBeCloseTo(1, 5);
    for (let i = 0; i < map.rows; i++)
      for (let j = i + 1; j < map.cols; j++) expect(map.weights[i * map.cols + j]).toBe(0);
  });

  it('guesses the next character in Chinese', () => {
    const record = forward(m.session, '明月几时有，把酒问青');
    const logits = record.tensors.find((t) => t.name === 'logits')!;
    const top = topNext(logits, record.tokens.length - 1, 5, m.vocabulary);
    expect(top).toHaveLength(5);
    expect(top.filter((g) => CHINESE.test(g.token)).length).toBeGreaterThanOrEqual(4);
  });

  it('a character it never saw is unknown and keeps its own text', () => {
    const record = forward(m.session, '明月𠀀');
    expect(record.tokens).toEqual(['明', '月', '𠀀']);
    expect(record.unknown).toEqual([false, false, true]);
  });

  it('its card beats the best constant guess it reports on the same test text', () => {
    const c = constantGuessOf(m.card)!;
    const test = (m.card.metrics as { test: { perplexity: number } }).test.perplexity;
    expect(c.perplexity).toBeGreaterThan(test * 1.2);
    expect(JSON.stringify(m.card.data)).toContain('MIT');
  });
});

describe('lesson 3: the Chinese masked model in the WASM Session', () => {
  let m: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    m = await open('tf-mlm-zh');
  });
  afterAll(() => m?.session.delete());

  it('one token per character, every map T x T with rows summing to 1, Chinese guesses at <mask>', () => {
    const record = forward(m.session, '明月几时有，把<mask>问青天。');
    expect(record.tokens).toEqual([
      '明',
      '月',
      '几',
      '时',
      '有',
      '，',
      '把',
      '<mask>',
      '问',
      '青',
      '天',
      '。',
    ]);
    expect(record.maps.length).toBe(4); // 2 layers x 2 heads
    for (const map of record.maps) {
      expect(map.rows).toBe(12);
      expect(map.cols).toBe(12);
      expect(mapProblems(map, 1e-5)).toEqual([]);
    }
    const logits = record.tensors.find((t) => t.name === 'logits')!;
    const top = topNext(logits, 7, 5, m.vocabulary);
    expect(top.filter((g) => CHINESE.test(g.token)).length).toBeGreaterThanOrEqual(4);
  });

  it('its card beats the best constant guess it reports', () => {
    const c = constantGuessOf(m.card)!;
    const accuracy = (m.card.metrics as { test: { accuracy: number } }).test.accuracy;
    expect(accuracy).toBeGreaterThan(c.accuracy + 0.01);
    const perplexity = (m.card.metrics as { test: { perplexity: number } }).test.perplexity;
    expect(c.perplexity).toBeGreaterThan(perplexity * 1.2);
    expect(c.token).toBe('。');
  });
});
