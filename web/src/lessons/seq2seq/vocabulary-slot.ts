// Where lesson 1's vocabulary panel (vocabulary.ts, a chunk of its own) plugs into the element:
// its code is asked for once, when the first model is ready, so the lesson's first view does not
// download it; until it has come (or if it never does) the lesson shows no panel and works as before.

import type { ReactiveControllerHost } from 'lit';
import { formatInteger, t } from '../../i18n';
import type { VocabularyView } from './vocabulary';

export class VocabularySlot {
  /** The panel, once its chunk has come. */
  view: VocabularyView | null = null;
  private asked = false;
  constructor(private readonly host: ReactiveControllerHost) {}

  load(): void {
    if (this.asked) return;
    this.asked = true;
    void import('./vocabulary')
      .then(({ VocabularyView }) => {
        this.view = new VocabularyView(this.host, { t, formatInteger });
        this.host.requestUpdate();
      })
      .catch(() => {
        this.asked = false; // not fetched (offline?): the next model ready asks again
      });
  }
}
