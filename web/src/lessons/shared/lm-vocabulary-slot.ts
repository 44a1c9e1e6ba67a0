// Where lessons 2 and 3's vocabulary panel (lm-vocabulary.ts, a chunk of its own) plugs into their
// elements: asked for once, when the lesson's first model is ready, so no first view downloads it;
// until it has come (or if it never does) the lesson shows no panel and works as before.

import type { ReactiveControllerHost } from 'lit';
import { addEnglish, formatInteger, t } from '../../i18n';
import { tokenVocabulary, wordGroups } from './lm';
import type { LmVocabularyView } from './lm-vocabulary';

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
}
