// Lesson 1's figure area: placeholders, the translation as tokens, the bar that changes the
// attention (and what the change does), and the attention map (or the two maps side by side). With
// a change, the map and the step panel show the changed model (forced on the same French words)
// unless the student chose "Original".

import './strings';
import { firstViewNote, loadPlaceholder, textPlaceholder } from '../shared/placeholders';
import { html, nothing, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { type AttentionMap, type ForwardRecord } from '../../engine/records';
import { formatInteger, t } from '../../i18n';
import { typeset } from '../../components/typeset';
import type { Seq2SeqElement } from './element';
import { SEQ2SEQ_MAX_TOKENS, COST_WITHOUT, COST_WITH, PAIR_LANGUAGES, say } from './parts';
import { LOCAL } from '../shared/model-set';
import { renderCompare } from './compare-panel';
import { renderStep } from './step-panel';
import { mapWithStart } from './view-model';
import { langOf, renderTranslation } from './pairs';
import { seq2seqMapTitle } from '../shared/map-titles';
import { isTeacherMode } from '../shared/embed-attributes';
import { pinSeq2seq, renderSeq2seqBar, seq2seqPins } from './interventions';
import type { PinEvent } from '../../figures/attention-map-edits';
import { firstViewRecord } from './first-view';
import { renderConfidence } from './confidence';

export function renderFigure(el: Seq2SeqElement): TemplateResult {
  const prefix = el.variant === LOCAL ? 'seq2seqLocal' : 'seq2seq';
  const first = firstViewRecord(el);
  if (first) return renderFirstView(el, first);
  const notReady = loadPlaceholder(prefix, el.current) ?? textPlaceholder(prefix, el.text, 'punctuationOnly');
  if (notReady) return notReady;
  const record = el.shownRecord();
  if (!record) {
    // Too long, every word unknown, or an engine error: the messages above say which. The
    // words are still listed, unknown ones marked, unless there are too many.
    const raw = el.record;
    return raw && raw.tokens.length <= SEQ2SEQ_MAX_TOKENS ? renderTokens(el, raw) : html``;
  }
  // The map starts with the s_0 row (alpha_0, giving c_0): m(t + 1) weights, as the engine computes.
  const shown = el.interventions.shown(record);
  const map = mapWithStart(shown);
  // Side by side too: the changes apply to the lesson's own model (the bar says which).
  const bar =
    el.shown.mode !== null && map && (!el.model || el.model.hasAttention)
      ? renderSeq2seqBar(el, record, mapWithStart(record))
      : nothing;
  return html`
    ${renderTokens(el, record)}
    <div class="translation-box">
      <span class="translation-label">${say(el, 'translationLabel')}</span>
      ${renderTranslation(el, record.outputTokens, record.stoppedForLength)}
      ${el.model ? renderConfidence(record, el.model.targetVocabulary) : nothing}
    </div>
    ${bar}
    ${
      el.shown.mode === null
        ? nothing
        : el.model && !el.model.hasAttention
          ? html`<p class="placeholder hint" data-key="no-attention">${say(el, 'noAttention')}</p>`
          : renderMap(el, record, map)
    }
    ${renderCost(el, map)} ${el.shown.panels.includes('step') ? renderStep(el, shown) : nothing}
  `;
}

/**
 * The figure from the record the build computed (first-view.ts), under one line saying that the
 * model is loading (how much has arrived) and where this figure comes from: the words, the
 * translation, the map (not pinnable: there is no engine yet to run a change) and the cost. The
 * step panel and the bar wait for the model.
 */
function renderFirstView(el: Seq2SeqElement, record: ForwardRecord): TemplateResult {
  const map = mapWithStart(record);
  return html`
    ${firstViewNote('seq2seq', el.current)} ${renderTokens(el, record)}
    <div class="translation-box">
      <span class="translation-label">${say(el, 'translationLabel')}</span>
      ${renderTranslation(el, record.outputTokens, record.stoppedForLength)}
    </div>
    ${el.shown.mode === null ? nothing : renderMap(el, record, map, false)} ${renderCost(el, map)}
  `;
}

/** How many weights attention computed for this sentence, against none without it. */
function renderCost(el: Seq2SeqElement, map: AttentionMap | null): TemplateResult | typeof nothing {
  if (!map || el.shown.mode === null) return nothing;
  const m = map.cols;
  const steps = map.rows - 1;
  return html`<div class="cost" data-m=${m} data-t=${steps} data-weights=${m * (steps + 1)}>
    <p class="cost-line">
      ${t('seq2seq.cost', { m: formatInteger(m), t1: formatInteger(steps + 1), n: formatInteger(m * (steps + 1)) })}
    </p>
    <p class="cost-formulas">
      <span>${t('seq2seq.costWithout')} ${unsafeHTML(typeset(COST_WITHOUT))}</span>
      <span>${t('seq2seq.costWith')} ${unsafeHTML(typeset(COST_WITH))}</span>
    </p>
    <p class="cost-note">${say(el, 'costNote')}</p>
  </div>`;
}

export function renderTokens(el: Seq2SeqElement, record: ForwardRecord): TemplateResult {
  const lang = el.variant === LOCAL ? nothing : langOf(PAIR_LANGUAGES[el.pair].source);
  return html`<div class="tokens">
    <span class="tokens-label">${say(el, 'tokensLabel')}</span>
    <ol>
      ${record.tokens.map((token, i) =>
        record.unknown[i]
          ? html`<li class="unknown" dir="auto" lang=${lang} title=${t('seq2seq.unknownChip')}>
              ${token}<span class="sr-only"> (${t('seq2seq.unknownChip')})</span>
            </li>`
          : html`<li dir="auto" lang=${lang}>${token}</li>`,
      )}
    </ol>
  </div>`;
}

/** The decoder x encoder map, or the two variants side by side. */
export function renderMap(
  el: Seq2SeqElement,
  record: ForwardRecord,
  map: AttentionMap | null,
  pinnable = !isTeacherMode(el.controls),
): TemplateResult {
  return html`<h3 class="map-title">${t('seq2seq.mapTitle')}</h3>
    ${
      el.compare && el.available.length > 1
        ? renderCompare(el, record)
        : html`<attnlab-attention-map
            .map=${map}
            .exportTitle=${seq2seqMapTitle(el.variant, el.models.local?.name)}
            .exportText=${el.text}
            .rowsAxis=${say(el, 'rowsAxis')}
            .colsAxis=${say(el, 'colsAxis')}
            .pinnable=${pinnable}
            .pins=${seq2seqPins(el)}
            @attnlab-pin=${(event: PinEvent) => pinSeq2seq(el, event.detail)}
          ></attnlab-attention-map>`
    }`;
}
