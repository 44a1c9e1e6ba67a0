// End-to-end test of interventions (issue 15) in the built page (build/web) in Debian's Chromium:
// in each lesson a student pins a cell of the map and sees the consequence change next to the
// original (lesson 1: the translation forced and free; lesson 2: the next-word guesses; lesson 3:
// the output vectors and the masked word's guesses), and "Reset" restores the model; uniform
// attention; a head switched off; a pin made with the keyboard; the URL carrying an intervention
// (and a garbled one, reported); 375 px. Screenshots: tests/e2e/artifacts/interventions-*.png.
//
//   npm run build && node tests/e2e/interventions.mjs        (npm run test:e2e runs it too)
//   ATTNLAB_WEB_DIR=/some/other/build node tests/e2e/interventions.mjs

import fs from 'node:fs';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';

import {
  ARTIFACTS,
  assertNothingWentWrong,
  expectCount,
  lessonUrl,
  openSession,
  scrollIntoRenderedView,
  shownText,
  openDetails,
} from './browser.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let session;
let origin;

before(async () => {
  session = await openSession('interventions');
  ({ origin } = session);
});

after(() => session?.close());

const TAGS = { seq2seq: 'attnlab-seq2seq', lstmn: 'attnlab-lstmn', transformer: 'attnlab-transformer' };
const at = (page, lesson, selector) => page.locator(`${TAGS[lesson]} ${selector}`);
const bar = (page, lesson) => at(page, lesson, '.intervene');

/** Opens `lesson` alone (the app page with `app`) with `query`, and brings it into view once its figure is drawn. */
async function open(lesson, { query = '', width = 1280, height = 900, app = false } = {}) {
  const page = await session.newPage({ width, height });
  await page.goto(app ? `${origin}/index.html${query}` : lessonUrl(origin, lesson, query));
  await scrollIntoRenderedView(page, page.locator(TAGS[lesson]));
  await settled(page, lesson);
  return page;
}

/** Waits until the lesson and its edited forward are idle and the bar is drawn. */
async function settled(page, lesson) {
  await page.waitForFunction(
    (tag) => {
      const root = document.querySelector(tag)?.shadowRoot;
      const busy =
        root?.host?.answered === false ? 'true' : root?.querySelector('.figure')?.getAttribute('aria-busy');
      const bar = root?.querySelector('.intervene');
      return busy === 'false' && bar && bar.getAttribute('data-busy') === 'false';
    },
    TAGS[lesson],
    { timeout: 30_000 },
  );
}

/** The attention map a lesson draws its figure with (lesson 3: the model view's large map). */
const MAPS = {
  seq2seq: '.figure attnlab-attention-map',
  lstmn: '.figure attnlab-attention-map',
  transformer: '.view attnlab-attention-map',
};
const map = (page, lesson) => at(page, lesson, MAPS[lesson]).first();
const cell = (page, lesson, row, col) =>
  map(page, lesson).locator(`rect[data-row="${row}"][data-col="${col}"]`);

/** The weights of one row of the lesson's map, as drawn. */
const rowWeights = (page, lesson, row) =>
  map(page, lesson)
    .locator(`rect[data-weight][data-row="${row}"]`)
    .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('data-weight'))));

/** Saves a screenshot of `locator` (brought into view first: lessons off screen are not rendered). */
async function shot(locator, name) {
  await scrollIntoRenderedView(locator.page(), locator);
  await locator.screenshot({ path: path.join(ARTIFACTS, name) });
}
const urlParam = (page, name) => new URL(page.url()).searchParams.get(name);
/** Waits until the page's URL (written a moment after the change) says `value` for `name`. */
async function urlSays(page, name, value) {
  await page.waitForFunction(([n, v]) => new URLSearchParams(location.search).get(n) === v, [name, value], {
    timeout: 30_000,
  });
  return urlParam(page, name);
}

test('lesson 1: pinning a cell changes the map, the translation forced and free; Reset restores it', async () => {
  const page = await open('seq2seq');
  const original = await rowWeights(page, 'seq2seq', 3);
  assert.ok(original.length > 3);
  assert.equal(await bar(page, 'seq2seq').getAttribute('data-active'), 'false');
  assert.equal(await at(page, 'seq2seq', '.intervene-reset').isDisabled(), true);
  // No change: no edited forward, no before/after block.
  assert.equal(await at(page, 'seq2seq', '.seq-consequence').count(), 0);

  // Row 3 (the third French word) reads only the first English word.
  await cell(page, 'seq2seq', 3, 0).click();
  await settled(page, 'seq2seq');
  assert.equal(await bar(page, 'seq2seq').getAttribute('data-edits'), 'pin_R3K1');
  const pinned = await rowWeights(page, 'seq2seq', 3);
  assert.ok(Math.abs(pinned[0] - 1) < 1e-6, `pinned cell reads ${pinned[0]}`);
  assert.ok(pinned.slice(1).every((w) => w < 1e-6));
  assert.equal(await at(page, 'seq2seq', 'rect.pin[data-row="3"][data-col="0"]').count(), 1);
  assert.equal(await at(page, 'seq2seq', 'rect.edited-row[data-row="3"]').count(), 1);
  assert.match(await shownText(at(page, 'seq2seq', '.edits-legend')), /changed by your edit/);
  assert.equal(await at(page, 'seq2seq', '.edits-legend').getAttribute('data-edited-rows'), '3');
  // The consequence: the original translation, the free one, each forced step's pick.
  const before = await at(page, 'seq2seq', '.translation').getAttribute('data-translation');
  assert.equal(await at(page, 'seq2seq', '.translation-before').getAttribute('data-translation'), before);
  const free = await at(page, 'seq2seq', '.translation-after').getAttribute('data-translation');
  assert.ok(free && free !== before, `free decoding changed the sentence: ${free}`);
  const steps = await at(page, 'seq2seq', '.picks li').count();
  assert.equal(steps, before.split(' ').length + 1, 'one pick per French word and the end');
  assert.ok(Number(await at(page, 'seq2seq', '.forced').getAttribute('data-changed')) >= 1);
  assert.equal(await urlSays(page, 'seq2seq.intervene', 'pin_R3K1'), 'pin_R3K1');
  // "Original" shows the model as trained again, with the pin still outlined.
  await at(page, 'seq2seq', '.intervene-show [data-value="before"]').click();
  assert.deepEqual(await rowWeights(page, 'seq2seq', 3), original);
  await at(page, 'seq2seq', '.intervene-show [data-value="after"]').click();
  await shot(page.locator('section.lesson:has(#lesson-seq2seq)'), 'interventions-seq2seq-1280.png');

  await at(page, 'seq2seq', '.intervene-reset').click();
  await settled(page, 'seq2seq');
  assert.equal(await bar(page, 'seq2seq').getAttribute('data-active'), 'false');
  assert.deepEqual(await rowWeights(page, 'seq2seq', 3), original);
  assert.equal(await at(page, 'seq2seq', 'rect.pin, rect.edited-row').count(), 0);
  assert.equal(await at(page, 'seq2seq', '.seq-consequence').count(), 0);
  assert.equal(await urlSays(page, 'seq2seq.intervene', null), null);
  await page.close();
});

test('lesson 1: uniform attention spreads every row evenly; the keyboard pins a cell', async () => {
  const page = await open('seq2seq');
  await at(page, 'seq2seq', '.intervene [data-switch="uniform"]').click();
  await settled(page, 'seq2seq');
  assert.equal(await bar(page, 'seq2seq').getAttribute('data-edits'), 'uniform');
  const row = await rowWeights(page, 'seq2seq', 2);
  for (const w of row) assert.ok(Math.abs(w - 1 / row.length) < 1e-6, `uniform weight ${w}`);
  // Weights are coloured on one fixed 0-1 scale (issue 52 A1): an even spread is pale, near the
  // light end, not the darkest blue of a scale that ends at the map's own largest weight.
  const fills = await map(page, 'seq2seq')
    .locator('rect[data-weight]')
    .evaluateAll((rects) => rects.map((r) => r.getAttribute('fill')));
  for (const fill of fills) {
    const [r, g, b] = fill.match(/\d+/g).map(Number);
    assert.ok((r + g + b) / 3 > 190, `a uniform cell is pale: ${fill}`);
  }
  const rows = await map(page, 'seq2seq').evaluate((m) => m.map.rows);
  assert.equal(await at(page, 'seq2seq', 'rect.edited-row').count(), rows);
  await at(page, 'seq2seq', '.intervene [data-switch="uniform"]').click();
  await settled(page, 'seq2seq');

  // Keyboard: focus the map, move the cursor two rows down and one column right, Enter pins it.
  const scroll = map(page, 'seq2seq').locator('.scroll');
  await scroll.focus();
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight']) await page.keyboard.press(key);
  assert.equal(await at(page, 'seq2seq', 'rect.cursor').count(), 1);
  assert.match(await at(page, 'seq2seq', '#cursor-readout').textContent(), /→/);
  await page.keyboard.press('Enter');
  await settled(page, 'seq2seq');
  assert.equal(await bar(page, 'seq2seq').getAttribute('data-edits'), 'pin_R2K2');
  assert.ok(Math.abs((await rowWeights(page, 'seq2seq', 2))[1] - 1) < 1e-6);
  // Space on the same cell unpins it.
  await scroll.focus();
  await page.keyboard.press(' ');
  await settled(page, 'seq2seq');
  assert.equal(await bar(page, 'seq2seq').getAttribute('data-active'), 'false');
  await page.close();
});

test('lesson 2: a pin on the heat map changes the next-word guesses; a later word is refused; Reset', async () => {
  const page = await open('lstmn');
  await scrollIntoRenderedView(page, map(page, 'lstmn'));
  const original = await rowWeights(page, 'lstmn', 4);
  // A step cannot read a later word: said, not sent.
  await cell(page, 'lstmn', 2, 5).click();
  await expectCount(at(page, 'lstmn', '.intervene [data-key="refused"]'), 1, 'the refusal');
  assert.equal(await bar(page, 'lstmn').getAttribute('data-active'), 'false');

  await cell(page, 'lstmn', 4, 1).click();
  await settled(page, 'lstmn');
  const edits = await bar(page, 'lstmn').getAttribute('data-edits');
  assert.match(edits, /^pin_R\d+K\d+$/);
  assert.ok(Math.abs((await rowWeights(page, 'lstmn', 4))[1] - 1) < 1e-6);
  // The guesses after that step, before and after, side by side and in one line.
  const before = await at(page, 'lstmn', '[data-key="next-before"] li').evaluateAll((l) =>
    l.map((x) => `${x.dataset.id}:${x.dataset.p}`),
  );
  const changed = await at(page, 'lstmn', '[data-key="next-after"] li').evaluateAll((l) =>
    l.map((x) => `${x.dataset.id}:${x.dataset.p}`),
  );
  assert.equal(before.length, 5);
  assert.notDeepEqual(changed, before);
  assert.equal(await at(page, 'lstmn', '.lm-consequence').count(), 1);
  assert.equal(await at(page, 'lstmn', '.reading li.row.edited').count(), 1);
  await shot(page.locator('section.lesson:has(#lesson-lstmn)'), 'interventions-lstmn-1280.png');

  await at(page, 'lstmn', '.intervene-reset').click();
  await settled(page, 'lstmn');
  assert.deepEqual(await rowWeights(page, 'lstmn', 4), original);
  assert.equal(await at(page, 'lstmn', '.next-compare').count(), 0);
  assert.equal(await at(page, 'lstmn', '.reading li.row.edited').count(), 0);
  await page.close();
});

test('lesson 3: the URL switches head 1 of layer 1 off; the output vectors and guesses change; Reset', async () => {
  const page = await open('transformer', { query: '?transformer.intervene=off_L1H1' });
  const head = at(page, 'transformer', '.head-switch[data-layer="0"][data-head="0"]');
  assert.equal(await head.getAttribute('aria-pressed'), 'false');
  assert.equal(await at(page, 'transformer', '.head-switch[aria-pressed="true"]').count(), 3);
  assert.match(await shownText(at(page, 'transformer', 'ul.edits')), /layer 1, head 1 off/);
  const change = at(page, 'transformer', '.out-change');
  assert.ok(Number(await change.getAttribute('data-max')) > 0, 'an output vector moved');
  assert.equal(
    await at(page, 'transformer', '.out-list li').count(),
    await at(page, 'transformer', '.chips .chip').count(),
  );
  // Masked word: its guesses before and after the change.
  await at(page, 'transformer', '.mask-panel button.word[data-word="criminal"]').click();
  await settled(page, 'transformer');
  const before = at(page, 'transformer', '.guess-compare [data-key="mask"] li');
  const afterList = at(page, 'transformer', '.guess-compare [data-key="mask-after"] li');
  await afterList.first().waitFor();
  const ps = async (l) => l.evaluateAll((x) => x.map((li) => `${li.dataset.id}:${li.dataset.p}`));
  assert.notDeepEqual(await ps(afterList), await ps(before));
  // Masking a word changed the sentence's tokens: the head switch (not a position) stays.
  assert.equal(await bar(page, 'transformer').getAttribute('data-edits'), 'off_L1H1');
  // A second head off, by its switch: the URL follows.
  await at(page, 'transformer', '.head-switch[data-layer="1"][data-head="1"]').click();
  await settled(page, 'transformer');
  assert.equal(await urlSays(page, 'transformer.intervene', 'off_L1H1 off_L2H2'), 'off_L1H1 off_L2H2');
  await shot(page.locator('section.lesson:has(#lesson-transformer)'), 'interventions-transformer-1280.png');
  await at(page, 'transformer', '.intervene-reset').click();
  await settled(page, 'transformer');
  assert.equal(await at(page, 'transformer', '.head-switch[aria-pressed="false"]').count(), 0);
  assert.equal(await at(page, 'transformer', '.out-change').count(), 0);
  assert.equal(await urlSays(page, 'transformer.intervene', null), null);
  await page.close();
});

test('lesson 3: a pin on the large map, uniform attention in one head, no division by sqrt(d_k)', async () => {
  // Pins are made on pieces, where the model computes (whole words, the default, take none).
  const page = await open('transformer', { query: '?transformer.view=all+pieces' });
  await at(page, 'transformer', '.views [data-value="model"]').click();
  await map(page, 'transformer').waitFor();
  const original = await rowWeights(page, 'transformer', 2);
  await cell(page, 'transformer', 2, 0).click();
  await settled(page, 'transformer');
  assert.equal(await bar(page, 'transformer').getAttribute('data-edits'), 'pin_L1H1R3K1');
  assert.ok(Math.abs((await rowWeights(page, 'transformer', 2))[0] - 1) < 1e-6);
  assert.equal(await at(page, 'transformer', '.thumb.edited[data-layer="0"][data-head="0"]').count(), 1);
  await at(page, 'transformer', '.intervene-reset').click();
  await settled(page, 'transformer');
  assert.deepEqual(await rowWeights(page, 'transformer', 2), original);

  // Uniform attention in the head on screen only.
  await at(page, 'transformer', 'select[data-select="uniform-scope"]').selectOption('head');
  await at(page, 'transformer', '.intervene [data-switch="uniform"]').click();
  await settled(page, 'transformer');
  assert.equal(await bar(page, 'transformer').getAttribute('data-edits'), 'uniform_L1H1');
  const row = await rowWeights(page, 'transformer', 1);
  for (const w of row) assert.ok(Math.abs(w - 1 / row.length) < 1e-6);
  await at(page, 'transformer', '.intervene [data-switch="scale"]').click();
  await settled(page, 'transformer');
  assert.equal(await bar(page, 'transformer').getAttribute('data-edits'), 'uniform_L1H1 scale_off');
  // Remove one change by its own button.
  await at(page, 'transformer', '.edit[data-op="uniform"] .edit-remove').click();
  await settled(page, 'transformer');
  assert.equal(await bar(page, 'transformer').getAttribute('data-edits'), 'scale_off');
  await page.close();
});

test('a garbled intervene in the URL is reported with what was ignored, and the rest applies', async () => {
  const page = await open('lstmn', { query: '?lstmn.intervene=juggle+uniform+pin_R0K1+%3Cb%3E' });
  const message = at(page, 'lstmn', '.intervene [data-key="ignored"]');
  assert.match(await shownText(message), /juggle, pin_R0K1, <b>/);
  assert.equal(await bar(page, 'lstmn').getAttribute('data-edits'), 'uniform');
  assert.equal(await at(page, 'lstmn', '.next-compare').count(), 1);
  // The page still works: typing redraws, Reset forgets the complaint.
  await at(page, 'lstmn', 'textarea').fill('She was very happy.');
  await settled(page, 'lstmn');
  assert.equal(await at(page, 'lstmn', '.reading li.row').first().getAttribute('data-word'), 'She');
  await at(page, 'lstmn', '.intervene-reset').click();
  await expectCount(message, 0, 'the complaint forgotten');
  await page.close();
});

test('a bad intervention for the model is the engine’s message, not a blank figure', async () => {
  // Lesson 1's model has no heads to switch off.
  const page = await open('seq2seq', { query: '?seq2seq.intervene=off_L1H1' });
  const error = at(page, 'seq2seq', '.intervene [data-key="error"]');
  await error.waitFor({ timeout: 30_000 });
  assert.match(await shownText(error), /could not apply/);
  assert.ok((await rowWeights(page, 'seq2seq', 1)).length > 0, 'the original map is still drawn');
  await page.close();
});

test('375 px: the bars fit, their targets are at least 24 px, a click pins; screenshots en and zh', async () => {
  for (const lang of ['en', 'zh-CN']) {
    for (const lesson of ['seq2seq', 'lstmn', 'transformer']) {
      const query = `?lang=${lang}&${lesson}.intervene=${lesson === 'transformer' ? 'off_L1H1+uniform_L2' : 'uniform'}`;
      const page = await open(lesson, { query, width: 375, height: 800 });
      const box = bar(page, lesson);
      const sizes = await box.evaluate((el) => {
        const out = { overflow: el.scrollWidth - el.clientWidth, small: [] };
        for (const t of el.querySelectorAll('button, select, summary')) {
          const r = t.getBoundingClientRect();
          if (r.width > 0 && (r.width < 24 || r.height < 24))
            out.small.push(`${t.className} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
        }
        return out;
      });
      assert.ok(sizes.overflow <= 0, `${lesson} ${lang}: the bar overflows by ${sizes.overflow} px`);
      assert.deepEqual(sizes.small, [], `${lesson} ${lang}: small targets`);
      const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(pageOverflow <= 0, `${lesson} ${lang}: the page scrolls sideways by ${pageOverflow} px`);
      await shot(box, `interventions-${lesson}-375-${lang}.png`);
      if (lang === 'en' && lesson === 'seq2seq') {
        const target = cell(page, 'seq2seq', 1, 1);
        await scrollIntoRenderedView(page, target);
        await target.click();
        await settled(page, 'seq2seq');
        assert.equal(await box.getAttribute('data-edits'), 'uniform pin_R1K2');
      }
      if (lang === 'zh-CN') {
        assert.match(await shownText(box.locator('.intervene-title')), /改动注意力/);
        assert.match(await shownText(box.locator('.intervene-reset')), /复原/);
      }
      await page.close();
    }
  }
});

test('screenshots at 1280 px in Chinese', async () => {
  const page = await open('transformer', { query: '?lang=zh-CN&transformer.intervene=off_L1H1' });
  assert.match(await shownText(at(page, 'transformer', 'ul.edits')), /第 1 层头 1 关闭/);
  await shot(bar(page, 'transformer'), 'interventions-transformer-1280-zh-CN.png');
  await page.close();
  const seq = await open('seq2seq', { query: '?lang=zh-CN&seq2seq.intervene=pin_R3K1' });
  assert.match(await shownText(at(seq, 'seq2seq', '.seq-consequence')), /强制解码/);
  await shot(seq.locator('section.lesson:has(#lesson-seq2seq)'), 'interventions-seq2seq-1280-zh-CN.png');
  await seq.close();
});

test('axe-core: no serious or critical violation with a change in every lesson (en, zh-CN)', async () => {
  for (const lang of ['en', 'zh-CN']) {
    const query = `?lang=${lang}&seq2seq.intervene=pin_R3K1&lstmn.intervene=pin_R5K2+mask_K3&transformer.intervene=off_L1H1+scale_off`;
    const page = await open('seq2seq', { query, app: true }); // every lesson, in the app page
    const serious = [];
    for (const lesson of ['seq2seq', 'lstmn', 'transformer']) {
      const section = page.locator(`section.lesson:has(${TAGS[lesson]})`);
      await scrollIntoRenderedView(page, section);
      await settled(page, lesson);
      // The "More changes" switches are scanned too.
      await openDetails(at(page, lesson, '.intervene-more summary'), `${lesson}: More changes opened`);
      if (!(await page.evaluate(() => 'axe' in window)))
        await page.evaluate(fs.readFileSync(axePath, 'utf8')); // the CSP refuses a script tag
      const violations = await page.evaluate(async (tag) => {
        const result = await window.axe.run(document.querySelector(`section.lesson:has(${tag})`), {
          resultTypes: ['violations'],
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        });
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          where: v.nodes.slice(0, 2).map((n) => n.target.join(' ')),
        }));
      }, TAGS[lesson]);
      for (const v of violations) {
        console.log(`# axe ${lang} ${lesson}: ${v.impact} ${v.id} @ ${v.where.join(' | ')}`);
        if (v.impact === 'serious' || v.impact === 'critical')
          serious.push(`${lesson}: ${v.id} ${v.where[0]}`);
      }
    }
    assert.deepEqual(serious, [], `${lang}: serious or critical axe violations`);
    await page.close();
  }
});

test('interventions stayed on the page origin; no dialog, console error or failed request', () => {
  assertNothingWentWrong(session);
});
