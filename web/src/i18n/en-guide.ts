// English strings of the guided tours (components/guide*.ts, lessons/shared/guides.ts): the
// steps, the predict-then-reveal questions and the rows to draw. en.ts includes them.

export const enGuide = {
  title: 'Guided tour: what you are seeing, and two questions',
  take: 'New here? Take the guided tour ↓',
  predictTitle: 'Predict, then reveal',
  yourGuess: 'Your guess for question {{n}}',
  reveal: 'Reveal the model’s answer',
  pickFirst: 'Pick your guess first',
  drawLabel: 'Your attention row: one slider per word',
  drawWeight: 'Your weight on “{{word}}”',
  drawModel: 'model',
  drawFirst: 'Draw your row first',
  drawGap:
    'Your row is {{gap}} away from the model’s (half the summed difference: 0% would be the same row).',
  running: 'Asking the trained model…',
  failed: 'The model could not answer: {{message}}',
  modelAnswer: 'The model: “{{found}}” ({{value}}).',
  right: 'You predicted it.',
  wrong: 'You guessed “{{guess}}”.',
  noneOfThese: 'None of the choices: the model did something else.',
  caveatTitle: 'A caveat.',
  caveat:
    'Attention weights show where a model looked, not why it decided. Different weights can give the same output, and a high weight is not proof that a word mattered (Jain & Wallace 2019; Wiegreffe & Pinter 2019). Read the maps as a view into the computation, not as an explanation of it.',
  seq2seq: {
    steps: {
      1: 'The encoder reads the English sentence word by word; its states h₁ … hₘ are the columns of the map.',
      2: 'The decoder writes one French word per step. At each step it scores every English state against its own state sᵢ, and a softmax turns the scores into weights α that add up to 1: one row of the map.',
      3: 'The context cᵢ is the α-weighted sum of the hⱼ (αᵢⱼ: the weight step i gives word j): the decoder reads the whole sentence again at every step, at the cost of m × (t + 1) weights (the start s₀ reads it too).',
      4: 'French puts most adjectives after the noun: watch the map cross over itself where the orders differ (“red car” → “voiture rouge”). “Step through” shows every number of one step; “Side by side” compares additive and dot-product attention.',
    },
    draw: {
      voiture: {
        prompt:
          'Draw the row you expect: while writing “voiture”, how much does the decoder read each English word?',
        explain:
          'The model’s row is drawn over yours: see how much of it goes to “car”, though “rouge” sits between the two nouns in French.',
      },
    },
    questions: {
      rouge: {
        prompt: 'In this sentence, which English word will the French word “rouge” attend to most?',
        explain: '“rouge” reads “{{found}}” most, although French puts the adjective after the noun.',
      },
      europeenne: {
        prompt:
          '“européenne” is the last word of “la zone économique européenne”. Which English word will it attend to most?',
        explain:
          'It reads “{{found}}”: the three words come out in mirror order, and the map shows the crossing.',
      },
    },
  },
  seq2seqEnZh: {
    steps: {
      1: 'The encoder reads the English sentence word by word; its states h₁ … hₘ are the columns of the map.',
      2: 'The decoder writes one Chinese word per step (the rows). At each step it scores every English state against its own state sᵢ, and a softmax turns the scores into weights α that add up to 1: one row of the map.',
      3: 'Chinese has no articles (“the” has no word of its own) and adds measure words English does not have (三 只 猫, “three cats”): some columns are read by no row, and some rows read a word another row read too.',
      4: 'Chinese puts time and place before the verb and a describing clause before its noun with 的 (“the book that I read yesterday” → 我 昨天 读 的 书): watch the map cross over itself where the orders differ.',
    },
    draw: {
      jia: {
        prompt:
          'Draw the row you expect: while writing “家” (home), how much does the decoder read each English word?',
        explain:
          'The model’s row is drawn over yours. Chinese says 在 家 (“at home”) before the verb 吃, English after it.',
      },
    },
    questions: {
      zhongwu: {
        prompt:
          'The Chinese sentence says 中午 (“at noon”) right after 我, before the verb. Which English word will “中午” attend to most?',
        explain:
          '“中午” reads “{{found}}”. English says “at noon” at the very end, Chinese before the verb: the map crosses.',
      },
      shu: {
        prompt:
          'In Chinese the clause comes first: 我 昨天 读 的 书. Which English word will “书” attend to most?',
        explain:
          '“书” reads “{{found}}”. The noun comes first in English and last in its Chinese phrase, after the clause and 的.',
      },
    },
  },
  seq2seqZhEn: {
    steps: {
      1: 'The Chinese sentence is cut into the words the model knows; the encoder reads them one by one, and its states h₁ … hₘ are the columns of the map.',
      2: 'The decoder writes one English word per step (the rows). At each step it scores every Chinese state against its own state sᵢ, and a softmax turns the scores into weights α that add up to 1: one row of the map.',
      3: 'English needs words Chinese does not write (“the”, “a”) and Chinese has words English leaves out (measure words such as 只, the 的 of a clause, 把): such rows and columns have no partner of their own in the corpus’s alignment, yet every row’s weights still add up to 1: see where they go.',
      4: 'English puts time and place after the verb and a clause after its noun: the reorderings of the English-Chinese lesson, read the other way.',
    },
    draw: {
      home: {
        prompt:
          'Draw the row you expect: while writing “home”, how much does the decoder read each Chinese word?',
        explain: 'The model’s row is drawn over yours (if it wrote “home” at all).',
      },
    },
    questions: {
      noon: {
        prompt: 'Which Chinese word will the English word “noon” attend to most?',
        explain: '“noon” reads “{{found}}”. Chinese says 中午 before the verb, English “at noon” at the end.',
      },
      book: {
        prompt: 'Which Chinese word will the English word “book” attend to most?',
        explain:
          '“book” reads “{{found}}”. In Chinese the noun 书 comes last, after the clause 我 昨天 读 的.',
      },
    },
  },
  lstmn: {
    steps: {
      1: 'The model reads from left to right, one piece at a time, as a language model that predicts the next piece.',
      2: 'Each row is one moment of reading: the current word is red, and earlier words are shaded blue by the attention α the model pays them (each row adds up to 1).',
      3: 'The context cᵢ = Σ αⱼ hⱼ goes into the next step. Every state read so far is one of its terms, however long ago: a word can be read again through its weight αⱼ, where without attention it would have to survive many updates of h.',
      4: 'The recall chart shows why this matters (long-distance dependencies), with two small SimpleRNNs trained on a recall task (not the language model above): with self-attention it recalls a token 80 steps back every time; without, it is right 33% of the time (chance is 11%), although it has more hidden units.',
    },
    draw: {
      criminal: {
        prompt:
          'Draw the row you expect: reading “criminal”, how much does the model look back at each word (itself included)?',
        explain:
          'The blue bars are the model’s real row: compare the weight it keeps on the word itself with what it takes from the words before (the penalty in training pushes it to look back, but not always).',
      },
    },
    questions: {
      run: {
        prompt: 'When the model reads “run”, which earlier word will get the most attention?',
        explain:
          'It attends most to “{{found}}”. The weight goes to what helps predict the next piece, not always to the word a person would link.',
      },
      next: {
        prompt: 'After “She was very”, which word does the model think comes next?',
        explain: 'Its top guess is “{{found}}”, learned from Jane Austen’s novels and everyday English.',
      },
    },
  },
  transformer: {
    steps: {
      1: 'Every token becomes a query q, a key k and a value v through three matrices W^Q, W^K, W^V.',
      2: 'Token i compares its query with every key, αᵢⱼ = qⁱ · kʲ / √d_k (d_k: the width of one head), and a softmax (or a sigmoid) gives the weights α′. The notes leave out the 1/√d_k; it keeps the softmax out of saturation as d_k grows.',
      3: 'Its output is bⁱ = Σⱼ α′ᵢⱼ vʲ. All tokens do this at once, without recurrence: one layer connects every pair of tokens.',
      4: 'Several heads do this in parallel with their own matrices, and W^O mixes their outputs. Without positional encoding the model cannot tell word order: shuffle the words and the map is only shuffled.',
    },
    draw: {
      jane: {
        prompt: 'Draw the row you expect: in layer 2, head 1, how much does “Jane” attend to each token?',
        explain:
          'The model’s row is drawn over yours: in this head “Jane” reads the token just before it, “at”, more than any other.',
      },
    },
    questions: {
      mask: {
        prompt: 'The model cannot see the masked word. What will it guess?',
        explain:
          'Its top guess is “{{found}}”. The lesson’s “Masked word” panel lists its five best guesses with their probabilities.',
      },
      head: {
        prompt: 'In layer 2, head 1, which word will “Jane” attend to most?',
        explain:
          'It attends most to “{{found}}”. This head has learned to look at the word just before each token; the other head does something else: compare them in the head view.',
      },
    },
  },
};
