// End-to-end test of Chinese text in lessons 2 and 3 (issue 19), in the built page (build/web) in
// Debian's Chromium: a Chinese sentence typed into each lesson is read by its Chinese model
// (models/lm-zh-rnn-selfattn, models/tf-mlm-zh; one token per character), which a line above the
// figures says, with a button back to the English model and back again; the map has one cell per
// pair of Chinese characters, every row sums to 1, and the guesses are Chinese. English text goes
// back to the English model. The Chinese interface offers an example line that reads the same way.
// Screenshots go to tests/e2e/artifacts/ (zh-lessons-*.png).
//
//   npm run build && node tests/e2e/zh-lessons.mjs

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';

import {
  ARTIFACTS,
  assertNothingWentWrong,
  eventually,
  expectCount,
  lessonUrl,
  openSession,
  scrollIntoRenderedView,
  shownText,
} from './browser.mjs';
import { openCardMore } from './card-more.mjs';

const POEM = '床前明月光，疑是地上霜。';
const EXAMPLE = '明月几时有，把酒问青天。';
const HAN = /^\p{Script=Han}$/u;
/** A Chinese character or a CJK / full-width punctuation mark. */
const CHINESE = /^[\p{Script=Han}\u3000-\u303f\uff00-\uffef]$/u;

let session;
before(async () => {
  session = await openSession('zh-lessons');
});
after(() => session?.close());

const at = (page, tag, selector) => page.locator(`${tag} ${selector}`);

/** Lesson 2's reading rows once idle with `n` rows: { word, alphas }. */
async function lstmnRows(page, n) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await page.evaluate(() => {
      const root = document.querySelector('attnlab-lstmn')?.shadowRoot;
      return {
        busy:
          root?.host?.answered === false ? 'true' : root?.querySelector('.figure')?.getAttribute('aria-busy'),
        total: Number(root?.querySelector('.reading')?.getAttribute('data-rows') ?? -1),
        items: [...(root?.querySelectorAll('.reading li.row') ?? [])].map((li) => ({
          word: li.getAttribute('data-word'),
          alphas: [...li.querySelectorAll('.w[data-alpha]')].map((w) => Number(w.getAttribute('data-alpha'))),
        })),
      };
    });
    if (state.busy === 'false' && state.total === n && state.items.length === n) return state.items;
    if (Date.now() > deadline)
      throw new Error(`lesson 2 never read ${n} rows (${state.total}, busy ${state.busy})`);
    await page.waitForTimeout(50);
  }
}

/** Lesson 3's token chips once idle and `ok(tokens)`. */
async function tfTokens(page, ok) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await page.evaluate(() => {
      const root = document.querySelector('attnlab-transformer')?.shadowRoot;
      return {
        busy:
          root?.host?.answered === false ? 'true' : root?.querySelector('.figure')?.getAttribute('aria-busy'),
        tokens: [...(root?.querySelectorAll('.chips .chip') ?? [])].map((c) => c.textContent.trim()),
      };
    });
    if (state.busy === 'false' && state.tokens.length && ok(state.tokens)) return state.tokens;
    if (Date.now() > deadline) throw new Error(`lesson 3 never settled: ${state.tokens.join(' ')}`);
    await page.waitForTimeout(50);
  }
}

/** The cells of the attention map(s) under `selector` in `tag`: [{ row, col, w }] per map. */
function mapCells(page, tag, selector) {
  return page.evaluate(
    ([tag, selector]) =>
      [...(document.querySelector(tag)?.shadowRoot?.querySelectorAll(selector) ?? [])].map((map) =>
        [...(map.shadowRoot ?? map).querySelectorAll('rect[data-weight]')].map((r) => ({
          row: Number(r.getAttribute('data-row')),
          col: Number(r.getAttribute('data-col')),
          w: Number(r.getAttribute('data-weight')),
        })),
      ),
    [tag, selector],
  );
}

/** Rows of n x n cells each sum to 1. */
function checkSquare(cells, n, what) {
  assert.equal(cells.length, n * n, `${what}: one cell per pair of the ${n} characters`);
  for (let r = 0; r < n; r++) {
    const sum = cells.filter((c) => c.row === r).reduce((a, c) => a + c.w, 0);
    assert.ok(Math.abs(sum - 1) <= 1e-4, `${what}: row ${r} sums to ${sum}`);
  }
}

const pieces = (locator) => locator.evaluateAll((els) => els.map((e) => e.textContent.trim()));

test('lesson 2: a Chinese sentence is read by the Chinese model, one character per row', async () => {
  const page = await session.newPage();
  await page.goto(lessonUrl(session.origin, 'lstmn'));
  const box = at(page, 'attnlab-lstmn', 'textarea');
  await scrollIntoRenderedView(page, box);
  await lstmnRows(page, 10); // the English default sentence
  assert.equal(await at(page, 'attnlab-lstmn', '.zh-switch').count(), 0, 'no line for English');
  await box.fill(POEM);
  const line = at(page, 'attnlab-lstmn', '.zh-switch[data-zh-model="on"]');
  await line.waitFor();
  assert.match(await line.innerText(), /Chinese.*one character at a time/);
  const items = await lstmnRows(page, 12);
  assert.deepEqual(
    items.map((r) => r.word),
    [...POEM],
  );
  items.forEach((row, r) => {
    assert.equal(row.alphas.length, r + 1, `row ${r} reads ${r + 1} characters`);
    const sum = row.alphas.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) <= 1e-4, `row ${r} ("${row.word}") sums to ${sum}`);
  });
  const [cells] = await mapCells(page, 'attnlab-lstmn', 'attnlab-attention-map');
  checkSquare(cells, 12, 'lesson 2 map');
  for (const c of cells)
    if (c.col > c.row) assert.equal(c.w, 0, `(${c.row}, ${c.col}) is above the diagonal`);
  const guesses = await pieces(at(page, 'attnlab-lstmn', '.next ol li .piece'));
  assert.equal(guesses.length, 5);
  assert.ok(guesses.filter((g) => CHINESE.test(g)).length >= 4, `Chinese guesses: ${guesses.join(' ')}`);
  // It reads characters, so it guesses the next character (no word pieces to explain).
  const next = await at(page, 'attnlab-lstmn', '.next').innerText();
  assert.match(next, /Next-character guesses after/);
  assert.doesNotMatch(next, /pieces|␣/);
  await openCardMore(page, 'attnlab-lstmn'); // what the card says beyond its line (issue 52 B1)
  const card = await at(page, 'attnlab-lstmn', '.card').innerText();
  assert.match(card, /best constant guess .* perplexity/);
  assert.match(card, /chinese-poetry 2\.0\.1 \(MIT licence\)/);
  await page
    .locator('section.lesson:has(attnlab-lstmn)')
    .screenshot({ path: path.join(ARTIFACTS, 'zh-lessons-lstmn.png') });

  // Reversible: the line's button goes back to the English model, and then to the Chinese one.
  await at(page, 'attnlab-lstmn', '.zh-switch button').click();
  await at(page, 'attnlab-lstmn', '.zh-switch[data-zh-model="off"]').waitFor();
  await page.waitForFunction(
    () =>
      !/Chinese:/.test(
        document.querySelector('attnlab-lstmn').shadowRoot.querySelector('.card')?.textContent ?? 'Chinese:',
      ),
  );
  await at(page, 'attnlab-lstmn', '.zh-switch button').click();
  await line.waitFor();
  await lstmnRows(page, 12);
  // English text goes back to the model the lesson had.
  await box.fill('The FBI is chasing a criminal on the run.');
  await lstmnRows(page, 10);
  await expectCount(at(page, 'attnlab-lstmn', '.zh-switch'), 0, 'no switch line for English');
  assert.doesNotMatch(await at(page, 'attnlab-lstmn', '.card').innerText(), /Chinese/);
  assert.match(
    await at(page, 'attnlab-lstmn', '.next').innerText(),
    /Next-word guesses after.*␣ is a space/s,
  );
  await page.close();
});

test('lesson 3: the Chinese masked model, maps of one cell per pair of characters, Chinese guesses', async () => {
  const page = await session.newPage();
  await page.goto(lessonUrl(session.origin, 'transformer'));
  const box = at(page, 'attnlab-transformer', 'textarea');
  await scrollIntoRenderedView(page, box);
  await tfTokens(page, () => true);
  await box.fill(EXAMPLE);
  await at(page, 'attnlab-transformer', '.zh-switch[data-zh-model="on"]').waitFor();
  const tokens = await tfTokens(page, (tk) => tk.length === 12);
  assert.deepEqual(tokens, [...EXAMPLE]);
  await at(page, 'attnlab-transformer', '.views [data-value="model"]').click();
  await at(page, 'attnlab-transformer', '.view[data-view="model"]').waitFor();
  const thumbs = await mapCells(page, 'attnlab-transformer', '.thumb');
  assert.equal(thumbs.length, 4, '2 layers x 2 heads');
  thumbs.forEach((cells, k) => checkSquare(cells, 12, `map ${k}`));
  const [big] = await mapCells(page, 'attnlab-transformer', '.view attnlab-attention-map');
  checkSquare(big, 12, 'the large map');
  // One chip per character; masking 酒 gives Chinese guesses.
  const chips = await pieces(at(page, 'attnlab-transformer', '.mask-panel .word'));
  assert.deepEqual(
    chips,
    [...EXAMPLE].filter((c) => HAN.test(c)),
  );
  await at(page, 'attnlab-transformer', '.mask-panel .word[data-word="酒"]').click();
  await tfTokens(page, (tk) => tk.includes('<mask>') && tk.length === 12);
  const list = at(page, 'attnlab-transformer', '.guesses[data-key="mask"] li .piece');
  await list.first().waitFor();
  const guesses = await pieces(list);
  assert.equal(guesses.length, 5);
  assert.ok(guesses.filter((g) => CHINESE.test(g)).length >= 4, `Chinese guesses: ${guesses.join(' ')}`);
  await openCardMore(page, 'attnlab-transformer'); // what the card says beyond its line (issue 52 B1)
  assert.match(await at(page, 'attnlab-transformer', '.card').innerText(), /most frequent character/);
  // The shuffle demonstration's model reads English: for Chinese text it says so and draws no map.
  await at(page, 'attnlab-transformer', '.shuffle[data-status="chinese"]').waitFor();
  assert.equal(await at(page, 'attnlab-transformer', '.shuffle attnlab-attention-map').count(), 0);
  await page
    .locator('section.lesson:has(attnlab-transformer)')
    .screenshot({ path: path.join(ARTIFACTS, 'zh-lessons-transformer.png') });
  // Reversible here too.
  await at(page, 'attnlab-transformer', '.zh-switch button').click();
  await at(page, 'attnlab-transformer', '.zh-switch[data-zh-model="off"]').waitFor();
  await page.close();
});

test('the Chinese interface offers a line the models learned from, read one character at a time', async () => {
  const page = await session.newPage();
  await page.goto(`${session.origin}/index.html?lang=zh-CN`);
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  const box = at(page, 'attnlab-lstmn', 'textarea');
  await scrollIntoRenderedView(page, box);
  await lstmnRows(page, 10);
  const example = at(page, 'attnlab-lstmn', '[data-zh-example]');
  // Read as shown (this page holds every lesson: innerText is '' while the lesson is off screen,
  // and lessons above taking their real heights can move it off again): waited for, not read once.
  await eventually(async () => (await shownText(example)).trim(), EXAMPLE, 'the example offered');
  await example.click();
  assert.equal(await box.inputValue(), EXAMPLE);
  await at(page, 'attnlab-lstmn', '.zh-switch[data-zh-model="on"]').waitFor();
  await eventually(
    () => shownText(at(page, 'attnlab-lstmn', '.zh-switch')),
    { until: (text) => /一次读一个字/.test(text) },
    'the line says the model reads one character at a time',
  );
  const items = await lstmnRows(page, 12);
  assert.deepEqual(
    items.map((r) => r.word),
    [...EXAMPLE],
  );
  await openCardMore(page, 'attnlab-lstmn'); // what the card says beyond its line (issue 52 B1)
  await eventually(
    () => shownText(at(page, 'attnlab-lstmn', '.card')),
    { until: (text) => /常数猜测/.test(text) },
    'the card gives the constant guess',
  );
  await page.close();
});

test('Chinese lessons stayed on the page origin; no dialog, console error or failed request', () => {
  assertNothingWentWrong(session);
});
