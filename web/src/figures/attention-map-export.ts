// What an attention map downloads as: data (CSV, JSON: tokens and weights) or a figure (PNG, SVG)
// that says what it is. The figure carries a title (the lesson, model, layer and head, then the
// sentence) and the colour scale with its range, both of which the page draws outside the map's SVG.

import type { ExportFormat } from './export-buttons';
import type { MapLayout } from './attention-map-layout';
import type { AttentionMap } from '../engine/records';

export interface MapFigureInfo {
  /** What the map is: "3. Transformer self-attention · Masked LM · layer 1, head 2". */
  title: string;
  /** The sentence the map reads. */
  sentence: string;
  /** The legend's caption ("attention weight"). */
  legendTitle: string;
}

/** The sentence of a map when the lesson gave none: its column tokens, joined as they were cut. */
export function sentenceOf(map: AttentionMap): string {
  const labels = map.colLabels;
  const spaced = labels.some((l) => /^\s/.test(l));
  return (spaced ? labels.join('') : labels.join(' ')).trim();
}

/** Downloads `map` as `format`; `root` holds the drawn SVG (svg.heat), canvas and legend. */
export async function exportMap(
  root: ParentNode,
  map: AttentionMap,
  layout: MapLayout | null,
  format: ExportFormat,
  info: MapFigureInfo,
): Promise<void> {
  const { download, downloadFigure, fileStem, mapToCsv, mapToJson } = await import('./export');
  const stem = fileStem(map.name);
  if (format === 'csv') return download(`${stem}.csv`, mapToCsv(map), 'text/csv;charset=utf-8');
  if (format === 'json') return download(`${stem}.json`, mapToJson(map), 'application/json');
  const svg = root.querySelector<SVGSVGElement>('svg.heat');
  if (!svg) return;
  const extra: SVGElement[] = [];
  const canvas = root.querySelector<HTMLCanvasElement>('canvas.cells-canvas');
  if (canvas && !canvas.hidden && layout) {
    // Large maps paint their cells into a canvas: the figure carries them as an image.
    const image = document.createElementNS('http://www.w3.org/2000/svg', 'image');
    image.setAttribute('x', String(layout.left));
    image.setAttribute('y', String(layout.top));
    image.setAttribute('width', String(layout.cols * layout.cell));
    image.setAttribute('height', String(layout.rows * layout.cell));
    image.setAttribute('preserveAspectRatio', 'none');
    image.setAttribute('style', 'image-rendering: pixelated');
    image.setAttribute('href', canvas.toDataURL('image/png'));
    extra.push(image);
  }
  const legend = root.querySelector<SVGSVGElement>('svg.legend-bar');
  await downloadFigure(svg, stem, format, {
    extra,
    plain: 'g.cells > rect',
    title: [info.title, info.sentence ? `“${info.sentence}”` : ''].filter((line) => line !== ''),
    scale: legend ? { svg: legend, caption: info.legendTitle } : undefined,
  });
}
