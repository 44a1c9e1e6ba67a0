// What lesson 1 says when the decoder was stopped for length (issue 53, "never loop"): the engine
// stops a translation that never writes its end token at min(2 x the input's words + 5, the
// model's max_output_len) and flags it in the record (records.ts stoppedForLength). Pure, apart
// from the strings: tests/web/seq2seq-length.test.ts.

import './strings';
import { formatInteger, t } from '../../i18n';
import type { ForwardRecord } from '../../engine/records';
import type { Message } from '../shared/messages';

/**
 * The decoder was stopped for length (the engine's flag, issue 53): it never wrote its end token
 * and reached min(2 x the input's words + 5, the model's limit). Says which of the two it was.
 */
export function stoppedMessage(record: ForwardRecord): Message | null {
  if (!record.stoppedForLength) return null;
  const words = record.tokens.length;
  const max = record.outputLimit;
  const params = { max: formatInteger(max), words: formatInteger(words) };
  return {
    kind: 'warning',
    key: 'stopped-length',
    text:
      max === 2 * words + 5
        ? t('seq2seq.stoppedForLength', params)
        : t('seq2seq.stoppedAtModelLimit', params),
  };
}
