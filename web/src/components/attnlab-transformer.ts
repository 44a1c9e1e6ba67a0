// <attnlab-transformer>: lesson 3, Transformer self-attention (Vaswani et al. 2017) as the
// self-attention notes tell it: every token's vector a^i is multiplied by W^q, W^k, W^v into q^i,
// k^i, v^i; alpha_{i,j} = q^i . k^j / sqrt(d); alpha' = softmax(alpha) (or a sigmoid); and
// b^i = sum_j alpha'_{i,j} v^j, once per head, the heads joined by W^O. Small models trained on the
// lesson-2 corpus (models/tf-*) run in a worker as the student types. Three ways to look at the
// same trace (lines between tokens per head, a grid of maps per layer and head, every number of one
// step), a masked word and the model's guesses, the positional encoding (and what happens to a
// model without it when the words are shuffled), and self-attention against RNNs and CNNs for the
// sentence on screen. UI state lives here; the figures are drawn from it and the last record.

import { LitElement, css, html, nothing, svg, unsafeCSS, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { interpolateBlues, interpolatePuOr } from 'd3';
import { paintCanvas } from '../figures/palette';
import katexCss from 'katex/dist/katex.min.css?inline';
import { isSuperseded } from '../engine/engine';
import { LatestForward } from '../lessons/shared/latest-forward';
import { ModelSet, type LoadState } from '../lessons/shared/model-set';
import { modelLoader, servedFolders, type EngineModel } from '../lessons/shared/load-model';
import { hasForeignLetters, messageLadder, renderMessages, type Message } from '../lessons/shared/messages';
import { tokenVocabulary, topNext, type NextToken } from '../engine/lm';
import {
  LESSONS,
  formatIndex,
  formatView,
  parseIndex,
  parseModel,
  parseView,
  type ViewChoice,
} from '../embed/state';
import {
  applyLanguageAttribute,
  embedProperties,
  sentenceInput,
  reflectAttributes,
  teacherModeStyles,
  type EmbedAttributes,
  type Reflected,
} from './embed-attributes';
import {
  clipText,
  hasWords,
  maxValue,
  truncateLabel,
  type AttentionMap,
  type ForwardRecord,
} from '../engine/records';
import {
  MASK,
  allZero,
  bpeWords,
  findMap,
  findTensor,
  layerCosts,
  maskPositions,
  maskWord,
  matchTokens,
  permutationError,
  receptiveField,
  shuffleOrder,
  sinusoidalTable,
  spacedText,
  stepDetail,
  summarizeTfCard,
  textWords,
  tfArchitecture,
  tokenLabel,
  type TextWord,
  type TfArch,
  type TfCard,
} from '../engine/transformer';
import { TRANSFORMER_MODELS, modelLabels, type TfModel } from '../lessons/shared/models';
import { LocaleController, currentLanguage, formatInteger, formatPercent, t } from '../i18n';
import { radioPills } from './radio-pills';
import { typeset } from './typeset';
import { placeholderBox, lessonBase, lessonChrome, pills, srOnly } from './shared-styles';
import { canvasToPng, download, downloadFigure, gridSvg } from '../figures/export';
import type { ExportEvent, ExportFormat } from '../figures/export-buttons';
import '../figures/attention-map';
import '../figures/export-buttons';
import '../figures/vector-strip';

export const DEFAULT_TF_SENTENCE = 'The FBI is chasing a criminal on the run.';
/** Longer input is cut to this many characters (code points) before it reaches the engine. */
export const TF_MAX_CHARS = 2000;
/** The shuffle demonstration uses at most this many words of the text. */
export const SHUFFLE_MAX_WORDS = 12;
/** The masked-word panel offers at most this many words. */
const MASK_MAX_WORDS = 80;
/** Thumbnails of the model view are SVG cells (data-row, data-col, data-weight) up to this many tokens. */
const THUMB_SVG_MAX = 48;
/** Rows of the positional-encoding picture. */
const PE_ROWS_MAX = 64;
/** Pixels per value in the downloaded positional-encoding table (PNG and SVG). */
const PE_EXPORT_CELL = 8;
const TOP_K = 5;
/** Okabe-Ito colours, safe for colour-blind readers: one per head. */
export const HEAD_COLORS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#D55E00',
  '#56B4E9',
  '#F0E442',
  '#000000',
];
/** The colour of a positional-encoding value: purple -1, white 0, orange +1. */
const peColor = (v: number): string => interpolatePuOr((Math.max(-1, Math.min(1, v)) + 1) / 2);
/** The diverging scale of the positional-encoding picture and the vector strips, -1 (left) to +1. */
const PE_RAMP = `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((x) => interpolatePuOr(x)).join(', ')})`;
/** Two maps are "the same" within this. */
export const PERMUTATION_TOLERANCE = 1e-5;

const MODEL_KEYS = modelLabels(TRANSFORMER_MODELS);

type View = 'head' | 'model' | 'step';
const SPEC = LESSONS.transformer;
const isView = (value: string | null): value is View =>
  value === 'head' || value === 'model' || value === 'step';
type ReflectedName = 'sentence' | 'model' | 'view' | 'layer' | 'head' | 'token' | 'mask';
const VIEWS: readonly View[] = ['head', 'model', 'step'];
const VIEW_KEYS: Record<View, string> = {
  head: 'transformer.viewHead',
  model: 'transformer.viewModel',
  step: 'transformer.viewStep',
};

const tex = (source: string, display = false) => unsafeHTML(typeset(source, display));

const fixed = (v: number, digits = 4) => (Number.isFinite(v) ? v.toFixed(digits) : String(v));
const exponent = (v: number) => (Number.isFinite(v) ? v.toExponential(1) : String(v));
const join = (values: ArrayLike<number>) => Array.from(values, String).join(' ');
const maxAbs = (values: ArrayLike<number>) => {
  let m = 0;
  for (let i = 0; i < values.length; i++)
    if (Number.isFinite(values[i])) m = Math.max(m, Math.abs(values[i]));
  return m;
};

/** One trained model and the worker that runs it. */
interface LoadedModel extends EngineModel {
  card: TfCard;
  arch: TfArch;
  vocabulary: string[]; // id -> piece text
  maskId: number; // id of <mask>, -1 when the tokenizer has none
}

/** The shuffle demonstration on the no-position model. */
type ShuffleState =
  | { status: 'idle' | 'loading' | 'running' | 'few' }
  | { status: 'failed'; error: string }
  | {
      status: 'ready';
      original: ForwardRecord;
      shuffled: ForwardRecord;
      originalText: string;
      shuffledText: string;
      perm: Int32Array | null; // null: the tokens of the two texts are not a permutation
      error: number; // max difference over every layer and head
    };

function tfModel({ engine, info }: EngineModel): LoadedModel {
  const vocabulary = tokenVocabulary(info.config.tokenizer);
  return {
    engine,
    info,
    card: summarizeTfCard(info.card),
    arch: tfArchitecture(info.config),
    vocabulary,
    maskId: vocabulary.indexOf(MASK),
  };
}

export class TransformerElement extends LitElement implements EmbedAttributes {
  static override properties = {
    sentence: { type: String },
    ...embedProperties,
    attrLayer: { type: String, attribute: 'layer' },
    attrHead: { type: String, attribute: 'head' },
    attrToken: { type: String, attribute: 'token' },
    attrMask: { type: String, attribute: 'mask' },
    shown: { state: true },
    text: { state: true },
    model: { state: true },
    view: { state: true },
    layer: { state: true },
    head: { state: true },
    hiddenHeads: { state: true },
    query: { state: true },
    hover: { state: true },
    masked: { state: true },
    convK: { state: true },
    convL: { state: true },
    rfToken: { state: true },
    shuffle: { state: true },
    shuffleSeed: { state: true },
    readout: { state: true },
    peReadout: { state: true },
  };

  /** The sentence (attribute `sentence`; the text box writes what is typed back to it). */
  declare sentence: string;
  /** Attributes model, view, controls, lang, layer, head, token and mask (docs/embedding.md). */
  declare attrModel: string | null | undefined;
  declare attrView: string | null | undefined;
  declare controls: string | null | undefined;
  declare attrLang: string | null | undefined;
  declare attrLayer: string | null | undefined;
  declare attrHead: string | null | undefined;
  declare attrToken: string | null | undefined;
  declare attrMask: string | null | undefined;
  /** What `view` asks for: the figure (head, model or step view) and the panels below it. */
  declare shown: ViewChoice;
  declare text: string;
  declare model: TfModel;
  declare view: View;
  /** Layer and head of the model view's large map and of the computation panel (0-based). */
  declare layer: number;
  declare head: number;
  /** Heads the head view leaves out. */
  declare hiddenHeads: number[];
  /** The query token (0-based) the head view and the computation panel follow. */
  declare query: number;
  /** The token under the pointer in the head view (it wins over `query` while there). */
  declare hover: number | null;
  /** The word of `text` replaced by <mask>, or null. */
  declare masked: TextWord | null;
  /** Convolution width and depth, and the token, of the receptive-field picture. */
  declare convK: number;
  declare convL: number;
  declare rfToken: number | null;
  declare shuffle: ShuffleState;
  declare shuffleSeed: number;
  declare readout: string;
  declare peReadout: string;

  private readonly forwards = new LatestForward(this);
  private readonly models = new ModelSet<TfModel, LoadedModel>(this, {
    lesson: TRANSFORMER_MODELS,
    load: modelLoader(tfModel),
    manifest: servedFolders,
    onReady: (model) => {
      if (model === this.model) this.compute();
    },
  });
  /** The shuffle demonstration runs the no-position model in a worker of its own. */
  private readonly shuffleModels = new ModelSet<TfModel, LoadedModel>(this, {
    lesson: TRANSFORMER_MODELS,
    load: modelLoader(tfModel),
    manifest: servedFolders,
    onReady: () => this.runShuffle(),
  });
  /** The record the last update saw (a new one may move the query, hover and field tokens). */
  private seenRecord: ForwardRecord | null = null;
  private focusMaskAfterRecord = false;
  private shuffleTicket = 0;
  private shuffleQueue: Promise<void> = Promise.resolve();
  private shuffleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    new LocaleController(this);
    this.sentence = DEFAULT_TF_SENTENCE;
    this.text = DEFAULT_TF_SENTENCE;
    this.model = 'mlm';
    this.view = 'head';
    this.layer = 0;
    this.head = 0;
    this.hiddenHeads = [];
    this.query = 1;
    this.hover = null;
    this.masked = null;
    this.convK = 3;
    this.convL = 2;
    this.rfToken = null;
    this.shuffle = { status: 'idle' };
    this.shuffleSeed = 1;
    this.readout = '';
    this.peReadout = '';
    this.shown = parseView(null, SPEC.view);
  }

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    this.followAttributes(changed);
    const n = this.record?.tokens.length ?? 0;
    const newRecord = this.record !== this.seenRecord;
    this.seenRecord = this.record;
    if (newRecord && this.record) {
      if (this.query >= n) this.query = Math.max(0, n - 1);
      if (this.hover !== null && this.hover >= n) this.hover = null;
      if (this.rfToken !== null && this.rfToken >= n) this.rfToken = null;
    }
    const arch = this.loaded?.arch;
    if (arch) {
      if (this.layer >= arch.nLayer) this.layer = 0;
      if (this.head >= arch.nHead) this.head = 0;
    }
    // And the state goes back to the attributes (written in updated()).
    const out = (this.reflected = this.attributeValues());
    this.sentence = out.sentence.value;
    this.attrModel = out.model.value;
    this.attrView = out.view.value;
    this.attrLayer = out.layer.value;
    this.attrHead = out.head.value;
    this.attrToken = out.token.value;
    this.attrMask = out.mask.value;
  }

  /** Attributes set from outside: the element follows them. */
  private followAttributes(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('attrLang')) applyLanguageAttribute(this.attrLang);
    let recompute = false;
    if (changed.has('sentence') && typeof this.sentence === 'string' && this.sentence !== this.text) {
      this.text = this.sentence;
      this.masked = null;
      this.readout = '';
      recompute = true;
      this.scheduleShuffle();
    }
    const model = parseModel(this.attrModel, SPEC) as TfModel | null;
    if (changed.has('attrModel') && model && model !== this.model) {
      if (this.available.length) this.chooseModel(model);
      else this.model = model;
    }
    if (changed.has('attrView') && this.attrView != null) {
      this.shown = parseView(this.attrView, SPEC.view);
      if (isView(this.shown.mode)) this.view = this.shown.mode;
    }
    const index = (name: string, value: string | null | undefined) =>
      changed.has(name) && value != null ? parseIndex(value) : null;
    this.layer = index('attrLayer', this.attrLayer) ?? this.layer;
    this.head = index('attrHead', this.attrHead) ?? this.head;
    this.query = index('attrToken', this.attrToken) ?? this.query;
    if (changed.has('attrMask') && this.attrMask != null) {
      const at = parseIndex(this.attrMask);
      const word = at === null ? null : (textWords(this.clipped())[at] ?? null);
      if (word?.start !== this.masked?.start) {
        this.masked = word;
        recompute = true;
      }
    }
    if (recompute) this.compute();
  }

  /** attributeValues() as willUpdate computed it, for updated() to write (once per update). */
  private reflected: Record<string, Reflected> = {};

  /** The lesson's state as attribute text (the app page puts it in the URL). */
  private attributeValues(): Record<ReflectedName, Reflected> {
    const mode = this.shown.mode === null ? null : this.view;
    const view = formatView({ mode, panels: this.shown.panels }, SPEC.view);
    const masked = this.masked;
    const maskAt = masked ? textWords(this.clipped()).findIndex((w) => w.start === masked.start) : -1;
    const mask = maskAt < 0 ? '' : formatIndex(maskAt);
    return {
      sentence: { value: this.text, isDefault: this.text === DEFAULT_TF_SENTENCE },
      model: { value: this.model, isDefault: this.model === 'mlm' },
      view: { value: view, isDefault: view === 'all' },
      layer: { value: formatIndex(this.layer), isDefault: this.layer === 0 },
      head: { value: formatIndex(this.head), isDefault: this.head === 0 },
      token: { value: formatIndex(this.query), isDefault: this.query === 1 },
      mask: { value: mask, isDefault: mask === '' },
    };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.shuffleTimer);
  }

  private async start(): Promise<void> {
    await this.models.readManifest();
    if (!this.available.length) return; // said in the figure's place
    if (!this.available.includes(this.model)) this.model = this.available[0];
    await this.ensureLoaded(this.model);
    if (this.available.includes('nopos')) await this.startShuffleModel();
  }

  private ensureLoaded(model: TfModel): Promise<void> {
    return this.models.ensure(model);
  }

  /** The shuffle demonstration runs the no-position model in a worker of its own. */
  private async startShuffleModel(): Promise<void> {
    this.shuffle = { status: 'loading' };
    await this.shuffleModels.ensure('nopos');
    const load = this.shuffleModels.state('nopos');
    if (load?.status === 'failed') this.shuffle = { status: 'failed', error: load.error };
  }

  private get shuffleModel(): LoadedModel | null {
    return this.shuffleModels.ready('nopos');
  }

  /** Models whose folder the page serves (models/index.json). */
  private get available(): TfModel[] {
    return this.models.available;
  }
  private get manifestRead(): boolean {
    return this.models.manifestRead;
  }
  private get record(): ForwardRecord | null {
    return this.forwards.record;
  }
  private get runError(): string | null {
    return this.forwards.runError;
  }
  /** A forward for the current text is still on its way (aria-busy on the figure). */
  private get busy(): boolean {
    return this.forwards.busy;
  }

  private get current(): LoadState<LoadedModel> | undefined {
    return this.models.state(this.model);
  }

  private get loaded(): LoadedModel | null {
    return this.models.ready(this.model);
  }

  // ---- Input and computation ------------------------------------------------------------------

  private onInput(event: Event): void {
    this.text = (event.target as HTMLTextAreaElement).value;
    this.masked = null; // its offsets belong to the old text
    this.readout = '';
    this.compute();
    this.scheduleShuffle();
  }

  private chooseModel(model: TfModel): void {
    if (model === this.model) return;
    this.model = model;
    this.forwards.reset();
    this.readout = '';
    this.hiddenHeads = [];
    if (this.loaded) this.compute();
    else void this.ensureLoaded(model);
  }

  /** The text as the engine will read it, before masking: cut to the character limit. */
  private clipped(): string {
    return clipText(this.text, TF_MAX_CHARS).text;
  }

  /** What is sent to the engine: the clipped text, with the masked word replaced by <mask>. */
  private input(): string {
    const text = this.clipped();
    const masked = this.masked;
    return masked && masked.end <= text.length ? maskWord(text, masked) : text;
  }

  /** Asks the engine for the current text (latest wins, see LatestForward). */
  private compute(): void {
    const input = this.input();
    if (!hasWords(input)) return this.forwards.clear(); // empty, punctuation only: a message instead
    const model = this.model;
    this.forwards.run(
      this.loaded?.engine,
      input,
      () => model === this.model,
      (record) => {
        if (!this.focusMaskAfterRecord) return;
        this.focusMaskAfterRecord = false;
        const at = maskPositions(record, this.loaded?.maskId ?? -1)[0];
        if (at !== undefined) this.query = at;
      },
    );
  }

  private toggleMask(word: TextWord): void {
    const same = this.masked && this.masked.start === word.start && this.masked.end === word.end;
    this.masked = same ? null : word;
    this.focusMaskAfterRecord = !same;
    this.compute();
  }

  private scheduleShuffle(): void {
    clearTimeout(this.shuffleTimer);
    this.shuffleTimer = setTimeout(() => this.runShuffle(), 120);
  }

  /**
   * Runs the first words of the text and a shuffled copy through the no-position model, one after
   * the other on its own worker (queued, so the pair is never split by a newer request).
   */
  private runShuffle(): void {
    const model = this.shuffleModel;
    if (!model) return;
    const ticket = ++this.shuffleTicket;
    const words = bpeWords(this.clipped()).slice(0, SHUFFLE_MAX_WORDS);
    if (words.length < 2) {
      this.shuffle = { status: 'few' };
      return;
    }
    const order = shuffleOrder(words.length, this.shuffleSeed);
    const originalText = spacedText(words);
    const shuffledText = spacedText(order.map((i) => words[i]));
    if (this.shuffle.status !== 'ready') this.shuffle = { status: 'running' };
    this.shuffleQueue = this.shuffleQueue.then(async () => {
      if (ticket !== this.shuffleTicket) return;
      try {
        const original = await model.engine.forward(originalText);
        if (ticket !== this.shuffleTicket) return;
        const shuffled = await model.engine.forward(shuffledText);
        if (ticket !== this.shuffleTicket) return;
        const perm = matchTokens(original.ids, shuffled.ids);
        const error = perm ? permutationError(original.maps, shuffled.maps, perm) : Infinity;
        this.shuffle = { status: 'ready', original, shuffled, originalText, shuffledText, perm, error };
      } catch (error) {
        if (isSuperseded(error) || ticket !== this.shuffleTicket) return;
        this.shuffle = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
      }
    });
  }

  private reshuffle(): void {
    this.shuffleSeed += 1;
    this.runShuffle();
  }

  // ---- Small pieces -----------------------------------------------------------------------------

  private range = (n: number) => Array.from({ length: n }, (_, i) => i);

  private tokenText(record: ForwardRecord, i: number): string {
    return tokenLabel(record.tokens[i] ?? '');
  }

  private messages(): Message[] {
    return messageLadder(
      {
        prefix: 'transformer',
        text: this.text,
        maxChars: TF_MAX_CHARS,
        loadFailed: this.current?.status === 'failed',
        runError: this.runError,
        record: this.record,
        reportTruncation: true,
      },
      () =>
        hasForeignLetters(this.clipped())
          ? [{ kind: 'info', key: 'foreign', text: t('transformer.foreign') }]
          : [],
    );
  }

  // ---- Controls -------------------------------------------------------------------------------

  private renderModels(): TemplateResult | typeof nothing {
    if (this.available.length < 2) return nothing;
    return radioPills({
      host: this,
      name: 'models',
      data: 'model',
      label: t('transformer.modelLabel'),
      options: this.available,
      current: this.model,
      text: (m) => t(MODEL_KEYS[m]),
      choose: (m) => this.chooseModel(m),
    });
  }

  private renderCard(): TemplateResult | typeof nothing {
    const loaded = this.loaded;
    if (!loaded) return nothing;
    const { card, arch } = loaded;
    const number = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 });
    const values = {
      model: t(MODEL_KEYS[this.model]),
      parameters: formatInteger(card.parameters ?? loaded.info.parameters),
      layers: arch.nLayer,
      heads: arch.nHead,
      d: arch.dModel,
      accuracy: card.accuracy === null ? '' : formatPercent(card.accuracy),
      perplexity: card.perplexity === null ? '' : number.format(card.perplexity),
      split: t(card.split === 'valid' ? 'transformer.splitValid' : 'transformer.splitTest'),
    };
    // A masked LM reports how many hidden tokens it guessed; a causal LM its perplexity.
    const key =
      card.accuracy !== null && arch.objective === 'mlm'
        ? 'transformer.cardAccuracy'
        : card.perplexity !== null
          ? 'transformer.cardPerplexity'
          : 'transformer.cardNoMetrics';
    return html`<p
      class="card"
      data-accuracy=${card.accuracy ?? ''}
      data-perplexity=${card.perplexity ?? ''}
      data-parameters=${card.parameters ?? loaded.info.parameters}
    >
      ${t(key, values)}
    </p>`;
  }

  /** The tokens as buttons: the one chosen is the query that the figures follow. */
  private renderTokens(record: ForwardRecord, maskAt: number[]): TemplateResult {
    const active = this.query;
    return html`<div class="token-pick">
      <span class="pills-label" id="tf-tokens-label">${t('transformer.queryLabel')}</span>
      <div class="chips" role="group" aria-labelledby="tf-tokens-label" data-count=${record.tokens.length}>
        ${record.tokens.map(
          (token, i) =>
            html`<button
              type="button"
              class="chip ${maskAt.includes(i) ? 'mask' : ''}"
              data-token=${i}
              aria-pressed=${i === active ? 'true' : 'false'}
              title=${t('transformer.tokenTitle', { index: i + 1, token: JSON.stringify(token) })}
              dir="auto"
              @click=${() => {
                this.query = i;
                this.hover = null;
              }}
            >
              ${tokenLabel(token)}
            </button>`,
        )}
      </div>
    </div>`;
  }

  // ---- (1) Head view ---------------------------------------------------------------------------

  private toggleHead(h: number): void {
    this.hiddenHeads = this.hiddenHeads.includes(h)
      ? this.hiddenHeads.filter((x) => x !== h)
      : [...this.hiddenHeads, h];
  }

  private onHeadViewKey(event: KeyboardEvent, i: number, n: number): void {
    const next =
      { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: n - 1 }[event.key] ??
      (event.key === 'Enter' || event.key === ' ' ? i : null);
    if (next === null || next === undefined) return;
    event.preventDefault();
    const target = Math.max(0, Math.min(n - 1, next));
    this.query = target;
    this.hover = null;
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<SVGGElement>(`svg.head-view g.q[data-token="${target}"]`)?.focus(),
    );
  }

  private renderHeadView(record: ForwardRecord, arch: TfArch): TemplateResult {
    const n = record.tokens.length;
    const layer = this.layer;
    const maps = this.range(arch.nHead).map((h) => findMap(record, layer, h));
    const active = this.hover ?? this.query;
    const ROW = 22;
    const TOP = 14;
    const W = 340;
    const X1 = 118;
    const X2 = W - 118;
    const height = TOP * 2 + n * ROW;
    const y = (i: number) => TOP + i * ROW + ROW / 2;
    const visible = this.range(arch.nHead).filter((h) => !this.hiddenHeads.includes(h));
    const label = (i: number) => truncateLabel(this.tokenText(record, i), 14);
    const lines = visible.flatMap((h) => {
      const map = maps[h];
      if (!map) return [];
      return this.range(n).map((j) => {
        const w = map.weights[active * n + j];
        if (!(w > 0.005)) return nothing;
        return svg`<line
          class="link"
          x1=${X1}
          y1=${y(active)}
          x2=${X2}
          y2=${y(j)}
          stroke=${HEAD_COLORS[h % HEAD_COLORS.length]}
          stroke-opacity=${Math.min(1, w).toFixed(3)}
          stroke-width="3"
          data-head=${h}
          data-key=${j}
          data-weight=${String(w)}
        ><title>${t('transformer.lineTitle', { head: h + 1, query: label(active), key: label(j), weight: fixed(w, 3) })}</title></line>`;
      });
    });
    const top = visible.map((h) => {
      const map = maps[h];
      if (!map) return nothing;
      const row = this.range(n).map((j) => ({ j, w: map.weights[active * n + j] }));
      row.sort((a, b) => b.w - a.w || a.j - b.j);
      const list = row
        .slice(0, 3)
        .map((x) => `${label(x.j)} ${fixed(x.w, 3)}`)
        .join(' · ');
      return html`<li data-head=${h}>
        <span class="swatch" style="background:${HEAD_COLORS[h % HEAD_COLORS.length]}"></span>
        ${t('transformer.headTop', { head: h + 1, list })}
      </li>`;
    });
    // A sigmoid lets a token read (almost) nothing; then the lines are invisible, so say it.
    const largest = Math.max(
      0,
      ...visible.map((h) => maxAbs(maps[h]?.weights.subarray(active * n, active * n + n) ?? [])),
    );
    const readsNothing =
      arch.normalization === 'sigmoid' && visible.length > 0 && largest < 0.01
        ? html`<p class="note" data-key="reads-nothing">
            ${t('transformer.readsNothing', { layer: layer + 1, token: label(active), max: fixed(largest, 3) })}
          </p>`
        : nothing;
    return html`
      <div class="head-tools">
        ${this.renderLayerPills(arch)}
        <div class="head-toggles" role="group" aria-label=${t('transformer.headsLabel')}>
          <span class="pills-label" aria-hidden="true">${t('transformer.headsLabel')}</span>
          ${this.range(arch.nHead).map(
            (h) =>
              html`<button
                type="button"
                class="head-toggle"
                data-head=${h}
                aria-pressed=${this.hiddenHeads.includes(h) ? 'false' : 'true'}
                style="--head:${HEAD_COLORS[h % HEAD_COLORS.length]}"
                @click=${() => this.toggleHead(h)}
              >
                <span class="swatch" aria-hidden="true"></span>${t('transformer.head', { head: h + 1 })}
              </button>`,
          )}
        </div>
      </div>
      <p class="note">${t('transformer.headViewNote')}</p>
      ${readsNothing}
      <div class="scroll-box head-box">
        <svg
          class="head-view"
          viewBox="0 0 ${W} ${height}"
          width=${W}
          height=${height}
          role="group"
          aria-label=${t('transformer.headViewAria', { layer: layer + 1 })}
          data-layer=${layer}
          data-query=${active}
          @pointerleave=${() => (this.hover = null)}
        >
          <text class="col-title" x=${X1 - 8} y="10" text-anchor="end">${t('transformer.queriesTitle')}</text>
          <text class="col-title" x=${X2 + 8} y="10">${t('transformer.keysTitle')}</text>
          ${lines}
          ${this.range(n).map(
            (i) => svg`<g
              class="q ${i === active ? 'active' : ''}"
              data-token=${i}
              tabindex=${i === this.query ? 0 : -1}
              role="button"
              aria-pressed=${i === this.query ? 'true' : 'false'}
              aria-label=${t('transformer.queryAria', { index: i + 1, token: label(i) })}
              @pointerenter=${() => (this.hover = i)}
              @click=${() => {
                this.query = i;
                this.hover = null;
              }}
              @keydown=${(e: KeyboardEvent) => this.onHeadViewKey(e, i, n)}
            >
              <rect x="2" y=${y(i) - ROW / 2 + 2} width=${X1 - 6} height=${ROW - 4} rx="4"></rect>
              <text x=${X1 - 8} y=${y(i)} text-anchor="end" dominant-baseline="central">${label(i)}</text>
            </g>`,
          )}
          ${this.range(n).map(
            (j) =>
              svg`<text class="k ${j === active ? 'self' : ''}" x=${X2 + 8} y=${y(j)} dominant-baseline="central">${label(j)}</text>`,
          )}
        </svg>
      </div>
      <attnlab-export-buttons
        class="head-export"
        .figure=${t('export.headView', { layer: layer + 1 })}
        @attnlab-export=${(event: ExportEvent) => void this.exportHeadView(event.detail)}
      ></attnlab-export-buttons>
      <ul class="head-top" aria-live="polite">
        ${top}
      </ul>
    `;
  }

  /** Downloads the head view as drawn, with a key of the heads shown: SVG, or PNG at twice its size. */
  private async exportHeadView(format: ExportFormat): Promise<void> {
    const svg = this.renderRoot.querySelector<SVGSVGElement>('svg.head-view');
    const arch = this.loaded?.arch;
    if (!svg || !arch || (format !== 'png' && format !== 'svg')) return;
    const legend = this.range(arch.nHead)
      .filter((h) => !this.hiddenHeads.includes(h))
      .map((h) => ({
        label: t('transformer.head', { head: h + 1 }),
        color: HEAD_COLORS[h % HEAD_COLORS.length],
      }));
    const stem = `head-view-layer-${Number(svg.dataset.layer) + 1}-token-${Number(svg.dataset.query) + 1}`;
    await downloadFigure(svg, stem, format, { legend });
  }

  private renderLayerPills(arch: TfArch): TemplateResult | typeof nothing {
    if (arch.nLayer < 2) return nothing;
    return radioPills({
      host: this,
      name: 'layers',
      label: t('transformer.layerLabel'),
      options: this.range(arch.nLayer),
      current: this.layer,
      text: (l) => t('transformer.layer', { layer: l + 1 }),
      choose: (l) => (this.layer = l),
    });
  }

  private renderHeadPills(arch: TfArch): TemplateResult {
    return radioPills({
      host: this,
      name: 'heads',
      label: t('transformer.headLabel'),
      options: this.range(arch.nHead),
      current: this.head,
      text: (h) => t('transformer.head', { head: h + 1 }),
      choose: (h) => (this.head = h),
    });
  }

  // ---- (2) Model view --------------------------------------------------------------------------

  private renderThumb(map: AttentionMap): TemplateResult {
    const n = map.rows;
    const selected = map.layer === this.layer && map.head === this.head;
    const max = maxValue(map.weights) || 1;
    const body =
      n <= THUMB_SVG_MAX
        ? html`<svg
            class="thumb-map"
            viewBox="0 0 ${n} ${map.cols}"
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            ${this.range(n).map((r) =>
              this.range(map.cols).map((c) => {
                const w = map.weights[r * map.cols + c];
                return svg`<rect x=${c} y=${r} width="1.02" height="1.02" fill=${interpolateBlues(Math.max(0, w / max) * 0.95 + 0.02)} data-row=${r} data-col=${c} data-weight=${String(w)}></rect>`;
              }),
            )}
          </svg>`
        : html`<canvas
            class="thumb-map"
            data-layer=${map.layer}
            data-head=${map.head}
            aria-hidden="true"
          ></canvas>`;
    return html`<button
      type="button"
      class="thumb"
      data-layer=${map.layer}
      data-head=${map.head}
      data-rows=${map.rows}
      data-cols=${map.cols}
      aria-pressed=${selected ? 'true' : 'false'}
      aria-label=${t('transformer.thumbAria', { layer: map.layer + 1, head: map.head + 1 })}
      @click=${() => {
        this.layer = map.layer;
        this.head = map.head;
      }}
    >
      <span class="thumb-title" style="--head:${HEAD_COLORS[map.head % HEAD_COLORS.length]}"
        >${t('transformer.layerHead', { layer: map.layer + 1, head: map.head + 1 })}</span
      >
      ${body}
    </button>`;
  }

  private renderModelView(record: ForwardRecord, arch: TfArch): TemplateResult {
    const map = findMap(record, this.layer, this.head);
    const n = record.tokens.length;
    return html`
      <p class="note">${t('transformer.modelViewNote')}</p>
      <div class="thumbs" style="--cols:${arch.nHead}" data-maps=${record.maps.length}>
        ${this.range(arch.nLayer).map((l) =>
          this.range(arch.nHead).map((h) => {
            const m = findMap(record, l, h);
            return m ? this.renderThumb(m) : html`<div class="thumb missing">—</div>`;
          }),
        )}
      </div>
      ${n > THUMB_SVG_MAX ? html`<p class="note" data-key="canvas">${t('transformer.thumbCanvas', { n })}</p>` : nothing}
      <h4 class="sub">${t('transformer.bigMapTitle', { layer: this.layer + 1, head: this.head + 1 })}</h4>
      ${
        map
          ? html`<attnlab-attention-map
              .map=${map}
              .rowsAxis=${t('transformer.rowsAxis')}
              .colsAxis=${t('transformer.colsAxis')}
              .legendTitle=${t(arch.normalization === 'sigmoid' ? 'transformer.legendSigmoid' : 'transformer.legendSoftmax')}
            ></attnlab-attention-map>`
          : nothing
      }
    `;
  }

  /** Thumbnails of long texts are canvases (one pixel per cell), painted after each render. */
  private paintThumbCanvases(): void {
    const record = this.record;
    if (!record) return;
    for (const canvas of this.renderRoot.querySelectorAll<HTMLCanvasElement>('canvas.thumb-map')) {
      const map = findMap(record, Number(canvas.dataset.layer), Number(canvas.dataset.head));
      if (!map) continue;
      const max = maxValue(map.weights) || 1;
      paintCanvas(
        canvas,
        map.rows,
        map.cols,
        interpolateBlues,
        (i) => Math.max(0, map.weights[i] / max) * 0.95 + 0.02,
      );
    }
  }

  // ---- (3) The computation of one step ----------------------------------------------------------

  /** The notes' formulas for query token i (1-based) in head h (1-based). */
  private formulas(arch: TfArch, i: number, h: number): string[] {
    const score =
      arch.score === 'dot'
        ? String.raw`\alpha_{${i},j} = \frac{q^{${i},${h}} \cdot k^{j,${h}}}{\sqrt{d_k}}`
        : String.raw`\alpha_{${i},j} = w_{${h}}^{\top} \tanh\left(q^{${i},${h}} + k^{j,${h}}\right)`;
    const norm =
      arch.normalization === 'softmax'
        ? String.raw`\alpha'_{${i},j} = \frac{\exp(\alpha_{${i},j})}{\sum_{j'} \exp(\alpha_{${i},j'})}`
        : arch.sigmoidLogN
          ? String.raw`\alpha'_{${i},j} = \sigma(\alpha_{${i},j} - \ln n_{${i}}) = \frac{1}{1 + n_{${i}}\, e^{-\alpha_{${i},j}}}`
          : String.raw`\alpha'_{${i},j} = \sigma(\alpha_{${i},j}) = \frac{1}{1 + e^{-\alpha_{${i},j}}}`;
    const heads = this.range(arch.nHead)
      .map((x) => `b^{${i},${x + 1}}`)
      .join(';\\, ');
    return [
      String.raw`q^{i} = W^{q} a^{i},\quad k^{i} = W^{k} a^{i},\quad v^{i} = W^{v} a^{i}`,
      score,
      norm,
      String.raw`b^{${i},${h}} = \sum_{j${arch.causal ? ` \le ${i}` : ''}} \alpha'_{${i},j}\, v^{j,${h}}`,
      String.raw`b^{${i}} = W^{O} \left[${heads}\right] + b_O`,
    ];
  }

  private renderVector(
    name: string,
    texName: string,
    description: string,
    values: Float32Array | Float64Array | null,
    max: number,
  ): TemplateResult | typeof nothing {
    if (!values) return nothing;
    const floats = values instanceof Float32Array ? values : Float32Array.from(values);
    return html`<div class="vector" data-name=${name} data-dims=${values.length} data-values=${join(values)}>
      <span class="vector-name">${tex(texName)}</span>
      <span class="vector-desc">${description}</span>
      <attnlab-vector-strip .values=${floats} .max=${max} label=${name}></attnlab-vector-strip>
    </div>`;
  }

  private renderStep(record: ForwardRecord, arch: TfArch): TemplateResult {
    const detail = stepDetail(record, arch, this.layer, this.head, this.query);
    const pickers = html`<div class="head-tools">
      ${this.renderLayerPills(arch)} ${this.renderHeadPills(arch)}
    </div>`;
    if (!detail)
      return html`${pickers}
        <div class="placeholder" role="status" data-key="no-step">${t('transformer.noStep')}</div>`;
    const i = detail.query + 1;
    const h = detail.head + 1;
    const label = (j: number) => this.tokenText(record, j);
    const scale =
      Math.max(maxAbs(detail.q), ...detail.k.map(maxAbs), ...detail.v.map(maxAbs), maxAbs(detail.b)) || 1;
    const wide =
      Math.max(maxAbs(detail.input ?? []), maxAbs(detail.concat ?? []), maxAbs(detail.attnOut ?? [])) || 1;
    const sumTex =
      arch.normalization === 'softmax'
        ? String.raw`\sum_j \alpha'_{${i},j}`
        : arch.sigmoidLogN
          ? String.raw`\sum_j \sigma(\alpha_{${i},j} - \ln n_{${i}})`
          : String.raw`\sum_j \sigma(\alpha_{${i},j})`;
    return html`
      ${pickers}
      <section
        class="step"
        data-layer=${detail.layer}
        data-head=${detail.head}
        data-query=${detail.query}
        data-error=${String(detail.error)}
        aria-labelledby="tf-step-title"
      >
        <h4 id="tf-step-title">
          ${t('transformer.stepTitle', { index: i, token: label(detail.query), layer: detail.layer + 1, head: h })}
        </h4>
        <div class="formulas">
          ${this.formulas(arch, i, h).map((f) => html`<div class="formula">${tex(f, true)}</div>`)}
        </div>
        <p class="note">
          ${t('transformer.stepIntro', { d: arch.dModel, dk: detail.dK, heads: arch.nHead })}
        </p>
        <ol class="steps">
          <li>
            <p>${t('transformer.stepInput', { layer: detail.layer + 1 })}</p>
            ${this.renderVector('a', `a^{${i}}`, t('transformer.descA', { token: label(detail.query) }), detail.input, wide)}
            ${this.renderVector('q', `q^{${i},${h}}`, t('transformer.descQ', { head: h, dk: detail.dK }), detail.q, scale)}
          </li>
          <li>
            <p>
              ${t(arch.score === 'dot' ? 'transformer.stepScoresDot' : 'transformer.stepScoresAdditive', { count: detail.keys.length })}
              ${arch.causal ? t('transformer.stepCausal') : ''}
            </p>
            <div class="scroll-box table-box">
              <table class="scores" data-weight-sum=${String(detail.weightSum)}>
                <thead>
                  <tr>
                    <th scope="col">j</th>
                    <th scope="col">${t('transformer.tokenHeader')}</th>
                    <th scope="col">${tex(`\\alpha_{${i},j}`)}</th>
                    <th scope="col">${tex(`\\alpha'_{${i},j}`)}</th>
                    <th scope="col">${tex(`k^{j,${h}}`)}</th>
                    <th scope="col">${tex(`v^{j,${h}}`)}</th>
                  </tr>
                </thead>
                <tbody>
                  ${detail.keys.map((j, idx) => {
                    const w = detail.weights[idx];
                    return html`<tr
                      data-key=${j}
                      data-score=${String(detail.scores[idx])}
                      data-weight=${String(w)}
                      data-v=${join(detail.v[idx])}
                      class=${j === detail.query ? 'self' : ''}
                    >
                      <td class="num">${j + 1}</td>
                      <td dir="auto">${truncateLabel(label(j), 14)}</td>
                      <td class="num" title=${String(detail.scores[idx])}>${fixed(detail.scores[idx], 3)}</td>
                      <td class="num weight" title=${String(w)}>
                        <span class="bar"
                          ><span
                            style="width:${(Math.min(1, Math.max(0, w)) * 100).toFixed(1)}%"
                          ></span></span
                        >${fixed(w, 4)}
                      </td>
                      <td>
                        <attnlab-vector-strip
                          .values=${detail.k[idx]}
                          .max=${scale}
                          label=${`k${j + 1}`}
                        ></attnlab-vector-strip>
                      </td>
                      <td>
                        <attnlab-vector-strip
                          .values=${detail.v[idx]}
                          .max=${scale}
                          label=${`v${j + 1}`}
                        ></attnlab-vector-strip>
                      </td>
                    </tr>`;
                  })}
                </tbody>
                <tfoot>
                  <tr>
                    <td></td>
                    <th scope="row" colspan="2">${tex(sumTex)}</th>
                    <td class="num sum">${fixed(detail.weightSum, 4)}</td>
                    <td colspan="2"></td>
                  </tr>
                </tfoot>
              </table>
            </div>
            ${
              detail.scoreError !== null
                ? html`<p class="check" data-key="score-check" data-error=${String(detail.scoreError)}>
                    ${t('transformer.scoreCheck', { error: exponent(detail.scoreError) })}
                  </p>`
                : html`<p class="note" data-key="score-additive">${t('transformer.scoreAdditiveNote')}</p>`
            }
            <p class="check" data-key="weight-check" data-error=${String(detail.weightError)}>
              ${t(
                arch.normalization === 'softmax'
                  ? 'transformer.softmaxCheck'
                  : arch.sigmoidLogN
                    ? 'transformer.sigmoidLogNCheck'
                    : 'transformer.sigmoidCheck',
                { error: exponent(detail.weightError), n: detail.keys.length },
              )}
            </p>
          </li>
          <li>
            <p>${t('transformer.stepSum')}</p>
            ${this.renderVector('b', `b^{${i},${h}}`, t('transformer.descB'), detail.b, scale)}
            ${this.renderVector('weighted', String.raw`\textstyle\sum_j \alpha'_{${i},j} v^{j,${h}}`, t('transformer.descWeighted'), detail.weighted, scale)}
            <p class="check step-check" data-key="sum-check" data-error=${String(detail.error)}>
              ${t('transformer.sumCheck', { error: exponent(detail.error) })}
            </p>
          </li>
          <li>
            <p>${t('transformer.stepHeads', { heads: arch.nHead })}</p>
            <div class="formula">${tex(this.formulas(arch, i, h)[4], true)}</div>
            ${detail.heads.map((b, x) =>
              this.renderVector(
                `head-${x}`,
                `b^{${i},${x + 1}}`,
                t('transformer.descHead', { head: x + 1 }),
                b,
                scale,
              ),
            )}
            ${this.renderVector(
              'concat',
              String.raw`[${this.range(arch.nHead)
                .map((x) => `b^{${i},${x + 1}}`)
                .join(';')}]`,
              t('transformer.descConcat', { d: arch.dModel }),
              detail.concat,
              wide,
            )}
            ${this.renderVector('attn_out', `b^{${i}}`, t('transformer.descOut', { d: arch.dModel }), detail.attnOut, wide)}
            <p class="note">${t('transformer.stepAfter')}</p>
          </li>
        </ol>
      </section>
    `;
  }

  // ---- Figure -----------------------------------------------------------------------------------

  private renderFigure(): TemplateResult {
    if (this.manifestRead && !this.available.length)
      return html`<div class="placeholder failed" role="status" data-key="no-models">
        ${t('transformer.noModels')}
      </div>`;
    const load = this.current;
    if (!load || load.status === 'loading')
      return html`<div class="placeholder" role="status">${t('transformer.loading')}</div>`;
    if (load.status === 'failed')
      return html`<div class="placeholder failed" role="alert">
        ${t('transformer.loadError', { message: load.error })}
      </div>`;
    if (!hasWords(this.text)) {
      const hint = this.text.trim() === '' ? t('transformer.empty') : t('transformer.noWords');
      return html`<div class="placeholder hint" role="status">${hint}</div>`;
    }
    const record = this.record;
    if (!record)
      return this.runError
        ? html`<div class="placeholder failed" role="status">${t('transformer.noFigure')}</div>`
        : html`<div class="placeholder" role="status">${t('transformer.computing')}</div>`;
    if (!record.tokens.length)
      return html`<div class="placeholder hint" role="status">${t('transformer.noWords')}</div>`;
    const arch = load.model.arch;
    const maskAt = maskPositions(record, load.model.maskId);
    return html`
      <div class="figure-top">
        ${radioPills({
          host: this,
          name: 'views',
          label: t('transformer.viewLabel'),
          options: VIEWS,
          current: this.view,
          text: (v) => t(VIEW_KEYS[v]),
          choose: (v) => {
            this.view = v;
            this.hover = null;
          },
        })}
      </div>
      ${this.renderTokens(record, maskAt)}
      <div class="view" data-view=${this.view} data-tokens=${record.tokens.length}>
        ${
          this.view === 'head'
            ? this.renderHeadView(record, arch)
            : this.view === 'model'
              ? this.renderModelView(record, arch)
              : this.renderStep(record, arch)
        }
      </div>
    `;
  }

  // ---- Masked word / next token -----------------------------------------------------------------

  private renderGuesses(guesses: NextToken[], key: string): TemplateResult {
    return html`<ol class="guesses" data-key=${key}>
      ${guesses.map(
        (g) =>
          html`<li data-id=${g.id} data-p=${String(g.probability)}>
            <span class="piece" dir="auto"
              >${tokenLabel(g.token) === '∅' ? `#${g.id}` : tokenLabel(g.token)}</span
            >
            <span class="bar"><span style="width:${(g.probability * 100).toFixed(1)}%"></span></span>
            <span class="p">${formatPercent(g.probability)}</span>
          </li>`,
      )}
    </ol>`;
  }

  private renderMask(): TemplateResult | typeof nothing {
    const loaded = this.loaded;
    const record = this.record;
    if (!loaded || !hasWords(this.text)) return nothing;
    const logits = record ? findTensor(record, 'logits') : undefined;
    if (loaded.arch.objective === 'lm') {
      const i = this.query;
      const guesses = record && logits && i < logits.rows ? topNext(logits, i, TOP_K, loaded.vocabulary) : [];
      return html`<section class="panel mask-panel" data-mode="next" aria-labelledby="tf-mask-title">
        <h3 id="tf-mask-title">${t('transformer.nextTitle')}</h3>
        <p class="note">${t('transformer.nextIntro')}</p>
        ${
          record && guesses.length
            ? html`<h4 class="sub">${t('transformer.nextAfter', { token: this.tokenText(record, i) })}</h4>
                ${this.renderGuesses(guesses, 'next')}`
            : nothing
        }
      </section>`;
    }
    const words = textWords(this.clipped()).slice(0, MASK_MAX_WORDS);
    const maskAt = record ? maskPositions(record, loaded.maskId) : [];
    const masked = this.masked;
    const guesses =
      record && logits && maskAt.length ? topNext(logits, maskAt[0], TOP_K, loaded.vocabulary) : [];
    return html`<section class="panel mask-panel" data-mode="mask" aria-labelledby="tf-mask-title">
      <h3 id="tf-mask-title">${t('transformer.maskTitle')}</h3>
      <p class="note">${t('transformer.maskIntro')}</p>
      <div class="words" role="group" aria-label=${t('transformer.maskTitle')}>
        ${words.map((w) => {
          const on = masked !== null && masked.start === w.start && masked.end === w.end;
          return html`<button
            type="button"
            class="word ${on ? 'masked' : ''}"
            data-word=${w.text}
            aria-pressed=${on ? 'true' : 'false'}
            dir="auto"
            @click=${() => this.toggleMask(w)}
          >
            ${on ? MASK : w.text}
          </button>`;
        })}
      </div>
      ${
        masked && guesses.length
          ? html`<h4 class="sub" data-key="guesses-title">
                ${t('transformer.guessesTitle', { word: masked.text })}
              </h4>
              ${this.renderGuesses(guesses, 'mask')}
              <p class="note">${t('transformer.guessesNote')}</p>`
          : masked
            ? html`<p class="note" role="status">${t('transformer.computing')}</p>`
            : html`<p class="note" data-key="mask-hint">${t('transformer.maskHint')}</p>`
      }
    </section>`;
  }

  // ---- Positions --------------------------------------------------------------------------------

  private positionRows(arch: TfArch): number {
    return Math.max(2, Math.min(arch.maxLen, PE_ROWS_MAX, Math.max(this.record?.tokens.length ?? 0, 32)));
  }

  private paintPositions(): void {
    const canvas = this.renderRoot.querySelector<HTMLCanvasElement>('canvas.pe');
    const arch = this.loaded?.arch;
    if (!canvas || !arch) return;
    const T = this.positionRows(arch);
    const D = arch.dModel;
    const table = sinusoidalTable(T, D);
    if (canvas.width !== D || canvas.height !== T || canvas.dataset.painted !== `${T}x${D}`) {
      paintCanvas(canvas, T, D, interpolatePuOr, (p) => (Math.max(-1, Math.min(1, table[p])) + 1) / 2);
      canvas.dataset.painted = `${T}x${D}`;
    }
  }

  /**
   * Downloads the positional-encoding table, PE_EXPORT_CELL pixels per value: the canvas as PNG,
   * or one SVG square per value.
   */
  private async exportPositions(format: ExportFormat): Promise<void> {
    const canvas = this.renderRoot.querySelector<HTMLCanvasElement>('canvas.pe');
    const arch = this.loaded?.arch;
    if (!canvas || !arch) return;
    const T = this.positionRows(arch);
    const D = arch.dModel;
    const stem = `positional-encoding-${T}x${D}`;
    if (format === 'png') return download(`${stem}.png`, await canvasToPng(canvas, PE_EXPORT_CELL));
    if (format !== 'svg') return;
    const table = sinusoidalTable(T, D);
    const title = t('transformer.peAria', { rows: T, d: D });
    const text = gridSvg(T, D, PE_EXPORT_CELL, (r, c) => peColor(table[r * D + c]), title);
    download(`${stem}.svg`, text, 'image/svg+xml');
  }

  private onPePointer(event: PointerEvent, arch: TfArch): void {
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    const T = this.positionRows(arch);
    const D = arch.dModel;
    const col = Math.max(0, Math.min(D - 1, Math.floor(((event.clientX - box.left) / box.width) * D)));
    const row = Math.max(0, Math.min(T - 1, Math.floor(((event.clientY - box.top) / box.height) * T)));
    const value = sinusoidalTable(row + 1, D)[row * D + col];
    this.peReadout = t('transformer.peReadout', { t: row, i: col, value: fixed(value, 4) });
  }

  private renderPositions(): TemplateResult | typeof nothing {
    const loaded = this.loaded;
    if (!loaded) return nothing;
    const arch = loaded.arch;
    const T = this.positionRows(arch);
    const record = this.record;
    const positions = record ? findTensor(record, 'positions') : undefined;
    let check: TemplateResult | typeof nothing = nothing;
    if (positions && positions.rows > 0) {
      if (allZero(positions.data)) {
        check = html`<p class="check" data-key="pe-none">${t('transformer.peNone')}</p>`;
      } else {
        const mine = sinusoidalTable(positions.rows, positions.cols);
        let error = 0;
        for (let p = 0; p < mine.length; p++) error = Math.max(error, Math.abs(mine[p] - positions.data[p]));
        check = html`<p class="check" data-key="pe-check" data-error=${String(error)}>
          ${t('transformer.peCheck', { n: positions.rows, error: exponent(error) })}
        </p>`;
      }
    }
    const n = record?.tokens.length ?? 0;
    return html`<section class="panel positions" aria-labelledby="tf-pe-title">
      <h3 id="tf-pe-title">${t('transformer.peTitle')}</h3>
      <p class="note">${t('transformer.peIntro')}</p>
      <div class="formulas">
        ${[
          String.raw`PE_{(t,\,2i)} = \sin\!\left(\frac{t}{10000^{2i/d}}\right)`,
          String.raw`PE_{(t,\,2i+1)} = \cos\!\left(\frac{t}{10000^{2i/d}}\right)`,
          String.raw`a^{t} = x^{t} + PE_{t}`,
        ].map((f) => html`<div class="formula">${tex(f, true)}</div>`)}
      </div>
      <div class="pe-figure">
        <span class="axis-y">${t('transformer.peRows', { rows: T })}</span>
        <div
          class="pe-box"
          role="img"
          aria-label=${t('transformer.peAria', { rows: T, d: arch.dModel })}
          data-rows=${T}
          data-cols=${arch.dModel}
          @pointermove=${(e: PointerEvent) => this.onPePointer(e, arch)}
          @pointerdown=${(e: PointerEvent) => this.onPePointer(e, arch)}
          @pointerleave=${() => (this.peReadout = '')}
        >
          <canvas class="pe"></canvas>
          ${n > 0 && n <= T ? html`<span class="pe-band" style="height:${((n / T) * 100).toFixed(2)}%"></span>` : nothing}
        </div>
        <span class="axis-x">${t('transformer.peCols', { d: arch.dModel })}</span>
        <span class="pe-legend" aria-hidden="true"
          ><span>−1</span><span class="pe-ramp" style="background:${PE_RAMP}"></span><span>+1</span></span
        >
      </div>
      <attnlab-export-buttons
        class="pe-export"
        .figure=${t('export.positions')}
        @attnlab-export=${(event: ExportEvent) => void this.exportPositions(event.detail)}
      ></attnlab-export-buttons>
      <p class="readout" aria-live="polite">${this.peReadout || t('transformer.peHint', { n })}</p>
      ${check} ${this.renderShuffle(arch)}
    </section>`;
  }

  private renderShuffle(arch: TfArch): TemplateResult {
    const state = this.shuffle;
    const title = html`<h4 class="sub">${t('transformer.shuffleTitle')}</h4>
      <p class="note">${t('transformer.shuffleIntro')}</p>`;
    if (!this.available.includes('nopos'))
      return html`<div class="shuffle" data-status="unavailable">
        ${title}
        <p class="note" data-key="no-nopos">${t('transformer.noNopos')}</p>
      </div>`;
    if (state.status === 'failed')
      return html`<div class="shuffle" data-status="failed">
        ${title}
        <p class="message" data-kind="error">${t('transformer.loadError', { message: state.error })}</p>
      </div>`;
    if (state.status === 'few')
      return html`<div class="shuffle" data-status="few">
        ${title}
        <p class="note">${t('transformer.shuffleFew')}</p>
      </div>`;
    if (state.status !== 'ready')
      return html`<div class="shuffle" data-status=${state.status}>
        ${title}
        <p class="note" role="status">${t('transformer.computing')}</p>
      </div>`;
    const layer = Math.min(this.layer, this.shuffleModel ? this.shuffleModel.arch.nLayer - 1 : 0);
    const head = Math.min(this.head, this.shuffleModel ? this.shuffleModel.arch.nHead - 1 : 0);
    const a = findMap(state.original, layer, head);
    const b = findMap(state.shuffled, layer, head);
    const equal = state.error <= PERMUTATION_TOLERANCE;
    const verdict =
      state.perm === null
        ? t('transformer.shuffleMismatch')
        : t(equal ? 'transformer.shuffleEqual' : 'transformer.shuffleDiffer', {
            error: exponent(state.error),
            tolerance: exponent(PERMUTATION_TOLERANCE),
            maps: state.original.maps.length,
          });
    return html`<div
      class="shuffle"
      data-status="ready"
      data-error=${String(state.error)}
      data-equal=${equal ? 'true' : 'false'}
      data-perm=${state.perm ? Array.from(state.perm).join(' ') : ''}
    >
      ${title}
      <div class="shuffle-texts">
        <p>
          <span class="tag">${t('transformer.original')}</span> <q dir="auto">${state.originalText.trim()}</q>
        </p>
        <p>
          <span class="tag">${t('transformer.shuffled')}</span> <q dir="auto">${state.shuffledText.trim()}</q>
        </p>
        <button type="button" class="small-button" data-key="reshuffle" @click=${() => this.reshuffle()}>
          ${t('transformer.reshuffle')}
        </button>
      </div>
      <div class="pair">
        <div class="pair-item" data-which="original">
          <h5>${t('transformer.mapOriginal', { layer: layer + 1, head: head + 1 })}</h5>
          ${a ? html`<attnlab-attention-map .map=${a} .rowsAxis=${t('transformer.rowsAxis')} .colsAxis=${t('transformer.colsAxis')}></attnlab-attention-map>` : nothing}
        </div>
        <div class="pair-item" data-which="shuffled">
          <h5>${t('transformer.mapShuffled', { layer: layer + 1, head: head + 1 })}</h5>
          ${b ? html`<attnlab-attention-map .map=${b} .rowsAxis=${t('transformer.rowsAxis')} .colsAxis=${t('transformer.colsAxis')}></attnlab-attention-map>` : nothing}
        </div>
      </div>
      <p class="check verdict ${equal ? 'ok' : 'bad'}" data-key="shuffle-verdict" role="status">${verdict}</p>
      <p class="note">
        ${t(arch.positional === 'none' ? 'transformer.shuffleWhyNone' : 'transformer.shuffleWhy')}
      </p>
    </div>`;
  }

  // ---- Self-attention against RNN and CNN -----------------------------------------------------

  private renderCompare(): TemplateResult | typeof nothing {
    const loaded = this.loaded;
    const record = this.record;
    if (!loaded) return nothing;
    const n = record && hasWords(this.text) ? record.tokens.length : 0;
    const d = loaded.arch.dModel;
    const causal = loaded.arch.causal;
    const title = html`<h3 id="tf-compare-title">${t('transformer.compareTitle')}</h3>`;
    if (n === 0)
      return html`<section class="panel compare" aria-labelledby="tf-compare-title" data-n="0">
        ${title}
        <p class="note">${t('transformer.compareEmpty')}</p>
      </section>`;
    const k = this.convK;
    const L = this.convL;
    const i = Math.min(this.rfToken ?? this.query, n - 1);
    const costs = layerCosts(n, d, k, causal);
    const [att, rnn, cnn] = costs;
    const cell = (
      kind: string,
      metric: string,
      value: number,
      formula: string,
      text = formatInteger(value),
    ) =>
      html`<td class="num" data-kind=${kind} data-metric=${metric} data-value=${value}>
        ${tex(formula)} = ${text}
      </td>`;
    const field = receptiveField(n, i, k, L, causal);
    const cellW = Math.max(6, Math.min(26, Math.floor(300 / n) - 1));
    const rfRow = (kind: string, layers: number, reach: boolean[], caption: string) => {
      const count = reach.filter(Boolean).length;
      return html`<div class="rf-row" data-kind=${kind} data-layers=${layers} data-reached=${count}>
        <span class="rf-caption">${caption}</span>
        <span class="rf-count">${t('transformer.rfCount', { count, n })}</span>
        <span class="rf-cells" style="--cell:${cellW}px">
          ${reach.map(
            (on, j) =>
              html`<span
                class="rf-cell ${on ? 'on' : ''} ${j === i ? 'me' : ''}"
                data-token=${j}
                title=${`${j + 1}: ${this.tokenText(record as ForwardRecord, j)}`}
              ></span>`,
          )}
        </span>
      </div>`;
    };
    const cheaper = n < d;
    return html`<section class="panel compare" aria-labelledby="tf-compare-title" data-n=${n} data-d=${d}>
      ${title}
      <p class="note">${t('transformer.compareIntro', { n, d })}</p>
      <div class="scroll-box table-box">
        <table class="costs">
          <thead>
            <tr>
              <th scope="col">${t('transformer.layerType')}</th>
              <th scope="col">${t('transformer.sequential')}</th>
              <th scope="col">${t('transformer.pathLength')}</th>
              <th scope="col">${t('transformer.multiplyAdds')}</th>
            </tr>
          </thead>
          <tbody>
            <tr data-kind="attention">
              <th scope="row">${t('transformer.kindAttention')}</th>
              ${cell('attention', 'sequential', att.sequential, 'O(1)')}
              ${cell('attention', 'path', att.path, 'O(1)')}
              ${cell('attention', 'flops', att.multiplyAdds, 'n^2 d')}
            </tr>
            <tr data-kind="rnn">
              <th scope="row">${t('transformer.kindRnn')}</th>
              ${cell('rnn', 'sequential', rnn.sequential, 'O(n)')} ${cell('rnn', 'path', rnn.path, 'O(n)')}
              ${cell('rnn', 'flops', rnn.multiplyAdds, 'n d^2')}
            </tr>
            <tr data-kind="cnn">
              <th scope="row">${t('transformer.kindCnn', { k })}</th>
              ${cell('cnn', 'sequential', cnn.sequential, 'O(1)')}
              ${cell(
                'cnn',
                'path',
                cnn.path,
                'O(n/k)',
                t('transformer.cnnPath', {
                  layers: formatInteger(cnn.path),
                  dilated: formatInteger(cnn.pathDilated ?? 0),
                }),
              )}
              ${cell('cnn', 'flops', cnn.multiplyAdds, 'k\\,n d^2')}
            </tr>
          </tbody>
        </table>
      </div>
      <p class="note" data-key="cheaper" data-cheaper=${cheaper ? 'attention' : 'rnn'}>
        ${t(cheaper ? 'transformer.cheaperAttention' : 'transformer.cheaperRnn', { n, d })}
      </p>
      <h4 class="sub">${t('transformer.rfTitle')}</h4>
      <div class="rf-controls">
        <label
          >${t('transformer.rfK')}
          <select
            data-key="k"
            .value=${String(k)}
            @change=${(e: Event) => (this.convK = Number((e.target as HTMLSelectElement).value))}
          >
            ${[3, 5, 7, 9].map((v) => html`<option value=${v} ?selected=${v === k}>${v}</option>`)}
          </select></label
        >
        <label
          >${t('transformer.rfL', { layers: L })}
          <input
            type="range"
            data-key="layers"
            min="1"
            max="8"
            .value=${String(L)}
            @input=${(e: Event) => (this.convL = Number((e.target as HTMLInputElement).value))}
        /></label>
        <label
          >${t('transformer.rfI', { index: i + 1, token: truncateLabel(this.tokenText(record as ForwardRecord, i), 12) })}
          <input
            type="range"
            data-key="token"
            min="1"
            max=${n}
            .value=${String(i + 1)}
            @input=${(e: Event) => (this.rfToken = Number((e.target as HTMLInputElement).value) - 1)}
        /></label>
      </div>
      <div class="scroll-box rf" data-token=${i}>
        ${field.conv.map((reach, l) => rfRow('cnn', l + 1, reach, t('transformer.rfConvRow', { layers: l + 1, k })))}
        ${rfRow('attention', 1, field.attention, t('transformer.rfAttentionRow'))}
      </div>
      <p class="note">${t(causal ? 'transformer.rfNoteCausal' : 'transformer.rfNote')}</p>
    </section>`;
  }

  protected override updated(): void {
    this.paintThumbCanvases();
    this.paintPositions();
    reflectAttributes(this, this.reflected);
  }

  override render(): TemplateResult {
    const messages = this.messages();
    const panels = this.shown.panels;
    return html`
      ${sentenceInput({
        controls: this.controls,
        id: 'tf-sentence',
        label: t('transformer.inputLabel'),
        placeholder: t('transformer.placeholder'),
        messagesId: 'tf-messages',
        text: this.text,
        onInput: this.onInput,
        switches: this.renderModels(),
      })}
      ${this.renderCard()} ${renderMessages('tf-messages', messages)}
      <div class="figure" aria-busy=${this.busy || this.current?.status === 'loading' ? 'true' : 'false'}>
        ${this.shown.mode === null ? nothing : this.renderFigure()}
      </div>
      ${panels.includes('mask') ? this.renderMask() : nothing}
      ${panels.includes('positions') ? this.renderPositions() : nothing}
      ${panels.includes('compare') ? this.renderCompare() : nothing}
    `;
  }

  static override styles = [
    placeholderBox,
    lessonBase,
    pills,
    srOnly,
    unsafeCSS(katexCss),
    teacherModeStyles,
    lessonChrome,
    css`
      .figure-top,
      .head-tools {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem 1.2rem;
        margin-bottom: 0.5rem;
      }
      h3,
      h4,
      h5 {
        margin: 0;
      }
      h3 {
        font-size: 1.05rem;
      }
      .sub {
        margin: 1rem 0 0.4rem;
        font-size: 0.95rem;
      }
      h5 {
        margin-bottom: 0.3rem;
        font-size: 0.88rem;
      }
      .note {
        margin: 0.35rem 0;
        font-size: 0.85rem;
        color: var(--attn-muted, #5b6678);
        overflow-wrap: anywhere;
      }
      .check {
        margin: 0.35rem 0;
        padding: 0.3rem 0.6rem;
        border-radius: 6px;
        background: #ebfbee;
        color: #1e5b2a;
        font-size: 0.85rem;
        font-variant-numeric: tabular-nums;
        overflow-wrap: anywhere;
      }
      .check.bad {
        background: #fff4e6;
        color: #7a3a00;
      }
      .scroll-box {
        max-width: 100%;
        overflow: auto;
        border: 1px solid #e3e8ef;
        border-radius: 8px;
        background: #fff;
      }
      .token-pick {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.3rem 0.5rem;
        margin: 0.3rem 0 0.7rem;
      }
      .chips {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem;
        min-width: 0;
        max-height: 9rem;
        overflow: auto;
      }
      .chip,
      .word {
        max-width: 12rem;
        padding: 0.1rem 0.45rem;
        overflow: hidden;
        border: 1px solid #dbe4f0;
        border-radius: 4px;
        background: #f3f6fb;
        color: inherit;
        font: inherit;
        font-size: 0.88rem;
        text-overflow: ellipsis;
        white-space: nowrap;
        cursor: pointer;
        unicode-bidi: isolate;
      }
      .chip[aria-pressed='true'] {
        border-color: #c92a2a;
        background: #fff5f5;
        color: #a61e1e;
        font-weight: 600;
      }
      .chip.mask,
      .word.masked {
        border-style: dashed;
        border-color: #5f3dc4;
        background: #f3f0ff;
        color: #4527a0;
      }
      .chip:focus-visible,
      .word:focus-visible,
      .head-toggle:focus-visible,
      .thumb:focus-visible,
      .small-button:focus-visible,
      select:focus-visible,
      input:focus-visible {
        outline: 3px solid var(--attn-focus, #74a9e8);
        outline-offset: 1px;
      }
      .head-toggles {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.35rem;
      }
      .head-toggle {
        display: inline-flex;
        align-items: center;
        gap: 0.35rem;
        padding: 0.25rem 0.7rem;
        border: 2px solid var(--head);
        border-radius: 999px;
        background: #fff;
        color: inherit;
        font: inherit;
        font-size: 0.9rem;
        cursor: pointer;
      }
      .head-toggle[aria-pressed='false'] {
        border-style: dashed;
        opacity: 0.6;
      }
      .head-toggle .swatch {
        background: var(--head);
      }
      .head-toggle[aria-pressed='false'] .swatch {
        background: transparent;
        border: 1px solid var(--head);
      }
      .swatch {
        display: inline-block;
        box-sizing: border-box;
        width: 0.9rem;
        height: 0.9rem;
        border-radius: 3px;
        vertical-align: -0.1rem;
      }
      .head-box {
        max-height: min(70vh, 34rem);
      }
      svg.head-view {
        display: block;
        margin: 0 auto;
        font-size: 13px;
      }
      svg.head-view .col-title {
        fill: var(--attn-muted, #5b6678);
        font-size: 11px;
      }
      svg.head-view g.q {
        cursor: pointer;
        outline: none;
      }
      svg.head-view g.q rect {
        fill: transparent;
      }
      svg.head-view g.q.active rect {
        fill: #fff5f5;
        stroke: #c92a2a;
      }
      svg.head-view g.q:focus-visible rect {
        stroke: var(--attn-focus, #74a9e8);
        stroke-width: 3;
      }
      svg.head-view g.q.active text {
        fill: #a61e1e;
        font-weight: 600;
      }
      svg.head-view text {
        fill: var(--attn-text, #1d2433);
      }
      .head-top {
        margin: 0.4rem 0 0;
        padding: 0;
        list-style: none;
        font-size: 0.85rem;
        font-variant-numeric: tabular-nums;
        overflow-wrap: anywhere;
      }
      .thumbs {
        display: grid;
        grid-template-columns: repeat(var(--cols), minmax(0, 11rem));
        gap: 0.6rem;
      }
      .thumb {
        display: flex;
        flex-direction: column;
        gap: 0.25rem;
        padding: 0.35rem;
        border: 1px solid var(--attn-border, #c9d3e3);
        border-radius: 8px;
        background: #fff;
        font: inherit;
        cursor: pointer;
      }
      .thumb[aria-pressed='true'] {
        border-color: var(--attn-accent, #1f5fa8);
        box-shadow: 0 0 0 2px var(--attn-accent, #1f5fa8);
      }
      .thumb-title {
        font-size: 0.8rem;
        border-left: 4px solid var(--head);
        padding-left: 0.3rem;
        text-align: left;
      }
      .thumb-map {
        display: block;
        width: 100%;
        aspect-ratio: 1;
        image-rendering: pixelated;
      }
      .formulas {
        display: flex;
        flex-wrap: wrap;
        gap: 0 2rem;
        overflow-x: auto;
      }
      .formula {
        max-width: 100%;
        overflow-x: auto;
        overflow-y: hidden;
      }
      .formula .katex-display {
        margin: 0.35rem 0;
      }
      @media (max-width: 480px) {
        .formula .katex-display {
          font-size: 0.85em;
        }
      }
      .step {
        margin-top: 0.5rem;
        padding: 0.8rem 1rem;
        border: 1px solid #f1c9a5;
        border-left: 4px solid #e8590c;
        border-radius: 10px;
        background: #fffdfa;
        min-width: 0;
      }
      @media (max-width: 480px) {
        .step {
          padding: 0.6rem 0.5rem;
        }
      }
      .step h4 {
        font-size: 1rem;
        overflow-wrap: anywhere;
      }
      ol.steps {
        margin: 0.5rem 0 0;
        padding-left: 1.2rem;
      }
      ol.steps > li {
        margin-bottom: 0.8rem;
      }
      ol.steps > li > p {
        margin: 0.2rem 0 0.4rem;
      }
      .vector {
        display: grid;
        grid-template-columns: minmax(4.5rem, auto) minmax(0, 1fr);
        align-items: center;
        gap: 0.1rem 0.6rem;
        margin: 0.35rem 0;
        font-size: 0.85rem;
      }
      .vector-desc {
        color: var(--attn-muted, #5b6678);
      }
      .vector attnlab-vector-strip {
        grid-column: 1 / -1;
      }
      .table-box {
        max-height: 24rem;
      }
      table {
        border-collapse: collapse;
        font-size: 0.85rem;
        font-variant-numeric: tabular-nums;
      }
      table.scores {
        width: max-content;
        min-width: 100%;
      }
      th,
      td {
        padding: 0.2rem 0.5rem;
        border-bottom: 1px solid #eef1f5;
        text-align: left;
        white-space: nowrap;
      }
      thead th {
        position: sticky;
        top: 0;
        z-index: 1;
        background: #f6f8fb;
      }
      td.num {
        text-align: right;
      }
      table.costs {
        width: 100%;
      }
      table.costs th,
      table.costs td {
        white-space: normal;
      }
      table.costs thead th {
        vertical-align: bottom;
      }
      td.weight {
        display: flex;
        align-items: center;
        justify-content: end;
        gap: 0.4rem;
      }
      tr.self td {
        color: #a61e1e;
        font-weight: 600;
      }
      .bar {
        display: inline-block;
        width: 3.5rem;
        height: 0.55rem;
        border-radius: 3px;
        background: #dbe4f0;
        overflow: hidden;
      }
      .bar > span {
        display: block;
        height: 100%;
        background: var(--attn-accent, #1f5fa8);
      }
      .panel {
        margin-top: 1.6rem;
        padding-top: 1rem;
        border-top: 1px solid #e3e8ef;
        min-width: 0;
      }
      .words {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem;
        margin: 0.4rem 0;
      }
      .guesses {
        margin: 0.3rem 0;
        padding: 0.5rem 0.8rem;
        max-width: 26rem;
        list-style: none;
        border-radius: 10px;
        background: #eef3fa;
      }
      .guesses li {
        display: grid;
        grid-template-columns: minmax(4rem, auto) 1fr auto;
        align-items: center;
        gap: 0.5rem;
        padding: 0.15rem 0;
        font-variant-numeric: tabular-nums;
      }
      .guesses .bar {
        width: 100%;
      }
      .piece {
        font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
        overflow-wrap: anywhere;
      }
      .pe-figure {
        display: grid;
        grid-template-columns: auto minmax(0, 1fr);
        gap: 0.2rem 0.4rem;
        max-width: 40rem;
        margin-top: 0.4rem;
      }
      .axis-y {
        writing-mode: vertical-rl;
        transform: rotate(180deg);
        font-size: 0.78rem;
        color: var(--attn-muted, #5b6678);
        text-align: center;
      }
      .axis-x {
        grid-column: 2;
        font-size: 0.78rem;
        color: var(--attn-muted, #5b6678);
        text-align: center;
      }
      .pe-legend {
        grid-column: 2;
        display: flex;
        align-items: center;
        justify-content: center;
        gap: 0.4rem;
        font-size: 0.78rem;
        color: var(--attn-muted, #5b6678);
      }
      .pe-ramp {
        display: inline-block;
        width: 8rem;
        height: 0.6rem;
        border: 1px solid #c8d1de;
      }
      .pe-box {
        position: relative;
        border: 1px solid #c8d1de;
        cursor: crosshair;
        touch-action: none;
      }
      canvas.pe {
        display: block;
        width: 100%;
        height: 16rem;
        image-rendering: pixelated;
      }
      .pe-band {
        position: absolute;
        top: 0;
        left: 0;
        right: 0;
        box-sizing: border-box;
        border: 2px solid #c92a2a;
        pointer-events: none;
      }
      .readout {
        min-height: 1.2rem;
        margin: 0.3rem 0;
        font-size: 0.85rem;
        font-variant-numeric: tabular-nums;
      }
      .shuffle-texts {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.2rem 1rem;
        font-size: 0.9rem;
      }
      .shuffle-texts p {
        margin: 0.2rem 0;
        overflow-wrap: anywhere;
      }
      .tag {
        display: inline-block;
        padding: 0 0.4rem;
        border-radius: 4px;
        background: #e7f0fb;
        color: #173f6b;
        font-size: 0.8rem;
      }
      .small-button {
        padding: 0.25rem 0.8rem;
        border: 1px solid var(--attn-border, #c9d3e3);
        border-radius: 999px;
        background: #fff;
        font: inherit;
        font-size: 0.88rem;
        cursor: pointer;
      }
      .pair {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr));
        gap: 1rem;
        margin-top: 0.5rem;
      }
      .pair-item {
        min-width: 0;
      }
      .rf-controls {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 1.4rem;
        margin: 0.3rem 0 0.5rem;
        font-size: 0.88rem;
      }
      .rf-controls label {
        display: flex;
        align-items: center;
        gap: 0.4rem;
        font-weight: 400;
      }
      .rf {
        padding: 0.4rem;
      }
      .rf-row {
        display: grid;
        grid-template-columns: auto auto;
        justify-content: start;
        align-items: baseline;
        gap: 0.1rem 0.8rem;
        margin: 0.1rem 0 0.45rem;
      }
      .rf-caption {
        font-size: 0.8rem;
      }
      .rf-cells {
        grid-column: 1 / -1;
        display: flex;
        gap: 1px;
        width: max-content;
      }
      .rf-cell {
        box-sizing: border-box;
        width: var(--cell);
        height: 16px;
        border-radius: 2px;
        background: #eef1f5;
      }
      .rf-cell.on {
        background: #4c8ed8;
      }
      .rf-row[data-kind='attention'] .rf-cell.on {
        background: #e8590c;
      }
      .rf-cell.me {
        outline: 2px solid #1d2433;
        outline-offset: -2px;
      }
      .rf-count {
        font-size: 0.8rem;
        color: var(--attn-muted, #5b6678);
        white-space: nowrap;
      }
    `,
  ];
}

customElements.define('attnlab-transformer', TransformerElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-transformer': TransformerElement;
  }
}
