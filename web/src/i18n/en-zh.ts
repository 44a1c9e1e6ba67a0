// English strings of the Chinese-text models of lessons 2 and 3 (issue 19): the line that says
// which model reads a Chinese sentence, the example offered, and the card's constant-guess line.
// en.ts includes them as `zhText`.

export const enZhText = {
  autoOn: 'This sentence is Chinese, so “{{model}}” reads it, one character at a time.',
  useOther: 'Use “{{model}}” instead',
  autoOff: 'This sentence is Chinese, and “{{model}}” learned English: it reads Chinese as byte pieces.',
  useZh: 'Read it with “{{model}}”',
  exampleLabel: 'Try a line from the poems the Chinese models learned from:',
  constantLm:
    'The best constant guess (every next character drawn from the training text’s character frequencies) has test perplexity {{perplexity}} on the same text.',
  constantLmPieces:
    'The best constant guess (every next piece drawn from the training text’s piece frequencies) has test perplexity {{perplexity}} on the same text.',
  constantMlmPieces:
    'The best constant guess, always the most frequent piece “{{token}}”, gets {{accuracy}} of the test text’s pieces right.',
  constantMlm:
    'The best constant guess, always the most frequent character “{{token}}”, gets {{accuracy}} of the test text’s characters right.',
  source:
    'Trained on the Song ci poems (宋词) of the npm package chinese-poetry 2.0.1 (MIT licence); the poems themselves are in the public domain.',
};
