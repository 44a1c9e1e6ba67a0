// <attnlab-seq2seq>: the Seq2Seq lesson. The student types English; a trained SimpleRNN
// encoder-decoder with attention (models/seq2seq-*) translates it into French in a worker, and the
// decoder x encoder weight map shows which English words each French word was written from.
// UI state (text, variant, last record, messages) lives here; each model runs behind its own
// EngineClient, and the view is re-drawn from that state alone.

import { LitElement, css, html, nothing, unsafeCSS, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import katex from 'katex';
import katexCss from 'katex/dist/katex.min.css?inline';
import { EngineClient } from '../engine/engine';
import { LatestForward } from '../engine/latest-forward';
import { fetchManifest, fetchModelFolder, summarizeCard, type CardSummary } from '../engine/model-folder';
import { END_TOKEN, clipText, hasWords, type ForwardRecord, type ModelInfo } from '../engine/records';
import { LocaleController, formatInteger, formatPercent, t } from '../i18n';
import { placeholderBox, lessonBase, pills, srOnly } from './shared-styles';
import './attention-map';

export const DEFAULT_SEQ2SEQ_SENTENCE = 'the european economic area does not see the red car .';
/** Longer input is cut to this many characters (code points) before it reaches the engine. */
export const SEQ2SEQ_MAX_CHARS = 600;
/** Source words this lesson translates; the model was trained on sentences of 3 to about 40. */
export const SEQ2SEQ_MAX_TOKENS = 50;

export type Variant = 'additive' | 'dot';
const FOLDERS: Record<Variant, string> = { additive: 'seq2seq-additive', dot: 'seq2seq-dot' };

/** The formulas of the cost panel: constants, typeset once. */
const COST_WITHOUT = String.raw`O(m + t)`;
const COST_WITH = String.raw`O(m\,t)`;
const typeset = (tex: string) =>
  katex.renderToString(tex, { throwOnError: false, output: 'htmlAndMathml', displayMode: false });

interface Message {
  kind: 'info' | 'warning' | 'error';
  key: string; // stable name, so tests and styles can find a message
  text: string;
}

/** One trained model and the worker that runs it. */
interface LoadedModel {
  engine: EngineClient;
  info: ModelInfo;
  card: CardSummary;
  vocabularySize: number;
  maxOutputLen: number;
}

type LoadState =
  { status: 'loading' } | { status: 'ready'; model: LoadedModel } | { status: 'failed'; error: string };

export class Seq2SeqElement extends LitElement {
  static override properties = {
    sentence: { type: String },
    text: { state: true },
    variant: { state: true },
    available: { state: true },
    loads: { state: true },
    record: { state: true },
    runError: { state: true },
    busy: { state: true },
  };

  /** The initial sentence (attribute `sentence`). */
  declare sentence: string;
  declare text: string;
  declare variant: Variant;
  /** Variants whose model folder the page serves (models/index.json). */
  declare available: Variant[];
  declare loads: Partial<Record<Variant, LoadState>>;
  declare record: ForwardRecord | null;
  declare runError: string | null;
  /** A forward for the current text is still on its way (aria-busy on the figure). */
  declare busy: boolean;

  private readonly forwards = new LatestForward(this);
  private textTouched = false;

  constructor() {
    super();
    new LocaleController(this);
    this.sentence = DEFAULT_SEQ2SEQ_SENTENCE;
    this.text = DEFAULT_SEQ2SEQ_SENTENCE;
    this.variant = 'additive';
    this.available = [];
    this.loads = {};
    this.record = null;
    this.runError = null;
    this.busy = false;
  }

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    // The attribute sets the starting text until the student types.
    if (changed.has('sentence') && !this.textTouched) this.text = this.sentence ?? '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const load of Object.values(this.loads)) if (load?.status === 'ready') load.model.engine.dispose();
    this.loads = {};
  }

  private async start(): Promise<void> {
    const manifest = await fetchManifest(document.baseURI);
    const available = (Object.keys(FOLDERS) as Variant[]).filter((v) => manifest.models.includes(FOLDERS[v]));
    // Without a manifest the additive model is still tried, so a missing model says so.
    this.available = available.length ? available : ['additive'];
    if (!this.available.includes(this.variant)) this.variant = this.available[0];
    await this.ensureLoaded(this.variant);
  }

  private async ensureLoaded(variant: Variant): Promise<void> {
    if (this.loads[variant] && this.loads[variant]?.status !== 'failed') return;
    this.loads = { ...this.loads, [variant]: { status: 'loading' } };
    let engine: EngineClient | null = null;
    try {
      const [folder, client] = await Promise.all([
        fetchModelFolder(document.baseURI, FOLDERS[variant]),
        EngineClient.create(),
      ]);
      engine = client;
      await engine.load(folder.config, folder.weights, folder.card);
      const info = await engine.info();
      if (!this.isConnected) {
        engine.dispose();
        return;
      }
      const tokenizer = (info.config.tokenizer ?? {}) as { vocab?: unknown };
      const model: LoadedModel = {
        engine,
        info,
        card: summarizeCard(info.card),
        vocabularySize: Array.isArray(tokenizer.vocab) ? tokenizer.vocab.length : 0,
        maxOutputLen: Number(info.config.max_output_len ?? 0),
      };
      this.loads = { ...this.loads, [variant]: { status: 'ready', model } };
      if (variant === this.variant) this.compute();
    } catch (error) {
      engine?.dispose();
      const message = error instanceof Error ? error.message : String(error);
      this.loads = { ...this.loads, [variant]: { status: 'failed', error: message } };
    }
  }

  private get current(): LoadState | undefined {
    return this.loads[this.variant];
  }

  private get model(): LoadedModel | null {
    const load = this.current;
    return load?.status === 'ready' ? load.model : null;
  }

  private onInput(event: Event): void {
    this.textTouched = true;
    this.text = (event.target as HTMLTextAreaElement).value;
    this.compute();
  }

  private chooseVariant(variant: Variant): void {
    if (variant === this.variant) return;
    this.variant = variant;
    this.record = null;
    this.runError = null;
    if (this.model) this.compute();
    else void this.ensureLoaded(variant);
  }

  private onVariantKey(event: KeyboardEvent): void {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const count = this.available.length;
    if (!step || count < 2) return;
    event.preventDefault();
    const index = this.available.indexOf(this.variant);
    this.chooseVariant(this.available[(index + step + count) % count]);
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>('.variants [aria-checked="true"]')?.focus(),
    );
  }

  /** What the text box holds, as the engine will see it (cut to the character limit). */
  private input(): string {
    return clipText(this.text, SEQ2SEQ_MAX_CHARS).text;
  }

  /** Asks the engine for the current text (latest wins, see LatestForward). */
  private compute(): void {
    const input = this.input();
    if (!hasWords(input)) return this.forwards.clear(); // empty or punctuation only: a message, no engine call
    const variant = this.variant;
    this.forwards.run(this.model?.engine, input, () => variant === this.variant);
  }

  /** The record, if it answers the current text and is short enough to show. */
  private shownRecord(): ForwardRecord | null {
    const record = this.record;
    if (!record || !hasWords(this.input())) return null;
    if (record.tokens.length > SEQ2SEQ_MAX_TOKENS) return null;
    if (record.tokens.length > 0 && record.unknown.every(Boolean)) return null;
    return record;
  }

  private unknownWords(record: ForwardRecord): string[] {
    const words = record.tokens.filter((_, i) => record.unknown[i]);
    return [...new Set(words)];
  }

  private messages(): Message[] {
    const out: Message[] = [];
    const load = this.current;
    if (load?.status === 'failed') return out; // said in the figure's place
    const clipped = clipText(this.text, SEQ2SEQ_MAX_CHARS);
    if (clipped.clipped) {
      out.push({
        kind: 'warning',
        key: 'chars',
        text: t('seq2seq.tooManyChars', {
          length: formatInteger(clipped.length),
          limit: formatInteger(SEQ2SEQ_MAX_CHARS),
        }),
      });
    }
    // Empty text and punctuation only are said in the figure's place (renderFigure).
    if (!hasWords(this.text)) return out;
    if (this.runError) {
      out.push({ kind: 'error', key: 'engine', text: t('seq2seq.engineError', { message: this.runError }) });
      return out;
    }
    const record = this.record;
    const size = formatInteger(this.model?.vocabularySize ?? 0);
    if (!record) return out;
    if (record.tokens.length > SEQ2SEQ_MAX_TOKENS) {
      out.push({
        kind: 'warning',
        key: 'too-long',
        text: t('seq2seq.tooLong', {
          tokens: formatInteger(record.tokens.length),
          max: formatInteger(SEQ2SEQ_MAX_TOKENS),
        }),
      });
      return out;
    }
    const unknown = this.unknownWords(record);
    if (unknown.length && unknown.length === new Set(record.tokens).size && record.unknown.every(Boolean)) {
      out.push({ kind: 'warning', key: 'unknown', text: t('seq2seq.allUnknown', { size }) });
      return out;
    }
    if (unknown.length) {
      out.push({
        kind: 'warning',
        key: 'unknown',
        text: t('seq2seq.unknown', {
          count: unknown.length,
          words: unknown.map((w) => `“${w}”`).join(', '),
          size,
        }),
      });
    }
    const map = record.maps[0];
    if (map && map.rows > 0 && map.rowLabels[map.rows - 1] !== END_TOKEN) {
      out.push({
        kind: 'warning',
        key: 'no-eos',
        text: t('seq2seq.noEos', { max: formatInteger(this.model?.maxOutputLen || map.rows) }),
      });
    }
    return out;
  }

  private renderVariants(): TemplateResult | typeof nothing {
    // The switch appears only when the dot-product model is served too.
    if (this.available.length < 2) return nothing;
    return html`<div
      class="variants pills"
      role="radiogroup"
      aria-label=${t('seq2seq.variantLabel')}
      @keydown=${this.onVariantKey}
    >
      <span class="variants-label pills-label" aria-hidden="true">${t('seq2seq.variantLabel')}</span>
      ${this.available.map(
        (v) =>
          html`<button
            type="button"
            role="radio"
            data-variant=${v}
            aria-checked=${v === this.variant ? 'true' : 'false'}
            tabindex=${v === this.variant ? 0 : -1}
            @click=${() => this.chooseVariant(v)}
          >
            ${t(`seq2seq.${v}`)}
          </button>`,
      )}
    </div>`;
  }

  private renderCard(): TemplateResult | typeof nothing {
    const model = this.model;
    if (!model) return nothing;
    const card = model.card;
    const parameters = formatInteger(card.parameters ?? model.info.parameters);
    const variant = t(`seq2seq.${this.variant}Model`);
    const text =
      card.exactMatch !== null && card.aer !== null
        ? t('seq2seq.card', {
            variant,
            parameters,
            exactMatch: formatPercent(card.exactMatch),
            aer: formatPercent(card.aer),
          })
        : t('seq2seq.cardNoMetrics', { variant, parameters });
    return html`<p class="card">${text}</p>`;
  }

  private renderTokens(record: ForwardRecord): TemplateResult {
    return html`<div class="tokens">
      <span class="tokens-label">${t('seq2seq.tokensLabel')}</span>
      <ol>
        ${record.tokens.map((token, i) =>
          record.unknown[i]
            ? html`<li class="unknown" title=${t('seq2seq.unknownChip')}>
                ${token}<span class="sr-only"> (${t('seq2seq.unknownChip')})</span>
              </li>`
            : html`<li>${token}</li>`,
        )}
      </ol>
    </div>`;
  }

  private renderFigure(): TemplateResult {
    const load = this.current;
    if (!load || load.status === 'loading')
      return html`<div class="placeholder" role="status">${t('seq2seq.loading')}</div>`;
    if (load.status === 'failed')
      return html`<div class="placeholder failed" role="alert">
        ${t('seq2seq.loadError', { message: load.error })}
      </div>`;
    if (this.text.trim() === '' || !hasWords(this.text)) {
      const hint = this.text.trim() === '' ? t('seq2seq.empty') : t('seq2seq.punctuationOnly');
      return html`<div class="placeholder hint" role="status">${hint}</div>`;
    }
    const record = this.shownRecord();
    if (!record) {
      // Too long, every word unknown, or an engine error: the messages above say which. The
      // words are still listed, unknown ones marked, unless there are too many.
      const raw = this.record;
      return raw && raw.tokens.length <= SEQ2SEQ_MAX_TOKENS ? this.renderTokens(raw) : html``;
    }
    const map = record.maps[0] ?? null;
    const translation = record.outputTokens.join(' ');
    const m = map?.cols ?? 0;
    const steps = map?.rows ?? 0;
    return html`
      ${this.renderTokens(record)}
      <div class="translation-box">
        <span class="translation-label">${t('seq2seq.translationLabel')}</span>
        <p class="translation" lang="fr" data-translation=${translation}>${translation}</p>
      </div>
      <h3 class="map-title">${t('seq2seq.mapTitle')}</h3>
      <attnlab-attention-map
        .map=${map}
        .rowsAxis=${t('seq2seq.rowsAxis')}
        .colsAxis=${t('seq2seq.colsAxis')}
      ></attnlab-attention-map>
      ${
        map
          ? html`<div class="cost" data-m=${m} data-t=${steps}>
              <p class="cost-line">
                ${t('seq2seq.cost', { m: formatInteger(m), t: formatInteger(steps), n: formatInteger(m * steps) })}
              </p>
              <p class="cost-formulas">
                <span>${t('seq2seq.costWithout')} ${unsafeHTML(typeset(COST_WITHOUT))}</span>
                <span>${t('seq2seq.costWith')} ${unsafeHTML(typeset(COST_WITH))}</span>
              </p>
              <p class="cost-note">${t('seq2seq.costNote')}</p>
            </div>`
          : nothing
      }
    `;
  }

  override render(): TemplateResult {
    const messages = this.messages();
    return html`
      <div class="controls">
        <label for="sentence">${t('seq2seq.inputLabel')}</label>
        ${this.renderVariants()}
      </div>
      <textarea
        id="sentence"
        rows="2"
        spellcheck="false"
        autocomplete="off"
        lang="en"
        placeholder=${t('seq2seq.placeholder')}
        aria-describedby="seq2seq-messages"
        .value=${this.text}
        @input=${this.onInput}
      ></textarea>
      ${this.renderCard()}
      <div id="seq2seq-messages" class="messages" aria-live="polite">
        ${messages.map(
          (m) =>
            html`<p
              class="message"
              data-kind=${m.kind}
              data-key=${m.key}
              role=${m.kind === 'error' ? 'alert' : 'status'}
            >
              ${m.text}
            </p>`,
        )}
      </div>
      <div class="figure" aria-busy=${this.busy || this.current?.status === 'loading' ? 'true' : 'false'}>
        ${this.renderFigure()}
      </div>
    `;
  }

  static override styles = [
    placeholderBox,
    lessonBase,
    pills,
    srOnly,
    unsafeCSS(katexCss),
    css`
      .controls {
        display: flex;
        flex-wrap: wrap;
        align-items: end;
        justify-content: space-between;
        gap: 0.4rem 1rem;
        margin-bottom: 0.4rem;
      }
      label {
        font-weight: 600;
      }
      .card {
        margin: 0.4rem 0 0;
        font-size: 0.85rem;
        color: var(--attn-muted, #5b6678);
        font-variant-numeric: tabular-nums;
      }
      .figure {
        min-width: 0;
        margin-top: 0.9rem;
      }
      .tokens li.unknown {
        border-style: dashed;
        border-color: #c2410c;
        background: #fff7ed;
        color: #9a3412;
      }
      .translation-box {
        margin: 0 0 1rem;
        padding: 0.6rem 0.9rem;
        border-left: 4px solid var(--attn-accent, #1f5fa8);
        border-radius: 6px;
        background: #fff;
      }
      .translation-label {
        display: block;
        font-size: 0.85rem;
        color: var(--attn-muted, #5b6678);
      }
      .translation {
        margin: 0.1rem 0 0;
        font-size: 1.25rem;
        font-weight: 600;
        line-height: 1.4;
        overflow-wrap: anywhere;
      }
      .map-title {
        margin: 0 0 0.4rem;
        font-size: 1rem;
      }
      .cost {
        margin-top: 1rem;
        padding: 0.6rem 0.9rem;
        border-radius: 8px;
        background: #eef3fa;
        line-height: 1.5;
      }
      .cost p {
        margin: 0.2rem 0;
      }
      .cost-formulas {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 2rem;
      }
      .cost-formulas .katex {
        font-size: 1.1em;
      }
      .cost-note {
        font-size: 0.85rem;
        color: var(--attn-muted, #5b6678);
      }
    `,
  ];
}

customElements.define('attnlab-seq2seq', Seq2SeqElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-seq2seq': Seq2SeqElement;
  }
}
