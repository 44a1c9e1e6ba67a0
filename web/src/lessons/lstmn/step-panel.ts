// Lesson 2's step panel: every number of one step (the slide formulas, the vectors as strips,
// the scores e_j and weights alpha_j with their sum).

import './strings';
import { scoresTable } from '../../figures/scores-table';
import { divergingColour } from '../../figures/palette';
import { css, html, nothing, svg, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { wordGroups } from '../shared/lm';
import type { AttentionMap } from '../../engine/records';
import { formatInteger, t } from '../../i18n';
import { typeset } from '../../components/typeset';
import type { LstmnElement } from './element';
import { formulas, showPiece, formatValue, type Reading } from './parts';
import { TRACE, type TraceName } from '../../engine/trace-names';
import { isolate } from '../../i18n/bidi';
import { isTeacherMode } from '../shared/embed-attributes';

/**
 * One vector as a strip of coloured squares on the shared diverging scale (purple < 0 < orange,
 * figures/vector-strip.ts); each square's title has its value.
 */
export function renderVector(
  name: string,
  tex: string,
  description: string,
  values: ArrayLike<number>,
): TemplateResult {
  let max = 0;
  for (let k = 0; k < values.length; k++) max = Math.max(max, Math.abs(values[k]));
  const scale = max > 0 ? max : 1;
  const n = values.length;
  const rects = Array.from(
    { length: n },
    (_, k) =>
      svg`<rect x=${k} y="0" width="1" height="1" fill=${divergingColour(values[k], scale)}><title>${name}[${k + 1}] = ${formatValue(values[k])}</title></rect>`,
  );
  const norm = Math.sqrt(Array.from(values).reduce((s, v) => s + v * v, 0));
  return html`<div
    class="vector"
    data-name=${name}
    data-dims=${n}
    data-values=${Array.from(values, formatValue).join(' ')}
  >
    <div class="vector-head">
      <span class="vector-tex">${unsafeHTML(typeset(tex))}</span>
      <span class="vector-desc">${description}</span>
      <span class="vector-stats"
        >${t('lstmn.vectorStats', { dims: n, norm: norm.toFixed(3), max: max.toFixed(3) })}</span
      >
    </div>
    <svg class="strip" viewBox="0 0 ${n} 1" preserveAspectRatio="none" aria-hidden="true">${rects}</svg>
  </div>`;
}

export function renderStep(el: LstmnElement, reading: Reading): TemplateResult {
  const loaded = el.loaded;
  const token = el.selected;
  if (token === null || !loaded) return html`<div class="step-hint" role="note">${t('lstmn.stepHint')}</div>`;
  const { record } = reading;
  const arch = loaded.arch;
  const n = record.tokens.length;
  const rowOf = (name: string, r: number): Float32Array | null => {
    const x = reading.tensor(name);
    if (!x || r >= x.rows) return null;
    if (r < 0) return new Float32Array(x.cols); // before the first step: zeros
    return x.data.subarray(r * x.cols, (r + 1) * x.cols);
  };
  const piece = record.tokens[token] ?? '';
  const wordIndex = record.wordOf[token];
  const word = wordGroups(record).find((g) => g.pieces.includes(token))?.label ?? piece;
  const step = token + 1;
  const vectors: TemplateResult[] = [];
  const add = (
    name: string,
    tensor: TraceName,
    r: number,
    tex: string,
    key: string,
    extra: Record<string, unknown> = {},
  ) => {
    const values = rowOf(tensor, r);
    if (values) vectors.push(renderVector(name, tex, t(key, extra), values));
  };
  const ctx = arch.cell === 'lstm' ? String.raw`\tilde h` : 'c';
  add('x', TRACE.embeddings, token, 'x_i', 'lstmn.descX', { piece: isolate(showPiece(piece)) });
  if (arch.attention) {
    add(
      'c_prev',
      TRACE.context,
      token - 1,
      `${ctx}_{i-1}`,
      arch.cell === 'lstm' ? 'lstmn.descCPrevLstm' : 'lstmn.descCPrev',
    );
    if (arch.cell === 'lstm')
      add('cm_prev', TRACE.contextMemory, token - 1, String.raw`\tilde c_{i-1}`, 'lstmn.descCmPrev');
    if (arch.withH) add('h_prev', TRACE.hidden, token - 1, 'h_{i-1}', 'lstmn.descHPrev');
  } else {
    add('h_prev', TRACE.hidden, token - 1, 'h_{i-1}', 'lstmn.descHPrev');
  }
  add('h', TRACE.hidden, token, 'h_i', 'lstmn.descH');
  if (arch.cell === 'lstm') add('m', TRACE.memory, token, 'm_i', 'lstmn.descM');
  const map = record.maps[0] ?? null;
  const after: TemplateResult[] = [];
  if (arch.attention) {
    add('c', TRACE.context, token, `${ctx}_i`, arch.cell === 'lstm' ? 'lstmn.descCLstm' : 'lstmn.descC');
    if (arch.cell === 'lstm') add('cm', TRACE.contextMemory, token, String.raw`\tilde c_i`, 'lstmn.descCm');
    // The context comes after the softmax: move it below the scores table.
    const contexts = arch.cell === 'lstm' ? 2 : 1;
    after.push(...vectors.splice(vectors.length - contexts, contexts));
  }
  return html`<section class="step" data-step=${step} data-token=${token} aria-labelledby="lstmn-step-title">
    <div class="step-top">
      <h4 id="lstmn-step-title">
        ${t('lstmn.stepTitle', { step: formatInteger(step), steps: formatInteger(n), word: isolate(word) })}
        ${
          record.words.length && wordIndex !== undefined && piece.trim() !== word
            ? html`<span class="step-piece"
                >${t('lstmn.stepPiece', { piece: isolate(showPiece(piece)) })}</span
              >`
            : nothing
        }
      </h4>
      ${
        isTeacherMode(el.controls)
          ? nothing
          : html`<button type="button" class="close" @click=${() => (el.selected = null)}>
              ${t('lstmn.close')}
            </button>`
      }
    </div>
    <div class="formulas">
      ${formulas(arch).map((tex) => html`<div class="formula">${unsafeHTML(typeset(tex, true))}</div>`)}
    </div>
    <p class="note">${t('lstmn.stripNote')}</p>
    ${vectors} ${arch.attention && map ? renderScores(reading, map, token) : nothing} ${after}
  </section>`;
}

export function renderScores(reading: Reading, map: AttentionMap, token: number): TemplateResult {
  const { record } = reading;
  const groups = wordGroups(record);
  const wordOfToken = new Map<number, string>();
  for (const g of groups) for (const p of g.pieces) wordOfToken.set(p, g.label);
  const js = Array.from({ length: token + 1 }, (_, j) => j);
  let sum = 0;
  for (const j of js) sum += map.weights[token * map.cols + j];
  return html`<div class="scores-box">
    <h5>
      ${unsafeHTML(typeset(String.raw`e_j = \operatorname{align}(h_j, h_i),\ \ \alpha_j = \operatorname{softmax}_j(e_j),\ \ j = 1 \dots ${token + 1}`))}
    </h5>
    ${scoresTable({
      className: 'scores',
      data: { sum: String(sum) },
      headers: {
        index: 'j',
        labels: [t('lstmn.pieceHeader'), t('lstmn.wordHeader')],
        score: unsafeHTML(typeset('e_j')),
        weight: unsafeHTML(typeset(String.raw`\alpha_j`)),
        vectors: [],
      },
      rows: js.map((j) => {
        const score = map.scores[token * map.cols + j];
        const alpha = map.weights[token * map.cols + j];
        return {
          index: j,
          labels: [showPiece(record.tokens[j]), wordOfToken.get(j) ?? ''],
          score,
          weight: alpha,
          vectors: [],
          data: { j: String(j), score: String(score), alpha: String(alpha) },
          className: j === token ? 'cur' : '',
        };
      }),
      sum: { label: t('lstmn.sumLabel'), value: sum },
      scoreDigits: 3,
      weightDigits: 4,
    })}
    <p class="note">${t('lstmn.softmaxNote')}</p>
  </div>`;
}

export const stepPanelStyles = css`
  .step-hint {
    margin-top: 0.8rem;
    padding: 0.5rem 0.8rem;
    border: 1px dashed var(--attn-border, #c9d3e3);
    border-radius: 8px;
    font-size: 0.9rem;
    color: var(--attn-muted, #5b6678);
  }
  .step {
    margin-top: 0.9rem;
    padding: 0.8rem 1rem;
    border: 1px solid #f1c9a5;
    border-left: 4px solid #e8590c;
    border-radius: 10px;
    background: #fffdfa;
  }
  .step-top {
    display: flex;
    align-items: start;
    justify-content: space-between;
    gap: 1rem;
  }
  .step-top h4 {
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
  .step-piece {
    font-weight: 400;
    color: var(--attn-muted, #5b6678);
  }
  .close {
    flex: none;
    padding: 0.2rem 0.7rem;
    border: 1px solid var(--attn-border, #c9d3e3);
    border-radius: 999px;
    background: #fff;
    font: inherit;
    font-size: 0.85rem;
    cursor: pointer;
  }
  .close:focus-visible {
    outline: 3px solid var(--attn-focus, #74a9e8);
  }
  .formulas {
    display: flex;
    flex-wrap: wrap;
    gap: 0 2rem;
    margin: 0.3rem 0;
    overflow-x: auto;
  }
  .formula .katex-display {
    margin: 0.4rem 0;
  }
  @media (max-width: 480px) {
    .formula .katex-display {
      font-size: 0.82em;
    }
  }
  .vector {
    margin: 0.55rem 0;
  }
  .vector-head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.2rem 0.6rem;
    font-size: 0.88rem;
  }
  .vector-tex {
    min-width: 2.6rem;
    font-size: 1.05rem;
  }
  .vector-stats {
    margin-left: auto;
    white-space: nowrap;
    font-size: 0.78rem;
    color: var(--attn-muted, #5b6678);
    font-variant-numeric: tabular-nums;
  }
  svg.strip {
    display: block;
    width: 100%;
    height: 16px;
    margin-top: 0.15rem;
    border: 1px solid #e3e8ef;
    border-radius: 3px;
  }
  svg.strip rect:hover {
    stroke: #1d2433;
    stroke-width: 0.15;
  }
  .scores-box {
    margin: 0.8rem 0;
  }
  .scores-box h5 {
    font-size: 0.95rem;
    font-weight: 400;
  }
`;
