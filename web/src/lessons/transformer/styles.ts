// The styles every part of lesson 3 shares (layout of the figure, headings, notes, checks, token
// chips). Each figure module exports its own styles; element.ts lists them all, in this order.

import { css } from 'lit';

export const transformerStyles = css`
  .figure-top,
  .head-tools {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4rem 1.2rem;
    margin-bottom: 0.5rem;
  }
  h3,
  h4,
  h5 {
    margin: 0;
  }
  h3 {
    font-size: 1.05rem;
  }
  .sub {
    margin: 1rem 0 0.4rem;
    font-size: 0.95rem;
  }
  h5 {
    margin-bottom: 0.3rem;
    font-size: 0.88rem;
  }
  .note {
    margin: 0.35rem 0;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
    overflow-wrap: anywhere;
  }
  .note.failed {
    color: #9a3412;
  }
  .check {
    margin: 0.35rem 0;
    padding: 0.3rem 0.6rem;
    border-radius: 6px;
    background: #ebfbee;
    color: #1e5b2a;
    font-size: 0.85rem;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
  .check.bad {
    background: #fff4e6;
    color: #7a3a00;
  }
  .scroll-box {
    max-width: 100%;
    overflow: auto;
    border: 1px solid #e3e8ef;
    border-radius: 8px;
    background: #fff;
  }
  .token-pick {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.3rem 0.5rem;
    margin: 0.3rem 0 0.7rem;
  }
  .chips {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
    min-width: 0;
    max-height: 9rem;
    overflow: auto;
  }
  .chip,
  .word {
    box-sizing: border-box;
    min-width: 28px; /* a one-letter token is still a target a finger can hit */
    min-height: 28px;
    max-width: 12rem;
    padding: 0.1rem 0.45rem;
    overflow: hidden;
    border: 1px solid #dbe4f0;
    border-radius: 4px;
    background: #f3f6fb;
    color: inherit;
    font: inherit;
    font-size: 0.88rem;
    text-overflow: ellipsis;
    white-space: nowrap;
    cursor: pointer;
    unicode-bidi: isolate;
  }
  .chip[aria-pressed='true'] {
    border-color: #c92a2a;
    background: #fff5f5;
    color: #a61e1e;
    font-weight: 600;
  }
  .chip.mask,
  .word.masked {
    border-style: dashed;
    border-color: #5f3dc4;
    background: #f3f0ff;
    color: #4527a0;
  }
  .chip:focus-visible,
  .word:focus-visible,
  .head-toggle:focus-visible,
  .thumb:focus-visible,
  .small-button:focus-visible,
  select:focus-visible,
  input:focus-visible {
    outline: 3px solid var(--attn-focus, #74a9e8);
    outline-offset: 1px;
  }
`;
