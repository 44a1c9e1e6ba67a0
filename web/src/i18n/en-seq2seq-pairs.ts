// English strings of lesson 1's language pairs (issue 19): the pair switch and examples
// (`seq2seqPairs`), and the wording that replaces the English-French lesson's where the pair is
// English -> Chinese (`seq2seqEnZh`) or Chinese -> English (`seq2seqZhEn`); lessons/seq2seq/parts.ts
// `say` picks them. A key missing here falls back to `seq2seq`'s, which says nothing of French.

export const enSeq2seqPairs = {
  label: 'Languages',
  'en-fr': 'English → French',
  'en-zh': 'English → Chinese',
  'zh-en': 'Chinese → English',
  examplesLabel: 'Examples:',
  tryChinese: 'Type Chinese:',
  words: 'Words:',
  cardTargets:
    '· Targets: at least {{exactTarget}} exact match ({{exactMet}}), an alignment miss rate of at most {{missTarget}} ({{missMet}}) and an alignment error rate (AER) of at most {{aerTarget}} ({{aerMet}}).',
  met: 'met',
  missed: 'missed',
  missedBy: 'missed by {{points}} points',
};

const chineseOut = {
  intro:
    'A small recurrent encoder-decoder, trained on a toy English-Chinese corpus, translates as you type. At every step the decoder reads all English words again and decides how much of each to use: that is attention (Bahdanau, Cho & Bengio, 2015). Chinese puts what describes a noun before it with 的, and time and place before the verb: watch the map cross.',
  allUnknown:
    'The model knows none of these words. It only knows the {{size}} English words of its toy corpus (try "three cats sleep .").',
  empty: 'Type an English sentence to see its Chinese translation.',
  translationLabel: 'Chinese translation',
  rowsAxis: 'Rows: the Chinese word being written (decoder step); s₀ is the start, before the first word',
  costNote: 'm English words, t decoder steps (the Chinese words and <eos>); the extra row is the start s₀.',
  stepIntro:
    'Pick a Chinese word. These are the real numbers the model computed for it: vectors are colour strips (orange positive, purple negative); hover or use the arrow keys to read a value.',
  stepStart:
    'Before the first Chinese word, the decoder starts from s₀ = hₘ, the encoder’s last state, and already reads the sentence once: the weights α₀ⱼ give c₀, the context the first step reads.',
  stepOutput:
    'The Chinese word is written from the state and the context together (the model’s output layer; the slides leave this step out):',
  compareForced:
    'Reading the same Chinese sentence (teacher forcing: it is given the words of the {{model}} model instead of its own guesses).',
  differenceSame:
    'Both maps read the same Chinese sentence, “{{translation}}”, so they compare cell by cell. Orange: additive attention looks there more; purple: dot-product attention does.',
  lengthCaption:
    'Share of held-out test sentences translated exactly, by English length, from these models’ cards (the baseline without attention included when its card is served).',
};

export const enSeq2seqEnZh = { ...chineseOut };

export const enSeq2seqZhEn = {
  intro:
    'A small recurrent encoder-decoder, trained on a toy Chinese-English corpus, translates as you type. Type Chinese as you would, without spaces: the lesson cuts it into the words the model knows, and the map has one column per word. At every step the decoder reads all Chinese words again and decides how much of each to use: that is attention (Bahdanau, Cho & Bengio, 2015).',
  inputLabel: 'Chinese sentence',
  placeholder: 'Type a Chinese sentence…',
  tokensLabel: 'Chinese words',
  unknown_one:
    'The model does not know the word {{words}}. It only knows the {{size}} Chinese words of its toy corpus, so unknown words are read as <unk> and the translation may be wrong.',
  unknown_other:
    'The model does not know the words {{words}}. It only knows the {{size}} Chinese words of its toy corpus, so unknown words are read as <unk> and the translation may be wrong.',
  allUnknown:
    'The model knows none of these words. It only knows the {{size}} Chinese words of its toy corpus (try “三只猫睡觉。”).',
  empty: 'Type a Chinese sentence to see its English translation.',
  punctuationOnly: 'There are no words here, only punctuation. Type a Chinese sentence.',
  tooLong:
    'This sentence has {{tokens}} words; this lesson translates at most {{max}}. Shorten it to see the translation.',
  fullStopAdded:
    'A full stop “。” was added at the end: every sentence the model learned from ends with one, and without it the model does not know where to stop.',
  translationLabel: 'English translation',
  rowsAxis: 'Rows: the English word being written (decoder step); s₀ is the start, before the first word',
  colsAxis: 'Columns: the Chinese word read (encoder state)',
  costNote: 'm Chinese words, t decoder steps (the English words and <eos>); the extra row is the start s₀.',
  stepIntro:
    'Pick an English word. These are the real numbers the model computed for it: vectors are colour strips (orange positive, purple negative); hover or use the arrow keys to read a value.',
  stepStart:
    'Before the first English word, the decoder starts from s₀ = hₘ, the encoder’s last state, and already reads the sentence once: the weights α₀ⱼ give c₀, the context the first step reads.',
  stepScores:
    'One score per Chinese word (m = {{m}}), then a softmax turns the scores into weights α that add up to 1.',
  stepWord: 'Chinese word',
  stepOutput:
    'The English word is written from the state and the context together (the model’s output layer; the slides leave this step out):',
  stepContextStart:
    'c₀ is the weighted sum of the encoder states: what the first step takes from the Chinese sentence.',
  stepContext:
    'The context is the weighted sum of the encoder states: what this step takes from the Chinese sentence.',
  compareForced:
    'Reading the same English sentence (teacher forcing: it is given the words of the {{model}} model instead of its own guesses).',
  differenceSame:
    'Both maps read the same English sentence, “{{translation}}”, so they compare cell by cell. Orange: additive attention looks there more; purple: dot-product attention does.',
  lengthX: 'Chinese sentence length (words)',
  lengthCaption:
    'Share of held-out test sentences translated exactly, by Chinese length in words, from these models’ cards (the baseline without attention included when its card is served).',
};
