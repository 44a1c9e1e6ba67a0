// End-to-end test of lesson 2, <attnlab-lstmn> (RNN + self-attention), in the built page
// (build/web) in Debian's Chromium: read the default sentence row by row, type, paste hostile
// text, read Chinese, open a step, switch views and models. lstmn-models.mjs tests the rest (the
// training switch, perplexities, the recall chart, 375 px). Screenshots go to tests/e2e/artifacts/.
//
//   npm run build && node tests/e2e/lstmn.mjs        (npm run test:e2e runs it after run.mjs)
//   ATTNLAB_WEB_DIR=/some/other/build node tests/e2e/lstmn.mjs

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, drawnLefts, eventually, expectCount, shownText, withoutIsolates } from './browser.mjs';
import { interpolatePuOr } from 'd3';
import {
  DEFAULT_SENTENCE,
  DEFAULT_WORDS,
  dialogs,
  lesson,
  openLesson,
  originTest,
  placeholder,
  rows,
  servedModels,
  settled,
  shotLesson,
  textbox,
  useSession,
} from './lstmn-page.mjs';
import { openCardMore } from './card-more.mjs';

useSession('lstmn');

test('the default sentence: 10 rows, one per word, and every row of weights sums to 1', async () => {
  const page = await openLesson();
  assert.match(await shownText(page.locator('#lesson-lstmn')), /^2\. RNN \+ self-attention$/);
  assert.equal(await textbox(page).inputValue(), DEFAULT_SENTENCE);
  const items = await settled(page, 10);
  assert.deepEqual(
    items.map((r) => r.word),
    DEFAULT_WORDS,
  );
  items.forEach((row, r) => {
    // Row r reads words 1..r+1: one shaded chip each, the last one is the current word (red).
    assert.equal(row.alphas.length, r + 1, `row ${r} has ${r + 1} weights`);
    const sum = row.alphas.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) <= 1e-4, `row ${r} ("${row.word}") sums to ${sum}`);
    assert.ok(row.alphas.every((a) => a >= 0 && a <= 1 + 1e-6));
  });
  assert.equal(await lesson(page, '.reading li.row .w.cur').count(), 10, 'one current word per row');
  // The heat map holds the same numbers: 10 x 10, lower triangular.
  const cells = await page.evaluate(() => {
    const map = document.querySelector('attnlab-lstmn').shadowRoot?.querySelector('attnlab-attention-map');
    return [...map.shadowRoot?.querySelectorAll('rect[data-weight]')].map((r) => ({
      row: Number(r.getAttribute('data-row')),
      col: Number(r.getAttribute('data-col')),
      w: Number(r.getAttribute('data-weight')),
    }));
  });
  assert.equal(cells.length, 100);
  for (const c of cells) {
    if (c.col > c.row) assert.equal(c.w, 0, `cell (${c.row}, ${c.col}) above the diagonal is 0`);
    else
      assert.ok(
        Math.abs(c.w - items[c.row].alphas[c.col]) < 1e-6,
        `cell (${c.row}, ${c.col}) matches the row`,
      );
  }
  // The split words are named, so the student sees the pieces.
  assert.match(await lesson(page, '.splits').innerText(), /criminal = /);
  await openCardMore(page, 'attnlab-lstmn'); // what the card says beyond its line (issue 52 B1)
  assert.match(await lesson(page, '.card').innerText(), /parameters.*perplexity/);
  // Hover: the exact weight of one word in one row.
  await lesson(page, '.reading li.row[data-row="5"] .w[data-col="1"]').hover();
  assert.match(
    withoutIsolates(await lesson(page, '.readout').innerText()),
    /Reading “criminal”: weight on “FBI” α = [01]\.\d{4}/,
  );
  // Keyboard: focusing a row reads out all its weights.
  await lesson(page, '.reading li.row[data-row="2"]').focus();
  assert.match(
    withoutIsolates(await lesson(page, '.readout').innerText()),
    /Reading “is”: The [01]\.\d{4} · FBI [01]\.\d{4} · is [01]\.\d{4}/,
  );
  await shotLesson(page, 'lstmn-default-1280.png');
  await page.close();
});

test('the figure follows typing: a new row per word (timing: scripts/bench-page.mjs)', async () => {
  const page = await openLesson();
  await textbox(page).fill('Emma');
  await settled(page, 1);
  await textbox(page).focus();
  await page.keyboard.press('End');
  await page.keyboard.type(' was happy', { delay: 30 });
  const items = await settled(page, 3);
  assert.deepEqual(
    items.map((r) => r.word),
    ['Emma', 'was', 'happy'],
  );
  // From the input event to the new row (printed; the benchmark judges the time).
  const frames = [];
  for (const text of ['Emma was happy and', 'Emma was happy and clever', 'Emma was happy and clever .']) {
    frames.push(
      await page.evaluate(async (value) => {
        const root = document.querySelector('attnlab-lstmn')?.shadowRoot ?? document.createDocumentFragment();
        const count = () => root.querySelectorAll('.reading li.row').length;
        const before = count();
        const area = root.querySelector('textarea');
        area.value = value;
        const start = performance.now();
        area.dispatchEvent(new Event('input', { bubbles: true }));
        let n = 0;
        while (count() === before && performance.now() - start < 60_000) {
          await new Promise((r) => requestAnimationFrame(r));
          n++;
        }
        return { frames: n, ms: performance.now() - start, rows: count() };
      }, text),
    );
  }
  console.log(
    `# lesson 2 redraw after a keystroke: ${frames.map((f) => `${f.frames} frame(s) ${f.ms.toFixed(1)} ms`).join(', ')}`,
  );
  assert.deepEqual(
    frames.map((f) => f.rows),
    [4, 5, 6],
  );
  await page.close();
});

test('hostile inputs: a clear message or a working figure, never blank, no script run', async () => {
  const page = await openLesson();
  const box = textbox(page);

  await box.fill('');
  assert.match(await placeholder(page, /Type a sentence/), /how the model reads/);
  await box.fill('   \n ');
  await placeholder(page, /Type a sentence/);
  await box.fill('?!... ,;');
  assert.match(await placeholder(page, /no letters or digits/), /no words/);
  await box.fill('\u200B\u200B\u200B');
  await placeholder(page, /no letters or digits/);

  // Markup is text: shown literally, never parsed, no dialog.
  await box.fill('<script>alert(1)</script><img src=x onerror=alert(2)>');
  let items = await settled(page);
  assert.ok(items.length >= 1);
  assert.equal(await page.locator('img').count(), 0, 'no <img> element was created');
  const reading = await lesson(page, '.reading').innerText();
  assert.ok(
    reading.includes('<') && reading.includes('script'),
    `markup shown as text: ${reading.slice(0, 80)}`,
  );
  assert.equal(
    await page.evaluate(
      () => document.querySelector('attnlab-lstmn').shadowRoot?.querySelectorAll('script, img').length,
    ),
    0,
  );

  // Emoji, CJK, right-to-left, zero-width inside words: a figure, rows summing to 1, and a note.
  for (const text of ['I ❤️ 東京 and 😀 tea', 'שלום and مرحبا friends', 'zero\u200Bwidth and\u200Djoiners']) {
    await box.fill(text);
    items = await settled(page);
    for (const row of items) {
      const sum = row.alphas.reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - 1) <= 1e-4, `"${text}" row "${row.word}" sums to ${sum}`);
    }
  }
  await box.fill('東京 is far');
  await settled(page, 3);
  await lesson(page, '.message[data-key="foreign"]').waitFor();

  // 2,500 characters pasted: cut to 2,000 with a message, and the model reads what fits.
  await box.fill('It is a truth universally acknowledged. '.repeat(63));
  await lesson(page, '.message[data-key="chars"]').waitFor();
  assert.match(await lesson(page, '.message[data-key="chars"]').innerText(), /2,520 characters.*first 2,000/);
  await lesson(page, '.message[data-key="tokens"]').waitFor();
  items = await settled(page);
  assert.ok(items.length >= 10, `long text still drawn (${items.length} rows)`);
  await lesson(page, '.note[data-key="rows"]').waitFor();
  await shotLesson(page, 'lstmn-long-1280.png');

  // And back to a sentence, with no engine error on the way.
  await box.fill(DEFAULT_SENTENCE);
  await settled(page, 10);
  assert.equal(await lesson(page, '.message[data-kind="error"]').count(), 0, 'no engine error');
  assert.equal(await lesson(page, '.message[data-key="chars"]').count(), 0, 'the length message is gone');
  assert.deepEqual(dialogs(), [], 'no dialog was opened');
  await page.close();
});

test('typed text is bidi-isolated: a U+202E override reorders neither the byte pieces nor the heading', async () => {
  const page = await openLesson();
  await textbox(page).fill('I saw \u202Eevil');
  await settled(page, 3);
  // The tokenizer split: "‮evil = <E2> · <80> · <AE> · …", the pieces in reading order.
  const split = lesson(page, '.splits .split').filter({ hasText: '<E2>' });
  assert.equal(await split.count(), 1, await lesson(page, '.splits').innerText());
  const [e2, b80, ae] = await drawnLefts(split, ['<E2>', '<80>', '<AE>']);
  assert.ok(e2 !== null && b80 !== null && ae !== null, 'the byte pieces are drawn');
  assert.ok(e2 < b80 && b80 < ae, `drawn as <E2> <80> <AE>, left to right (${e2}, ${b80}, ${ae})`);
  // The guesses heading: the words after the typed text stay where they belong.
  const heading = lesson(page, '.next h4');
  const [start] = await drawnLefts(heading, ['Next-word']);
  const [close] = await drawnLefts(heading, ['”'], { last: true });
  const [word] = await drawnLefts(heading, ['evil']);
  assert.ok(start < word && word < close, `the closing quote is drawn last (${start}, ${word}, ${close})`);
  assert.match(withoutIsolates(await heading.innerText()), /after “I saw <E2><80><AE>evil”/);
  await lesson(page, '.figure').screenshot({ path: path.join(ARTIFACTS, 'lstmn-bidi-1280.png') });
  await page.close();
});

test('a Chinese sentence: the Chinese model reads it by characters; with the English model, one "word" without spaces is explained', async () => {
  const page = await openLesson();
  await textbox(page).fill('我喜欢看书');
  // The lesson switches to its Chinese model, one row per character (tests/e2e/zh-lessons.mjs)...
  await lesson(page, '.zh-switch[data-zh-model="on"]').waitFor();
  await settled(page, 5);
  // ...and back to the English model, which reads byte pieces: the whole sentence is one "word".
  await lesson(page, '.zh-switch button').click();
  await settled(page, 1);
  const message = lesson(page, '.message[data-key="unspaced"]');
  await message.waitFor();
  assert.match(await message.innerText(), /without spaces.*Pieces/s);
  await lesson(page, '.views [data-view="pieces"]').click();
  const pieces = await settled(page, undefined);
  assert.ok(pieces.length > 1, `the pieces view has one row per piece (${pieces.length})`);
  assert.equal(await message.count(), 0, 'no such message in the pieces view');
  await page.close();
});

test('clicking a row opens the step panel with the numbers of that step', async () => {
  const page = await openLesson();
  assert.equal(await lesson(page, '.step').count(), 0, 'no panel before a click');
  await lesson(page, '.reading li.row[data-word="criminal"]').click();
  const step = lesson(page, '.step');
  await step.waitFor();
  const token = Number(await step.getAttribute('data-token'));
  assert.equal(Number(await step.getAttribute('data-step')), token + 1);
  assert.match(
    withoutIsolates(await step.locator('h4').first().innerText()),
    /Step \d+ of \d+: reading “criminal”/,
  );
  // The slide formulas, typeset (KaTeX is fetched when the first formula is shown: waited for).
  await eventually(
    () => step.locator('.formula .katex').count(),
    { until: (n) => n >= 3 },
    'formulas typeset',
  );
  // x_i, c_{i-1}, h_i and c_i with their real numbers.
  const vectors = await step.locator('.vector').evaluateAll((els) =>
    els.map((e) => ({
      name: e.getAttribute('data-name'),
      dims: Number(e.getAttribute('data-dims')),
      values: e.getAttribute('data-values').split(' ').map(Number),
      squares: e.querySelectorAll('rect').length,
      title: e.querySelector('rect title')?.textContent,
      fills: [...e.querySelectorAll('rect')].map((r) => r.getAttribute('fill')),
    })),
  );
  assert.deepEqual(
    vectors.map((v) => v.name),
    ['x', 'c_prev', 'h', 'c'],
  );
  for (const v of vectors) {
    assert.equal(v.values.length, v.dims);
    assert.equal(v.squares, v.dims);
    assert.ok(v.values.every(Number.isFinite));
    assert.match(v.title, new RegExp(`^${v.name}\\[1\\] = -?\\d+\\.\\d{4}$`));
    // The shared diverging scale (figures/vector-strip.ts): the largest |value| is full orange
    // when positive, full purple when negative.
    const k = v.values.reduce((best, x, i) => (Math.abs(x) > Math.abs(v.values[best]) ? i : best), 0);
    if (v.values[k] !== 0)
      assert.equal(v.fills[k], interpolatePuOr(v.values[k] > 0 ? 1 : 0), `${v.name}[${k}]`);
  }
  assert.ok(
    vectors.find((v) => v.name === 'h').values.some((x) => x !== 0),
    'h_i is not all zeros',
  );
  // The scores and their softmax over h_1..h_i: one table row per piece read, summing to 1.
  const scores = await step.locator('table.scores tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      score: Number(tr.getAttribute('data-score')),
      alpha: Number(tr.getAttribute('data-alpha')),
    })),
  );
  assert.equal(scores.length, token + 1);
  const max = Math.max(...scores.map((s) => s.score));
  const total = scores.reduce((s, x) => s + Math.exp(x.score - max), 0);
  for (const s of scores)
    assert.ok(Math.abs(Math.exp(s.score - max) / total - s.alpha) < 1e-4, 'alpha = softmax(e)');
  assert.ok(Math.abs(scores.reduce((s, x) => s + x.alpha, 0) - 1) < 1e-4);
  // The shared scores table (figures/scores-table.ts): the footer prints the sum of the rows shown.
  const shown = await step.locator('table.score-table tfoot .sum').innerText();
  assert.equal(shown, scores.reduce((s, x) => s + x.alpha, 0).toFixed(4));
  // The top 5 next pieces for this position.
  const next = lesson(page, `.next[data-token="${token}"] li`);
  await expectCount(next, 5, 'five next pieces');
  const probabilities = await next.evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-p'))));
  for (let k = 1; k < 5; k++) assert.ok(probabilities[k] <= probabilities[k - 1]);
  assert.ok(probabilities.every((p) => p > 0 && p < 1));
  await shotLesson(page, 'lstmn-step-1280.png');
  // Keyboard: arrow down moves to the next row, Enter opens it.
  await lesson(page, '.reading li.row[data-word="criminal"]').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await lesson(page, '.step h4')
    .filter({ hasText: /“\u2068?on\u2069?”/ })
    .waitFor();
  await lesson(page, '.step .close').click();
  await lesson(page, '.step').waitFor({ state: 'detached' });
  await page.close();
});

test('the pieces view: one row per BPE piece, rows still sum to 1, and back to words', async () => {
  const page = await openLesson();
  await lesson(page, '.views [data-view="pieces"]').click();
  const pieces = await settled(page, undefined);
  assert.ok(pieces.length > 10, `more pieces (${pieces.length}) than words`);
  assert.equal(await lesson(page, '.reading').getAttribute('data-view'), 'pieces');
  for (const row of pieces) assert.ok(Math.abs(row.alphas.reduce((a, b) => a + b, 0) - 1) <= 1e-4);
  await shotLesson(page, 'lstmn-pieces-1280.png');
  await lesson(page, '.views [data-view="words"]').click();
  await settled(page, 10);
  await page.close();
});

test('the model switch lists the served models; a baseline shows its guesses and says it has no attention', async (t) => {
  const served = servedModels().filter((m) => m.startsWith('lm-'));
  const page = await openLesson();
  const buttons = lesson(page, '.models [data-model]');
  if (served.length < 2) {
    assert.equal(await buttons.count(), 0, 'no switch for a single model');
    await page.close();
    t.skip(`only ${served.join(', ')} served`);
    return;
  }
  // The unpenalized twin of a served cell is reached through the training switch, not a pill.
  const twins = { 'rnn-selfattn-nopenalty': 'rnn-selfattn' };
  const paired = (model) => twins[model] && served.includes(`lm-${twins[model]}`);
  const pills = served.map((f) => f.replace(/^lm-/, '')).filter((m) => !paired(m));
  assert.equal(await buttons.count(), pills.length);
  for (const folder of served) {
    const model = folder.replace(/^lm-/, '');
    if (paired(model)) {
      await lesson(page, `.models [data-model="${twins[model]}"]`).click();
      await lesson(page, `.training [data-model="${model}"]`).click();
      assert.equal(
        await lesson(page, `.training [data-model="${model}"]`).getAttribute('aria-checked'),
        'true',
      );
      assert.equal(
        await lesson(page, `.models [data-model="${twins[model]}"]`).getAttribute('aria-checked'),
        'true',
        'its cell stays chosen',
      );
    } else {
      await lesson(page, `.models [data-model="${model}"]`).click();
      assert.equal(
        await lesson(page, `.models [data-model="${model}"]`).getAttribute('aria-checked'),
        'true',
      );
    }
    await lesson(page, '.card').waitFor();
    const items = await settled(page, 10);
    const plain = model === 'rnn' || model === 'lstm';
    if (plain) {
      await lesson(page, '.message[data-key="no-attention"]').waitFor();
      assert.ok(
        items.every((r) => r.alphas.length === 0),
        'no weights for a baseline',
      );
      assert.equal(await lesson(page, 'attnlab-attention-map').count(), 0);
      await shotLesson(page, `lstmn-${model}-1280.png`);
    } else {
      for (const row of items) assert.ok(Math.abs(row.alphas.reduce((a, b) => a + b, 0) - 1) <= 1e-4);
    }
    assert.equal(await lesson(page, '.next li').count(), 5, `top 5 for ${model}`);
    await lesson(page, '.reading li.row[data-row="3"]').click();
    await lesson(page, '.step .vector[data-name="h"]').waitFor();
  }
  await page.close();
});

originTest();
