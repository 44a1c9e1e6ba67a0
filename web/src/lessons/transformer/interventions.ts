// Lesson 3's interventions: the bar under the token chips (uniform attention for the whole model,
// the current layer or the current head; an off switch per head; dividing by sqrt(d_k) or not; a
// temperature; tokens hidden from attention) with pins made on the large map of the model view,
// and what the change does: the masked word's guesses before and after (mask-panel.ts) and how
// far each token's output vector moved. The `intervene` text counts tokens, layers and heads from 1.

import { css, html, nothing, type TemplateResult } from 'lit';
import { t } from '../../i18n';
import { isolate } from '../../i18n/bidi';
import { TRACE, layerTensor } from '../../engine/trace-names';
import { findTensor, tensorRow, type ForwardRecord } from '../../engine/records';
import {
  maskChips,
  renderInterventionBar,
  scopeText,
  temperatureSelect,
  toggleButton,
  uniformToggle,
  type EditNames,
} from '../shared/intervention-bar';
import {
  isHeadOff,
  pinsOf,
  scaleOn,
  setScale,
  toggleHeadOff,
  type MapRef,
} from '../shared/intervention-state';
import { weightBar } from '../../figures/weight-bar';
import type { PinDetail } from '../../figures/attention-map-edits';
import type { TransformerElement } from './element';
import { outputChange, type TfArch } from './view-model';
import { HEAD_COLORS, fixed, maxAbs } from './parts';

export type UniformScope = 'model' | 'layer' | 'head';
const SCOPES: readonly UniformScope[] = ['model', 'layer', 'head'];

/** The scope "Uniform attention" applies to, from the choice and the layer and head on screen. */
export function uniformScopeOf(scope: UniformScope, layer: number, head: number): MapRef {
  return scope === 'model' ? {} : scope === 'layer' ? { layer } : { layer, head };
}

export const transformerNames = (el: TransformerElement, record: ForwardRecord): EditNames => ({
  row: (r) => el.tokenText(record, r),
  key: (k) => el.tokenText(record, k),
});

/** A click (or Enter) on the large map: query `row` reads `col` in the layer and head shown. */
export function pinTransformer(el: TransformerElement, { row, col, weight }: PinDetail): void {
  const ctrl = el.interventions;
  const record = el.record;
  if (el.loaded?.arch.causal && col > row && record) {
    ctrl.refuse(
      t('intervene.causal', {
        row: isolate(el.tokenText(record, row)),
        key: isolate(el.tokenText(record, col)),
      }),
    );
    return;
  }
  ctrl.pin({ layer: el.layer, head: el.head, row, key: col }, weight);
  el.query = row; // the head view and the step follow the query the student changed
}

export const transformerPins = (el: TransformerElement): [number, number][] =>
  el.interventions.cached('pins', [el.layer, el.head], () =>
    pinsOf(el.interventions.edits, { layer: el.layer, head: el.head }).map((p) => [p.row, p.key]),
  );

function renderTools(el: TransformerElement, arch: TfArch): TemplateResult {
  const ctrl = el.interventions;
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  return html`
    <span class="uniform-tools">
      ${uniformToggle(ctrl, uniformScopeOf(el.uniformScope, el.layer, el.head))}
      <label class="select">
        <span class="sr-only">${t('intervene.scope')}</span>
        <select
          data-select="uniform-scope"
          aria-label=${t('intervene.scope')}
          @change=${(e: Event) => (el.uniformScope = (e.target as HTMLSelectElement).value as UniformScope)}
        >
          ${SCOPES.map(
            (s) =>
              html`<option value=${s} ?selected=${s === el.uniformScope}>
                ${scopeText(uniformScopeOf(s, el.layer, el.head))}
              </option>`,
          )}
        </select>
      </label>
    </span>
    <span class="head-switches" role="group" aria-label=${t('intervene.heads')}>
      <span class="pills-label" aria-hidden="true">${t('intervene.heads')}</span>
      ${range(arch.nLayer).map((l) =>
        range(arch.nHead).map(
          (h) =>
            html`<button
              type="button"
              class="toggle head-switch ${isHeadOff(ctrl.edits, l, h) ? 'changed' : ''}"
              data-layer=${l}
              data-head=${h}
              aria-pressed=${isHeadOff(ctrl.edits, l, h) ? 'false' : 'true'}
              aria-label=${t('intervene.headSwitchAria', { layer: l + 1, head: h + 1 })}
              style="--head:${HEAD_COLORS[h % HEAD_COLORS.length]}"
              @click=${() => ctrl.change((edits) => toggleHeadOff(edits, l, h))}
            >
              <span class="tick" aria-hidden="true"></span
              >${t('intervene.headSwitch', { layer: l + 1, head: h + 1 })}
            </button>`,
        ),
      )}
    </span>
    ${
      arch.score === 'dot'
        ? toggleButton({
            label: t('intervene.scale'),
            title: t('intervene.scaleTitle'),
            pressed: scaleOn(ctrl.edits),
            changed: !scaleOn(ctrl.edits),
            data: 'scale',
            onClick: () => ctrl.change((edits) => setScale(edits, !scaleOn(edits))),
          })
        : nothing
    }
    ${temperatureSelect(ctrl)}
  `;
}

/** How far each token's output vector moved, the largest marked, and the query's before and after. */
function renderOutputChange(el: TransformerElement, arch: TfArch): TemplateResult | typeof nothing {
  const record = el.record;
  const edited = el.interventions.editedFor(record);
  if (!record || !edited) return nothing;
  const change = outputChange(record, edited, arch.nLayer);
  if (!change) return nothing;
  const largest = change.reduce((best, v, i) => (v > change[best] ? i : best), 0);
  const top = change[largest] || 1;
  const name = layerTensor(arch.nLayer - 1, TRACE.output);
  const q = Math.min(el.query, record.tokens.length - 1);
  const before = tensorRow(findTensor(record, name), q);
  const after = tensorRow(findTensor(edited, name), q);
  const max = Math.max(maxAbs(before ?? []), maxAbs(after ?? []));
  return html`<div class="consequence out-change" data-largest=${largest} data-max=${String(change[largest])}>
    <h4>${t('intervene.outTitle')}</h4>
    <p class="note">${t('intervene.outNote')}</p>
    <p class="out-largest">
      ${
        change[largest] > 1e-6
          ? t('intervene.outLargest', {
              token: isolate(el.tokenText(record, largest)),
              value: fixed(change[largest], 3),
            })
          : t('intervene.outNone')
      }
    </p>
    <ol class="out-list">
      ${Array.from(
        change,
        (v, i) =>
          html`<li
            class=${i === largest && v > 1e-6 ? 'largest' : ''}
            data-token=${i}
            data-change=${String(v)}
            aria-label=${t('intervene.outRowAria', { token: isolate(el.tokenText(record, i)), value: fixed(v, 3) })}
          >
            <span class="piece" dir="auto">${el.tokenText(record, i)}</span>
            ${weightBar(Math.min(1, v / top))}
            <span class="v">${fixed(v, 3)}</span>
          </li>`,
      )}
    </ol>
    ${
      before && after
        ? html`<div class="out-strips" data-strip-group>
            <h5>${t('intervene.outQuery', { token: isolate(el.tokenText(record, q)) })}</h5>
            <div class="out-strip">
              <span>${t('intervene.outBefore')}</span>
              <attnlab-vector-strip
                .values=${before}
                .max=${max}
                label=${t('intervene.outBefore')}
              ></attnlab-vector-strip>
            </div>
            <div class="out-strip">
              <span>${t('intervene.outAfter')}</span>
              <attnlab-vector-strip
                .values=${after}
                .max=${max}
                label=${t('intervene.outAfter')}
              ></attnlab-vector-strip>
            </div>
          </div>`
        : nothing
    }
  </div>`;
}

/** The bar under lesson 3's token chips. */
export function renderTransformerBar(
  el: TransformerElement,
  record: ForwardRecord,
  arch: TfArch,
): TemplateResult | typeof nothing {
  const ctrl = el.interventions;
  return renderInterventionBar(ctrl, {
    host: el,
    id: 'tf-intervene',
    hint: t('intervene.hintTransformer'),
    names: transformerNames(el, record),
    pins: true,
    tools: renderTools(el, arch),
    more: maskChips(
      ctrl,
      record.tokens.map((_, i) => el.tokenText(record, i)),
    ),
    consequence: renderOutputChange(el, arch),
  });
}

export const transformerInterventionStyles = css`
  .uniform-tools,
  .head-switches {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.3rem;
  }
  .intervene button.head-switch[aria-pressed='true'] {
    border-color: var(--head);
    background: #fff;
  }
  .intervene button.head-switch[aria-pressed='true'] .tick {
    border-color: var(--head);
    background: var(--head);
  }
  .intervene button.head-switch[aria-pressed='false'] {
    border-style: dashed;
    text-decoration: line-through;
  }
  .out-change h4 {
    margin: 0.6rem 0 0.2rem;
    font-size: 0.95rem;
  }
  .out-change h5 {
    margin: 0.4rem 0 0.2rem;
    font-size: 0.85rem;
  }
  .out-largest {
    margin: 0.2rem 0;
    font-size: 0.9rem;
  }
  .out-list {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
    gap: 0.1rem 1rem;
    margin: 0.2rem 0;
    padding: 0;
    list-style: none;
    font-size: 0.85rem;
  }
  .out-list li {
    display: grid;
    grid-template-columns: minmax(2.5rem, 4.5rem) 1fr auto;
    align-items: center;
    gap: 0.4rem;
    font-variant-numeric: tabular-nums;
  }
  .out-list li.largest {
    font-weight: 700;
    color: var(--attn-edit, #c2255c);
  }
  .out-list .bar {
    width: 100%;
  }
  .out-strip {
    display: grid;
    grid-template-columns: 5rem minmax(0, 1fr);
    align-items: center;
    gap: 0.4rem;
    font-size: 0.85rem;
  }
  .guess-compare {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
    gap: 0.6rem;
    max-width: 40rem;
  }
  .guess-compare h5 {
    margin: 0.3rem 0 0;
    font-size: 0.85rem;
  }
  .guess-compare .after h5 {
    color: var(--attn-edit, #c2255c);
  }
`;
