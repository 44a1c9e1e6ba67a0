// A model the student opened from their own files, as every lesson shows it: which lesson fits
// which architecture (a wrong one is refused naming the lesson that shows it), what its card.json
// says, the card line with the "Close your model" button, and the notes for unknown words and for
// a link that asks for one. Opening and closing it: LessonElement (lesson-element.ts).

import { html, nothing, type TemplateResult } from 'lit';
import { formatInteger, formatPercent, t } from '../../i18n';
import type { ForwardRecord, ModelInfo } from '../../engine/records';
import { isolate } from '../../i18n/bidi';
import { LOCAL, type Disposable, type ModelSet, type WithLocal } from './model-set';
import type { Lesson } from './guides';
import type { Message } from './messages';
import { measureValues, renderMeasureDefinitions, shownMeasures } from './card-measures';
import { renderCardMore, type CardFoldHost } from './card-fold';

/** The architectures each lesson shows (config.json "architecture"). */
export const LESSON_ARCHITECTURES: Record<Lesson, readonly string[]> = {
  seq2seq: ['seq2seq'],
  lstmn: ['rnn_self_attention', 'rnn_lm'],
  transformer: ['transformer'],
};
const LESSON_NUMBER: Record<Lesson, number> = { seq2seq: 1, lstmn: 2, transformer: 3 };

/**
 * Throws, in the page's language, unless `lesson` shows a model of this architecture; the message
 * names the lesson that does, if one does.
 */
export function requireArchitecture(info: ModelInfo, lesson: Lesson): void {
  const architecture = String(info.config.architecture ?? '?');
  if (LESSON_ARCHITECTURES[lesson].includes(architecture)) return;
  const fits = (Object.keys(LESSON_ARCHITECTURES) as Lesson[]).find((l) =>
    LESSON_ARCHITECTURES[l].includes(architecture),
  );
  const message = t(`open.wrongArchitecture.${lesson}`, { architecture });
  throw new Error(fits ? `${message} ${t('open.fitsLesson', { n: LESSON_NUMBER[fits] })}` : message);
}

/** What card.json says of the model, as far as the page can show it. */
export interface LocalCard {
  description: string;
  /** An input the model was trained on (the training lab writes one), or "". */
  example: string;
  /** The task it was trained on (card "data.kind": reverse, recall, mirror, ...), or "". */
  task: string;
  /** Held-out scores, when the card has them (the lab's "metrics.valid", the CLI's "metrics.test"). */
  scores: {
    split: 'valid' | 'test';
    n: number;
    exactMatch: number;
    /** Alignment miss rate (card "alignment_error") and AER (card "aer"): card-measures.ts. */
    miss: number | null;
    aer: number | null;
    /** For a model with several maps (a Transformer's heads), the one the alignment miss rate is of. */
    bestMap: { layer: number; head: number } | null;
  } | null;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function localCard(card: Record<string, unknown>): LocalCard {
  const metrics = asRecord(card.metrics);
  const split = metrics.test === undefined && metrics.valid !== undefined ? 'valid' : 'test';
  const m = asRecord(metrics[split]);
  const exactMatch = finite(m.exact_match);
  const maps = Array.isArray(m.maps) ? m.maps.map(asRecord) : [];
  const best = maps.length > 1 ? maps[finite(m.best_map) ?? -1] : undefined;
  const bestMap =
    best && finite(best.layer) !== null && finite(best.head) !== null
      ? { layer: Number(best.layer), head: Number(best.head) }
      : null;
  return {
    description: typeof card.description === 'string' ? card.description : '',
    example: typeof card.example === 'string' ? card.example : '',
    task: typeof asRecord(card.data).kind === 'string' ? String(asRecord(card.data).kind) : '',
    scores:
      exactMatch === null
        ? null
        : {
            split,
            n: finite(m.n) ?? 0,
            exactMatch,
            miss: finite(m.alignment_error),
            aer: finite(m.aer),
            bestMap,
          },
  };
}

/** The model pill list: the lesson's own models, and "Your model" once one is open. */
export function withLocalOption<K extends string, M extends Disposable>(
  models: ModelSet<K, M>,
  available: K[],
): WithLocal<K>[] {
  return models.local?.state.status === 'ready' ? [...available, LOCAL] : available;
}

/**
 * The card line of the student's model: name, accuracy and size with the close button, and under
 * "More about this model" its scores in full and what its card says (card-fold.ts).
 */
export function renderLocalCard(
  name: string,
  parameters: number,
  card: LocalCard,
  close: () => void,
  host: CardFoldHost,
): TemplateResult {
  const count = formatInteger(parameters);
  const s = card.scores;
  const measures = s ? shownMeasures(s) : [];
  const text = s
    ? t(measures.length ? 'open.cardMetrics' : 'open.cardExact', {
        name,
        parameters: count,
        split: t(s.split === 'valid' ? 'open.splitValid' : 'open.splitTest'),
        n: formatInteger(s.n),
        exactMatch: formatPercent(s.exactMatch),
        measures: measureValues(s),
      })
    : t('open.card', { name, parameters: count });
  const best =
    s?.miss !== null && s?.bestMap
      ? ` ${t('open.bestHead', { layer: s.bestMap.layer + 1, head: s.bestMap.head + 1 })}`
      : '';
  const line = s
    ? t('open.cardLine', { name, parameters: count, exactMatch: formatPercent(s.exactMatch) })
    : t('open.card', { name, parameters: count });
  return html`<div class="card" data-local="true">
    <p class="card-line">
      ${line}
      <button type="button" class="compare-toggle close-local" @click=${close}>${t('open.close')}</button>
    </p>
    ${renderCardMore(
      host,
      html`<p>
          ${text}${best}${
            card.description
              ? html` <span class="card-description"
                  >${t('open.cardDescription', { description: card.description })}</span
                >`
              : nothing
          }
        </p>
        ${renderMeasureDefinitions(measures)}`,
    )}
  </div>`;
}

/** The note a lesson shows when its URL says "local": a link cannot carry the file. */
export const linkNote = (missing: boolean): Message[] =>
  missing ? [{ kind: 'info', key: 'link-needs-file', text: t('open.linkNeedsFile') }] : [];

/**
 * What a lesson says when the student's model does not know words of the text (a model with a
 * word vocabulary, such as the lab's, reads every other word as <unk>): which ones, or, when it
 * knows none, some words it does know.
 */
export function unknownNote(record: ForwardRecord, vocabulary: readonly string[]): Message[] {
  const unknown = [...new Set(record.tokens.filter((_, i) => record.unknown[i]))];
  if (!unknown.length) return [];
  if (unknown.length === new Set(record.tokens).size) {
    const known = vocabulary.filter((w) => !/^<.*>$/.test(w)).slice(0, 12);
    return [
      {
        kind: 'warning',
        key: 'unknown',
        text: t('open.allUnknown', { size: formatInteger(vocabulary.length), examples: known.join(' ') }),
      },
    ];
  }
  const words = unknown.map((w) => `“${isolate(w)}”`).join(', ');
  return [{ kind: 'warning', key: 'unknown', text: t('open.unknown', { count: unknown.length, words }) }];
}
