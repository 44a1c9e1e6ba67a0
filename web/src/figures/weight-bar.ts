// A value in [0, 1] drawn as a bar: the guess lists and the score tables of lessons 2 and 3 show
// every probability and attention weight this way (span.bar > span, its width the value).

import { css, html, type TemplateResult } from 'lit';

/** A probability (or weight) in [0, 1] as a bar: the inner span's width is the value. */
export function weightBar(value: number): TemplateResult {
  return html`<span class="bar"><span style="width:${(value * 100).toFixed(1)}%"></span></span>`;
}

/** The bar's look, shared by the guess lists and the scores tables (a host sets its width). */
export const weightBarStyles = css`
  .bar {
    display: inline-block;
    height: 0.55rem;
    border-radius: 3px;
    background: #dbe4f0;
    overflow: hidden;
  }
  .bar > span {
    display: block;
    height: 100%;
    background: var(--attn-accent, #1f5fa8);
  }
`;
