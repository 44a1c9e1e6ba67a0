// English strings of the "Does attention explain the output?" panel (lessons/shared/explain-panel.ts).

export const enExplain = {
  title: 'Does attention explain the output?',
  intro:
    'Attention weights are easy to read as reasons. Three checks from the research (Jain & Wallace 2019; Wiegreffe & Pinter 2019) show how far that reading holds for this model and this sentence.',
  computing: 'Computing…',
  uniformTitle: 'With uniform attention',
  uniformText:
    'Every weight set to 1/n (each word read equally): the guess goes from “{{before}}” to “{{after}}”, and {{moved}} of the probability at that place moves (half the summed change of every word’s probability there: 0% none, 100% all). If little moves, the model does not rely on where it looks.',
  uniformTextAll:
    'Every weight set to 1/n (each word read equally): the translation goes from “{{before}}” to “{{after}}”. Reading the same words, {{moved}} of the probability moves on average over the {{count}} decoder steps that write them, the end included (half the summed change of every word’s probability at a step: 0% none, 100% all). If little moves, the model does not rely on where it looks.',
  seedsTitle: 'The same model trained from another seed',
  seedsText:
    'Same data, same recipe, another random start. The two maps differ by {{distance}} on average (half the summed difference of each row: 0% the same, 100% no overlap). Attention that differs while the output agrees is not the only story the model could tell.',
  seedsOutputsSame:
    'What each outputs here: {{firstLabel}} “{{first}}”, {{secondLabel}} “{{second}}”, the same.',
  seedsOutputsDiffer:
    'What each outputs here: {{firstLabel}} “{{first}}”, {{secondLabel}} “{{second}}”. They differ: here the two models disagree on the output, not only on the attention.',
  seedsMissing: 'No second seed of this model is shipped.',
  seedsMatched:
    'Head numbers are arbitrary: a model trained from another seed may learn the same pattern in another head. So the heads of layer {{layer}} are paired first, by the pairing whose maps differ least in total: {{pairs}}. Head {{head}} is compared with the other seed’s head {{match}}; set against its head {{head}} (the same number) the maps would differ by {{byNumber}}.',
  seedsMatchedSame:
    'Head numbers are arbitrary: a model trained from another seed may learn the same pattern in another head. So the heads of layer {{layer}} are paired first, by the pairing whose maps differ least in total: {{pairs}}. Here head {{head}} is paired with the other seed’s head of the same number.',
  seedsPair: 'head {{mine}} ↔ head {{theirs}} ({{distance}})',
  seedsTooManyHeads:
    'Head numbers are arbitrary, but layer {{layer}} has more than {{max}} heads, too many to pair exactly: its heads are compared by number, which may set unrelated heads against each other.',
  listSeparator: ', ',
  seedMap: '{{seed}} · layer {{layer}}, head {{head}}',
  importanceTitle: 'Attention against the gradient',
  importanceText:
    'For “{{word}}” (probability {{p}}), over its {{count}} input words: how strongly each is read (attention) against how much scaling its vectors would change log p(“{{word}}”) (|gradient × input|). Spearman’s rank correlation of the two: {{rho}}.',
  importanceNoRho:
    'For “{{word}}” (probability {{p}}): attention and |gradient × input| over its {{count}} input words. With fewer than 3 words (or a constant row) there is no order to correlate.',
  importanceSaturated:
    'For “{{word}}”: the model gives it {{p}}. So close to certain, log p hardly changes whatever the input does, and |gradient × input| is near 0 for each of the {{count}} input words (at most {{max}}): their order measures only that last sliver of probability, so no rank correlation is given.',
  importanceSameTop: 'Both put “{{word}}” first.',
  importanceTops: 'Attention puts “{{attention}}” first, the gradient “{{gradient}}”.',
  importanceCaveat:
    'A rank correlation says whether the two order all the words alike (1 the same order, −1 reversed, near 0 no common order). It cannot say which of them is right, and over a few words it swings by chance: two lists can put the same word first and still correlate near 0.',
  importanceNote:
    'Measured at the same words but not on the same thing: the attention is the map above (one head of one layer, or the decoder reading the encoder’s states); the gradient runs from log p back through the whole model to the input embeddings (value × d log p / d value, summed over each embedding, by the engine’s backward pass). A word cut into pieces adds its pieces’ values for both. Bars are scaled to the largest value.',
  seedLabel: 'Seed {{seed}}',
  seedLabelThis: 'This model',
  seedLabelOther: 'Another seed',
  token: 'Input word',
  attention: 'Attention',
  gradient: '|gradient × input|',
  noAttention: 'This model has no attention weights to check.',
};
