// What the three lesson elements share as custom elements: the sentence and the embedding
// attributes as Lit properties (docs/embedding.md), the `view` choice, the language switch of
// `lang`, writing the lesson's state back to its attributes once per update, and the model set and
// latest-wins forward every lesson holds (with the getters its figures read). Each lesson's
// willUpdate follows its own attributes, calls super.willUpdate first and sets `reflected`;
// updated() writes it. The `intervene` attribute (the student's changes to the attention, issue 15)
// is followed here for every lesson; each lesson adds it to `reflected` with reflectIntervention().

import {
  LitElement,
  nothing,
  type PropertyDeclarations,
  type PropertyValues,
  type TemplateResult,
} from 'lit';
import { radioPills } from '../../components/radio-pills';
import { t } from '../../i18n';
import type { ForwardRecord } from '../../engine/records';
import type { ViewChoice } from '../../embed/state';
import type { LatestForward } from './latest-forward';
import type { InterventionController } from './intervention-controller';
import type { Disposable, ModelSet } from './model-set';
import {
  applyLanguageAttribute,
  embedProperties,
  reflectAttributes,
  type EmbedAttributes,
  type Reflected,
} from './embed-attributes';

export abstract class LessonElement<Key extends string, Loaded extends Disposable>
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

  /** The lesson's models: which are served, loading, loaded or failed. */
  abstract readonly models: ModelSet<Key, Loaded>;
  /** The current model's answer for the text, latest wins. */
  abstract readonly forwards: LatestForward;
  /** The student's changes to the attention and the edited forward that runs next to the original. */
  abstract readonly interventions: InterventionController;

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

  /** The attributes' text for the current state, as willUpdate computed it, for updated() to write. */
  reflected: Record<string, Reflected> = {};

  override willUpdate(changed: PropertyValues): void {
    if (changed.has('attrLang')) applyLanguageAttribute(this.attrLang);
    if (changed.has('attrIntervene')) this.interventions.follow(this.attrIntervene);
  }

  /** Adds `intervene` to `reflected` (call after setting it in willUpdate). */
  reflectIntervention(): void {
    const out = (this.reflected.intervene = this.interventions.reflected());
    this.attrIntervene = out.value;
  }

  override updated(): void {
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
export function modelPills<Key extends string, Loaded extends Disposable, Pill extends string = Key>(
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
