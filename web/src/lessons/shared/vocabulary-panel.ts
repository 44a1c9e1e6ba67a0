// What the lessons' vocabulary panels share (lesson 1's seq2seq/vocabulary.ts, lessons 2 and 3's
// lm-vocabulary.ts): the state of the list (open or not, the search typed) and the styles of the
// nearest words and the list, which the panel adds to its lesson's shadow root when its chunk
// arrives, so no lesson's first view downloads them.

import { css, type CSSResult, type ReactiveControllerHost } from 'lit';

/** Whether the list is open and what was typed into its search box; each change redraws the host. */
export class VocabularyPanel {
  open = false;
  query = '';
  constructor(protected readonly host: ReactiveControllerHost & HTMLElement) {
    // Chromium, Firefox and Safari adopt constructed style sheets (as Lit's own styles are).
    const root = host.shadowRoot;
    const sheet = (vocabularyStyles as CSSResult).styleSheet;
    if (root && sheet && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
  readonly toggled = (e: Event): void => {
    const open = (e.target as HTMLDetailsElement).open;
    if (open === this.open) return;
    this.open = open;
    this.host.requestUpdate();
  };
  readonly searched = (e: Event): void => {
    this.query = (e.target as HTMLInputElement).value;
    this.host.requestUpdate();
  };
}

const vocabularyStyles = css`
  .nearest {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.3rem 0.8rem;
    margin: 0.35rem 0;
    font-size: 0.85rem;
  }
  .nearest-label,
  .nearest-none,
  .vocabulary-note,
  .vocabulary-count {
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
    min-height: 24px;
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
  .vocabulary-note,
  .vocabulary-count {
    margin: 0.2rem 0;
  }
  .vocabulary-search {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    margin: 0.4rem 0;
  }
  .vocabulary-search input {
    box-sizing: border-box;
    font: inherit;
    padding: 0.2rem 0.4rem;
    min-width: 0;
    flex: 1 1 10rem;
    max-width: 20rem;
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
