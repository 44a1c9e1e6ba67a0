// <attnlab-first-view>: the first thing the app page shows. One sentence read by the three lessons'
// trained models (first-view-model.ts), a small map each, linking to its lesson. The models run one
// after another in a single worker, which is disposed once the three maps are in: the figure is
// fixed, so nothing is kept running for it. Used by the app page only (not part of attnlab.js).

import { LitElement, css, html, type TemplateResult } from 'lit';
import { EngineClient } from '../engine/engine';
import { fetchModelFolder } from '../engine/model-folder';
import { defaultModelBase } from '../engine/model-base';
import type { AttentionMap, ForwardRecord } from '../engine/records';
import { servedFolders } from '../lessons/shared/load-model';
import { failedLoad } from '../lessons/shared/model-set';
import { loadingBox } from '../lessons/shared/placeholders';
import { fetchAsset } from '../engine/assets';
import { LESSONS } from '../embed/state';
import { LocaleController, formatInteger, t } from '../i18n';
import { isolate } from '../i18n/bidi';
import { placeholderBox } from './shared-styles';
import {
  FIRST_CARDS,
  FIRST_SENTENCE,
  previousTokenRows,
  rowsLookingAhead,
  type FirstCard,
} from './first-view-model';
import '../figures/attention-map';
import { firstFigureDone, startWhenConnected } from './start-when-connected';

type CardState =
  | { status: 'loading'; received?: number; total?: number | null }
  | { status: 'missing' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; record: ForwardRecord; map: AttentionMap | null };

const LESSON_NUMBER = { seq2seq: 1, lstmn: 2, transformer: 3 } as const;

export class FirstViewElement extends LitElement {
  static override properties = { states: { state: true } };

  declare states: CardState[];
  private engine: EngineClient | null = null;
  private started = false;

  constructor() {
    super();
    new LocaleController(this);
    this.states = FIRST_CARDS.map(() => ({ status: 'loading' }));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    startWhenConnected(this, () => {
      if (this.started) return;
      this.started = true;
      void this.run();
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.engine?.dispose();
    this.engine = null;
    firstFigureDone();
  }

  private set(index: number, state: CardState): void {
    this.states = this.states.map((s, i) => (i === index ? state : s));
    if (index === 0 && state.status !== 'loading') void this.firstMapDrawn().then(firstFigureDone);
  }

  /** Resolves once the first card's map has drawn its cells (or at once when it has no map). */
  private async firstMapDrawn(): Promise<void> {
    await this.updateComplete;
    const map = this.renderRoot.querySelector('attnlab-attention-map');
    // The map draws once it knows its width; a timer, not a frame, so a hidden tab goes on too.
    for (let i = 0; map && i < 60 && !map.shadowRoot?.querySelector('rect[data-weight]'); i++)
      await new Promise((resolve) => setTimeout(resolve, 16));
  }

  /** Loads each lesson's model in turn into one worker and reads the sentence with it. */
  private async run(): Promise<void> {
    const served = await servedFolders();
    const base = defaultModelBase();
    // One folder after another, so the first card's model has the whole network to itself (on slow
    // 3G the three together took three times as long); the worker loads each as the next arrives.
    let previous: Promise<unknown> = Promise.resolve();
    const folders = FIRST_CARDS.map((card, i) => {
      if (!served.includes(card.model.folder)) return null;
      const fetchOne = () =>
        fetchModelFolder(base, card.model.folder, fetchAsset, (received, total) => {
          if (this.states[i].status === 'loading') this.set(i, { status: 'loading', received, total });
        });
      const folder = previous.then(fetchOne, fetchOne);
      previous = folder;
      return folder;
    });
    for (const folder of folders) folder?.catch(() => undefined); // reported below, in order
    try {
      this.engine = await EngineClient.create();
    } catch (error) {
      this.states = FIRST_CARDS.map(() => failedLoad(error));
      firstFigureDone();
      return;
    }
    for (const [i, card] of FIRST_CARDS.entries()) {
      const engine = this.engine;
      if (!engine) return; // left the page
      const pending = folders[i];
      if (!pending) {
        this.set(i, { status: 'missing' });
        continue;
      }
      try {
        const folder = await pending;
        await engine.load(folder.config, folder.weights, folder.card);
        const record = await engine.forward(FIRST_SENTENCE);
        this.set(i, { status: 'ready', record, map: card.slice(record) });
      } catch (error) {
        this.set(i, failedLoad(error));
      }
    }
    this.engine?.dispose();
    this.engine = null;
  }

  /** Following a card's link shows the same sentence (and head) in the lesson. */
  private openLesson(card: FirstCard): void {
    const lesson = document.querySelector(LESSONS[card.lesson].tag);
    if (!lesson) return;
    lesson.setAttribute('sentence', FIRST_SENTENCE);
    if (card.lesson === 'transformer') {
      lesson.setAttribute('layer', String(card.layer + 1));
      lesson.setAttribute('head', String(card.head + 1));
    }
  }

  private note(card: FirstCard, state: Extract<CardState, { status: 'ready' }>): string {
    const map = state.map;
    if (!map) return '';
    if (card.lesson === 'seq2seq')
      return t('first.seq2seqNote', { translation: isolate(state.record.outputTokens.join(' ')) });
    if (card.lesson === 'lstmn')
      return rowsLookingAhead(map) === 0 ? t('first.lstmnNote', { words: formatInteger(map.rows) }) : '';
    return t('first.transformerNote', {
      layer: card.layer + 1,
      head: card.head + 1,
      count: formatInteger(previousTokenRows(map)),
      rows: formatInteger(map.rows - 1),
    });
  }

  private renderCard(card: FirstCard, state: CardState): TemplateResult {
    const n = LESSON_NUMBER[card.lesson];
    let body: TemplateResult;
    if (state.status === 'loading')
      body = loadingBox(t('first.loading'), state.received, state.total ?? null);
    else if (state.status === 'missing')
      body = html`<div class="placeholder failed" role="status">${t('first.missing')}</div>`;
    else if (state.status === 'failed')
      body = html`<div class="placeholder failed" role="alert">
        ${t('first.failed', { message: state.error })}
      </div>`;
    else
      body = html`<attnlab-attention-map
          .map=${state.map}
          .compact=${true}
          .exportTitle=${card.title()}
          .exportText=${FIRST_SENTENCE}
          .rowsAxis=${t(`first.${card.lesson}Rows`)}
          .colsAxis=${t(`first.${card.lesson}Cols`)}
        ></attnlab-attention-map>
        <p class="note">${this.note(card, state)}</p>`;
    return html`<article
      class="card"
      data-lesson=${card.lesson}
      data-model=${card.model.folder}
      data-status=${state.status}
      aria-labelledby="first-${card.lesson}"
    >
      <h3 id="first-${card.lesson}">${t(`first.${card.lesson}Title`)}</h3>
      <p class="model">${t('first.trained', { model: t(card.name) })}</p>
      ${body}
      <a
        class="open"
        href="#lesson-${card.lesson}"
        data-lesson=${card.lesson}
        @click=${() => this.openLesson(card)}
        >${t('first.open', { n })}</a
      >
    </article>`;
  }

  override render(): TemplateResult {
    return html`
      <h2 id="first-heading">${t('first.heading')}</h2>
      <p class="sentence">${t('first.sentenceLabel')} <q lang="en">${FIRST_SENTENCE}</q></p>
      <div class="cards">${FIRST_CARDS.map((card, i) => this.renderCard(card, this.states[i]))}</div>
    `;
  }

  static override styles = [
    placeholderBox,
    css`
      :host {
        display: block;
        margin: 0 0 1.5rem;
      }
      h2 {
        margin: 0 0 0.3rem;
        font-size: 1.35rem;
        line-height: 1.3;
      }
      .sentence {
        margin: 0 0 0.8rem;
      }
      q {
        font-weight: 600;
      }
      /* Lesson 3's map has a column per token (about twice as many as words): its card is wider. */
      .cards {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 1rem;
      }
      @media (min-width: 600px) {
        .cards {
          grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
        }
        .card[data-lesson='transformer'] {
          grid-column: 1 / -1;
        }
      }
      @media (min-width: 960px) {
        .cards {
          grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.4fr);
        }
        .card[data-lesson='transformer'] {
          grid-column: auto;
        }
      }
      .card {
        min-width: 0;
        display: flex;
        flex-direction: column;
        padding: 0.75rem;
        border: 1px solid var(--attn-border, #d0d7e2);
        border-radius: 8px;
        background: #fff;
      }
      h3 {
        margin: 0;
        font-size: 1.05rem;
      }
      .model,
      .note {
        margin: 0.2rem 0 0.5rem;
        font-size: 0.92rem;
        color: var(--attn-muted, #5b6678);
      }
      .note {
        margin-top: 0.4rem;
      }
      .open {
        display: inline-block;
        margin-top: auto;
        padding: 0.35rem 0;
        font-weight: 600;
        color: var(--attn-accent, #1f5fa8);
      }
    `,
  ];
}

customElements.define('attnlab-first-view', FirstViewElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-first-view': FirstViewElement;
  }
}
