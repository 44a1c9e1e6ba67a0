// What lessons 2 and 3 say about the tokenizer's pieces: the line naming the words it split
// ("FBI = F · B · I", a word's weight being the sum of its pieces') and the Whole words / Pieces
// switch. The grouping itself is lm.ts (wordGroups, groupMap).

import { css, html, nothing, type ReactiveElement, type TemplateResult } from 'lit';
import { t } from '../../i18n';
import type { ForwardRecord } from '../../engine/records';
import { radioPills } from '../../components/radio-pills';
import { wordGroups, type WordRows } from './lm';

export type PieceUnits = 'words' | 'pieces';

/** The Whole words / Pieces switch (`name`: the pill group's class, "views" in lesson 2). */
export function renderUnitsSwitch<T extends PieceUnits>(
  host: ReactiveElement,
  name: string,
  current: T,
  choose: (units: T) => void,
): TemplateResult {
  return radioPills<T>({
    host,
    name,
    data: 'view',
    label: t('pieces.label'),
    options: ['words', 'pieces'] as T[],
    current,
    text: (v) => t(v === 'words' ? 'pieces.words' : 'pieces.pieces'),
    choose,
  });
}

/**
 * "criminal = c·r·im·in·al": the words the tokenizer split, so the student sees the pieces; `rows`
 * says how a word of several pieces reads in this lesson (the mean of its pieces: said too).
 */
export function renderSplits(
  record: ForwardRecord,
  rows: WordRows = 'last',
): TemplateResult | typeof nothing {
  const split = wordGroups(record).filter(
    (g) => g.pieces.filter((p) => record.tokens[p].trim() !== '').length > 1,
  );
  if (!split.length) return html`<p class="splits" data-split="0">${t('pieces.none')}</p>`;
  const shown = split.slice(0, 8);
  return html`<p class="splits" data-split=${split.length}>
    ${t(rows === 'mean' ? 'pieces.splitMean' : 'pieces.split', { count: split.length })}
    ${shown.map(
      (g) =>
        // Every piece of typed text in a <bdi> of its own: an override the student typed (U+202E)
        // reorders neither the pieces nor the words around them.
        html`<span class="split" dir="auto"
          ><b><bdi>${g.label}</bdi></b> =
          ${g.pieces
            .map((p) => record.tokens[p].trim())
            .filter((p) => p !== '')
            .map((p, k) => html`${k ? ' · ' : ''}<bdi>${p}</bdi>`)}</span
        >`,
    )}${split.length > shown.length ? html`<span class="split">…</span>` : nothing}
  </p>`;
}

export const wordPiecesStyles = css`
  .splits {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2rem 0.8rem;
    margin: 0.3rem 0;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
  .split b {
    color: var(--attn-text, #1d2433);
    font-weight: 600;
  }
`;
