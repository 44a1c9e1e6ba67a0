// Lesson 3's comparison panel: self-attention against an RNN and a CNN for the sentence on
// screen (operations per layer, sequential steps, path length) and a receptive-field picture.

import './strings';
import { css, html, nothing, type TemplateResult } from 'lit';
import { hasWords, truncateLabel, type ForwardRecord } from '../../engine/records';
import { layerCosts, receptiveField, type LayerCost } from './costs';
import { formatInteger, formatNumber, t } from '../../i18n';
import type { TransformerElement } from './element';
import { tex } from './parts';
import { isolate } from '../../i18n/bidi';
import { isTeacherMode } from '../shared/embed-attributes';

export function renderCompare(el: TransformerElement): TemplateResult | typeof nothing {
  const loaded = el.loaded;
  const record = el.record;
  if (!loaded) return nothing;
  const n = record && hasWords(el.text) ? record.tokens.length : 0;
  const d = loaded.arch.dModel;
  const causal = loaded.arch.causal;
  const title = html`<h3 id="tf-compare-title">${t('transformer.compareTitle')}</h3>`;
  if (n === 0)
    return html`<section class="panel compare" aria-labelledby="tf-compare-title" data-n="0">
      ${title}
      <p class="note">${t('transformer.compareEmpty')}</p>
    </section>`;
  const k = el.convK;
  const L = el.convL;
  const i = Math.min(el.rfToken ?? el.query, n - 1);
  const costs = layerCosts(n, d, k, causal);
  const [att, rnn, cnn] = costs;
  // Each cell: the exact count for this sentence, then (apart, never equated) how it grows.
  const cell = (cost: LayerCost, metric: 'sequential' | 'path' | 'multiplyAdds', text?: string) => {
    const value = cost[metric];
    const name = metric === 'multiplyAdds' ? 'flops' : metric;
    return html`<td class="num" data-kind=${cost.kind} data-metric=${name} data-value=${value}>
      <span class="count">${text ?? formatInteger(value)}</span>
      ${metric === 'multiplyAdds' ? html`<span class="formula-line">${tex(cost.formula)}</span>` : nothing}
      <span class="grows">${t('transformer.growsAs')} ${tex(cost.grows[metric])}</span>
    </td>`;
  };
  const field = receptiveField(n, i, k, L, causal);
  const cellW = Math.max(6, Math.min(26, Math.floor(300 / n) - 1));
  const rfRow = (kind: string, layers: number, reach: boolean[], caption: string) => {
    const count = reach.filter(Boolean).length;
    return html`<div class="rf-row" data-kind=${kind} data-layers=${layers} data-reached=${count}>
      <span class="rf-caption">${caption}</span>
      <span class="rf-count">${t('transformer.rfCount', { count, n })}</span>
      <span class="rf-cells" style="--cell:${cellW}px">
        ${reach.map(
          (on, j) =>
            html`<span
              class="rf-cell ${on ? 'on' : ''} ${j === i ? 'me' : ''}"
              data-token=${j}
              title=${`${j + 1}: ${el.tokenText(record as ForwardRecord, j)}`}
            ></span>`,
        )}
      </span>
    </div>`;
  };
  // Attention over the SimpleRNN of the same width, for this sentence (always above 2: 4nd^2 alone is twice 2nd^2).
  const ratio = att.multiplyAdds / rnn.multiplyAdds;
  const ratioText = formatNumber(ratio, { maximumFractionDigits: 2 });
  return html`<section class="panel compare" aria-labelledby="tf-compare-title" data-n=${n} data-d=${d}>
    ${title}
    <p class="note">${t('transformer.compareIntro', { n, d })}</p>
    <div class="scroll-box table-box">
      <table class="costs">
        <thead>
          <tr>
            <th scope="col">${t('transformer.layerType')}</th>
            <th scope="col">${t('transformer.sequential')}</th>
            <th scope="col">${t('transformer.pathLength')}</th>
            <th scope="col">${t('transformer.multiplyAdds')}</th>
          </tr>
        </thead>
        <tbody>
          <tr data-kind="attention">
            <th scope="row">${t('transformer.kindAttention')}</th>
            ${cell(att, 'sequential')} ${cell(att, 'path')} ${cell(att, 'multiplyAdds')}
          </tr>
          <tr data-kind="rnn">
            <th scope="row">${t('transformer.kindRnn')}</th>
            ${cell(rnn, 'sequential')} ${cell(rnn, 'path')} ${cell(rnn, 'multiplyAdds')}
          </tr>
          <tr data-kind="cnn">
            <th scope="row">${t('transformer.kindCnn', { k })}</th>
            ${cell(cnn, 'sequential')}
            ${cell(
              cnn,
              'path',
              t('transformer.cnnPath', {
                layers: formatInteger(cnn.path),
                dilated: formatInteger(cnn.pathDilated ?? 0),
              }),
            )}
            ${cell(cnn, 'multiplyAdds')}
          </tr>
        </tbody>
      </table>
    </div>
    <p class="note" data-key="cheaper" data-ratio=${ratio}>
      ${t(causal ? 'transformer.costRatioCausal' : 'transformer.costRatio', { n, d, ratio: ratioText })}
    </p>
    <h4 class="sub">${t('transformer.rfTitle')}</h4>
    ${
      // Teacher mode: the settings the figure is drawn with, as text (nothing to move).
      isTeacherMode(el.controls)
        ? html`<p class="rf-controls readonly" data-key="rf-settings">
            ${t('transformer.rfK')} = ${k} · ${t('transformer.rfL', { layers: L })} ·
            ${t('transformer.rfI', { index: i + 1, token: isolate(truncateLabel(el.tokenText(record as ForwardRecord, i), 12)) })}
          </p>`
        : html`<div class="rf-controls">
            <label
              >${t('transformer.rfK')}
              <select
                data-key="k"
                .value=${String(k)}
                @change=${(e: Event) => (el.convK = Number((e.target as HTMLSelectElement).value))}
              >
                ${[3, 5, 7, 9].map((v) => html`<option value=${v} ?selected=${v === k}>${v}</option>`)}
              </select></label
            >
            <label
              >${t('transformer.rfL', { layers: L })}
              <input
                type="range"
                data-key="layers"
                min="1"
                max="8"
                .value=${String(L)}
                @input=${(e: Event) => (el.convL = Number((e.target as HTMLInputElement).value))}
            /></label>
            <label
              >${t('transformer.rfI', { index: i + 1, token: isolate(truncateLabel(el.tokenText(record as ForwardRecord, i), 12)) })}
              <input
                type="range"
                data-key="token"
                min="1"
                max=${n}
                .value=${String(i + 1)}
                @input=${(e: Event) => (el.rfToken = Number((e.target as HTMLInputElement).value) - 1)}
            /></label>
          </div>`
    }
    <div class="scroll-box rf" data-token=${i}>
      ${field.conv.map((reach, l) => rfRow('cnn', l + 1, reach, t('transformer.rfConvRow', { layers: l + 1, k })))}
      ${rfRow('attention', 1, field.attention, t('transformer.rfAttentionRow'))}
    </div>
    <p class="note">${t(causal ? 'transformer.rfNoteCausal' : 'transformer.rfNote')}</p>
  </section>`;
}

export const comparePanelStyles = css`
  table.costs td.num .count {
    display: block;
    font-weight: 600;
  }
  table.costs td.num .formula-line,
  table.costs td.num .grows {
    display: block;
    font-size: 0.78rem;
    color: var(--attn-muted, #5b6678);
  }

  .rf-controls {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem 1.4rem;
    margin: 0.3rem 0 0.5rem;
    font-size: 0.88rem;
  }
  .rf-controls label {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    font-weight: 400;
  }
  /* Targets a finger can hit on a phone: at least 24 x 24 px (WCAG 2.5.8). */
  .rf-controls select {
    min-width: 3rem;
    min-height: 28px;
    font: inherit;
  }
  .rf-controls input[type='range'] {
    min-height: 28px;
    margin: 0;
  }
  .rf {
    padding: 0.4rem;
  }
  .rf-row {
    display: grid;
    grid-template-columns: auto auto;
    justify-content: start;
    align-items: baseline;
    gap: 0.1rem 0.8rem;
    margin: 0.1rem 0 0.45rem;
  }
  .rf-caption {
    font-size: 0.8rem;
  }
  .rf-cells {
    grid-column: 1 / -1;
    display: flex;
    gap: 1px;
    width: max-content;
  }
  .rf-cell {
    box-sizing: border-box;
    width: var(--cell);
    height: 16px;
    border-radius: 2px;
    background: #eef1f5;
  }
  .rf-cell.on {
    background: #4c8ed8;
  }
  .rf-row[data-kind='attention'] .rf-cell.on {
    background: #e8590c;
  }
  .rf-cell.me {
    outline: 2px solid #1d2433;
    outline-offset: -2px;
  }
  .rf-count {
    font-size: 0.8rem;
    color: var(--attn-muted, #5b6678);
    white-space: nowrap;
  }
`;
