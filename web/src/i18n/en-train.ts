// English strings of the training lab (<attnlab-train>) but its heading and intro, which en.ts keeps
// for the page; the lab adds these when its code loads (lessons/train/strings.ts). A file of their
// own: a module shared with en.ts would be bundled with the page's strings.

export const enTrain = {
  settings: 'Settings',
  restartNote: 'Changing a setting starts the training over.',
  task: 'Task',
  tasks: {
    reverse: 'reverse (a b c → c b a)',
    shift: 'shift (a b c d → c d a b)',
    sort: 'sort (c a b → a b c)',
    date: 'date (June 14 1935 → 1935-06-14)',
    recall: 'recall (a c b d → a)',
    mirror: 'mirror (a b c d → d c b a)',
  },
  taskGroups: {
    seq2seq: 'Seq2Seq (lesson 1)',
    rnn: 'SimpleRNN + self-attention (lesson 2)',
    transformer: 'Transformer (lesson 3)',
  },
  attention: 'Attention',
  attentions: {
    seq2seq: { additive: 'additive', dot: 'dot-product', none: 'none (no attention)' },
    rnn: { additive: 'additive', dot: 'dot-product', none: 'none (plain SimpleRNN)' },
    transformer: { additive: 'additive', dot: 'scaled dot-product', none: 'none' },
  },
  positions: 'Positions',
  positionChoices: { sinusoidal: 'sinusoidal', none: 'none (no positional encoding)' },
  models: {
    seq2seq: { additive: 'Additive attention', dot: 'Dot-product attention', none: 'No attention' },
    rnn: {
      additive: 'SimpleRNN + self-attention (additive)',
      dot: 'SimpleRNN + self-attention (dot-product)',
      none: 'SimpleRNN without self-attention',
    },
    transformer: { sinusoidal: 'Transformer, sinusoidal positions', none: 'Transformer without positions' },
  },
  versus: 'Side by side with',
  versusOff: 'nothing (one model)',
  fields: {
    minLen: 'Shortest input',
    maxLen: 'Longest input',
    symbols: 'Symbols',
    shift: 'Shift by',
    hidden: 'Hidden size',
    layers: 'Layers',
    heads: 'Heads',
    lr: 'Learning rate',
    batch: 'Batch size',
    steps: 'Steps',
    seed: 'Seed',
    example: 'Held-out example',
  },
  widthField: 'Width (d_model)',
  dateNote: 'Dates have their own lengths and symbols.',
  recallNote:
    'Lesson 2’s model reads the symbols one by one, {{cell}}, with self-attention over what it has read, {{context}}. At the last symbol it must name the first. Without self-attention the first symbol has to survive in the hidden state all the way.',
  mirrorNote:
    'A Transformer encoder reads all the symbols at once; each position outputs its partner in a reversal: position i must output the symbol at position n−1−i. Without positional encoding, self-attention cannot tell the places apart. With inputs of different lengths one layer cannot know where its partner is (it does not know n); two can.',
  map: 'Map shown',
  mapBest: 'the head nearest the correct alignment',
  mapHead: 'layer {{layer}}, head {{head}}',
  mapTitle: 'Layer {{layer}}, head {{head}}',
  mapTitleBest: 'Layer {{layer}}, head {{head}}: the head nearest the correct alignment now',
  start: 'Start',
  resume: 'Resume',
  pause: 'Pause',
  stepOnce: 'Step once',
  reset: 'Reset',
  running: 'training…',
  progress: 'step {{steps}} of {{total}}',
  speed: '{{steps}} steps/s · {{examples}} examples/s · {{tokens}} tokens/s',
  parameters: '{{n}} parameters',
  timeline: 'Timeline',
  timelineValue: 'step {{steps}}',
  beforeTraining: 'before training (random weights)',
  live: 'Latest',
  liveHint: 'Drag back to watch the diagonal appear; “Latest” follows the training again.',
  exampleLabel: 'Example to watch',
  previous: 'Previous example',
  next: 'Next example',
  exampleWords: 'Input: {{source}} → correct output: {{target}}',
  snapshotMetrics:
    'Held-out (30 examples) at step {{steps}}: exact match {{exact}}, alignment miss rate {{aer}}',
  snapshotMetricsNone:
    'Held-out (30 examples) at step {{steps}}: exact match {{exact}} (no attention, so no alignment miss rate)',
  waiting: 'Starting the training engine…',
  families: {
    seq2seq: {
      noAttention:
        'This model has no attention: the decoder sees only the encoder’s last state, so there is no map to draw. Watch its exact match against the other model’s, especially on long inputs.',
      rowsAxis: 'rows: output symbols, written one per step',
      colsAxis: 'columns: input symbols read',
      goldNote: 'Orange outlines: the correct alignment (the input symbol each output symbol copies).',
      metricsCaption:
        'Exact match: outputs entirely right. Alignment miss rate: output symbols whose strongest weight is not on the correct input symbol (lower is better).',
    },
    rnn: {
      noAttention:
        'This SimpleRNN has no self-attention: the first symbol must survive in its hidden state until the last position, so there is no map to draw. Compare its exact match with the other model’s: the longer the input, the more it forgets.',
      rowsAxis: 'rows: the position being read',
      colsAxis: 'columns: the positions read so far (the current one included)',
      goldNote:
        'Orange outline: the correct alignment: at the last position the model should read the first symbol.',
      metricsCaption:
        'Exact match: the last position names the first symbol. Alignment miss rate: examples whose last position puts its strongest weight anywhere but on the first symbol (lower is better).',
    },
    transformer: {
      noAttention: 'This model has no attention map.',
      rowsAxis: 'rows: each position (query)',
      colsAxis: 'columns: the positions it reads (keys)',
      goldNote: 'Orange outlines: the correct alignment: position i reads its partner n−1−i.',
      metricsCaption:
        'Exact match: every position outputs its partner’s symbol. Alignment miss rate: positions whose strongest weight is not on their partner, in the head nearest the correct alignment (the best of every layer and head; lower is better).',
    },
  },
  goldHits: 'Strongest weight on a correct cell in {{hit}} of the {{rows}} rows that have one ({{hits}}).',
  download: 'Download the model (.zip)',
  openInLesson: 'Show it in lesson {{n}}',
  downloadHint:
    'A model folder: config.json, model.safetensors and card.json (task, steps, seed, held-out metrics). Unzip it and run it with the command line: attnlab forward FOLDER --text "a b c".',
  downloadFailed: 'The model could not be downloaded: {{detail}}',
  lossTitle: 'Training loss (smoothed)',
  lossY: 'loss',
  stepsX: 'steps',
  lossCaption: 'Mean cross-entropy of each step’s batch, smoothed',
  metricsTitle: 'Held-out exact match and alignment miss rate',
  metricsY: 'fraction',
  exactMatch: 'exact match',
  alignmentError: 'alignment miss rate',
  seriesName: '{{model}}: {{metric}}',
  paused: 'Paused.',
  done: 'Finished: {{steps}} steps. Download the model, or press Reset to train again.',
  dotStalled:
    'Dot-product attention did not learn this task with these settings (held-out exact match {{exact}}). That is a real result of this small recipe, not a fault of the page: compare it side by side with additive attention, or try other settings.',
  recallShortcut:
    'This model recalls {{exact}} of the held-out first symbols, yet its last position puts its strongest weight on the first symbol in only {{direct}} of them. The first symbol also travels forward in the context fed back into the cell (cᵢ₋₁ in hᵢ = tanh(A [xᵢ; cᵢ₋₁] + b)), so a later state carries it and the model may read it there: attention shows where the model looks, not by itself where the information is.',
  oneWorker:
    'This device has {{cores}} processor cores, so both models train in one background worker, taking turns (each at about half the steps per second it would have alone) and leaving a core to keep the page quick. Steps per second are counted on the clock, turns included.',
  // Above the runs while their "before training" figure is the build's (lessons/train/first-view.ts).
  loadingEngine: 'Loading the training engine…',
  firstView:
    'Until it has loaded, the “before training” figure below is the one this page computed when it was built, with the same engine, settings and seed. Start, Step once and the download wait for the engine.',
  warming: 'starting in a moment: the browser is still compiling the engine for speed',
  hiddenPause: 'Training paused while this tab was hidden. Press Resume to go on.',
  problem: {
    notNumber: '{{field}}: “{{value}}” is not a number. Give a number from {{min}} to {{max}}.',
    notWhole: '{{field}}: “{{value}}” is not a whole number. Give a whole number from {{min}} to {{max}}.',
    range: '{{field}}: {{value}} is outside the range this lab trains, {{min}} to {{max}}.',
    minAboveMax:
      'The shortest input ({{min}}) is longer than the longest ({{max}}). Make “Shortest input” at most “Longest input”.',
    choice: '{{field}}: “{{value}}” is not one of the choices ({{choices}}).',
    sameVersus: 'Side by side needs two different models; both are “{{value}}”.',
    notDivisible:
      'The width ({{hidden}}) must be a multiple of the number of heads ({{heads}}): each head gets an equal share.',
    noMap:
      'Map shown: “{{value}}” is not a map of this model; give best, or layer.head with a layer up to {{layers}} and a head up to {{heads}} (for example 1.2).',
  },
  nothingTrained: 'Nothing is trained until the settings above are fixed.',
  error: {
    config: 'The engine refused these settings: {{detail}}',
    worker: 'The training engine stopped: {{detail}}. Reload the page to try again.',
    other: 'The training could not go on (engine code “{{code}}”): {{detail}}',
  },
  runLabel: 'Run {{n}}: {{model}}',
};
