// Where lesson 1's vocabulary panel (vocabulary.ts, a chunk of its own) plugs into the element:
// its code is asked for once, when the first model is ready, so the lesson's first view does not
// download it; until it has come (or if it never does) the lesson shows no panel and works as before.

import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Seq2SeqElement } from './element';
import { unknownWords } from './record-messages';
import { formatInteger, t } from '../../i18n';
import type { VocabularyView } from './vocabulary';

export class VocabularySlot {
  /** The panel, once its chunk has come. */
  view: VocabularyView | null = null;
  private asked = false;
  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {}

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

  /** Each unknown word's nearest known words and the list, for the lesson's model and sentence. */
  render(el: Seq2SeqElement): TemplateResult | typeof nothing {
    const view = this.view;
    if (!view) return nothing;
    return html`${el.record ? view.nearest(el, unknownWords(el.record)) : nothing} ${view.list(el)}`;
  }
}
