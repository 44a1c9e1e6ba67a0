// Odd Unicode at the engine's door: a lone surrogate (half of a UTF-16 pair) in the text a student
// typed or pasted. Emscripten's UTF-8 encoder pairs a lone high surrogate with the next code unit,
// so without the worker's wellFormed (engine/well-formed.ts) the engine read "\uD800 sat" as "\u{10020}sat": the space was
// gone and the words were wrong, without a word said. The worker now sends U+FFFD in its place.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wellFormed } from '../../web/src/engine/well-formed';
import { workerClientForSuite } from './support/in-process-worker';
import { repoRoot } from './support/wasm-node';

describe('wellFormed', () => {
  it('puts U+FFFD for each lone surrogate and keeps pairs, text and length', () => {
    expect(wellFormed('a \uD800 b')).toBe('a \uFFFD b');
    expect(wellFormed('\uDC00x\uD800')).toBe('\uFFFDx\uFFFD');
    expect(wellFormed('\uD800\uD800\uDC00')).toBe('\uFFFD\uD800\uDC00');
    expect(wellFormed('😀 猫 café')).toBe('😀 猫 café');
  });
});

describe('a lone surrogate reaching the engine', () => {
  const client = workerClientForSuite();
  it('is read as U+FFFD: the character after it stays', async () => {
    const engine = client();
    const dir = path.join(repoRoot, 'models', 'tf-mlm');
    const read = (f: string) => fs.readFileSync(path.join(dir, f));
    await engine.load(
      read('config.json').toString(),
      read('model.safetensors'),
      read('card.json').toString(),
    );
    const lone = await engine.forward('the cat \uD800 sat');
    const replaced = await engine.forward('the cat \uFFFD sat');
    expect(lone.words).toEqual(replaced.words);
    expect(lone.tokens).toEqual(replaced.tokens);
    expect(lone.words.join('')).toContain(' sat');
  });
});
