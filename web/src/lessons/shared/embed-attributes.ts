// What every lesson element shares for embedding (docs/embedding.md): the attributes `model`,
// `view`, `controls` and `lang` as Lit properties, the rule that writes the element's state back to
// its attributes (so the app page can put it in the URL), the language switch of `lang`, and the
// teacher mode of controls="none" (no text box, no switches: the figure for the given sentence).

import { css, html, nothing, type TemplateResult } from 'lit';
import { parseLanguage } from '../../embed/state';
import { currentLanguage, showLanguage } from '../../i18n';
import { isChineseText } from './zh-text';

/**
 * Lit properties of the embedding attributes. The lesson's own state keeps its own names
 * (`variant`, `model`, `view`, ...); these hold the attribute text and are read in willUpdate.
 */
export const embedProperties = {
  attrModel: { type: String, attribute: 'model' },
  attrView: { type: String, attribute: 'view' },
  controls: { type: String },
  attrLang: { type: String, attribute: 'lang' },
} as const;

/** The property fields that embedProperties declares (each element declares them too). */
export interface EmbedAttributes {
  attrModel: string | null | undefined;
  attrView: string | null | undefined;
  controls: string | null | undefined;
  attrLang: string | null | undefined;
}

/**
 * lang="zh-CN" on an element switches the page's language (the i18n instance is one per page). It
 * is not remembered as the reader's choice, so a course page in Chinese leaves the app's own
 * language switch alone.
 */
export function applyLanguageAttribute(value: string | null | undefined): void {
  const language = parseLanguage(value);
  if (language && language !== currentLanguage()) void showLanguage(language);
}

/** An attribute's text for the element's current state; a default is written only over an attribute. */
export interface Reflected {
  value: string;
  isDefault: boolean;
}

/**
 * Writes the state to the attributes (called from updated()). The element has already set the
 * matching properties to the same text in willUpdate, so Lit sees no change and renders no more.
 * An attribute that was never given stays absent while its state is the default.
 */
export function reflectAttributes(host: HTMLElement, values: Record<string, Reflected>): void {
  for (const [name, { value, isDefault }] of Object.entries(values)) {
    if (host.getAttribute(name) === value) continue;
    if (isDefault && !host.hasAttribute(name)) continue;
    host.setAttribute(name, value);
  }
}

/** controls="none": the teacher mode. */
export const isTeacherMode = (controls: string | null | undefined): boolean =>
  (controls ?? '').trim().toLowerCase() === 'none';

/** The sentence as read-only text, in the text box's place (teacher mode). */
export function readOnlySentence(
  text: string,
  label: string,
  lang = isChineseText(text) ? 'zh-CN' : 'en', // lessons 2 and 3 read Chinese too
): TemplateResult {
  return html`<p class="sentence-readonly" lang=${lang} aria-label=${label}>${text}</p>`;
}

/** What sentenceInput draws: a lesson's text box with its label and switches above it. */
export interface SentenceInput {
  controls: string | null | undefined; // the element's `controls` attribute (teacher mode)
  id: string; // the text box's id
  label: string;
  placeholder: string;
  messagesId: string; // the id of the lesson's message list, which describes the box
  text: string;
  onInput: (event: Event) => void;
  /** Pills and buttons beside the label. */
  switches?: TemplateResult | typeof nothing;
  /** The language of the text box (default English; lesson 1's Chinese -> English reads Chinese). */
  lang?: string;
  /** Called when the caret may have moved (key up, click): lesson 1 suggests words there. */
  onCaret?: (event: Event) => void;
}

/**
 * A lesson's sentence: the labelled text box with its switches, or in teacher mode the sentence
 * as read-only text. While an input method composes (pinyin becoming 你好), the lesson waits: the
 * letters being composed are not the sentence (read as English they would switch lessons 2 and 3
 * to their English models and back), so it reads the text when the composition ends.
 */
export function sentenceInput(box: SentenceInput): TemplateResult {
  if (isTeacherMode(box.controls)) return readOnlySentence(box.text, box.label, box.lang);
  return html`<div class="controls">
      <label for=${box.id}>${box.label}</label>
      ${box.switches ?? nothing}
    </div>
    <textarea
      id=${box.id}
      rows="2"
      spellcheck="false"
      autocomplete="off"
      lang=${box.lang ?? 'en'}
      placeholder=${box.placeholder}
      aria-describedby=${box.messagesId}
      .value=${box.text}
      @input=${notComposing(box.onInput)}
      @compositionend=${box.onInput}
      @keyup=${box.onCaret}
      @click=${box.onCaret}
    ></textarea>`;
}

/**
 * `onInput` for the input events that are not an input method's composing ones. Lit calls an
 * event listener with the element as `this`, and the lessons' handlers are methods that use it,
 * so the wrapper passes its `this` on.
 */
export function notComposing(onInput: (event: Event) => void) {
  return function (this: unknown, event: InputEvent): void {
    if (!event.isComposing) onInput.call(this, event);
  };
}

/** Teacher mode hides every switch and tool bar; the figures stay. */
export const teacherModeStyles = css`
  .sentence-readonly {
    margin: 0;
    padding: 0.5rem 0.8rem;
    border-left: 4px solid var(--attn-accent, #1f5fa8);
    border-radius: 6px;
    background: #f4f7fb;
    font-size: 1.05rem;
    line-height: 1.45;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  :host([controls='none']) .controls,
  :host([controls='none']) .pills,
  :host([controls='none']) .compare-toggle,
  :host([controls='none']) .suggestions {
    display: none;
  }
`;
