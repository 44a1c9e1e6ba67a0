// The scores table of the three lessons' step panels: for one query, one row per key it reads
// (index, word, raw score, weight as a bar and a number, the vectors the weight multiplies), and
// the weights' sum in the footer. The lessons differ only in what they call things (e_ij and
// alpha_ij in lesson 1, e_j and alpha_j in lesson 2, alpha and alpha' in lesson 3), how many label
// and vector columns they show and the data-* hooks their pages and tests read; those are options.

import { css, html, nothing, type TemplateResult } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';
import { weightBar } from './weight-bar';

/** A vector shown in a row (h_i in lesson 1, k^j and v^j in lesson 3). */
export interface ScoreVector {
  values: Float32Array | readonly number[];
  max: number;
  label: string;
}

export interface ScoreRow {
  /** The key's position, shown 1-based. */
  index: number;
  /** One cell per label column (the word, or the piece and its word); written dir="auto". */
  labels: readonly unknown[];
  score: number;
  weight: number;
  vectors: readonly ScoreVector[];
  /** The row's data-* attributes, as `dataset` keys (camelCase, without "data-"). */
  data: Readonly<Record<string, string>>;
  /** A class for a row to stand out ("peak", "cur", "self"); styled below. */
  className?: string;
}

export interface ScoresTableSpec {
  /** The table's own class, kept per lesson because embedded pages and tests select by it. */
  className: string;
  /** The table's data-* attributes (dataset keys). */
  data: Readonly<Record<string, string>>;
  headers: {
    /** The index column's name (i for encoder positions, j for keys). */
    index: string;
    labels: readonly unknown[];
    score: unknown;
    weight: unknown;
    vectors: readonly unknown[];
  };
  rows: readonly ScoreRow[];
  /** Footer: the sum of the weights, labelled. */
  sum: { label: unknown; value: number };
  scoreDigits: number;
  weightDigits: number;
}

/**
 * Sets an element's data-* attributes from a record, removing the ones it set before and no
 * longer has. Lit binds attributes by name only; the three lessons' rows carry different names.
 */
class DataAttributes extends Directive {
  private names: string[] = [];
  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('dataAttributes() belongs on an element');
  }
  render(_data: Readonly<Record<string, string>>): typeof nothing {
    return nothing;
  }
  override update(part: ElementPart, [data]: [Readonly<Record<string, string>>]): typeof nothing {
    const el = part.element as HTMLElement;
    for (const name of this.names) if (!(name in data)) delete el.dataset[name];
    for (const [name, value] of Object.entries(data))
      if (el.dataset[name] !== value) el.dataset[name] = value;
    this.names = Object.keys(data);
    return nothing;
  }
}
export const dataAttributes = directive(DataAttributes);

const clampUnit = (x: number): number => Math.min(1, Math.max(0, x));

export function scoresTable(spec: ScoresTableSpec): TemplateResult {
  const { headers } = spec;
  return html`<div class="scores-scroll">
    <table class="score-table ${spec.className}" ${dataAttributes(spec.data)} data-strip-group>
      <thead>
        <tr>
          <th scope="col">${headers.index}</th>
          ${headers.labels.map((h) => html`<th scope="col">${h}</th>`)}
          <th scope="col">${headers.score}</th>
          <th scope="col">${headers.weight}</th>
          ${headers.vectors.map((h) => html`<th scope="col">${h}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${spec.rows.map(
          (row) =>
            html`<tr class=${row.className ?? ''} ${dataAttributes(row.data)}>
              <td class="num">${row.index + 1}</td>
              ${row.labels.map((label) => html`<td dir="auto">${label}</td>`)}
              <td class="num" title=${String(row.score)}>${row.score.toFixed(spec.scoreDigits)}</td>
              <td class="num weight" title=${String(row.weight)}>
                ${weightBar(clampUnit(row.weight))}${row.weight.toFixed(spec.weightDigits)}
              </td>
              ${row.vectors.map(
                (v) =>
                  html`<td>
                    <attnlab-vector-strip
                      .values=${v.values}
                      .max=${v.max}
                      label=${v.label}
                    ></attnlab-vector-strip>
                  </td>`,
              )}
            </tr>`,
        )}
      </tbody>
      <tfoot>
        <tr>
          <td></td>
          <th scope="row" colspan=${headers.labels.length + 1}>${spec.sum.label}</th>
          <td class="num sum">${spec.sum.value.toFixed(spec.weightDigits)}</td>
          ${headers.vectors.length ? html`<td colspan=${headers.vectors.length}></td>` : nothing}
        </tr>
      </tfoot>
    </table>
  </div>`;
}

export const scoresTableStyles = css`
  .scores-scroll {
    max-width: 100%;
    max-height: 24rem;
    overflow: auto;
    margin-top: 0.3rem;
    border: 1px solid #e3e8ef;
    border-radius: 6px;
    background: #fff;
  }
  table.score-table {
    width: max-content;
    min-width: 100%;
    border-collapse: collapse;
    font-size: 0.85rem;
    font-variant-numeric: tabular-nums;
  }
  table.score-table th,
  table.score-table td {
    padding: 0.2rem 0.5rem;
    border-bottom: 1px solid #eef1f5;
    text-align: left;
    white-space: nowrap;
  }
  table.score-table thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: #f6f8fb;
    font-weight: 600;
  }
  table.score-table td.num {
    text-align: right;
  }
  table.score-table td.weight {
    display: flex;
    align-items: center;
    justify-content: end;
    gap: 0.4rem;
  }
  table.score-table td.weight .bar {
    width: 3.5rem;
  }
  /* The sum stays in sight at the bottom of the box as the header does at its top: a long
     sentence scrolls the rows between them, not the sum half out of view. */
  table.score-table tfoot th,
  table.score-table tfoot td {
    position: sticky;
    bottom: 0;
    z-index: 1;
    background: #f6f8fb;
    border-top: 1px solid #e3e8ef;
    font-weight: 600;
    border-bottom: none;
  }
  table.score-table tr.peak td {
    font-weight: 700;
    background: #eef3fa;
  }
  table.score-table tr.cur td,
  table.score-table tr.self td {
    color: #a61e1e;
    font-weight: 600;
  }
  @media (max-width: 480px) {
    table.score-table td.weight .bar {
      display: none;
    }
  }
`;
