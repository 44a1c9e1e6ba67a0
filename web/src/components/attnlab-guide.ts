// <attnlab-guide lesson="seq2seq|lstmn|transformer">: the guided path of a lesson. A few steps
// say what the student sees; then predict-then-reveal questions: the student picks an answer,
// and "Reveal" runs the question's sentence through the trained model (its own worker) and shows
// what the model did. It ends with the caveat that attention weights are not an explanation.

import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { EngineClient } from '../engine/engine';
import {
  GUIDES,
  type Answer,
  type DrawQuestion,
  type Guide,
  type Lesson,
  type Question,
} from '../lessons/shared/guides';
import { PAIR_GUIDES, pairGuideKey } from '../lessons/shared/guides-pairs';
import { parsePair } from '../lessons/shared/models';
import { drawStyles, renderDrawQuestion, type DrawReveal } from './guide-draw';
import { defaultModelBase } from '../engine/model-base';
import { fetchModelFolder } from '../engine/model-folder';
import { LocaleController, t } from '../i18n';

type Reveal =
  { status: 'running' } | { status: 'done'; answer: Answer } | { status: 'failed'; error: string };

export class GuideElement extends LitElement {
  static override properties = {
    lesson: { type: String },
    pair: { type: String },
    guesses: { state: true },
    reveals: { state: true },
    drawn: { state: true },
    drawReveals: { state: true },
  };
  /** The rows the student drew, per draw question id (0..100 per word). */
  declare drawn: Record<string, number[]>;
  declare drawReveals: Record<string, DrawReveal>;

  declare lesson: Lesson;
  /** Lesson 1's language pair (issue 19): en-zh and zh-en have tours of their own; else English -> French. */
  declare pair: string | null | undefined;

  /** The tour shown: the lesson's, or lesson 1's for its pair. */
  private get tour(): { key: string; guide: Guide | undefined } {
    const pairKey = this.lesson === 'seq2seq' ? pairGuideKey(parsePair(this.pair)) : null;
    return pairKey
      ? { key: pairKey, guide: PAIR_GUIDES[pairKey] }
      : { key: this.lesson, guide: GUIDES[this.lesson] };
  }
  /** The student's pick per question id. */
  declare guesses: Record<string, string>;
  declare reveals: Record<string, Reveal>;

  private readonly engines = new Map<
    string,
    Promise<{ engine: EngineClient; config: Record<string, unknown> }>
  >();

  constructor() {
    super();
    new LocaleController(this);
    this.lesson = 'seq2seq';
    this.guesses = {};
    this.reveals = {};
    this.drawn = {};
    this.drawReveals = {};
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const pending of this.engines.values())
      void pending.then(
        ({ engine }) => engine.dispose(),
        () => undefined,
      );
    this.engines.clear();
  }

  /** One worker per model folder, started on the first reveal that needs it. */
  private engineFor(model: string): Promise<{ engine: EngineClient; config: Record<string, unknown> }> {
    let pending = this.engines.get(model);
    if (!pending) {
      pending = (async () => {
        const [folder, engine] = await Promise.all([
          fetchModelFolder(defaultModelBase(), model),
          EngineClient.create(),
        ]);
        await engine.load(folder.config, folder.weights, folder.card);
        return { engine, config: JSON.parse(folder.config) as Record<string, unknown> };
      })();
      pending.catch(() => this.engines.delete(model));
      this.engines.set(model, pending);
    }
    return pending;
  }

  private async reveal(q: Question): Promise<void> {
    this.reveals = { ...this.reveals, [q.id]: { status: 'running' } };
    try {
      const { engine, config } = await this.engineFor(q.model);
      const record = await engine.forward(q.text);
      this.reveals = { ...this.reveals, [q.id]: { status: 'done', answer: q.answer(record, config) } };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.reveals = { ...this.reveals, [q.id]: { status: 'failed', error: message } };
    }
  }

  private async revealDrawn(q: DrawQuestion): Promise<void> {
    this.drawReveals = { ...this.drawReveals, [q.id]: { status: 'running' } };
    try {
      const { engine } = await this.engineFor(q.model);
      const row = q.row(await engine.forward(q.text));
      if (!row || row.length !== q.keys.length)
        throw new Error(`the model's row has ${row?.length ?? 0} words, the question ${q.keys.length}`);
      this.drawReveals = { ...this.drawReveals, [q.id]: { status: 'done', row } };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.drawReveals = { ...this.drawReveals, [q.id]: { status: 'failed', error: message } };
    }
  }

  /** Opens the tour and brings it into view with the keyboard on its summary. */
  async openTour(): Promise<void> {
    await this.updateComplete;
    const details = this.renderRoot.querySelector('details');
    if (!details) return;
    details.open = true;
    this.scrollIntoView({ block: 'start' });
    details.querySelector('summary')?.focus({ preventScroll: true });
  }

  private renderQuestion(q: Question, index: number): TemplateResult {
    const key = `guide.${this.tour.key}.questions.${q.id}`;
    const guess = this.guesses[q.id];
    const reveal = this.reveals[q.id];
    let result: TemplateResult | typeof nothing = nothing;
    if (reveal?.status === 'running')
      result = html`<p class="result" role="status">${t('guide.running')}</p>`;
    else if (reveal?.status === 'failed')
      result = html`<p class="result failed" role="alert">
        ${t('guide.failed', { message: reveal.error })}
      </p>`;
    else if (reveal?.status === 'done') {
      const a = reveal.answer;
      const verdict =
        a.choice === null
          ? t('guide.noneOfThese')
          : guess === a.choice
            ? t('guide.right')
            : t('guide.wrong', { guess: guess ?? '—' });
      result = html`<div class="result" role="status" data-answer=${a.choice ?? ''} data-found=${a.found}>
        <p>
          <strong>${t('guide.modelAnswer', { found: a.found || '—', value: a.value.toFixed(3) })}</strong>
          ${verdict}
        </p>
        <p>${t(`${key}.explain`, { found: a.found })}</p>
      </div>`;
    }
    return html`<li class="question" data-question=${q.id}>
      <p class="prompt">${t(`${key}.prompt`)}</p>
      <p class="sentence" lang=${/\p{Script=Han}/u.test(q.text) ? 'zh-CN' : 'en'}>“${q.text}”</p>
      <div class="choices" role="radiogroup" aria-label=${t('guide.yourGuess', { n: index + 1 })}>
        ${q.choices.map(
          (c) =>
            html`<button
              type="button"
              role="radio"
              aria-checked=${guess === c ? 'true' : 'false'}
              data-choice=${c}
              @click=${() => (this.guesses = { ...this.guesses, [q.id]: c })}
            >
              ${c}
            </button>`,
        )}
      </div>
      <button
        type="button"
        class="reveal"
        ?disabled=${!guess || reveal?.status === 'running'}
        @click=${() => void this.reveal(q)}
      >
        ${guess ? t('guide.reveal') : t('guide.pickFirst')}
      </button>
      ${result}
    </li>`;
  }

  override render(): TemplateResult {
    const { key: tourKey, guide } = this.tour;
    if (!guide) return html``;
    const base = `guide.${tourKey}`;
    return html`<details>
      <summary>${t('guide.title')}</summary>
      <ol class="steps">
        ${Array.from({ length: guide.steps }, (_, i) => html`<li>${t(`${base}.steps.${i + 1}`)}</li>`)}
      </ol>
      <h4>${t('guide.predictTitle')}</h4>
      <ol class="questions">
        ${guide.questions.map((q, i) => this.renderQuestion(q, i))}
        ${guide.draws.map((q) =>
          renderDrawQuestion(tourKey, q, {
            drawn: this.drawn[q.id] ?? q.keys.map(() => 0),
            reveal: this.drawReveals[q.id],
            set: (values) => {
              this.drawn = { ...this.drawn, [q.id]: values };
              // A changed drawing hides the old comparison until the next reveal.
              if (this.drawReveals[q.id])
                this.drawReveals = Object.fromEntries(
                  Object.entries(this.drawReveals).filter(([id]) => id !== q.id),
                );
            },
            reveal_: () => void this.revealDrawn(q),
          }),
        )}
      </ol>
      <p class="caveat" role="note"><strong>${t('guide.caveatTitle')}</strong> ${t('guide.caveat')}</p>
    </details>`;
  }

  static override styles = [
    drawStyles,
    css`
      :host {
        display: block;
        margin-top: 1rem;
        color: var(--attn-text, #1d2433);
        font-family: var(--attn-font, system-ui, sans-serif);
      }
      details {
        border: 1px solid var(--attn-border, #c9d3e3);
        border-radius: 10px;
        padding: 0.5rem 0.9rem;
        background: #fbfcfe;
      }
      summary {
        cursor: pointer;
        font-weight: 700;
        padding: 0.2rem 0;
      }
      summary:focus-visible,
      button:focus-visible {
        outline: 2px solid var(--attn-accent, #1f5fa8);
        outline-offset: 2px;
      }
      .steps li,
      .questions > li {
        margin: 0.35rem 0;
        line-height: 1.5;
      }
      h4 {
        margin: 0.9rem 0 0.2rem;
      }
      .prompt {
        margin: 0.2rem 0;
        font-weight: 600;
      }
      .sentence {
        margin: 0.1rem 0 0.4rem;
        font-style: italic;
        overflow-wrap: anywhere;
      }
      .choices {
        display: flex;
        flex-wrap: wrap;
        gap: 0.35rem;
      }
      button {
        font: inherit;
        font-size: 0.9rem;
        padding: 0.25rem 0.75rem;
        border: 1px solid #b8c4d6;
        border-radius: 999px;
        background: #fff;
        color: var(--attn-text, #1d2433);
        cursor: pointer;
      }
      button[aria-checked='true'] {
        background: var(--attn-accent, #1f5fa8);
        border-color: var(--attn-accent, #1f5fa8);
        color: #fff;
      }
      .reveal {
        margin-top: 0.5rem;
        border-radius: 6px;
        font-weight: 600;
      }
      .reveal:disabled {
        cursor: default;
        color: #4b5563;
        background: #f3f4f6;
      }
      .result {
        margin-top: 0.4rem;
        padding: 0.4rem 0.7rem;
        border-left: 4px solid var(--attn-accent, #1f5fa8);
        background: #eef3fa;
        border-radius: 4px;
      }
      .result p {
        margin: 0.2rem 0;
      }
      .result.failed {
        border-left-color: #b91c1c;
        background: #fef2f2;
      }
      .caveat {
        margin: 0.9rem 0 0.3rem;
        font-size: 0.9rem;
        color: #374151;
      }
    `,
  ];
}

customElements.define('attnlab-guide', GuideElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-guide': GuideElement;
  }
}
