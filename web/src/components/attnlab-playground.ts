// <attnlab-playground>: type a sentence, pick a head, see its attention map. Holds the UI state
// (text, chosen head, last record, messages) apart from the engine, which runs in a worker behind
// EngineClient; the map is re-drawn from that state alone.

import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { EngineClient, UnsupportedBrowserError } from '../engine/engine';
import type { WasmFeature } from '../engine/wasm-features';
import { LatestForward } from '../lessons/shared/latest-forward';
import { DEMO_CONFIG, DEMO_SEED, clipText, hasSeveralLayers, type ForwardRecord } from '../engine/records';
import { LocaleController, formatInteger, t } from '../i18n';
import { radioPills } from './radio-pills';
import { playgroundMapTitle } from '../lessons/shared/map-titles';
import { notComposing } from '../lessons/shared/embed-attributes';
import { unsupportedText } from '../lessons/shared/unsupported-text';
import { placeholderBox, lessonBase, pills } from './shared-styles';
import '../figures/attention-map';
import { startWhenConnected } from './start-when-connected';

export const DEFAULT_SENTENCE = 'the cat sat on the mat because it was tired';
/** Longer input is cut to this many characters (code points) before it reaches the engine. */
export const MAX_CHARS = 2000;
const MAX_TOKEN_CHIPS = 60;

type EngineState = 'starting' | 'ready' | 'failed';

interface Message {
  kind: 'info' | 'warning' | 'error';
  text: string;
}

export class PlaygroundElement extends LitElement {
  static override properties = {
    text: { type: String },
    engineState: { state: true },
    startError: { state: true },
    unsupported: { state: true },
    headIndex: { state: true },
  };

  /** The sentence in the text box. Set the attribute to start with another sentence. */
  declare text: string;
  declare engineState: EngineState;
  declare startError: string;
  /** The WebAssembly features this browser lacks, when that stopped the engine (else null). */
  declare unsupported: WasmFeature[] | null;
  declare headIndex: number;

  private engine: EngineClient | null = null;
  private starting = false;
  private readonly forwards = new LatestForward(this);

  private get record(): ForwardRecord | null {
    return this.forwards.record;
  }
  private get runError(): string | null {
    return this.forwards.runError;
  }
  /** A forward for the current text is still on its way (aria-busy on the map). */
  private get busy(): boolean {
    return this.forwards.busy;
  }

  constructor() {
    super();
    new LocaleController(this);
    this.text = DEFAULT_SENTENCE;
    this.engineState = 'starting';
    this.startError = '';
    this.unsupported = null;
    this.headIndex = 0;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    startWhenConnected(this, () => void this.startEngine());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.engine?.dispose();
    this.engine = null;
    this.engineState = 'starting';
  }

  private async startEngine(): Promise<void> {
    if (this.engine || this.starting) return;
    this.starting = true;
    this.engineState = 'starting';
    try {
      const engine = await EngineClient.create();
      await engine.loadRandom(DEMO_CONFIG, DEMO_SEED);
      if (!this.isConnected) {
        engine.dispose();
        return;
      }
      this.engine = engine;
      this.engineState = 'ready';
      this.compute();
    } catch (error) {
      this.engineState = 'failed';
      this.startError = error instanceof Error ? error.message : String(error);
      this.unsupported = error instanceof UnsupportedBrowserError ? error.missing : null;
    } finally {
      this.starting = false;
    }
  }

  private onInput(event: Event): void {
    this.text = (event.target as HTMLTextAreaElement).value;
    this.compute();
  }

  /** Asks the engine for the current text (latest wins, see LatestForward). */
  private compute(): void {
    const input = clipText(this.text, MAX_CHARS).text;
    if (input.trim() === '') return this.forwards.clear();
    this.forwards.run(this.engine, input, undefined, (record) => {
      if (this.headIndex >= record.maps.length) this.headIndex = 0;
    });
  }

  private messages(): Message[] {
    const out: Message[] = [];
    const clipped = clipText(this.text, MAX_CHARS);
    if (clipped.clipped) {
      out.push({
        kind: 'warning',
        text: t('playground.tooLong', {
          length: formatInteger(clipped.length),
          limit: formatInteger(MAX_CHARS),
        }),
      });
    }
    const truncated = this.text.trim() !== '' ? this.record?.truncated : null;
    if (truncated) {
      out.push({
        kind: 'warning',
        text: t('playground.tooManyTokens', {
          max: formatInteger(truncated.maxTokens),
          tokens: formatInteger(truncated.tokens),
        }),
      });
    }
    // A start failure is shown in place of the map (renderMapArea).
    if (this.engineState !== 'failed' && this.runError)
      out.push({ kind: 'error', text: t('playground.engineError', { message: this.runError }) });
    return out;
  }

  private headLabel(index: number): string {
    const maps = this.record?.maps ?? [];
    const map = maps[index];
    if (!map) return '';
    return hasSeveralLayers(maps)
      ? t('playground.layerHead', { layer: map.layer + 1, head: map.head + 1 })
      : t('playground.head', { head: map.head + 1 });
  }

  private renderHeads(): TemplateResult | typeof nothing {
    const maps = this.record?.maps ?? [];
    if (maps.length === 0) return nothing;
    return radioPills({
      host: this,
      name: 'heads',
      label: t('playground.headsLabel'),
      options: maps.map((_, i) => i),
      current: this.headIndex,
      text: (i) => this.headLabel(i),
      choose: (i) => (this.headIndex = i),
    });
  }

  private renderTokens(): TemplateResult | typeof nothing {
    const tokens = this.record?.tokens ?? [];
    if (tokens.length === 0) return nothing;
    const shown = tokens.slice(0, MAX_TOKEN_CHIPS);
    return html`<div class="tokens">
      <span class="tokens-label">${t('playground.tokensLabel')}</span>
      <ol>
        ${shown.map((token, i) =>
          this.record?.unknown[i]
            ? html`<li class="unknown" title=${t('playground.unknownToken')}>${token}</li>`
            : html`<li>${token}</li>`,
        )}
      </ol>
      ${
        tokens.length > shown.length
          ? html`<span class="more"
              >${t('playground.moreTokens', { count: formatInteger(tokens.length - shown.length) })}</span
            >`
          : nothing
      }
    </div>`;
  }

  private renderMapArea(): TemplateResult {
    if (this.engineState === 'starting')
      return html`<div class="placeholder" role="status">${t('playground.starting')}</div>`;
    if (this.engineState === 'failed' && this.unsupported)
      return html`<div class="placeholder failed" role="alert" data-key="unsupported">
        ${unsupportedText(this.unsupported)}
      </div>`;
    if (this.engineState === 'failed')
      return html`<div class="placeholder failed" role="alert">
        ${t('playground.engineStartError', { message: this.startError })}
      </div>`;
    const empty = this.text.trim() === '';
    const map = this.record?.maps[this.headIndex] ?? this.record?.maps[0] ?? null;
    const noTokens = !empty && !!this.record && this.record.tokens.length === 0;
    return html`<attnlab-attention-map
      .map=${empty ? null : map}
      .exportTitle=${map ? playgroundMapTitle(map.layer, map.head, hasSeveralLayers(this.record?.maps ?? [])) : ''}
      .emptyMessage=${noTokens ? t('playground.noTokens') : ''}
    ></attnlab-attention-map>`;
  }

  override render(): TemplateResult {
    const messages = this.messages();
    const count = this.record?.tokens.length ?? 0;
    return html`
      <div class="notice" role="note">
        <strong>${t('playground.noticeTitle')}</strong>
        <span>${t('playground.noticeBody')}</span>
      </div>

      <label for="sentence">${t('playground.inputLabel')}</label>
      <textarea
        id="sentence"
        rows="2"
        spellcheck="false"
        autocomplete="off"
        placeholder=${t('playground.placeholder')}
        aria-describedby="messages"
        .value=${this.text}
        @input=${notComposing(this.onInput)}
        @compositionend=${this.onInput}
      ></textarea>

      <div id="messages" class="messages" aria-live="polite">
        ${messages.map((m) => html`<p class="message" data-kind=${m.kind} role=${m.kind === 'error' ? 'alert' : 'status'}>${m.text}</p>`)}
      </div>

      <div class="toolbar">
        ${this.renderHeads()}
        <span class="count" data-tokens=${this.record && this.text.trim() !== '' ? count : 0}>
          ${this.record && this.text.trim() !== '' ? t('playground.tokenCount', { count }) : ''}
        </span>
      </div>

      ${this.text.trim() !== '' ? this.renderTokens() : nothing}

      <div class="map-area" aria-busy=${this.busy || this.engineState === 'starting' ? 'true' : 'false'}>
        ${this.renderMapArea()}
      </div>

      <slot name="formula"></slot>
    `;
  }

  static override styles = [
    placeholderBox,
    lessonBase,
    pills,
    css`
      .notice {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 0.5rem;
        margin: 0 0 1rem;
        padding: 0.7rem 0.9rem;
        border-left: 4px solid #d9480f;
        border-radius: 6px;
        background: #fff4e6;
        color: #5c2a0a;
        line-height: 1.45;
      }
      label {
        display: block;
        margin-bottom: 0.35rem;
        font-weight: 600;
      }
      .toolbar {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: 0.5rem 1rem;
        margin: 0.9rem 0 0.5rem;
      }
      .count {
        font-size: 0.92rem;
        color: var(--attn-muted, #5b6678);
        font-variant-numeric: tabular-nums;
      }
      .tokens li.unknown {
        border-style: dashed;
        border-color: #c2410c;
        background: #fff7ed;
      }
      .tokens .more {
        color: var(--attn-muted, #5b6678);
      }
      .map-area {
        min-width: 0;
      }
    `,
  ];
}

customElements.define('attnlab-playground', PlaygroundElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-playground': PlaygroundElement;
  }
}
