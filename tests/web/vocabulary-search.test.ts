// The words a model knows, searched (issue 53, part 3; lessons/shared/vocabulary-search.ts): the
// nearest known words to an unknown one, the searchable list and the replacement in the sentence,
// by hand and on lesson 1's shipped vocabularies.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { sourceVocabulary } from '../../web/src/lessons/seq2seq/model-input';
import { nearestWords, replaceWord, searchVocabulary } from '../../web/src/lessons/shared/vocabulary-search';

const shipped = (folder: string): string[] =>
  sourceVocabulary(
    JSON.parse(
      fs.readFileSync(path.join(__dirname, '../../models', folder, 'config.json'), 'utf8'),
    ) as Record<string, unknown>,
  ).vocabulary;

describe('nearest known words', () => {
  it('one edit per three letters; a word it starts with or that starts with it first; then length and alphabet', () => {
    expect(nearestWords('i', ['a', 'in', 'is', 'it', 'the'])).toEqual(['in', 'is', 'it']);
    expect(nearestWords('dogs', ['does', 'dog', 'bogs', 'cat'])).toEqual(['dog', 'bogs', 'does']);
    expect(nearestWords('cats', ['cat', 'car', 'cut', 'dog'])).toEqual(['cat']); // car, cut: 2 edits
    expect(nearestWords('houses', ['horses', 'house', 'mouse'], 2)).toEqual(['house', 'horses']);
    expect(nearestWords('Pizza', ['piazza', 'pizzas', 'pasta'])).toEqual(['pizzas', 'piazza']);
    expect(nearestWords('zorblax', ['the', 'car'])).toEqual([]);
    expect(nearestWords('cat', ['cat', '.', '<unk>', ','])).toEqual([]); // itself and punctuation are no answer
  });

  it('a Chinese character: the known words that hold it, shortest first', () => {
    expect(nearestWords('辆', ['车', '一辆', '辆车', '书', '三辆车'])).toEqual(['一辆', '辆车', '三辆车']);
    expect(nearestWords('她', ['他', '他们'])).toEqual([]); // no spelling to be near: none
  });

  it('on the shipped models: English words near a typo, Chinese words that hold a character', () => {
    const enFr = shipped('seq2seq-additive');
    expect(enFr).toContain('house');
    expect(nearestWords('houses', enFr)[0]).toBe('house');
    expect(nearestWords('hous', enFr)).toContain('house');
    for (const w of nearestWords('teacher', enFr)) expect(enFr).toContain(w);
    const zhEn = shipped('seq2seq-zh-en-additive');
    for (const w of nearestWords('有', zhEn)) expect(w).toContain('有');
  });
});

describe('the searchable list', () => {
  it('words that start with the query first, then those that hold it; no punctuation or special tokens', () => {
    const vocabulary = ['<unk>', '.', ',', 'scar', 'car', 'cat', 'dog'];
    expect(searchVocabulary(vocabulary, '')).toEqual(['scar', 'car', 'cat', 'dog']);
    expect(searchVocabulary(vocabulary, 'CA')).toEqual(['car', 'cat', 'scar']);
    expect(searchVocabulary(vocabulary, ' ar ')).toEqual(['scar', 'car']);
    expect(searchVocabulary(vocabulary, 'zz')).toEqual([]);
    expect(searchVocabulary(['书', '图书馆', '我们'], '书')).toEqual(['书', '图书馆']);
  });

  it('lists every word of a shipped vocabulary the lesson counts', () => {
    const enFr = shipped('seq2seq-additive');
    expect(searchVocabulary(enFr, '')).toHaveLength(enFr.length);
    expect(searchVocabulary(enFr, 'house')[0]).toBe('house');
  });
});

describe('replacing the unknown word', () => {
  it('as a whole word in any case, its first occurrence; Chinese anywhere; null when it is not there', () => {
    expect(replaceWord('I love pizza', 'i', 'we')).toBe('we love pizza');
    expect(replaceWord('this is it, is it', 'is', 'was')).toBe('this was it, is it');
    expect(replaceWord('the dogs.', 'dogs', 'dog')).toBe('the dog.');
    // Cut as the tokenizer cuts: "dog's" is one word, "well-known" three tokens.
    expect(replaceWord("the dog's bone", "dog's", 'dog')).toBe('the dog bone');
    expect(replaceWord("the dog's bone", 'dog', 'cat')).toBeNull();
    expect(replaceWord('a well-known dog', 'known', 'big')).toBe('a well-big dog');
    expect(replaceWord('我昨天买了一辆新车', '辆', '个')).toBe('我昨天买了一个新车');
    expect(replaceWord('the car', 'bus', 'car')).toBeNull();
    expect(replaceWord('a+b (c) c', '(c)', 'd')).toBe('a+b d c'); // pattern characters are read as written
  });
});
