// Lesson 2's next-word box: the model's top guesses after the chosen step, with their probabilities;
// with a change to the attention, the guesses before it and after it. A model reading characters
// (the Chinese one) guesses the next character, and its note has no word pieces to explain.

import './strings';
import { guessList } from '../../figures/guess-list';
import { css, html, type TemplateResult } from 'lit';
import { topNext } from '../shared/lm';
import { formatPercent, t } from '../../i18n';
import type { LstmnElement } from './element';
import { TOP_K, PREFIX_CHARS, showPiece, type Reading } from './parts';
import { TRACE } from '../../engine/trace-names';
import { isolate } from '../../i18n/bidi';
import type { ForwardRecord } from '../../engine/records';

export function renderNext(el: LstmnElement, reading: Reading, token: number): TemplateResult {
  const loaded = el.loaded;
  const logits = reading.tensor(TRACE.logits);
  if (!loaded || !logits || token >= logits.rows)
    return html`<div class="next"><p class="note">${t('lstmn.noLogits')}</p></div>`;
  const guesses = (record: ForwardRecord, key: string) => {
    const x = record.tensors.find((tensor) => tensor.name === TRACE.logits);
    const next = x && token < x.rows ? topNext(x, token, TOP_K, loaded.vocabulary) : [];
    return guessList(next, {
      key,
      label: (n) => showPiece(n.token),
      // what a pointer or a screen reader gets: the piece and its probability, not a vocabulary number
      title: (n) =>
        t('lstmn.nextTitleItem', { piece: isolate(showPiece(n.token)), p: formatPercent(n.probability) }),
    });
  };
  const original = el.record;
  const edited = el.interventions.editedFor(original);
  // The text read so far, its last few words: what the guesses continue.
  const read = Array.from(
    reading.record.tokens
      .slice(0, token + 1)
      .join(loaded.joiner)
      .trim(),
  );
  const tail = read.slice(-PREFIX_CHARS).join('');
  // Cut at a space so the quote starts with a whole word (unless it is one long word).
  const prefix =
    read.length > PREFIX_CHARS ? '…' + (/\s/.test(tail) ? tail.replace(/^\S*\s+/, '') : tail) : tail;
  return html`<div class="next" data-token=${token}>
    <h4>${t(loaded.chars ? 'lstmn.nextTitleChars' : 'lstmn.nextTitle', { prefix: isolate(prefix) })}</h4>
    ${
      original && edited
        ? html`<div class="next-compare">
            <div class="before">
              <h5>${t('intervene.nextBefore')}</h5>
              ${guesses(original, 'next-before')}
            </div>
            <div class="after">
              <h5>${t('intervene.nextAfter')}</h5>
              ${guesses(edited, 'next-after')}
            </div>
          </div>`
        : guesses(reading.record, 'next')
    }
    <p class="note">${t(loaded.chars ? 'lstmn.nextNoteChars' : 'lstmn.nextNote')}</p>
  </div>`;
}

export const nextWordsStyles = css`
  .next {
    padding: 0.6rem 0.8rem;
    border-radius: 10px;
    background: #eef3fa;
  }
  .next h4 {
    font-size: 0.92rem;
    overflow-wrap: anywhere;
  }
  .next ol {
    margin: 0.4rem 0 0;
    padding: 0;
    list-style: none;
  }
  .next li {
    display: grid;
    grid-template-columns: minmax(3rem, auto) 1fr auto;
    align-items: center;
    gap: 0.5rem;
    padding: 0.15rem 0;
    font-variant-numeric: tabular-nums;
  }
  .piece {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.92rem;
    overflow-wrap: anywhere;
  }
  .p {
    font-size: 0.88rem;
    text-align: right;
  }
`;
