// What the browser tests check in a downloaded figure: the file the page hands over when a
// button is clicked, an SVG read back by the browser's own XML parser, and a PNG decoded by the
// browser, with its size and how much of it is not white.
import assert from 'node:assert/strict';
import fs from 'node:fs';

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** Clicks `button` (a locator), or runs `button()`, and returns the download: { name, bytes }. */
export async function downloadFrom(page, button) {
  const act = typeof button === 'function' ? button() : button.click();
  const [download] = await Promise.all([page.waitForEvent('download'), act]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
}

/**
 * Parses an SVG document in the page (DOMParser, as another program would read it, without the
 * page's styles) and returns { error, root, width, height, counts, texts, styles }: counts[s] is
 * the number of elements matching selector s, texts the text of every <text>, styles the style
 * attribute of the elements matching `styled` (in document order).
 */
export async function readSvg(page, bytes, selectors = [], styled = '') {
  const text = bytes.toString('utf8');
  assert.match(text, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg /, 'an XML declaration, then <svg');
  return page.evaluate(
    ({ text, selectors, styled }) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const root = doc.documentElement;
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        root: root.nodeName,
        namespace: root.namespaceURI,
        width: Number(root.getAttribute('width')),
        height: Number(root.getAttribute('height')),
        counts: Object.fromEntries(selectors.map((s) => [s, doc.querySelectorAll(s).length])),
        texts: [...doc.querySelectorAll('text')].map((t) => t.textContent),
        styles: styled ? [...doc.querySelectorAll(styled)].map((e) => e.getAttribute('style') ?? '') : [],
      };
    },
    { text, selectors, styled },
  );
}

/** Checks what every exported SVG must be: well-formed, an <svg> root in the SVG namespace, sized. */
export function assertSvgDocument(svg, what) {
  assert.equal(svg.error, null, `${what}: the SVG parses`);
  assert.equal(svg.root, 'svg', `${what}: root element`);
  assert.equal(svg.namespace, 'http://www.w3.org/2000/svg', `${what}: SVG namespace`);
  assert.ok(svg.width > 0 && svg.height > 0, `${what}: size ${svg.width} x ${svg.height}`);
}

/**
 * Decodes a PNG in the page (createImageBitmap) and returns { width, height, inked, cells }: inked
 * is the share of pixels that are not (near) white, so a blank image reads 0; with `cell` > 0,
 * cells[r][c] is the [r, g, b] at the middle of each cell x cell square (a picture of a grid).
 */
export async function readPng(page, bytes, cell = 0) {
  assert.deepEqual([...bytes.subarray(0, 8)], PNG_SIGNATURE, 'PNG signature');
  assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR', 'the first chunk is IHDR');
  const header = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  const decoded = await page.evaluate(
    async ({ b64, cell }) => {
      const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      context.drawImage(bitmap, 0, 0);
      const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let inked = 0;
      for (let i = 0; i < data.length; i += 4)
        if (data[i] < 235 || data[i + 1] < 235 || data[i + 2] < 235) inked++;
      const cells = [];
      for (let r = 0; cell > 0 && (r + 1) * cell <= bitmap.height; r++) {
        const row = [];
        for (let c = 0; (c + 1) * cell <= bitmap.width; c++) {
          const i = 4 * ((r * cell + (cell >> 1)) * bitmap.width + c * cell + (cell >> 1));
          row.push([data[i], data[i + 1], data[i + 2]]);
        }
        cells.push(row);
      }
      return { width: bitmap.width, height: bitmap.height, inked: inked / (data.length / 4), cells };
    },
    { b64: bytes.toString('base64'), cell },
  );
  assert.deepEqual(
    [decoded.width, decoded.height],
    [header.width, header.height],
    'IHDR size = decoded size',
  );
  return decoded;
}
