// English strings of lessons 2 and 3's vocabulary panel (lessons/shared/lm-vocabulary.ts), added by
// that chunk when it loads: a page that never loads a model does not download them.
export const enLmVocab = {
  nearestLabel: 'Nearest whole words:',
  nearestNone: 'none close',
  nearestPick: 'Put “{{by}}” in place of “{{word}}”',
  wordsSummary: 'The {{count}} words this model keeps whole',
  wordsNote:
    'Whole after a space: a sentence’s first word, or a word written with a capital the training text did not use, may still be cut into pieces.',
  charsSummary: 'The {{count}} characters this model knows',
  search: 'Find a word',
  shown: '{{shown}} of {{count}}',
  none: 'Nothing this model keeps whole contains “{{query}}”.',
};
