// English strings of interventions (issue 15): the bar every lesson shows above its figure, the
// edits in words, and each lesson's before/after. en.ts includes them as `intervene`.

export const enIntervene = {
  title: 'Change the attention',
  hintSeq2seq:
    'Click a cell of the map (or move to it with the arrow keys and press Enter): that French word then reads only that English word. Click it again to unpin.',
  hintLocal:
    'Click a cell of the map (or move to it with the arrow keys and press Enter): that output step then reads only that input token. Click it again to unpin.',
  hintLstmn:
    'Click a cell of the heat map below (or press Enter on it): that step then reads only that word, and the guesses show what changes.',
  hintTransformer:
    'Switch heads off, make attention uniform, or pin a cell of the large map in the “Model view” (click it, or Enter on the keyboard).',
  uniform: 'Uniform attention',
  uniformTitle: 'Every row gives the same weight to every word it may read',
  scope: 'Where',
  scopeModel: 'every layer and head',
  scopeLayer: 'layer {{layer}}',
  scopeHead: 'layer {{layer}}, head {{head}}',
  heads: 'Heads on',
  headSwitch: 'L{{layer}} H{{head}}',
  headSwitchAria: 'L{{layer}} H{{head}}: layer {{layer}}, head {{head}}',
  scale: 'Divide by √dₖ',
  scaleTitle: 'The dot products q · k are divided by √dₖ before the softmax, as the model was trained',
  temperature: 'Temperature',
  temperatureTitle:
    'The scores are divided by this before the softmax: above 1 flatter weights, below 1 sharper',
  dragHint:
    'To set a weight yourself, press on a cell and drag up (more) or down (less), or press Shift+↑ / Shift+↓ on it: the other words of the row share the rest.',
  pinWeight: 'A click pins',
  pinWeightTitle: 'The weight a click gives the cell: 1 reads only that word, 0 skips it',
  more: 'More changes',
  mask: 'Hide a word from attention',
  maskTitle: 'No row may read “{{token}}”',
  reset: 'Reset',
  resetTitle: 'Back to the model as trained',
  show: 'Figures show',
  showBefore: 'Original',
  showAfter: 'Changed',
  editsLabel: 'Your changes',
  none: 'No change yet: the model is as trained.',
  remove: 'Remove: {{edit}}',
  editPin: '“{{row}}” reads “{{key}}” with weight {{weight}}',
  editPinAt: 'layer {{layer}} head {{head}}: “{{row}}” reads “{{key}}” with weight {{weight}}',
  editRow: 'row “{{row}}” set by hand',
  editUniform: 'uniform attention everywhere',
  editUniformLayer: 'uniform attention in layer {{layer}}',
  editUniformHead: 'uniform attention in layer {{layer}}, head {{head}}',
  editUniformRow: 'uniform attention in row “{{row}}”',
  editMask: '“{{token}}” hidden',
  editTemperature: 'temperature {{value}}',
  editTemperatureAt: 'temperature {{value}} in {{where}}',
  editScaleOff: 'no division by √dₖ',
  editScaleOn: 'division by √dₖ',
  editHeadOff: 'layer {{layer}}, head {{head}} off',
  editLayerOff: 'attention of layer {{layer}} off',
  ignored: 'Ignored in the link (not a change this lesson knows): {{items}}',
  error: 'The model could not apply this change: {{message}}',
  cleared_one: 'The sentence changed, so its pinned cell or hidden word was cleared.',
  cleared_other: 'The sentence changed, so its {{count}} pinned cells and hidden words were cleared.',
  causal: '“{{row}}” cannot read “{{key}}”: each step reads only itself and what came before it.',
  computing: 'Computing the changed model…',
  thumbPins:
    'To pin a cell, click it on the large map below (or use its keyboard cursor): each small map is a button that chooses its layer and head, and its cells are too small to aim at. Pinned cells are outlined on the small maps too.',
  stepNote:
    'These are the changed model’s numbers. Where your change acts (a pinned row, a head switched off, no √dₖ, a temperature), they no longer follow the formulas, and the checks say by how much.',
  rowStart: 's₀ (start)',
  token: 'token {{index}}',

  compareApplies:
    'Side by side: your changes apply to the {{model}} model only (its map below is marked “changed” and takes pins); the {{other}} model is shown as trained.',
  compareChanged: 'changed',
  compareDifference: 'The difference is taken with your change applied to the {{model}} model.',
  seqTitle: 'What the change does to the translation',
  seqBefore: 'Before, as trained',
  seqFree: 'After, writing freely',
  seqFreeNote:
    'The changed model picks each next French word itself, so the sentence may change from there on.',
  seqForced: 'After, on the same French words',
  seqForcedNote:
    'Forced decoding: each step reads the original French words, so the rows stay comparable. Marked: the steps where the changed model would now write another word.',
  seqPickTitle: 'step {{step}}: “{{before}}” {{pBefore}} before, “{{after}}” {{pAfter}} after',
  seqChanged: '{{count}} of {{steps}} steps would write another word.',
  seqUnchanged: 'Every step would still write the same word (see the probabilities on hover).',
  seqFreeError: 'The free translation could not be computed with this change: {{message}}',
  seqSameTranslation: 'The same translation.',
  // The same, for a model the student opened (its output is not French, its input not English).
  seqTitleLocal: 'What the change does to the output',
  seqForcedLocal: 'After, on the same output words',
  seqFreeNoteLocal:
    'The changed model picks each next output word itself, so the output may change from there on.',
  seqForcedNoteLocal:
    'Forced decoding: each step reads the original output words, so the rows stay comparable. Marked: the steps where the changed model would now write another word.',
  seqFreeErrorLocal: 'The free output could not be computed with this change: {{message}}',
  seqSameTranslationLocal: 'The same output.',

  nextBefore: 'Before',
  nextAfter: 'After your change',
  lmLine: 'Next piece after “{{prefix}}”: “{{before}}” {{pBefore}} before, “{{after}}” {{pAfter}} after.',

  guessesBefore: 'Before',
  guessesAfter: 'After your change',
  outTitle: 'How much each token’s output vector changed',
  outNote:
    'For each token, the length of (after − before) of the last layer’s output, divided by the length before. 0: the change did not reach this token.',
  outLargest: 'Largest change: “{{token}}”, {{value}}.',
  outNone: 'No output vector changed.',
  outQuery: 'Output vector of “{{token}}”',
  outBefore: 'before',
  outAfter: 'after',
  outRowAria: '“{{token}}”: changed by {{value}}',
};
