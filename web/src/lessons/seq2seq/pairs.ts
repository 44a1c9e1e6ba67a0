// Lesson 1's language pairs on the page (issue 19): the pair switch, the pair's example sentences
// (in the Chinese interface also a Chinese one while the pair reads English), the translation as
// text (Chinese words joined into the characters a reader reads, with the words the map shows
// under them), and the card's line on the issue's targets. The pair's state is the element's.

import { css, html, nothing, type TemplateResult } from 'lit';
import { radioPills } from '../../components/radio-pills';
import { currentLanguage, formatNumber, formatPercent, t } from '../../i18n';
import { LOCAL } from '../shared/model-set';
import { SEQ2SEQ_PAIR_MODELS, offeredPairs, type Seq2SeqPair } from '../shared/models';
import type { CardSummary } from '../../engine/model-folder';
import type { Seq2SeqElement } from './element';
import { PAIR_EXAMPLES, PAIR_LANGUAGES, defaultSentence, type Variant } from './parts';
import { SEQ2SEQ_TARGETS, joinWords, targetsMet } from './view-model';

/** The language of a pair's input or output, as an HTML `lang`. */
export const langOf = (code: 'en' | 'fr' | 'zh'): string => (code === 'zh' ? 'zh-CN' : code);

/** The language of what the shown model writes (undefined for the student's own model). */
export const targetLang = (el: Seq2SeqElement): string | undefined =>
  el.variant === LOCAL ? undefined : langOf(PAIR_LANGUAGES[el.pair].target);

/**
 * Shows another language pair: its models (the old pair's workers are stopped), the same attention
 * variant (the pair's first while the student's own model was shown), and `text` if given, else the
 * pair's first example (a text that was the old pair's default becomes the new pair's, so
 * `pair="zh-en"` alone opens on a Chinese sentence).
 */
export function switchPair(el: Seq2SeqElement, pair: Seq2SeqPair, text?: string): void {
  if (pair === el.pair) {
    // The student's own model was shown: the pair's pill goes back to the pair's models.
    if (el.variant === LOCAL && el.available.length) el.chooseVariant(el.available[0]);
    return;
  }
  const old = el.pair;
  el.pair = pair;
  el.models.setLesson(SEQ2SEQ_PAIR_MODELS[pair]);
  el.forwards.reset();
  el.otherForwards.record = null;
  el.interventions.resetForwards();
  el.text = text === undefined || text === defaultSentence(old) ? defaultSentence(pair) : text;
  if (el.text !== text) el.interventions.sentenceChanged();
  el.caret = -1;
  el.lengthCurves = [];
  if (!el.models.manifestRead) return; // start() loads the pair's model once the manifest is read
  void el.loadLengthCurves(el.models.served);
  if (el.variant === LOCAL || !el.available.includes(el.variant))
    el.variant = el.available[0] ?? el.fallbackKey;
  void el.ensureLoaded(el.variant as Variant);
  const other = el.otherVariant();
  if (el.compare && other) void el.ensureLoaded(other);
}

/** The pair switch, or nothing when only the shown pair is offered. */
export function renderPairs(el: Seq2SeqElement): TemplateResult | typeof nothing {
  const options = offeredPairs(el.models.manifestRead ? el.models.served : null, el.pair);
  if (options.length < 2) return nothing;
  return radioPills({
    host: el,
    name: 'pairs',
    data: 'value',
    label: t('seq2seqPairs.label'),
    options,
    // The student's own model is no pair of the lesson's: no pill is highlighted while it is shown.
    current: el.variant === LOCAL ? null : el.pair,
    text: (pair) => t(`seq2seqPairs.${pair}`),
    choose: (pair) => el.choosePair(pair),
  });
}

/** The pair's examples, and in the Chinese interface a Chinese sentence when the pair reads English. */
export function renderExamples(el: Seq2SeqElement): TemplateResult | typeof nothing {
  if (el.variant === LOCAL) return nothing;
  const own = PAIR_EXAMPLES[el.pair].filter((s) => s !== el.text);
  const chinese =
    currentLanguage() === 'zh-CN' && PAIR_LANGUAGES[el.pair].source !== 'zh'
      ? PAIR_EXAMPLES['zh-en'][0]
      : null;
  const button = (pair: Seq2SeqPair, text: string) =>
    html`<button
      type="button"
      class="example"
      data-pair=${pair}
      data-example=${text}
      lang=${langOf(PAIR_LANGUAGES[pair].source)}
      @click=${() => el.chooseExample(pair, text)}
    >
      ${text}
    </button>`;
  return html`<div class="examples" role="group" aria-label=${t('seq2seqPairs.examplesLabel')}>
    <span class="suggestions-label">${t('seq2seqPairs.examplesLabel')}</span>
    ${own.map((text) => button(el.pair, text))}
    ${
      chinese
        ? html`<span class="suggestions-label">${t('seq2seqPairs.tryChinese')}</span>
            ${button('zh-en', chinese)}`
        : nothing
    }
  </div>`;
}

/** After a translation the decoder was stopped for length (issue 53): "… (stopped for length)". */
export function stoppedMark(stopped: boolean): TemplateResult | typeof nothing {
  return stopped ? html`<span class="stopped-mark"> … (${t('seq2seq.stoppedMark')})</span>` : nothing;
}

/**
 * The translation: one line of text, and for Chinese the words the map's rows are, under it; a
 * translation the decoder was stopped for length (never wrote its end token) says so after it.
 */
export function renderTranslation(
  el: Seq2SeqElement,
  words: readonly string[],
  stoppedForLength = false,
): TemplateResult {
  const target = el.variant === LOCAL ? null : PAIR_LANGUAGES[el.pair].target;
  const text = joinWords(words, target ?? 'en');
  return html`<p
      class="translation"
      lang=${target ? langOf(target) : nothing}
      data-translation=${words.join(' ')}
      data-stopped=${stoppedForLength ? 'length' : nothing}
    >
      ${text}${stoppedMark(stoppedForLength)}
    </p>
    ${
      target === 'zh'
        ? html`<p class="translation-words">
            <span class="translation-label">${t('seq2seqPairs.words')}</span>
            <span lang="zh-CN" data-words=${words.join(' ')}>${words.join(' · ')}</span>
          </p>`
        : nothing
    }`;
}

/** The card's line on the targets (the English-French lesson's card keeps its one line). */
export function renderTargets(el: Seq2SeqElement, card: CardSummary): TemplateResult | typeof nothing {
  if (
    el.pair === 'en-fr' ||
    el.variant === LOCAL ||
    card.exactMatch === null ||
    card.alignmentMiss === null ||
    card.aer === null
  )
    return nothing;
  const met = targetsMet(card);
  // A missed target says by how much, in points of the card's own figure.
  const word = (ok: boolean | null, value: number, target: number) =>
    ok
      ? t('seq2seqPairs.met')
      : t('seq2seqPairs.missedBy', {
          points: formatNumber(Math.abs(value - target) * 100, {
            maximumFractionDigits: 1,
            minimumFractionDigits: 1,
          }),
        });
  return html` <span
    class="card-targets"
    data-exact-met=${String(met.exact)}
    data-miss-met=${String(met.miss)}
    data-aer-met=${String(met.aer)}
    >${t('seq2seqPairs.cardTargets', {
      exactTarget: formatPercent(SEQ2SEQ_TARGETS.exactMatch),
      missTarget: formatPercent(SEQ2SEQ_TARGETS.alignmentMiss),
      aerTarget: formatPercent(SEQ2SEQ_TARGETS.aer),
      exactMet: word(met.exact, card.exactMatch, SEQ2SEQ_TARGETS.exactMatch),
      missMet: word(met.miss, card.alignmentMiss, SEQ2SEQ_TARGETS.alignmentMiss),
      aerMet: word(met.aer, card.aer, SEQ2SEQ_TARGETS.aer),
    })}</span
  >`;
}

export const pairsStyles = css`
  /* .example buttons look like the suggestions (controls.ts, controlsStyles) */
  .examples {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.3rem;
    margin-top: 0.35rem;
  }
  .stopped-mark {
    font-size: 0.85rem;
    color: #5f4b00;
    background: #fff9db;
    border-radius: 4px;
  }
  .translation-words {
    margin: 0.3rem 0 0;
    font-size: 0.95rem;
    overflow-wrap: anywhere;
  }
  .translation-words .translation-label {
    display: inline;
    margin-right: 0.3rem;
  }
`;
