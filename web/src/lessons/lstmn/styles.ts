// The styles every part of lesson 2 shares (figure layout, headings, notes). Each figure module
// exports its own styles; element.ts lists them all, in this order.

import { css } from 'lit';

export const lstmnStyles = css`
  :host([controls='none']) .step .close {
    display: none;
  }
  .figure-top {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.4rem 1rem;
    margin-bottom: 0.3rem;
  }
  h3,
  h4,
  h5 {
    margin: 0;
  }
  .figure-title,
  .map-title,
  .recall h3 {
    font-size: 1rem;
  }
  .map-title {
    margin: 1.2rem 0 0.4rem;
  }
  .note {
    margin: 0.35rem 0;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
    overflow-wrap: anywhere;
  }
`;
