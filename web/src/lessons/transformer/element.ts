// <attnlab-transformer>: lesson 3, Transformer self-attention (Vaswani et al. 2017) as the
// self-attention notes tell it: every token's vector a^i is multiplied by W^q, W^k, W^v into q^i,
// k^i, v^i; alpha_{i,j} = q^i . k^j / sqrt(d); alpha' = softmax(alpha) (or a sigmoid); and
// b^i = sum_j alpha'_{i,j} v^j, once per head, the heads joined by W^O. Small models trained on the
// lesson-2 corpus (models/tf-*) run in a worker as the student types. This element holds the state
// (properties, attributes, models, the latest forward) and composes the figures, each in its own
// module of this folder: the head, model and step views (head-view.ts, model-view.ts, step-view.ts),
// the masked word (mask-panel.ts), positions (positions-panel.ts) and the comparison with RNNs and
// CNNs (compare-panel.ts), and the changes to the attention (interventions.ts: the views then show
// the changed model; the guesses and the output vectors before and after). docs/architecture.md
// lists them.

import './strings'; // this view's English strings, before anything renders (i18n/en.ts)
import { firstViewRecord, startFirstViewEngine } from './first-view';
import { lessonStyles } from '../shared/lesson-styles';
import { html, nothing, type TemplateResult } from 'lit';
import { LatestForward } from '../shared/latest-forward';
import { InterventionController } from '../shared/intervention-controller';
import { interventionBarStyles } from '../shared/intervention-bar';
import { transformerInterventionStyles, type UniformScope } from './interventions';
import { LOCAL, ModelSet, type LoadState, type WithLocal } from '../shared/model-set';
import { localLoader, modelLoader, servedFolders } from '../shared/load-model';
import { openModelStyles } from '../shared/open-model-control';
import { linkNote, requireArchitecture, unknownNote } from '../shared/local-model';
import { hasForeignText, messageLadder, renderMessages, type Message } from '../shared/messages';
import { parseView } from '../../embed/state';
import { sentenceInput } from '../shared/embed-attributes';
import { LessonElement } from '../shared/lesson-element';
import { clipText, hasWords, type ForwardRecord } from '../../engine/records';
import { activeMask, maskPositions, maskWord, tokenLabel, type TextWord } from './view-model';
import { TRANSFORMER_MODELS, type TfModel } from '../shared/models';
import { ShuffleDemo } from './shuffle';
import { firstWholeWord } from '../shared/lm';
import { LocaleController, t } from '../../i18n';
import { DEFAULT_TF_SENTENCE, TF_MAX_CHARS, tfModel, type LoadedModel, type ShuffleState } from './parts';
import { attributeValues, withinArch, withinTokens, SPEC, type Units, type View } from './state';
import { renderModels, renderCard } from './controls';
import { headViewStyles } from './head-view';
import { paintThumbCanvases, modelViewStyles } from './model-view';
import { stepViewStyles } from './step-view';
import { renderFigure } from './figure';
import { renderMask, maskPanelStyles } from './mask-panel';
import { paintPositions, renderPositions, positionsPanelStyles } from './positions-panel';
import { transformerStyles } from './styles';
import { renderCompare, comparePanelStyles } from './compare-panel';
import { ExplainSection } from '../shared/explain-section';
import { isTeacherMode } from '../shared/embed-attributes';
import { explainStyles } from '../shared/explain-panel';
import { explainRequest } from './explain';
import { followAttributes } from './follow-attributes';
import '../../figures/attention-map';
import '../../figures/export-buttons';
import '../../figures/vector-strip';
import { startWhenConnected } from '../../components/start-when-connected';
import { ZhSwitch, zhSwitchStyles } from '../shared/zh-switch';
import { wordPiecesStyles } from '../shared/word-pieces';
import { LmVocabularySlot } from '../shared/lm-vocabulary-slot';

export class TransformerElement extends LessonElement<TfModel, LoadedModel> {
  static override properties = {
    attrLayer: { type: String, attribute: 'layer' },
    attrHead: { type: String, attribute: 'head' },
    attrToken: { type: String, attribute: 'token' },
    attrMask: { type: String, attribute: 'mask' },
    model: { state: true },
    view: { state: true },
    units: { state: true },
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
    uniformScope: { state: true },
  };

  declare attrLayer: string | null | undefined;
  declare attrHead: string | null | undefined;
  declare attrToken: string | null | undefined;
  declare attrMask: string | null | undefined;
  /** The model shown: one of the lesson's, or the one the student opened (LOCAL). */
  declare model: WithLocal<TfModel>;
  declare view: View;
  /** The head and model views in whole words (a word's weight the sum of its pieces') or pieces. */
  declare units: Units;
  /** Layer and head of the model view's large map and of the computation panel (0-based). */
  declare layer: number;
  declare head: number;
  /** The last layer or head asked for that the model does not have (shown as a note while layer/head 1 is). */
  archNote: { model: string; what: 'Layer' | 'Head'; value: number; max: number } | null = null;
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
  /** Where "Uniform attention" applies: the whole model, the layer or the head on screen. */
  declare uniformScope: UniformScope;

  readonly forwards = new LatestForward(this);
  readonly zh = new ZhSwitch<TfModel>(this, 'mlm-zh', TRANSFORMER_MODELS);
  /** "Does attention explain the output?" for the chosen head and the chosen word's guess. */
  readonly explainSection = new ExplainSection(this, {
    seedFolder: () => (this.model === 'mlm' ? 'tf-mlm-seed2' : null),
    request: (seed, seedCard) => explainRequest(this, seed, seedCard),
  });
  readonly interventions = new InterventionController(this, {
    rowBase: 1,
    rerun: () => this.computeEdited(),
  });
  readonly models = new ModelSet<TfModel, LoadedModel>(this, {
    lesson: TRANSFORMER_MODELS,
    load: modelLoader(tfModel),
    loadLocal: localLoader((loaded) => {
      requireArchitecture(loaded.info, 'transformer');
      return tfModel(loaded);
    }),
    manifest: servedFolders,
    onReady: (model) => {
      this.vocabulary.load();
      if (model === this.model) this.compute();
    },
  });
  /** The pieces that start a word, or the characters (lm-vocabulary.ts): a chunk asked for when the first model is ready. */
  readonly vocabulary = new LmVocabularySlot(this);
  /** The shuffle demonstration: the no-position model in a worker of its own, loaded when near. */
  readonly shuffleDemo = new ShuffleDemo(this);
  /** The record the last update saw (a new one may move the query, hover and field tokens). */
  seenRecord: ForwardRecord | null = null;
  focusMaskAfterRecord = false;
  /** No query chosen yet: each new record opens on its first whole word (firstWholeWord). */
  autoQuery = true;

  constructor() {
    super();
    new LocaleController(this);
    this.sentence = DEFAULT_TF_SENTENCE;
    this.text = DEFAULT_TF_SENTENCE;
    this.model = 'mlm';
    this.view = 'head';
    this.units = 'words';
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
    this.uniformScope = 'model';
    this.shown = parseView(null, SPEC.view);
  }

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    // A query set since the last update (a click, a key, the mask, the `token` attribute) is the
    // student's choice; until then the lesson picks a whole word of each new text.
    if (changed.has('query') && this.hasUpdated) this.autoQuery = false;
    super.willUpdate(changed);
    followAttributes(this, changed);
    // The record drawn: the engine's, or the build's first figure while the model loads.
    const record = this.record ?? firstViewRecord(this);
    const n = record?.tokens.length ?? 0;
    const newRecord = record !== this.seenRecord;
    this.seenRecord = record;
    if (newRecord && record && this.autoQuery) this.query = firstWholeWord(record);
    if (newRecord && record) Object.assign(this, withinTokens(this, n));
    const arch = this.loaded?.arch;
    if (arch) {
      const within = withinArch(this, arch);
      // A layer or head the model does not have (a link's, or the previous model's): said, not thrown.
      if (within.layer !== this.layer)
        this.archNote = { model: this.model, what: 'Layer', value: this.layer + 1, max: arch.nLayer };
      else if (within.head !== this.head)
        this.archNote = { model: this.model, what: 'Head', value: this.head + 1, max: arch.nHead };
      Object.assign(this, within);
    }
    // And the state goes back to the attributes (written in updated()).
    const out = (this.reflected = attributeValues(this, this.clipped()));
    this.sentence = out.sentence.value;
    this.attrModel = out.model.value;
    this.attrView = out.view.value;
    this.attrLayer = out.layer.value;
    this.attrHead = out.head.value;
    this.attrToken = out.token.value;
    this.attrMask = out.mask.value;
    this.reflectIntervention();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    startWhenConnected(this, () => void this.start());
  }

  async start(): Promise<void> {
    startFirstViewEngine(this); // its first figure is the build's: worker and model at once
    await this.models.readManifest();
    if (!this.available.length) return; // said in the figure's place
    if (this.model !== LOCAL) {
      if (!this.available.includes(this.model)) this.model = this.available[0];
      this.zh.textChanged(); // a Chinese sentence from the URL or an attribute
      await this.ensureLoaded(this.model);
    }
  }

  readonly fallbackKey = 'mlm' as const;
  get shownKey(): WithLocal<TfModel> {
    return this.model;
  }
  choose(model: WithLocal<TfModel>): void {
    this.chooseModel(model);
  }
  /** The student's model opens with nothing of the lesson's own chosen. */
  protected override localShown(): void {
    this.readout = '';
    this.hiddenHeads = [];
    this.masked = null;
    this.autoQuery = true;
  }

  ensureLoaded(model: TfModel): Promise<void> {
    return this.models.ensure(model);
  }

  get manifestRead(): boolean {
    return this.models.manifestRead;
  }
  get current(): LoadState<LoadedModel> | undefined {
    return this.models.state(this.model);
  }

  get loaded(): LoadedModel | null {
    return this.models.ready(this.model);
  }

  // ---- Input and computation ------------------------------------------------------------------

  onInput(event: Event): void {
    this.typeText((event.target as HTMLTextAreaElement).value);
  }

  typeText(text: string): void {
    this.text = text;
    this.zh.textChanged();
    this.masked = null; // its offsets belong to the old text
    this.readout = '';
    this.interventions.sentenceChanged();
    this.compute();
    this.shuffleDemo.schedule();
  }

  chooseModel(model: WithLocal<TfModel>, auto = false): void {
    if (!auto) this.zh.chosen(model);
    if (model === this.model) return;
    this.model = model;
    this.forwards.reset();
    this.interventions.resetForwards();
    this.readout = '';
    this.hiddenHeads = [];
    if (this.loaded) this.compute();
    else if (model !== LOCAL) void this.ensureLoaded(model);
  }

  /** The text as the engine will read it, before masking: cut to the character limit. */
  clipped(): string {
    return clipText(this.text, TF_MAX_CHARS).text;
  }

  /** What is sent to the engine: the clipped text, with the masked word replaced by <mask>. */
  input(): string {
    const text = this.clipped();
    const masked = this.masked;
    return masked && masked.end <= text.length ? maskWord(text, masked) : text;
  }

  /** Asks the engine for the current text (latest wins, see LatestForward). */
  compute(): void {
    const input = this.input();
    if (!hasWords(input)) {
      this.interventions.clearForwards();
      return this.forwards.clear(); // empty, punctuation only: a message instead
    }
    const model = this.model;
    this.computeEdited();
    this.forwards.run(
      this.loaded?.engine,
      input,
      () => model === this.model,
      (record) => {
        if (!this.focusMaskAfterRecord) return;
        this.focusMaskAfterRecord = false;
        const which = Math.max(0, activeMask(this.clipped(), this.masked));
        const at = maskPositions(record, this.loaded?.maskId ?? -1)[which];
        if (at !== undefined) this.query = at;
      },
    );
  }

  /** The same input through the changed model (nothing without a change). */
  computeEdited(): void {
    const input = this.input();
    if (!hasWords(input)) return;
    const model = this.model;
    this.interventions.run(this.loaded?.engine, input, () => model === this.model);
  }

  /** The record the views draw: the changed model's, unless the student chose the original. */
  get shownRecord(): ForwardRecord | null {
    return this.interventions.shown(this.record);
  }

  toggleMask(word: TextWord): void {
    const same = this.masked && this.masked.start === word.start && this.masked.end === word.end;
    this.masked = same ? null : word;
    this.focusMaskAfterRecord = !same;
    this.interventions.sentenceChanged(); // <mask> is one token: the positions after it move
    this.compute();
  }

  // ---- Small pieces -----------------------------------------------------------------------------

  range = (n: number) => Array.from({ length: n }, (_, i) => i);

  tokenText(record: ForwardRecord, i: number): string {
    return tokenLabel(record.tokens[i] ?? '');
  }

  messages(): Message[] {
    const ladder = messageLadder(
      {
        prefix: 'transformer',
        text: this.text,
        maxChars: TF_MAX_CHARS,
        loadFailed: this.current?.status === 'failed',
        runError: this.runError,
        record: this.record,
        reportTruncation: true,
      },
      (record) => [
        ...(this.model === LOCAL && this.loaded ? unknownNote(record, this.loaded.vocabulary) : []),
        ...(!this.loaded?.chars && hasForeignText(this.clipped())
          ? [{ kind: 'info' as const, key: 'foreign', text: t('transformer.foreign') }]
          : []),
      ],
    );
    const note = this.archNote;
    const clamped =
      note && note.model === this.model && (note.what === 'Layer' ? this.layer : this.head) === 0
        ? [{ kind: 'info' as const, key: 'out-of-range', text: t(`url.outOfRange${note.what}`, note) }]
        : [];
    return [...linkNote(this.localMissing), ...this.restartNote(), ...clamped, ...ladder];
  }

  // ---- Controls -------------------------------------------------------------------------------

  override updated(): void {
    paintThumbCanvases(this);
    paintPositions(this);
    super.updated();
  }

  override render(): TemplateResult {
    const messages = this.messages();
    const panels = this.shown.panels;
    const teacher = isTeacherMode(this.controls);
    return html`
      ${sentenceInput({
        controls: this.controls,
        id: 'tf-sentence',
        label: t('transformer.inputLabel'),
        placeholder: t('transformer.placeholder'),
        messagesId: 'tf-messages',
        text: this.text,
        onInput: this.typed,
        switches: renderModels(this),
      })}
      ${this.zh.render()} ${teacher ? nothing : this.opener.render()} ${renderCard(this)}
      ${renderMessages('tf-messages', messages)} ${teacher ? nothing : this.vocabulary.render(this)}
      <div
        class="figure"
        aria-busy=${this.busy || this.current?.status === 'loading' || firstViewRecord(this) ? 'true' : 'false'}
      >
        ${this.shown.mode === null ? nothing : renderFigure(this)}
      </div>
      ${panels.includes('mask') ? renderMask(this) : nothing}
      ${panels.includes('positions') ? renderPositions(this) : nothing}
      ${panels.includes('compare') ? renderCompare(this) : nothing}
      ${teacher ? nothing : this.explainSection.render()}
    `;
  }

  static override styles = [
    ...lessonStyles,
    transformerStyles,
    headViewStyles,
    modelViewStyles,
    stepViewStyles,
    maskPanelStyles,
    positionsPanelStyles,
    comparePanelStyles,
    ...explainStyles,
    interventionBarStyles,
    transformerInterventionStyles,
    openModelStyles,
    zhSwitchStyles,
    wordPiecesStyles,
  ];
}

customElements.define('attnlab-transformer', TransformerElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-transformer': TransformerElement;
  }
}
