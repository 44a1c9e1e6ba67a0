// English strings every view needs: the page, maps, downloads, sharing, messages, and what other
// views show of each lesson (its heading and intro, its models' and maps' names). Each lesson's (and the lab's) own strings are in en-seq2seq.ts, en-lstmn.ts,
// en-transformer.ts and en-train.ts, added when its element's code loads (lessons/*/strings.ts), so
// a page embedding one lesson does not download the others'. zh-CN.ts must have every key of both
// (its type, Strings, is checked against them); the Chinese strings load as one chunk.
import type { enSeq2seq } from './en-seq2seq';
import type { enLstmn } from './en-lstmn';
import { enGuide } from './en-guide';
import { enExplain } from './en-explain';
import { enOpen, enSeq2seqLocal } from './en-open';
import type { enTransformer } from './en-transformer';
import type { enTrain } from './en-train';
import type { enLmVocab } from './en-lm-vocabulary';
import { enIntervene } from './en-intervene';
import { enEngine, enUrl } from './en-recover';
import { enSeq2seqPairs, enSeq2seqEnZh, enSeq2seqZhEn } from './en-seq2seq-pairs';
import { enZhText } from './en-zh';

export const enShared = {
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
    additive: 'Additive',
    dot: 'Dot product',
    additiveModel: 'Additive attention',
    dotModel: 'Dot-product attention',
    differenceTitle: 'Difference: additive minus dot product',
  },
  lstmn: {
    heading: '2. RNN + self-attention',
    intro:
      'A small recurrent language model, trained on Jane Austen’s novels and then on everyday English (the Brown Corpus and WordNet’s example sentences; a Chinese sentence goes to one trained on Song dynasty ci poems, read a character at a time), reads your sentence one piece at a time. At every step it looks back at everything it has read so far, the current word included, decides how much of each to take in, and uses that mix (the context c) to guess the next word (Cheng, Dong & Lapata, 2016). How each model was trained is shown under its card: the slides’ cell needed an extra loss term to look back rather than at the current word.',
    modelRnnSelfattn: 'SimpleRNN + self-attention',
    modelRnnSelfattnCh: 'Variant [x; c; h]',
    modelZh: 'Chinese: SimpleRNN + self-attention, by characters',
    modelRnnSelfattnNoPenalty: 'SimpleRNN + self-attention, without the penalty',
    modelLstmn: 'LSTM + self-attention (LSTMN-style)',
    modelRnn: 'Plain SimpleRNN',
    modelLstm: 'Plain LSTM',
  },
  transformer: {
    heading: '3. Transformer self-attention',
    intro:
      'A Transformer layer reads a whole sentence at once. Every token turns its vector a into a query q, a key k and a value v; it compares its query with every key, turns the scores into weights, and takes the weighted sum of the values. Several heads do this side by side, and layers repeat it. These small models were trained on Jane Austen’s novels and everyday English (the Brown Corpus, WordNet’s examples; the Chinese one, on Song dynasty ci poems, a character at a time); type anything and follow every number.',
    modelMlm: 'Masked LM',
    modelLm: 'Causal LM',
    modelAdditive: 'Additive scores',
    modelSigmoid: 'Sigmoid',
    modelNopos: 'No positions',
    modelMlmZh: 'Chinese masked LM, by characters',
    bigMapTitle: 'Layer {{layer}}, head {{head}}',
    mapOriginal: 'Original, layer {{layer}} head {{head}}',
    mapShuffled: 'Shuffled, layer {{layer}} head {{head}}',
  },
  zhText: enZhText,
  // every lesson's card line, for a model trained with 8-bit weights (lessons/shared/card-int8.ts)
  cards: {
    int8: 'Its weights are 8-bit numbers (one byte each, with one scale per row), and it was trained that way: every training step computed with these 8-bit weights, so every figure here is that of the model you run (docs/models.md).',
    int4: 'Of these weights, {{names}} are 4-bit numbers instead (half a byte each, with {{scales}}), trained that way too.',
    int4All:
      'Its weights are 4-bit numbers (half a byte each, with {{scales}}), and it was trained that way: every training step computed with these 4-bit weights, so every figure here is that of the model you run (docs/models.md).',
    int4AllTuned:
      'Its weights are 4-bit numbers (half a byte each, with {{scales}}): it was trained for {{base}} steps with 8-bit weights, then fine-tuned for {{steps}} more steps with these 4-bit ones at a lower learning rate, so every figure here is that of the model you run (docs/models.md, “Fine-tuned in 4 bits”).',
    int4Tuned:
      'Of these weights, {{names}} are 4-bit numbers instead (half a byte each, with {{scales}}): it was trained for {{base}} steps with 8-bit weights, then fine-tuned for {{steps}} more steps with these 4-bit ones at a lower learning rate, so every figure here is that of the model you run (docs/models.md, “Fine-tuned in 4 bits”).',
    int4AllTunedMixed:
      'Its weights are 4-bit numbers (half a byte each, with {{scales}}): it was trained for {{base}} steps with 8-bit weights and 4-bit {{baseNames}}, then fine-tuned for {{steps}} more steps with every weight in 4 bits at a lower learning rate, so every figure here is that of the model you run (docs/models.md, “Fine-tuned in 4 bits”).',
    grown:
      'Then its vocabulary was grown from {{from}} to {{to}} pieces for everyday English: the tokenizer learned more merges on Austen together with the Brown Corpus and WordNet’s example sentences, each new piece started as the mean of its two parts, and the model trained {{steps}} more steps on that mix. The figures on this card are measured on the mix’s held-out text (docs/models.md, “Everyday English”).',
    // the 4-bit tensors of the shipped models, in words (card-int8.ts tensorWords)
    tensors: {
      embedding: 'the embedding table ({{name}})',
      srcEmbedding: 'the input words’ embedding table ({{name}})',
      tgtEmbedding: 'the output words’ embedding table ({{name}})',
      output: 'the output layer ({{name}})',
    },
    scalePerRow: 'one scale per row',
    scalePerGroup: 'one scale per {{n}} weights of a row',
    tied: 'Its output layer reuses its embedding table (tied weights, Press & Wolf 2017): each next-token score is the state, projected to the embedding width, times that token’s embedding, so the table is stored once.',
    // a model chosen among runs of one recipe that differ only in the seed (lessons/shared/card-seeds.ts)
    seedRuns:
      'Chosen from {{count}} runs of this recipe that differ only in the random seed, by exact match on these test sentences: {{list}}.',
    seedRunsBase:
      'The 8-bit model it was fine-tuned from was chosen from {{count}} runs of its recipe that differ only in the random seed, by exact match on these test sentences: {{list}} (figures before the fine-tuning).',
    seedRun: 'seed {{seed}}: {{value}}',
    seedRunThis: 'seed {{seed}} (this model): {{value}}',
    seedRunSeparator: '; ',
    // the two ways a model's attention is scored against the gold alignment (lessons/shared/card-measures.ts)
    more: 'More about this model',
    measures: {
      miss: 'alignment miss rate',
      aer: 'alignment error rate (AER)',
      value: '{{name}} {{value}}',
      separator: ', ',
      missDefinition:
        'Alignment miss rate: of the outputs that have a correct input (the data’s gold alignment), the share whose strongest attention weight is on none of their correct inputs. 0% is perfect; outputs without a correct input are not counted.',
      aerDefinition:
        'Alignment error rate (AER, Och & Ney 2003): every output’s strongest attention weight counts as one link, and AER = 1 − 2 × (links that are correct) / (links drawn + correct links). 0% is perfect. It also counts what the miss rate leaves out: an output with no correct input still draws a link (attention cannot point at nothing), and an output with two correct inputs can hit only one.',
    },
  },
  train: {
    heading: '4. Train it yourself: watch the alignment appear',
    intro:
      'Train a small model on a toy task whose correct alignment is known, right here in your browser: a Seq2Seq model (lesson 1) that reverses, shifts, sorts or rewrites dates, lesson 2’s SimpleRNN with self-attention that recalls the first symbol, or a small Transformer (lesson 3) whose every position outputs its partner in a reversal. Before the first step the weights are random and the map is noise; as the loss falls, the attention learns where to look. Train two variants side by side to see one find the alignment and the other struggle.',
  },
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
    scoreSigmoidLogN: 'score before the sigmoid: {{score}}; weight σ({{score}} − ln {{n}})',
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
  // Lessons 2 and 3: the tokenizer's pieces and the Whole words / Pieces switch (lessons/shared/word-pieces.ts).
  pieces: {
    label: 'Show',
    words: 'Whole words',
    pieces: 'Pieces',
    none: 'Every word here is a single piece of the tokenizer.',
    split_one: 'The tokenizer split {{count}} word into pieces (a word’s weight is the sum of its pieces’):',
    split_other:
      'The tokenizer split {{count}} words into pieces (a word’s weight is the sum of its pieces’):',
    splitMean_one:
      'The tokenizer split {{count}} word into pieces (a word’s weight is the sum of its pieces’; a word reads as the mean of its pieces):',
    splitMean_other:
      'The tokenizer split {{count}} words into pieces (a word’s weight is the sum of its pieces’; a word reads as the mean of its pieces):',
  },
  download: {
    progress: '{{received}} of {{total}} KB',
    received: '{{received}} KB so far',
    // Under a lesson's loading line while its first figure is the build's (lessons/shared/first-views.ts).
    firstView:
      'Until the model has loaded, the figure below is the one this page computed when it was built, with the same engine and the same model, for this sentence. Change anything and the lesson waits for the model.',
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

/** Each view's own English strings, added by i18n/index.ts addEnglish when its code loads. */
export interface ViewStrings {
  seq2seq: typeof enSeq2seq;
  lstmn: typeof enLstmn;
  transformer: typeof enTransformer;
  train: typeof enTrain;
  lmVocab: typeof enLmVocab;
}
export type Strings = typeof enShared & ViewStrings;
