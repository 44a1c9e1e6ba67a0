// The page's first view (issue 12 §5): the first thing a visitor sees is trained attention. One
// sentence read by the three lessons' trained models, one small map each, each card linking to its
// lesson; the random-weight playground is further down, labelled "before training".
//
//   npm run build && node tests/e2e/first-view.mjs

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import {
  ARTIFACTS,
  assertNothingWentWrong,
  eventually,
  openSession,
  WEB_DIR,
  withoutIsolates,
} from './browser.mjs';

const SENTENCE = 'the european economic area does not see the red car .';
const CARDS = [
  { lesson: 'seq2seq', folder: 'seq2seq-additive', tag: 'attnlab-seq2seq' },
  { lesson: 'lstmn', folder: 'lm-rnn-selfattn', tag: 'attnlab-lstmn' },
  { lesson: 'transformer', folder: 'tf-mlm', tag: 'attnlab-transformer' },
];

let session;
before(async () => {
  session = await openSession('first-view');
});
after(() => session?.close());

async function openPage({ width = 1280, height = 900, query = '' } = {}) {
  const page = await session.newPage({ width, height });
  await page.goto(`${session.origin}/index.html${query}`);
  for (const { lesson } of CARDS)
    await page
      .locator(`attnlab-first-view .card[data-lesson="${lesson}"][data-status="ready"] rect[data-weight]`)
      .first()
      .waitFor({ timeout: 60_000 });
  return page;
}

/** The map a card draws (the element's own data, not the pixels): labels and weights by row. */
const cardMap = (page, lesson) =>
  page.evaluate((lesson) => {
    const card = document
      .querySelector('attnlab-first-view')
      .shadowRoot?.querySelector(`.card[data-lesson="${lesson}"]`);
    const map = card.querySelector('attnlab-attention-map').map;
    const rows = [];
    for (let r = 0; r < map.rows; r++) rows.push([...map.weights.slice(r * map.cols, (r + 1) * map.cols)]);
    return { rowLabels: map.rowLabels, colLabels: map.colLabels, rows, model: card.dataset.model };
  }, lesson);

test('on load, the first figure is a trained model’s map whose rows sum to 1', async () => {
  const page = await openPage();
  // The first attention map in the page is the first view's lesson-1 card, above the fold.
  const first = page.locator('attnlab-attention-map').first();
  assert.equal(
    await first.evaluate((el) => el.getRootNode().host?.tagName.toLowerCase()),
    'attnlab-first-view',
    'the first map of the page belongs to the first view',
  );
  const box = await first.boundingBox();
  assert.ok(box && box.y < 900, `the first map starts in the first screen (y = ${box?.y})`);
  const served = JSON.parse(fs.readFileSync(path.join(WEB_DIR, 'models/index.json'), 'utf8')).models;
  for (const { lesson, folder } of CARDS) {
    const map = await cardMap(page, lesson);
    assert.equal(map.model, folder, `${lesson}: the lesson's trained model`);
    assert.ok(served.includes(folder));
    // A trained model: its card reports test metrics from training (the random demo has none).
    const card = JSON.parse(fs.readFileSync(path.join(WEB_DIR, 'models', folder, 'card.json'), 'utf8'));
    assert.ok(card.metrics && Object.keys(card.metrics).length > 0, `${folder} has training metrics`);
    const cardText = await page
      .locator(`attnlab-first-view .card[data-lesson="${lesson}"] .model`)
      .innerText();
    assert.match(cardText, /^Trained model: /);
    assert.ok(map.rows.length > 0);
    for (const [r, row] of map.rows.entries()) {
      const sum = row.reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - 1) < 1e-4, `${lesson} row ${r} sums to ${sum}`);
    }
  }
  // Lesson 1's card is lesson 1's own map of this sentence: s0 first, one row per French word.
  const s2s = await cardMap(page, 'seq2seq');
  assert.deepEqual(s2s.colLabels, SENTENCE.split(' '));
  assert.equal(s2s.rowLabels[0], 's₀');
  assert.ok(s2s.rowLabels.includes('européenne'), s2s.rowLabels.join(' '));
  // Lesson 2 by words, reading left to right; lesson 3's shown head (layer 2, head 1) reads the token before.
  const lm = await cardMap(page, 'lstmn');
  assert.deepEqual(lm.rowLabels, SENTENCE.split(' '));
  lm.rows.forEach((row, r) => row.slice(r + 1).forEach((w) => assert.ok(w < 1e-6, `lstmn ${r}: ${w}`)));
  const note = await page.locator('attnlab-first-view .card[data-lesson="transformer"] .note').innerText();
  const tf = await cardMap(page, 'transformer');
  const before = tf.rows.filter((row, r) => r > 0 && row.indexOf(Math.max(...row)) === r - 1).length;
  assert.match(note, new RegExp(`in ${before} of the ${tf.rows.length - 1} rows after the first`));
  await page.screenshot({ path: path.join(ARTIFACTS, 'first-view-1280.png') });
  await page.close();
});

test('no "means nothing" notice in the first view; the random playground comes after the lessons', async () => {
  const page = await openPage();
  const top = `${await page.locator('.intro').innerText()}\n${await page.locator('attnlab-first-view').innerText()}`;
  assert.doesNotMatch(top, /means nothing|random/i);
  const playground = await page.locator('attnlab-playground').evaluate((el) => {
    const lessons = [...document.querySelectorAll('section.lesson h2')].map((h) => h.id);
    return {
      followsLessons: !!(
        document.querySelector('attnlab-transformer').compareDocumentPosition(el) &
        Node.DOCUMENT_POSITION_FOLLOWING
      ),
      heading: el.closest('section')?.querySelector('h2')?.textContent,
      lessons,
    };
  });
  assert.ok(playground.followsLessons, 'the playground follows lesson 3');
  assert.match(playground.heading ?? '', /before training/i);
  const viewport = await page.evaluate(() => document.body.innerText.slice(0, 2000));
  assert.doesNotMatch(viewport, /means nothing/i);
  await page.close();
});

test('each card links to its lesson, which opens on the same sentence (and head)', async () => {
  const page = await openPage();
  for (const { lesson, tag } of CARDS) {
    const link = page.locator(`attnlab-first-view a.open[data-lesson="${lesson}"]`);
    assert.equal(await link.getAttribute('href'), `#lesson-${lesson}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await link.click();
    await page.waitForFunction((id) => location.hash === `#${id}`, `lesson-${lesson}`);
    const heading = page.locator(`#lesson-${lesson}`);
    await heading.waitFor();
    assert.equal(await page.locator(tag).getAttribute('sentence'), SENTENCE);
    const top = await heading.evaluate((h) => h.getBoundingClientRect().top);
    assert.ok(top >= -2 && top < 200, `${lesson}: the lesson's heading is at the top (${top})`);
  }
  // The head the card shows (first-view-model.ts: layer 2, head 1, the shipped model's
  // previous-token head), 1-based in attributes.
  const tf = page.locator('attnlab-transformer');
  assert.equal(await tf.getAttribute('layer'), '2');
  assert.equal(await tf.getAttribute('head'), '1');
  await page.close();
});

test('in Chinese, at 375 px: Chinese titles, captions without the engine’s English map names', async () => {
  const page = await openPage({ width: 375, height: 800, query: '?lang=zh-CN' });
  assert.equal(await page.locator('attnlab-first-view h2').innerText(), '三个训练好的模型读同一个句子');
  for (const { lesson } of CARDS) {
    const caption = withoutIsolates(
      await page.locator(`attnlab-first-view .card[data-lesson="${lesson}"] caption`).innerText(),
    );
    assert.match(caption, /^注意力权重（/, caption);
    assert.doesNotMatch(caption, /attention|layer \d|head \d|decoder|self-attention/i, caption);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal page scroll (${overflow} px)`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'first-view-375-zh.png') });
  await page.close();
});

test('while the first map’s model downloads, the page fetches no other model and starts no other worker', async () => {
  // Issue 17, cold start: on a slow network everything starting at once shared the bandwidth with
  // the first view. Hold every model's weights and watch what the page asks for meanwhile.
  const page = await session.newPage();
  const asked = [];
  const held = [];
  let holding = true;
  // Every worker the page starts, counted as it starts (page.workers() lists only live ones).
  const workers = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.route('**/models/*/model.safetensors', async (route) => {
    asked.push(new URL(route.request().url()).pathname.split('/').at(-2));
    if (holding) held.push(route);
    else await route.continue();
  });
  await page.goto(`${session.origin}/index.html`);
  await page.locator('attnlab-first-view').waitFor();
  // The first card's weights and worker are asked for (however slow the machine), then a while
  // longer in which nothing else may be: a page that started everything at once asks at once.
  await eventually(() => asked.length, { until: (n) => n >= 1 }, 'the first card’s weights asked for');
  await eventually(() => workers.length, { until: (n) => n >= 1 }, 'the first view’s worker');
  await page.waitForTimeout(1500);
  assert.deepEqual(asked, [CARDS[0].folder], 'only the first card’s weights are on their way');
  assert.equal(workers.length, 1, 'only the first view’s worker has started');
  // Its model arrives: the first map is drawn, then the rest of the page starts.
  await held.shift().continue();
  const firstMap = page
    .locator(`attnlab-first-view .card[data-lesson="seq2seq"][data-status="ready"] rect[data-weight]`)
    .first();
  await firstMap.waitFor({ timeout: 60_000 });
  holding = false;
  for (const route of held.splice(0)) await route.continue();
  await page
    .locator('attnlab-seq2seq attnlab-attention-map rect[data-weight]')
    .first()
    .waitFor({ timeout: 60_000 });
  // Lesson 1's map is drawn by a worker of its own, started after the first map.
  await eventually(() => workers.length, { until: (n) => n > 1 }, 'the lessons started after the first map');
  await page.close();
});

test('every request stayed on the page origin; no dialog, console error or failed request', () => {
  assertNothingWentWrong(session);
});
