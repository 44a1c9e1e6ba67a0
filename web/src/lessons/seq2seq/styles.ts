// The styles every part of lesson 1 shares (figure layout, headings, the translation, the cost
// panel). Each figure module exports its own styles; element.ts lists them all, in this order.

import { css } from 'lit';

export const seq2seqStyles = css`
  .tokens li.unknown {
    border-style: dashed;
    border-color: #c2410c;
    background: #fff7ed;
    color: #9a3412;
  }
  .translation-box {
    margin: 0 0 1rem;
    padding: 0.6rem 0.9rem;
    border-left: 4px solid var(--attn-accent, #1f5fa8);
    border-radius: 6px;
    background: #fff;
  }
  .translation-label {
    display: block;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
  .translation {
    margin: 0.1rem 0 0;
    font-size: 1.25rem;
    font-weight: 600;
    line-height: 1.4;
    overflow-wrap: anywhere;
  }
  .map-title {
    margin: 0 0 0.4rem;
    font-size: 1rem;
  }
  .cost {
    margin-top: 1rem;
    padding: 0.6rem 0.9rem;
    border-radius: 8px;
    background: #eef3fa;
    line-height: 1.5;
  }
  .cost p {
    margin: 0.2rem 0;
  }
  .cost-formulas {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 2rem;
  }
  .cost-formulas .katex {
    font-size: 1.1em;
  }
  .cost-note {
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
`;
