// The styles of lesson 1's vocabulary panel (vocabulary.ts): in the element's static styles from
// the start, while the panel's code is a chunk fetched once a model is loaded.

import { css } from 'lit';

export const vocabularyStyles = css`
  .nearest {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.3rem 0.8rem;
    margin: 0.35rem 0;
    font-size: 0.85rem;
  }
  .nearest-label,
  .nearest-none {
    color: var(--attn-muted, #5b6678);
  }
  .nearest-word {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem;
  }
  .unknown-word {
    border: 1px dashed #b4462c;
    border-radius: 4px;
    padding: 0 0.3rem;
  }
  .nearest-pick {
    font: inherit;
    padding: 0.1rem 0.6rem;
    border: 1px solid #b8c4d6;
    border-radius: 999px;
    background: #fff;
    color: var(--attn-text, #1d2433);
    cursor: pointer;
  }
  .nearest-pick:focus-visible {
    outline: 2px solid var(--attn-accent, #1f5fa8);
    outline-offset: 2px;
  }
  .vocabulary {
    margin: 0.35rem 0;
    font-size: 0.9rem;
  }
  .vocabulary summary {
    cursor: pointer;
    padding: 0.2rem 0; /* a target of at least 24 px (WCAG 2.5.8) */
    color: var(--attn-accent, #1f5fa8);
  }
  .vocabulary-search {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    margin: 0.4rem 0;
  }
  .vocabulary-search input {
    font: inherit;
    padding: 0.2rem 0.4rem;
    min-width: 0;
    flex: 1 1 10rem;
    max-width: 20rem;
  }
  .vocabulary-count {
    margin: 0.2rem 0;
    color: var(--attn-muted, #5b6678);
  }
  .vocabulary-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.2rem 0.8rem;
    max-height: 12rem;
    overflow-y: auto; /* it scrolls: tabindex="0" lets a keyboard scroll it */
  }
  .vocabulary-list:focus-visible {
    outline: 2px solid var(--attn-accent, #1f5fa8);
    outline-offset: 2px;
  }
`;
