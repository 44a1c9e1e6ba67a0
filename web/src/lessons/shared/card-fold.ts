// The model card above every lesson's figure (issue 52 B1): one line (the model, its accuracy, its
// size) and a closed "More about this model" holding everything else the card says (how it was
// trained, its 8-bit and 4-bit weights, seeds, targets, what its measures are). The lesson keeps
// whether the student opened it, so it stays open when the card is drawn again for another model.

import { html, type TemplateResult } from 'lit';
import { t } from '../../i18n';

/** The lesson that shows the card: whether its "More about this model" is open (LessonElement). */
export interface CardFoldHost {
  cardMoreOpen?: boolean;
}

export function renderCardMore(host: CardFoldHost, body: unknown): TemplateResult {
  return html`<details
    class="card-more"
    ?open=${host.cardMoreOpen === true}
    @toggle=${(e: Event) => {
      host.cardMoreOpen = (e.currentTarget as HTMLDetailsElement).open;
    }}
  >
    <summary>${t('cards.more')}</summary>
    <div class="card-more-body">${body}</div>
  </details>`;
}
