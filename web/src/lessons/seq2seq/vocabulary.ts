// Lesson 1's vocabulary (issue 53, part 3): for each word of the sentence the model does not
// know, the known words nearest to it (a click puts one in its place), and the list of every word
// the model reads, searchable, in the language it reads. A chunk of its own, fetched by
// vocabulary-slot.ts once a model is loaded, so the lesson's first view does not download it.
// VocabularyView holds the panel's state (shared/vocabulary-panel.ts, which adds its styles); the
// words are the loaded model's (parts.ts LoadedModel.vocabulary); the searching is
// shared/vocabulary-search.ts. It imports nothing of the lesson's own (its strings
// load with the element), so the bundler splits no lesson module into a chunk for it.

import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { formatInteger, t } from '../../i18n';

/**
 * The i18n functions, handed in by the element's slot (vocabulary-slot.ts): a static import here
 * would change how the bundler splits the lessons' shared chunks (every first view grew 0.2-0.5 KB).
 */
export interface Say {
  t: typeof t;
  formatInteger: typeof formatInteger;
}
import { nearestWords, replaceWord, searchVocabulary } from '../shared/vocabulary-search';
import { VocabularyPanel } from '../shared/vocabulary-panel';
import type { Seq2SeqElement } from './element';

/** The panel: whether the list is open, what was typed into its search box, and its drawing. */
export class VocabularyView extends VocabularyPanel {
  constructor(
    host: ReactiveControllerHost & HTMLElement,
    private readonly say: Say,
  ) {
    super(host);
  }
  /** `unknown`: the sentence's words the model read as <unk> (record-messages.ts unknownWords). */
  nearest(el: Seq2SeqElement, unknown: readonly string[]): TemplateResult | typeof nothing {
    return renderNearest(el, unknown, this.say);
  }
  list(el: Seq2SeqElement): TemplateResult | typeof nothing {
    return renderVocabulary(el, this, this.say);
  }
}

/** The known word `by` in place of the unknown `word`, read as if typed. */
function putInPlace(el: Seq2SeqElement, word: string, by: string): void {
  const text = replaceWord(el.text, word, by);
  if (text !== null) el.typeText(text);
}

/** "pizza → none close", "cats → cat car": each unknown word of `record` and its nearest known words. */
function renderNearest(
  el: Seq2SeqElement,
  words: readonly string[],
  { t }: Say,
): TemplateResult | typeof nothing {
  const vocabulary = el.model?.vocabulary ?? [];
  const unknown = words.filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (!vocabulary.length || !unknown.length) return nothing;
  const lang = el.model?.readsChinese ? 'zh' : 'en';
  return html`<div class="nearest" role="group" aria-label=${t('seq2seq.nearestLabel')}>
    <span class="nearest-label">${t('seq2seq.nearestLabel')}</span>
    ${unknown.map((word) => {
      const near = nearestWords(word, vocabulary);
      return html`<span class="nearest-word" data-word=${word} lang=${lang}>
        <span class="unknown-word">${word}</span> →
        ${
          near.length
            ? near.map(
                (by) =>
                  html`<button
                    type="button"
                    class="nearest-pick"
                    data-word=${by}
                    title=${t('seq2seq.nearestPick', { word, by })}
                    @click=${() => putInPlace(el, word, by)}
                  >
                    ${by}
                  </button>`,
              )
            : html`<span class="nearest-none">${t('seq2seq.nearestNone')}</span>`
        }
      </span>`;
    })}
  </div>`;
}

/** The words the model reads, behind a summary with their number; searched as the student types. */
function renderVocabulary(
  el: Seq2SeqElement,
  panel: VocabularyView,
  { t, formatInteger }: Say,
): TemplateResult | typeof nothing {
  const model = el.model;
  if (!model || !model.vocabulary.length) return nothing;
  const all = searchVocabulary(model.vocabulary, '');
  const count = formatInteger(all.length);
  const shown = panel.open ? searchVocabulary(model.vocabulary, panel.query) : [];
  const query = panel.query.trim();
  return html`<details class="vocabulary" ?open=${panel.open} @toggle=${panel.toggled}>
    <summary>${t(model.readsChinese ? 'seq2seq.vocabularyZh' : 'seq2seq.vocabularyEn', { count })}</summary>
    ${
      panel.open
        ? html`<label class="vocabulary-search"
              >${t('seq2seq.vocabularySearch')}
              <input type="search" .value=${panel.query} @input=${panel.searched} autocomplete="off" />
            </label>
            <p class="vocabulary-count" aria-live="polite" data-shown=${shown.length}>
              ${
                query && !shown.length
                  ? t('seq2seq.vocabularyNone', { query })
                  : t('seq2seq.vocabularyShown', { shown: formatInteger(shown.length), count })
              }
            </p>
            <ul
              class="vocabulary-list"
              lang=${model.readsChinese ? 'zh' : 'en'}
              tabindex="0"
              aria-label=${t(model.readsChinese ? 'seq2seq.vocabularyZh' : 'seq2seq.vocabularyEn', { count })}
            >
              ${shown.map((w) => html`<li>${w}</li>`)}
            </ul>`
        : nothing
    }
  </details>`;
}
