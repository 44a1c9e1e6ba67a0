// Lessons 2 and 3's vocabulary (issue 53, part 3): for each word the byte-level BPE cut into
// pieces, the nearest words it keeps whole (a click puts one in its place), and the list of the
// words it keeps whole (or, for a character model, the characters it knows), searchable. A chunk of
// its own, fetched by lm-vocabulary-slot.ts when a lesson's first model is ready: its code, its
// English strings and its styles stay out of the lessons' first views. What it needs of the page
// (the i18n functions, the tokenizer's tokens, the record's words) is handed in, since importing
// those modules here would make the bundler re-split the chunks the first views share.
// LmVocabularyView owns the panel's state (open, the search).

import { css, html, nothing, type CSSResult, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ForwardRecord } from '../../engine/records';
import type { addEnglish, formatInteger, t } from '../../i18n';
import { enLmVocab } from '../../i18n/en-lm-vocabulary';
import type { tokenVocabulary, wordGroups } from './lm';
import { nearestWords, replaceWord, searchVocabulary } from './vocabulary-search';

/** What the panel uses of the page, handed in by the slot. */
export interface LmVocabularyDeps {
  t: typeof t;
  formatInteger: typeof formatInteger;
  addEnglish: typeof addEnglish;
  tokenVocabulary: typeof tokenVocabulary;
  wordGroups: typeof wordGroups;
}

/** The words a tokenizer keeps whole: BPE tokens that are a space and a word; a character model's characters. */
export interface KnownWords {
  kind: 'words' | 'chars';
  words: string[];
  /** The same, for lookups. */
  set: Set<string>;
}

const WORD = /[\p{L}\p{N}]/u;

/** What `tokenizer` (a model config's "tokenizer") keeps whole, from its tokens (`tokens`: lm.ts tokenVocabulary). */
export function knownWords(tokenizer: unknown, tokens: readonly string[]): KnownWords {
  const kind = (tokenizer as { kind?: unknown } | null)?.kind === 'bpe' ? 'words' : 'chars';
  const words =
    kind === 'words'
      ? tokens.filter((w) => /^ [\p{L}\p{N}'’]+$/u.test(w) && WORD.test(w)).map((w) => w.slice(1))
      : tokens.filter((w) => WORD.test(w) && !/^<.*>$/.test(w));
  const unique = [...new Set(words)];
  return { kind, words: unique, set: new Set(unique) };
}

export class LmVocabularyView {
  open = false;
  query = '';
  private known = new WeakMap<object, KnownWords>();
  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly deps: LmVocabularyDeps,
  ) {
    deps.addEnglish({ lmVocab: enLmVocab });
    // Its styles join the lesson's own (Chromium, Firefox and Safari adopt constructed sheets).
    const root = host.shadowRoot;
    const sheet = (lmVocabularyStyles as CSSResult).styleSheet;
    if (root && sheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
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

  /** `text` with the split `word` replaced by `by` (null: not there as typed). */
  replace(text: string, word: string, by: string): string | null {
    return replaceWord(text, word, by);
  }

  /** The known words of a config's tokenizer, computed once per config. */
  wordsOf(config: Record<string, unknown>): KnownWords {
    let known = this.known.get(config);
    if (!known) {
      known = knownWords(config.tokenizer, this.deps.tokenVocabulary(config.tokenizer));
      this.known.set(config, known);
    }
    return known;
  }

  /**
   * Each word of `record` the tokenizer cut into pieces and the nearest words it keeps whole; a
   * word it keeps whole after a space (cut only at the start of the text) is left out.
   */
  nearest(
    config: Record<string, unknown>,
    record: ForwardRecord,
    replace: (word: string, by: string) => void,
  ): TemplateResult | typeof nothing {
    const known = this.wordsOf(config);
    if (known.kind !== 'words' || !known.words.length) return nothing;
    const { t } = this.deps;
    const split = this.deps
      .wordGroups(record)
      .filter((g) => g.pieces.filter((p) => record.tokens[p].trim() !== '').length > 1)
      .map((g) => g.label)
      .filter((w) => WORD.test(w) && !known.set.has(w));
    const words = [...new Set(split)].slice(0, 8);
    if (!words.length) return nothing;
    return html`<div class="nearest" role="group" aria-label=${t('lmVocab.nearestLabel')}>
      <span class="nearest-label">${t('lmVocab.nearestLabel')}</span>
      ${words.map((word) => {
        const near = nearestWords(word, known.words);
        return html`<span class="nearest-word" data-word=${word}>
          <span class="unknown-word"><bdi>${word}</bdi></span> →
          ${
            near.length
              ? near.map(
                  (by) =>
                    html`<button
                      type="button"
                      class="nearest-pick"
                      data-word=${by}
                      title=${t('lmVocab.nearestPick', { word, by })}
                      @click=${() => replace(word, by)}
                    >
                      ${by}
                    </button>`,
                )
              : html`<span class="nearest-none">${t('lmVocab.nearestNone')}</span>`
          }
        </span>`;
      })}
    </div>`;
  }

  /** The words the model keeps whole (or its characters), behind a summary with their number. */
  list(config: Record<string, unknown>): TemplateResult | typeof nothing {
    const known = this.wordsOf(config);
    if (!known.words.length) return nothing;
    const { t, formatInteger } = this.deps;
    const count = formatInteger(known.words.length);
    const shown = this.open ? searchVocabulary(known.words, this.query) : [];
    const query = this.query.trim();
    return html`<details class="vocabulary" ?open=${this.open} @toggle=${this.toggled}>
      <summary>
        ${t(known.kind === 'words' ? 'lmVocab.wordsSummary' : 'lmVocab.charsSummary', { count })}
      </summary>
      ${
        this.open
          ? html`${known.kind === 'words' ? html`<p class="vocabulary-note">${t('lmVocab.wordsNote')}</p>` : nothing}
              <label class="vocabulary-search"
                >${t('lmVocab.search')}
                <input type="search" .value=${this.query} @input=${this.searched} autocomplete="off" />
              </label>
              <p class="vocabulary-count" aria-live="polite" data-shown=${shown.length}>
                ${
                  query && !shown.length
                    ? t('lmVocab.none', { query })
                    : t('lmVocab.shown', { shown: formatInteger(shown.length), count })
                }
              </p>
              <ul
                class="vocabulary-list"
                lang=${known.kind === 'chars' ? 'zh' : 'en'}
                tabindex="0"
                aria-label=${t(known.kind === 'words' ? 'lmVocab.wordsSummary' : 'lmVocab.charsSummary', { count })}
              >
                ${shown.map((w) => html`<li><bdi>${w}</bdi></li>`)}
              </ul>`
          : nothing
      }
    </details>`;
  }
}

const lmVocabularyStyles = css`
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
