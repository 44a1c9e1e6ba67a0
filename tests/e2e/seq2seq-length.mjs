// Lesson 1 never loops (issue 53, part 4), on the built page (build/web) in Debian's Chromium: the
// two sentences a student typed that made the English -> French model repeat itself to 80 words
// now stop at 2 x their words + 5, the translation is marked as stopped for length and a message
// says why, in the English and the Chinese interface, at 1280 and 375 px; a sentence the model
// ends has neither. Screenshots: tests/e2e/artifacts/seq2seq-length-*.png.
//
//   npm run build && node tests/e2e/seq2seq-length.mjs

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, assertNothingWentWrong, openSession, saveScreenshot, shownText } from './browser.mjs';
import { openSeqLesson, readSeqMap, seq } from './seq2seq-page.mjs';

let session;
before(async () => {
  session = await openSession('seq2seq-length');
});
after(() => session?.close());

const LOOPING = [
  { name: 'president', text: 'the president of the european union will visit the blue house next week .' },
  { name: 'pizza', text: 'i love pizza' },
];

/** Types `text` and waits until its translation is shown (the one shown before has gone). */
async function translate(page, text) {
  const before = await seq(page, '.translation').getAttribute('data-translation');
  await seq(page, 'textarea').fill(text);
  await page.waitForFunction(
    (old) => {
      const root = document.querySelector('attnlab-seq2seq')?.shadowRoot;
      const shown = root?.querySelector('.translation')?.getAttribute('data-translation');
      return (
        root?.querySelector('.figure')?.getAttribute('aria-busy') === 'false' &&
        shown != null &&
        shown !== old
      );
    },
    before,
    { timeout: 30_000 },
  );
}

for (const lang of ['en', 'zh-CN'])
  for (const width of [1280, 375])
    test(`lesson 1 stops a looping translation at 2 x its words + 5 and says so (${lang}, ${width} px)`, async () => {
      const page = await openSeqLesson(session, { width, query: lang === 'en' ? '' : '?lang=zh-CN' });
      for (const { name, text } of LOOPING) {
        await translate(page, text);
        const message = seq(page, '.message[data-key="stopped-length"]');
        await message.waitFor({ timeout: 30_000 });
        const map = await readSeqMap(page);
        const n = map.cols.length; // the words the model read, the added full stop among them
        const limit = 2 * n + 5;
        // Rows: s0, then one per decoder step; none wrote <eos>, so every step is a word.
        assert.equal(map.rows.length - 1, limit, `${name}: ${map.rows.length - 1} steps, limit ${limit}`);
        assert.notEqual(map.rows.at(-1), '<eos>');
        const words = (await seq(page, '.translation').getAttribute('data-translation')).split(' ');
        assert.equal(words.length, limit, `${name}: the translation has ${limit} words`);
        assert.equal(await seq(page, '.translation').getAttribute('data-stopped'), 'length');
        const said = await shownText(message);
        assert.ok(said.includes(`2 × ${n} + 5 = ${limit}`), `${name}: the message gives the bound: ${said}`);
        assert.match(said, lang === 'en' ? /Stopped for length/ : /因长度截停/);
        assert.match(
          await shownText(seq(page, '.stopped-mark')),
          lang === 'en' ? /stopped for length/ : /因长度截停/,
        );
        // The model's probability is of the words only: there is no end token to include.
        const sure = await shownText(seq(page, '.translation-confidence'));
        assert.match(sure, lang === 'en' ? /no end token/ : /没有结束符/, `${name}: ${sure}`);
        assert.doesNotMatch(sure, lang === 'en' ? /the end included/ : /包括结束符/);
        await saveScreenshot(
          seq(page, '.figure'),
          path.join(ARTIFACTS, `seq2seq-length-${name}-${lang}-${width}.png`),
        );
      }
      // A sentence the model ends: no mark, no message.
      await translate(page, 'the red car is fast .');
      assert.equal(await seq(page, '.translation').getAttribute('data-stopped'), null);
      assert.equal(await seq(page, '.message[data-key="stopped-length"]').count(), 0);
      assert.equal((await readSeqMap(page)).rows.at(-1), '<eos>');
      assert.match(
        await shownText(seq(page, '.translation-confidence')),
        lang === 'en' ? /the end included/ : /包括结束符/,
      );
      await page.close();
      assertNothingWentWrong(session);
    });
