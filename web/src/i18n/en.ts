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
