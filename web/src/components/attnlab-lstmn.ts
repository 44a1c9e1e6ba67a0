// <attnlab-lstmn>: lesson 2, an RNN that reads with self-attention (Cheng, Dong & Lapata 2016).
// The student types English; a small language model trained on Jane Austen (models/lm-*) reads it
// one piece at a time in a worker. At step i it attends over h_1..h_i and predicts the next piece
// from [h_i; c_i]. The view shows, per word, how much each step read every earlier word (the
// reading figure and the same numbers as a heat map), every number of one chosen step, the
// model's next-word guesses, and the recall-versus-distance result. Baselines without attention
// (plain SimpleRNN / LSTM) show their guesses only.
// UI state (text, model, view, chosen step, last record) lives here; the view is re-drawn from it.

import { LitElement, css, html, nothing, svg, unsafeCSS, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { interpolateRdBu } from 'd3';
import katexCss from 'katex/dist/katex.min.css?inline';
import { LatestForward } from '../lessons/shared/latest-forward';
import { ModelSet, type LoadState } from '../lessons/shared/model-set';
import { modelLoader, servedFolders, type EngineModel } from '../lessons/shared/load-model';
import { hasForeignLetters, messageLadder, renderMessages, type Message } from '../lessons/shared/messages';
import {
  groupMap,
  groupRow,
  parseRecallCurve,
  pieceGroups,
  summarizeLmCard,
  tokenVocabulary,
  topNext,
  wordGroups,
  type LmCard,
  type RecallCurve,
  type WordGroup,
} from '../engine/lm';
import { modelUrl } from '../engine/model-folder';
import { fetchAsset } from '../engine/assets';
import { defaultModelBase } from '../engine/model-base';
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
import { clipText, hasWords, type AttentionMap, type ForwardRecord, type Tensor } from '../engine/records';
import { LocaleController, currentLanguage, formatInteger, formatPercent, t } from '../i18n';
import { radioPills } from './radio-pills';
import { typeset } from './typeset';
import { placeholderBox, lessonBase, lessonChrome, pills, srOnly } from './shared-styles';
import { LSTMN_MODELS, modelLabels, type LmModel } from '../lessons/shared/models';
import '../figures/attention-map';
import '../figures/recall-chart';

export const DEFAULT_LSTMN_SENTENCE = 'The FBI is chasing a criminal on the run.';
/** Longer input is cut to this many characters (code points) before it reaches the engine. */
export const LSTMN_MAX_CHARS = 2000;
/** The reading figure lists at most this many rows; the heat map below shows every row. */
export const MAX_READING_ROWS = 60;
const TOP_K = 5;
/** The next-word box quotes at most this many characters of the text before the guess. */
const PREFIX_CHARS = 40;

const MODEL_KEYS = modelLabels(LSTMN_MODELS);

type View = 'words' | 'pieces';
const SPEC = LESSONS.lstmn;

/** What the config says about the architecture: which formulas and vectors the step panel shows. */
interface Architecture {
  attention: boolean; // rnn_self_attention (false: the rnn_lm baseline)
  cell: 'rnn' | 'lstm';
  withH: boolean; // variant "ch": h_i = tanh(A [x_i; c_{i-1}; h_{i-1}] + b)
  score: string; // align function: additive, dot, scaled_dot, general
}

function architectureOf(config: Record<string, unknown>): Architecture {
  return {
    attention: config.architecture === 'rnn_self_attention',
    cell: config.cell === 'lstm' ? 'lstm' : 'rnn',
    withH: config.variant === 'ch',
    score: typeof config.score === 'string' ? config.score : 'additive',
  };
}

/** The slide formulas of one architecture, in TeX. */
function formulas(arch: Architecture): string[] {
  const ctx = arch.cell === 'lstm' ? String.raw`\tilde h` : 'c';
  if (!arch.attention) {
    return [
      arch.cell === 'lstm'
        ? String.raw`(h_i, m_i) = \mathrm{LSTM}\left(x_i,\ h_{i-1},\ m_{i-1}\right)`
        : String.raw`h_i = \tanh\left(W x_i + U h_{i-1} + b\right)`,
      String.raw`p(\,\cdot \mid w_1 \dots w_i) = \operatorname{softmax}\left(W_o\, h_i + b_o\right)`,
    ];
  }
  const cell =
    arch.cell === 'lstm'
      ? String.raw`(h_i, m_i) = \mathrm{LSTM}\left(x_i,\ \tilde h_{i-1},\ \tilde c_{i-1}\right)`
      : arch.withH
        ? String.raw`h_i = \tanh\left(A\,[x_i;\, c_{i-1};\, h_{i-1}] + b\right)`
        : String.raw`h_i = \tanh\left(A\,[x_i;\, c_{i-1}] + b\right)`;
  const align: Record<string, string> = {
    additive: String.raw`\operatorname{align}(h_j, h_i) = v^\top \tanh\left(W_K h_j + W_Q h_i\right)`,
    dot: String.raw`\operatorname{align}(h_j, h_i) = (W_K h_j)^\top (W_Q h_i)`,
    scaled_dot: String.raw`\operatorname{align}(h_j, h_i) = (W_K h_j)^\top (W_Q h_i) / \sqrt{d}`,
    general: String.raw`\operatorname{align}(h_j, h_i) = h_j^\top W\, h_i`,
  };
  return [
    cell,
    String.raw`\alpha_j = \operatorname{softmax}_j\big(\operatorname{align}(h_j, h_i)\big),\quad j \le i`,
    ...(align[arch.score] ? [align[arch.score]] : []),
    arch.cell === 'lstm'
      ? String.raw`\tilde h_i = \sum_{j \le i} \alpha_j h_j,\qquad \tilde c_i = \sum_{j \le i} \alpha_j m_j`
      : String.raw`c_i = \sum_{j \le i} \alpha_j h_j`,
    String.raw`p(\,\cdot \mid w_1 \dots w_i) = \operatorname{softmax}\left(W_o\,[h_i;\, ${ctx}_i] + b_o\right)`,
  ];
}

/** A piece as text with its white space visible: leading space ␣, new line ↵, tab ⇥. */
const showPiece = (piece: string) =>
  piece === '' ? '∅' : piece.replace(/ /g, '␣').replace(/\n/g, '↵').replace(/\t/g, '⇥').replace(/\r/g, '␍');

const formatWeight = (w: number) => w.toFixed(4);
const formatValue = (v: number) => (Number.isFinite(v) ? v.toFixed(4) : String(v));

/** Blue shading of an attention weight (0..1): the lesson's accent colour at opacity alpha. */
// At most 50% of the accent blue, so dark text stays at WCAG AA contrast on every shade.
const shade = (alpha: number) => `rgba(31, 95, 168, ${(0.5 * Math.max(0, Math.min(1, alpha))).toFixed(3)})`;

/** One trained model and the worker that runs it. */
interface LoadedModel extends EngineModel {
  card: LmCard;
  arch: Architecture;
  vocabulary: string[]; // id -> piece text
}

const lmModel = ({ engine, info }: EngineModel): LoadedModel => ({
  engine,
  info,
  card: summarizeLmCard(info.card),
  arch: architectureOf(info.config),
  vocabulary: tokenVocabulary(info.config.tokenizer),
});

type RecallState =
  { status: 'loading' } | { status: 'ready'; curve: RecallCurve } | { status: 'failed'; error: string };

/** What the figures draw for a record and a view, computed once per (record, view). */
interface Reading {
  record: ForwardRecord;
  view: View;
  groups: WordGroup[];
  map: AttentionMap | null; // (groups, groups), null for a model without attention
  rows: Float64Array[]; // weights of each row of map in double, (r + 1) each
  tensor: (name: string) => Tensor | undefined;
}

export class LstmnElement extends LitElement implements EmbedAttributes {
  static override properties = {
    sentence: { type: String },
    ...embedProperties,
    attrStep: { type: String, attribute: 'step' },
    shown: { state: true },
    text: { state: true },
    model: { state: true },
    view: { state: true },
    selected: { state: true },
    readout: { state: true },
    recall: { state: true },
  };

  /** The sentence (attribute `sentence`; the text box writes what is typed back to it). */
  declare sentence: string;
  /** Attributes model, view, controls, lang and step (docs/embedding.md). */
  declare attrModel: string | null | undefined;
  declare attrView: string | null | undefined;
  declare controls: string | null | undefined;
  declare attrLang: string | null | undefined;
  declare attrStep: string | null | undefined;
  /** What `view` asks for: the reading figure (words or pieces) and the panels. */
  declare shown: ViewChoice;
  declare text: string;
  declare model: LmModel;
  declare view: View;
  /** Token index of the step the step panel shows; null: panel closed. */
  declare selected: number | null;
  /** The exact weight under the pointer or of the focused row, in words. */
  declare readout: string;
  declare recall: RecallState;

  private readonly forwards = new LatestForward(this);
  private readonly models = new ModelSet<LmModel, LoadedModel>(this, {
    lesson: LSTMN_MODELS,
    load: modelLoader(lmModel),
    manifest: servedFolders,
    onReady: (model) => {
      if (model === this.model) this.compute();
    },
  });
  private reading: Reading | null = null;
  /** The record the last update saw (a new one may close the step panel). */
  private seenRecord: ForwardRecord | null = null;

  /** Models whose folder the page serves (models/index.json). */
  private get available(): LmModel[] {
    return this.models.available;
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

  constructor() {
    super();
    new LocaleController(this);
    this.sentence = DEFAULT_LSTMN_SENTENCE;
    this.text = DEFAULT_LSTMN_SENTENCE;
    this.model = 'rnn-selfattn';
    this.view = 'words';
    this.selected = null;
    this.readout = '';
    this.recall = { status: 'loading' };
    this.shown = parseView(null, SPEC.view);
  }

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    // Attributes set from outside: the element follows them.
    if (changed.has('attrLang')) applyLanguageAttribute(this.attrLang);
    if (changed.has('sentence') && typeof this.sentence === 'string' && this.sentence !== this.text) {
      this.text = this.sentence;
      this.readout = '';
      this.compute();
    }
    const model = parseModel(this.attrModel, SPEC) as LmModel | null;
    if (changed.has('attrModel') && model && model !== this.model) {
      if (this.available.length) this.chooseModel(model);
      else this.model = model;
    }
    if (changed.has('attrView') && this.attrView != null) {
      this.shown = parseView(this.attrView, SPEC.view);
      if (this.shown.mode === 'words' || this.shown.mode === 'pieces') this.chooseView(this.shown.mode);
    }
    if (changed.has('attrStep') && this.attrStep != null) this.selected = parseIndex(this.attrStep);
    const newRecord = this.record !== this.seenRecord;
    this.seenRecord = this.record;
    if (newRecord && this.record && this.selected !== null && this.selected >= this.record.tokens.length)
      this.selected = null;
    // And the state goes back to the attributes (written in updated()).
    const out = (this.reflected = this.attributeValues());
    this.sentence = out.sentence.value;
    this.attrModel = out.model.value;
    this.attrView = out.view.value;
    this.attrStep = out.step.value;
  }

  override updated(): void {
    reflectAttributes(this, this.reflected);
  }

  /** attributeValues() as willUpdate computed it, for updated() to write (once per update). */
  private reflected: Record<string, Reflected> = {};

  /** The lesson's state as attribute text (the app page puts it in the URL). */
  private attributeValues(): Record<'sentence' | 'model' | 'view' | 'step', Reflected> {
    const mode = this.shown.mode === null ? null : this.view;
    const view = formatView({ mode, panels: this.shown.panels }, SPEC.view);
    const step = this.selected === null ? '' : formatIndex(this.selected);
    return {
      sentence: { value: this.text, isDefault: this.text === DEFAULT_LSTMN_SENTENCE },
      model: { value: this.model, isDefault: this.model === 'rnn-selfattn' },
      view: { value: view, isDefault: view === 'all' },
      step: { value: step, isDefault: step === '' },
    };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.start();
    void this.loadRecall();
  }

  private async start(): Promise<void> {
    // Without a manifest the default model is still tried, so a missing model says so.
    await this.models.readManifest();
    if (!this.available.includes(this.model)) this.model = this.available[0];
    await this.ensureLoaded(this.model);
  }

  private async loadRecall(): Promise<void> {
    try {
      const url = modelUrl(defaultModelBase(), 'recall-curve.json');
      const response = await fetchAsset(url);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      this.recall = { status: 'ready', curve: parseRecallCurve(await response.json()) };
    } catch (error) {
      this.recall = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
  }

  private ensureLoaded(model: LmModel): Promise<void> {
    return this.models.ensure(model);
  }

  private get current(): LoadState<LoadedModel> | undefined {
    return this.models.state(this.model);
  }

  private get loaded(): LoadedModel | null {
    return this.models.ready(this.model);
  }

  private onInput(event: Event): void {
    this.text = (event.target as HTMLTextAreaElement).value;
    this.readout = '';
    this.compute();
  }

  private chooseModel(model: LmModel): void {
    if (model === this.model) return;
    this.model = model;
    this.forwards.reset();
    this.readout = '';
    if (this.loaded) this.compute();
    else void this.ensureLoaded(model);
  }

  private chooseView(view: View): void {
    this.view = view;
    this.readout = '';
  }

  /** What the text box holds, as the engine will see it (cut to the character limit). */
  private input(): string {
    return clipText(this.text, LSTMN_MAX_CHARS).text;
  }

  /** Asks the engine for the current text (latest wins, see LatestForward). */
  private compute(): void {
    const input = this.input();
    if (!hasWords(input)) return this.forwards.clear(); // empty, punctuation or symbols only: a message
    const model = this.model;
    this.forwards.run(this.loaded?.engine, input, () => model === this.model);
  }

  /** The figures' data for the current record and view (kept while neither changes). */
  private currentReading(): Reading | null {
    const record = this.record;
    if (!record || !hasWords(this.input())) return null;
    if (this.reading && this.reading.record === record && this.reading.view === this.view)
      return this.reading;
    const groups = this.view === 'words' ? wordGroups(record) : pieceGroups(record);
    const raw = record.maps[0] ?? null;
    const map = raw ? groupMap(raw, groups) : null;
    const rows = raw ? groups.map((_, r) => groupRow(raw, groups, r)) : [];
    const tensors = new Map(record.tensors.map((x) => [x.name, x]));
    this.reading = { record, view: this.view, groups, map, rows, tensor: (name) => tensors.get(name) };
    return this.reading;
  }

  private messages(): Message[] {
    return messageLadder(
      {
        prefix: 'lstmn',
        text: this.text,
        maxChars: LSTMN_MAX_CHARS,
        loadFailed: this.current?.status === 'failed',
        runError: this.runError,
        record: this.record,
        reportTruncation: true,
      },
      () => {
        const out: Message[] = [];
        if (hasForeignLetters(this.input()))
          out.push({ kind: 'info', key: 'foreign', text: t('lstmn.foreign') });
        if (this.loaded && !this.loaded.arch.attention)
          out.push({ kind: 'info', key: 'no-attention', text: t('lstmn.noAttention') });
        return out;
      },
    );
  }

  private renderModels(): TemplateResult | typeof nothing {
    if (this.available.length < 2) return nothing;
    return radioPills({
      host: this,
      name: 'models',
      data: 'model',
      label: t('lstmn.modelLabel'),
      options: this.available,
      current: this.model,
      text: (m) => t(MODEL_KEYS[m]),
      choose: (m) => this.chooseModel(m),
    });
  }

  private renderCard(): TemplateResult | typeof nothing {
    const loaded = this.loaded;
    if (!loaded) return nothing;
    const card = loaded.card;
    const perplexity = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 });
    const values = {
      model: t(MODEL_KEYS[this.model]),
      parameters: formatInteger(card.parameters ?? loaded.info.parameters),
      test: card.testPerplexity === null ? '' : perplexity.format(card.testPerplexity),
      valid: card.validPerplexity === null ? '' : perplexity.format(card.validPerplexity),
    };
    const text =
      card.testPerplexity === null
        ? t('lstmn.cardNoMetrics', values)
        : card.validPerplexity === null
          ? t('lstmn.cardTest', values)
          : t('lstmn.card', values);
    return html`<p class="card" data-perplexity=${card.testPerplexity ?? ''}>${text}</p>`;
  }

  private renderViewSwitch(): TemplateResult {
    return radioPills<View>({
      host: this,
      name: 'views',
      data: 'view',
      label: t('lstmn.viewLabel'),
      options: ['words', 'pieces'],
      current: this.view,
      text: (v) => t(v === 'words' ? 'lstmn.viewWords' : 'lstmn.viewPieces'),
      choose: (v) => this.chooseView(v),
    });
  }

  /** "criminal = c·r·im·in·al": the words the tokenizer split, so the student sees the pieces. */
  private renderSplits(reading: Reading): TemplateResult | typeof nothing {
    const record = reading.record;
    const split = wordGroups(record).filter(
      (g) => g.pieces.filter((p) => record.tokens[p].trim() !== '').length > 1,
    );
    if (!split.length) return html`<p class="splits" data-split="0">${t('lstmn.noSplits')}</p>`;
    const shown = split.slice(0, 8);
    return html`<p class="splits" data-split=${split.length}>
      ${t('lstmn.splitsLabel', { count: split.length })}
      ${shown.map(
        (g) =>
          html`<span class="split" dir="auto"
            ><b>${g.label}</b> =
            ${g.pieces
              .map((p) => record.tokens[p].trim())
              .filter((p) => p !== '')
              .join(' · ')}</span
          >`,
      )}${split.length > shown.length ? html`<span class="split">…</span>` : nothing}
    </p>`;
  }

  private selectRow(token: number): void {
    this.selected = token;
    void this.updateComplete.then(() =>
      this.renderRoot
        .querySelector<HTMLElement>('.step')
        ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
    );
  }

  private onRowKey(event: KeyboardEvent, r: number, count: number, reading: Reading): void {
    const next =
      { ArrowDown: r + 1, ArrowUp: r - 1, Home: 0, End: count - 1 }[event.key] ??
      (event.key === 'Enter' || event.key === ' ' ? r : null);
    if (next === null || next === undefined) return;
    event.preventDefault();
    if (next === r) {
      this.selectRow(reading.groups[r].row);
      return;
    }
    const target = Math.max(0, Math.min(count - 1, next));
    this.renderRoot.querySelector<HTMLElement>(`.reading li.row[data-row="${target}"]`)?.focus();
  }

  /** Row r focused: the readout lists its weights. */
  private onRowFocus(r: number, reading: Reading): void {
    const groups = reading.groups;
    const weights = reading.rows[r];
    if (!weights) {
      this.readout = t('lstmn.rowReadoutNoAttention', { word: groups[r].label });
      return;
    }
    const list = Array.from(weights, (w, c) => `${groups[c].label} ${formatWeight(w)}`).join(' · ');
    this.readout = t('lstmn.rowReadout', { word: groups[r].label, list });
  }

  private onChipPointer(event: PointerEvent, reading: Reading): void {
    const chip = (event.target as Element | null)?.closest?.('.w');
    const row = chip?.closest('li.row');
    if (!chip || !row || !chip.hasAttribute('data-alpha')) return;
    const r = Number(row.getAttribute('data-row'));
    const c = Number(chip.getAttribute('data-col'));
    this.readout = t('lstmn.chipReadout', {
      row: reading.groups[r]?.label ?? '',
      col: reading.groups[c]?.label ?? '',
      weight: formatWeight(Number(chip.getAttribute('data-alpha'))),
    });
  }

  /** Which row of the figure shows the chosen step (the word that contains its token). */
  private selectedRow(reading: Reading): number | null {
    if (this.selected === null) return null;
    const r = reading.groups.findIndex((g) => g.pieces.includes(this.selected as number));
    return r < 0 ? null : r;
  }

  private renderReading(reading: Reading): TemplateResult {
    const { groups, rows, record } = reading;
    const shown = Math.min(groups.length, MAX_READING_ROWS);
    const selectedRow = this.selectedRow(reading);
    const focusRow = selectedRow !== null && selectedRow < shown ? selectedRow : 0;
    const pieces = reading.view === 'pieces';
    const chip = (r: number, c: number) => {
      const weights = rows[r];
      const alpha = weights ? weights[c] : null;
      const current = c === r;
      const label = groups[c].label;
      const joins =
        pieces && c > 0 && record.wordOf[groups[c].pieces[0]] === record.wordOf[groups[c - 1].pieces[0]];
      const shown = pieces ? record.tokens[groups[c].pieces[0]].trim() || showPiece(label) : label;
      return html`<span
        class="w ${current ? 'cur' : ''} ${joins ? 'join' : ''}"
        dir="auto"
        data-col=${c}
        data-alpha=${alpha === null ? nothing : String(alpha)}
        title=${alpha === null ? label : t('lstmn.chipTitle', { word: pieces ? showPiece(label) : label, weight: formatWeight(alpha) })}
        style=${alpha === null ? '' : `background:${shade(alpha)}`}
        >${shown}</span
      >`;
    };
    return html`
      <ol
        role="radiogroup"
        class="reading ${rows.length ? '' : 'plain'}"
        aria-label=${t('lstmn.readingTitle')}
        data-view=${reading.view}
        data-rows=${groups.length}
        @pointerover=${(e: PointerEvent) => this.onChipPointer(e, reading)}
      >
        ${groups.slice(0, shown).map(
          (g, r) =>
            html`<li
              class="row ${r === selectedRow ? 'selected' : ''}"
              role="radio"
              tabindex=${r === focusRow ? 0 : -1}
              aria-checked=${r === selectedRow ? 'true' : 'false'}
              data-row=${r}
              data-word=${g.label}
              data-token=${g.row}
              @click=${() => this.selectRow(g.row)}
              @keydown=${(e: KeyboardEvent) => this.onRowKey(e, r, shown, reading)}
              @focus=${() => this.onRowFocus(r, reading)}
            >
              <span class="sr-only">${t('lstmn.rowAria', { step: r + 1, word: g.label })}:</span>
              <span class="step-no" aria-hidden="true">${r + 1}</span>
              <span class="words">${groups.slice(0, r + 1).map((_, c) => chip(r, c))}</span>
            </li>`,
        )}
      </ol>
      ${
        groups.length > shown
          ? html`<p class="note" data-key="rows">
              ${t('lstmn.tooManyRows', { shown: formatInteger(shown), rows: formatInteger(groups.length) })}
            </p>`
          : nothing
      }
      <p class="readout" aria-live="polite">
        ${this.readout || t(rows.length ? 'lstmn.readoutHint' : 'lstmn.readoutHintPlain')}
      </p>
    `;
  }

  private renderNext(reading: Reading, token: number): TemplateResult {
    const loaded = this.loaded;
    const logits = reading.tensor('logits');
    if (!loaded || !logits || token >= logits.rows)
      return html`<div class="next"><p class="note">${t('lstmn.noLogits')}</p></div>`;
    const next = topNext(logits, token, TOP_K, loaded.vocabulary);
    // The text read so far, its last few words: what the guesses continue.
    const read = Array.from(
      reading.record.tokens
        .slice(0, token + 1)
        .join('')
        .trim(),
    );
    const tail = read.slice(-PREFIX_CHARS).join('');
    // Cut at a space so the quote starts with a whole word (unless it is one long word).
    const prefix =
      read.length > PREFIX_CHARS ? '…' + (/\s/.test(tail) ? tail.replace(/^\S*\s+/, '') : tail) : tail;
    return html`<div class="next" data-token=${token}>
      <h4>${t('lstmn.nextTitle', { prefix })}</h4>
      <ol>
        ${next.map(
          (n) =>
            html`<li
              data-id=${n.id}
              data-p=${String(n.probability)}
              title=${t('lstmn.nextTitleItem', { id: n.id })}
            >
              <span class="piece" dir="auto">${showPiece(n.token)}</span>
              <span class="bar"><span style="width:${(n.probability * 100).toFixed(1)}%"></span></span>
              <span class="p">${formatPercent(n.probability)}</span>
            </li>`,
        )}
      </ol>
      <p class="note">${t('lstmn.nextNote')}</p>
    </div>`;
  }

  /** One vector as a strip of coloured squares (blue < 0 < red); each square's title has its value. */
  private renderVector(
    name: string,
    tex: string,
    description: string,
    values: ArrayLike<number>,
  ): TemplateResult {
    let max = 0;
    for (let k = 0; k < values.length; k++) max = Math.max(max, Math.abs(values[k]));
    const scale = max > 0 ? max : 1;
    const n = values.length;
    const rects = Array.from(
      { length: n },
      (_, k) =>
        svg`<rect x=${k} y="0" width="1" height="1" fill=${interpolateRdBu(0.5 - values[k] / scale / 2)}><title>${name}[${k + 1}] = ${formatValue(values[k])}</title></rect>`,
    );
    const norm = Math.sqrt(Array.from(values).reduce((s, v) => s + v * v, 0));
    return html`<div
      class="vector"
      data-name=${name}
      data-dims=${n}
      data-values=${Array.from(values, formatValue).join(' ')}
    >
      <div class="vector-head">
        <span class="vector-tex">${unsafeHTML(typeset(tex))}</span>
        <span class="vector-desc">${description}</span>
        <span class="vector-stats"
          >${t('lstmn.vectorStats', { dims: n, norm: norm.toFixed(3), max: max.toFixed(3) })}</span
        >
      </div>
      <svg class="strip" viewBox="0 0 ${n} 1" preserveAspectRatio="none" aria-hidden="true">${rects}</svg>
    </div>`;
  }

  private renderStep(reading: Reading): TemplateResult {
    const loaded = this.loaded;
    const token = this.selected;
    if (token === null || !loaded)
      return html`<div class="step-hint" role="note">${t('lstmn.stepHint')}</div>`;
    const { record } = reading;
    const arch = loaded.arch;
    const n = record.tokens.length;
    const rowOf = (name: string, r: number): Float32Array | null => {
      const x = reading.tensor(name);
      if (!x || r >= x.rows) return null;
      if (r < 0) return new Float32Array(x.cols); // before the first step: zeros
      return x.data.subarray(r * x.cols, (r + 1) * x.cols);
    };
    const piece = record.tokens[token] ?? '';
    const wordIndex = record.wordOf[token];
    const word = wordGroups(record).find((g) => g.pieces.includes(token))?.label ?? piece;
    const step = token + 1;
    const vectors: TemplateResult[] = [];
    const add = (
      name: string,
      tensor: string,
      r: number,
      tex: string,
      key: string,
      extra: Record<string, unknown> = {},
    ) => {
      const values = rowOf(tensor, r);
      if (values) vectors.push(this.renderVector(name, tex, t(key, extra), values));
    };
    const ctx = arch.cell === 'lstm' ? String.raw`\tilde h` : 'c';
    add('x', 'embeddings', token, 'x_i', 'lstmn.descX', { piece: showPiece(piece) });
    if (arch.attention) {
      add(
        'c_prev',
        'context',
        token - 1,
        `${ctx}_{i-1}`,
        arch.cell === 'lstm' ? 'lstmn.descCPrevLstm' : 'lstmn.descCPrev',
      );
      if (arch.cell === 'lstm')
        add('cm_prev', 'context_memory', token - 1, String.raw`\tilde c_{i-1}`, 'lstmn.descCmPrev');
      if (arch.withH) add('h_prev', 'hidden', token - 1, 'h_{i-1}', 'lstmn.descHPrev');
    } else {
      add('h_prev', 'hidden', token - 1, 'h_{i-1}', 'lstmn.descHPrev');
    }
    add('h', 'hidden', token, 'h_i', 'lstmn.descH');
    if (arch.cell === 'lstm') add('m', 'memory', token, 'm_i', 'lstmn.descM');
    const map = record.maps[0] ?? null;
    const after: TemplateResult[] = [];
    if (arch.attention) {
      add('c', 'context', token, `${ctx}_i`, arch.cell === 'lstm' ? 'lstmn.descCLstm' : 'lstmn.descC');
      if (arch.cell === 'lstm') add('cm', 'context_memory', token, String.raw`\tilde c_i`, 'lstmn.descCm');
      // The context comes after the softmax: move it below the scores table.
      const contexts = arch.cell === 'lstm' ? 2 : 1;
      after.push(...vectors.splice(vectors.length - contexts, contexts));
    }
    return html`<section
      class="step"
      data-step=${step}
      data-token=${token}
      aria-labelledby="lstmn-step-title"
    >
      <div class="step-top">
        <h4 id="lstmn-step-title">
          ${t('lstmn.stepTitle', { step: formatInteger(step), steps: formatInteger(n), word })}
          ${
            record.words.length && wordIndex !== undefined && piece.trim() !== word
              ? html`<span class="step-piece">${t('lstmn.stepPiece', { piece: showPiece(piece) })}</span>`
              : nothing
          }
        </h4>
        <button type="button" class="close" @click=${() => (this.selected = null)}>
          ${t('lstmn.close')}
        </button>
      </div>
      <div class="formulas">
        ${formulas(arch).map((tex) => html`<div class="formula">${unsafeHTML(typeset(tex, true))}</div>`)}
      </div>
      <p class="note">${t('lstmn.stripNote')}</p>
      ${vectors} ${arch.attention && map ? this.renderScores(reading, map, token) : nothing} ${after}
    </section>`;
  }

  private renderScores(reading: Reading, map: AttentionMap, token: number): TemplateResult {
    const { record } = reading;
    const groups = wordGroups(record);
    const wordOfToken = new Map<number, string>();
    for (const g of groups) for (const p of g.pieces) wordOfToken.set(p, g.label);
    const js = Array.from({ length: token + 1 }, (_, j) => j);
    let sum = 0;
    for (const j of js) sum += map.weights[token * map.cols + j];
    return html`<div class="scores-box">
      <h5>
        ${unsafeHTML(typeset(String.raw`e_j = \operatorname{align}(h_j, h_i),\ \ \alpha_j = \operatorname{softmax}_j(e_j),\ \ j = 1 \dots ${token + 1}`))}
      </h5>
      <div class="scores-scroll">
        <table class="scores" data-sum=${String(sum)}>
          <thead>
            <tr>
              <th scope="col">j</th>
              <th scope="col">${t('lstmn.pieceHeader')}</th>
              <th scope="col">${t('lstmn.wordHeader')}</th>
              <th scope="col">${unsafeHTML(typeset('e_j'))}</th>
              <th scope="col">${unsafeHTML(typeset(String.raw`\alpha_j`))}</th>
            </tr>
          </thead>
          <tbody>
            ${js.map((j) => {
              const score = map.scores[token * map.cols + j];
              const alpha = map.weights[token * map.cols + j];
              return html`<tr
                data-j=${j}
                data-score=${String(score)}
                data-alpha=${String(alpha)}
                class=${j === token ? 'cur' : ''}
              >
                <td class="num">${j + 1}</td>
                <td dir="auto">${showPiece(record.tokens[j])}</td>
                <td dir="auto">${wordOfToken.get(j) ?? ''}</td>
                <td class="num" title=${String(score)}>${score.toFixed(3)}</td>
                <td class="num alpha" title=${String(alpha)}>
                  <span class="bar"><span style="width:${(alpha * 100).toFixed(1)}%"></span></span>
                  ${alpha.toFixed(4)}
                </td>
              </tr>`;
            })}
          </tbody>
          <tfoot>
            <tr>
              <td colspan="4">${t('lstmn.sumLabel')}</td>
              <td class="num">${sum.toFixed(4)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p class="note">${t('lstmn.softmaxNote')}</p>
    </div>`;
  }

  private renderFigure(): TemplateResult {
    const load = this.current;
    if (!load || load.status === 'loading')
      return html`<div class="placeholder" role="status">${t('lstmn.loading')}</div>`;
    if (load.status === 'failed')
      return html`<div class="placeholder failed" role="alert">
        ${t('lstmn.loadError', { message: load.error })}
      </div>`;
    if (!hasWords(this.text)) {
      const hint = this.text.trim() === '' ? t('lstmn.empty') : t('lstmn.noWords');
      return html`<div class="placeholder hint" role="status">${hint}</div>`;
    }
    const reading = this.currentReading();
    if (!reading) {
      // An engine error (said above) or the first answer still on its way.
      return this.runError
        ? html`<div class="placeholder failed" role="status">${t('lstmn.noFigure')}</div>`
        : html`<div class="placeholder" role="status">${t('lstmn.computing')}</div>`;
    }
    if (!reading.groups.length)
      return html`<div class="placeholder hint" role="status">${t('lstmn.noWords')}</div>`;
    const lastToken = reading.groups[reading.groups.length - 1].row;
    const nextToken = this.selected ?? lastToken;
    const panels = this.shown.panels;
    return html`
      ${this.shown.mode === null ? nothing : this.renderReadingFigure(reading, nextToken)}
      ${panels.includes('step') ? this.renderStep(reading) : nothing}
      ${
        reading.map && panels.includes('map')
          ? html`<h3 class="map-title">${t('lstmn.mapTitle')}</h3>
              <attnlab-attention-map
                .map=${reading.map}
                .rowsAxis=${t('lstmn.rowsAxis')}
                .colsAxis=${t('lstmn.colsAxis')}
              ></attnlab-attention-map>`
          : nothing
      }
    `;
  }

  /** The reading figure (one row per word or piece) and the next-word guesses. */
  private renderReadingFigure(reading: Reading, nextToken: number): TemplateResult {
    return html`
      <div class="figure-top">
        <h3 class="figure-title">${t('lstmn.readingTitle')}</h3>
        ${this.renderViewSwitch()}
      </div>
      ${this.renderSplits(reading)}
      <p class="note legend-note">
        ${
          reading.map
            ? html`<span class="key"
                  ><span class="swatch cur" aria-hidden="true">w</span>${t('lstmn.keyCurrent')}</span
                >
                <span class="key"
                  ><span class="swatch blue" aria-hidden="true"></span
                  ><span class="swatch blue light" aria-hidden="true"></span>${t('lstmn.keyBlue')}</span
                >`
            : t('lstmn.keyPlain')
        }
      </p>
      <div class="reading-grid">
        <div class="reading-box">${this.renderReading(reading)}</div>
        ${this.renderNext(reading, nextToken)}
      </div>
    `;
  }

  private renderRecall(): TemplateResult {
    const recall = this.recall;
    return html`<div class="recall">
      <h3>${t('lstmn.recallTitle')}</h3>
      <p class="recall-intro">${t('lstmn.recallIntro')}</p>
      <attnlab-recall-chart
        .curve=${recall.status === 'ready' ? recall.curve : null}
        .error=${recall.status === 'failed' ? recall.error : ''}
      ></attnlab-recall-chart>
      <p class="note">${t('lstmn.recallNote')}</p>
    </div>`;
  }

  override render(): TemplateResult {
    const messages = this.messages();
    return html`
      ${sentenceInput({
        controls: this.controls,
        id: 'lstmn-sentence',
        label: t('lstmn.inputLabel'),
        placeholder: t('lstmn.placeholder'),
        messagesId: 'lstmn-messages',
        text: this.text,
        onInput: this.onInput,
        switches: this.renderModels(),
      })}
      ${this.renderCard()} ${renderMessages('lstmn-messages', messages)}
      <div class="figure" aria-busy=${this.busy || this.current?.status === 'loading' ? 'true' : 'false'}>
        ${this.renderFigure()}
      </div>
      ${this.shown.panels.includes('recall') ? this.renderRecall() : nothing}
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
      :host([controls='none']) .step .close {
        display: none;
      }
      .figure-top {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: 0.4rem 1rem;
        margin-bottom: 0.3rem;
      }
      h3,
      h4,
      h5 {
        margin: 0;
      }
      .figure-title,
      .map-title,
      .recall h3 {
        font-size: 1rem;
      }
      .map-title {
        margin: 1.2rem 0 0.4rem;
      }
      .note {
        margin: 0.35rem 0;
        font-size: 0.85rem;
        color: var(--attn-muted, #5b6678);
        overflow-wrap: anywhere;
      }
      .splits {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem 0.8rem;
        margin: 0.3rem 0;
        font-size: 0.85rem;
        color: var(--attn-muted, #5b6678);
      }
      .split b {
        color: var(--attn-text, #1d2433);
        font-weight: 600;
      }
      .legend-note {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem 1.2rem;
      }
      .key {
        display: inline-flex;
        align-items: center;
        gap: 0.3rem;
      }
      .swatch {
        display: inline-block;
        box-sizing: border-box;
        width: 1.1rem;
        height: 1.1rem;
        border-radius: 3px;
        font-size: 0.75rem;
        line-height: 0.9rem;
        text-align: center;
      }
      .swatch.cur {
        border: 2px solid #c92a2a;
        color: #c92a2a;
        font-weight: 700;
      }
      .swatch.blue {
        background: rgba(31, 95, 168, 0.85);
      }
      .swatch.blue.light {
        margin-left: -0.25rem;
        background: rgba(31, 95, 168, 0.25);
      }
      .reading-grid {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(13rem, 17rem);
        gap: 1rem;
        align-items: start;
        margin-top: 0.4rem;
      }
      @media (max-width: 720px) {
        .reading-grid {
          grid-template-columns: minmax(0, 1fr);
        }
      }
      .reading-box {
        min-width: 0;
      }
      .reading {
        margin: 0;
        padding: 0.35rem;
        list-style: none;
        border: 1px solid var(--attn-border, #c9d3e3);
        border-radius: 10px;
        background: #fff;
        max-height: min(70vh, 640px);
        overflow: auto;
      }
      .reading li.row {
        display: flex;
        align-items: baseline;
        gap: 0.5rem;
        padding: 0.22rem 0.4rem;
        border-radius: 6px;
        cursor: pointer;
        line-height: 1.9;
      }
      .reading li.row:hover {
        background: #f3f6fb;
      }
      .reading li.row.selected {
        background: #fff4e6;
        box-shadow: inset 3px 0 0 #e8590c;
      }
      .reading li.row:focus-visible {
        outline: 3px solid var(--attn-focus, #74a9e8);
        outline-offset: -1px;
      }
      .step-no {
        flex: none;
        min-width: 1.6rem;
        font-size: 0.75rem;
        color: var(--attn-muted, #5b6678);
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
      .words {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem 0.3rem;
        min-width: 0;
      }
      .w {
        padding: 0 0.3rem;
        border: 2px solid transparent;
        border-radius: 4px;
        font-size: 1rem;
        line-height: 1.5;
        overflow-wrap: anywhere;
        unicode-bidi: isolate;
      }
      .w.join {
        margin-left: -0.25rem;
        border-left-color: #fff;
      }
      .w.cur {
        border-color: #c92a2a;
        color: #6b1010;
        font-weight: 700;
      }
      .reading.plain .w.cur {
        background: #fff5f5;
      }
      .readout {
        min-height: 1.3rem;
        margin: 0.4rem 0 0;
        font-size: 0.85rem;
        color: var(--attn-text, #1d2433);
        font-variant-numeric: tabular-nums;
        overflow-wrap: anywhere;
      }
      .next {
        padding: 0.6rem 0.8rem;
        border-radius: 10px;
        background: #eef3fa;
      }
      .next h4 {
        font-size: 0.92rem;
        overflow-wrap: anywhere;
      }
      .next ol {
        margin: 0.4rem 0 0;
        padding: 0;
        list-style: none;
      }
      .next li {
        display: grid;
        grid-template-columns: minmax(3rem, auto) 1fr auto;
        align-items: center;
        gap: 0.5rem;
        padding: 0.15rem 0;
        font-variant-numeric: tabular-nums;
      }
      .piece {
        font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
        font-size: 0.92rem;
        overflow-wrap: anywhere;
      }
      .bar {
        display: block;
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
      .p {
        font-size: 0.88rem;
        text-align: right;
      }
      .step-hint {
        margin-top: 0.8rem;
        padding: 0.5rem 0.8rem;
        border: 1px dashed var(--attn-border, #c9d3e3);
        border-radius: 8px;
        font-size: 0.9rem;
        color: var(--attn-muted, #5b6678);
      }
      .step {
        margin-top: 0.9rem;
        padding: 0.8rem 1rem;
        border: 1px solid #f1c9a5;
        border-left: 4px solid #e8590c;
        border-radius: 10px;
        background: #fffdfa;
      }
      .step-top {
        display: flex;
        align-items: start;
        justify-content: space-between;
        gap: 1rem;
      }
      .step-top h4 {
        font-size: 1rem;
        overflow-wrap: anywhere;
      }
      .step-piece {
        font-weight: 400;
        color: var(--attn-muted, #5b6678);
      }
      .close {
        flex: none;
        padding: 0.2rem 0.7rem;
        border: 1px solid var(--attn-border, #c9d3e3);
        border-radius: 999px;
        background: #fff;
        font: inherit;
        font-size: 0.85rem;
        cursor: pointer;
      }
      .close:focus-visible {
        outline: 3px solid var(--attn-focus, #74a9e8);
      }
      .formulas {
        display: flex;
        flex-wrap: wrap;
        gap: 0 2rem;
        margin: 0.3rem 0;
        overflow-x: auto;
      }
      .formula .katex-display {
        margin: 0.4rem 0;
      }
      @media (max-width: 480px) {
        .formula .katex-display {
          font-size: 0.82em;
        }
        table.scores td.alpha .bar {
          display: none;
        }
      }
      .vector {
        margin: 0.55rem 0;
      }
      .vector-head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.2rem 0.6rem;
        font-size: 0.88rem;
      }
      .vector-tex {
        min-width: 2.6rem;
        font-size: 1.05rem;
      }
      .vector-stats {
        margin-left: auto;
        white-space: nowrap;
        font-size: 0.78rem;
        color: var(--attn-muted, #5b6678);
        font-variant-numeric: tabular-nums;
      }
      svg.strip {
        display: block;
        width: 100%;
        height: 16px;
        margin-top: 0.15rem;
        border: 1px solid #e3e8ef;
        border-radius: 3px;
      }
      svg.strip rect:hover {
        stroke: #1d2433;
        stroke-width: 0.15;
      }
      .scores-box {
        margin: 0.8rem 0;
      }
      .scores-box h5 {
        font-size: 0.95rem;
        font-weight: 400;
      }
      .scores-scroll {
        max-height: 18rem;
        overflow: auto;
        margin-top: 0.3rem;
        border: 1px solid #e3e8ef;
        border-radius: 6px;
        background: #fff;
      }
      table.scores {
        width: 100%;
        border-collapse: collapse;
        font-size: 0.86rem;
        font-variant-numeric: tabular-nums;
      }
      table.scores th,
      table.scores td {
        padding: 0.15rem 0.5rem;
        border-bottom: 1px solid #eef1f5;
        text-align: left;
      }
      table.scores thead th {
        position: sticky;
        top: 0;
        background: #f6f8fb;
        font-weight: 600;
      }
      table.scores td {
        white-space: nowrap;
      }
      table.scores td.num {
        text-align: right;
      }
      table.scores td.alpha {
        display: flex;
        align-items: center;
        justify-content: end;
        gap: 0.4rem;
      }
      table.scores td.alpha .bar {
        width: 4rem;
      }
      table.scores tr.cur td {
        color: #c92a2a;
        font-weight: 600;
      }
      table.scores tfoot td {
        font-weight: 600;
        border-bottom: none;
      }
      .recall {
        margin-top: 1.6rem;
        padding-top: 1rem;
        border-top: 1px solid #e3e8ef;
      }
      .recall-intro {
        margin: 0.3rem 0 0.6rem;
        line-height: 1.5;
      }
    `,
  ];
}

customElements.define('attnlab-lstmn', LstmnElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-lstmn': LstmnElement;
  }
}
