// Lesson 3's step view: every number of one head's computation for the query token, from the
// trace (a^i, q, k, v, scores, weights, b), with the notes' formulas and the page's own checks.

import './strings';
import { css, html, nothing, type TemplateResult } from 'lit';
import { truncateLabel, type ForwardRecord } from '../../engine/records';
import { stepDetail, type TfArch } from './view-model';
import { t } from '../../i18n';
import type { TransformerElement } from './element';
import { scoresTable } from '../../figures/scores-table';
import { tex, exponent, join, maxAbs } from './parts';
import { renderLayerPills, renderHeadPills } from './head-view';
import { isolate } from '../../i18n/bidi';

/** The notes' formulas for query token i (1-based) in head h (1-based). */
export function formulas(el: TransformerElement, arch: TfArch, i: number, h: number): string[] {
  const score =
    arch.score === 'dot'
      ? String.raw`\alpha_{${i},j} = \frac{q^{${i},${h}} \cdot k^{j,${h}}}{\sqrt{d_k}}`
      : String.raw`\alpha_{${i},j} = w_{${h}}^{\top} \tanh\left(q^{${i},${h}} + k^{j,${h}}\right)`;
  // A causal row reads the keys j <= i only, so its softmax sums over those.
  const keys = arch.causal ? String.raw`j' \le ${i}` : String.raw`j'`;
  const norm =
    arch.normalization === 'softmax'
      ? String.raw`\alpha'_{${i},j} = \frac{\exp(\alpha_{${i},j})}{\sum_{${keys}} \exp(\alpha_{${i},j'})}`
      : arch.sigmoidLogN
        ? String.raw`\alpha'_{${i},j} = \sigma(\alpha_{${i},j} - \ln n_{${i}}) = \frac{1}{1 + n_{${i}}\, e^{-\alpha_{${i},j}}}`
        : String.raw`\alpha'_{${i},j} = \sigma(\alpha_{${i},j}) = \frac{1}{1 + e^{-\alpha_{${i},j}}}`;
  const heads = el
    .range(arch.nHead)
    .map((x) => `b^{${i},${x + 1}}`)
    .join(';\\, ');
  // The trained projections have biases (PyTorch's in_proj_bias): β, since b is the notes' output.
  // A pre-norm layer (norm_first) projects the normalized input.
  const input = arch.normFirst ? String.raw`\hat a^{i}` : String.raw`a^{i}`;
  const project = String.raw`q^{i} = W^{q} ${input} + \beta^{q},\quad k^{i} = W^{k} ${input} + \beta^{k},\quad v^{i} = W^{v} ${input} + \beta^{v}`;
  const act = arch.activation === 'gelu' ? String.raw`\mathrm{GELU}` : String.raw`\mathrm{ReLU}`;
  const ff = String.raw`\mathrm{FF}(y) = W_2\, ${act}(W_1 y + \beta_1) + \beta_2`;
  // The rest of the layer (config-reference.md): the residuals, the LayerNorms and FF, in the
  // engine's order, so the next layer's a is what the page says.
  const rest = arch.normFirst
    ? [
        String.raw`y^{${i}} = a^{${i}} + b^{${i}},\qquad a_{\text{next}}^{${i}} = y^{${i}} + \mathrm{FF}(\mathrm{LayerNorm}_2(y^{${i}})),\qquad ${ff}`,
      ]
    : [
        String.raw`y^{${i}} = \mathrm{LayerNorm}_1(a^{${i}} + b^{${i}}),\qquad a_{\text{next}}^{${i}} = \mathrm{LayerNorm}_2(y^{${i}} + \mathrm{FF}(y^{${i}})),\qquad ${ff}`,
      ];
  return [
    ...(arch.normFirst ? [String.raw`\hat a^{i} = \mathrm{LayerNorm}_1(a^{i})`] : []),
    project,
    score,
    norm,
    String.raw`b^{${i},${h}} = \sum_{j${arch.causal ? ` \le ${i}` : ''}} \alpha'_{${i},j}\, v^{j,${h}}`,
    String.raw`b^{${i}} = W^{O} \left[${heads}\right] + \beta^{O}`,
    ...rest,
  ];
}

export function renderVector(
  name: string,
  texName: string,
  description: string,
  values: Float32Array | Float64Array | null,
  max: number,
): TemplateResult | typeof nothing {
  if (!values) return nothing;
  const floats = values instanceof Float32Array ? values : Float32Array.from(values);
  return html`<div class="vector" data-name=${name} data-dims=${values.length} data-values=${join(values)}>
    <span class="vector-name">${tex(texName)}</span>
    <span class="vector-desc">${description}</span>
    <attnlab-vector-strip .values=${floats} .max=${max} label=${name}></attnlab-vector-strip>
  </div>`;
}

export function renderStep(el: TransformerElement, record: ForwardRecord, arch: TfArch): TemplateResult {
  const detail = stepDetail(record, arch, el.layer, el.head, el.query);
  const pickers = html`<div class="head-tools">
    ${renderLayerPills(el, arch)} ${renderHeadPills(el, arch)}
  </div>`;
  if (!detail)
    return html`${pickers}
      <div class="placeholder" role="status" data-key="no-step">${t('transformer.noStep')}</div>`;
  const i = detail.query + 1;
  const h = detail.head + 1;
  const label = (j: number) => el.tokenText(record, j);
  const scale =
    Math.max(maxAbs(detail.q), ...detail.k.map(maxAbs), ...detail.v.map(maxAbs), maxAbs(detail.b)) || 1;
  const wide =
    Math.max(maxAbs(detail.input ?? []), maxAbs(detail.concat ?? []), maxAbs(detail.attnOut ?? [])) || 1;
  const sumTex =
    arch.normalization === 'softmax'
      ? String.raw`\sum_j \alpha'_{${i},j}`
      : arch.sigmoidLogN
        ? String.raw`\sum_j \sigma(\alpha_{${i},j} - \ln n_{${i}})`
        : String.raw`\sum_j \sigma(\alpha_{${i},j})`;
  // The changed model's numbers: where the change acts, they no longer follow the formulas.
  const changed = record !== el.record;
  return html`
    ${pickers}
    ${el.units === 'words' ? html`<p class="note" data-key="step-pieces">${t('transformer.stepPieces')}</p>` : nothing}
    ${changed ? html`<p class="note" data-key="step-changed">${t('intervene.stepNote')}</p>` : nothing}
    <section
      class="step"
      data-layer=${detail.layer}
      data-head=${detail.head}
      data-query=${detail.query}
      data-error=${String(detail.error)}
      aria-labelledby="tf-step-title"
    >
      <h4 id="tf-step-title">
        ${t('transformer.stepTitle', { index: i, token: isolate(label(detail.query)), layer: detail.layer + 1, head: h })}
      </h4>
      <div class="formulas">
        ${formulas(el, arch, i, h).map((f) => html`<div class="formula">${tex(f, true)}</div>`)}
      </div>
      <p class="note">${t('transformer.stepIntro', { d: arch.dModel, dk: detail.dK, heads: arch.nHead })}</p>
      <ol class="steps" data-strip-group>
        <li>
          <p>${t('transformer.stepInput', { layer: detail.layer + 1 })}</p>
          ${renderVector('a', `a^{${i}}`, t('transformer.descA', { token: isolate(label(detail.query)) }), detail.input, wide)}
          ${renderVector('q', `q^{${i},${h}}`, t('transformer.descQ', { head: h, dk: detail.dK }), detail.q, scale)}
        </li>
        <li>
          <p>
            ${t(arch.score === 'dot' ? 'transformer.stepScoresDot' : 'transformer.stepScoresAdditive', { count: detail.keys.length })}
            ${arch.causal ? t('transformer.stepCausal') : ''}
          </p>
          <p class="note" data-key="alpha">
            ${t('transformer.alphaNote', { normalization: arch.normalization })}
          </p>
          ${
            arch.score === 'dot'
              ? html`<p class="note" data-key="scaling" data-dk=${detail.dK}>
                  ${t('transformer.scalingNote', { dk: detail.dK, root: Math.sqrt(detail.dK).toFixed(2) })}
                </p>`
              : nothing
          }
          ${scoresTable({
            className: 'scores',
            data: { weightSum: String(detail.weightSum) },
            headers: {
              index: 'j',
              labels: [t('transformer.tokenHeader')],
              score: tex(`\\alpha_{${i},j}`),
              weight: tex(`\\alpha'_{${i},j}`),
              vectors: [tex(`k^{j,${h}}`), tex(`v^{j,${h}}`)],
            },
            rows: detail.keys.map((j, idx) => ({
              index: j,
              labels: [truncateLabel(label(j), 14)],
              score: detail.scores[idx],
              weight: detail.weights[idx],
              vectors: [
                { values: detail.k[idx], max: scale, label: `k${j + 1}` },
                { values: detail.v[idx], max: scale, label: `v${j + 1}` },
              ],
              data: {
                key: String(j),
                score: String(detail.scores[idx]),
                weight: String(detail.weights[idx]),
                v: join(detail.v[idx]),
              },
              className: j === detail.query ? 'self' : '',
            })),
            sum: { label: tex(sumTex), value: detail.weightSum },
            scoreDigits: 3,
            weightDigits: 4,
          })}
          ${
            detail.scoreError !== null
              ? html`<p class="check" data-key="score-check" data-error=${String(detail.scoreError)}>
                  ${t('transformer.scoreCheck', { error: exponent(detail.scoreError) })}
                </p>`
              : html`<p class="note" data-key="score-additive">${t('transformer.scoreAdditiveNote')}</p>`
          }
          <p class="check" data-key="weight-check" data-error=${String(detail.weightError)}>
            ${t(
              arch.normalization === 'softmax'
                ? 'transformer.softmaxCheck'
                : arch.sigmoidLogN
                  ? 'transformer.sigmoidLogNCheck'
                  : 'transformer.sigmoidCheck',
              { error: exponent(detail.weightError), n: detail.keys.length },
            )}
          </p>
        </li>
        <li>
          <p>${t('transformer.stepSum')}</p>
          ${renderVector('b', `b^{${i},${h}}`, t('transformer.descB'), detail.b, scale)}
          ${renderVector('weighted', String.raw`\textstyle\sum_j \alpha'_{${i},j} v^{j,${h}}`, t('transformer.descWeighted'), detail.weighted, scale)}
          <p class="check step-check" data-key="sum-check" data-error=${String(detail.error)}>
            ${t('transformer.sumCheck', { error: exponent(detail.error) })}
          </p>
        </li>
        <li>
          <p>${t('transformer.stepHeads', { heads: arch.nHead })}</p>
          <div class="formula">${tex(formulas(el, arch, i, h)[4], true)}</div>
          ${detail.heads.map((b, x) =>
            renderVector(
              `head-${x}`,
              `b^{${i},${x + 1}}`,
              t('transformer.descHead', { head: x + 1 }),
              b,
              scale,
            ),
          )}
          ${renderVector(
            'concat',
            String.raw`[${el
              .range(arch.nHead)
              .map((x) => `b^{${i},${x + 1}}`)
              .join(';')}]`,
            t('transformer.descConcat', { d: arch.dModel }),
            detail.concat,
            wide,
          )}
          ${renderVector('attn_out', `b^{${i}}`, t('transformer.descOut', { d: arch.dModel }), detail.attnOut, wide)}
          <p class="note">${t('transformer.stepAfter')}</p>
        </li>
      </ol>
    </section>
  `;
}

// ---- Figure -----------------------------------------------------------------------------------

export const stepViewStyles = css`
  .formulas {
    display: flex;
    flex-wrap: wrap;
    gap: 0 2rem;
    overflow-x: auto;
  }
  .formula {
    max-width: 100%;
    overflow-x: auto;
    overflow-y: hidden;
  }
  .formula .katex-display {
    margin: 0.35rem 0;
  }
  @media (max-width: 480px) {
    .formula .katex-display {
      font-size: 0.85em;
    }
  }
  .step {
    margin-top: 0.5rem;
    padding: 0.8rem 1rem;
    border: 1px solid #f1c9a5;
    border-left: 4px solid #e8590c;
    border-radius: 10px;
    background: #fffdfa;
    min-width: 0;
  }
  @media (max-width: 480px) {
    .step {
      padding: 0.6rem 0.5rem;
    }
  }
  .step h4 {
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
  ol.steps {
    margin: 0.5rem 0 0;
    padding-left: 1.2rem;
  }
  ol.steps > li {
    margin-bottom: 0.8rem;
  }
  ol.steps > li > p {
    margin: 0.2rem 0 0.4rem;
  }
  .vector {
    display: grid;
    grid-template-columns: minmax(4.5rem, auto) minmax(0, 1fr);
    align-items: center;
    gap: 0.1rem 0.6rem;
    margin: 0.35rem 0;
    font-size: 0.85rem;
  }
  .vector-desc {
    color: var(--attn-muted, #5b6678);
  }
  .vector attnlab-vector-strip {
    grid-column: 1 / -1;
  }
  .table-box {
    max-height: 24rem;
  }
  table {
    border-collapse: collapse;
    font-size: 0.85rem;
    font-variant-numeric: tabular-nums;
  }
  th,
  td {
    padding: 0.2rem 0.5rem;
    border-bottom: 1px solid #eef1f5;
    text-align: left;
    white-space: nowrap;
  }
  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: #f6f8fb;
  }
  td.num {
    text-align: right;
  }
  table.costs {
    width: 100%;
  }
  table.costs th,
  table.costs td {
    white-space: normal;
  }
  table.costs thead th {
    vertical-align: bottom;
  }
`;
