// The attention map's tooltip and highlight: the cell under the pointer named with its row and
// column tokens, its weight and raw score, its outline drawn and its two labels set in bold.

import { select } from 'd3';
import { t } from '../i18n';
import { isolate } from '../i18n/bidi';
import type { AttentionMap } from '../engine/records';
import { displayLabel, type MapLayout } from './attention-map-layout';
import { formatWeight } from './attention-map-parts';

/**
 * How a map's weights come from its scores: a softmax (false), a sigmoid (true), or a sigmoid of
 * the score minus ln n (sigmoid_bias "log_n"), n the keys the row reads: every column ('logN'),
 * or the row's own and those before it in a causal model ('logNCausal'), as the engine counts them
 * (cpp/layers/multihead_attention.cpp).
 */
export type ScoreToWeight = boolean | 'logN' | 'logNCausal';

/** The tooltip's second line: the cell's raw score and what turns it into the weight. */
export function scoreText(map: AttentionMap, row: number, col: number, sigmoid: ScoreToWeight): string {
  const score = map.scores[row * map.cols + col];
  if (!Number.isFinite(score)) return '';
  if (!sigmoid) return t('map.score', { score: score.toFixed(3) });
  if (sigmoid === true) return t('map.scoreSigmoid', { score: score.toFixed(3) });
  const n = sigmoid === 'logNCausal' ? row + 1 : map.cols;
  return t('map.scoreSigmoidLogN', { score: score.toFixed(3), n });
}

/** Shows the tooltip of cell (row, col) at the pointer; `sigmoid`: the score feeds a sigmoid. */
export function showCellTip(
  root: ParentNode,
  map: AttentionMap,
  layout: MapLayout | null,
  row: number,
  col: number,
  event: PointerEvent,
  sigmoid: ScoreToWeight,
): void {
  if (row >= map.rows || col >= map.cols) return;
  const weight = map.weights[row * map.cols + col];
  const tip = root.querySelector<HTMLElement>('.tooltip');
  const frame = root.querySelector<HTMLElement>('.frame');
  if (!tip || !frame) return;

  // textContent only: token text is never parsed as HTML.
  tip.replaceChildren();
  const line = document.createElement('div');
  line.className = 'tip-main';
  line.textContent = t('map.tooltip', {
    row: isolate(displayLabel(map.rowLabels[row])),
    col: isolate(displayLabel(map.colLabels[col])),
    weight: formatWeight(weight),
  });
  const sub = document.createElement('div');
  sub.className = 'tip-sub';
  sub.textContent = scoreText(map, row, col, sigmoid);
  tip.append(line, sub);
  tip.hidden = false;

  const box = frame.getBoundingClientRect();
  const x = event.clientX - box.left;
  const y = event.clientY - box.top;
  const tipWidth = tip.offsetWidth;
  const left = Math.max(0, Math.min(x + 14, box.width - tipWidth - 2));
  const above = y - tip.offsetHeight - 12;
  tip.style.left = `${left}px`;
  tip.style.top = `${above >= 0 ? above : y + 18}px`;

  highlight(root, layout, row, col);
}

function highlight(root: ParentNode, layout: MapLayout | null, row: number, col: number): void {
  const svgEl = root.querySelector<SVGSVGElement>('svg.heat');
  if (!svgEl || !layout) return;
  const svg = select(svgEl);
  const { cell } = layout;
  svg
    .select('rect.outline')
    .attr('x', col * cell)
    .attr('y', row * cell)
    .attr('visibility', 'visible');
  svg.selectAll<SVGGElement, unknown>('g.row-labels g.label').classed('active', function () {
    return Number(this.getAttribute('data-row')) === row;
  });
  svg.selectAll<SVGGElement, unknown>('g.col-labels g.label').classed('active', function () {
    return Number(this.getAttribute('data-col')) === col;
  });
}

export function hideCellTip(root: ParentNode): void {
  const tip = root.querySelector<HTMLElement>('.tooltip');
  if (tip) tip.hidden = true;
  const svgEl = root.querySelector<SVGSVGElement>('svg.heat');
  if (!svgEl) return;
  const svg = select(svgEl);
  svg.select('rect.outline').attr('visibility', 'hidden');
  svg.selectAll('g.label.active').classed('active', false);
}
