// The message list every lesson element shows above its figure (too long, unknown words, engine
// errors, ...): one live region, one paragraph per message, found by tests through data-key. The
// ladder the three lessons share is written once (messageLadder); each lesson adds its own tail.

import { html, type TemplateResult } from 'lit';
import { clipText, hasWords, type ForwardRecord } from '../../engine/records';
import { formatInteger, t } from '../../i18n';

export interface Message {
  kind: 'info' | 'warning' | 'error';
  key: string; // stable name, so tests and styles can find a message
  text: string;
}

/** The live region with `messages`; `id` is what the text box's aria-describedby names. */
export function renderMessages(id: string, messages: readonly Message[]): TemplateResult {
  return html`<div id=${id} class="messages" aria-live="polite">
    ${messages.map(
      (m) =>
        html`<p
          class="message"
          data-kind=${m.kind}
          data-key=${m.key}
          role=${m.kind === 'error' ? 'alert' : 'status'}
        >
          ${m.text}
        </p>`,
    )}
  </div>`;
}

/**
 * Letters outside the Latin script (CJK, Cyrillic, Hebrew, Arabic, ...) or emoji: text the English
 * models rarely saw, which they read byte by byte as rare pieces. An emoji is no letter, but the
 * lessons' note names it (© and ®, pictographic too, are left out: Latin-1, as é is).
 */
export const hasForeignText = (text: string) =>
  /(?=\p{L})\P{Script=Latin}|(?=\p{Extended_Pictographic})[^\u0000-\u00ff]/u.test(text);

/**
 * Two letters in a row of a script written without spaces between words (Chinese, Japanese, Thai,
 * ...): a figure that cuts words at spaces reads a whole sentence of it as one word.
 */
export const hasUnspacedScript = (text: string) =>
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]{2}/u.test(
    text,
  );

export interface LadderInput {
  /** The lesson's i18n prefix ('seq2seq', 'lstmn', 'transformer'): its strings tooManyChars, engineError, truncated. */
  prefix: string;
  /** The text box. */
  text: string;
  /** Characters (code points) the engine reads; more are cut. */
  maxChars: number;
  /** The model failed to load: that is said in the figure's place, so no message at all. */
  loadFailed: boolean;
  runError: string | null;
  record: ForwardRecord | null;
  /** The lesson reports a record cut to the model's token limit (record.truncated). */
  reportTruncation: boolean;
}

/**
 * The messages of every lesson, in order: too many characters; nothing more for a text without
 * words (said in the figure's place); the engine's error, alone; with a record, its truncation and
 * then `tail(record)`, the lesson's own.
 */
export function messageLadder(input: LadderInput, tail: (record: ForwardRecord) => Message[]): Message[] {
  const out: Message[] = [];
  if (input.loadFailed) return out;
  const clipped = clipText(input.text, input.maxChars);
  if (clipped.clipped) {
    out.push({
      kind: 'warning',
      key: 'chars',
      text: t(`${input.prefix}.tooManyChars`, {
        length: formatInteger(clipped.length),
        limit: formatInteger(input.maxChars),
      }),
    });
  }
  if (!hasWords(input.text)) return out;
  if (input.runError) {
    out.push({
      kind: 'error',
      key: 'engine',
      text: t(`${input.prefix}.engineError`, { message: input.runError }),
    });
    return out;
  }
  const record = input.record;
  if (!record) return out;
  if (input.reportTruncation && record.truncated) {
    out.push({
      kind: 'warning',
      key: 'tokens',
      text: t(`${input.prefix}.truncated`, {
        tokens: formatInteger(record.truncated.tokens),
        max: formatInteger(record.truncated.maxTokens),
        chars: formatInteger(record.truncated.chars),
      }),
    });
  }
  return [...out, ...tail(record)];
}
