// English strings. zh-CN.ts must have the same keys (its type is checked against this file).
import { enGuide } from './en-guide';
import { enExplain } from './en-explain';
import { enOpen, enSeq2seqLocal } from './en-open';
import { enTransformer } from './en-transformer';
import { enTrain } from './en-train';
import { enIntervene } from './en-intervene';
import { enEngine, enUrl } from './en-recover';
import { enSeq2seqPairs, enSeq2seqEnZh, enSeq2seqZhEn } from './en-seq2seq-pairs';
import { enZhText } from './en-zh';

export const en = {
  app: {
    title: 'AttnLab — see attention work',
    brand: 'AttnLab',
    tagline: 'see attention work',
    intro:
      'Attention lets a model decide, for each word it reads or writes, how much to take in from every other word. Here the three trained models of the lessons read the same sentence; each map is that model’s attention, and each of its rows adds up to 1.',
    playgroundHeading: 'Before training: random weights',
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
    title: 'Self-attention with random weights',
    noticeTitle: 'Before training: these weights are random.',
    noticeBody:
      'This is self-attention before it has learned anything. Compare its map with the trained models of the lessons.',
    starting: 'Starting the engine…',
    empty: 'Type a sentence to see its attention map.',
    noTokens: 'The tokenizer found no words in this text. Try letters or numbers.',
    tooLong: 'Your text has {{length}} characters; only the first {{limit}} are used.',
    tooManyTokens:
      'This model reads at most {{max}} tokens and your text has {{tokens}}: the map shows its beginning.',
    engineError: 'The engine could not compute this: {{message}}',
    engineStartError: 'The engine could not start: {{message}}',
  },
  first: {
    heading: 'Three trained models read one sentence',
    sentenceLabel: 'The sentence:',
    trained: 'Trained model: {{model}}',
    loading: 'Loading the trained model…',
    missing: 'This model is not installed on this site.',
    failed: 'The model could not run: {{message}}',
    open: 'Open lesson {{n}} →',
    seq2seqTitle: '1. Translating into French',
    lstmnTitle: '2. Reading left to right',
    transformerTitle: '3. Every token reads every token',
    seq2seqRows: 'Rows: the French word being written (s₀: the start)',
    seq2seqCols: 'Columns: the English word read',
    lstmnRows: 'Rows: the word being read',
    lstmnCols: 'Columns: a word read so far',
    transformerRows: 'Rows: the token that reads',
    transformerCols: 'Columns: the token being read',
    seq2seqNote: 'Its translation: “{{translation}}”. Each row is a softmax over the English words.',
    lstmnNote:
      'Each of the {{words}} words reads only itself and the words before it: nothing above the diagonal.',
    transformerNote:
      'Layer {{layer}}, head {{head}}: in {{count}} of the {{rows}} rows after the first, the largest weight is on the token just before.',
  },
  strip: {
    label:
      '{{label}}: a vector of {{count}} numbers as a colour strip; left and right arrow keys read its values, up and down go to the vector before or after it',
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
    cardAlignDecay:
      'Trained with one extra setting: a weight decay of {{decay}} on W_K and W_Q only, which keeps the unscaled dot-product scores from growing until the softmax puts all weight on one word (without it the same model reached 39.5% exact match; docs/models.md).',
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
    fullStopAdded:
      'A full stop was added at the end: every sentence the model learned from ends with one, and without it the model does not know where to stop.',
    tooManyChars: 'Your text has {{length}} characters; only the first {{limit}} are read.',
    noEos:
      'The decoder reached its limit of {{max}} words without producing the end token <eos>: the model is lost on this input.',
    engineError: 'The engine could not translate this: {{message}}',
    translationLabel: 'French translation',
    mapTitle: 'Attention weights of the decoder',
    rowsAxis: 'Rows: the French word being written (decoder step); s₀ is the start, before the first word',
    colsAxis: 'Columns: the English word read (encoder state)',
    cost: 'For this sentence the decoder computed m × (t + 1) = {{m}} × {{t1}} = {{n}} attention weights: one row for the start s₀ and one per decoder step.',
    costWithout: 'Plain Seq2Seq (one final state):',
    costWith: 'With attention (every step reads every word):',
    costNote: 'm English words, t decoder steps (the French words and <eos>); the extra row is the start s₀.',
    compare: 'Side by side',
    suggestionsLabel: 'Known words:',
    stepStartPill: 'start (s₀)',
    stepStart:
      'Before the first French word, the decoder starts from s₀ = hₘ, the encoder’s last state, and already reads the sentence once: the weights αᵢ₀ give c₀, the context the first step reads.',
    stepInputWord: 'x′ is the vector of the word written before: “{{word}}” (<bos> starts every sentence).',
    stepContextStart:
      'c₀ is the weighted sum of the encoder states: what the first step takes from the English sentence.',
    stepOutput:
      'The French word is written from the state and the context together (the model’s output layer; the slides leave this step out):',
    stepOutputWord: 'The model writes “{{word}}”, its most likely word, with probability {{p}}.',
    stepTitle: 'Step through one decoder step',
    stepIntro:
      'Pick a French word. These are the real numbers the model computed for it: vectors are colour strips (orange positive, purple negative); hover or use the arrow keys to read a value.',
    stepChoose: 'Decoder step',
    stepState:
      'Step {{j}} writes “{{word}}”. Its state reads three inputs, drawn below: the previous word’s vector x′, the previous state s and the previous context c.',
    stepScores:
      'One score per English word (m = {{m}}), then a softmax turns the scores into weights α that add up to 1.',
    stepWord: 'English word',
    stepSum: 'Sum of the weights',
    stepContext:
      'The context is the weighted sum of the encoder states: what this step takes from the English sentence.',
    stepCheck:
      'Check: recomputing α₁h₁ + … + αₘhₘ from the numbers above differs from the engine’s c by at most {{error}}.',
    differenceTitle: 'Difference: additive minus dot product',
    compareOwn: 'Its own translation, as above.',
    compareForced:
      'Reading the same French sentence (teacher forcing: it is given the words of the {{model}} model instead of its own guesses).',
    differenceSame:
      'Both maps read the same French sentence, “{{translation}}”, so they compare cell by cell. Orange: additive attention looks there more; purple: dot-product attention does.',
    differencePartial:
      'The two translations differ, so only their first {{rows}} words (where they agree) are compared. Orange: additive attends more; purple: dot product attends more.',
    differenceLegend: 'α(additive) − α(dot)',
    differenceNone:
      'The two models start their translations differently: there is no common step to compare.',
    noAttentionModel: 'No attention (final state only)',
    lengthTitle: 'Accuracy against sentence length',
    lengthX: 'English sentence length (words)',
    lengthY: 'Exact match',
    lengthCaption:
      'Share of held-out test sentences translated exactly, by length, from the model cards. Without attention the decoder must squeeze the whole sentence into the final encoder state: from 8 words on it gets almost none right. Both attention models get nearly every short sentence right and fewer of the long ones, the dot-product model falling faster than the additive one.',
  },
  lstmn: {
    heading: '2. RNN + self-attention',
    intro:
      'A small recurrent language model, trained on Jane Austen’s novels (a Chinese sentence goes to one trained on Song dynasty ci poems, read a character at a time), reads your sentence one piece at a time. At every step it looks back at everything it has read so far, the current word included, decides how much of each to take in, and uses that mix (the context c) to guess the next word (Cheng, Dong & Lapata, 2016). How each model was trained is shown under its card: the slides’ cell needed an extra loss term to look back rather than at the current word.',
    inputLabel: 'Your sentence',
    placeholder: 'Type an English sentence…',
    modelLabel: 'Model',
    modelRnnSelfattn: 'SimpleRNN + self-attention',
    modelRnnSelfattnCh: 'Variant [x; c; h]',
    modelZh: 'Chinese: SimpleRNN + self-attention, by characters',
    modelRnnSelfattnNoPenalty: 'SimpleRNN + self-attention, without the penalty',
    modelLstmn: 'LSTM + self-attention (LSTMN-style)',
    modelRnn: 'Plain SimpleRNN',
    modelLstm: 'Plain LSTM',
    card: '{{model}} · {{parameters}} parameters · held-out perplexity {{test}} (test), {{valid}} (validation); lower is better',
    cardTest: '{{model}} · {{parameters}} parameters · held-out test perplexity {{test}}; lower is better',
    cardNoMetrics: '{{model}} · {{parameters}} parameters',
    vsBaselineWorse:
      'Against “{{baseline}}”, the plain model of about the same size ({{parameters}} parameters, test perplexity {{other}}), this model’s perplexity is {{percent}} higher: on next-piece prediction self-attention does not help here. Where a long memory is needed it does: see the recall result below.',
    vsBaselineBetter:
      'Against “{{baseline}}”, the plain model of about the same size ({{parameters}} parameters, test perplexity {{other}}), this model’s perplexity is {{percent}} lower.',
    trainingLabel: 'Training',
    trainingPenalty: 'With the self-weight penalty',
    trainingPlain: 'Without it (cross-entropy only)',
    objectiveTitle: 'How this model was trained',
    objectivePenalty:
      'The mean cross-entropy of the next piece over a training window of T pieces, plus {{lambda}} × the mean weight each piece gives itself, α_ii (the first piece can only read itself, so it is left out). The extra term acts in training only: the model reads your sentence exactly as the figures show. Without it this cell’s attention collapses onto the piece being read: early in training, attending to itself is the easiest way to lower the loss ({{ctx}} = h_i hands the prediction the newest state at once); the penalty takes that shortcut away.',
    objectiveNoPenalty:
      'The mean cross-entropy of the next piece over a training window of T pieces, and nothing else: no penalty on α_ii. Early in training, attending to the piece being read is the easiest way to lower the loss ({{ctx}} = h_i hands the prediction the newest state at once), and nothing takes that shortcut away. The mean self-weight below shows whether this model took it.',
    objectivePlainBaseline:
      'The mean cross-entropy of the next piece over a training window of T pieces. This model has no attention, so there is no α to penalize.',
    selfWeight: 'Mean self-weight on this text: {{value}}',
    selfWeightHow:
      '(the mean of α_ii, the weight piece i gives itself, over pieces 2 … n; 1 would mean every piece reads only itself).',
    selfWeightCollapsed:
      'The attention has collapsed onto the piece being read: {{ctx}} ≈ h_i, and the map below is a diagonal.',
    selfWeightLow:
      'Each piece reads mostly the pieces before it: its context {{ctx}} is made of what was read earlier.',
    selfWeightMixed: 'Each piece splits its attention between itself and the pieces before it.',
    penaltyCosts:
      'The penalty costs perplexity: {{penalized}} with it, {{plain}} without it (test). What it buys is an attention that looks back instead of at the current piece.',
    penaltyFree: 'The penalty costs no perplexity: {{penalized}} with it, {{plain}} without it (test).',
    tryPlain: 'Choose “{{switch}}” above to see the same cell without it.',
    lstmnStyle:
      'Why “LSTMN-style”: in the LSTMN of Cheng, Dong & Lapata (2016), step i attends over the earlier pieces only (j < i), before the LSTM update, and scores each with the current input x_i and the previous read h̃_{i−1} through an additive align function. Here, as on the slides, the attention comes after the update, the query is the new state h_i, the align function is a dot product and the piece being read is one of the keys (j ≤ i). It was trained without the self-weight penalty, so its figure does not read like the paper’s, where a word attends to related words before it: look at the mean self-weight above.',
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
    unspaced:
      'Chinese, Japanese and Thai are written without spaces between words, and “Whole words” cuts the text at spaces: here a whole sentence is one “word”, so its map is a single cell. The model itself reads byte pieces: choose “Pieces” above to see what it reads.',
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
      'The 5 most likely next pieces (softmax of the model’s output). ␣ is a space: a piece that starts a new word. ↵ is a line break (⇥ a tab).',
    noLogits: 'This model gives no next-word probabilities.',
    mapTitle: 'The same weights as a heat map',
    rowsAxis: 'Rows: the word being read (step i)',
    colsAxis: 'Columns: a word read so far (j ≤ i)',
    stepHint: 'Click a row of the figure to see every number of that step.',
    stepTitle: 'Step {{step}} of {{steps}}: reading “{{word}}”',
    stepPiece: '(the piece “{{piece}}”)',
    close: 'Close',
    stripNote:
      'Each vector is a strip of squares, one per number: orange above 0, purple below, white near 0. Point at a square for its exact value.',
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
      'A recall task: the model sees a token, then d distracting tokens, and must repeat the first token. Accuracy on fresh test sequences for two SimpleRNNs, one with self-attention and one without:',
    recallIntroSizes:
      'A recall task: the model sees a token, then d distracting tokens, and must repeat the first token. Accuracy on fresh test sequences for two SimpleRNNs: the one with self-attention has {{withHidden}} hidden units ({{withParameters}} parameters), the one without has {{withoutHidden}} ({{withoutParameters}} parameters):',
    recallNote:
      'Without attention the first token must survive d updates of the hidden state, and it fades. With self-attention the model looks straight back at it.',
    recallPerplexity:
      'The same [x; c] cell, trained as a language model on Austen, by test perplexity (lower is better, the same test tokens): {{list}}.',
    recallPerplexityWorse:
      'Less likely to forget is not the same as a better next-word guess: on these {{context}}-piece windows the slides’ cell is {{percent}} worse than the plain SimpleRNN of the same budget.',
    recallPerplexityBetter:
      'Here it is also the better next-word guesser: {{percent}} below the plain SimpleRNN of the same budget.',
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
  transformer: enTransformer,
  zhText: enZhText,
  train: enTrain,
  open: enOpen,
  intervene: enIntervene,
  seq2seqLocal: enSeq2seqLocal,
  seq2seqPairs: enSeq2seqPairs,
  seq2seqEnZh: enSeq2seqEnZh,
  seq2seqZhEn: enSeq2seqZhEn,
  explain: enExplain,
  guide: enGuide,
  export: {
    label: 'Download',
    group: 'Download {{figure}}',
    as: 'Download {{figure}} as {{format}}',
    map: 'this attention map',
    chart: 'the chart of {{y}} against {{x}}',
    recall: 'the recall chart',
    headView: 'the head view of layer {{layer}}',
    positions: 'the positional-encoding table',
  },
  map: {
    spaceToken: 'space',
    empty: 'Type a sentence to see its attention map.',
    rowsAxis: 'Rows: the word that is reading (query)',
    colsAxis: 'Columns: the word being read (key)',
    legend: 'Attention weight',
    tooltip: '{{row}} → {{col}}: {{weight}}',
    score: 'score before softmax: {{score}}',
    scoreSigmoid: 'score before the sigmoid: {{score}}',
    untitled: 'attention map',
    tableCaption: 'Attention weights ({{name}}). Each row is a reading word, each column a word it reads.',
    tableTop: 'Largest {{k}} weights of each row (the full map has {{rows}} × {{cols}} cells).',
    queryHeader: 'Reading word',
    rankHeader: 'Read word {{rank}}',
    largeNote:
      '{{rows}} × {{cols}} cells: too many to label, so each cell is a small square. Hover to read one.',
    keyboardLabel:
      'Attention map: the arrow keys move between cells, Enter pins the cell, Shift with ↑ or ↓ raises or lowers its weight',
    cursor: '{{row}} → {{col}}: {{weight}}{{edited}}',
    cursorPinned: '{{row}} → {{col}}: {{weight}}, pinned{{edited}}',
    cursorEdited: ' (row changed by your edit)',
    editedRows_one: 'Row changed by your edit: {{rows}}',
    editedRows_other: '{{count}} rows changed by your edit: {{rows}}',
    pinnedCells_one: 'Pinned: {{cells}}',
    pinnedCells_other: '{{count}} pinned: {{cells}}',
  },
  embed: {
    shareLabel: 'Share this lesson',
    copyLink: 'Copy link',
    copyIframe: 'Copy embed code (iframe)',
    copyElement: 'Copy embed code (element)',
    copiedLink: 'Link copied: it opens the page exactly as it is now.',
    copiedIframe: 'Embed code copied: paste it into a course page to show this lesson in a frame.',
    copiedElement: 'Embed code copied: a script tag and the lesson tag with its attributes.',
    copyFallback:
      'The clipboard is not available here: the text below is selected, copy it with Ctrl+C (⌘C on a Mac).',
    snippetLabel: 'Text to copy',
    frameTitle: 'AttnLab: {{lesson}}',
    elementNote:
      'The element code runs only on a page of the same site as attnlab.js (your own copy of AttnLab). On any other site, use the iframe code.',
    crossOrigin:
      'This lesson cannot start here: this page is on another website than AttnLab, and a browser lets only AttnLab’s own site start its engine. Use the iframe code instead (“Copy embed code (iframe)” on the AttnLab page): it works on any site.',
  },
  engine: enEngine,
  url: enUrl,
};

export type Strings = typeof en;
