// The message ladder the three lessons share (web/src/lessons/shared/messages.ts): which messages a
// lesson shows for a text, an engine error and a record, and in which order.
import { describe, expect, it, vi } from 'vitest';

// The i18n module reads the browser's languages when it loads; this Node has no navigator.
vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import {
  messageLadder,
  hasForeignText,
  hasUnspacedScript,
  type LadderInput,
} from '../../web/src/lessons/shared/messages';
import type { ForwardRecord } from '../../web/src/engine/records';
// The ladder below speaks with lesson 3's strings, which lesson 3's code adds to the page.
import '../../web/src/lessons/transformer/strings';

const record = (truncated: ForwardRecord['truncated'] = null) =>
  ({ tokens: ['the', 'cat'], maps: [], truncated }) as unknown as ForwardRecord;

const base: LadderInput = {
  prefix: 'transformer',
  text: 'the cat',
  maxChars: 20,
  loadFailed: false,
  runError: null,
  record: record(),
  reportTruncation: true,
};
const keys = (input: Partial<LadderInput>, tail = () => [{ kind: 'info' as const, key: 'tail', text: '' }]) =>
  messageLadder({ ...base, ...input }, tail).map((m) => m.key);

describe('messageLadder', () => {
  it('adds the lesson tail after a record', () => {
    expect(keys({})).toEqual(['tail']);
  });

  it('says nothing when the model failed to load (the figure says it)', () => {
    expect(keys({ loadFailed: true, text: 'x'.repeat(50), runError: 'boom' })).toEqual([]);
  });

  it('warns about too many characters, in the lesson strings, before anything else', () => {
    const messages = messageLadder({ ...base, text: 'word '.repeat(10) }, () => []);
    expect(messages.map((m) => m.key)).toEqual(['chars']);
    expect(messages[0].kind).toBe('warning');
    expect(messages[0].text).toMatch(/50/);
    expect(messages[0].text).toMatch(/20/);
  });

  it('stops after the character warning for text without words', () => {
    expect(keys({ text: '?!'.repeat(15) })).toEqual(['chars']);
    expect(keys({ text: '   ' })).toEqual([]);
  });

  it('shows an engine error alone, as an error', () => {
    const messages = messageLadder({ ...base, runError: 'no model' }, () => [
      { kind: 'info', key: 'tail', text: '' },
    ]);
    expect(messages.map((m) => [m.kind, m.key])).toEqual([['error', 'engine']]);
    expect(messages[0].text).toContain('no model');
  });

  it('reports truncation only for lessons that ask for it', () => {
    const truncated = record({ tokens: 600, maxTokens: 512, chars: 2000 });
    expect(keys({ record: truncated })).toEqual(['tokens', 'tail']);
    expect(keys({ record: truncated, reportTruncation: false })).toEqual(['tail']);
  });

  it('has no tail without a record', () => {
    expect(keys({ record: null })).toEqual([]);
  });
});

describe('hasForeignText', () => {
  it('finds letters outside the Latin script, and emoji', () => {
    expect(hasForeignText('東京 is far')).toBe(true);
    expect(hasForeignText('the cat 🐈 sat')).toBe(true);
    expect(hasForeignText('ok 👍🏽')).toBe(true);
    expect(hasForeignText('café naïve 123 ! © ®')).toBe(false);
  });
});

describe('hasUnspacedScript', () => {
  it('finds scripts written without spaces, which lesson 2 would read as one word', () => {
    expect(hasUnspacedScript('我喜欢看书')).toBe(true);
    expect(hasUnspacedScript('東京へ行きます')).toBe(true);
    expect(hasUnspacedScript('สวัสดีครับ')).toBe(true);
    expect(hasUnspacedScript('The FBI is chasing a criminal')).toBe(false);
    expect(hasUnspacedScript('Привет мир')).toBe(false); // Cyrillic has spaces
    expect(hasUnspacedScript('a 中 b')).toBe(false); // one character is one word anyway
  });
});
