// English strings of lesson 3 (the Transformer) but what other views show of it (heading, intro,
// models' and maps' names), which en.ts keeps; lesson 3 adds these when its code loads
// (lessons/transformer/strings.ts). A file of their own: a module shared with en.ts would be
// bundled with the page's strings.

export const enTransformer = {
  inputLabel: 'Your sentence',
  placeholder: 'Type an English sentence…',
  modelLabel: 'Model',
  splitTest: 'test',
  splitValid: 'validation',
  cardAccuracy:
    '{{model}} · {{layers}} layers × {{heads}} heads, d = {{d}} · {{parameters}} parameters · held-out {{split}}: {{accuracy}} of masked tokens guessed right',
  cardPerplexity:
    '{{model}} · {{layers}} layers × {{heads}} heads, d = {{d}} · {{parameters}} parameters · held-out {{split}} perplexity {{perplexity}}',
  cardNoMetrics: '{{model}} · {{layers}} layers × {{heads}} heads, d = {{d}} · {{parameters}} parameters',
  cardLineAccuracy: '{{model}} · {{accuracy}} of masked tokens guessed right · {{parameters}} parameters',
  cardLinePerplexity: '{{model}} · held-out {{split}} perplexity {{perplexity}} · {{parameters}} parameters',
  cardLine: '{{model}} · {{parameters}} parameters',
  loading: 'Loading the trained Transformer…',
  loadError: 'The trained model could not be loaded: {{message}}',
  noModels:
    'No trained Transformer is installed on this page yet (the folders models/tf-* are missing). They are made by scripts/train-transformer.',
  computing: 'Computing…',
  empty: 'Type a sentence to see how its tokens attend to each other.',
  noWords: 'This text has no letters or digits, so there are no words to attend to. Try a sentence.',
  noFigure: 'No figure for this text (see the message above).',
  engineError: 'The engine could not compute this: {{message}}',
  tooManyChars: 'Your text has {{length}} characters; only the first {{limit}} are used.',
  truncated:
    'This model reads at most {{max}} tokens and your text has {{tokens}}: the figures show its first {{chars}} characters.',
  foreign:
    'The models learned English from Jane Austen’s novels and everyday English (the Brown Corpus, WordNet’s examples). Other scripts (Chinese, Arabic, emoji, …) are read byte by byte as rare pieces, so expect odd patterns.',
  viewLabel: 'Look at',
  viewHead: 'Head view',
  viewModel: 'Model view',
  viewStep: 'Computation',
  queryLabel: 'Query token:',
  tokenTitle: 'token {{index}}: {{token}}',
  layerLabel: 'Layer',
  layer: 'Layer {{layer}}',
  headLabel: 'Head',
  // the head view's show/hide switches, beside the bar's "Heads on" (which switches heads off in the model)
  headsLabel: 'Lines drawn for',
  head: 'Head {{head}}',
  layerHead: 'L{{layer}} · H{{head}}',
  headViewNote:
    'Left: the token that reads (query). Right: every token it reads (keys). One colour per head; the darker the line, the larger the weight.',
  headViewPick: 'Hover or pick a token on the left.',
  headViewAria: 'Head view of layer {{layer}}: lines from the query token to each key token',
  headViewNoteWords:
    'Left: the word that reads (query). Right: every word it reads (keys), a word’s weight the sum of its pieces’. One colour per head; the darker the line, the larger the weight.',
  headViewPickWords: 'Hover or pick a word on the left.',
  headViewAriaWords: 'Head view of layer {{layer}}: lines from the query word to each key word',
  queryAriaWord: 'Word {{index}}, “{{token}}”: show what it attends to',
  queriesTitle: 'query',
  keysTitle: 'keys',
  queryAria: 'Token {{index}}, “{{token}}”: show what it attends to',
  lineTitle: 'head {{head}}: “{{query}}” → “{{key}}” {{weight}}',
  readsNothing:
    'In layer {{layer}}, “{{token}}” gives every token a weight of almost 0 (the largest is {{max}}), so there are no lines to see: unlike a softmax, a sigmoid lets a token read (almost) nothing. Try another layer.',
  headTop: 'Head {{head}} reads most: {{list}}',
  modelViewNote:
    'One small map per layer (rows) and head (columns). In each map, row i is what token i reads.',
  modelViewPick: 'Pick one to see it large.',
  thumbAria: 'Layer {{layer}}, head {{head}}: show this map large',
  thumbLegend: 'The small maps use the colour scale of every map on the page, weight 0 to 1:',
  thumbCanvas: '{{n}} tokens: the small maps are drawn as pixels; the large map below reads every cell.',
  rowsAxis: 'Rows: the token that reads (query)',
  colsAxis: 'Columns: the token being read (key)',
  rowsAxisWords: 'Rows: the word that reads (query)',
  colsAxisWords: 'Columns: the word being read (key)',
  stepPieces:
    'The computation is per piece: each piece of a word has its own q, k and v, so this view follows the query piece chosen above.',
  wordsNoPins:
    'Pins are set on pieces, where the model computes: choose “Pieces” to pin a cell. Your pins show here in the words that hold them.',
  legendSoftmax: 'Attention weight α′ (softmax)',
  legendSigmoid: 'Attention weight α′ (sigmoid)',
  noStep: 'This step cannot be shown for this model (its trace lacks q, k or v).',
  stepTitle: 'Token {{index}} “{{token}}” in layer {{layer}}, head {{head}}',
  stepIntro:
    'The model width is d = {{d}}; each of the {{heads}} heads works on d_k = {{dk}} numbers of q, k and v. Vectors are colour strips (purple < 0 < orange): hover or use the arrow keys to read a number.',
  stepInput: 'The input of layer {{layer}} and this head’s query:',
  descA: 'a: the vector of “{{token}}” entering the layer',
  descQ: 'the query of head {{head}} ({{dk}} numbers)',
  alphaNote:
    'A change of letters: in lessons 1 and 2, α was the weight. Here, as in the notes, α is the raw score and α′ the weight that the {{normalization}} makes of it.',
  stepScoresDot_one:
    'The query is compared with the key of {{count}} token: α = q · k / √d_k, then normalized into α′.',
  stepScoresDot_other:
    'The query is compared with the keys of {{count}} tokens: α = q · k / √d_k, then normalized into α′.',
  stepScoresAdditive_one:
    'The query is compared with the key of {{count}} token by a small network, w · tanh(q + k), then normalized into α′.',
  stepScoresAdditive_other:
    'The query is compared with the keys of {{count}} tokens by a small network, w · tanh(q + k), then normalized into α′.',
  scalingNote:
    'Why divide by √d_k (here √{{dk}} ≈ {{root}})? A dot product of d_k numbers grows with d_k, and large scores push the softmax to all-or-nothing, where it hardly learns; the division keeps the scores in range. The course notes leave this scaling out; this model, like the Transformer paper, uses it.',
  stepCausal: 'This model is causal: a token reads only itself and the tokens before it.',
  tokenHeader: 'token',
  scoreCheck:
    'q · k / √d_k redone here from the q and k shown: largest difference from the model’s α {{error}}.',
  scoreAdditiveNote:
    'Additive scores use the head’s own vector w, which the trace does not include, so they are not redone here.',
  softmaxCheck:
    'softmax of the α shown, redone here: largest difference from the model’s α′ {{error}}. The weights add up to 1.',
  sigmoidCheck:
    'σ(α) redone here: largest difference from the model’s α′ {{error}}. A sigmoid weighs each key on its own, so the weights need not add up to 1.',
  sigmoidLogNCheck:
    'σ(α − ln n) redone here, n = {{n}} keys: largest difference from the model’s α′ {{error}}. A sigmoid weighs each key on its own, so the weights need not add up to 1; subtracting ln n starts them near a sum of 1, which lets the model train.',
  stepSum: 'The weighted sum of the values gives the head’s output:',
  descB: 'b: the head’s output as the model computed it',
  descWeighted: 'the same sum, redone here from the α′ and v in the table',
  sumCheck: 'Largest difference between b and the weighted sum of the v shown: {{error}}.',
  stepHeads:
    'Each of the {{heads}} heads has its own three matrices; their outputs are put side by side and mixed by the output matrix:',
  descHead: 'the output of head {{head}}',
  descConcat: 'the head outputs side by side ({{d}} numbers)',
  descOut: 'the attention output of this token, after the output matrix ({{d}} numbers)',
  stepAfter:
    'Then, as the last formula above says, b is added to a (a residual connection) and layer-normalized (LayerNorm), a small feed-forward network reads the result, and its output is added back and layer-normalized again: that is the next layer’s a. (A pre-norm model normalizes before the attention and before the feed-forward network instead.)',
  maskTitle: 'Masked word: what does the model guess?',
  maskIntro:
    'This model was trained to fill in hidden words from both sides. Click a word to replace it with <mask>; the figures above then show the masked sentence.',
  maskHint: 'Click a word above to mask it.',
  maskIntroTeacher:
    'This model was trained to fill in hidden words from both sides. The page this lesson sits in chooses which word is hidden (if any); the figures above then show the masked sentence.',
  maskHintTeacher: 'No word is hidden here.',
  guessesTitle: 'The model’s guesses for the masked word (it was “{{word}}”):',
  guessesTypedOne: 'The model’s guesses for the <mask> you typed:',
  guessesTypedFirst: 'The model’s guesses for the first <mask> you typed:',
  guessesNoteTyped:
    'Each guess is one token of the vocabulary: a long word may be guessed by its first piece only. To get the sentence back, replace <mask> with a word in the text box.',
  typedMask: 'You typed <mask> here: the model reads it as the mask token.',
  maskError: 'The model could not read this text, so there are no guesses: {{message}}',
  maskUnread:
    'The model read no <mask> token here, so it has nothing to guess: its tokenizer cut “<mask>” into other tokens, or the text was cut short before this word.',
  guessesNote:
    'A guess is one token of the vocabulary: a long word may be guessed by its first piece. Click the word again to unmask it.',
  nextTitle: 'Next-token guesses',
  symbolsNote: 'A guess is shown without its leading space; ↵ is a line break (⇥ a tab).',
  nextIntro:
    'This causal model was trained to guess the next token from the ones before it. Pick a query token above to see what it expects next.',
  nextAfter: 'After “{{token}}”, the model expects:',
  peTitle: 'Positional encoding',
  peIntro:
    'Attention itself ignores word order: it compares every token with every token. The Transformer therefore adds to each token’s vector a fixed pattern for its position p (token i, counted from 1 as everywhere on this page, sits at position p = i − 1, counted from 0 as in the formula), so that “dog bites man” and “man bites dog” differ.',
  peRows: 'token i = 1 to {{rows}}, at position p = i − 1 ↓',
  peCols: 'dimension (0 to {{d}} − 1) →',
  peAria:
    'The sinusoidal positional encoding: {{rows}} positions by {{d}} dimensions, purple −1, white 0, orange +1',
  peHint: 'Hover the picture to read a value. The red frame marks the {{n}} positions of your sentence.',
  peReadout: 'token {{token}} (position p = {{t}}), dimension {{i}}: {{value}}',
  peCheck: 'The model added exactly this table to your {{n}} tokens: largest difference {{error}}.',
  peNone: 'This model adds no positions: its position vectors are all zeros.',
  shuffleTitle: 'Without positions, word order does not matter',
  shuffleIntro:
    'The model trained without positional encoding reads your first words and the same words shuffled. If attention cannot see order, the shuffled map is the original map with its rows and columns shuffled the same way.',
  noNopos:
    'The model without positions (models/tf-mlm-nopos) is not installed, so this demonstration is not available.',
  shuffleChinese:
    'This demonstration uses the English model trained without positions (models/tf-mlm-nopos); no Chinese model without positions was trained, so it is not shown for Chinese text. Choose “Masked LM” and type an English sentence to see it.',
  shuffleFew: 'Type at least two words to shuffle them.',
  shuffleLoading: 'Loading the Transformer trained without positions…',
  original: 'original',
  shuffled: 'shuffled',
  reshuffle: 'Shuffle again',
  shuffleEqual:
    'Yes: in all {{maps}} maps, map(shuffled) equals map(original) with rows and columns permuted, within {{tolerance}} (largest difference {{error}}).',
  shuffleDiffer:
    'No: map(shuffled) differs from the permuted map(original) by up to {{error}} (more than {{tolerance}}).',
  shuffleMismatch:
    'The shuffled text was cut into different tokens than the original, so the maps cannot be compared token by token.',
  shuffleWhy:
    'The model you picked above adds positions, so for it the shuffled sentence would give a genuinely different map.',
  shuffleWhyNone: 'This is the model you picked above: it adds no positions.',
  compareTitle: 'Self-attention, RNN and CNN for your sentence',
  compareIntro:
    'For n = {{n}} tokens of width d = {{d}} (this model’s size), one layer of each kind, counted exactly (matrix products only; bias additions and the softmax left out). How each count grows is written apart (Vaswani et al. 2017, Table 1):',
  compareEmpty: 'Type a sentence to compare the three kinds of layer.',
  layerType: 'layer',
  sequential: 'sequential steps',
  pathLength: 'longest path between two tokens',
  multiplyAdds: 'multiply-adds for this sentence',
  kindAttention: 'Self-attention (Q, K, V and W^O projections included)',
  kindRnn: 'SimpleRNN of width d',
  kindCnn: 'CNN (width k = {{k}}, d channels)',
  cnnPath: '{{layers}} layers (dilated: {{dilated}})',
  growsAs: 'grows as',
  costRatio:
    'For these n = {{n}} tokens one self-attention layer of this model needs {{ratio}} times the multiply-adds of a SimpleRNN layer of the same width: its four projections alone, 4nd², are twice the RNN’s 2nd², whatever n is. The often-quoted “attention is cheaper when n < d” compares only the scores (n²d) with the recurrence (nd²) and leaves the projections out. What self-attention buys is one sequential step and a path of length 1 between any two tokens, not fewer operations.',
  costRatioCausal:
    'For these n = {{n}} tokens one causal self-attention layer of this model (each token reads itself and the tokens before it, n(n+1)/2 pairs) needs {{ratio}} times the multiply-adds of a SimpleRNN layer of the same width: its four projections alone, 4nd², are twice the RNN’s 2nd², whatever n is. The often-quoted “attention is cheaper when n < d” compares only the scores (n²d) with the recurrence (nd²). What self-attention buys is one sequential step and a path of length 1, not fewer operations.',
  rfTitle: 'Receptive field: which tokens can influence token i?',
  rfK: 'kernel width k',
  rfL: 'layers L = {{layers}}',
  rfI: 'token i = {{index}} “{{token}}”',
  rfConvRow: 'CNN, {{layers}} × width {{k}}',
  rfAttentionRow: 'Self-attention, 1 layer',
  rfCount: '{{count}} of {{n}}',
  rfNote:
    'A width-k convolution widens its reach by (k − 1)/2 tokens on each side per layer; one attention layer already reaches every token.',
  rfNoteCausal:
    'For a causal model the convolution looks back k − 1 tokens per layer, and attention reaches every earlier token in one layer.',
};
