import { css } from 'lit';

/** The dashed box that stands where a figure will be (loading, nothing typed yet, an error). */
export const placeholderBox = css`
  .placeholder {
    display: grid;
    place-items: center;
    min-height: 160px;
    padding: 1.5rem;
    border: 2px dashed var(--attn-border, #c9d3e3);
    border-radius: 12px;
    color: var(--attn-muted, #5b6678);
    text-align: center;
  }
  /* How much of the model has arrived (lessons/shared/placeholders.ts), under "Loading…". */
  .placeholder .progress {
    display: block;
    margin-top: 0.4rem;
    font-size: 0.9em;
    font-variant-numeric: tabular-nums;
  }
  /* The model loading above a first figure from the build (lessons/shared/placeholders.ts). */
  .first-view-note {
    margin: 0 0 0.8rem;
    padding: 0.5rem 0.8rem;
    border-left: 3px solid var(--attn-border, #c9d3e3);
    color: var(--attn-muted, #5b6678);
    font-size: 0.9rem;
    line-height: 1.45;
  }
  .first-view-note strong {
    color: var(--attn-text, #1d2433);
    font-weight: 600;
  }
`;

/** What every lesson element shares: the host box, the text box, messages and token chips. */
export const lessonBase = css`
  :host {
    display: block;
    min-width: 0;
    color: var(--attn-text, #1d2433);
    font-family: var(--attn-font, system-ui, sans-serif);
  }
  /* A formula while KaTeX is on its way (components/typeset.ts): its TeX source, quietly. */
  .tex-pending {
    font-family: ui-monospace, monospace;
    font-size: 0.85em;
    opacity: 0.6;
  }
  textarea {
    box-sizing: border-box;
    display: block;
    width: 100%;
    min-height: 3.2rem;
    padding: 0.6rem 0.75rem;
    border: 1px solid var(--attn-border, #c9d3e3);
    border-radius: 8px;
    font: inherit;
    font-size: 1.05rem;
    line-height: 1.45;
    resize: vertical;
    background: #fff;
    color: inherit;
  }
  textarea:focus-visible {
    outline: 3px solid var(--attn-focus, #74a9e8);
    outline-offset: 1px;
    border-color: var(--attn-accent, #1f5fa8);
  }
  .messages:empty {
    display: none;
  }
  .message {
    margin: 0.5rem 0 0;
    padding: 0.45rem 0.7rem;
    border-radius: 6px;
    overflow-wrap: anywhere;
  }
  .message[data-kind='warning'] {
    background: #fff9db;
    color: #5f4b00;
  }
  .message[data-kind='error'] {
    background: #ffe3e3;
    color: #8a1c1c;
  }
  .message[data-kind='info'] {
    background: #e7f0fb;
    color: #173f6b;
  }
  .tokens {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.3rem;
    margin-bottom: 0.9rem;
    font-size: 0.88rem;
  }
  .tokens-label {
    margin-right: 0.2rem;
    color: var(--attn-muted, #5b6678);
  }
  .tokens ol {
    display: contents;
    list-style: none;
  }
  .tokens li {
    max-width: 12rem;
    padding: 0.05rem 0.45rem;
    overflow: hidden;
    border: 1px solid #dbe4f0;
    border-radius: 4px;
    background: #f3f6fb;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .placeholder.failed {
    border-color: #e03131;
    color: #8a1c1c;
  }
`;

/** A row of pill buttons that works as a radio group (attention heads, model variants). */
export const pills = css`
  .pills {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.35rem;
  }
  .pills-label {
    margin-right: 0.25rem;
    font-size: 0.9rem;
    color: var(--attn-muted, #5b6678);
  }
  .pills button {
    padding: 0.3rem 0.8rem;
    border: 1px solid var(--attn-border, #c9d3e3);
    border-radius: 999px;
    background: #fff;
    color: inherit;
    font: inherit;
    font-size: 0.92rem;
    cursor: pointer;
  }
  .pills button[aria-checked='true'] {
    border-color: var(--attn-accent, #1f5fa8);
    background: var(--attn-accent, #1f5fa8);
    color: #fff;
  }
  .pills button:focus-visible {
    outline: 3px solid var(--attn-focus, #74a9e8);
    outline-offset: 1px;
  }
`;

/** Text that only screen readers read (the data tables behind the figures). */
export const srOnly = css`
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;

/** A lesson's sentence row (label and switches above the box), model card line and figure box. */
export const lessonChrome = css`
  .controls {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    justify-content: space-between;
    gap: 0.4rem 1rem;
    margin-bottom: 0.4rem;
  }
  label {
    font-weight: 600;
  }
  .card {
    margin: 0.4rem 0 0;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
    font-variant-numeric: tabular-nums;
    /* a tensor name such as "tgt_embedding.weight" is wider than a 375 px line in Chinese */
    overflow-wrap: anywhere;
  }
  .card > p {
    margin: 0;
  }
  /* one line, and "More about this model" with the rest (lessons/shared/card-fold.ts) */
  .card-more {
    margin: 0.15rem 0 0;
  }
  .card-more summary {
    cursor: pointer;
    width: fit-content;
    min-height: 24px; /* a 24 x 24 px target at 375 px (tests/e2e/a11y.mjs) */
    line-height: 24px;
  }
  .card-more-body > p,
  .measure-defs p {
    margin: 0.3rem 0 0;
  }
  .figure {
    min-width: 0;
    margin-top: 0.9rem;
  }
`;
