// The "Does attention explain the output?" panel, one for every lesson: each lesson computes the
// three parts with its own engine calls (a uniform-attention forward, a second seed's model, the
// engine's gradient x input) and hands them here; explain.ts has the numbers' definitions.
//   1. uniform attention: the output before and after, and how much probability moved;
//   2. two seeds: the same sentence's maps side by side (drawn as the lesson draws its own, with its
//      axis titles), their mean row distance, and what each model outputs;
//   3. attention against gradient x input for the chosen output word: both as bars per input
//      token, and Spearman's rank correlation of the two.
// A part the lesson cannot compute (no second seed shipped, a model without attention) is a
// sentence saying so, never an empty box.

import { css, html, nothing, type TemplateResult } from 'lit';
import { formatNumber, formatPercent, t } from '../../i18n';
import { isolate } from '../../i18n/bidi';
import type { AttentionMap } from '../../engine/records';
import { weightBar, weightBarStyles } from '../../figures/weight-bar';
import { MAX_MATCHED_HEADS } from './explain';
import '../../figures/attention-map';

export interface UniformPart {
  before: string;
  after: string;
  /**
   * Total variation distance of the output distributions (0..1) where the sentence names the
   * output: the one guess explained, or (`all`) the mean over the `rows` steps writing a translation.
   */
  moved: number;
  rows: number;
  all: boolean;
}

export interface SeedsPart {
  first: { label: string; map: AttentionMap };
  second: { label: string; map: AttentionMap };
  /** Mean total variation distance of the two maps' rows (0..1). */
  distance: number;
  /** Several heads per layer: how the two models' heads were paired before comparing. */
  matching?: HeadMatching;
  /** What each model outputs for the sentence (the second seed's own run), as the lesson words it. */
  outputs: { first: string; second: string };
  /** The maps' axis titles, the lesson's own map's (default: the map's generic ones). */
  axes?: { rows: string; cols: string };
}

/** The heads of one layer paired between two seeds (0-based numbers; explain-controller.ts seedPartner). */
export interface HeadMatching {
  layer: number;
  /** The chosen head, and the other model's head it is compared with. */
  head: number;
  match: number;
  /** Every pair [mine, theirs] of the layer, with its distance; null: too many heads to pair exactly. */
  pairs: [number, number][] | null;
  distances: number[];
  /** The distance from the other model's head of the same number. */
  byNumber: number;
}

export interface ImportancePart {
  /** The output word explained ("rouge", the guess for <mask>), and the model's probability of it. */
  word: string;
  probability: number;
  /** The input's whole words (explain.ts wordImportance: a word's pieces summed). */
  tokens: string[];
  /** The attention row of the word's step over the words. */
  attention: number[];
  /** |gradient x input| per word. */
  gradient: number[];
  /**
   * Spearman's rho of the two; null when it says nothing: fewer than 3 words, a constant row, or
   * (`saturated`) an output so certain that its gradient vanishes.
   */
  rho: number | null;
  saturated: boolean;
  /** The word each of the two puts first (index into tokens). */
  top: { attention: number; gradient: number };
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
        html`<p data-moved=${u.moved.toFixed(4)} data-rows=${u.rows}>
          ${t(u.all ? 'explain.uniformTextAll' : 'explain.uniformText', {
            before: isolate(u.before),
            after: isolate(u.after),
            moved: formatPercent(u.moved),
            count: u.rows,
          })}
        </p>`,
    )}
    ${renderPart<SeedsPart>('seeds', t('explain.seedsTitle'), parts.seeds, renderSeeds)}
    ${renderPart<ImportancePart>('importance', t('explain.importanceTitle'), parts.importance, renderImportance)}
  </div>`;
}

function renderSeeds(s: SeedsPart): TemplateResult {
  const m = s.matching;
  const caption = (label: string, map: AttentionMap) =>
    m ? t('explain.seedMap', { seed: label, layer: map.layer + 1, head: map.head + 1 }) : label;
  const same = s.outputs.first === s.outputs.second;
  return html`<p data-distance=${s.distance.toFixed(4)}>
      ${t('explain.seedsText', { distance: formatPercent(s.distance) })}
    </p>
    <p data-outputs-same=${same ? 'true' : 'false'}>
      ${t(same ? 'explain.seedsOutputsSame' : 'explain.seedsOutputsDiffer', {
        firstLabel: s.first.label,
        secondLabel: s.second.label,
        first: isolate(s.outputs.first),
        second: isolate(s.outputs.second),
      })}
    </p>
    ${m ? renderMatching(m) : nothing}
    <div class="explain-seeds">
      ${[s.first, s.second].map(
        (x) =>
          html`<figure>
            <figcaption>${caption(x.label, x.map)}</figcaption>
            <attnlab-attention-map
              .map=${x.map}
              .rowsAxis=${s.axes?.rows ?? ''}
              .colsAxis=${s.axes?.cols ?? ''}
              compact
            ></attnlab-attention-map>
          </figure>`,
      )}
    </div>`;
}

/** Which head of the other seed matched which (head numbers are arbitrary), and the distance by number. */
function renderMatching(m: HeadMatching): TemplateResult {
  const layer = m.layer + 1;
  if (!m.pairs)
    return html`<p class="note" data-match=${m.match + 1} data-by-number=${m.byNumber.toFixed(4)}>
      ${t('explain.seedsTooManyHeads', { layer, max: MAX_MATCHED_HEADS })}
    </p>`;
  const pairs = m.pairs
    .map(([mine, theirs], i) =>
      t('explain.seedsPair', { mine: mine + 1, theirs: theirs + 1, distance: formatPercent(m.distances[i]) }),
    )
    .join(t('explain.listSeparator'));
  return html`<p
    class="note"
    data-match=${m.match + 1}
    data-by-number=${m.byNumber.toFixed(4)}
    data-pairs=${m.pairs.map(([a, b]) => `${a + 1}-${b + 1}`).join(' ')}
  >
    ${t(m.match === m.head ? 'explain.seedsMatchedSame' : 'explain.seedsMatched', {
      layer,
      pairs,
      head: m.head + 1,
      match: m.match + 1,
      byNumber: formatPercent(m.byNumber),
    })}
  </p>`;
}

/** Gradients of a confident model are tiny: two significant digits, in powers of ten below 0.01. */
const small = (x: number): string => (x === 0 ? '0' : Math.abs(x) < 0.01 ? x.toExponential(1) : x.toFixed(3));

/**
 * A probability with the digits that tell it from certainty: 99.95%, not the 100% one decimal
 * rounds it to (lesson 1's first word).
 */
export function probabilityText(p: number): string {
  const digits = p < 0.99 || p >= 1 ? 1 : Math.min(4, Math.ceil(-Math.log10(1 - p)) - 2);
  return formatNumber(p, { style: 'percent', maximumFractionDigits: Math.max(1, digits) });
}

function renderImportance(p: ImportancePart): TemplateResult {
  const maxGradient = Math.max(...p.gradient, 1e-12);
  const values = {
    word: isolate(p.word),
    p: probabilityText(p.probability),
    count: p.tokens.length,
    rho: p.rho === null ? '' : p.rho.toFixed(2),
    max: small(Math.max(0, ...p.gradient)),
  };
  const [a, g] = [p.tokens[p.top.attention] ?? '', p.tokens[p.top.gradient] ?? ''];
  const key = p.saturated
    ? 'explain.importanceSaturated'
    : p.rho === null
      ? 'explain.importanceNoRho'
      : 'explain.importanceText';
  return html`<p
      data-rho=${p.rho === null ? '' : p.rho.toFixed(4)}
      data-words=${p.tokens.length}
      data-saturated=${p.saturated ? 'true' : 'false'}
    >
      ${t(key, values)}
      ${
        p.saturated
          ? nothing
          : a === g
            ? t('explain.importanceSameTop', { word: isolate(a) })
            : t('explain.importanceTops', { attention: isolate(a), gradient: isolate(g) })
      }
    </p>
    <p class="note">${t('explain.importanceCaveat')}</p>
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
