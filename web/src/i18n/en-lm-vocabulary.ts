// English strings of lessons 2 and 3's vocabulary panel (lessons/shared/lm-vocabulary.ts), added by
// that chunk when it loads: a page that never loads a model does not download them.
export const enLmVocab = {
  nearestLabel: 'Nearest one-piece spellings:',
  nearestNone: 'none close',
  nearestPick: 'Put “{{by}}” in place of “{{word}}”',
  wordsSummary: 'The {{count}} pieces that start a word in this model',
  wordsNote:
    'A word typed as one of these, after a space, stays one piece. Many are only the start of longer words (“con”, “wh”): the tokenizer learned its pieces from text (Austen’s novels, then the Brown Corpus and WordNet’s examples), not from a dictionary. A sentence’s first word has no space before it and may still be cut.',
  charsSummary: 'The {{count}} characters this model knows',
  search: 'Find a piece',
  shown: '{{shown}} of {{count}}',
  none: 'No piece that starts a word contains “{{query}}”.',
};
