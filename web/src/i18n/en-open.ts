// English strings for a model the student opens from their own files (lessons/shared/open-model.ts):
// the "Open your model" control (`open`), and lesson 1's wording while such a model is shown
// (`seq2seqLocal`: it may read and write any symbols, not English and French, so the lesson says
// "input" and "output"). en.ts includes both.

export const enOpen = {
  button: 'Open your model…',
  folderButton: 'Open a model folder…',
  hint: 'Its files (config.json, model.safetensors, card.json), the folder that holds them, or the .zip the training lab downloads; or drop them here. They stay on this device.',
  drop: 'Drop a model folder, its files or a .zip here',
  pill: 'Your model',
  opening: 'Opening “{{name}}”…',
  failed: '“{{name}}” could not be opened: {{message}}',
  close: 'Close your model',
  card: 'Your model “{{name}}” · {{parameters}} parameters',
  cardMetrics:
    'Your model “{{name}}” · {{parameters}} parameters · {{split}} ({{n}} examples): {{exactMatch}} exact match, {{measures}}',
  cardLine: 'Your model “{{name}}” · {{exactMatch}} exact match · {{parameters}} parameters',
  cardDescription: 'Its card says: {{description}}',
  splitTest: 'held-out test',
  splitValid: 'held-out validation',
  linkNeedsFile:
    'This link was made with a model opened from a file, which a link cannot carry: the lesson shows its own model. Open the file again to see it.',
  wrongArchitecture: {
    seq2seq: 'This lesson shows Seq2Seq models; this one is a model of architecture “{{architecture}}”.',
    lstmn:
      'This lesson shows language models read by a recurrent network (architectures “rnn_self_attention” and “rnn_lm”); this one is a model of architecture “{{architecture}}”.',
    transformer:
      'This lesson shows Transformer encoders (architecture “transformer”); this one is a model of architecture “{{architecture}}”.',
  },
  bestHead: '(the alignment miss rate of its best head: layer {{layer}}, head {{head}})',
  unknown_one: 'Your model does not know the word {{words}}: it reads it as <unk>.',
  unknown_other: 'Your model does not know the words {{words}}: it reads them as <unk>.',
  allUnknown: 'Your model knows none of these words. It reads {{size}} words, among them: {{examples}}.',
  outputTitle: 'What the model outputs',
  outputIntro:
    'This model has no <mask> token, so it was not trained to fill in hidden words: every position has an output of its own, trained on whatever its card says. Pick a query token above to see the model’s output there.',
  outputAt: 'At “{{token}}”, the model outputs:',
  recallObjective:
    'Trained on the recall task (its card says so): only the guess after the last piece is scored, and it must name the first piece. The guesses at every other step were never trained; read them as noise.',
  lmObjectiveUnsure:
    'This is the loss of a language model. Whether your model was trained on it, only its card can say.',
  fitsLesson: 'Lesson {{n}} shows it: open it there.',
  cardExact:
    'Your model “{{name}}” · {{parameters}} parameters · {{split}} ({{n}} examples): {{exactMatch}} exact match (no attention, so no alignment measure)',
  none: 'No file was chosen.',
  tooBig: 'The model is {{size}} MB; this page opens models of at most {{limit}} MB.',
  missing: 'There is no {{file}} among the files: a model folder needs config.json and model.safetensors.',
  badZip: '{{file}} is not a .zip this page can read. {{detail}}',
  noUnzip:
    'The code that reads a .zip could not be loaded ({{detail}}). Check the connection and try again, or open the folder’s three files instead of the .zip.',
  notText: '{{file}} is not UTF-8 text.',
  twoFolders: 'These files hold more than one model folder ({{folders}}): open one at a time.',
  // Why the engine refused the folder, by the engine's code (open-model-control.ts engineRefusal).
  engine: {
    format:
      'model.safetensors cannot be read: the file is cut short, damaged, or not a safetensors file. Copy it again or export the model again.',
    json: '{{file}} is not valid JSON: a bracket, comma or quotation mark is missing or one too many. Was it edited by hand?',
    duplicate_key:
      '{{file}} gives “{{key}}” twice. Each setting must be given once, or nobody can tell which one the model was meant to have: delete one of them.',
    config:
      'config.json describes a model this page does not compute: a setting it does not know, or a value it does not accept.',
    load: 'The weights in model.safetensors do not fit config.json: a tensor is missing, left over or of another size. Were the two files written for the same model?',
    other: 'The engine could not open this model.',
  },
  technical: 'Technical detail (the engine’s message)',
};

export const enSeq2seqLocal = {
  loading: 'Opening your model…',
  loadError: 'Your model could not be opened: {{message}}',
  noAttention:
    'Your model has no attention (its config says "attention": "none"): the decoder reads only the encoder’s last state, so there are no weights to draw.',
  inputLabel: 'What your model reads',
  placeholder: 'Type its input…',
  empty: 'Type what your model reads to see what it writes.',
  punctuationOnly: 'There are no words here, only punctuation.',
  tokensLabel: 'Input words',
  translationLabel: 'Output',
  rowsAxis: 'Rows: the output word being written (decoder step); s₀ is the start, before the first word',
  colsAxis: 'Columns: the input word read (encoder state)',
  costNote: 'm input words, t decoder steps (the output words and <eos>); the extra row is the start s₀.',
  unknown_one: 'Your model does not know the word {{words}}: it reads it as <unk>.',
  unknown_other: 'Your model does not know the words {{words}}: it reads them as <unk>.',
  allUnknown: 'Your model knows none of these words. It reads {{size}} words, among them: {{examples}}.',
  tooLong: 'This input has {{tokens}} words; this lesson reads at most {{max}}.',
  stepIntro:
    'Pick an output word. These are the real numbers your model computed for it: vectors are colour strips (orange positive, purple negative); hover or use the arrow keys to read a value.',
  stepStart:
    'Before the first output word, the decoder starts from s₀ = hₘ, the encoder’s last state, and already reads the input once: the weights α₀ⱼ give c₀, the context the first step reads.',
  stepScores:
    'One score per input word (m = {{m}}), then a softmax turns the scores into weights α that add up to 1.',
  stepWord: 'Input word',
  stepOutput:
    'The output word is written from the state and the context together (the model’s output layer; the slides leave this step out):',
  stepContextStart: 'c₀ is the weighted sum of the encoder states: what the first step takes from the input.',
  stepContext: 'The context is the weighted sum of the encoder states: what this step takes from the input.',
};
