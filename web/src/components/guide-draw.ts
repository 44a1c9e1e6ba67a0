// A guide question answered by drawing (lessons/shared/guides.ts, DrawQuestion): one slider per
// word the row reads, so the student sets the attention they expect by dragging or with the arrow
// keys (native range inputs: keyboard, touch and screen readers come with them); "Reveal" runs the
// model and draws its row over theirs, with the gap as a percentage (drawGap).

import { css, html, nothing, type TemplateResult } from 'lit';
import { formatPercent, t } from '../i18n';
import { drawGap, type DrawQuestion } from '../lessons/shared/guides';

export type DrawReveal =
  { status: 'running' } | { status: 'done'; row: number[] } | { status: 'failed'; error: string };

export interface DrawState {
  /** The student's values per key, 0..100 (not yet scaled to add up to 1). */
  drawn: number[];
  reveal: DrawReveal | undefined;
  set(values: number[]): void;
  reveal_(): void;
}

/** The drawn row as weights that add up to 1 (all zero: uniform), for showing beside the model's. */
function scaled(drawn: readonly number[]): number[] {
  const sum = drawn.reduce((a, b) => a + b, 0);
  return drawn.map((v) => (sum > 0 ? v / sum : 1 / drawn.length));
}

export function renderDrawQuestion(lesson: string, q: DrawQuestion, s: DrawState): TemplateResult {
  const key = `guide.${lesson}.draw.${q.id}`;
  const mine = scaled(s.drawn);
  const row = s.reveal?.status === 'done' ? s.reveal.row : null;
  const touched = s.drawn.some((v) => v > 0);
  let result: TemplateResult | typeof nothing = nothing;
  if (s.reveal?.status === 'running')
    result = html`<p class="result" role="status">${t('guide.running')}</p>`;
  else if (s.reveal?.status === 'failed')
    result = html`<p class="result failed" role="alert">
      ${t('guide.failed', { message: s.reveal.error })}
    </p>`;
  else if (row) {
    const gap = drawGap(s.drawn, row);
    result = html`<div class="result" role="status" data-gap=${gap.toFixed(4)}>
      <p><strong>${t('guide.drawGap', { gap: formatPercent(gap) })}</strong> ${t(`${key}.explain`)}</p>
    </div>`;
  }
  return html`<li class="draw-question" data-draw=${q.id}>
    <p class="prompt">${t(`${key}.prompt`)}</p>
    <p class="sentence" lang="en">“${q.text}”</p>
    <div class="draw-rows" role="group" aria-label=${t('guide.drawLabel')}>
      ${q.keys.map(
        (word, i) =>
          html`<div class="draw-row">
            <span class="draw-word" dir="auto">${word}</span>
            <input
              type="range"
              min="0"
              max="100"
              step="5"
              .value=${String(s.drawn[i] ?? 0)}
              aria-label=${t('guide.drawWeight', { word })}
              aria-valuetext=${formatPercent(mine[i] ?? 0)}
              @input=${(e: Event) => {
                const next = [...s.drawn];
                next[i] = Number((e.target as HTMLInputElement).value);
                s.set(next);
              }}
            />
            <span class="draw-bars" aria-hidden="true">
              <span class="mine" style="width:${((mine[i] ?? 0) * 100).toFixed(1)}%"></span>
              ${row ? html`<span class="model" style="width:${((row[i] ?? 0) * 100).toFixed(1)}%"></span>` : nothing}
            </span>
            <span class="draw-values" data-model=${row ? (row[i] ?? 0).toFixed(4) : ''}>
              ${formatPercent(mine[i] ?? 0)}${row ? html` · ${t('guide.drawModel')} ${formatPercent(row[i] ?? 0)}` : nothing}
            </span>
          </div>`,
      )}
    </div>
    <button
      type="button"
      class="reveal"
      ?disabled=${!touched || s.reveal?.status === 'running'}
      @click=${() => s.reveal_()}
    >
      ${touched ? t('guide.reveal') : t('guide.drawFirst')}
    </button>
    ${result}
  </li>`;
}

export const drawStyles = css`
  .draw-rows {
    display: grid;
    gap: 0.3rem;
    margin: 0.4rem 0;
  }
  .draw-row {
    display: grid;
    grid-template-columns: minmax(4rem, 7rem) minmax(6rem, 10rem) minmax(4rem, 1fr) auto;
    align-items: center;
    gap: 0.5rem;
    font-size: 0.85rem;
  }
  .draw-row input[type='range'] {
    width: 100%;
    min-height: 24px;
    margin: 0;
  }
  .draw-bars {
    display: grid;
    gap: 2px;
  }
  .draw-bars > span {
    display: block;
    height: 0.45rem;
    border-radius: 2px;
    min-width: 1px;
  }
  .draw-bars .mine {
    background: #6b7280;
  }
  .draw-bars .model {
    background: var(--attn-accent, #1f5fa8);
  }
  @media (max-width: 480px) {
    .draw-row {
      grid-template-columns: minmax(3.5rem, 5rem) 1fr;
    }
    .draw-bars,
    .draw-values {
      grid-column: 2;
    }
  }
`;
