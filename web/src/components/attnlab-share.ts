// <attnlab-share lesson="seq2seq">: the app page's "Copy link" and "Copy embed code" buttons for one
// lesson. Each builds its text from what is on screen now (the lesson element's attributes and the
// page language, web/src/embed/), shows it in a read-only box and copies it to the clipboard; where
// the clipboard is refused (an insecure origin, a sandboxed frame) the box's text is selected so
// Ctrl+C copies it. The single-file build offers the link only (nothing lies beside it to embed).

import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { isSingleFile } from '../engine/assets';
import { appBaseUrl, readAppState, readLesson } from '../embed/app-state';
import { LESSONS, elementSnippet, formatAppState, iframeSnippet, type LessonKey } from '../embed/state';
import { LocaleController, currentLanguage, t } from '../i18n';

type Kind = 'link' | 'iframe' | 'element';
const BUTTON_KEYS: Record<Kind, string> = {
  link: 'embed.copyLink',
  iframe: 'embed.copyIframe',
  element: 'embed.copyElement',
};
const DONE_KEYS: Record<Kind, string> = {
  link: 'embed.copiedLink',
  iframe: 'embed.copiedIframe',
  element: 'embed.copiedElement',
};

export class ShareElement extends LitElement {
  static override properties = {
    lesson: { type: String },
    kind: { state: true },
    text: { state: true },
    copied: { state: true },
  };

  /** Which lesson of the page (a key of LESSONS). */
  declare lesson: string;
  /** The last text asked for, shown in the box; null: no box yet. */
  declare kind: Kind | null;
  declare text: string;
  /** Whether the clipboard took the text (false: the box is selected instead). */
  declare copied: boolean;

  constructor() {
    super();
    new LocaleController(this);
    this.lesson = 'seq2seq';
    this.kind = null;
    this.text = '';
    this.copied = false;
  }

  private get key(): LessonKey | null {
    return this.lesson in LESSONS ? (this.lesson as LessonKey) : null;
  }

  /** The text of `kind` for what the page shows now. */
  textOf(kind: Kind): string {
    const key = this.key;
    if (!key) return '';
    const base = appBaseUrl(location.href);
    const lang = currentLanguage();
    if (kind === 'link') {
      const url = new URL(base);
      url.search = formatAppState(readAppState(document, null));
      url.hash = `lesson-${key}`;
      return url.href;
    }
    const state = readLesson(document, key);
    if (kind === 'iframe') {
      const heading = document.getElementById(`lesson-${key}`)?.textContent?.trim() ?? key;
      return iframeSnippet(key, state, base, lang, t('embed.frameTitle', { lesson: heading }));
    }
    return elementSnippet(key, state, new URL('attnlab.js', base).href, lang);
  }

  private async copy(kind: Kind): Promise<void> {
    this.kind = kind;
    this.text = this.textOf(kind);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(this.text);
      this.copied = true;
    } catch {
      this.copied = false;
      await this.updateComplete;
      const box = this.renderRoot.querySelector<HTMLTextAreaElement>('textarea');
      box?.focus();
      box?.select();
    }
  }

  override render(): TemplateResult {
    // The single-file build has no attnlab.js or page beside it to embed: it offers the link only.
    const kinds: Kind[] = isSingleFile ? ['link'] : ['link', 'iframe', 'element'];
    const kind = this.kind;
    return html`<div class="bar" role="group" aria-label=${t('embed.shareLabel')}>
        ${kinds.map(
          (k) =>
            html`<button
                type="button"
                data-copy=${k}
                aria-describedby=${k === 'element' ? 'element-note' : nothing}
                @click=${() => void this.copy(k)}
              >
                ${t(BUTTON_KEYS[k])}
              </button>
              ${
                k === 'element'
                  ? html`<span class="element-note" id="element-note" data-key="element-note"
                      >${t('embed.elementNote')}</span
                    >`
                  : nothing
              }`,
        )}
      </div>
      <p class="status" role="status">
        ${kind ? (this.copied ? t(DONE_KEYS[kind]) : t('embed.copyFallback')) : nothing}
      </p>
      ${
        kind
          ? html`<label class="box">
              <span class="sr-only">${t('embed.snippetLabel')}</span>
              <textarea
                readonly
                rows=${kind === 'link' ? 2 : 3}
                spellcheck="false"
                data-kind=${kind}
                .value=${this.text}
                @focus=${(e: FocusEvent) => (e.target as HTMLTextAreaElement).select()}
              ></textarea>
            </label>`
          : nothing
      }`;
  }

  static override styles = css`
    :host {
      display: block;
      margin: 0 0 0.8rem;
      font-family: var(--attn-font, system-ui, sans-serif);
      color: var(--attn-text, #1d2433);
    }
    .bar {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.4rem;
    }
    .element-note {
      flex: 1 1 16rem;
      font-size: 0.8rem;
      color: var(--attn-muted, #5b6678);
    }
    button {
      font: inherit;
      font-size: 0.85rem;
      padding: 0.2rem 0.7rem;
      border: 1px solid #b8c4d6;
      border-radius: 999px;
      background: #fff;
      color: inherit;
      cursor: pointer;
    }
    button:hover {
      border-color: var(--attn-accent, #1f5fa8);
    }
    button:focus-visible,
    textarea:focus-visible {
      outline: 2px solid var(--attn-accent, #1f5fa8);
      outline-offset: 2px;
    }
    .status {
      margin: 0.3rem 0 0;
      font-size: 0.85rem;
      color: var(--attn-muted, #5b6678);
    }
    .status:empty {
      display: none;
    }
    textarea {
      box-sizing: border-box;
      display: block;
      width: 100%;
      margin-top: 0.3rem;
      padding: 0.4rem 0.6rem;
      border: 1px solid var(--attn-border, #c9d3e3);
      border-radius: 6px;
      font-family: ui-monospace, monospace;
      font-size: 0.8rem;
      background: #f4f7fb;
      color: inherit;
      resize: vertical;
    }
    .sr-only {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
  `;
}

customElements.define('attnlab-share', ShareElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-share': ShareElement;
  }
}
