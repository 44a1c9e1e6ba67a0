// English strings of lesson 1 (Seq2Seq with attention) but its heading and intro, which en.ts
// keeps for the page; lesson 1 adds these when its code loads (lessons/seq2seq/strings.ts).

export const enSeq2seq = {
  inputLabel: 'English sentence',
  placeholder: 'Type an English sentence…',
  variantLabel: 'Attention',
  loading: 'Loading the trained model…',
  loadError: 'The trained model could not be loaded: {{message}}',
  card: '{{variant}} · {{parameters}} parameters · held-out test: {{exactMatch}} exact match, {{measures}}.',
  confidence:
    'The model’s own probability of this output: {{p}} (each word’s probability at its step, multiplied, the end included); its least sure word is “{{word}}” ({{pw}}). A sure translation can still be wrong.',
  confidenceStopped:
    'The model’s own probability of these {{n}} words: {{p}} (each word’s probability at its step, multiplied; no end token, since it was stopped for length); its least sure word is “{{word}}” ({{pw}}).',
  cardLine: '{{variant}} · {{exactMatch}} exact match · {{parameters}} parameters',
  cardAlignDecay:
    'Trained with one extra setting: a weight decay of {{decay}} on W_K and W_Q only, which keeps the unscaled dot-product scores from growing until the softmax puts all weight on one word (without it the English → French dot model reached 39.5% exact match; docs/models.md).',
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
  stoppedForLength:
    'Stopped for length: the decoder writes at most 2 × {{words}} + 5 = {{max}} words for a sentence of {{words}} words, and it reached {{max}} without writing the end token <eos>. The model is lost on this input: what it wrote is not a finished translation.',
  stoppedAtModelLimit:
    'Stopped for length: the decoder reached the most it ever writes, {{max}} words, without writing the end token <eos>. The model is lost on this input: what it wrote is not a finished translation.',
  stoppedMark: 'stopped for length',
  nearestLabel: 'Nearest known words:',
  nearestNone: 'none close',
  nearestPick: 'Put “{{by}}” in place of “{{word}}”',
  vocabularyEn: 'The {{count}} English words this model knows',
  vocabularyZh: 'The {{count}} Chinese words this model knows',
  vocabularySearch: 'Find a word',
  vocabularyShown: '{{shown}} of {{count}} words',
  vocabularyNone: 'No word this model knows contains “{{query}}”.',
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
    'Before the first French word, the decoder starts from s₀ = hₘ, the encoder’s last state, and already reads the sentence once: the weights α₀ⱼ give c₀, the context the first step reads.',
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
  compareOwn: 'Its own translation, as above.',
  compareForced:
    'Reading the same French sentence (teacher forcing: it is given the words of the {{model}} model instead of its own guesses).',
  differenceSame:
    'Both maps read the same French sentence, “{{translation}}”, so they compare cell by cell. Orange: additive attention looks there more; purple: dot-product attention does.',
  differencePartial:
    'The two translations differ, so only their first {{rows}} words (where they agree) are compared. Orange: additive attends more; purple: dot product attends more.',
  differenceLegend: 'α(additive) − α(dot)',
  differenceNone: 'The two models start their translations differently: there is no common step to compare.',
  noAttentionModel: 'No attention (final state only)',
  lengthTitle: 'Accuracy against sentence length',
  lengthX: 'English sentence length (words)',
  lengthY: 'Exact match',
  lengthFourBit:
    '“{{model}}” keeps {{names}} in 4 bits (the rest of its weights in 8), and was trained that way (docs/models-history.md, “4-bit tables”).',
  lengthFourBitTuned:
    '“{{model}}” keeps {{names}} in 4 bits (the rest of its weights in 8): trained in 8 bits, then fine-tuned with them (docs/models.md, “Fine-tuned in 4 bits”).',
  lengthFourBitAll:
    '“{{model}}” has 4-bit weights, and was trained that way (docs/models-history.md, “4-bit tables”).',
  lengthCaption:
    'Share of held-out test sentences translated exactly, by length, from the model cards. Without attention the decoder must squeeze the whole sentence into the final encoder state: from 8 words on it gets almost none right. Both attention models get nearly every short sentence right and fewer of the long ones; from 23 words on, the dot-product model gets fewer right than the additive one.',
};
