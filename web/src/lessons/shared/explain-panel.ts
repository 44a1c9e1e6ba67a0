// The "Does attention explain the output?" panel, one for every lesson: each lesson computes the
// three parts with its own engine calls (a uniform-attention forward, a second seed's model, the
// engine's gradient x input) and hands them here; explain.ts has the numbers' definitions.
//   1. uniform attention: the output before and after, and how much probability moved;
//   2. two seeds: the same sentence's maps side by side and their mean row distance;
//   3. attention against gradient x input for the chosen output word: both as bars per input
//      token, and Spearman's rank correlation of the two.
// A part the lesson cannot compute (no second seed shipped, a model without attention) is a
// sentence saying so, never an empty box.

import { css, html, type TemplateResult } from 'lit';
import { formatPercent, t } from '../../i18n';
import { isolate } from '../../i18n/bidi';
import type { AttentionMap } from '../../engine/records';
import { weightBar, weightBarStyles } from '../../figures/weight-bar';
import '../../figures/attention-map';

export interface UniformPart {
  before: string;
  after: string;
  /** Mean total variation distance of the output distributions (0..1). */
  moved: number;
}

export interface SeedsPart {
  /** Each model's map of the same output, and what each writes on its own (its free run). */
  first: { label: string; map: AttentionMap; output: string };
  second: { label: string; map: AttentionMap; output: string };
  /** Mean total variation distance of the two maps' rows (0..1). */
  distance: number;
  /** The lesson's axis names (rows, columns), drawn on both maps. */
  axes?: { rows: string; cols: string };
}

export interface ImportancePart {
  /** The output word explained ("rouge", the guess for <mask>). */
  word: string;
  tokens: string[];
  /** The attention row of the word's step over the tokens. */
  attention: number[];
  /** |gradient x input| per token. */
  gradient: number[];
  /** Spearman's rho of the two, null when undefined (fewer than 3 tokens, a constant row). */
  rho: number | null;
}

export interface ExplainParts {
  uniform: UniformPart | { unavailable: string } | null;
  seeds: SeedsPart | { unavailable: string } | null;
  importance: ImportancePart | { unavailable: string } | null;
}

const unavailable = (part: object | null): part is { unavailable: string } => !!part && 'unavailable' in part;

function renderPart<P extends object>(
  key: string,
  title: string,
  part: P | { unavailable: string } | null,
  body: (p: P) => TemplateResult,
): TemplateResult {
  return html`<section class="explain-part" data-part=${key}>
    <h4>${title}</h4>
    ${
      part === null
        ? html`<p class="note" role="status">${t('explain.computing')}</p>`
        : unavailable(part)
          ? html`<p class="note" data-unavailable>${part.unavailable}</p>`
          : body(part as P)
    }
  </section>`;
}

export function renderExplainPanel(parts: ExplainParts): TemplateResult {
  return html`<div class="explain">
    <p class="note">${t('explain.intro')}</p>
    ${renderPart<UniformPart>(
      'uniform',
      t('explain.uniformTitle'),
      parts.uniform,
      (u) =>
        html`<p data-moved=${u.moved.toFixed(4)}>
          ${t('explain.uniformText', {
            before: isolate(u.before),
            after: isolate(u.after),
            moved: formatPercent(u.moved),
          })}
        </p>`,
    )}
    ${renderPart<SeedsPart>(
      'seeds',
      t('explain.seedsTitle'),
      parts.seeds,
      (s) =>
        html`<p data-distance=${s.distance.toFixed(4)}>
            ${t('explain.seedsText', { distance: formatPercent(s.distance) })}
          </p>
          <p data-outputs-agree=${String(s.first.output === s.second.output)}>
            ${
              s.first.output === s.second.output
                ? t('explain.seedsSameOutput', { output: isolate(s.first.output) })
                : t('explain.seedsOtherOutput', {
                    first: isolate(s.first.output),
                    second: isolate(s.second.output),
                  })
            }
          </p>
          <div class="explain-seeds">
            ${[s.first, s.second].map(
              (m) =>
                html`<figure>
                  <figcaption>${m.label}</figcaption>
                  <p class="seed-output" dir="auto" data-output=${m.output}>${m.output}</p>
                  <attnlab-attention-map
                    .map=${m.map}
                    .rowsAxis=${s.axes?.rows ?? ''}
                    .colsAxis=${s.axes?.cols ?? ''}
                    compact
                  ></attnlab-attention-map>
                </figure>`,
            )}
          </div>`,
    )}
    ${renderPart<ImportancePart>('importance', t('explain.importanceTitle'), parts.importance, renderImportance)}
  </div>`;
}

/** Gradients of a confident model are tiny: two significant digits, in powers of ten below 0.01. */
const small = (x: number): string => (x === 0 ? '0' : Math.abs(x) < 0.01 ? x.toExponential(1) : x.toFixed(3));

function renderImportance(p: ImportancePart): TemplateResult {
  const maxGradient = Math.max(...p.gradient, 1e-12);
  return html`<p data-rho=${p.rho === null ? '' : p.rho.toFixed(4)}>
      ${
        p.rho === null
          ? t('explain.importanceNoRho', { word: isolate(p.word) })
          : t('explain.importanceText', { word: isolate(p.word), rho: p.rho.toFixed(2) })
      }
    </p>
    <table class="explain-table">
      <thead>
        <tr>
          <th scope="col">${t('explain.token')}</th>
          <th scope="col">${t('explain.attention')}</th>
          <th scope="col">${t('explain.gradient')}</th>
        </tr>
      </thead>
      <tbody>
        ${p.tokens.map(
          (token, i) =>
            html`<tr>
              <th scope="row" dir="auto">${token}</th>
              <td>${weightBar(p.attention[i] ?? 0)} ${(p.attention[i] ?? 0).toFixed(2)}</td>
              <td>${weightBar((p.gradient[i] ?? 0) / maxGradient)} ${small(p.gradient[i] ?? 0)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    <p class="note">${t('explain.importanceNote')}</p>`;
}

export const explainStyles = [
  weightBarStyles,
  css`
    .explain-section {
      margin-top: 1.5rem;
      border: 1px solid var(--attn-border, #c9d3e3);
      border-radius: 10px;
      padding: 0.4rem 0.9rem;
    }
    .explain-section > summary {
      cursor: pointer;
      font-weight: 600;
      min-height: 24px;
    }
    .explain-part h4 {
      margin: 0.8rem 0 0.3rem;
      font-size: 0.95rem;
    }
    .explain-seeds {
      display: flex;
      flex-wrap: wrap;
      gap: 1rem;
    }
    .seed-output {
      margin: 0.15rem 0 0.3rem;
      font-size: 0.9rem;
      overflow-wrap: anywhere;
    }
    .explain-seeds figure {
      margin: 0;
      flex: 1 1 14rem;
      min-width: 0;
    }
    .explain-table {
      border-collapse: collapse;
      font-size: 0.85rem;
    }
    .explain-table th,
    .explain-table td {
      padding: 0.15rem 0.5rem;
      text-align: left;
    }
    .explain-table .bar {
      width: 5rem;
    }
    /* At phone widths three columns of bars overflowed the panel (lesson 3 at 375 px cut off the
       gradient column): narrower bars, and a last resort of scrolling the table, not the page. */
    @media (max-width: 480px) {
      .explain-table {
        display: block;
        max-width: 100%;
        overflow-x: auto;
      }
      .explain-table th,
      .explain-table td {
        padding: 0.15rem 0.3rem;
      }
      .explain-table .bar {
        width: 3rem;
      }
    }
  `,
];
