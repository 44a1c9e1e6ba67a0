// Lessons 2 and 3's vocabulary (issue 53, part 3): for each word the byte-level BPE cut into
// pieces, the nearest pieces that start a word (a word typed as one stays whole; a click puts one
// in its place), and the list of those pieces (or, for a character model, its characters),
// searchable. Many such pieces only begin longer words (" con"): the panel says so. A chunk of
// its own, fetched by lm-vocabulary-slot.ts when a lesson's first model is ready: its code, its
// English strings and its styles stay out of lessons 2 and 3's first views. What it needs of the page
// (the i18n functions, the tokenizer's tokens, the record's words) is handed in, since importing
// those modules here would make the bundler re-split the chunks the first views share.
// LmVocabularyView owns the panel's state (open, the search: vocabulary-panel.ts).

import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ForwardRecord } from '../../engine/records';
import type { addEnglish, formatInteger, t } from '../../i18n';
import { enLmVocab } from '../../i18n/en-lm-vocabulary';
import type { tokenVocabulary, wordGroups } from './lm';
import { nearestWords, replaceWord, searchVocabulary } from './vocabulary-search';
import { VocabularyPanel } from './vocabulary-panel';

/** What the panel uses of the page, handed in by the slot. */
export interface LmVocabularyDeps {
  t: typeof t;
  formatInteger: typeof formatInteger;
  addEnglish: typeof addEnglish;
  tokenVocabulary: typeof tokenVocabulary;
  wordGroups: typeof wordGroups;
}

/** What a tokenizer keeps as one piece: BPE tokens that are a space and letters; a character model's characters. */
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

export class LmVocabularyView extends VocabularyPanel {
  private known = new WeakMap<object, KnownWords>();
  constructor(
    host: ReactiveControllerHost & HTMLElement,
    private readonly deps: LmVocabularyDeps,
  ) {
    super(host);
    deps.addEnglish({ lmVocab: enLmVocab });
  }

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
