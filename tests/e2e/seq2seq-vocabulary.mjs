// Lesson 1's vocabulary (issue 53, part 3) on the built page (build/web) in Debian's Chromium: a
// word the model does not know is offered its nearest known words, and a click puts one in its
// place; the list of every word the model knows opens, counts them as the model's config does and
// is searched as the student types; in the English and the Chinese interface, at 1280 and 375 px,
// for English -> French and Chinese -> English. Screenshots: tests/e2e/artifacts/seq2seq-vocabulary-*.png.
//
//   npm run build && node tests/e2e/seq2seq-vocabulary.mjs

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import {
  ARTIFACTS,
  assertNothingWentWrong,
  eventually,
  lessonUrl,
  openSession,
  saveScreenshot,
  shownText,
  openDetails,
} from './browser.mjs';
import { seriousViolations } from './axe.mjs';
import { openSeqLesson, seq } from './seq2seq-page.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let session;
before(async () => {
  session = await openSession('seq2seq-vocabulary');
});
after(() => session?.close());

/** The words lesson 1 says its model knows: the config's tokens with a letter, no <unk>. */
function knownWords(folder) {
  const config = JSON.parse(fs.readFileSync(path.join(repoRoot, 'models', folder, 'config.json'), 'utf8'));
  return config.tokenizer.vocab.filter((w) => /\p{L}/u.test(w) && !w.startsWith('<'));
}

const PAIRS = [
  {
    pair: 'en-fr',
    folder: 'seq2seq-additive',
    typed: 'the dogz see the red car .',
    unknown: 'dogz',
    pick: 'dog',
  },
  { pair: 'zh-en', folder: 'seq2seq-zh-en-additive', typed: '我有车', unknown: '有', pick: '有名' },
];

async function checkVocabulary(page, { folder, typed, unknown, pick }, lang) {
  const known = knownWords(folder);
  assert.ok(known.includes(pick) && !known.includes(unknown), `${folder}: the fixture's words`);
  await seq(page, 'textarea').fill(typed);
  // The unknown word and its nearest known words, the first of them the one a student means.
  const near = seq(page, `.nearest-word[data-word="${unknown}"]`);
  await near.waitFor({ timeout: 30_000 });
  const picks = await near.locator('.nearest-pick').evaluateAll((bs) => bs.map((b) => b.dataset.word));
  assert.equal(picks[0], pick, `${unknown}: ${picks.join(' ')}`);
  for (const w of picks) assert.ok(known.includes(w), `${w} is a word the model knows`);
  await near.locator(`.nearest-pick[data-word="${pick}"]`).click();
  const replaced = typed.replace(unknown, pick);
  await eventually(() => seq(page, 'textarea').inputValue(), replaced, 'the word put in its place');
  await eventually(() => near.count(), 0, 'the replaced word is no longer unknown');

  // The list: as many words as the config holds, searched as typed.
  const details = seq(page, 'details.vocabulary');
  const summary = await shownText(details.locator('summary'));
  assert.ok(summary.includes(String(known.length)), `the summary counts ${known.length}: ${summary}`);
  assert.match(summary, lang === 'en' ? /words this model knows/ : /这个模型认识的/);
  await openDetails(details.locator('summary'), 'the vocabulary opened');
  const items = details.locator('.vocabulary-list li');
  await eventually(() => items.count(), known.length, 'every known word listed');
  const search = details.locator('input[type="search"]');
  await search.fill(pick.slice(0, 2));
  await eventually(
    async () => {
      const shown = await items.allInnerTexts();
      return shown.length > 0 && shown.every((w) => w.includes(pick.slice(0, 2))) && shown.includes(pick);
    },
    true,
    'the search keeps the words that hold what was typed',
  );
  const n = await items.count();
  assert.ok(n < known.length, `${n} of ${known.length}`);
  // The nearest words of a second unknown word, and the open list, as axe-core reads them.
  await seq(page, 'textarea').fill(`${replaced} zzzq`);
  await seq(page, '.nearest-word[data-word="zzzq"] .nearest-none').waitFor();
  assert.deepEqual(
    await seriousViolations(page, 'attnlab-seq2seq'),
    [],
    'no serious accessibility violation',
  );
  assert.ok((await shownText(details.locator('.vocabulary-count'))).includes(String(n)));
  await search.fill('zzzq');
  await eventually(() => items.count(), 0, 'nothing holds "zzzq"');
  assert.match(await shownText(details.locator('.vocabulary-count')), /zzzq/);
  await search.fill('');
  await eventually(() => items.count(), known.length, 'an empty search lists every word again');
}

for (const lang of ['en', 'zh-CN'])
  for (const width of [1280, 375])
    test(`the words the model knows: nearest words and the searchable list (${lang}, ${width} px)`, async () => {
      for (const p of PAIRS) {
        const query = [`seq2seq.pair=${p.pair}`, lang === 'en' ? '' : 'lang=zh-CN'].filter(Boolean).join('&');
        const page = await openSeqLesson(session, { width, query: `?${query}` });
        await checkVocabulary(page, p, lang);
        const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
        assert.ok(fits, `${p.pair}: nothing wider than ${width} px`);
        await saveScreenshot(
          seq(page, 'details.vocabulary'),
          path.join(ARTIFACTS, `seq2seq-vocabulary-${p.pair}-${lang}-${width}.png`),
        );
        await page.close();
      }
      assertNothingWentWrong(session);
    });

test('teacher mode shows neither (no control to click)', async () => {
  const page = await session.newPage();
  await page.goto(
    lessonUrl(session.origin, 'seq2seq', '?seq2seq.controls=none&seq2seq.sentence=the+dogz+run+.'),
  );
  await eventually(() => seq(page, '.tokens li.unknown').count(), 1, 'the unknown word is marked', {
    timeout: 60_000,
  });
  assert.equal(await seq(page, '.nearest').count(), 0);
  assert.equal(await seq(page, 'details.vocabulary').count(), 0);
  await page.close();
});
