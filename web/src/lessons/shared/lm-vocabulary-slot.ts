// Where lessons 2 and 3's vocabulary panel (lm-vocabulary.ts, a chunk of its own) plugs into their
// elements: asked for once, when the lesson's first model is ready, so no first view downloads it;
// until it has come (or if it never does) the lesson shows no panel and works as before.

import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ForwardRecord } from '../../engine/records';
import { addEnglish, formatInteger, t } from '../../i18n';
import { tokenVocabulary, wordGroups } from './lm';
import type { LmVocabularyView } from './lm-vocabulary';

/** What the panel reads of lesson 2's or 3's element. */
export interface LmLesson {
  readonly loaded: { info: { config: Record<string, unknown> } } | null;
  readonly record: ForwardRecord | null;
  readonly text: string;
  typeText(text: string): void;
}

export class LmVocabularySlot {
  /** The panel, once its chunk has come. */
  view: LmVocabularyView | null = null;
  private asked = false;
  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {}

  load(): void {
    if (this.asked) return;
    this.asked = true;
    void import('./lm-vocabulary')
      .then(({ LmVocabularyView }) => {
        this.view = new LmVocabularyView(this.host, {
          t,
          formatInteger,
          addEnglish,
          tokenVocabulary,
          wordGroups,
        });
        this.host.requestUpdate();
      })
      .catch(() => {
        this.asked = false; // not fetched (offline?): the next model ready asks again
      });
  }

  /** The split words' nearest whole words and the list, for `lesson`'s model and sentence. */
  render(lesson: LmLesson): TemplateResult | typeof nothing {
    const view = this.view;
    const config = lesson.loaded?.info.config;
    if (!view || !config) return nothing;
    const replace = (word: string, by: string): void => {
      const text = view.replace(lesson.text, word, by);
      if (text !== null) lesson.typeText(text);
    };
    return html`${lesson.record ? view.nearest(config, lesson.record, replace) : nothing} ${view.list(config)}`;
  }
}
