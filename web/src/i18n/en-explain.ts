// English strings of the "Does attention explain the output?" panel (lessons/shared/explain-panel.ts).

export const enExplain = {
  title: 'Does attention explain the output?',
  intro:
    'Attention weights are easy to read as reasons. Three checks from the research (Jain & Wallace 2019; Wiegreffe & Pinter 2019) show how far that reading holds for this model and this sentence.',
  computing: 'Computing…',
  uniformTitle: 'With uniform attention',
  uniformText:
    'Every weight set to 1/n (each word read equally): the output goes from “{{before}}” to “{{after}}”, and {{moved}} of the output probability moves on average. If little moves, the model does not rely on where it looks.',
  seedsTitle: 'The same model trained from another seed',
  seedsText:
    'Same data, same recipe, another random start. The two maps differ by {{distance}} on average (half the summed difference of each row: 0% the same, 100% no overlap). Attention that differs while the output agrees is not the only story the model could tell.',
  seedsMissing: 'No second seed of this model is shipped.',
  seedsMatched:
    'Head numbers are arbitrary: a model trained from another seed may learn the same pattern in another head. So the heads of layer {{layer}} are paired first, by the pairing whose maps differ least in total: {{pairs}}. Head {{head}} is compared with the other seed’s head {{match}}; set against its head {{head}} (the same number) the maps would differ by {{byNumber}}.',
  seedsPair: 'head {{mine}} ↔ head {{theirs}} ({{distance}})',
  seedsTooManyHeads:
    'Head numbers are arbitrary, but layer {{layer}} has more than {{max}} heads, too many to pair exactly: its heads are compared by number, which may set unrelated heads against each other.',
  listSeparator: ', ',
  seedMap: '{{seed}} · layer {{layer}}, head {{head}}',
  importanceTitle: 'Attention against the gradient',
  importanceText:
    'For “{{word}}”: how strongly each input word is read (attention) against how much scaling its vector would change log p(“{{word}}”) (|gradient × input|). Spearman’s rank correlation: {{rho}} (1 the same order, 0 unrelated, −1 reversed).',
  importanceNoRho:
    'For “{{word}}”: attention and |gradient × input| per input word. With fewer than 3 words (or a constant row) there is no order to correlate.',
  importanceNote:
    'Gradient × input: the sum over the word’s embedding of value × d log p / d value, computed by the engine’s backward pass; bars are scaled to the largest value.',
  seedLabel: 'Seed {{seed}}',
  seedLabelThis: 'This model',
  seedLabelOther: 'Another seed',
  token: 'Input word',
  attention: 'Attention',
  gradient: '|gradient × input|',
  noAttention: 'This model has no attention weights to check.',
};
