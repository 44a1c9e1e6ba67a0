// <attnlab-seq2seq>: the Seq2Seq lesson. The student types English; a trained SimpleRNN
// encoder-decoder with attention (models/seq2seq-*) translates it into French in a worker, and the
// decoder x encoder weight map shows which English words each French word was written from.
// This element holds the state (properties, attributes, models, latest-wins forwards: the chosen
// variant's, side by side the other's on the same translation, and with an intervention the same
// model changed, forced and free) and composes the figures, each in its own module of this folder:
// the map (figure.ts), side by side (compare-panel.ts), one decoder step (step-panel.ts), accuracy
// by length (length-chart.ts) and the changes to the attention (interventions.ts).

import './strings'; // this view's English strings, before anything renders (i18n/en.ts)
import { firstViewRecord, startFirstViewEngine } from './first-view';
import { lessonStyles } from '../shared/lesson-styles';
import { html, nothing, type TemplateResult } from 'lit';
import { LatestForward } from '../shared/latest-forward';
import { InterventionController } from '../shared/intervention-controller';
import { interventionBarStyles } from '../shared/intervention-bar';
import { seq2seqInterventionStyles } from './interventions';
import { LOCAL, ModelSet, type LoadState } from '../shared/model-set';
import { localLoader, modelLoader, servedFolders } from '../shared/load-model';
import { openModelStyles } from '../shared/open-model-control';
import { linkNote } from '../shared/local-model';
import { explainRequest } from './explain';
import { ExplainSection } from '../shared/explain-section';
import { explainStyles } from '../shared/explain-panel';
import { messageLadder, renderMessages, type Message } from '../shared/messages';
import { clipText, hasWords, type ForwardRecord } from '../../engine/records';
import { allWordsUnknown, type LengthCurve } from './view-model';
import { LocaleController } from '../../i18n';
import { parseModel, parseView } from '../../embed/state';
import { isTeacherMode, sentenceInput } from '../shared/embed-attributes';
import { LessonElement } from '../shared/lesson-element';
import type { ChartSeries } from '../../figures/line-chart';
import { DEFAULT_SEQ2SEQ_PAIR, SEQ2SEQ_PAIR_MODELS, parsePair, type Seq2SeqPair } from '../shared/models';
import { modelInput } from './model-input';
import {
  SEQ2SEQ_MAX_CHARS,
  SEQ2SEQ_MAX_TOKENS,
  defaultSentence,
  PAIR_LANGUAGES,
  seq2seqModel,
  say,
  type Shown,
  type Variant,
  type LoadedModel,
} from './parts';
import { recordMessages } from './record-messages';
import { attributeValues, parseStep, SPEC } from './state';
import {
  renderVariants,
  renderCompareToggle,
  renderSuggestions,
  renderCard,
  controlsStyles,
} from './controls';
import { renderFigure } from './figure';
import { langOf, pairsStyles, renderExamples, renderPairs, switchPair } from './pairs';
import { comparePanelStyles } from './compare-panel';
import { stepPanelStyles } from './step-panel';
import { readLengthCurves, renderLengthChart } from './length-chart';
import { seq2seqStyles } from './styles';
import { confidenceStyles } from './confidence';
import { VocabularySlot } from './vocabulary-slot';
import '../../figures/attention-map';
import '../../figures/line-chart';
import '../../figures/vector-strip';
import { startWhenConnected } from '../../components/start-when-connected';

export class Seq2SeqElement extends LessonElement<Variant, LoadedModel> {
  static override properties = {
    attrPair: { type: String, attribute: 'pair' },
    pair: { state: true },
    variant: { state: true },
    step: { state: true },
    compare: { state: true },
    caret: { state: true },
    lengthCurves: { state: true },
  };

  /** Attribute `pair`: the language pair (en-fr, en-zh, zh-en; absent or unknown: en-fr). */
  declare attrPair: string | null | undefined;
  /** The language pair whose models the lesson shows. */
  declare pair: Seq2SeqPair;
  /** The model shown: one of the lesson's, or the one the student opened (LOCAL). */
  declare variant: Shown;
  /** The step the step-through panel explains: the row of the map (0 the start s_0, j the j-th word). */
  declare step: number;
  /** Side by side: both attention variants on the same sentence and their difference. */
  declare compare: boolean;
  /** Caret position in the text box: the word being typed is what suggestions complete (-1: nobody typed). */
  declare caret: number;
  /** Exact match against source length, per model folder, from the model cards. */
  declare lengthCurves: LengthCurve[];

  /** The current variant's answer for the text, latest wins. */
  readonly forwards = new LatestForward(this);
  /** The other variant's answer for the same text, for the side-by-side mode. */
  readonly otherForwards = new LatestForward(this);
  /** The student's changes; its edited forward decodes the original translation (forced). */
  readonly interventions = new InterventionController(this, {
    rowBase: 0,
    rerun: () => this.computeEdited(),
  });
  /** The changed model writing its own translation (free decoding). */
  readonly editedFree = this.interventions.addForward('edited-free');
  readonly models = new ModelSet<Variant, LoadedModel>(this, {
    lesson: SEQ2SEQ_PAIR_MODELS[DEFAULT_SEQ2SEQ_PAIR],
    load: modelLoader(seq2seqModel),
    loadLocal: localLoader(seq2seqModel),
    manifest: servedFolders,
    onReady: (variant) => {
      this.vocabulary.load();
      if (variant === this.variant) this.compute();
      else if (this.compare) this.computeOther();
    },
  });
  /** The words the model knows (vocabulary.ts): a chunk asked for when the first model is ready. */
  readonly vocabulary = new VocabularySlot(this);
  chartSeries: { curves: unknown; key: string; series: ChartSeries[] } | null = null;
  /** "Does attention explain the output?", for the word the step panel explains. */
  readonly explainSection = new ExplainSection(this, {
    seedFolder: () =>
      this.variant === 'additive' && this.pair === 'en-fr' ? 'seq2seq-additive-seed1' : null,
    request: (seed, seedCard) => explainRequest(this, seed, seedCard),
  });

  constructor() {
    super();
    new LocaleController(this);
    this.pair = DEFAULT_SEQ2SEQ_PAIR;
    this.sentence = defaultSentence(this.pair);
    this.text = this.sentence;
    this.variant = 'additive';
    this.step = 1;
    this.compare = false;
    this.caret = -1; // nobody has typed: no suggestions until they do
    this.lengthCurves = [];
    this.shown = parseView(null, SPEC.view);
  }

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    // Attributes set from outside: the element follows them.
    if (changed.has('sentence') && typeof this.sentence === 'string' && this.sentence !== this.text) {
      this.text = this.sentence;
      this.caret = -1;
      this.compute();
    }
    // The pair first: a pair given without a sentence opens on its own first example.
    const pair = parsePair(this.attrPair) ?? DEFAULT_SEQ2SEQ_PAIR;
    if (changed.has('attrPair') && pair !== this.pair) this.choosePair(pair, this.text);
    const variant = parseModel(this.attrModel, SPEC) as Variant | null;
    if (changed.has('attrModel') && variant && variant !== this.variant) {
      if (this.available.length) this.chooseVariant(variant);
      else this.variant = variant;
    }
    if (changed.has('attrView') && this.attrView != null) {
      this.shown = parseView(this.attrView, SPEC.view);
      this.setCompare(this.shown.mode === 'compare');
    }
    if (changed.has('attrStep') && this.attrStep != null) this.step = parseStep(this.attrStep) ?? 1;
    // And the state goes back to the attributes (written in updated()).
    const out = (this.reflected = attributeValues(this));
    this.sentence = out.sentence.value;
    this.attrModel = out.model.value;
    this.attrView = out.view.value;
    this.attrStep = out.step.value;
    this.attrPair = out.pair.value;
    this.reflectIntervention();
  }

  override updated(): void {
    super.updated();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    startWhenConnected(this, () => void this.start());
  }

  async start(): Promise<void> {
    // Without a manifest the additive model is still tried, so a missing model says so.
    startFirstViewEngine(this); // its first figure is the build's: worker and model at once
    const served = await this.models.readManifest();
    const first =
      this.variant === LOCAL || !this.available.includes(this.variant) ? this.available[0] : this.variant;
    if (this.variant !== LOCAL) this.variant = first;
    const other = this.otherVariant();
    if (this.compare && other) void this.ensureLoaded(other);
    void this.loadLengthCurves(served);
    await this.ensureLoaded(first);
  }

  /** Reads the accuracy-by-length figures of the pair's served cards (length-chart.ts). */
  async loadLengthCurves(models: string[]): Promise<void> {
    const pair = this.pair;
    const curves = await readLengthCurves(pair, models);
    if (pair === this.pair) this.lengthCurves = curves; // else the student switched pairs meanwhile
  }

  ensureLoaded(variant: Variant): Promise<void> {
    return this.models.ensure(variant);
  }

  readonly fallbackKey = 'additive' as const;
  get shownKey(): Shown {
    return this.variant;
  }
  choose(variant: Shown): void {
    this.chooseVariant(variant);
  }
  /** The student's model is shown alone, its example typed by nobody. */
  protected override localShown(): void {
    this.compare = false;
    this.caret = -1;
  }

  get current(): LoadState<LoadedModel> | undefined {
    return this.models.state(this.variant);
  }

  get model(): LoadedModel | null {
    return this.models.ready(this.variant);
  }

  onInput(event: Event): void {
    const box = event.target as HTMLTextAreaElement;
    this.caret = box.selectionStart ?? box.value.length;
    this.typeText(box.value);
  }

  onCaret(event: Event): void {
    const box = event.target as HTMLTextAreaElement;
    this.caret = box.selectionStart ?? box.value.length;
  }

  /** Completes the word before the caret with `word`, then goes on typing after it. */
  applySuggestion(word: string, prefixLength: number): void {
    const start = this.caret - prefixLength;
    const after = this.text.slice(this.caret);
    const insert = after.startsWith(' ') ? word : `${word} `;
    this.text = this.text.slice(0, start) + insert + after;
    this.caret = start + insert.length;
    this.interventions.sentenceChanged();
    this.compute();
    void this.updateComplete.then(() => {
      const box = this.renderRoot.querySelector<HTMLTextAreaElement>('textarea');
      box?.focus();
      box?.setSelectionRange(this.caret, this.caret);
    });
  }

  /** Reads `text` as if typed (a nearest word put in place, vocabulary.ts). */
  typeText(text: string): void {
    this.text = text;
    this.interventions.sentenceChanged();
    this.compute();
  }

  /** Shows another language pair (pairs.ts): `text`, or the pair's first example. */
  choosePair(pair: Seq2SeqPair, text?: string): void {
    switchPair(this, pair, text);
  }

  /** An example sentence of `pair` (the examples' buttons): the pair, then the text. */
  chooseExample(pair: Seq2SeqPair, text: string): void {
    switchPair(this, pair, text);
    this.text = text;
    this.caret = -1;
    this.interventions.sentenceChanged();
    this.compute();
  }

  /** The other attention variant for side by side (none while the student's own model is shown). */
  otherVariant(): Variant | null {
    if (this.variant === LOCAL) return null;
    return this.available.find((v) => v !== this.variant) ?? null;
  }

  toggleCompare(): void {
    this.setCompare(!this.compare);
  }

  setCompare(on: boolean): void {
    if (on === this.compare) return;
    this.compare = on;
    const other = this.otherVariant();
    if (this.compare && other) void this.ensureLoaded(other);
    this.compute();
  }

  chooseVariant(variant: Shown): void {
    if (variant === this.variant) return;
    this.variant = variant;
    this.forwards.reset();
    this.interventions.resetForwards();
    this.otherForwards.record = null;
    if (this.model) this.compute();
    else if (variant !== LOCAL) void this.ensureLoaded(variant);
    const other = this.otherVariant();
    if (this.compare && other) void this.ensureLoaded(other);
  }

  /** What the text box holds, as the engine will see it (cut to the character limit). */
  input(): string {
    return clipText(this.text, SEQ2SEQ_MAX_CHARS).text;
  }

  /**
   * What the model reads: the text box, with the full stop the shipped models were trained to
   * expect (a model whose vocabulary has no "." reads the text as it is).
   */
  fullStop(): { text: string; added: boolean } {
    return modelInput(this.input(), this.model);
  }

  modelInput(): string {
    return this.fullStop().text;
  }

  /** Asks the engine for the current text (latest wins, see LatestForward). */
  compute(): void {
    const input = this.input();
    if (!hasWords(input)) {
      this.otherForwards.clear();
      this.interventions.clearForwards();
      return this.forwards.clear(); // empty or punctuation only: a message, no engine call
    }
    const variant = this.variant;
    this.forwards.run(
      this.model?.engine,
      this.modelInput(),
      () => variant === this.variant,
      () => {
        this.computeOther();
        this.computeEdited();
      },
    );
  }

  /**
   * With an intervention: the changed model on the translation on screen (forced, so the map keeps
   * its rows) and on its own (free). Nothing without one (interventions.run clears instead).
   */
  computeEdited(): void {
    const record = this.record;
    if (!record || !hasWords(this.input())) return;
    const variant = this.variant;
    const current = () => variant === this.variant;
    const engine = this.model?.engine;
    this.interventions.run(engine, this.modelInput(), current, record.outputTokens.join(' '));
    this.interventions.run(engine, this.modelInput(), current, undefined, this.editedFree);
  }

  /**
   * Side by side: the other variant decodes the translation on screen (teacher forcing), so both
   * maps have the same rows and their difference is defined cell by cell.
   */
  computeOther(): void {
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
  shownRecord(): ForwardRecord | null {
    const record = this.record;
    if (!record || !hasWords(this.input())) return null;
    if (record.tokens.length > SEQ2SEQ_MAX_TOKENS) return null;
    if (allWordsUnknown(record)) return null;
    return record;
  }

  messages(): Message[] {
    const ladder = messageLadder(
      {
        prefix: 'seq2seq',
        text: this.text,
        maxChars: SEQ2SEQ_MAX_CHARS,
        loadFailed: this.current?.status === 'failed',
        runError: this.runError,
        record: this.record,
        reportTruncation: false,
      },
      (record) => recordMessages(this, record),
    );
    return [...linkNote(this.localMissing), ...this.restartNote(), ...ladder];
  }

  override render(): TemplateResult {
    const messages = this.messages();
    const teacher = isTeacherMode(this.controls);
    return html`
      ${sentenceInput({
        controls: this.controls,
        id: 'sentence',
        label: say(this, 'inputLabel'),
        placeholder: say(this, 'placeholder'),
        messagesId: 'seq2seq-messages',
        text: this.text,
        onInput: this.typed,
        onCaret: this.onCaret,
        lang: this.variant === LOCAL ? undefined : langOf(PAIR_LANGUAGES[this.pair].source),
        switches: html`<div class="switches">
          ${renderPairs(this)} ${renderVariants(this)} ${renderCompareToggle(this)}
        </div>`,
      })}
      ${teacher ? nothing : this.opener.render()} ${teacher ? nothing : renderSuggestions(this)}
      ${teacher ? nothing : renderExamples(this)} ${renderCard(this)}
      ${renderMessages('seq2seq-messages', messages)} ${teacher ? nothing : this.vocabulary.render(this)}
      <div
        class="figure"
        aria-busy=${this.busy || this.current?.status === 'loading' || firstViewRecord(this) ? 'true' : 'false'}
      >
        ${renderFigure(this)}
      </div>
      ${this.shown.panels.includes('chart') && this.variant !== LOCAL ? renderLengthChart(this) : nothing}
      ${teacher ? nothing : this.explainSection.render()}
    `;
  }

  static override styles = [
    ...lessonStyles,
    seq2seqStyles,
    controlsStyles,
    confidenceStyles,
    comparePanelStyles,
    stepPanelStyles,
    openModelStyles,
    ...explainStyles,
    interventionBarStyles,
    seq2seqInterventionStyles,
    pairsStyles,
  ];
}

customElements.define('attnlab-seq2seq', Seq2SeqElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-seq2seq': Seq2SeqElement;
  }
}
