// The styles of the bar that changes the attention (intervention-bar.ts): its frame, the toggles
// (a pink one is not where the model was trained), the selects, the word switches, the list of
// changes, and teacher mode (controls="none": the changes shown, the tools hidden).

import { css } from 'lit';

export const interventionBarStyles = css`
  .intervene {
    margin: 0.8rem 0;
    padding: 0.55rem 0.75rem 0.65rem;
    border: 1px solid var(--attn-border, #c9d3e3);
    border-left: 4px solid var(--attn-edit, #c2255c);
    border-radius: 8px;
    background: #fdf7fa;
    min-width: 0;
  }
  .intervene-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.3rem 0.8rem;
  }
  .intervene-title {
    margin: 0;
    font-size: 1rem;
  }
  .intervene-hint {
    margin: 0.2rem 0 0.4rem;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
  .intervene-tools {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.35rem 0.6rem;
  }
  .intervene button,
  .intervene select {
    min-height: 28px;
    min-width: 28px;
    font: inherit;
    font-size: 0.9rem;
    color: inherit;
  }
  .intervene button.toggle,
  .intervene-reset,
  .mask-chip {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    padding: 0.2rem 0.65rem;
    border: 1px solid var(--attn-border, #c9d3e3);
    border-radius: 999px;
    background: #fff;
    cursor: pointer;
  }
  .intervene button.toggle .tick {
    width: 0.8rem;
    height: 0.8rem;
    border: 1.5px solid var(--attn-muted, #5b6678);
    border-radius: 3px;
    box-sizing: border-box;
  }
  .intervene button.toggle[aria-pressed='true'] .tick {
    border-color: var(--attn-accent, #1f5fa8);
    background: var(--attn-accent, #1f5fa8);
  }
  .intervene button.toggle.changed {
    border-color: var(--attn-edit, #c2255c);
    background: #fbe4ee;
  }
  .intervene button.toggle.changed .tick {
    border-color: var(--attn-edit, #c2255c);
  }
  .intervene button.toggle.changed[aria-pressed='true'] .tick {
    background: var(--attn-edit, #c2255c);
  }
  .intervene-reset {
    font-weight: 600;
    border-color: var(--attn-edit, #c2255c);
    color: var(--attn-edit, #c2255c);
  }
  .intervene-reset:disabled {
    border-color: var(--attn-border, #c9d3e3);
    color: var(--attn-muted, #5b6678);
    cursor: default;
  }
  .intervene button:focus-visible,
  .intervene select:focus-visible,
  .intervene summary:focus-visible {
    outline: 3px solid var(--attn-focus, #74a9e8);
    outline-offset: 1px;
  }
  .intervene .select {
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
    font-weight: 400;
    font-size: 0.88rem;
  }
  .intervene select {
    padding: 0 0.3rem;
    border: 1px solid var(--attn-border, #c9d3e3);
    border-radius: 6px;
    background: #fff;
  }
  .intervene-more {
    margin-top: 0.4rem;
  }
  .intervene-more summary {
    min-height: 24px;
    cursor: pointer;
    font-size: 0.9rem;
  }
  .intervene-more > .intervene-tools {
    margin-top: 0.35rem;
  }
  .mask-chips {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem;
  }
  .mask-chip {
    padding: 0.1rem 0.45rem;
    border-radius: 6px;
    unicode-bidi: isolate;
  }
  .mask-chip[aria-pressed='true'] {
    border-color: var(--attn-edit, #c2255c);
    background: #fbe4ee;
    text-decoration: line-through;
  }
  .intervene-state {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.35rem 1rem;
    margin-top: 0.5rem;
  }
  .edits {
    display: flex;
    flex-wrap: wrap;
    gap: 0.3rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .edit {
    display: inline-flex;
    align-items: center;
    gap: 0.15rem;
    padding: 0 0 0 0.55rem;
    border-radius: 999px;
    background: #fbe4ee;
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
  .edit-remove {
    border: 0;
    border-radius: 999px;
    background: transparent;
    cursor: pointer;
    line-height: 1;
  }
  .intervene .messages .message {
    margin-top: 0.4rem;
  }
  .intervene-busy {
    margin: 0.3rem 0 0;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
  :host([controls='none']) .intervene-tools,
  :host([controls='none']) .intervene-more,
  :host([controls='none']) .intervene-hint,
  :host([controls='none']) .edit-remove {
    display: none;
  }
`;
