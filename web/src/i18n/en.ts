// English strings. zh-CN.ts must have the same keys (its type is checked against this file).
export const en = {
  app: {
    title: 'AttnLab — see attention work',
    brand: 'AttnLab',
    tagline: 'see attention work',
    intro:
      'Type a sentence. Every word looks at every word, itself included, and decides how much of each to take in. The map shows those amounts.',
    languageToggle: '中文',
    languageToggleLabel: 'Switch to Chinese',
    footer:
      'AttnLab is open source (MIT). The engine is C++17 compiled to WebAssembly and runs in your browser: nothing you type leaves this page.',
    formulaCaption:
      'Each cell is a weight α. A row is a softmax over the scores e of that query word, so every row adds up to 1:',
  },
  playground: {
    inputLabel: 'Your sentence',
    placeholder: 'Type a sentence…',
    headsLabel: 'Attention head',
    head: 'Head {{head}}',
    layerHead: 'Layer {{layer}} · head {{head}}',
    tokenCount_one: '{{count}} token',
    tokenCount_other: '{{count}} tokens',
    tokensLabel: 'Tokens',
    moreTokens: '… and {{count}} more',
    unknownToken: "not in the model's vocabulary",
    noticeTitle: 'This model has random weights.',
    noticeBody:
      'It has not been trained, so the pattern below means nothing yet. Trained models come in the lessons.',
    starting: 'Starting the engine…',
    empty: 'Type a sentence to see its attention map.',
    noTokens: 'The tokenizer found no words in this text. Try letters or numbers.',
    tooLong: 'Your text has {{length}} characters; only the first {{limit}} are used.',
    tooManyTokens:
      'This model reads at most {{max}} tokens and your text has {{tokens}}: the map shows its beginning.',
    engineError: 'The engine could not compute this: {{message}}',
    engineStartError: 'The engine could not start: {{message}}',
  },
  seq2seq: {
    heading: '1. Seq2Seq with attention',
    intro:
      'A small recurrent encoder-decoder, trained on a toy English-French corpus, translates as you type. At every step the decoder reads all English words again and decides how much of each to use: that is attention (Bahdanau, Cho & Bengio, 2015).',
    inputLabel: 'English sentence',
    placeholder: 'Type an English sentence…',
    variantLabel: 'Attention',
    additive: 'Additive',
    dot: 'Dot product',
    additiveModel: 'Additive attention',
    dotModel: 'Dot-product attention',
    loading: 'Loading the trained model…',
    loadError: 'The trained model could not be loaded: {{message}}',
    card: '{{variant}} · {{parameters}} parameters · held-out test: {{exactMatch}} exact match, alignment error rate {{aer}}',
    cardNoMetrics: '{{variant}} · {{parameters}} parameters',
    tokensLabel: 'English words',
    unknownChip: 'not in the vocabulary: read as <unk>',
    unknown_one:
      'The model does not know the word {{words}}. It only knows the {{size}} English words of its toy corpus, so unknown words are read as <unk> and the translation may be wrong.',
    unknown_other:
      'The model does not know the words {{words}}. It only knows the {{size}} English words of its toy corpus, so unknown words are read as <unk> and the translation may be wrong.',
    allUnknown:
      'The model knows none of these words. It only knows the {{size}} English words of its toy corpus (try "the red car is fast .").',
    empty: 'Type an English sentence to see its French translation.',
    punctuationOnly: 'There are no words here, only punctuation. Type an English sentence.',
    tooLong:
      'This sentence has {{tokens}} words; this lesson translates at most {{max}} (the model was trained on sentences of 3 to about 40). Shorten it to see the translation.',
    tooManyChars: 'Your text has {{length}} characters; only the first {{limit}} are read.',
    noEos:
      'The decoder reached its limit of {{max}} words without producing the end token <eos>: the model is lost on this input.',
    engineError: 'The engine could not translate this: {{message}}',
    translationLabel: 'French translation',
    mapTitle: 'Attention weights of the decoder',
    rowsAxis: 'Rows: the French word being written (decoder step)',
    colsAxis: 'Columns: the English word read (encoder state)',
    cost: 'For this sentence the decoder computed m × t = {{m}} × {{t}} = {{n}} attention weights.',
    costWithout: 'Plain Seq2Seq (one final state):',
    costWith: 'With attention (every step reads every word):',
    costNote: 'm English words, t decoder steps (the French words and <eos>).',
  },
  map: {
    empty: 'Type a sentence to see its attention map.',
    rowsAxis: 'Rows: the word that is reading (query)',
    colsAxis: 'Columns: the word being read (key)',
    legend: 'Attention weight',
    tooltip: '{{row}} → {{col}}: {{weight}}',
    score: 'score before softmax: {{score}}',
    tableCaption: 'Attention weights ({{name}}). Each row is a reading word, each column a word it reads.',
    tableTop: 'Largest {{k}} weights of each row (the full map has {{rows}} × {{cols}} cells).',
    queryHeader: 'Reading word',
    rankHeader: 'Read word {{rank}}',
    largeNote:
      '{{rows}} × {{cols}} cells: too many to label, so each cell is a small square. Hover to read one.',
  },
};

export type Strings = typeof en;
