// Lesson 1's step panel: the start step or one decoder step with the trace's own numbers (the
// inputs x'_i, s_{i-1}, c_{i-1}, the state, scores e_ij, weights alpha_ij and the encoder states h_j
// they weigh, the context vector, the word written and its probability).

import './strings';
import { targetLang } from './pairs';
import { css, html, nothing, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { ForwardRecord } from '../../engine/records';
import { mapWithStart, stepDetail, type StepDetail } from './view-model';
import { formatPercent, t } from '../../i18n';
import { radioPills } from '../../components/radio-pills';
import { typeset } from '../../components/typeset';
import type { Seq2SeqElement } from './element';
import { scoresTable } from '../../figures/scores-table';
import { STEP_STATE, STEP_SCORE, STEP_SOFTMAX, STEP_CONTEXT, STEP_START, STEP_OUTPUT, say } from './parts';
import { isolate } from '../../i18n/bidi';

export function chooseStep(el: Seq2SeqElement, row: number): void {
  el.step = row;
}

const tex = (source: string, display = false) => unsafeHTML(typeset(source, display));

/** One named vector as a colour strip, with its symbol in front. */
function vectorRow(symbol: string, label: string, values: Float32Array, max: number): TemplateResult {
  return html`<div class="vector-row">
    <span class="vector-name">${tex(symbol)}</span>
    <attnlab-vector-strip .values=${values} .max=${max} label=${label}></attnlab-vector-strip>
  </div>`;
}

/**
 * The step-through panel: the start step (alpha_0j from s_0 = h_m, giving c_0) or decoder step i
 * with every input of s_j (x'_j, s_{j-1}, c_{j-1}), the scores, the context, and the word written.
 */
export function renderStep(el: Seq2SeqElement, record: ForwardRecord): TemplateResult | typeof nothing {
  const map = mapWithStart(record);
  if (!map || map.rows < 2) return nothing;
  const row = Math.max(0, Math.min(el.step, map.rows - 1));
  const detail: StepDetail | null = stepDetail(record, row);
  if (!detail) return nothing;
  // Bahdanau's order (parts.ts): step i, source word j.
  const i = row;
  const maxWeight = Math.max(...detail.weights);
  const scale = detail.scale;
  const score = STEP_SCORE[String(el.model?.info.config.attention ?? el.variant)] ?? STEP_SCORE.additive;
  return html`<section class="step" aria-labelledby="step-title">
    <h3 id="step-title" class="map-title">${t('seq2seq.stepTitle')}</h3>
    <p class="step-intro">${say(el, 'stepIntro')}</p>
    ${radioPills({
      host: el,
      name: 'step-words',
      data: 'step',
      label: t('seq2seq.stepChoose'),
      showLabel: false,
      lang: targetLang(el),
      options: map.rowLabels.map((_, r) => r),
      current: row,
      text: (r) => (r === 0 ? t('seq2seq.stepStartPill') : map.rowLabels[r]),
      choose: (r) => chooseStep(el, r),
    })}
    <ol class="step-list" data-step=${row} data-strip-group>
      ${
        detail.inputs
          ? html`<li data-part="inputs">
              <p>${t('seq2seq.stepState', { j: i, word: isolate(detail.output?.word ?? '') })}</p>
              <div class="formula" tabindex="0">
                ${tex(STEP_STATE.replaceAll('_{i-1}', `_{${i - 1}}`).replaceAll('_i', `_{${i}}`), true)}
              </div>
              ${vectorRow(`x'_{${i}}`, `x'_${i} (${detail.inputs.word})`, detail.inputs.embedding, maxAbs(detail.inputs.embedding))}
              <p class="note">${t('seq2seq.stepInputWord', { word: isolate(detail.inputs.word) })}</p>
              ${vectorRow(`s_{${i - 1}}`, `s_${i - 1}`, detail.inputs.state, scale)}
              ${vectorRow(`c_{${i - 1}}`, `c_${i - 1}`, detail.inputs.context, scale)}
              ${vectorRow(`s_{${i}}`, `s_${i}`, detail.state, scale)}
            </li>`
          : html`<li data-part="start">
              <p>${say(el, 'stepStart')}</p>
              <div class="formula" tabindex="0">${tex(STEP_START, true)}</div>
              ${vectorRow('s_0', 's_0', detail.state, scale)}
            </li>`
      }
      <li data-part="scores">
        <p>${say(el, 'stepScores', { m: detail.keys.length })}</p>
        <div class="formula" tabindex="0">
          ${tex(score.replaceAll('_{ij}', `_{${i},j}`).replaceAll('s_i', `s_{${i}}`), true)}
        </div>
        <div class="formula" tabindex="0">
          ${tex(STEP_SOFTMAX.replaceAll('{ij}', `{${i},j}`).replaceAll('{ik}', `{${i},k}`), true)}
        </div>
        ${scoresTable({
          className: 'step-table',
          data: { weightSum: String(detail.weightSum) },
          headers: {
            index: 'j',
            labels: [say(el, 'stepWord')],
            score: html`${tex(`e_{${i},j}`)}<span class="sr-only">e ${i} j</span>`,
            weight: html`${tex(`\\alpha_{${i},j}`)}<span class="sr-only">α ${i} j</span>`,
            vectors: [html`${tex('h_j')}<span class="sr-only">h j</span>`],
          },
          rows: detail.keys.map((h, k) => ({
            index: k,
            labels: [map.colLabels[k]],
            score: detail.scores[k],
            weight: detail.weights[k],
            vectors: [{ values: h, max: scale, label: `h_${k + 1}` }],
            data: { i: String(k), alpha: String(detail.weights[k]) },
            className: detail.weights[k] === maxWeight ? 'peak' : '',
          })),
          sum: { label: t('seq2seq.stepSum'), value: detail.weightSum },
          scoreDigits: 3,
          weightDigits: 3,
        })}
      </li>
      <li data-part="context">
        <p>${say(el, row === 0 ? 'stepContextStart' : 'stepContext')}</p>
        <div class="formula" tabindex="0">
          ${tex(STEP_CONTEXT.replaceAll('c_i', `c_{${i}}`).replaceAll('{i', `{${i},`), true)}
        </div>
        ${vectorRow(`c_{${i}}`, `c_${i}`, detail.context, scale)}
        <p class="step-check" data-error=${detail.contextError}>
          ${t('seq2seq.stepCheck', { error: detail.contextError.toExponential(1) })}
        </p>
      </li>
      ${
        detail.output
          ? html`<li
              data-part="output"
              data-word=${detail.output.word}
              data-p=${String(detail.output.probability)}
            >
              <p>${say(el, 'stepOutput')}</p>
              <div class="formula" tabindex="0">${tex(STEP_OUTPUT.replaceAll('_i', `_{${i}}`), true)}</div>
              <p>
                ${t('seq2seq.stepOutputWord', {
                  word: isolate(detail.output.word),
                  p: formatPercent(detail.output.probability),
                })}
              </p>
            </li>`
          : nothing
      }
    </ol>
  </section>`;
}

function maxAbs(values: Float32Array): number {
  let max = 0;
  for (const x of values) max = Math.max(max, Math.abs(x));
  return max || 1;
}

export const stepPanelStyles = css`
  .step,
  .length {
    margin-top: 1.4rem;
  }
  /* Below the map, usually off screen while the student types: neither laid out nor painted until
     scrolled to (each keystroke redraws the step-through panel, 1,300 nodes for a short sentence;
     laying out and painting it took most of the keystroke's frame; docs/performance-keystrokes.md). */
  .step {
    content-visibility: auto;
    contain-intrinsic-size: auto 1300px;
  }
  .length {
    content-visibility: auto;
    contain-intrinsic-size: auto 470px;
  }
  .step-intro {
    margin: 0 0 0.5rem;
    font-size: 0.9rem;
    color: var(--attn-muted, #5b6678);
  }
  .step-list {
    margin: 0.8rem 0 0;
    padding-left: 1.3rem;
  }
  .step-list > li {
    margin-bottom: 1rem;
  }
  .step-list p {
    margin: 0.2rem 0;
  }
  /* A formula wider than the panel (375 px) scrolls: tabindex="0" on each lets a keyboard scroll it
     (axe-core's scrollable-region-focusable; tests/e2e/seq2seq-vocabulary.mjs scans at 375 px). */
  .formula {
    overflow-x: auto;
    overflow-y: hidden;
  }
  .formula:focus-visible {
    outline: 2px solid var(--attn-accent, #1f5fa8);
    outline-offset: 2px;
  }
  .vector-row {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    margin: 0.25rem 0;
    min-width: 0;
  }
  .vector-name {
    flex: none;
    width: 2.2rem;
  }
  .vector-row attnlab-vector-strip {
    flex: 1 1 auto;
  }
  .step-list .note {
    margin: 0 0 0.2rem 2.8rem;
    font-size: 0.82rem;
    color: var(--attn-muted, #5b6678);
  }
  .step-check {
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
`;
