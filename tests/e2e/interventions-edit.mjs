// End-to-end test of the rest of issue 15's interventions in the built page (build/web) in
// Debian's Chromium: a drag on a cell sets its weight (and Shift+arrow does by keyboard), the rest
// of the row renormalized by the engine; pins and changed rows drawn on a canvas map (over 200
// words, lesson 2); lesson 1 side by side with the bar (the change applies to the lesson's own model);
// lesson 1 with a model opened from files says "output", not "French" (en, zh-CN); lesson 3's small
// maps outline the pins and say where pins are made; 375 px screenshots of every lesson with a
// change (en, zh-CN), checked for anything cut off. Screenshots: tests/e2e/artifacts/iv-*.png.
//
//   npm run build && node tests/e2e/interventions-edit.mjs      (npm run test:e2e runs it too)

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import {
  ARTIFACTS,
  assertNothingWentWrong,
  expectCount,
  lessonUrl,
  mapDrawn,
  openSession,
  scrollIntoRenderedView,
  shownText,
} from './browser.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let session;
let origin;

before(async () => {
  session = await openSession('interventions-edit');
  ({ origin } = session);
});

after(() => session?.close());

const TAGS = { seq2seq: 'attnlab-seq2seq', lstmn: 'attnlab-lstmn', transformer: 'attnlab-transformer' };
const at = (page, lesson, selector) => page.locator(`${TAGS[lesson]} ${selector}`);
const bar = (page, lesson) => at(page, lesson, '.intervene');
const edits = (page, lesson) => bar(page, lesson).getAttribute('data-edits');
/** Bidi isolates (U+2066..2069) around quoted words. */
const plain = (text) => text.replace(/[\u2066-\u2069]/g, '');

async function settled(page, lesson) {
  await page.waitForFunction(
    (tag) => {
      const root = document.querySelector(tag)?.shadowRoot;
      const bar = root?.querySelector('.intervene');
      return (
        (root?.host?.answered === false
          ? 'true'
          : root?.querySelector('.figure')?.getAttribute('aria-busy')) === 'false' &&
        bar &&
        bar.getAttribute('data-busy') === 'false'
      );
    },
    TAGS[lesson],
    { timeout: 30_000 },
  );
}

async function open(lesson, { query = '', width = 1280, height = 900 } = {}) {
  const page = await session.newPage({ width, height });
  await page.goto(lessonUrl(origin, lesson, query));
  await scrollIntoRenderedView(page, page.locator(TAGS[lesson]));
  await settled(page, lesson);
  return page;
}

/** The weights of one row of a map element, as drawn (SVG maps). */
const rowOf = (mapLocator, row) =>
  mapLocator
    .locator(`rect[data-weight][data-row="${row}"]`)
    .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('data-weight'))));
const seqMap = (page) => at(page, 'seq2seq', '.figure attnlab-attention-map').first();
const weightIn = (text) => Number(/_([0-9.]+)$/.exec(text ?? '')?.[1] ?? NaN);

test('lesson 1: a drag up on a cell sets its weight, the rest of the row shares what is left; Shift+↑/↓ by keyboard', async () => {
  const page = await open('seq2seq');
  const map = seqMap(page);
  const original = await rowOf(map, 3);
  const target = map.locator('rect[data-row="3"][data-col="1"]');
  await scrollIntoRenderedView(page, target);
  const box = await target.boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let dy = 10; dy <= 60; dy += 10) await page.mouse.move(x, y - dy);
  await page.mouse.up();
  await settled(page, 'seq2seq');
  const text = await edits(page, 'seq2seq');
  assert.match(text, /^pin_R3K2_0\.\d+$/, `a set weight, not a click's pin: ${text}`);
  const set = weightIn(text);
  // 60 px up from the cell's own weight (150 px for the whole range): about 0.4 more.
  assert.ok(Math.abs(set - Math.min(1, original[1] + 0.4)) < 0.02, `set ${set} from ${original[1]}`);
  const row = await rowOf(map, 3);
  assert.ok(Math.abs(row[1] - set) < 1e-5, `the cell reads ${row[1]}`);
  assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-4, 'the row still adds up to 1');
  const rest = original.reduce((s, w, k) => (k === 1 ? s : s + w), 0);
  for (const k of [0, 2, 3])
    assert.ok(Math.abs(row[k] - (original[k] / rest) * (1 - set)) < 1e-4, `column ${k} renormalized`);
  assert.equal(await at(page, 'seq2seq', 'rect.pin[data-row="3"][data-col="1"]').count(), 1);
  assert.equal(await at(page, 'seq2seq', '.seq-consequence').count(), 1);

  // The keyboard: the cursor on the same cell, Shift+↑ twice and − once: +0.05.
  const scroll = map.locator('.scroll');
  await scroll.focus();
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight']) await page.keyboard.press(key);
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('-');
  await settled(page, 'seq2seq');
  const keyed = weightIn(await edits(page, 'seq2seq'));
  assert.ok(Math.abs(keyed - Math.min(1, set + 0.05)) < 1e-9, `keys set ${keyed} from ${set}`);
  assert.match(plain(await at(page, 'seq2seq', '#cursor-readout').textContent()), /pinned/);
  // Shift+↓ all the way: the cell reads nothing, the rest of the row all of it.
  for (let i = 0; i < 25; i++) await page.keyboard.press('Shift+ArrowDown');
  await settled(page, 'seq2seq');
  assert.equal(await edits(page, 'seq2seq'), 'pin_R3K2_0');
  assert.ok((await rowOf(map, 3))[1] < 1e-6);
  assert.match(plain(await shownText(at(page, 'seq2seq', '.drag-hint'))), /drag up/);

  await at(page, 'seq2seq', '.intervene-reset').click();
  await settled(page, 'seq2seq');
  assert.deepEqual(await rowOf(map, 3), original);
  await page.close();
});

test('a canvas map (over 200 words) draws pins, changed rows and the cursor; a click on it pins', async () => {
  // Lesson 2 reads up to 2,000 characters (the Transformers stop at 128 tokens, lesson 1 at 50).
  const words = 'the cat sat on the mat and looked at the dog '.repeat(25).trim();
  const query = new URLSearchParams({ 'lstmn.sentence': words, 'lstmn.intervene': 'pin_R5K2' });
  const page = await open('lstmn', { query: `?${query}` });
  const map = at(page, 'lstmn', '.figure attnlab-attention-map').first();
  await scrollIntoRenderedView(page, map);
  await page.waitForFunction(
    () =>
      document
        .querySelector('attnlab-lstmn')
        .shadowRoot?.querySelector('.figure attnlab-attention-map')
        ?.shadowRoot?.querySelector('canvas.cells-canvas:not([hidden])'),
    null,
    { timeout: 30_000 },
  );
  const n = await map.evaluate((m) => m.map.rows);
  assert.ok(n > 200, `${n} rows`);
  await mapDrawn(map);
  assert.equal(await map.locator('rect[data-weight]').count(), 0, 'cells are painted, not SVG rects');
  // Rows are words, pins name pieces: the map's own pins say which cell.
  const [[row, col]] = await map.evaluate((m) => m.pins);
  await expectCount(map.locator(`rect.pin[data-row="${row}"][data-col="${col}"]`), 1);
  assert.ok((await map.locator('rect.edited-row').count()) >= 1);
  await expectCount(map.locator(`path.edited-mark[data-row="${row}"]`), 1);
  const pinBox = await map.locator('rect.pin').boundingBox();
  assert.ok(pinBox.width >= 8 && pinBox.height >= 8, `the pin is visible: ${pinBox.width} px`);
  await map.screenshot({ path: path.join(ARTIFACTS, 'iv-canvas-pin.png') });
  // A click on the canvas pins the cell under it (word 10 reads word 3).
  const cell = await map.evaluate((m) => m.layout.cell);
  await map
    .locator('canvas.cells-canvas')
    .click({ position: { x: 2 * cell + cell / 2, y: 9 * cell + cell / 2 } });
  await settled(page, 'lstmn');
  await mapDrawn(map);
  assert.match(await edits(page, 'lstmn'), /^pin_R5K2 pin_R\d+K\d+$/);
  // The map draws its pins once the engine's answer is in and the map's timer has run (a large
  // map redraws once typing pauses): wait for what is drawn, not for a moment.
  await expectCount(map.locator('rect.pin'), 2, 'pins after the click');
  await expectCount(map.locator('rect.pin[data-row="9"][data-col="2"]'), 1, 'the clicked pin');
  // A drag on the canvas sets a weight (and its click, at the end of the drag, pins nothing more).
  const canvas = await map.locator('canvas.cells-canvas').boundingBox();
  const [x, y] = [canvas.x + 1 * cell + cell / 2, canvas.y + 14 * cell + cell / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let dy = 10; dy <= 50; dy += 10) await page.mouse.move(x, y - dy);
  await page.mouse.up();
  await settled(page, 'lstmn');
  await mapDrawn(map);
  const dragged = (await edits(page, 'lstmn')).split(' ');
  assert.equal(dragged.length, 3, dragged.join(' '));
  assert.match(dragged[2], /^pin_R\d+K\d+_0\.\d+$/, 'a set weight, not a click');
  await expectCount(map.locator('rect.pin[data-row="14"][data-col="1"]'), 1, 'the dragged pin');
  // The keyboard cursor shows on the canvas too.
  await map.locator('.scroll').focus();
  await page.keyboard.press('ArrowDown');
  await expectCount(map.locator('rect.cursor'), 1, 'the cursor');
  await page.close();
});

test('lesson 1 side by side: the bar says which model the change applies to; that map takes pins', async () => {
  const page = await open('seq2seq');
  await at(page, 'seq2seq', 'button.compare-toggle:not(.close-local)').click();
  const own = at(page, 'seq2seq', '.compare-panel[data-variant="additive"] attnlab-attention-map');
  const other = at(page, 'seq2seq', '.compare-panel[data-variant="dot"] attnlab-attention-map');
  await other.locator('rect[data-weight]').first().waitFor({ timeout: 30_000 });
  assert.equal(await bar(page, 'seq2seq').count(), 1, 'the bar is there side by side');
  assert.match(await shownText(at(page, 'seq2seq', '.intervene-note')), /Additive attention model only/);
  assert.equal(await other.locator('.scroll[tabindex]').count(), 0, 'the other model takes no pins');
  const otherRow = await rowOf(other, 3);
  await own.locator('rect[data-row="3"][data-col="0"]').click();
  await settled(page, 'seq2seq');
  assert.equal(await edits(page, 'seq2seq'), 'pin_R3K1');
  assert.ok(Math.abs((await rowOf(own, 3))[0] - 1) < 1e-6, 'the own map shows the change');
  assert.equal(await own.locator('rect.pin').count(), 1);
  assert.deepEqual(await rowOf(other, 3), otherRow, 'the other model is as trained');
  assert.equal(await other.locator('rect.pin, rect.edited-row').count(), 0);
  assert.match(await shownText(at(page, 'seq2seq', '.compare-panel[data-changed="true"] h4')), /changed/);
  assert.match(await shownText(at(page, 'seq2seq', '.compare-panel.difference')), /with your change/);
  await at(page, 'seq2seq', '.intervene-reset').click();
  await settled(page, 'seq2seq');
  assert.equal(await at(page, 'seq2seq', '.compare-panel[data-changed="true"]').count(), 0);
  await page.close();
});

/** Opens the shipped additive model's three files as "your model" in lesson 1. */
async function openLocal(page) {
  const dir = path.join(repoRoot, 'models/seq2seq-additive');
  await at(page, 'seq2seq', 'input.open-input').setInputFiles(
    ['config.json', 'model.safetensors', 'card.json'].map((f) => path.join(dir, f)),
  );
  await page.waitForFunction(() =>
    document.querySelector('attnlab-seq2seq').shadowRoot?.querySelector('.card[data-local="true"]'),
  );
  await settled(page, 'seq2seq');
  await seqMap(page).locator('rect[data-weight]').first().waitFor();
}

test('lesson 1 with a model opened from files: the before/after says “output”, not “French” (en, zh-CN)', async () => {
  for (const [lang, french, output] of [
    ['en', /French/, /output/],
    ['zh-CN', /法语/, /输出/],
  ]) {
    const page = await open('seq2seq', { query: `?lang=${lang}` });
    await openLocal(page);
    await seqMap(page).locator('rect[data-row="3"][data-col="0"]').click();
    await settled(page, 'seq2seq');
    const consequence = at(page, 'seq2seq', '.seq-consequence');
    await consequence.locator('.translation-after[data-translation]').waitFor();
    const text = plain(await shownText(consequence));
    assert.doesNotMatch(text, french, `${lang}: ${text}`);
    assert.match(text, output);
    assert.doesNotMatch(plain(await shownText(bar(page, 'seq2seq'))), french);
    assert.equal(await consequence.locator('[lang="fr"]').count(), 0);
    await page.close();
  }
});

test('lesson 3: the small maps outline the pins and say where pins are made', async () => {
  const page = await open('transformer', {
    query: '?transformer.intervene=pin_L2H1R3K1&transformer.view=all+pieces',
  });
  await at(page, 'transformer', '.views [data-value="model"]').click();
  await settled(page, 'transformer');
  const thumb = at(page, 'transformer', '.thumb[data-layer="1"][data-head="0"]');
  assert.equal(await thumb.locator('rect.thumb-pin[data-row="2"][data-col="0"]').count(), 1);
  assert.equal(await at(page, 'transformer', '.thumb rect.thumb-pin').count(), 1, 'only in its head');
  assert.match(await shownText(at(page, 'transformer', '[data-key="thumb-pins"]')), /large map below/);
  // In whole words the pin shows in the words that hold its pieces (piece 3, "B", is in "FBI"),
  // and the large map takes no pin: the page says where pins are made.
  await at(page, 'transformer', '.units [data-view="words"]').click();
  await thumb.locator('rect.thumb-pin[data-row="1"][data-col="0"]').waitFor();
  assert.match(await shownText(at(page, 'transformer', '[data-key="thumb-pins"]')), /choose “Pieces”/);
  assert.equal(await at(page, 'transformer', '.view attnlab-attention-map .scroll.pinnable').count(), 0);
  await page.close();
});

/** Elements of a lesson (through its shadow roots) whose right edge passes the window's, not in a box that scrolls. */
function pastTheEdge(page, lesson) {
  return page.evaluate((tag) => {
    const found = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (el.closest('.sr-only, .katex-mathml') || getComputedStyle(el).visibility === 'hidden') continue;
        // Inside a box that scrolls or clips (and is itself on screen), it is not cut off.
        let clipped = false;
        for (let a = el.parentElement; a && !clipped; a = a.parentElement)
          clipped =
            getComputedStyle(a).overflowX !== 'visible' &&
            a.getBoundingClientRect().right <= innerWidth + 0.5;
        if (clipped) continue;
        if (r.width > 0 && r.right > innerWidth + 0.5)
          found.push(
            `${el.tagName.toLowerCase()}.${el.className?.baseVal ?? el.className} ${r.right.toFixed(0)}`,
          );
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document.querySelector(tag).shadowRoot);
    return found.slice(0, 8);
  }, TAGS[lesson]);
}

test('375 px with a change: nothing sticks out of lessons 1, 2 and 3 (en, zh-CN); screenshots', async () => {
  const changes = { seq2seq: 'pin_R3K1', lstmn: 'pin_R5K2+mask_K3', transformer: 'off_L1H1+pin_L1H1R3K1' };
  // A second state of the lesson: lesson 1 side by side, lesson 3's model view.
  const second = {
    seq2seq: [
      'compare',
      'button.compare-toggle:not(.close-local)',
      '.compare-panel attnlab-attention-map rect[data-weight]',
    ],
    transformer: ['model', '.views [data-value="model"]', '.thumb .thumb-map'],
  };
  for (const lang of ['en', 'zh-CN']) {
    for (const lesson of ['seq2seq', 'lstmn', 'transformer']) {
      const page = await open(lesson, {
        query: `?lang=${lang}&${lesson}.intervene=${changes[lesson]}`,
        width: 375,
        height: 800,
      });
      const section = page.locator(`section.lesson:has(${TAGS[lesson]})`);
      await scrollIntoRenderedView(page, section);
      await settled(page, lesson);
      assert.deepEqual(await pastTheEdge(page, lesson), [], `${lesson} ${lang}: past the right edge`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(overflow <= 0, `${lesson} ${lang}: the page scrolls sideways by ${overflow} px`);
      await section.screenshot({ path: path.join(ARTIFACTS, `iv-${lesson}-375-${lang}.png`) });
      if (second[lesson]) {
        const [name, button] = second[lesson];
        await at(page, lesson, button).click();
        // The other model's map (side by side) or the small maps: drawn, every one of them.
        await at(page, lesson, second[lesson][2]).first().waitFor({ timeout: 30_000 });
        await settled(page, lesson);
        for (const map of await at(page, lesson, 'attnlab-attention-map').all()) await mapDrawn(map);
        assert.deepEqual(
          await pastTheEdge(page, lesson),
          [],
          `${lesson} ${name} ${lang}: past the right edge`,
        );
        await section.screenshot({ path: path.join(ARTIFACTS, `iv-${lesson}-${name}-375-${lang}.png`) });
      }
      await page.close();
    }
  }
});

test('no dialog, console error or failed request', () => {
  assertNothingWentWrong(session);
});
