// What the three lesson elements share as custom elements: the sentence and the embedding
// attributes as Lit properties (docs/embedding.md), the language switch of `lang`, and writing the
// lesson's state back to its attributes once per update. Each lesson's willUpdate follows its own
// attributes, calls super.willUpdate first and sets `reflected`; updated() writes it.

import { LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import {
  applyLanguageAttribute,
  embedProperties,
  reflectAttributes,
  type EmbedAttributes,
  type Reflected,
} from './embed-attributes';

export class LessonElement extends LitElement implements EmbedAttributes {
  static override properties: PropertyDeclarations = {
    sentence: { type: String },
    ...embedProperties,
    text: { state: true },
  };

  /** The sentence (attribute `sentence`; the text box writes what is typed back to it). */
  declare sentence: string;
  /** Attributes model, view, controls and lang (docs/embedding.md); lessons add their own. */
  declare attrModel: string | null | undefined;
  declare attrView: string | null | undefined;
  declare controls: string | null | undefined;
  declare attrLang: string | null | undefined;
  /** The text the lesson reads (typed, or from `sentence`). */
  declare text: string;

  /** The attributes' text for the current state, as willUpdate computed it, for updated() to write. */
  reflected: Record<string, Reflected> = {};

  override willUpdate(changed: PropertyValues): void {
    if (changed.has('attrLang')) applyLanguageAttribute(this.attrLang);
  }

  override updated(): void {
    reflectAttributes(this, this.reflected);
  }
}
