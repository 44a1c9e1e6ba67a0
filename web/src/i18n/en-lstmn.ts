// English strings of lesson 2 (RNN + self-attention) but its heading and intro, which en.ts keeps
// for the page; lesson 2 adds these when its code loads (lessons/lstmn/strings.ts).

export const enLstmn = {
  inputLabel: 'Your sentence',
  placeholder: 'Type an English sentence…',
  modelLabel: 'Model',
  card: '{{model}} · {{parameters}} parameters · held-out perplexity {{test}} (test), {{valid}} (validation); lower is better',
  cardTest: '{{model}} · {{parameters}} parameters · held-out test perplexity {{test}}; lower is better',
  cardNoMetrics: '{{model}} · {{parameters}} parameters',
  cardLine: '{{model}} · test perplexity {{test}} · {{parameters}} parameters',
  vsBaselineWorse:
    'Against “{{baseline}}”, the plain model of about the same size ({{parameters}} parameters, test perplexity {{other}}), this model’s perplexity is {{percent}} higher: on next-piece prediction self-attention does not help here. Where a long memory is needed it does: see the recall result below.',
  vsBaselinePenaltyTwin:
    'Against “{{baseline}}”, the plain model of about the same size ({{parameters}} parameters, test perplexity {{other}}), this model’s perplexity is {{percent}} higher. That is what the self-weight penalty it was trained with costs, not the cell: trained without the penalty, the same cell reads at {{twin}} against {{other}}.',
  vsBaselinePenaltyPart:
    'Against “{{baseline}}”, the plain model of about the same size ({{parameters}} parameters, test perplexity {{other}}), this model’s perplexity is {{percent}} higher. Part of that is what the self-weight penalty it was trained with costs: trained without the penalty, the same cell reads at {{twin}} against {{other}}, {{twinPercent}} higher.',
  vsBaselinePenaltyUnmeasured:
    'Against “{{baseline}}”, the plain model of about the same size ({{parameters}} parameters, test perplexity {{other}}), this model’s perplexity is {{percent}} higher. It was trained with the self-weight penalty, which costs perplexity; no model of this cell trained without it is shipped, so how much of the gap is the penalty’s is not measured.',
  vsBaselineBetter:
    'Against “{{baseline}}”, the plain model of about the same size ({{parameters}} parameters, test perplexity {{other}}), this model’s perplexity is {{percent}} lower.',
  trainingLabel: 'Training',
  trainingPenalty: 'With the self-weight penalty',
  trainingPlain: 'Without it (cross-entropy only)',
  objectiveTitle: 'How this model was trained',
  objectivePenalty:
    'The mean cross-entropy of the next piece over a training window of T pieces, plus {{lambda}} × the mean weight each piece gives itself, α_ii (the first piece can only read itself, so it is left out). The extra term acts in training only: the model reads your sentence exactly as the figures show. Without it this cell’s attention tends to fall onto the piece being read: early in training, attending to itself is the easiest way to lower the loss ({{ctx}} = h_i hands the prediction the newest state at once); the penalty takes that shortcut away.',
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
  selfWeightSunk:
    'Each piece avoids itself, but not by reading the words: from the third piece on, each piece puts on average {{value}} of its attention on the first piece, so {{ctx}} is nearly the same vector at every step and passes on almost nothing of what was read (an attention “sink”).',
  sinkPenalty: 'The penalty keeps the attention off the piece being read, not on the words.',
  selfWeightMostly:
    'On average most of a piece’s attention goes to the piece itself: {{ctx}} is mostly h_i, and the map below is close to a diagonal.',
  penaltyCosts:
    'The penalty costs perplexity: {{penalized}} with it, {{plain}} without it (test). What it buys is an attention that looks back instead of at the current piece.',
  penaltyFree: 'The penalty costs no perplexity: {{penalized}} with it, {{plain}} without it (test).',
  tryPlain: 'Choose “{{switch}}” above to see the same cell without it.',
  lstmnStyle:
    'Why “LSTMN-style”: in the LSTMN of Cheng, Dong & Lapata (2016), step i attends over the earlier pieces only (j < i), before the LSTM update, and scores each with the current input x_i and the previous read h̃_{i−1} through an additive align function. Here, as on the slides, the attention comes after the update, the query is the new state h_i, the align function is a dot product and the piece being read is one of the keys (j ≤ i). It was trained without the self-weight penalty, so its figure does not read like the paper’s, where a word attends to related words before it: look at the mean self-weight above.',
  loading: 'Loading the trained language model…',
  nextWaiting: 'The next-word guesses come with the model.',
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
    'The model learned English from Jane Austen’s novels and everyday English (the Brown Corpus, WordNet’s examples). It reads any text as byte pieces, but letters of other scripts and emoji are pieces it has hardly seen, so its attention and guesses mean little here.',
  unspaced:
    'Chinese, Japanese and Thai are written without spaces between words, and “Whole words” cuts the text at spaces: here a whole sentence is one “word”, so its map is a single cell. The model itself reads byte pieces: choose “Pieces” above to see what it reads.',
  noAttention:
    'This model has no self-attention: everything it has read is squeezed into its hidden state h_i, so there is no attention to show. Its next-word guesses are below; compare them with the self-attention models.',
  readingTitle: 'How the model reads, one word at a time',
  keyCurrent: 'Red: the word being read.',
  keyBlue:
    'Blue: the attention it pays to each word read so far (itself included), on a fixed scale from 0 to 1, lighter than the map’s so the words stay legible.',
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
  nextTitleItem: '“{{piece}}” next, with probability {{p}}',
  nextNote:
    'The 5 most likely next pieces (softmax of the model’s output). ␣ is a space: a piece that starts a new word. ↵ is a line break (⇥ a tab).',
  nextTitleChars: 'Next-character guesses after “{{prefix}}”',
  nextNoteChars: 'The 5 most likely next characters (softmax of the model’s output).',
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
  descCPrevLstm: 'the attention read of the previous step, which replaces the LSTM’s state (zeros at first)',
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
    'Without attention the first token must survive d updates of the hidden state, and it fades. With self-attention its state stays one of the states the last step can read, however far back; whether a model reads it there, the training lab’s recall task draws, step by step.',
  recallPerplexity:
    'The same [x; c] cell, trained as a language model on Austen and everyday English, by test perplexity (lower is better, the same test tokens): {{list}}.',
  recallPerplexityWorse:
    'Less likely to forget is not the same as a better next-word guess: on these {{context}}-piece windows the slides’ cell is {{percent}} worse than the plain SimpleRNN of the same budget.',
  recallPerplexityPenalty:
    'Less likely to forget is not the same as a better next-word guess: on these {{context}}-piece windows the slides’ cell is {{percent}} worse than the plain SimpleRNN of the same budget, but that is what the self-weight penalty it was trained with costs, not the cell: trained without the penalty it reads at {{twin}} against {{plain}}.',
  recallPerplexityPenaltyPart:
    'Less likely to forget is not the same as a better next-word guess: on these {{context}}-piece windows the slides’ cell is {{percent}} worse than the plain SimpleRNN of the same budget, part of it what the self-weight penalty it was trained with costs: trained without the penalty it reads at {{twin}} against {{plain}}, {{twinPercent}} worse.',
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
};
