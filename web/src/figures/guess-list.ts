// A model's top guesses for one position (the next piece in lesson 2, the masked word or the next
// token in lesson 3): one list item per guess with its probability as a bar and a percentage.
// Items carry data-id (vocabulary id) and data-p (probability), which the page tests read.

import { html, nothing, type TemplateResult } from 'lit';
import { formatPercent } from '../i18n';
import type { NextToken } from '../lessons/shared/lm';
import { weightBar } from './weight-bar';

export interface GuessListOptions {
  /** How a guess's token is written (a lesson shows spaces and bytes its own way). */
  label: (guess: NextToken) => string;
  /** A tooltip per item, if any. */
  title?: (guess: NextToken) => string;
  /** The list's class and data-key, if any (styles and tests find the list by them). */
  className?: string;
  key?: string;
}

export function guessList(guesses: readonly NextToken[], options: GuessListOptions): TemplateResult {
  return html`<ol class=${options.className ?? nothing} data-key=${options.key ?? nothing}>
    ${guesses.map(
      (g) =>
        html`<li data-id=${g.id} data-p=${String(g.probability)} title=${options.title?.(g) ?? nothing}>
          <span class="piece" dir="auto">${options.label(g)}</span>
          ${weightBar(g.probability)}
          <span class="p">${formatPercent(g.probability)}</span>
        </li>`,
    )}
  </ol>`;
}
