// How sure the model was of the translation it wrote (issue 52 B5): each written word's
// probability, softmax(out[s_i; c_i]) at its step (the trace's logits), their product for the
// whole sentence (<eos> included when the decoder wrote it), and the least sure word. A wrong
// translation can be a sure one, and a student reading only the words cannot tell either way.

import './strings';
import { css, html, nothing, type TemplateResult } from 'lit';
import { formatInteger, formatPercent, t } from '../../i18n';
import { isolate } from '../../i18n/bidi';
import { TRACE } from '../../engine/trace-names';
import { findTensor, type ForwardRecord } from '../../engine/records';
import { softmaxRow } from '../shared/lm';

export interface Confidence {
  /** Each written word (then <eos>) and the probability the model gave it at its step. */
  words: { word: string; p: number }[];
  /** The product of the words' probabilities: the model's probability of the whole output. */
  sequence: number;
  weakest: { word: string; p: number };
}

/** From the record's logits (one row per written word and <eos>) and the decoder's vocabulary. */
export function translationConfidence(
  record: ForwardRecord,
  vocabulary: readonly string[],
): Confidence | null {
  const logits = findTensor(record, TRACE.logits);
  const written = record.maps[0]?.rowLabels ?? [...record.outputTokens, '<eos>'];
  if (!logits || !written.length || logits.rows !== written.length) return null;
  const words: Confidence['words'] = [];
  for (let r = 0; r < written.length; r++) {
    const id = vocabulary.indexOf(written[r]);
    if (id < 0) return null;
    words.push({ word: written[r], p: softmaxRow(logits, r)[id] });
  }
  const weakest = words.reduce((a, b) => (b.p < a.p ? b : a));
  return { words, sequence: words.reduce((a, b) => a * b.p, 1), weakest };
}

export function renderConfidence(
  record: ForwardRecord,
  vocabulary: readonly string[],
): TemplateResult | typeof nothing {
  const c = translationConfidence(record, vocabulary);
  if (!c) return nothing;
  const params = {
    p: formatPercent(c.sequence),
    word: isolate(c.weakest.word),
    pw: formatPercent(c.weakest.p),
    n: formatInteger(c.words.length),
  };
  // A translation stopped for length (issue 53) has no end token: its product is of the words only.
  return html`<p class="translation-confidence" data-p=${String(c.sequence)} data-weakest=${c.weakest.word}>
    ${t(record.stoppedForLength ? 'seq2seq.confidenceStopped' : 'seq2seq.confidence', params)}
  </p>`;
}

export const confidenceStyles = css`
  .translation-confidence {
    margin: 0.25rem 0 0;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
    font-variant-numeric: tabular-nums;
  }
`;
