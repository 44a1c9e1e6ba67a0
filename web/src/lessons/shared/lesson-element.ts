// What the three lesson elements share as custom elements: the sentence and the embedding
// attributes as Lit properties (docs/embedding.md), the `view` choice, the language switch of
// `lang`, writing the lesson's state back to its attributes once per update, and the model set and
// latest-wins forward every lesson holds (with the getters its figures read). Each lesson's
// willUpdate follows its own attributes, calls super.willUpdate first and sets `reflected`;
// updated() writes it. The `intervene` attribute (the student's changes to the attention, issue 15)
// is followed here for every lesson; each lesson adds it to `reflected` with reflectIntervention().
// So is a model the student opens from their own files ("Open your model…", local-model.ts): the
// opener, opening and closing it, and the note when a link asks for one (`model=local`).

import {
  LitElement,
  nothing,
  type PropertyDeclarations,
  type PropertyValues,
  type TemplateResult,
} from 'lit';
import { radioPills } from '../../components/radio-pills';
import { typesetReady, whenTypesetReady } from '../../components/typeset';
import { t } from '../../i18n';
import type { ForwardRecord } from '../../engine/records';
import type { ViewChoice } from '../../embed/state';
import type { LatestForward } from './latest-forward';
import type { InterventionController } from './intervention-controller';
import { LOCAL, type Disposable, type ModelSet, type WithLocal } from './model-set';
import type { ModelFolder } from '../../engine/model-folder';
import type { ModelInfo } from '../../engine/records';
import type { RestartReason } from '../../engine/engine';
import type { Message } from './messages';
import { OpenModelController, engineRefusal } from './open-model-control';
import { AnswerHold } from './answer-hold';
import { localCard } from './local-model';
import {
  applyLanguageAttribute,
  embedProperties,
  reflectAttributes,
  type EmbedAttributes,
  type Reflected,
} from './embed-attributes';

/** A loaded model as a lesson keeps it: a worker to dispose and what the engine says of the model. */
export type LessonModel = Disposable & { info: ModelInfo };

export abstract class LessonElement<Key extends string, Loaded extends LessonModel>
  extends LitElement
  implements EmbedAttributes
{
  static override properties: PropertyDeclarations = {
    sentence: { type: String },
    ...embedProperties,
    attrStep: { type: String, attribute: 'step' },
    attrIntervene: { type: String, attribute: 'intervene' },
    text: { state: true },
    shown: { state: true },
    localMissing: { state: true },
  };

  /** The sentence (attribute `sentence`; the text box writes what is typed back to it). */
  declare sentence: string;
  /** Attributes model, view, controls and lang (docs/embedding.md); lessons add their own. */
  declare attrModel: string | null | undefined;
  declare attrView: string | null | undefined;
  declare controls: string | null | undefined;
  declare attrLang: string | null | undefined;
  /** Attribute `step`: which step the step panel opens on (each lesson reads it its own way). */
  declare attrStep: string | null | undefined;
  /** Attribute `intervene`: the changes to the attention, as text (engine/intervention.ts). */
  declare attrIntervene: string | null | undefined;
  /** The text the lesson reads (typed, or from `sentence`). */
  declare text: string;
  /** What `view` asks for: the lesson's figure mode and its panels. */
  declare shown: ViewChoice;
  /** The URL asked for a model opened from a file, which it cannot carry (a message says so). */
  declare localMissing: boolean;
  /** The model card's "More about this model" is open (card-fold.ts; kept across models). */
  cardMoreOpen = false;

  /** The lesson's models: which are served, loading, loaded or failed. */
  abstract readonly models: ModelSet<Key, Loaded>;
  /** The current model's answer for the text, latest wins. */
  abstract readonly forwards: LatestForward;
  /** The student's changes to the attention and the edited forward that runs next to the original. */
  abstract readonly interventions: InterventionController;
  /** The model shown: one of the lesson's, or the one the student opened (LOCAL). */
  abstract get shownKey(): WithLocal<Key>;
  /** Shows another model (the lesson's model switch). */
  abstract choose(key: WithLocal<Key>): void;
  /** Runs the text through the model shown. */
  abstract compute(): void;
  /** The model the lesson goes back to when the student's closes and none is served. */
  abstract readonly fallbackKey: Key;
  /** "Open your model…": the picker, drops on the lesson, and what was refused. */
  readonly opener = new OpenModelController(this, { open: (name, folder) => this.openLocal(name, folder) });
  /** A keystroke's own changes wait for its answer, so they render together (answer-hold.ts). */
  readonly answerHold = new AnswerHold(this, () => this.forwards.busy);
  /** The text box's listener: holds the render for the keystroke's answer, then the lesson reads it. */
  readonly typed = (event: Event): void => {
    this.answerHold.begin();
    this.onInput(event);
  };
  /** What the lesson does with its text box's input. */
  abstract onInput(event: Event): void;

  constructor() {
    super();
    this.localMissing = false;
  }

  /** What the lesson resets of its own when the student's model is shown (its panels' choices). */
  protected localShown(): void {}

  /**
   * Loads a model folder from the student's files in a worker of its own and shows it, the text
   * becoming the example its card gives (a model trained on the lab's symbols reads the lesson's
   * English as unknown words). If the engine or the lesson's architecture check refuses it, the
   * refusal is said next to the opener and the lesson keeps what it showed (its own model when the
   * refused folder replaced one of the student's).
   */
  async openLocal(name: string, folder: ModelFolder): Promise<void> {
    await this.models.openLocal(name, folder);
    const local = this.models.local;
    if (local?.state.status === 'failed') {
      this.opener.error = engineRefusal(name, local.state);
      this.closeLocal();
      return;
    }
    const model = this.models.ready(LOCAL);
    if (!model) return;
    this.localMissing = false;
    const example = localCard(model.info.card).example;
    if (example) this.text = example;
    this.localShown();
    if (this.shownKey !== LOCAL) return this.choose(LOCAL);
    // Another of the student's models replaced the one shown: what was computed belongs to that one.
    this.forwards.reset();
    this.interventions.resetForwards();
    this.compute();
  }

  /** Closes the student's model and goes back to the lesson's first one. */
  closeLocal(): void {
    this.models.dropLocal();
    if (this.shownKey === LOCAL) this.choose(this.available[0] ?? this.fallbackKey);
  }

  /** Models whose folder the page serves (models/index.json). */
  get available(): Key[] {
    return this.models.available;
  }
  get record(): ForwardRecord | null {
    return this.forwards.record;
  }
  get runError(): string | null {
    return this.forwards.runError;
  }
  /** A forward for the current text is still on its way (aria-busy on the figure). */
  get busy(): boolean {
    return this.forwards.busy;
  }
  /** What is on screen answers the current text and settings (LatestForward.answered). */
  get answered(): boolean {
    return this.forwards.answered;
  }

  /** The attributes' text for the current state, as willUpdate computed it, for updated() to write. */
  reflected: Record<string, Reflected> = {};

  /** The restart of the shown model's worker the note is about, and the text it was said for. */
  private restartSeen: { count: number; text: string; key: string; reason: RestartReason } | null = null;

  /**
   * After the shown model's worker was replaced (a crash or a hang, engine.ts), runs the text again
   * so the figure is the fresh worker's answer; the text and every setting stayed in the element.
   */
  private followRestarts(): void {
    const restarted = this.models.restarted;
    if (!restarted || restarted.count === this.restartSeen?.count) return;
    this.restartSeen = {
      count: restarted.count,
      text: this.text,
      key: restarted.key,
      reason: restarted.reason,
    };
    if (restarted.key === this.shownKey) this.compute();
  }

  /** One line while the text and model are those of the restart: what happened, and that nothing was lost. */
  restartNote(): Message[] {
    const seen = this.restartSeen;
    if (!seen || seen.key !== this.shownKey || seen.text !== this.text) return [];
    return [{ kind: 'warning', key: 'engine-restarted', text: t(`engine.restarted.${seen.reason}`) }];
  }

  protected override shouldUpdate(changed: PropertyValues): boolean {
    return this.answerHold.pass(changed);
  }

  override willUpdate(changed: PropertyValues): void {
    this.followRestarts();
    if (changed.has('attrLang')) applyLanguageAttribute(this.attrLang);
    if (changed.has('attrModel') && this.attrModel?.trim().toLowerCase() === LOCAL && this.shownKey !== LOCAL)
      this.localMissing = true;
    if (changed.has('attrIntervene')) this.interventions.follow(this.attrIntervene);
  }

  /** Adds `intervene` to `reflected` (call after setting it in willUpdate). */
  reflectIntervention(): void {
    const out = (this.reflected.intervene = this.interventions.reflected());
    this.attrIntervene = out.value;
  }

  /** Renders again when KaTeX arrives, if this render showed a formula's placeholder. */
  private readonly retypeset = (): void => this.requestUpdate();

  override updated(): void {
    if (!typesetReady()) whenTypesetReady(this.retypeset);
    reflectAttributes(this, this.reflected);
    // Without a change to the attention the attribute goes, so a link carries no empty `intervene`.
    if (this.reflected.intervene?.value === '' && this.hasAttribute('intervene'))
      this.removeAttribute('intervene');
  }
}

/**
 * The lesson's model chooser: one pill per served model, shown only when there is a choice.
 * `name` and `data` keep each lesson's class and data attribute ("models"/"model" in lessons 2
 * and 3, "variants"/"variant" in lesson 1), which embedded pages and tests select by.
 */
export function modelPills<Key extends string, Loaded extends LessonModel, Pill extends string = Key>(
  el: LessonElement<Key, Loaded>,
  options: {
    name: 'models' | 'variants';
    data: 'model' | 'variant';
    label: string;
    current: Pill;
    keys: Readonly<Record<Pill, string>>;
    choose: (key: Pill) => void;
    /** The pills, when not every served model is one (default: el.available). */
    options?: readonly Pill[];
  },
): TemplateResult | typeof nothing {
  const keys: readonly Pill[] = options.options ?? (el.available as string[] as Pill[]);
  if (keys.length < 2) return nothing;
  return radioPills({
    host: el,
    name: options.name,
    data: options.data,
    label: options.label,
    options: keys,
    current: options.current,
    text: (key) => t(options.keys[key]),
    choose: options.choose,
  });
}
