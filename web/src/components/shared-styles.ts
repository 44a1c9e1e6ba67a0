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
`;
