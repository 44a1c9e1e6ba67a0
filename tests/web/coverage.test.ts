// The counting behind scripts/coverage (issue 53, part 5): on readings worked out by hand, and on
// the real engine with tiny vocabularies whose answers are worked out by hand (a word list, Chinese
// typed without spaces and cut as the page cuts it, a byte-level BPE with three merges).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countKnown,
  countWhole,
  lessonOneInputs,
  readAll,
  readSentences,
  share,
  type Reading,
} from '../../scripts/coverage-core';
import type { AttnlabModule, Session } from '../../web/src/engine/wasm-types';
import { loadFolder, loadWasm, MODELS_DIR } from './support/wasm-node';

const reading = (tokens: string[], unknown: boolean[], wordOf?: number[], words?: string[]): Reading => ({
  tokens,
  unknown,
  wordOf: wordOf ?? tokens.map((_, i) => i),
  words: words ?? tokens,
});

describe('counting by hand', () => {
  it('a sentence is known only with no unknown token, punctuation included; words have a letter or digit', () => {
    const count = countKnown([
      reading(['the', 'cat', '?'], [false, false, true]), // words 2 known 2, "?" unknown
      reading(['I', 'sat', '.'], [true, false, false]), // words 2 known 1
      // known; its translation was stopped for length (issue 53), which the count reports apart
      { ...reading(['the', 'mat', '.'], [false, false, false]), stoppedForLength: true },
      reading(['我', '买', '了', '1998', '。'], [false, true, false, true, false]), // words 4 known 2
    ]);
    expect(count).toEqual({
      sentences: 4,
      sentencesKnown: 1,
      words: 10,
      wordsKnown: 7,
      unknown: [
        ['1998', 1],
        ['?', 1],
        ['i', 1],
        ['买', 1],
      ],
      stopped: 1,
    });
  });

  it('a BPE word is whole when it is one token; punctuation is no word', () => {
    const count = countWhole([
      reading(
        ['T', 'he', ' cat', ' s', 'at', '.'],
        [false, false, false, false, false, false],
        [0, 0, 1, 2, 2, 3],
        ['The', ' cat', ' sat', '.'],
      ),
      reading(['the', ' mat', ' ', '12'], [false, false, false, false], [0, 1, 2, 2], ['the', ' mat', ' 12']),
      reading(['the', ' mat', '!'], [false, false, false], [0, 1, 2], ['the', ' mat', '!']),
    ]);
    expect(count).toEqual({
      sentences: 3,
      sentencesWhole: 1,
      words: 8,
      wordsWhole: 5,
      split: [
        ['T·he', 1],
        ['s·at', 1],
        ['␣·12', 1],
      ],
    });
  });

  it('reads one sentence a line, skipping comments and blank lines', () => {
    expect(readSentences('# header\nThe cat sat.\r\n\n  我饿了。  \n#x\n')).toEqual([
      'The cat sat.',
      '我饿了。',
    ]);
    expect(share(4, 225)).toBe('4 / 225 (1.8%)');
  });
});

describe('counting what the engine reads', () => {
  let module: AttnlabModule;
  const sessions: Session[] = [];
  const open = (config: Record<string, unknown>): Session => {
    const session = new module.Session();
    sessions.push(session);
    const status = session.loadRandom(JSON.stringify(config), 1);
    expect(status.ok, status.error).toBe(true);
    return session;
  };
  const encoder = (tokenizer: Record<string, unknown>, vocabSize: number) => ({
    architecture: 'attention_encoder',
    vocab_size: vocabSize,
    d_model: 4,
    n_head: 1,
    positional: 'sinusoidal',
    causal: false,
    tokenizer,
  });

  beforeAll(async () => {
    module = await loadWasm({}, 'attnlab_node_lessons');
  });
  afterAll(() => sessions.forEach((s) => s.delete()));

  it('English words: the fixture model knows "the cat sat on the mat", not "chair" or "?"', () => {
    const folder = path.join(MODELS_DIR, 'attention_encoder');
    const session = new module.Session();
    sessions.push(session);
    expect(loadFolder(session, folder).ok).toBe(true);
    const config = JSON.parse(fs.readFileSync(path.join(folder, 'config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    // The page's input for an English model: the sentence as typed with " ." added where it has none.
    const english = ['The cat sat on the mat', 'the cat sat on a chair .', 'a bird ?'];
    const { readsChinese, inputs } = lessonOneInputs(config, { english, chinese: [] });
    expect(readsChinese).toBe(false);
    expect(inputs).toEqual(['The cat sat on the mat .', 'the cat sat on a chair .', 'a bird ? .']);
    // Vocabulary of the fixture: the cat sat on mat a dog ran to park and saw bird in tree it was happy .
    expect(countKnown(readAll(session, inputs))).toEqual({
      sentences: 3,
      sentencesKnown: 1,
      words: 14,
      wordsKnown: 13,
      unknown: [
        ['?', 1],
        ['chair', 1],
      ],
      stopped: 0,
    });
  });

  it('Chinese typed without spaces is cut into the model words, an unknown character a word of its own', () => {
    const vocab = ['<unk>', '。', '我', '昨天', '买', '了', '车'];
    const config = encoder({ kind: 'words', unk: '<unk>', vocab }, vocab.length);
    const session = open(config);
    const { readsChinese, inputs } = lessonOneInputs(config, {
      english: [],
      chinese: ['我昨天买了一辆新车', '我昨天买了车。'],
    });
    expect(readsChinese).toBe(true);
    expect(inputs).toEqual(['我 昨天 买 了 一 辆 新 车 。', '我 昨天 买 了 车 。']);
    expect(countKnown(readAll(session, inputs))).toEqual({
      sentences: 2,
      sentencesKnown: 1,
      words: 13,
      wordsKnown: 10,
      unknown: [
        ['一', 1],
        ['新', 1],
        ['辆', 1],
      ],
      stopped: 0,
    });
  });

  it('byte-level BPE with the merges " c", " ca", " cat": " cat" whole, "the" and " sat" byte by byte', () => {
    const space = 32;
    const [c, a, t] = [...'cat'].map((ch) => ch.charCodeAt(0));
    // Merge k makes id 256 + k: " c" = 256, " ca" = 257, " cat" = 258.
    const merges = [
      [space, c],
      [256, a],
      [257, t],
    ];
    const session = open(encoder({ kind: 'bpe', merges, special: [] }, 256 + merges.length));
    expect(countWhole(readAll(session, ['the cat sat.', ' cat cat']))).toEqual({
      sentences: 2,
      sentencesWhole: 1,
      words: 5,
      wordsWhole: 3,
      split: [
        ['t·h·e', 1],
        ['␣·s·a·t', 1],
      ],
    });
  });
});
