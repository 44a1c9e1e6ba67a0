// Files a student or teacher can take away: an attention map as CSV or JSON (tokens and weights),
// a figure as SVG or PNG. The text formats (and gridSvg) are pure functions (Vitest checks them);
// the figure formats serialize the SVG the page drew, with the styles its stylesheet gave it, or
// for a figure painted into a canvas, a grid of squares. The views import this module on their
// first export (a dynamic import), so a lesson's first download does not carry it (issue 17).

import type { AttentionMap } from '../engine/records';

/** RFC 4180 field: quoted when it holds a comma, quote, or line break; quotes doubled. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Header: the corner cell, then the column (key) labels; then one line per row (query): its label
 * and its weights. Rows and columns keep their order, so duplicated words stay apart. The cell in
 * row i and column j is alpha_ij, as every lesson writes it (Bahdanau's order: row i reads j).
 */
export function mapToCsv(map: AttentionMap, corner = 'i (query) \\ j (key)'): string {
  const lines = [[corner, ...map.colLabels].map(csvField).join(',')];
  for (let r = 0; r < map.rows; r++) {
    const cells = [csvField(map.rowLabels[r] ?? '')];
    for (let c = 0; c < map.cols; c++) cells.push(String(map.weights[r * map.cols + c]));
    lines.push(cells.join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

/** Plain JSON: name, layer, head, row and column labels, weights and raw scores as nested arrays. */
export function mapToJson(map: AttentionMap): string {
  const rows = (data: Float32Array) =>
    Array.from({ length: map.rows }, (_, r) =>
      Array.from(data.subarray(r * map.cols, (r + 1) * map.cols), (v) => (Number.isFinite(v) ? v : null)),
    );
  return (
    JSON.stringify(
      {
        name: map.name,
        layer: map.layer,
        head: map.head,
        rows: map.rowLabels,
        cols: map.colLabels,
        alpha: 'weights[i][j] is alpha_ij, the weight row i (query) gives column j (key)',
        weights: rows(map.weights),
        scores: rows(map.scores),
      },
      null,
      1,
    ) + '\n'
  );
}

/** A file name from a map's name: letters, digits and dashes. */
export function fileStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return stem || 'attention';
}

/**
 * Presentation properties a component's stylesheet may set on SVG elements (fills, strokes, text
 * placement). A figure copied out of its shadow root loses that stylesheet, so standaloneSvg
 * writes these inline wherever the copy would otherwise look different.
 */
const SVG_STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'opacity',
  'visibility',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
] as const;

/**
 * Gives every element of `copy` (a deep clone of `original`) the computed values of
 * SVG_STYLE_PROPERTIES that `original` shows on screen, as an inline style, where the copy,
 * rendered without the component's stylesheet, would differ. Cells coloured by attributes get
 * nothing; a `fill: none` or a text colour that came from CSS is kept. Every value is read
 * before any is written: a write in between would make the browser restyle the copy each time.
 */
function inlineComputedStyles(original: SVGSVGElement, copy: SVGSVGElement, plain: string): void {
  const holder = document.createElement('div');
  holder.style.cssText =
    'position:fixed;left:-100000px;top:0;width:0;height:0;overflow:hidden;opacity:0;pointer-events:none';
  // A shadow root of its own, so that no page stylesheet reaches the copy either.
  holder.attachShadow({ mode: 'open' }).appendChild(copy);
  document.body.appendChild(holder);
  try {
    const from = [original, ...Array.from(original.querySelectorAll('*'))];
    const to = [copy, ...Array.from(copy.querySelectorAll('*'))];
    const styles: [Element, string][] = [];
    for (let i = 0; i < from.length && i < to.length; i++) {
      if (plain && from[i].matches(plain)) continue;
      const shown = getComputedStyle(from[i]);
      const bare = getComputedStyle(to[i]);
      const declarations = SVG_STYLE_PROPERTIES.flatMap((name) => {
        const value = shown.getPropertyValue(name);
        return value && value !== bare.getPropertyValue(name) ? [`${name}:${value}`] : [];
      });
      if (declarations.length) styles.push([to[i], declarations.join(';')]);
    }
    for (const [element, style] of styles) {
      const own = element.getAttribute('style');
      element.setAttribute('style', own ? `${own};${style}` : style);
    }
  } finally {
    copy.remove();
    holder.remove();
  }
}

/** The size an SVG is exported at: its width/height attributes, else its viewBox, else its box on screen. */
export function svgSize(svg: SVGSVGElement): { width: number; height: number } {
  const box = svg.viewBox?.baseVal;
  const rect = () => svg.getBoundingClientRect();
  const width = Number(svg.getAttribute('width')) || (box && box.width > 0 ? box.width : 0) || rect().width;
  const height =
    Number(svg.getAttribute('height')) || (box && box.height > 0 ? box.height : 0) || rect().height;
  return { width, height };
}

/** One line of a chart's key: a sample of the line (colour, dashes) and its label. */
export interface LegendEntry {
  label: string;
  color: string;
  dash?: string | null;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const LEGEND_ROW = 18; // user units per key line

/**
 * The key of a chart whose legend the page writes in HTML beside the SVG: one line per entry,
 * LEGEND_ROW user units high, starting at y = top.
 */
function legendGroup(entries: LegendEntry[], top: number, left: number): SVGGElement {
  const group = document.createElementNS(SVG_NS, 'g');
  group.setAttribute('class', 'legend');
  entries.forEach((entry, i) => {
    const y = top + i * LEGEND_ROW + LEGEND_ROW / 2;
    const sample = document.createElementNS(SVG_NS, 'line');
    for (const [name, value] of Object.entries({
      x1: left,
      x2: left + 28,
      y1: y,
      y2: y,
      stroke: entry.color,
      'stroke-width': 3,
    }))
      sample.setAttribute(name, String(value));
    if (entry.dash) sample.setAttribute('stroke-dasharray', entry.dash);
    const label = document.createElementNS(SVG_NS, 'text');
    label.setAttribute('x', String(left + 36));
    label.setAttribute('y', String(y));
    label.setAttribute('dominant-baseline', 'central');
    label.setAttribute('fill', '#1d2433');
    label.textContent = entry.label;
    group.append(sample, label);
  });
  return group;
}

/** A colour scale the page draws in an SVG of its own beside the figure (the map's legend). */
export interface ScaleLegend {
  svg: SVGSVGElement;
  caption: string;
}

const TITLE_ROW = 18; // user units per title line
const CHAR_WIDTH = 7; // user units: a rough width of one character, to wrap the title

/** `text` in lines of at most `chars` characters (cut at spaces), at most `lines` of them ("…"). */
export function wrapTitle(text: string, chars: number, lines: number): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest && out.length < lines) {
    if ([...rest].length <= chars) {
      out.push(rest);
      rest = '';
      break;
    }
    const head = [...rest].slice(0, chars).join('');
    const space = head.lastIndexOf(' ');
    const cut = space > chars / 3 ? space : head.length;
    out.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest && out.length) out[out.length - 1] = [...out[out.length - 1]].slice(0, chars - 1).join('') + '…';
  return out;
}

function svgText(
  x: number,
  y: number,
  text: string,
  attributes: Record<string, string> = {},
): SVGTextElement {
  const node = document.createElementNS(SVG_NS, 'text');
  node.setAttribute('x', String(x));
  node.setAttribute('y', String(y));
  node.setAttribute('dominant-baseline', 'central');
  node.setAttribute('fill', '#1d2433');
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.textContent = text;
  return node;
}

/** What to add to an exported figure that the page draws outside its SVG. */
export interface FigureExtras {
  /**
   * What the figure is, drawn above it (the first line bold) and given as its <title>: for a map,
   * the lesson, model, layer and head, then the sentence.
   */
  title?: string[];
  /** The colour scale with its range, drawn under the figure with its caption. */
  scale?: ScaleLegend;
  /** Elements appended as they are (an image of a canvas, for instance). */
  extra?: SVGElement[];
  /** The chart's key, drawn under the figure. */
  legend?: LegendEntry[];
  /**
   * A selector for elements drawn by their attributes alone, whose styles need no comparing (the
   * 40,000 cells of a 200 x 200 map would take 1.5 s).
   */
  plain?: string;
}

/**
 * A standalone SVG document from a drawn SVG element, and its size in pixels: namespaces, size,
 * a white background, and the styles the component's stylesheet gave it written inline, so it
 * looks the same in another program.
 */
export function standaloneSvg(
  svg: SVGSVGElement,
  { extra = [], legend = [], plain = '', title = [], scale }: FigureExtras = {},
): { text: string; width: number; height: number } {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const size = svgSize(svg);
  copy.setAttribute('xmlns', SVG_NS);
  copy.removeAttribute('aria-hidden');
  copy.removeAttribute('class');
  const style = getComputedStyle(svg);
  copy.setAttribute('font-family', style.fontFamily || 'sans-serif');
  copy.setAttribute('font-size', style.fontSize || '12px');
  // Lit's template markers are comments: they mean nothing outside the page.
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  inlineComputedStyles(svg, copy, plain);

  // User units: the viewBox's when there is one, else pixels.
  const box = svg.viewBox?.baseVal;
  const view = box && box.width > 0 && box.height > 0 ? box : { x: 0, y: 0, ...size };
  const pixelsPerUnit = size.height / view.height;
  let below = 0;
  if (legend.length) {
    const top = view.y + view.height + 6;
    copy.appendChild(legendGroup(legend, top, view.x + 8));
    below = 6 + legend.length * LEGEND_ROW + 6;
  }
  // The colour scale: its caption, then the page's own legend SVG (gradient and axis) nested.
  let viewWidth = view.width;
  if (scale) {
    const legendCopy = scale.svg.cloneNode(true) as SVGSVGElement;
    inlineComputedStyles(scale.svg, legendCopy, '');
    const legendSize = svgSize(scale.svg);
    const top = view.y + view.height + below + 8;
    copy.appendChild(svgText(view.x + 8, top + 8, scale.caption, { class: 'scale-caption' }));
    legendCopy.removeAttribute('class');
    legendCopy.removeAttribute('aria-hidden');
    legendCopy.setAttribute('x', String(view.x));
    legendCopy.setAttribute('y', String(top + 18));
    legendCopy.setAttribute('width', String(legendSize.width));
    legendCopy.setAttribute('height', String(legendSize.height));
    legendCopy.setAttribute('overflow', 'visible');
    copy.appendChild(legendCopy);
    below += 8 + 18 + legendSize.height + 6;
    viewWidth = Math.max(viewWidth, legendSize.width + 16, [...scale.caption].length * CHAR_WIDTH + 16);
  }
  // The title above: the first line bold, each line wrapped to the figure's width.
  const titleLines = title.flatMap((line, i) =>
    wrapTitle(line, Math.max(24, Math.floor((viewWidth - 16) / CHAR_WIDTH)), i === 0 ? 2 : 3).map((text) => ({
      text,
      bold: i === 0,
    })),
  );
  const above = titleLines.length ? titleLines.length * TITLE_ROW + 10 : 0;
  titleLines.forEach((line, i) =>
    copy.appendChild(
      svgText(view.x + 8, view.y - above + 6 + i * TITLE_ROW + TITLE_ROW / 2, line.text, {
        class: line.bold ? 'figure-title' : 'figure-text',
        ...(line.bold ? { 'font-weight': '600' } : {}),
      }),
    ),
  );
  if (title.length) {
    const heading = document.createElementNS(SVG_NS, 'title');
    heading.textContent = title.join(' — ');
    copy.insertBefore(heading, copy.firstChild);
  }
  const width = viewWidth * pixelsPerUnit;
  const height = size.height + (above + below) * pixelsPerUnit;
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const origin = { x: view.x, y: view.y - above };
  if (below || above || viewWidth !== view.width)
    copy.setAttribute('viewBox', `${origin.x} ${origin.y} ${viewWidth} ${view.height + above + below}`);

  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('x', String(origin.x));
  background.setAttribute('y', String(origin.y));
  background.setAttribute('width', String(viewWidth));
  background.setAttribute('height', String(view.height + above + below));
  background.setAttribute('fill', '#ffffff');
  copy.insertBefore(background, title.length ? copy.firstChild!.nextSibling : copy.firstChild);
  for (const element of extra) copy.appendChild(element);
  const text = '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy);
  return { text, width, height };
}

/** Text for XML character data and attribute values. */
function xmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A standalone SVG of a (rows, cols) grid drawn in a canvas on screen: one `cell` px square per
 * value, coloured by `fill(row, col)`, row-major from the top left, with `title` as its <title>.
 */
export function gridSvg(
  rows: number,
  cols: number,
  cell: number,
  fill: (row: number, col: number) => string,
  title = '',
): string {
  const width = cols * cell;
  const height = rows * cell;
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" shape-rendering="crispEdges">`,
    title ? `<title>${xmlText(title)}</title>` : '',
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
  ];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      parts.push(
        `<rect x="${c * cell}" y="${r * cell}" width="${cell}" height="${cell}" fill="${xmlText(fill(r, c))}"/>`,
      );
  parts.push('</svg>\n');
  return parts.join('');
}

/** A canvas as PNG, each pixel drawn as a `scale` x `scale` square (no smoothing) on white. */
export async function canvasToPng(source: HTMLCanvasElement, scale: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, source.width * scale);
  canvas.height = Math.max(1, source.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = false;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return pngOf(canvas);
}

function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}

/** Rasterizes an SVG document (as produced by standaloneSvg) to PNG at `scale` x its size. */
export async function svgToPng(svgText: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.decoding = 'sync';
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the figure could not be drawn as an image'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await pngOf(canvas);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Downloads a drawn SVG figure as `${stem}.svg` (standaloneSvg) or `${stem}.png` (that SVG drawn
 * at twice its size).
 */
export async function downloadFigure(
  svg: SVGSVGElement,
  stem: string,
  format: 'png' | 'svg',
  extras: FigureExtras = {},
): Promise<void> {
  const { text, width, height } = standaloneSvg(svg, extras);
  if (format === 'svg') return download(`${stem}.svg`, text, 'image/svg+xml');
  download(`${stem}.png`, await svgToPng(text, width, height));
}

/** Hands `data` to the browser as a download called `name`. */
export function download(name: string, data: Blob | string, type = 'text/plain;charset=utf-8'): void {
  const blob = typeof data === 'string' ? new Blob([data], { type }) : data;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
