// Lesson 3's downloads, continued from transformer-panels.mjs: the head view and the positional
// encoding table as SVG and PNG, with what is on screen (lines, heads, the canvas's colours).
// Screenshots go to tests/e2e/artifacts/ (transformer-*-export-*.png).
//
//   npm run build && node tests/e2e/transformer-downloads.mjs   (npm run test:e2e runs it too)

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS } from './browser.mjs';
import { assertSvgDocument, downloadFrom, readPng, readSvg } from './downloads.mjs';
import {
  choosePieces,
  configOf,
  lesson,
  openLesson,
  originTest,
  servedModels,
  settled,
  useSession,
} from './transformer-page.mjs';

useSession('transformer-downloads');

test('the head view downloads as SVG and PNG: the lines on screen, one key entry per head', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  const config = configOf(servedModels()[0]);
  await settled(page);
  await choosePieces(page); // the head view of the pieces: query 2 is the token 2
  await lesson(page, '.chips .chip[data-token="2"]').click();
  await page.waitForFunction(
    () =>
      document.querySelector('attnlab-transformer').shadowRoot?.querySelector('svg.head-view')?.dataset
        .query === '2',
  );
  const shown = await lesson(page, 'svg.head-view').evaluate((svg) => ({
    lines: [...svg.querySelectorAll('line.link')].map(
      (l) => `${l.dataset.head}:${l.dataset.key}:${l.dataset.weight}`,
    ),
    tokens: svg.querySelectorAll('g.q').length,
  }));
  assert.ok(shown.lines.length >= config.n_head, `lines on screen: ${shown.lines.length}`);
  const bar = lesson(page, 'attnlab-export-buttons.head-export');
  const buttons = bar.locator('button');
  assert.deepEqual(await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label'))), [
    'Download the head view of layer 1 as PNG',
    'Download the head view of layer 1 as SVG',
  ]);
  await lesson(page, '.view[data-view="head"]').screenshot({
    path: path.join(ARTIFACTS, 'transformer-head-export-1280.png'),
  });

  const svgFile = await downloadFrom(page, buttons.nth(1));
  assert.equal(svgFile.name, 'head-view-layer-1-token-3.svg');
  const svg = await readSvg(page, svgFile.bytes, ['line.link', 'g.q', 'g.legend line'], 'g.q rect');
  assertSvgDocument(svg, 'head view');
  assert.equal(svg.width, 340);
  const lines = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return [...doc.querySelectorAll('line.link')].map(
      (l) => `${l.dataset.head}:${l.dataset.key}:${l.dataset.weight}`,
    );
  }, svgFile.bytes.toString('utf8'));
  assert.deepEqual(lines, shown.lines, 'the same lines, heads and weights as on screen');
  assert.equal(svg.counts['g.q'], shown.tokens);
  assert.equal(svg.counts['g.legend line'], config.n_head, 'one key entry per head shown');
  for (let h = 1; h <= config.n_head; h++) assert.ok(svg.texts.includes(`Head ${h}`));
  // The boxes behind the query words are transparent through the page's stylesheet: inline in the
  // file (else another program fills them black), the chosen one tinted.
  const transparent = svg.styles.filter((style) => /fill:\s*(transparent|rgba\(0, 0, 0, 0\))/.test(style));
  assert.equal(transparent.length, shown.tokens - 1, `query boxes: ${svg.styles.join(' | ')}`);

  const png = await readPng(page, (await downloadFrom(page, buttons.first())).bytes);
  assert.deepEqual([png.width, png.height], [2 * svg.width, 2 * svg.height], 'twice the SVG size');
  assert.ok(png.inked > 0.01 && png.inked < 0.5, `lines and words drawn on white: ${png.inked}`);
  await page.close();
});

test('the positional-encoding table downloads as PNG and SVG with the colours of the canvas', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  const config = configOf(servedModels()[0]);
  await settled(page);
  const box = lesson(page, '.pe-box');
  await lesson(page, 'canvas.pe').waitFor();
  const rows = Number(await box.getAttribute('data-rows'));
  const cols = Number(await box.getAttribute('data-cols'));
  assert.equal(cols, config.d_model);
  const bar = lesson(page, 'attnlab-export-buttons.pe-export');
  const buttons = bar.locator('button');
  assert.deepEqual(await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label'))), [
    'Download the positional-encoding table as PNG',
    'Download the positional-encoding table as SVG',
  ]);
  await bar.scrollIntoViewIfNeeded();
  await lesson(page, '.pe-figure').screenshot({
    path: path.join(ARTIFACTS, 'transformer-pe-export-1280.png'),
  });
  await bar.screenshot({ path: path.join(ARTIFACTS, 'transformer-pe-buttons-1280.png') });

  const svgFile = await downloadFrom(page, buttons.nth(1));
  assert.equal(svgFile.name, `positional-encoding-${rows}x${cols}.svg`);
  const svg = await readSvg(page, svgFile.bytes, ['rect[x]']);
  assertSvgDocument(svg, 'positional encoding');
  assert.equal(svg.counts['rect[x]'], rows * cols, 'one square per position and dimension');
  assert.deepEqual([svg.width, svg.height], [8 * cols, 8 * rows]);
  const pngFile = await downloadFrom(page, buttons.first());
  assert.equal(pngFile.name, `positional-encoding-${rows}x${cols}.png`);
  const png = await readPng(page, pngFile.bytes, 8);
  assert.deepEqual([png.width, png.height], [8 * cols, 8 * rows]);
  // Every square of the SVG, and the middle of every square of the PNG, has the colour of its
  // pixel in the canvas on screen.
  const screen = await page.evaluate(() => {
    const canvas = document.querySelector('attnlab-transformer').shadowRoot?.querySelector('canvas.pe');
    return {
      width: canvas.width,
      data: [...canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data],
    };
  });
  const differs = (rgb, r, c) =>
    rgb.some((v, k) => Math.abs(v - screen.data[4 * (r * screen.width + c) + k]) > 2);
  const mismatches = { svg: 0, png: 0 };
  for (const [, x, y, fill] of svgFile.bytes
    .toString('utf8')
    .matchAll(/<rect x="(\d+)" y="(\d+)"[^>]*fill="([^"]+)"/g))
    if (differs(fill.match(/\d+/g).map(Number), Number(y) / 8, Number(x) / 8)) mismatches.svg++;
  png.cells.forEach((row, r) => row.forEach((rgb, c) => differs(rgb, r, c) && mismatches.png++));
  assert.equal(
    [...svgFile.bytes.toString('utf8').matchAll(/<rect x="\d+" y="\d+"[^>]*fill=/g)].length,
    rows * cols,
    'every square read',
  );
  assert.deepEqual(mismatches, { svg: 0, png: 0 }, 'colours as on screen');
  await page.close();
});

originTest();
