// A translation never loops (issue 53, part 4): in the lessons' WASM module, the two sentences a
// student typed into lesson 1 that looped to 80 words stop at 2 x their words + 5, the record says
// it was stopped for length, and the page's message says so in English and in Chinese.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The i18n module reads the browser's languages when it loads; this Node has no navigator.
vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import { toForwardRecord } from '../../web/src/engine/convert';
import type { ForwardRecord } from '../../web/src/engine/records';
import type { AttnlabModule, Session } from '../../web/src/engine/wasm-types';
import { setLanguage } from '../../web/src/i18n';
import { modelInput, sourceVocabulary } from '../../web/src/lessons/seq2seq/model-input';
import { stoppedMessage } from '../../web/src/lessons/seq2seq/stopped';
import { loadFolder, loadWasm, repoRoot } from './support/wasm-node';

const LOOPING = ['the president of the european union will visit the blue house next week .', 'i love pizza'];

describe('lesson 1 never loops', () => {
  let module: AttnlabModule;
  const sessions: Session[] = [];
  const translate = (folder: string, typed: string): ForwardRecord => {
    const dir = path.join(repoRoot, 'models', folder);
    const session = new module.Session();
    sessions.push(session);
    expect(loadFolder(session, dir).ok).toBe(true);
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    // What the page sends: "i love pizza" is read as "i love pizza ." (model-input.ts).
    const raw = session.forward(modelInput(typed, sourceVocabulary(config)).text);
    expect(raw.ok, raw.error).toBe(true);
    return toForwardRecord(raw);
  };

  beforeAll(async () => {
    module = await loadWasm({}, 'attnlab_node_lessons');
  });
  afterAll(() => sessions.forEach((s) => s.delete()));

  for (const folder of ['seq2seq-additive', 'seq2seq-dot'])
    for (const typed of LOOPING)
      it(`${folder}: "${typed}" stops at 2 x its words + 5, and says whether it was stopped`, () => {
        const record = translate(folder, typed);
        const n = record.tokens.length;
        const rows = record.maps[0].rows;
        expect(rows).toBeLessThanOrEqual(2 * n + 5);
        expect(record.outputTokens.length).toBeLessThanOrEqual(2 * n + 5);
        expect(record.outputLimit).toBe(2 * n + 5);
        const ended = record.maps[0].rowLabels[rows - 1] === '<eos>';
        expect(record.stoppedForLength).toBe(!ended);
        if (!ended) expect(rows).toBe(record.outputLimit);
      });

  it('the additive model is stopped on both (it looped to 80 words), and the page says so in both languages', async () => {
    for (const typed of LOOPING) {
      const record = translate('seq2seq-additive', typed);
      expect(record.stoppedForLength).toBe(true);
      const n = record.tokens.length;
      await setLanguage('en');
      const en = stoppedMessage(record);
      expect(en?.key).toBe('stopped-length');
      expect(en?.text).toContain(`2 × ${n} + 5 = ${2 * n + 5} words`);
      expect(en?.text).toContain('<eos>');
      await setLanguage('zh-CN');
      const zh = stoppedMessage(record);
      expect(zh?.text).toContain(`2 × ${n} + 5 = ${2 * n + 5} 个词`);
      expect(zh?.text).toContain('因长度截停');
    }
    await setLanguage('en');
  });

  it('a translation that ends has no such message', () => {
    const record = translate('seq2seq-additive', 'the red car is fast .');
    expect(record.stoppedForLength).toBe(false);
    expect(record.maps[0].rowLabels.at(-1)).toBe('<eos>');
    expect(stoppedMessage(record)).toBeNull();
  });
});
