// End-to-end test of the built page (build/web) in Debian's Chromium, driven by playwright-core:
// the app page and its playground (random weights, "before training"). It serves the build itself
// on 127.0.0.1, then does what a person does: read, type, paste, hover, switch head and language,
// and narrow the window. Lesson 1 is tests/e2e/seq2seq.mjs. Screenshots go to tests/e2e/artifacts/.
//
//   npm run build && npm run test:e2e
//   ATTNLAB_WEB_DIR=/some/other/build node tests/e2e/run.mjs   (serve another build)

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, openSession, withoutIsolates } from './browser.mjs';

const artifacts = ARTIFACTS;

const DEFAULT_SENTENCE = 'the cat sat on the mat because it was tired';
const LIMIT = 2000;
const MAX_SVG_TOKENS = 200; // larger maps are painted into a canvas (attention-map.ts)

let session;
let origin;
let dialogs;
let consoleErrors;
let foreignRequests;
let failedRequests;
let requestedPaths;

before(async () => {
  session = await openSession('page');
  ({ origin, dialogs, consoleErrors, foreignRequests, failedRequests, requestedPaths } = session);
});

after(() => session?.close());

/** Opens the page at a viewport and waits until the first map is drawn. */
async function openPage({ width = 1280, height = 900, query = '' } = {}) {
  const page = await session.newPage({ width, height });
  await page.goto(`${origin}/index.html${query}`);
  await page
    .locator('attnlab-playground attnlab-attention-map rect[data-weight]')
    .first()
    .waitFor({ timeout: 30_000 });
  return page;
}

const cells = (page) => page.locator('attnlab-playground attnlab-attention-map rect[data-weight]');
const textbox = (page) => page.locator('attnlab-playground textarea');
const errorMessages = (page) =>
  page.locator('attnlab-playground .message[data-kind="error"], attnlab-playground .placeholder.failed');

/** Token count the page shows (the number in "11 tokens"). */
async function shownTokens(page) {
  return Number(await page.locator('attnlab-playground .count').getAttribute('data-tokens'));
}

/**
 * Waits until the latest text is computed and drawn, and returns the token count n the page
 * shows: n x n rects up to MAX_SVG_TOKENS, beyond that an n x n canvas and no rects.
 */
async function settledTokenCount(page, expected) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const busy = await page.locator('attnlab-playground .map-area').getAttribute('aria-busy');
    const n = await shownTokens(page);
    const count = await cells(page).count();
    const drawn =
      n <= MAX_SVG_TOKENS ? count === n * n : count === 0 && (await canvasSize(page)) === `${n}x${n}`;
    if (busy === 'false' && (expected === undefined || n === expected) && n > 0 && drawn) return n;
    if (Date.now() > deadline) {
      throw new Error(
        `the map never settled: ${n} tokens shown, ${count} cells, expected ${expected ?? 'n'} x n`,
      );
    }
    await page.waitForTimeout(50);
  }
}

async function canvasSize(page) {
  const canvas = page.locator('attnlab-playground attnlab-attention-map canvas.cells-canvas');
  if (!(await canvas.isVisible())) return 'hidden';
  return canvas.evaluate((c) => `${c.width}x${c.height}`);
}

/** data-weight of every cell, as rows. */
async function readWeights(page) {
  return page.evaluate(() => {
    const host = document
      .querySelector('attnlab-playground')
      ?.shadowRoot?.querySelector('attnlab-attention-map');
    const rects = [...(host?.shadowRoot?.querySelectorAll('rect[data-weight]') ?? [])];
    const rows = [];
    for (const r of rects) {
      const i = Number(r.getAttribute('data-row'));
      const j = Number(r.getAttribute('data-col'));
      (rows[i] ??= [])[j] = Number(r.getAttribute('data-weight'));
    }
    return rows;
  });
}

async function shot(page, name, fullPage = true) {
  await page.screenshot({ path: path.join(artifacts, name), fullPage });
}

test('page loads with the default sentence and an n x n map whose rows sum to 1', async () => {
  const page = await openPage();
  assert.equal(await textbox(page).inputValue(), DEFAULT_SENTENCE);
  const n = await settledTokenCount(page);
  assert.equal(await page.locator('attnlab-playground .tokens li').count(), n, 'token chips = token count');
  assert.ok(n >= DEFAULT_SENTENCE.split(' ').length - 1, `expected about one token per word, got ${n}`);
  const weights = await readWeights(page);
  assert.equal(weights.length, n);
  for (const row of weights) {
    assert.equal(row.length, n);
    const sum = row.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 1e-4, `row sums to ${sum}`);
  }
  assert.equal(await errorMessages(page).count(), 0, 'no error message');
  // Screen readers get the same numbers as a table (the SVG itself is hidden from them).
  const tableCells = page.locator('attnlab-playground attnlab-attention-map .sr-only table tbody td');
  assert.equal(await tableCells.count(), n * n);
  assert.equal(await tableCells.first().innerText(), weights[0][0].toFixed(3));
  assert.equal(
    await page.locator('attnlab-playground attnlab-attention-map svg.heat').getAttribute('aria-hidden'),
    'true',
  );
  // The formula is typeset by KaTeX from the page's own CSS and fonts.
  await page.locator('#formula .katex').waitFor({ timeout: 30_000 }); // KaTeX is a chunk of its own
  assert.ok(await page.locator('#formula .katex').isVisible(), 'KaTeX formula rendered');
  await shot(page, 'default-1280.png');
  await page.close();
});

test('the playground is labelled "before training": its weights are random', async () => {
  const page = await openPage();
  const notice = page.locator('attnlab-playground .notice');
  await notice.waitFor({ timeout: 30_000 });
  assert.ok(await notice.isVisible());
  assert.match(await notice.innerText(), /before training/i);
  assert.match(await notice.innerText(), /random/i);
  assert.doesNotMatch(await notice.innerText(), /means nothing/i);
  await page.close();
});

test('typing a new sentence redraws the map for its tokens', async () => {
  const page = await openPage();
  const before = await settledTokenCount(page);
  await textbox(page).fill('attention is all you need');
  const n = await settledTokenCount(page, 5);
  assert.notEqual(n, before);
  // Key by key, faster than the engine answers: the latest text wins.
  await textbox(page).fill('');
  await textbox(page).pressSequentially('one two three four five six seven', { delay: 0 });
  await settledTokenCount(page, 7);
  assert.equal(await errorMessages(page).count(), 0, 'the worker answered every keystroke without error');
  await shot(page, 'typed-1280.png');
  await page.close();
});

test('each keystroke redraws the map for the new text (timing: scripts/bench-page.mjs)', async () => {
  const page = await openPage();
  await settledTokenCount(page);
  const frames = [];
  for (const text of ['the cat sat', 'the cat sat on', 'the cat sat on the', 'the cat sat on the mat']) {
    frames.push(
      await page.evaluate(async (value) => {
        const playground = document.querySelector('attnlab-playground');
        const map = () => playground.shadowRoot?.querySelector('attnlab-attention-map');
        const count = () => map()?.shadowRoot?.querySelectorAll('rect[data-weight]').length ?? 0;
        const before = count();
        const area = playground.shadowRoot?.querySelector('textarea');
        area.value = value;
        const start = performance.now();
        area.dispatchEvent(new Event('input', { bubbles: true }));
        let n = 0;
        while (count() === before && performance.now() - start < 60_000) {
          await new Promise((r) => requestAnimationFrame(r));
          n++;
        }
        return { frames: n, ms: performance.now() - start, cells: count() };
      }, text),
    );
  }
  console.log(
    `# redraw after a keystroke: ${frames.map((f) => `${f.frames} frame(s) ${f.ms.toFixed(1)} ms`).join(', ')}`,
  );
  // One more word each time: an n x n map for n = 3, 4, 5, 6 (the time is for the benchmark to judge).
  assert.deepEqual(
    frames.map((f) => f.cells),
    [9, 16, 25, 36],
  );
  await page.close();
});

test('hovering a cell shows the exact weight; the head selector switches heads', async () => {
  const page = await openPage();
  const n = await settledTokenCount(page);
  const cell = page.locator(
    `attnlab-playground attnlab-attention-map rect[data-row="1"][data-col="${Math.min(2, n - 1)}"]`,
  );
  const weight = Number(await cell.getAttribute('data-weight'));
  await cell.hover();
  const tip = page.locator('attnlab-playground attnlab-attention-map .tooltip');
  await tip.waitFor({ state: 'visible' });
  const text = await tip.innerText();
  assert.ok(text.includes('→'), text);
  assert.ok(text.includes(weight.toFixed(3)), `tooltip "${text}" shows ${weight.toFixed(3)}`);
  await shot(page, 'hover-1280.png', false);

  const heads = page.locator('attnlab-playground .heads [role="radio"]');
  assert.ok((await heads.count()) >= 2, 'one button per head');
  const first = await readWeights(page);
  await heads.nth(1).click();
  assert.equal(await heads.nth(1).getAttribute('aria-checked'), 'true');
  await page
    .waitForFunction(
      (w) => {
        const host = document
          .querySelector('attnlab-playground')
          .shadowRoot?.querySelector('attnlab-attention-map');
        const r = host.shadowRoot?.querySelector('rect[data-row="0"][data-col="0"]');
        return r && Number(r.getAttribute('data-weight')) !== w;
      },
      first[0][0],
      { timeout: 30_000 },
    )
    .catch(() => {});
  const second = await readWeights(page);
  assert.equal(second.length, n);
  assert.notDeepEqual(second, first, 'head 2 draws other weights than head 1');
  await page.close();
});

test('hostile inputs leave the page working with a clear message and run no script', async () => {
  const page = await openPage();
  await settledTokenCount(page);

  // Empty: a friendly hint, never a blank box.
  await textbox(page).fill('');
  const hint = page.locator('attnlab-playground attnlab-attention-map .empty');
  await hint.waitFor({ state: 'visible' });
  assert.match(await hint.innerText(), /type a sentence/i);
  assert.equal(await cells(page).count(), 0);
  await shot(page, 'empty-1280.png');

  // Whitespace only counts as empty too.
  await textbox(page).fill('   \n\t ');
  await hint.waitFor({ state: 'visible' });

  // Markup is text: shown literally, never parsed.
  const xss = '<img src=x onerror=alert(1)>';
  await textbox(page).fill(xss);
  const n = await settledTokenCount(page);
  assert.ok(n >= 1);
  assert.equal(await page.locator('img').count(), 0, 'no <img> element was created anywhere');
  const chips = (await page.locator('attnlab-playground .tokens ol').innerText())
    .toLowerCase()
    .replace(/\s+/g, '');
  assert.ok(chips.includes('<img'), `tokens show the markup as text: ${chips}`);
  await cells(page).first().hover();
  assert.ok(
    (await page.locator('attnlab-playground attnlab-attention-map .tooltip').innerText()).includes('<'),
    'tooltip shows markup as text',
  );
  await shot(page, 'xss-1280.png');

  // Pasting more than the limit: cut with a message, still drawn.
  const long = 'lorem ipsum dolor sit amet '.repeat(100); // 2,700 characters, 500 words
  const started = Date.now();
  await textbox(page).fill(long);
  const warning = page.locator('attnlab-playground .message[data-kind="warning"]', { hasText: /characters/ });
  await warning.waitFor({ state: 'visible' });
  assert.match(await warning.innerText(), /2,700/);
  assert.match(await warning.innerText(), /2,000/);
  const nLong = await settledTokenCount(page);
  console.log(`# ${long.length} characters pasted: ${nLong} tokens drawn in ${Date.now() - started} ms`);
  // The demo model reads at most 256 tokens: the page runs the longest beginning that fits.
  const tokenWarning = page.locator('attnlab-playground .message[data-kind="warning"]', {
    hasText: /tokens/,
  });
  await tokenWarning.waitFor({ state: 'visible' });
  assert.match(await tokenWarning.innerText(), /at most 256 tokens/);
  assert.equal(nLong, 256);
  assert.ok(nLong > MAX_SVG_TOKENS, 'this many tokens are painted into a canvas');
  await page
    .locator('attnlab-playground attnlab-attention-map canvas.cells-canvas')
    .hover({ position: { x: 5, y: 5 } });
  const tipLong = withoutIsolates(
    await page.locator('attnlab-playground attnlab-attention-map .tooltip').innerText(),
  );
  assert.match(tipLong, /→.*\d\.\d{3}/, `hovering the canvas reads a cell: ${tipLong}`);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(pageWidth <= 1280, `the page itself does not scroll sideways (${pageWidth}px)`);
  await shot(page, 'long-1280.png', false);

  // Emoji and CJK.
  await textbox(page).fill('猫 坐在 垫子上 🐱 because 😴 tired');
  const nCjk = await settledTokenCount(page);
  assert.ok(nCjk >= 1);
  const labels = await page.locator('attnlab-playground .tokens').innerText();
  assert.ok(labels.includes('🐱') && labels.includes('猫'), labels);
  await shot(page, 'cjk-emoji-1280.png');

  // One token: a 1 x 1 map whose only weight is 1.
  await textbox(page).fill('cat');
  assert.equal(await settledTokenCount(page, 1), 1);
  assert.equal(Number(await cells(page).first().getAttribute('data-weight')).toFixed(3), '1.000');

  // A long word: cut on the axis, whole in the label's <title>.
  const longWord = 'pneumonoultramicroscopicsilicovolcanoconiosis';
  await textbox(page).fill(`a ${longWord} b`);
  await settledTokenCount(page, 3);
  const label = page.locator('attnlab-playground attnlab-attention-map g.row-labels g.label').nth(1);
  assert.match(await label.locator('text').textContent(), /…$/);
  assert.equal(await label.locator('title').textContent(), longWord);

  // And back to normal.
  await textbox(page).fill(DEFAULT_SENTENCE);
  await settledTokenCount(page);

  assert.equal(await errorMessages(page).count(), 0, 'no engine error shown');
  assert.deepEqual(dialogs, [], 'no dialog was opened');
  assert.equal(await page.evaluate(() => typeof window.__attnlabXss), 'undefined');
  await page.close();
});

test('200 tokens: the map scrolls inside its own box', async () => {
  const page = await openPage();
  const words = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
  const started = Date.now();
  await textbox(page).fill(words);
  const n = await settledTokenCount(page, 200);
  console.log(`# 200 tokens: ${n * n} cells drawn in ${Date.now() - started} ms`);
  const scroll = page.locator('attnlab-playground attnlab-attention-map .scroll');
  const box = await scroll.boundingBox();
  assert.ok(box && box.height <= 900, `the map box is at most the window height (${box?.height})`);
  const size = await scroll.evaluate((el) => ({
    sw: el.scrollWidth,
    cw: el.clientWidth,
    sh: el.scrollHeight,
    ch: el.clientHeight,
  }));
  assert.ok(
    size.sw > size.cw && size.sh > size.ch,
    `the map scrolls inside its box: ${JSON.stringify(size)}`,
  );
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(pageWidth <= 1280, `the page itself does not scroll sideways (${pageWidth}px)`);
  // A cell far down the map still answers a hover once scrolled into view.
  const far = page.locator('attnlab-playground attnlab-attention-map rect[data-row="150"][data-col="120"]');
  await far.scrollIntoViewIfNeeded();
  await far.hover();
  assert.ok(
    withoutIsolates(
      await page.locator('attnlab-playground attnlab-attention-map .tooltip').innerText(),
    ).startsWith('w150 → w120'),
  );
  await shot(page, 'tokens-200-1280.png', false);
  await page.close();
});

test('a long map scrolled inside its box keeps its column and row labels in view', async () => {
  const page = await openPage();
  const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
  await textbox(page).fill(words);
  await settledTokenCount(page, 80);
  const map = page.locator('attnlab-playground attnlab-attention-map');
  const scroll = map.locator('.scroll');
  await scroll.scrollIntoViewIfNeeded();
  await scroll.evaluate((el) => {
    el.scrollTop = 400;
    el.scrollLeft = 300;
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const seen = await map.evaluate((el) => {
    const root = el.shadowRoot;
    const box = root.querySelector('.scroll').getBoundingClientRect();
    const visible = (r) =>
      r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right;
    const cols = [...root.querySelectorAll('g.col-labels g.label text')].map((t) =>
      t.getBoundingClientRect(),
    );
    const rows = [...root.querySelectorAll('g.row-labels g.label text')].map((t) =>
      t.getBoundingClientRect(),
    );
    return {
      scrolled: root.querySelector('.scroll').scrollTop,
      colsInView: cols.filter(visible).length,
      colsTop: Math.min(...cols.filter(visible).map((r) => r.top)) - box.top,
      rowsInView: rows.filter(visible).length,
      rowsLeft: Math.min(...rows.filter(visible).map((r) => r.left)) - box.left,
    };
  });
  assert.ok(seen.scrolled > 0, 'the map scrolled');
  assert.ok(seen.colsInView > 5, `column labels stay in view: ${JSON.stringify(seen)}`);
  assert.ok(seen.colsTop >= -1, `... at the top of the box: ${JSON.stringify(seen)}`);
  assert.ok(seen.rowsInView > 5, `row labels stay in view: ${JSON.stringify(seen)}`);
  assert.ok(seen.rowsLeft >= -1, `... at the left of the box: ${JSON.stringify(seen)}`);
  await map.screenshot({ path: path.join(artifacts, 'map-sticky-labels-1280.png') });
  await page.close();
});

test('the language toggle switches every string to Chinese and back', async () => {
  const page = await openPage();
  await settledTokenCount(page);
  await page.locator('#language-toggle').click();
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.match(await page.locator('.brand').innerText(), /看见注意力/);
  assert.match(await page.locator('attnlab-playground .notice').innerText(), /随机/);
  assert.match(await page.locator('attnlab-playground .count').innerText(), /词元/);
  assert.match(await page.locator('attnlab-playground attnlab-attention-map .axes').innerText(), /查询/);
  await shot(page, 'zh-1280.png');
  // The choice is remembered.
  await page.reload();
  await page.locator('attnlab-playground attnlab-attention-map rect[data-weight]').first().waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  await page.locator('#language-toggle').click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.match(await page.locator('.brand').innerText(), /see attention work/);
  await page.close();
});

test('375 px wide: readable, no horizontal page scroll', async () => {
  const page = await openPage({ width: 375, height: 812 });
  const n = await settledTokenCount(page);
  const widths = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    inner: window.innerWidth,
  }));
  assert.ok(
    widths.doc <= widths.inner && widths.body <= widths.inner,
    `page is ${widths.doc}px wide in a ${widths.inner}px window`,
  );
  const svg = await page.locator('attnlab-playground attnlab-attention-map svg.heat').boundingBox();
  assert.ok(
    svg && svg.x >= 0 && svg.x + svg.width <= 375 + 0.5,
    `the ${n}-token map fits the width: ${JSON.stringify(svg)}`,
  );
  await shot(page, 'default-375.png');
  await textbox(page).fill('猫 坐在 垫子上 🐱 because 😴 tired and a very-long-token-that-goes-on-and-on');
  await settledTokenCount(page);
  const after = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(after <= 375, `page is ${after}px wide after a long token`);
  await shot(page, 'cjk-375.png');
  await page.close();
});

test('every request stayed on the page origin; no dialog, console error or failed request', () => {
  // The worker's own requests are seen too: its script and the engine's .wasm.
  const paths = [...requestedPaths];
  assert.ok(
    paths.some((p) => /\/assets\/worker-[^/]*\.js$/.test(p)),
    `worker script requested: ${paths.join(' ')}`,
  );
  assert.ok(
    paths.some((p) => p.endsWith('.wasm')),
    `engine .wasm requested: ${paths.join(' ')}`,
  );
  assert.deepEqual(foreignRequests, [], 'requests to other origins');
  assert.deepEqual(dialogs, [], 'dialogs');
  assert.deepEqual(consoleErrors, [], 'console errors');
  assert.deepEqual(failedRequests, [], 'failed requests');
});
