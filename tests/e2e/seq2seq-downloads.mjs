// Lesson 1's downloads on the built page in Debian's Chromium: the map as PNG, SVG, CSV and JSON
// and the accuracy-against-length chart as SVG and PNG, each file read back and checked.
// Screenshots go to tests/e2e/artifacts/.
//
//   npm run build && node tests/e2e/seq2seq-downloads.mjs

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, assertNothingWentWrong, openSession } from './browser.mjs';
import { assertSvgDocument, downloadFrom, readPng, readSvg } from './downloads.mjs';
import { openSeqLesson, seq, seqSection, settledTranslation } from './seq2seq-page.mjs';

const artifacts = ARTIFACTS;

let session;
before(async () => {
  session = await openSession('seq2seq-downloads');
});
after(() => session?.close());

const openLesson = (options) => openSeqLesson(session, options);

test('Seq2Seq lesson: the map downloads as PNG, SVG, CSV and JSON, and each file is valid', async () => {
  const page = await openLesson();
  await seq(page, 'textarea').fill('the red car is fast .');
  const translation = await settledTranslation(page, 'la voiture rouge est rapide .');
  const m = 6;
  const t = translation.split(' ').length + 1;
  const mapEl = seq(page, 'attnlab-attention-map').first();
  const fetchDownload = async (format) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      mapEl.locator(`.export button[data-format="${format}"]`).click(),
    ]);
    const file = await download.path();
    return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
  };
  const csv = await fetchDownload('csv');
  assert.match(csv.name, /\.csv$/);
  const lines = csv.bytes.toString('utf8').trim().split(/\r\n/);
  assert.equal(lines.length, 1 + 1 + t, 'a header, the s_0 line and one line per decoder step');
  assert.deepEqual(lines[0].split(','), ['i (query) \\ j (key)', 'the', 'red', 'car', 'is', 'fast', '.']);
  const values = lines.slice(1).flatMap((line) => line.split(',').slice(1).map(Number));
  assert.equal(values.length, m * (t + 1));
  assert.ok(values.every((v) => Number.isFinite(v) && v >= 0 && v <= 1));
  const json = JSON.parse((await fetchDownload('json')).bytes.toString('utf8'));
  assert.deepEqual(json.cols, ['the', 'red', 'car', 'is', 'fast', '.']);
  assert.equal(json.weights.length, t + 1);
  for (const row of json.weights) assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-4);
  const svg = (await fetchDownload('svg')).bytes.toString('utf8');
  const svgCheck = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.nodeName,
      rects: doc.querySelectorAll('rect[data-weight]').length,
    };
  }, svg);
  assert.equal(svgCheck.error, null);
  assert.equal(svgCheck.root, 'svg');
  assert.equal(svgCheck.rects, m * (t + 1));
  // The figure says what it is (title: lesson and model, then the sentence) and carries its colour
  // scale with the range; drawn on its own, no column label sticks out of it.
  const drawn = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const svg = document.importNode(doc.documentElement, true);
    document.body.append(svg);
    try {
      const box = svg.getBoundingClientRect();
      const labels = [...svg.querySelectorAll('g.col-labels g.label text')].map((l) =>
        l.getBoundingClientRect(),
      );
      return {
        title: svg.querySelector('title')?.textContent ?? '',
        heading: [...svg.querySelectorAll('text.figure-title')].map((l) => l.textContent).join(' '),
        sentence: [...svg.querySelectorAll('text.figure-text')].map((l) => l.textContent).join(' '),
        caption: svg.querySelector('text.scale-caption')?.textContent ?? '',
        gradient: svg.querySelectorAll('svg linearGradient stop').length,
        ticks: [...svg.querySelectorAll('svg g.axis text')].map((l) => l.textContent),
        outside: labels.filter((l) => l.right > box.right + 0.5 || l.top < box.top - 0.5).length,
        labels: labels.length,
      };
    } finally {
      svg.remove();
    }
  }, svg);
  assert.match(drawn.heading, /^1\. Seq2Seq with attention · \S/, JSON.stringify(drawn));
  assert.equal(drawn.sentence, '“the red car is fast .”');
  assert.match(drawn.title, /Seq2Seq.*the red car is fast/);
  assert.match(drawn.caption, /attention weight/i);
  assert.ok(drawn.gradient >= 2, 'the colour scale is in the file');
  assert.equal(drawn.ticks.length, 3, `the range is labelled: ${drawn.ticks}`);
  assert.equal(Number(drawn.ticks[0]), 0);
  // The file's scale is the screen's (issue 52 A1): weights 0 to 1, as the legend on the page.
  const screenTicks = await mapEl.locator('svg.legend-bar g.axis text').allTextContents();
  assert.deepEqual(drawn.ticks, screenTicks);
  assert.deepEqual(drawn.ticks, ['0.00', '0.50', '1.00']);
  assert.equal(drawn.labels, m);
  assert.equal(drawn.outside, 0, 'no column label is cut off');
  const png = (await fetchDownload('png')).bytes;
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'PNG signature');
  const size = await page.evaluate(async (b64) => {
    const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
    const bitmap = await createImageBitmap(blob);
    return [bitmap.width, bitmap.height];
  }, png.toString('base64'));
  assert.ok(size[0] > 100 && size[1] > 100, `PNG decodes to ${size}`);
  await page.close();
});

test('Seq2Seq lesson: the accuracy-against-length chart downloads as SVG and PNG, from the keyboard too', async () => {
  const page = await openLesson();
  const chart = seq(page, 'attnlab-line-chart');
  await chart.locator('path[data-series]').first().waitFor();
  const shown = await chart.evaluate((el) => {
    const root = el.shadowRoot;
    return {
      series: [...root.querySelectorAll('svg.chart path[data-series]')].map((p) => p.dataset.series),
      circles: root.querySelectorAll('svg.chart circle').length,
      ticks: [...root.querySelectorAll('svg.chart .x-axis .tick text')].map((t) => t.textContent),
      legend: [...root.querySelectorAll('.legend li')].map((li) => li.textContent.trim()),
    };
  });
  assert.ok(shown.series.length >= 1 && shown.circles >= 5, `a drawn chart: ${JSON.stringify(shown)}`);
  const buttons = chart.locator('attnlab-export-buttons button');
  const labels = await buttons.evaluateAll((bs) =>
    bs.map((b) => [b.dataset.format, b.getAttribute('aria-label')]),
  );
  assert.deepEqual(
    labels.map(([format]) => format),
    ['png', 'svg'],
  );
  for (const [format, label] of labels)
    assert.equal(
      label,
      `Download the chart of Exact match against English sentence length (words) as ${format.toUpperCase()}`,
    );
  await chart.locator('attnlab-export-buttons').scrollIntoViewIfNeeded();
  await chart.screenshot({ path: path.join(artifacts, 'seq2seq-length-export-1280.png') });

  // Keyboard: focus PNG, Tab to SVG, Enter downloads it.
  await buttons.first().focus();
  await page.keyboard.press('Tab');
  assert.equal(await buttons.nth(1).evaluate((b) => b.matches(':focus')), true, 'Tab reaches the SVG button');
  const svgFile = await downloadFrom(page, () => page.keyboard.press('Enter'));
  assert.equal(svgFile.name, 'exact-match-english-sentence-length-words.svg');
  const svg = await readSvg(page, svgFile.bytes, ['path[data-series]', 'circle', 'g.legend line']);
  assertSvgDocument(svg, 'length chart');
  assert.equal(svg.width, 440, 'the viewBox width, whatever the window');
  assert.equal(svg.counts['path[data-series]'], shown.series.length, 'one line per series');
  assert.equal(svg.counts.circle, shown.circles, 'every point');
  assert.equal(svg.counts['g.legend line'], shown.series.length, 'a key entry per series');
  for (const text of [...shown.legend, ...shown.ticks, 'English sentence length (words)', 'Exact match'])
    assert.ok(svg.texts.includes(text), `the SVG shows "${text}"`);

  const pngFile = await downloadFrom(page, buttons.first());
  assert.equal(pngFile.name, 'exact-match-english-sentence-length-words.png');
  const png = await readPng(page, pngFile.bytes);
  assert.deepEqual([png.width, png.height], [2 * svg.width, 2 * svg.height], 'twice the SVG size');
  assert.ok(png.inked > 0.02 && png.inked < 0.5, `lines and text drawn on white: ${png.inked}`);
  await page.close();
});

test('every request stayed on the page origin; no dialog, console error or failed request', () => {
  assertNothingWentWrong(session);
});
