// What lesson 1 says about a translation, after the ladder every lesson shares
// (lessons/shared/messages.ts): too many words, unknown words, the full stop it added, no end token.

import './strings';
import type { Message } from '../shared/messages';
import type { ForwardRecord } from '../../engine/records';
import { allWordsUnknown } from './view-model';
import { formatInteger } from '../../i18n';
import type { Seq2SeqElement } from './element';
import { stoppedMessage } from './stopped';
import { SEQ2SEQ_MAX_TOKENS, say } from './parts';
import { isolate } from '../../i18n/bidi';

export function unknownWords(record: ForwardRecord): string[] {
  const words = record.tokens.filter((_, i) => record.unknown[i]);
  return [...new Set(words)];
}

/** What the lesson says about a record: too long, unknown words, the added full stop, no end. */
export function recordMessages(el: Seq2SeqElement, record: ForwardRecord): Message[] {
  const out: Message[] = [];
  // The words it knows, as the vocabulary list counts them (vocabulary.ts): no punctuation, no <unk>.
  const size = formatInteger(el.model?.vocabulary.length ?? 0);
  if (record.tokens.length > SEQ2SEQ_MAX_TOKENS) {
    out.push({
      kind: 'warning',
      key: 'too-long',
      text: say(el, 'tooLong', {
        tokens: formatInteger(record.tokens.length),
        max: formatInteger(SEQ2SEQ_MAX_TOKENS),
      }),
    });
    return out;
  }
  const unknown = unknownWords(record);
  if (allWordsUnknown(record)) {
    out.push({
      kind: 'warning',
      key: 'unknown',
      text: say(el, 'allUnknown', { size, examples: (el.model?.vocabulary ?? []).slice(0, 12).join(' ') }),
    });
    return out;
  }
  if (unknown.length) {
    out.push({
      kind: 'warning',
      key: 'unknown',
      text: say(el, 'unknown', {
        count: unknown.length,
        words: unknown.map((w) => `“${isolate(w)}”`).join(', '),
        size,
      }),
    });
  }
  if (el.fullStop().added) out.push({ kind: 'info', key: 'full-stop', text: say(el, 'fullStopAdded') });
  const stopped = stoppedMessage(record);
  if (stopped) out.push(stopped);
  return out;
}
