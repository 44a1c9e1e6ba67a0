// Files a student or teacher can take away: an attention map as CSV or JSON (tokens and weights),
// a figure as SVG or PNG. The text formats are pure functions (Vitest checks them); the figure
// formats serialize the SVG the page drew.

import type { AttentionMap } from './records';

/** RFC 4180 field: quoted when it holds a comma, quote, or line break; quotes doubled. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Header: the corner cell, then the column (key) labels; then one line per row (query): its label
 * and its weights. Rows and columns keep their order, so duplicated words stay apart.
 */
export function mapToCsv(map: AttentionMap, corner = 'query \\ key'): string {
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

/** A standalone SVG document from a drawn SVG element: namespaces, size and a white background. */
export function standaloneSvg(svg: SVGSVGElement, extra: SVGElement[] = []): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const width = svg.getAttribute('width') ?? String(svg.getBoundingClientRect().width);
  const height = svg.getAttribute('height') ?? String(svg.getBoundingClientRect().height);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', width);
  copy.setAttribute('height', height);
  copy.removeAttribute('aria-hidden');
  copy.removeAttribute('class');
  const style = getComputedStyle(svg);
  copy.setAttribute('font-family', style.fontFamily || 'sans-serif');
  copy.setAttribute('font-size', style.fontSize || '12px');
  const background = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#ffffff');
  copy.insertBefore(background, copy.firstChild);
  for (const element of extra) copy.appendChild(element);
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy);
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
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
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
