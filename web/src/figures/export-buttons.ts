// <attnlab-export-buttons>: the "Download PNG SVG ..." row under a figure. Each button names the
// figure in its label and fires `attnlab-export` with its format; the figure's own element makes
// the file (with web/src/figures/export.ts), so this row knows nothing of what it saves.

import { LitElement, css, html, type TemplateResult } from 'lit';
import { LocaleController, t } from '../i18n';

export type ExportFormat = 'png' | 'svg' | 'csv' | 'json';

/** The event the buttons fire: `detail` is the chosen format. */
export type ExportEvent = CustomEvent<ExportFormat>;

export class ExportButtonsElement extends LitElement {
  static override properties = {
    figure: { attribute: false },
    formats: { attribute: false },
  };

  /** What is downloaded, as the buttons' labels name it ("the recall chart"). */
  declare figure: string;
  /** The buttons, in order. */
  declare formats: readonly ExportFormat[];

  constructor() {
    super();
    this.figure = '';
    this.formats = ['png', 'svg'];
    new LocaleController(this);
  }

  override render(): TemplateResult {
    const figure = this.figure;
    return html`<div class="export" role="group" aria-label=${t('export.group', { figure })}>
      <span class="export-label" aria-hidden="true">${t('export.label')}</span>
      ${this.formats.map((format) => {
        const name = format.toUpperCase();
        return html`<button
          type="button"
          data-format=${format}
          aria-label=${t('export.as', { figure, format: name })}
          @click=${() => this.dispatchEvent(new CustomEvent('attnlab-export', { detail: format }))}
        >
          ${name}
        </button>`;
      })}
    </div>`;
  }

  static override styles = css`
    :host {
      display: block;
      margin-top: 0.35rem;
    }
    .export {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.3rem;
      font-size: 0.8rem;
      color: var(--attn-muted, #5b6678);
    }
    button {
      font: inherit;
      min-height: 1.6rem;
      padding: 0.1rem 0.55rem;
      border: 1px solid #b8c4d6;
      border-radius: 4px;
      background: #fff;
      color: var(--attn-text, #1d2433);
      cursor: pointer;
    }
    button:hover {
      border-color: var(--attn-accent, #1f5fa8);
    }
    button:focus-visible {
      outline: 2px solid var(--attn-accent, #1f5fa8);
      outline-offset: 2px;
    }
  `;
}

customElements.define('attnlab-export-buttons', ExportButtonsElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-export-buttons': ExportButtonsElement;
  }
}
