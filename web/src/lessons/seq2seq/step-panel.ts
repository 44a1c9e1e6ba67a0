// Lesson 1's step panel: one decoder step with the trace's own numbers (state, scores e_ij,
// weights alpha_ij and the encoder states they weigh, the context vector).

import { css, html, nothing, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { ForwardRecord } from '../../engine/records';
import { stepDetail, type StepDetail } from './view-model';
import { t } from '../../i18n';
import { radioPills } from '../../components/radio-pills';
import { typeset } from '../../components/typeset';
import type { Seq2SeqElement } from './element';
import { STEP_STATE, STEP_SCORE, STEP_SOFTMAX, STEP_CONTEXT } from './parts';
import { isolate } from '../../i18n/bidi';

export function chooseStep(el: Seq2SeqElement, j: number): void {
  el.step = j;
}

/** The step-through panel: one decoder step with the trace's own numbers. */
export function renderStep(el: Seq2SeqElement, record: ForwardRecord): TemplateResult | typeof nothing {
  const map = record.maps[0];
  if (!map || map.rows === 0) return nothing;
  const j = Math.min(el.step, map.rows - 1);
  const detail: StepDetail | null = stepDetail(record, j);
  if (!detail) return nothing;
  const n = j + 1;
  const maxWeight = Math.max(...detail.weights);
  return html`<section class="step" aria-labelledby="step-title">
    <h3 id="step-title" class="map-title">${t('seq2seq.stepTitle')}</h3>
    <p class="step-intro">${t('seq2seq.stepIntro')}</p>
    ${radioPills({
      host: el,
      name: 'step-words',
      data: 'step',
      label: t('seq2seq.stepChoose'),
      showLabel: false,
      lang: 'fr',
      options: map.rowLabels.map((_, r) => r),
      current: j,
      text: (r) => map.rowLabels[r],
      choose: (r) => chooseStep(el, r),
    })}
    <ol class="step-list" data-step=${j} data-strip-group>
      <li>
        <p>${t('seq2seq.stepState', { j: n, word: isolate(detail.word) })}</p>
        <div class="formula">${unsafeHTML(typeset(STEP_STATE, true))}</div>
        <div class="vector-row">
          <span class="vector-name">${unsafeHTML(typeset(`s_{${n - 1}}`))}</span>
          <attnlab-vector-strip
            .values=${detail.previousState}
            .max=${detail.scale}
            label=${`s_${n - 1}`}
          ></attnlab-vector-strip>
        </div>
        <div class="vector-row">
          <span class="vector-name">${unsafeHTML(typeset(`s_{${n}}`))}</span>
          <attnlab-vector-strip
            .values=${detail.state}
            .max=${detail.scale}
            label=${`s_${n}`}
          ></attnlab-vector-strip>
        </div>
      </li>
      <li>
        <p>${t('seq2seq.stepScores', { m: detail.keys.length })}</p>
        <div class="formula">
          ${unsafeHTML(
            typeset(
              STEP_SCORE[String(el.model?.info.config.attention ?? el.variant)] ?? STEP_SCORE[el.variant],
              true,
            ),
          )}
        </div>
        <div class="formula">${unsafeHTML(typeset(STEP_SOFTMAX, true))}</div>
        <div class="table-scroll">
          <table class="step-table" data-weight-sum=${detail.weightSum} data-strip-group>
            <thead>
              <tr>
                <th scope="col">i</th>
                <th scope="col">${t('seq2seq.stepWord')}</th>
                <th scope="col">${unsafeHTML(typeset(`e_{i${n}}`))}<span class="sr-only">e i${n}</span></th>
                <th scope="col">
                  ${unsafeHTML(typeset(`\\alpha_{i${n}}`))}<span class="sr-only">α i${n}</span>
                </th>
                <th scope="col">${unsafeHTML(typeset('h_i'))}<span class="sr-only">h i</span></th>
              </tr>
            </thead>
            <tbody>
              ${detail.keys.map(
                (h, i) =>
                  html`<tr
                    data-i=${i}
                    data-alpha=${detail.weights[i]}
                    class=${detail.weights[i] === maxWeight ? 'peak' : ''}
                  >
                    <td class="num">${i + 1}</td>
                    <td>${map.colLabels[i]}</td>
                    <td class="num">${detail.scores[i].toFixed(3)}</td>
                    <td class="num alpha">
                      <span class="bar" style="width:${Math.round(detail.weights[i] * 60)}px"></span
                      >${detail.weights[i].toFixed(3)}
                    </td>
                    <td>
                      <attnlab-vector-strip
                        .values=${h}
                        .max=${detail.scale}
                        label=${`h_${i + 1}`}
                      ></attnlab-vector-strip>
                    </td>
                  </tr>`,
              )}
            </tbody>
            <tfoot>
              <tr>
                <td></td>
                <th scope="row" colspan="2">${t('seq2seq.stepSum')}</th>
                <td class="num sum">${detail.weightSum.toFixed(3)}</td>
                <td></td>
              </tr>
            </tfoot>
          </table>
        </div>
      </li>
      <li>
        <p>${t('seq2seq.stepContext')}</p>
        <div class="formula">${unsafeHTML(typeset(STEP_CONTEXT, true))}</div>
        <div class="vector-row">
          <span class="vector-name">${unsafeHTML(typeset(`c_{${n}}`))}</span>
          <attnlab-vector-strip
            .values=${detail.context}
            .max=${detail.scale}
            label=${`c_${n}`}
          ></attnlab-vector-strip>
        </div>
        <p class="step-check" data-error=${detail.contextError}>
          ${t('seq2seq.stepCheck', { error: detail.contextError.toExponential(1) })}
        </p>
      </li>
    </ol>
  </section>`;
}

export const stepPanelStyles = css`
  .step,
  .length {
    margin-top: 1.4rem;
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
  .formula {
    overflow-x: auto;
    overflow-y: hidden;
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
  .table-scroll {
    max-width: 100%;
    overflow-x: auto;
  }
  .step-table {
    border-collapse: collapse;
    font-size: 0.85rem;
    font-variant-numeric: tabular-nums;
  }
  .step-table th,
  .step-table td {
    padding: 0.15rem 0.5rem;
    text-align: left;
    border-bottom: 1px solid #e3e8ef;
    white-space: nowrap;
  }
  .step-table .num {
    text-align: right;
  }
  .step-table tr.peak td {
    font-weight: 700;
    background: #eef3fa;
  }
  .step-table .bar {
    display: inline-block;
    height: 0.6rem;
    margin-right: 0.4rem;
    background: var(--attn-accent, #1f5fa8);
    vertical-align: middle;
  }
  .step-check {
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
`;
