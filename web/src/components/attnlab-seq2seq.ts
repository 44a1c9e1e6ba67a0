// <attnlab-seq2seq>: the Seq2Seq lesson. The student types English; a trained SimpleRNN
// encoder-decoder with attention (models/seq2seq-*) translates it into French in a worker, and the
// decoder x encoder weight map shows which English words each French word was written from.
// UI state (text, variant, last record, messages) lives here; each model runs behind its own
// EngineClient, and the view is re-drawn from that state alone.

import { LitElement, css, html, nothing, unsafeCSS, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import katexCss from 'katex/dist/katex.min.css?inline';
import { LatestForward } from '../lessons/shared/latest-forward';
import { ModelSet, type LoadState } from '../lessons/shared/model-set';
import { modelLoader, servedFolders, type EngineModel } from '../lessons/shared/load-model';
import { messageLadder, renderMessages, type Message } from '../lessons/shared/messages';
import { modelUrl, summarizeCard, type CardSummary } from '../engine/model-folder';
import { END_TOKEN, clipText, hasWords, type AttentionMap, type ForwardRecord } from '../engine/records';
import {
  accuracyByLength,
  agreeingRows,
  allWordsUnknown,
  differenceMap,
  stepDetail,
  suggestWords,
  withFullStop,
  type LengthPoint,
  type StepDetail,
} from '../engine/seq2seq-records';
import { LocaleController, currentLanguage, formatInteger, formatPercent, t } from '../i18n';
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
  isTeacherMode,
  sentenceInput,
  reflectAttributes,
  teacherModeStyles,
  type EmbedAttributes,
  type Reflected,
} from './embed-attributes';
import { radioPills } from './radio-pills';
import { typeset } from './typeset';
import { placeholderBox, lessonBase, lessonChrome, pills, srOnly } from './shared-styles';
import type { ChartSeries } from '../figures/line-chart';
import {
  SEQ2SEQ_BASELINE_FOLDER,
  SEQ2SEQ_MODELS,
  modelFolders,
  modelLabels,
  type Seq2SeqModel,
} from '../lessons/shared/models';
import '../figures/attention-map';
import '../figures/line-chart';
import '../figures/vector-strip';

export const DEFAULT_SEQ2SEQ_SENTENCE = 'the european economic area does not see the red car .';
/** Longer input is cut to this many characters (code points) before it reaches the engine. */
export const SEQ2SEQ_MAX_CHARS = 600;
/** Source words this lesson translates; the model was trained on sentences of 3 to about 40. */
export const SEQ2SEQ_MAX_TOKENS = 50;

export type Variant = Seq2SeqModel;
const SPEC = LESSONS.seq2seq;
const FOLDERS = modelFolders(SEQ2SEQ_MODELS);
const MODEL_KEYS = modelLabels(SEQ2SEQ_MODELS);
const BASELINE_FOLDER = SEQ2SEQ_BASELINE_FOLDER;
const SUGGESTIONS = 8;
const CHART_COLORS: Record<string, string> = { additive: '#1f5fa8', dot: '#b45309', none: '#6b7280' };
const CHART_DASH: Record<string, string | undefined> = { additive: undefined, dot: '6 3', none: '2 3' };

/** The formulas of the cost panel: constants, typeset once. */
const COST_WITHOUT = String.raw`O(m + t)`;
const COST_WITH = String.raw`O(m\,t)`;
/** The slides' formulas for one decoder step, typeset once per variant. */
const STEP_STATE = String.raw`s_j = \tanh\!\left(A' \begin{bmatrix} x'_j \\ s_{j-1} \\ c_{j-1} \end{bmatrix} + b'\right)`;
const STEP_SCORE: Record<string, string> = {
  additive: String.raw`e_{ij} = v^{\top} \tanh\!\left(W \begin{bmatrix} h_i \\ s_j \end{bmatrix}\right)`,
  dot: String.raw`e_{ij} = (W_K h_i)^{\top} (W_Q s_j)`,
  scaled_dot: String.raw`e_{ij} = \frac{(W_K h_i)^{\top} (W_Q s_j)}{\sqrt{d}}`,
};
const STEP_SOFTMAX = String.raw`\alpha_{ij} = \frac{\exp(e_{ij})}{\sum_{k=1}^{m} \exp(e_{kj})}`;
const STEP_CONTEXT = String.raw`c_j = \alpha_{1j} h_1 + \alpha_{2j} h_2 + \cdots + \alpha_{mj} h_m`;

/** One trained model and the worker that runs it. */
interface LoadedModel extends EngineModel {
  card: CardSummary;
  vocabularySize: number;
  /** The English words the model knows (for suggestions). */
  vocabulary: string[];
  maxOutputLen: number;
}

/** What the lesson keeps of a loaded model: the English words it knows, its output limit. */
function seq2seqModel({ engine, info }: EngineModel): LoadedModel {
  const tokenizer = (info.config.tokenizer ?? {}) as { vocab?: unknown };
  return {
    vocabulary: Array.isArray(tokenizer.vocab)
      ? tokenizer.vocab.filter(
          (w): w is string => typeof w === 'string' && /\p{L}/u.test(w) && !w.startsWith('<'),
        )
      : [],
    engine,
    info,
    card: summarizeCard(info.card),
    vocabularySize: Array.isArray(tokenizer.vocab) ? tokenizer.vocab.length : 0,
    maxOutputLen: Number(info.config.max_output_len ?? 0),
  };
}

export class Seq2SeqElement extends LitElement implements EmbedAttributes {
  static override properties = {
    sentence: { type: String },
    ...embedProperties,
    attrStep: { type: String, attribute: 'step' },
    shown: { state: true },
    text: { state: true },
    variant: { state: true },
    step: { state: true },
    compare: { state: true },
    caret: { state: true },
    lengthCurves: { state: true },
  };

  /** The sentence (attribute `sentence`; the text box writes what is typed back to it). */
  declare sentence: string;
  /** Attributes model, view, controls, lang and step (docs/embedding.md). */
  declare attrModel: string | null | undefined;
  declare attrView: string | null | undefined;
  declare controls: string | null | undefined;
  declare attrLang: string | null | undefined;
  declare attrStep: string | null | undefined;
  /** What `view` asks for: the map (or side by side, mode 'compare') and the panels. */
  declare shown: ViewChoice;
  declare text: string;
  declare variant: Variant;
  /** The decoder step (map row) the step-through panel explains. */
  declare step: number;
  /** Side by side: both attention variants on the same sentence and their difference. */
  declare compare: boolean;
  /** Caret position in the text box: the word being typed is what suggestions complete. */
  declare caret: number;
  /** Exact match against source length, per model folder, from the model cards. */
  declare lengthCurves: { key: string; points: LengthPoint[] }[];

  /** The current variant's answer for the text, latest wins. */
  private readonly forwards = new LatestForward(this);
  /** The other variant's answer for the same text, for the side-by-side mode. */
  private readonly otherForwards = new LatestForward(this);
  private readonly models = new ModelSet<Variant, LoadedModel>(this, {
    lesson: SEQ2SEQ_MODELS,
    load: modelLoader(seq2seqModel),
    manifest: servedFolders,
    onReady: (variant) => {
      if (variant === this.variant) this.compute();
      else if (this.compare) this.computeOther();
    },
  });
  private chartSeries: { curves: unknown; key: string; series: ChartSeries[] } | null = null;

  /** Variants whose model folder the page serves (models/index.json). */
  private get available(): Variant[] {
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
    this.sentence = DEFAULT_SEQ2SEQ_SENTENCE;
    this.text = DEFAULT_SEQ2SEQ_SENTENCE;
    this.variant = 'additive';
    this.step = 0;
    this.compare = false;
    this.caret = DEFAULT_SEQ2SEQ_SENTENCE.length;
    this.lengthCurves = [];
    this.shown = parseView(null, SPEC.view);
  }

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    // Attributes set from outside: the element follows them.
    if (changed.has('attrLang')) applyLanguageAttribute(this.attrLang);
    if (changed.has('sentence') && typeof this.sentence === 'string' && this.sentence !== this.text) {
      this.text = this.sentence;
      this.caret = this.text.length;
      this.compute();
    }
    const variant = parseModel(this.attrModel, SPEC) as Variant | null;
    if (changed.has('attrModel') && variant && variant !== this.variant) {
      if (this.available.length) this.chooseVariant(variant);
      else this.variant = variant;
    }
    if (changed.has('attrView') && this.attrView != null) {
      this.shown = parseView(this.attrView, SPEC.view);
      this.setCompare(this.shown.mode === 'compare');
    }
    if (changed.has('attrStep') && this.attrStep != null) this.step = parseIndex(this.attrStep) ?? 0;
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
    const mode = this.shown.mode === null ? null : this.compare ? 'compare' : 'map';
    const view = formatView({ mode, panels: this.shown.panels }, SPEC.view);
    return {
      sentence: { value: this.text, isDefault: this.text === DEFAULT_SEQ2SEQ_SENTENCE },
      model: { value: this.variant, isDefault: this.variant === 'additive' },
      view: { value: view, isDefault: view === 'all' },
      step: { value: formatIndex(this.step), isDefault: this.step === 0 },
    };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.start();
  }

  private async start(): Promise<void> {
    // Without a manifest the additive model is still tried, so a missing model says so.
    const served = await this.models.readManifest();
    if (!this.available.includes(this.variant)) this.variant = this.available[0];
    const other = this.otherVariant();
    if (this.compare && other) void this.ensureLoaded(other);
    void this.loadLengthCurves(served);
    await this.ensureLoaded(this.variant);
  }

  /** Reads the accuracy-by-length figures of every served Seq2Seq card (small JSON files). */
  private async loadLengthCurves(models: string[]): Promise<void> {
    const keys = [
      ...(Object.keys(FOLDERS) as Variant[]).map((v) => [v, FOLDERS[v]]),
      ['none', BASELINE_FOLDER],
    ];
    const curves = await Promise.all(
      keys
        .filter(([, folder]) => models.includes(folder))
        .map(async ([key, folder]) => {
          try {
            const response = await fetchAsset(modelUrl(defaultModelBase(), folder, 'card.json'));
            if (!response.ok) return null;
            const points = accuracyByLength((await response.json()) as Record<string, unknown>);
            return points.length ? { key, points } : null;
          } catch {
            return null;
          }
        }),
    );
    this.lengthCurves = curves.filter((c): c is { key: string; points: LengthPoint[] } => c !== null);
  }

  private ensureLoaded(variant: Variant): Promise<void> {
    return this.models.ensure(variant);
  }

  private get current(): LoadState<LoadedModel> | undefined {
    return this.models.state(this.variant);
  }

  private get model(): LoadedModel | null {
    return this.models.ready(this.variant);
  }

  private onInput(event: Event): void {
    const box = event.target as HTMLTextAreaElement;
    this.text = box.value;
    this.caret = box.selectionStart ?? box.value.length;
    this.compute();
  }

  private onCaret(event: Event): void {
    const box = event.target as HTMLTextAreaElement;
    this.caret = box.selectionStart ?? box.value.length;
  }

  /** Completes the word before the caret with `word`, then goes on typing after it. */
  private applySuggestion(word: string, prefixLength: number): void {
    const start = this.caret - prefixLength;
    const after = this.text.slice(this.caret);
    const insert = after.startsWith(' ') ? word : `${word} `;
    this.text = this.text.slice(0, start) + insert + after;
    this.caret = start + insert.length;
    this.compute();
    void this.updateComplete.then(() => {
      const box = this.renderRoot.querySelector<HTMLTextAreaElement>('textarea');
      box?.focus();
      box?.setSelectionRange(this.caret, this.caret);
    });
  }

  private otherVariant(): Variant | null {
    return this.available.find((v) => v !== this.variant) ?? null;
  }

  private toggleCompare(): void {
    this.setCompare(!this.compare);
  }

  private setCompare(on: boolean): void {
    if (on === this.compare) return;
    this.compare = on;
    const other = this.otherVariant();
    if (this.compare && other) void this.ensureLoaded(other);
    this.compute();
  }

  private chooseVariant(variant: Variant): void {
    if (variant === this.variant) return;
    this.variant = variant;
    this.forwards.reset();
    this.otherForwards.record = null;
    if (this.model) this.compute();
    else void this.ensureLoaded(variant);
    const other = this.otherVariant();
    if (this.compare && other) void this.ensureLoaded(other);
  }

  /** What the text box holds, as the engine will see it (cut to the character limit). */
  private input(): string {
    return clipText(this.text, SEQ2SEQ_MAX_CHARS).text;
  }

  /** What the model reads: the text box, with the full stop it was trained to expect. */
  private modelInput(): string {
    return withFullStop(this.input()).text;
  }

  /** Asks the engine for the current text (latest wins, see LatestForward). */
  private compute(): void {
    const input = this.input();
    if (!hasWords(input)) {
      this.otherForwards.clear();
      return this.forwards.clear(); // empty or punctuation only: a message, no engine call
    }
    const variant = this.variant;
    this.forwards.run(
      this.model?.engine,
      this.modelInput(),
      () => variant === this.variant,
      () => this.computeOther(),
    );
  }

  /**
   * Side by side: the other variant decodes the translation on screen (teacher forcing), so both
   * maps have the same rows and their difference is defined cell by cell.
   */
  private computeOther(): void {
    const other = this.otherVariant();
    const load = other ? this.models.state(other) : undefined;
    const record = this.record;
    if (!this.compare || !other || load?.status !== 'ready' || !record) return;
    this.otherForwards.run(
      load.model.engine,
      this.modelInput(),
      () => this.compare && other === this.otherVariant(),
      undefined,
      record.outputTokens.join(' '),
    );
  }

  /** The record, if it answers the current text and is short enough to show. */
  private shownRecord(): ForwardRecord | null {
    const record = this.record;
    if (!record || !hasWords(this.input())) return null;
    if (record.tokens.length > SEQ2SEQ_MAX_TOKENS) return null;
    if (allWordsUnknown(record)) return null;
    return record;
  }

  private unknownWords(record: ForwardRecord): string[] {
    const words = record.tokens.filter((_, i) => record.unknown[i]);
    return [...new Set(words)];
  }

  private messages(): Message[] {
    return messageLadder(
      {
        prefix: 'seq2seq',
        text: this.text,
        maxChars: SEQ2SEQ_MAX_CHARS,
        loadFailed: this.current?.status === 'failed',
        runError: this.runError,
        record: this.record,
        reportTruncation: false,
      },
      (record) => this.recordMessages(record),
    );
  }

  /** What the lesson says about a record: too long, unknown words, the added full stop, no end. */
  private recordMessages(record: ForwardRecord): Message[] {
    const out: Message[] = [];
    const size = formatInteger(this.model?.vocabularySize ?? 0);
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
    if (allWordsUnknown(record)) {
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
    if (withFullStop(this.input()).added)
      out.push({ kind: 'info', key: 'full-stop', text: t('seq2seq.fullStopAdded') });
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
    return radioPills({
      host: this,
      name: 'variants',
      data: 'variant',
      label: t('seq2seq.variantLabel'),
      options: this.available,
      current: this.variant,
      text: (v) => t(MODEL_KEYS[v]),
      choose: (v) => this.chooseVariant(v),
    });
  }

  private renderCompareToggle(): TemplateResult | typeof nothing {
    if (this.available.length < 2) return nothing;
    return html`<button
      type="button"
      class="compare-toggle"
      aria-pressed=${this.compare ? 'true' : 'false'}
      @click=${this.toggleCompare}
    >
      ${t('seq2seq.compare')}
    </button>`;
  }

  private renderSuggestions(): TemplateResult | typeof nothing {
    const model = this.model;
    if (!model || !model.vocabulary.length) return nothing;
    const { prefix, words } = suggestWords(this.text, this.caret, model.vocabulary, SUGGESTIONS);
    if (!prefix || !words.length) return nothing;
    return html`<div class="suggestions" role="group" aria-label=${t('seq2seq.suggestionsLabel')}>
      <span class="suggestions-label">${t('seq2seq.suggestionsLabel')}</span>
      ${words.map(
        (w) =>
          html`<button
            type="button"
            class="suggestion"
            data-word=${w}
            @click=${() => this.applySuggestion(w, prefix.length)}
          >
            ${w}
          </button>`,
      )}
    </div>`;
  }

  private chooseStep(j: number): void {
    this.step = j;
  }

  /** The step-through panel: one decoder step with the trace's own numbers. */
  private renderStep(record: ForwardRecord): TemplateResult | typeof nothing {
    const map = record.maps[0];
    if (!map || map.rows === 0) return nothing;
    const j = Math.min(this.step, map.rows - 1);
    const detail: StepDetail | null = stepDetail(record, j);
    if (!detail) return nothing;
    const n = j + 1;
    const maxWeight = Math.max(...detail.weights);
    return html`<section class="step" aria-labelledby="step-title">
      <h3 id="step-title" class="map-title">${t('seq2seq.stepTitle')}</h3>
      <p class="step-intro">${t('seq2seq.stepIntro')}</p>
      ${radioPills({
        host: this,
        name: 'step-words',
        data: 'step',
        label: t('seq2seq.stepChoose'),
        showLabel: false,
        lang: 'fr',
        options: map.rowLabels.map((_, r) => r),
        current: j,
        text: (r) => map.rowLabels[r],
        choose: (r) => this.chooseStep(r),
      })}
      <ol class="step-list" data-step=${j}>
        <li>
          <p>${t('seq2seq.stepState', { j: n, word: detail.word })}</p>
          <div class="formula">${unsafeHTML(typeset(STEP_STATE, true))}</div>
          <div class="vector-row">
            <span class="vector-name">${unsafeHTML(typeset(`s_{${n - 1}}`))}</span>
            <attnlab-vector-strip
              .values=${detail.previousState}
              .max=${detail.scale}
              label=${`s_${n - 1}`}
            ></attnlab-vector-strip>
          </div>
          <div class="vector-row">
            <span class="vector-name">${unsafeHTML(typeset(`s_{${n}}`))}</span>
            <attnlab-vector-strip
              .values=${detail.state}
              .max=${detail.scale}
              label=${`s_${n}`}
            ></attnlab-vector-strip>
          </div>
        </li>
        <li>
          <p>${t('seq2seq.stepScores', { m: detail.keys.length })}</p>
          <div class="formula">
            ${unsafeHTML(
              typeset(
                STEP_SCORE[String(this.model?.info.config.attention ?? this.variant)] ??
                  STEP_SCORE[this.variant],
                true,
              ),
            )}
          </div>
          <div class="formula">${unsafeHTML(typeset(STEP_SOFTMAX, true))}</div>
          <div class="table-scroll">
            <table class="step-table" data-weight-sum=${detail.weightSum}>
              <thead>
                <tr>
                  <th scope="col">i</th>
                  <th scope="col">${t('seq2seq.stepWord')}</th>
                  <th scope="col">${unsafeHTML(typeset(`e_{i${n}}`))}<span class="sr-only">e i${n}</span></th>
                  <th scope="col">
                    ${unsafeHTML(typeset(`\\alpha_{i${n}}`))}<span class="sr-only">α i${n}</span>
                  </th>
                  <th scope="col">${unsafeHTML(typeset('h_i'))}<span class="sr-only">h i</span></th>
                </tr>
              </thead>
              <tbody>
                ${detail.keys.map(
                  (h, i) =>
                    html`<tr
                      data-i=${i}
                      data-alpha=${detail.weights[i]}
                      class=${detail.weights[i] === maxWeight ? 'peak' : ''}
                    >
                      <td class="num">${i + 1}</td>
                      <td>${map.colLabels[i]}</td>
                      <td class="num">${detail.scores[i].toFixed(3)}</td>
                      <td class="num alpha">
                        <span class="bar" style="width:${Math.round(detail.weights[i] * 60)}px"></span
                        >${detail.weights[i].toFixed(3)}
                      </td>
                      <td>
                        <attnlab-vector-strip
                          .values=${h}
                          .max=${detail.scale}
                          label=${`h_${i + 1}`}
                        ></attnlab-vector-strip>
                      </td>
                    </tr>`,
                )}
              </tbody>
              <tfoot>
                <tr>
                  <td></td>
                  <th scope="row" colspan="2">${t('seq2seq.stepSum')}</th>
                  <td class="num sum">${detail.weightSum.toFixed(3)}</td>
                  <td></td>
                </tr>
              </tfoot>
            </table>
          </div>
        </li>
        <li>
          <p>${t('seq2seq.stepContext')}</p>
          <div class="formula">${unsafeHTML(typeset(STEP_CONTEXT, true))}</div>
          <div class="vector-row">
            <span class="vector-name">${unsafeHTML(typeset(`c_{${n}}`))}</span>
            <attnlab-vector-strip
              .values=${detail.context}
              .max=${detail.scale}
              label=${`c_${n}`}
            ></attnlab-vector-strip>
          </div>
          <p class="step-check" data-error=${detail.contextError}>
            ${t('seq2seq.stepCheck', { error: detail.contextError.toExponential(1) })}
          </p>
        </li>
      </ol>
    </section>`;
  }

  /** Side by side: the two variants' maps for the same sentence and their difference. */
  private renderCompare(record: ForwardRecord): TemplateResult {
    const other = this.otherVariant();
    const otherRecord = this.otherForwards.record;
    const mine = record.maps[0] ?? null;
    const theirs = otherRecord?.maps[0] ?? null;
    if (!other || !mine) return html``;
    const [additive, dot] = this.variant === 'additive' ? [mine, theirs] : [theirs, mine];
    const loadOther = this.models.state(other);
    const pending = html`<div class="placeholder" role="status">
      ${loadOther?.status === 'failed' ? t('seq2seq.loadError', { message: loadOther.error }) : t('seq2seq.loading')}
    </div>`;
    const panel = (variant: Variant, map: AttentionMap | null) =>
      html`<div class="compare-panel" data-variant=${variant}>
        <h4>${t(`seq2seq.${variant}Model`)}</h4>
        <p class="cost-note">
          ${variant === this.variant ? t('seq2seq.compareOwn') : t('seq2seq.compareForced', { model: t(`seq2seq.${this.variant}Model`) })}
        </p>
        ${
          map
            ? html`<attnlab-attention-map
                .map=${map}
                .rowsAxis=${t('seq2seq.rowsAxis')}
                .colsAxis=${t('seq2seq.colsAxis')}
              ></attnlab-attention-map>`
            : pending
        }
      </div>`;
    let difference: TemplateResult = html``;
    if (additive && dot) {
      const rows = agreeingRows(additive, dot);
      const note =
        rows === additive.rows && rows === dot.rows
          ? t('seq2seq.differenceSame', { translation: record.outputTokens.join(' ') })
          : t('seq2seq.differencePartial', { rows: formatInteger(rows) });
      difference = html`<div class="compare-panel difference">
        <h4>${t('seq2seq.differenceTitle')}</h4>
        <p class="cost-note">${note}</p>
        ${
          rows > 0
            ? html`<attnlab-attention-map
                .map=${differenceMap(additive, dot, rows, 'additive - dot')}
                .diverging=${true}
                .legendTitle=${t('seq2seq.differenceLegend')}
                .rowsAxis=${t('seq2seq.rowsAxis')}
                .colsAxis=${t('seq2seq.colsAxis')}
              ></attnlab-attention-map>`
            : html`<div class="placeholder" role="status">${t('seq2seq.differenceNone')}</div>`
        }
      </div>`;
    }
    return html`<div class="compare">${panel('additive', additive)} ${panel('dot', dot)}</div>
      ${difference}`;
  }

  private renderLengthChart(): TemplateResult | typeof nothing {
    if (!this.lengthCurves.length) return nothing;
    const label = (key: string) =>
      key === 'none' ? t('seq2seq.noAttentionModel') : t(`seq2seq.${key as Variant}Model`);
    // The same array until the cards or the language change, so typing does not redraw the chart.
    const key = `${currentLanguage()}`;
    if (this.chartSeries?.curves !== this.lengthCurves || this.chartSeries.key !== key) {
      const series: ChartSeries[] = this.lengthCurves.map((c) => ({
        key: c.key,
        label: label(c.key),
        color: CHART_COLORS[c.key] ?? '#333',
        dash: CHART_DASH[c.key],
        points: c.points.map((p) => ({ x: (p.lo + p.hi) / 2, y: p.exactMatch, label: `${p.lo}–${p.hi}` })),
      }));
      this.chartSeries = { curves: this.lengthCurves, key, series };
    }
    const series = this.chartSeries.series;
    return html`<section class="length" aria-labelledby="length-title">
      <h3 id="length-title" class="map-title">${t('seq2seq.lengthTitle')}</h3>
      <attnlab-line-chart
        .series=${series}
        .xLabel=${t('seq2seq.lengthX')}
        .yLabel=${t('seq2seq.lengthY')}
        .caption=${t('seq2seq.lengthCaption')}
      ></attnlab-line-chart>
    </section>`;
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
      ${this.shown.mode === null ? nothing : this.renderMap(record, map)}
      ${
        map && this.shown.mode !== null
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
      ${this.shown.panels.includes('step') ? this.renderStep(record) : nothing}
    `;
  }

  /** The decoder x encoder map, or the two variants side by side. */
  private renderMap(record: ForwardRecord, map: AttentionMap | null): TemplateResult {
    return html`<h3 class="map-title">${t('seq2seq.mapTitle')}</h3>
      ${
        this.compare && this.available.length > 1
          ? this.renderCompare(record)
          : html`<attnlab-attention-map
              .map=${map}
              .rowsAxis=${t('seq2seq.rowsAxis')}
              .colsAxis=${t('seq2seq.colsAxis')}
            ></attnlab-attention-map>`
      }`;
  }

  override render(): TemplateResult {
    const messages = this.messages();
    const teacher = isTeacherMode(this.controls);
    return html`
      ${sentenceInput({
        controls: this.controls,
        id: 'sentence',
        label: t('seq2seq.inputLabel'),
        placeholder: t('seq2seq.placeholder'),
        messagesId: 'seq2seq-messages',
        text: this.text,
        onInput: this.onInput,
        onCaret: this.onCaret,
        switches: html`<div class="switches">${this.renderVariants()} ${this.renderCompareToggle()}</div>`,
      })}
      ${teacher ? nothing : this.renderSuggestions()} ${this.renderCard()}
      ${renderMessages('seq2seq-messages', messages)}
      <div class="figure" aria-busy=${this.busy || this.current?.status === 'loading' ? 'true' : 'false'}>
        ${this.renderFigure()}
      </div>
      ${this.shown.panels.includes('chart') ? this.renderLengthChart() : nothing}
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
      .switches {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem;
      }
      .compare-toggle,
      .suggestion {
        font: inherit;
        font-size: 0.85rem;
        padding: 0.2rem 0.7rem;
        border: 1px solid #b8c4d6;
        border-radius: 999px;
        background: #fff;
        color: var(--attn-text, #1d2433);
        cursor: pointer;
      }
      .compare-toggle[aria-pressed='true'] {
        background: var(--attn-accent, #1f5fa8);
        border-color: var(--attn-accent, #1f5fa8);
        color: #fff;
      }
      .compare-toggle:focus-visible,
      .suggestion:focus-visible {
        outline: 2px solid var(--attn-accent, #1f5fa8);
        outline-offset: 2px;
      }
      .suggestions {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.3rem;
        margin-top: 0.35rem;
      }
      .suggestions-label {
        font-size: 0.85rem;
        color: var(--attn-muted, #5b6678);
      }
      .compare {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
        gap: 1rem;
      }
      .compare-panel {
        min-width: 0;
      }
      .compare-panel h4 {
        margin: 0 0 0.2rem;
        font-size: 0.95rem;
      }
      .compare-panel.difference {
        margin-top: 1rem;
      }
      .translation.small {
        font-size: 1rem;
        margin-bottom: 0.4rem;
      }
      .step,
      .length {
        margin-top: 1.4rem;
      }
      .step-intro {
        margin: 0 0 0.5rem;
        font-size: 0.9rem;
        color: var(--attn-muted, #5b6678);
      }
      .step-list {
        margin: 0.8rem 0 0;
        padding-left: 1.3rem;
      }
      .step-list > li {
        margin-bottom: 1rem;
      }
      .step-list p {
        margin: 0.2rem 0;
      }
      .formula {
        overflow-x: auto;
        overflow-y: hidden;
      }
      .vector-row {
        display: flex;
        align-items: center;
        gap: 0.6rem;
        margin: 0.25rem 0;
        min-width: 0;
      }
      .vector-name {
        flex: none;
        width: 2.2rem;
      }
      .vector-row attnlab-vector-strip {
        flex: 1 1 auto;
      }
      .table-scroll {
        max-width: 100%;
        overflow-x: auto;
      }
      .step-table {
        border-collapse: collapse;
        font-size: 0.85rem;
        font-variant-numeric: tabular-nums;
      }
      .step-table th,
      .step-table td {
        padding: 0.15rem 0.5rem;
        text-align: left;
        border-bottom: 1px solid #e3e8ef;
        white-space: nowrap;
      }
      .step-table .num {
        text-align: right;
      }
      .step-table tr.peak td {
        font-weight: 700;
        background: #eef3fa;
      }
      .step-table .bar {
        display: inline-block;
        height: 0.6rem;
        margin-right: 0.4rem;
        background: var(--attn-accent, #1f5fa8);
        vertical-align: middle;
      }
      .step-check {
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
