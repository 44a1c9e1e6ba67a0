// <attnlab-lstmn>: lesson 2, an RNN that reads with self-attention (Cheng, Dong & Lapata 2016).
// The student types English; a small language model trained on Jane Austen and everyday English (models/lm-*) reads it
// one piece at a time in a worker. At step i it attends over h_1..h_i and predicts the next piece
// from [h_i; c_i]. This element holds the state (properties, attributes, models, the latest
// forward) and composes the figures, each in its own module of this folder: the reading figure
// (reading-figure.ts), the next-word guesses (next-words.ts), every number of one step
// (step-panel.ts), how the model was trained and what its attention settled into
// (objective-panel.ts), the recall-versus-distance result (recall-panel.ts) and the changes to the
// attention (interventions.ts: the reading figure and the map then show the changed model, the
// guesses before and after). Baselines without
// attention (plain SimpleRNN / LSTM) show their guesses only. The cards of every served model are
// read too (small JSON files), so a model's perplexity is shown next to its baseline's.

import './strings'; // this view's English strings, before anything renders (i18n/en.ts)
import { firstViewRecord, startFirstViewEngine } from './first-view';
import { lessonStyles } from '../shared/lesson-styles';
import { html, nothing, type TemplateResult } from 'lit';
import { LatestForward } from '../shared/latest-forward';
import { InterventionController } from '../shared/intervention-controller';
import { interventionBarStyles } from '../shared/intervention-bar';
import { lstmnInterventionStyles } from './interventions';
import { LOCAL, ModelSet, type LoadState, type WithLocal } from '../shared/model-set';
import { localLoader, modelLoader, servedFolders } from '../shared/load-model';
import { openModelStyles } from '../shared/open-model-control';
import { linkNote, requireArchitecture, unknownNote } from '../shared/local-model';
import {
  hasForeignText,
  hasUnspacedScript,
  messageLadder,
  renderMessages,
  type Message,
} from '../shared/messages';
import {
  groupMap,
  groupRow,
  parseRecallCurve,
  pieceGroups,
  summarizeLmCard,
  wordGroups,
  type LmCard,
} from '../shared/lm';
import { modelUrl } from '../../engine/model-folder';
import { fetchAsset } from '../../engine/assets';
import { defaultModelBase } from '../../engine/model-base';
import { parseIndex, parseModel, parseView } from '../../embed/state';
import { sentenceInput } from '../shared/embed-attributes';
import { LessonElement } from '../shared/lesson-element';
import { clipText, hasWords, type ForwardRecord } from '../../engine/records';
import { LocaleController, t } from '../../i18n';
import { LSTMN_MODELS, modelFolders, type LmModel } from '../shared/models';
import {
  DEFAULT_LSTMN_SENTENCE,
  LSTMN_MAX_CHARS,
  lmModel,
  type LoadedModel,
  type RecallState,
  type Reading,
} from './parts';
import { attributeValues, withinTokens, SPEC, type View } from './state';
import { renderModels, renderCard, controlsStyles } from './controls';
import { wordPiecesStyles } from '../shared/word-pieces';
import { LmVocabularySlot } from '../shared/lm-vocabulary-slot';
import { renderFigure, readingFigureStyles } from './reading-figure';
import { nextWordsStyles } from './next-words';
import { stepPanelStyles } from './step-panel';
import { renderRecall, recallPanelStyles } from './recall-panel';
import { renderObjective, objectivePanelStyles } from './objective-panel';
import { lstmnStyles } from './styles';
import { ExplainSection, seedLabels } from '../shared/explain-section';
import { explainStyles } from '../shared/explain-panel';
import { argmax, visiblePiece } from '../shared/explain';
import { findTensor } from '../../engine/records';
import { isTeacherMode } from '../shared/embed-attributes';
import '../../figures/attention-map';
import '../../figures/recall-chart';
import { startWhenConnected } from '../../components/start-when-connected';
import { ZhSwitch, zhSwitchStyles } from '../shared/zh-switch';

const MODEL_FOLDERS = modelFolders(LSTMN_MODELS);

export class LstmnElement extends LessonElement<LmModel, LoadedModel> {
  static override properties = {
    model: { state: true },
    view: { state: true },
    selected: { state: true },
    readout: { state: true },
    recall: { state: true },
    cards: { state: true },
  };

  /** The model shown: one of the lesson's, or the one the student opened (LOCAL). */
  declare model: WithLocal<LmModel>;
  declare view: View;
  /** Token index of the step the step panel shows; null: panel closed. */
  declare selected: number | null;
  /** The exact weight under the pointer or of the focused row, in words. */
  declare readout: string;
  declare recall: RecallState;
  /** The card of every served model, read as soon as the manifest is (for the comparisons). */
  declare cards: Partial<Record<LmModel, LmCard>>;

  readonly forwards = new LatestForward(this);
  readonly interventions = new InterventionController(this, {
    rowBase: 1,
    rerun: () => this.computeEdited(),
  });
  readonly models = new ModelSet<LmModel, LoadedModel>(this, {
    lesson: LSTMN_MODELS,
    load: modelLoader(lmModel),
    loadLocal: localLoader((loaded) => {
      requireArchitecture(loaded.info, 'lstmn');
      return lmModel(loaded);
    }),
    manifest: servedFolders,
    onReady: (model) => {
      this.vocabulary.load();
      if (model === this.model) this.compute();
    },
  });
  /** The pieces that start a word, or the characters (lm-vocabulary.ts): a chunk asked for when the first model is ready. */
  readonly vocabulary = new LmVocabularySlot(this);
  /** A Chinese sentence is read by the Chinese model, said in a line above the figures. */
  readonly zh = new ZhSwitch<LmModel>(this, 'zh-rnn-selfattn', LSTMN_MODELS);
  reading: Reading | null = null;
  /** The record the last update saw (a new one may close the step panel). */
  seenRecord: ForwardRecord | null = null;

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
    this.cards = {};
    this.shown = parseView(null, SPEC.view);
  }

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    // Attributes set from outside: the element follows them.
    if (changed.has('sentence') && typeof this.sentence === 'string' && this.sentence !== this.text) {
      this.text = this.sentence;
      this.readout = '';
      this.zh.textChanged();
      this.compute();
    }
    const model = parseModel(this.attrModel, SPEC) as LmModel | null;
    if (changed.has('attrModel') && model && model !== this.model) {
      if (this.available.length) this.chooseModel(model);
      else {
        this.model = model;
        this.zh.chosen(model);
      }
    }
    if (changed.has('attrView') && this.attrView != null) {
      this.shown = parseView(this.attrView, SPEC.view);
      if (this.shown.mode === 'words' || this.shown.mode === 'pieces') this.chooseView(this.shown.mode);
    }
    if (changed.has('attrStep') && this.attrStep != null) this.selected = parseIndex(this.attrStep);
    const newRecord = this.record !== this.seenRecord;
    this.seenRecord = this.record;
    if (newRecord && this.record) this.selected = withinTokens(this.selected, this.record.tokens.length);
    // And the state goes back to the attributes (written in updated()).
    const out = (this.reflected = attributeValues(this));
    this.sentence = out.sentence.value;
    this.attrModel = out.model.value;
    this.attrView = out.view.value;
    this.attrStep = out.step.value;
    this.reflectIntervention();
  }

  override updated(): void {
    super.updated();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    startWhenConnected(this, () => {
      void this.start();
      void this.loadRecall();
    });
  }

  async start(): Promise<void> {
    // Without a manifest the default model is still tried, so a missing model says so.
    startFirstViewEngine(this); // its first figure is the build's: worker and model at once
    await this.models.readManifest();
    if (this.model === LOCAL) return void this.loadCards(); // opened while the manifest was read
    if (!this.available.includes(this.model)) this.model = this.available[0];
    this.zh.textChanged(); // a Chinese sentence from the URL or an attribute
    void this.loadCards();
    await this.ensureLoaded(this.model);
  }

  readonly fallbackKey = 'rnn-selfattn' as const;
  get shownKey(): WithLocal<LmModel> {
    return this.model;
  }
  choose(model: WithLocal<LmModel>): void {
    this.chooseModel(model);
  }
  /** The student's model opens with nothing of the lesson's own chosen. */
  protected override localShown(): void {
    this.readout = '';
    this.selected = null;
  }

  /** Reads card.json of every served model (a failed one is left out: its comparison is not shown). */
  async loadCards(): Promise<void> {
    const cards = await Promise.all(
      this.available.map(async (key) => {
        try {
          const response = await fetchAsset(modelUrl(defaultModelBase(), MODEL_FOLDERS[key], 'card.json'));
          if (!response.ok) return null;
          return [key, summarizeLmCard((await response.json()) as Record<string, unknown>)] as const;
        } catch {
          return null;
        }
      }),
    );
    this.cards = Object.fromEntries(cards.filter((c) => c !== null)) as Partial<Record<LmModel, LmCard>>;
  }

  async loadRecall(): Promise<void> {
    try {
      const url = modelUrl(defaultModelBase(), 'recall-curve.json');
      const response = await fetchAsset(url);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      this.recall = { status: 'ready', curve: parseRecallCurve(await response.json()) };
    } catch (error) {
      this.recall = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
  }

  ensureLoaded(model: LmModel): Promise<void> {
    return this.models.ensure(model);
  }

  get current(): LoadState<LoadedModel> | undefined {
    return this.models.state(this.model);
  }

  get loaded(): LoadedModel | null {
    return this.models.ready(this.model);
  }

  onInput(event: Event): void {
    this.typeText((event.target as HTMLTextAreaElement).value);
  }

  typeText(text: string): void {
    this.text = text;
    this.readout = '';
    this.zh.textChanged();
    this.interventions.sentenceChanged();
    this.compute();
  }

  chooseModel(model: WithLocal<LmModel>, auto = false): void {
    if (!auto) this.zh.chosen(model);
    if (model === this.model) return;
    this.model = model;
    this.forwards.reset();
    this.interventions.resetForwards();
    this.readout = '';
    if (this.loaded) this.compute();
    else if (model !== LOCAL) void this.ensureLoaded(model);
  }

  chooseView(view: View): void {
    this.view = view;
    this.readout = '';
  }

  /** What the text box holds, as the engine will see it (cut to the character limit). */
  input(): string {
    return clipText(this.text, LSTMN_MAX_CHARS).text;
  }

  /** Asks the engine for the current text (latest wins, see LatestForward). */
  compute(): void {
    const input = this.input();
    if (!hasWords(input)) {
      this.interventions.clearForwards();
      return this.forwards.clear(); // empty, punctuation or symbols only: a message
    }
    const model = this.model;
    this.forwards.run(this.loaded?.engine, input, () => model === this.model);
    this.computeEdited();
  }

  /** The same text through the changed model (nothing without a change). */
  computeEdited(): void {
    const input = this.input();
    if (!hasWords(input)) return;
    const model = this.model;
    this.interventions.run(this.loaded?.engine, input, () => model === this.model);
  }

  /** The figures' data for the record shown (the changed model's, see interventions) and view. */
  currentReading(): Reading | null {
    const record = this.interventions.shown(this.record);
    if (!record || !hasWords(this.input())) return null;
    return this.readingOf(record);
  }

  /** The figures' data for `record` in the current view (the last one kept). */
  readingOf(record: ForwardRecord): Reading {
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

  messages(): Message[] {
    const ladder = messageLadder(
      {
        prefix: 'lstmn',
        text: this.text,
        maxChars: LSTMN_MAX_CHARS,
        loadFailed: this.current?.status === 'failed',
        runError: this.runError,
        record: this.record,
        reportTruncation: true,
      },
      (record) => {
        const out: Message[] = [];
        if (this.model === LOCAL && this.loaded) out.push(...unknownNote(record, this.loaded.vocabulary));
        // A model that reads characters (the Chinese one) reads Chinese as it was trained to.
        const chars = this.loaded?.chars ?? false;
        if (!chars && hasForeignText(this.input()))
          out.push({ kind: 'info', key: 'foreign', text: t('lstmn.foreign') });
        if (!chars && this.view === 'words' && hasUnspacedScript(this.input()))
          out.push({ kind: 'info', key: 'unspaced', text: t('lstmn.unspaced') });
        if (this.loaded && !this.loaded.arch.attention)
          out.push({ kind: 'info', key: 'no-attention', text: t('lstmn.noAttention') });
        return out;
      },
    );
    return [...linkNote(this.localMissing), ...this.restartNote(), ...ladder];
  }

  override render(): TemplateResult {
    const messages = this.messages();
    const teacher = isTeacherMode(this.controls);
    // How the model was trained comes after the figure, so the figure a student types for is on the
    // screen with the text box (before, it started a screen below the box at 1280 x 900).
    return html`
      ${sentenceInput({
        controls: this.controls,
        id: 'lstmn-sentence',
        label: t('lstmn.inputLabel'),
        placeholder: t('lstmn.placeholder'),
        messagesId: 'lstmn-messages',
        text: this.text,
        onInput: this.typed,
        switches: renderModels(this),
      })}
      ${this.zh.render()} ${teacher ? nothing : this.opener.render()} ${renderCard(this)}
      ${renderMessages('lstmn-messages', messages)} ${teacher ? nothing : this.vocabulary.render(this)}
      <div
        class="figure"
        aria-busy=${this.busy || this.current?.status === 'loading' || firstViewRecord(this) ? 'true' : 'false'}
      >
        ${renderFigure(this)}
      </div>
      ${renderObjective(this)} ${this.shown.panels.includes('recall') ? renderRecall(this) : nothing}
      ${teacher ? nothing : this.explainSection.render()}
    `;
  }

  /** "Does attention explain the output?" for the next-word guess after the chosen token. */
  readonly explainSection = new ExplainSection(this, {
    seedFolder: () => null, // issue 15 ships a second seed for lessons 1 and 3 only
    request: (seed) => {
      const record = hasWords(this.input()) ? this.record : null;
      const loaded = this.loaded;
      const map = record?.maps[0];
      if (!record || !loaded || !map) return null;
      const row = Math.max(0, Math.min(this.selected ?? record.tokens.length - 1, map.rows - 1));
      const word = (id: number) => visiblePiece(loaded.vocabulary[id] ?? String(id));
      return {
        engine: loaded.engine,
        seedEngine: seed,
        labels: seedLabels(loaded.info.card, null),
        text: this.input(),
        record,
        mapIndex: 0,
        logitsRow: row,
        mapRow: row,
        keys: row + 1, // the reading reads the tokens up to itself
        describe: (r) => {
          const logits = findTensor(r, 'logits');
          return logits ? word(argmax(logits.data.subarray(row * logits.cols, (row + 1) * logits.cols))) : '';
        },
        word,
      };
    },
  });

  static override styles = [
    ...explainStyles,
    ...lessonStyles,
    lstmnStyles,
    controlsStyles,
    wordPiecesStyles,
    objectivePanelStyles,
    readingFigureStyles,
    nextWordsStyles,
    stepPanelStyles,
    recallPanelStyles,
    interventionBarStyles,
    lstmnInterventionStyles,
    openModelStyles,
    zhSwitchStyles,
  ];
}

customElements.define('attnlab-lstmn', LstmnElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-lstmn': LstmnElement;
  }
}
