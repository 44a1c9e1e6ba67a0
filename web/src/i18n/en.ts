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
  strip: {
    label: '{{label}}: a vector of {{count}} numbers as a colour strip; arrow keys read its values',
    value: 'component {{index}} of {{count}}: {{value}}',
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
    compare: 'Side by side',
    suggestionsLabel: 'Known words:',
    stepTitle: 'Step through one decoder step',
    stepIntro:
      'Pick a French word. These are the real numbers the model computed for it: vectors are colour strips (purple positive, orange negative); hover or use the arrow keys to read a value.',
    stepChoose: 'Decoder step',
    stepState:
      'The decoder state. Step {{j}} writes “{{word}}”: it reads the previous word, the previous state s and the previous context c.',
    stepScores:
      'One score per English word (m = {{m}}), then a softmax turns the scores into weights α that add up to 1.',
    stepWord: 'English word',
    stepSum: 'Sum of the weights',
    stepContext:
      'The context is the weighted sum of the encoder states: what this step takes from the English sentence.',
    stepCheck:
      'Check: recomputing α₁h₁ + … + αₘhₘ from the numbers above differs from the engine’s c by at most {{error}}.',
    differenceTitle: 'Difference: additive minus dot product',
    differenceSame:
      'Both models wrote the same translation, so their maps can be compared cell by cell. Purple: additive attends more; orange: dot product attends more.',
    differencePartial:
      'The two translations differ, so only their first {{rows}} words (where they agree) are compared. Purple: additive attends more; orange: dot product attends more.',
    differenceLegend: 'α(additive) − α(dot)',
    differenceNone:
      'The two models start their translations differently: there is no common step to compare.',
    noAttentionModel: 'No attention (final state only)',
    lengthTitle: 'Accuracy against sentence length',
    lengthX: 'English sentence length (words)',
    lengthY: 'Exact match',
    lengthCaption:
      'Share of held-out test sentences translated exactly, by length, from the model cards. Without attention the decoder must squeeze the whole sentence into the final encoder state: it falls away on long sentences while attention holds.',
  },
  lstmn: {
    heading: '2. RNN + self-attention',
    intro:
      'A small recurrent language model, trained on Jane Austen’s novels, reads your sentence one piece at a time. At every step it looks back at everything it has read so far, the current word included, decides how much of each to take in, and uses that mix (the context c) to guess the next word (Cheng, Dong & Lapata, 2016).',
    inputLabel: 'Your sentence',
    placeholder: 'Type an English sentence…',
    modelLabel: 'Model',
    modelRnnSelfattn: 'SimpleRNN + self-attention',
    modelRnnSelfattnCh: 'Variant [x; c; h]',
    modelLstmn: 'LSTMN',
    modelRnn: 'Plain SimpleRNN',
    modelLstm: 'Plain LSTM',
    card: '{{model}} · {{parameters}} parameters · held-out perplexity {{test}} (test), {{valid}} (validation); lower is better',
    cardTest: '{{model}} · {{parameters}} parameters · held-out test perplexity {{test}}; lower is better',
    cardNoMetrics: '{{model}} · {{parameters}} parameters',
    loading: 'Loading the trained language model…',
    loadError: 'The trained language model could not be loaded: {{message}}',
    computing: 'Reading your sentence…',
    empty: 'Type a sentence to see how the model reads it.',
    noWords: 'There are no words here (no letters or digits). Type an English sentence.',
    noFigure: 'No figure for this text: see the message above.',
    tooManyChars: 'Your text has {{length}} characters; only the first {{limit}} are read.',
    truncated:
      'The model reads at most {{max}} pieces and your text has {{tokens}}: the figures show its first {{chars}} characters.',
    engineError: 'The engine could not read this: {{message}}',
    foreign:
      'The model learned English from Jane Austen. It reads any text as byte pieces, but letters of other scripts are pieces it has hardly seen, so its attention and guesses mean little here.',
    noAttention:
      'This model has no self-attention: everything it has read is squeezed into its hidden state h_i, so there is no attention to show. Its next-word guesses are below; compare them with the self-attention models.',
    readingTitle: 'How the model reads, one word at a time',
    viewLabel: 'Show',
    viewWords: 'Whole words',
    viewPieces: 'Pieces',
    noSplits: 'Every word here is a single piece of the tokenizer.',
    splitsLabel_one:
      'The tokenizer split {{count}} word into pieces (a word’s weight is the sum of its pieces’):',
    splitsLabel_other:
      'The tokenizer split {{count}} words into pieces (a word’s weight is the sum of its pieces’):',
    keyCurrent: 'Red: the word being read.',
    keyBlue: 'Blue: how much attention it pays to each word read so far, itself included.',
    keyPlain: 'Each row is what the model has read so far; red is the word being read.',
    rowAria: 'Step {{step}}: reading “{{word}}”',
    chipTitle: '{{word}}: α = {{weight}}',
    chipReadout: 'Reading “{{row}}”: weight on “{{col}}” α = {{weight}}',
    rowReadout: 'Reading “{{word}}”: {{list}} (the row adds up to 1)',
    rowReadoutNoAttention: 'Reading “{{word}}”',
    readoutHint:
      'Point at a word (or focus a row with Tab) for the exact weights; click a row to see that step.',
    readoutHintPlain: 'Click a row to see that step.',
    tooManyRows: 'The figure lists the first {{shown}} of {{rows}} rows; the heat map below has them all.',
    nextTitle: 'Next-word guesses after “{{prefix}}”',
    nextTitleItem: 'token {{id}}',
    nextNote:
      'The 5 most likely next pieces (softmax of the model’s output). ␣ is a space: a piece that starts a new word.',
    noLogits: 'This model gives no next-word probabilities.',
    mapTitle: 'The same weights as a heat map',
    rowsAxis: 'Rows: the word being read (step i)',
    colsAxis: 'Columns: a word read so far (j ≤ i)',
    stepHint: 'Click a row of the figure to see every number of that step.',
    stepTitle: 'Step {{step}} of {{steps}}: reading “{{word}}”',
    stepPiece: '(the piece “{{piece}}”)',
    close: 'Close',
    stripNote:
      'Each vector is a strip of squares, one per number: red above 0, blue below, white near 0. Point at a square for its exact value.',
    vectorStats: '{{dims}} numbers · length {{norm}} · largest |value| {{max}}',
    descX: 'the embedding of the piece “{{piece}}”',
    descCPrev: 'the context of the previous step (zeros at the first step)',
    descCPrevLstm:
      'the attention read of the previous step, which replaces the LSTM’s state (zeros at first)',
    descCmPrev: 'the attention read of the memory cells at the previous step (zeros at first)',
    descHPrev: 'the hidden state of the previous step (zeros at the first step)',
    descH: 'the new hidden state',
    descM: 'the new memory cell of the LSTM',
    descC: 'the new context: the α-weighted sum of h_1 … h_i',
    descCLstm: 'the new attention read: the α-weighted sum of h_1 … h_i',
    descCm: 'the α-weighted sum of the memory cells m_1 … m_i',
    pieceHeader: 'piece',
    wordHeader: 'word',
    sumLabel: 'Sum of α',
    softmaxNote:
      'The softmax runs over the pieces read so far; the figure above adds up the pieces of each word.',
    recallTitle: 'Why attention: remembering across a distance',
    recallIntro:
      'A recall task: the model sees a token, then d distracting tokens, and must repeat the first token. Accuracy on fresh test sequences, for the same SimpleRNN with and without self-attention:',
    recallNote:
      'Without attention the first token must survive d updates of the hidden state, and it fades. With self-attention the model looks straight back at it.',
    recallLoading: 'Loading the recall result…',
    recallError: 'The recall result could not be loaded: {{message}}',
    recallWith: 'SimpleRNN + self-attention',
    recallWithout: 'SimpleRNN without attention',
    recallChance: 'chance (a random guess)',
    recallAria: 'Line chart of recall accuracy against distance, with and without self-attention',
    recallCaption: 'Recall accuracy by distance',
    recallX: 'distance d (tokens between the token and its recall)',
    recallY: 'accuracy',
    recallPoint: 'd = {{distance}}: {{accuracy}}',
  },
  map: {
    exportLabel: 'Download',
    exportAs: 'Download this map as {{format}}',
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
