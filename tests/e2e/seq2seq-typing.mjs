// Lesson 1 while the student types, on the built page (build/web) in Debian's Chromium: each
// keystroke updates the translation, draws the map and the step panel once (when the answer
// arrives), and known words complete the word being typed (only once somebody types). The other
// lessons' keystrokes: keystrokes.mjs; the rest of lesson 1: seq2seq.mjs.
//
//   npm run build && node tests/e2e/seq2seq-typing.mjs

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { assertNothingWentWrong, lessonUrl, openSession, scrollIntoRenderedView } from './browser.mjs';
import { openSeqLesson, seq, settledTranslation } from './seq2seq-page.mjs';

let session;
before(async () => {
  session = await openSession('seq2seq-typing');
});
after(() => session?.close());

const openLesson = (options) => openSeqLesson(session, options);

test('Seq2Seq lesson: each keystroke updates the translation (timing: scripts/bench-page.mjs)', async () => {
  const page = await openLesson();
  const frames = [];
  for (const text of ['the red car', 'the red car is', 'the red car is fast', 'the big red car is fast .']) {
    frames.push(
      await page.evaluate(async (value) => {
        const lesson =
          document.querySelector('attnlab-seq2seq')?.shadowRoot ?? document.createDocumentFragment();
        const shown = () => lesson.querySelector('.translation')?.getAttribute('data-translation') ?? null;
        const before = shown();
        const area = lesson.querySelector('textarea');
        area.value = value;
        const start = performance.now();
        area.dispatchEvent(new Event('input', { bubbles: true }));
        let n = 0;
        while (shown() === before && performance.now() - start < 60_000) {
          await new Promise((r) => requestAnimationFrame(r));
          n++;
        }
        return { frames: n, ms: performance.now() - start, changed: shown() !== before };
      }, text),
    );
  }
  console.log(
    `# seq2seq translation after a keystroke: ${frames.map((f) => `${f.frames} frame(s) ${f.ms.toFixed(1)} ms`).join(', ')}`,
  );
  for (const f of frames) assert.ok(f.changed, 'the translation changed');
  await page.close();
});

test('Seq2Seq lesson: a keystroke draws the map and the step panel once, when the answer arrives', async () => {
  const page = await openLesson();
  const touched = await page.evaluate(async () => {
    const lesson = document.querySelector('attnlab-seq2seq');
    const root = lesson.shadowRoot;
    const svg = root.querySelector('attnlab-attention-map').shadowRoot.querySelector('svg.heat');
    const strips = [...root.querySelectorAll('attnlab-vector-strip')];
    const seen = { map: 0, stripUpdates: 0 };
    const mapWatch = new MutationObserver((records) => (seen.map += records.length));
    mapWatch.observe(svg, { subtree: true, childList: true, attributes: true });
    // A strip repaints its cells when its values change: count those updates.
    for (const strip of strips) {
      const updated = strip.updated.bind(strip);
      strip.updated = (changed) => {
        seen.stripUpdates++;
        updated(changed);
      };
    }
    const area = root.querySelector('textarea');
    area.value = `${area.value} `;
    area.dispatchEvent(new Event('input', { bubbles: true }));
    await lesson.updateComplete; // any render before the worker's answer (a task) can arrive
    for (const strip of strips) await strip.updateComplete;
    seen.map += mapWatch.takeRecords().length;
    mapWatch.disconnect();
    return { ...seen, strips: strips.length };
  });
  // Before the answer the lesson still shows the last record: nothing of the map or the strips
  // is drawn again (they were, for the text passed to the map's download and a new start map).
  assert.equal(touched.map, 0, 'map changes before the answer');
  assert.ok(touched.strips > 0, 'the step panel has strips');
  assert.equal(touched.stripUpdates, 0, 'strip updates before the answer');
  await settledTranslation(page);
  await page.close();
});

test("Seq2Seq lesson: typing a word keeps the map's cells and numbers in place, with the digits of their cells", async () => {
  const page = await openLesson();
  // A cell's rect and the weight printed on it stay at their (row, col) from one sentence to the
  // next: a new word only changes colours and digits. (Printed numbers kept by index moved about
  // 120 texts at each word, each laid out again: performance-keystrokes.md.)
  const MAP = 'attnlab-attention-map';
  let text = 'the small';
  await seq(page, 'textarea').fill(text);
  await settledTranslation(page);
  for (const word of ['green', 'car', 'does', 'not', 'see', 'the', 'house']) {
    const cols = await seq(page, `${MAP} g.col-labels g.label`).count();
    const before = await page.evaluate((tag) => {
      const map = document.querySelector('attnlab-seq2seq').shadowRoot.querySelector(tag).shadowRoot;
      const els = [...map.querySelectorAll('rect[data-weight], g.numbers text')];
      for (const el of els) el.dataset.mark = `${el.getAttribute('x')},${el.getAttribute('y')}`;
      return els.length;
    }, MAP);
    text += ` ${word}`;
    await seq(page, 'textarea').fill(text);
    // The map has a column more (the source words are its columns).
    await page.waitForFunction(
      ([tag, cols]) =>
        document
          .querySelector('attnlab-seq2seq')
          .shadowRoot.querySelector(tag)
          .shadowRoot.querySelectorAll('g.col-labels g.label').length > cols,
      [MAP, cols],
    );
    await settledTranslation(page);
    const after = await page.evaluate((tag) => {
      const map = document.querySelector('attnlab-seq2seq').shadowRoot.querySelector(tag).shadowRoot;
      const els = [...map.querySelectorAll('rect[data-weight], g.numbers text')];
      const at = (el) => `${el.getAttribute('x')},${el.getAttribute('y')}`;
      const cell = (el) => `${el.dataset.row},${el.dataset.col}`;
      const rects = new Map([...map.querySelectorAll('rect[data-weight]')].map((r) => [cell(r), r]));
      const texts = [...map.querySelectorAll('g.numbers text')];
      return {
        rects: rects.size,
        texts: texts.length,
        kept: els.filter((el) => el.dataset.mark).length,
        moved: els.filter((el) => el.dataset.mark && el.dataset.mark !== at(el)).length,
        // The digits on each cell are its own weight's (the rect of the same row and column).
        wrong: texts.filter((t) => {
          const rect = rects.get(cell(t));
          return !rect || Number(rect.dataset.weight).toFixed(2) !== t.textContent;
        }).length,
      };
    }, MAP);
    const label = `typing "${word}": ${JSON.stringify({ before, ...after })}`;
    assert.ok(after.texts > 0 && after.texts === after.rects, `a number on every cell, ${label}`);
    assert.ok(after.kept > 0, `elements kept, ${label}`);
    assert.equal(after.moved, 0, `no kept cell or number moved, ${label}`);
    assert.equal(after.wrong, 0, `every number is its cell's weight, ${label}`);
  }
  await page.close();
});

test('Seq2Seq lesson: known-word suggestions complete the word being typed', async () => {
  const page = await openLesson();
  const box = seq(page, 'textarea');
  await box.fill('');
  await box.pressSequentially('the re', { delay: 0 });
  const red = seq(page, '.suggestion[data-word="red"]');
  await red.waitFor();
  const words = await seq(page, '.suggestion').evaluateAll((b) => b.map((x) => x.dataset.word));
  assert.ok(words.length > 0 && words.length <= 8, `suggestions: ${words}`);
  assert.ok(
    words.every((w) => w.startsWith('re')),
    `suggestions: ${words}`,
  );
  await red.click();
  assert.equal(await box.inputValue(), 'the red ');
  await page.keyboard.type('car .');
  await settledTranslation(page, 'la voiture rouge .');
  assert.equal(await seq(page, '.suggestion').count(), 0, 'no suggestion after a finished sentence');
  await page.close();
});

test('Seq2Seq lesson: no known-word chips on page load, nor for a word that is known and complete', async () => {
  // The sentence ends in an unfinished word: nobody typed it, so nothing is suggested.
  const page = await session.newPage();
  await page.goto(lessonUrl(session.origin, 'seq2seq', 'seq2seq.sentence=the+red+appl'));
  await scrollIntoRenderedView(page, seq(page, 'textarea'));
  await settledTranslation(page);
  assert.equal(await seq(page, 'textarea').inputValue(), 'the red appl');
  await page.waitForTimeout(200);
  assert.equal(await seq(page, '.suggestion').count(), 0, 'nobody typed: no suggestion');
  const box = seq(page, 'textarea');
  await box.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('l');
  await seq(page, '.suggestion[data-word="apples"]').waitFor();
  await page.keyboard.type('e');
  await page.waitForTimeout(200);
  assert.equal(await seq(page, '.suggestion').count(), 0, '"apple" is known: no "apples"');
  await page.close();
});

test('nothing went wrong', () => assertNothingWentWrong(session));
