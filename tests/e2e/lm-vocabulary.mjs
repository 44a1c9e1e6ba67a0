// Lessons 2 and 3's vocabulary (issue 53, part 3) on the built page (build/web) in Debian's
// Chromium: a word the BPE cuts into pieces is offered the nearest pieces that start a word (typed,
// they stay one piece), and a click puts one in its place; the list of those pieces opens, counts
// what the model's merges make (a space and letters), and is searched as typed; a Chinese sentence
// switches to the character model, whose list counts its characters; in the English interface at
// 1280 px and the Chinese one at 375 px, with no serious axe-core violation.
// Screenshots: tests/e2e/artifacts/lm-vocabulary-*.png.
//
//   npm run build && node tests/e2e/lm-vocabulary.mjs

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
} from './browser.mjs';
import { seriousViolations } from './axe.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let session;
before(async () => {
  session = await openSession('lm-vocabulary');
});
after(() => session?.close());

const config = (folder) =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'models', folder, 'config.json'), 'utf8'));

/** The words a byte-level BPE keeps whole: the tokens its merges make that are a space and a word. */
function bpeWords(folder) {
  const bytes = Array.from({ length: 256 }, (_, b) => [b]);
  for (const [a, b] of config(folder).tokenizer.merges) bytes.push([...bytes[a], ...bytes[b]]);
  const words = bytes
    .map((t) => Buffer.from(t).toString('utf8'))
    .filter((t) => /^ [\p{L}\p{N}'’]+$/u.test(t) && /[\p{L}\p{N}]/u.test(t))
    .map((t) => t.slice(1));
  return [...new Set(words)];
}
/** The characters a character model knows: its vocabulary's letters. */
const modelChars = (folder) =>
  config(folder).tokenizer.vocab.filter((c) => /[\p{L}\p{N}]/u.test(c) && !c.startsWith('<'));

const LESSONS = [
  { lesson: 'lstmn', tag: 'attnlab-lstmn', folder: 'lm-rnn-selfattn', zh: 'lm-zh-rnn-selfattn' },
  { lesson: 'transformer', tag: 'attnlab-transformer', folder: 'tf-mlm', zh: 'tf-mlm-zh' },
];

for (const { lesson, tag, folder, zh } of LESSONS)
  for (const [lang, width] of [
    ['en', 1280],
    ['zh-CN', 375],
  ])
    test(`${lesson}: nearest whole words and the searchable list (${lang}, ${width} px)`, async () => {
      const $ = (page, selector) => page.locator(`${tag} ${selector}`);
      const known = bpeWords(folder);
      const number = (n) => new Intl.NumberFormat(lang).format(n);
      assert.ok(known.includes('the') && !known.includes('libary'), `${folder}: the fixture's words`);
      const page = await session.newPage({ width });
      await page.goto(lessonUrl(session.origin, lesson, lang === 'en' ? '' : '?lang=zh-CN'));
      const summary = $(page, 'details.vocabulary summary');
      await summary.waitFor({ timeout: 60_000 });
      const said = await shownText(summary);
      assert.ok(said.includes(number(known.length)), `the summary counts ${known.length}: ${said}`);

      // "libary" (a student's spelling of "library") is cut into pieces: offered words the model
      // keeps whole; a click puts the first in its place.
      const typed = 'we read in the libary today';
      await $(page, 'textarea').fill(typed);
      const near = $(page, '.nearest-word[data-word="libary"]');
      await near.waitFor({ timeout: 30_000 });
      const picks = await near.locator('.nearest-pick').evaluateAll((bs) => bs.map((b) => b.dataset.word));
      assert.ok(picks.length > 0, 'libary has near words');
      for (const w of picks) assert.ok(known.includes(w), `${w} is kept whole`);
      await near.locator('.nearest-pick').first().click();
      await eventually(
        () => $(page, 'textarea').inputValue(),
        typed.replace('libary', picks[0]),
        'the word put in',
      );
      await eventually(() => near.count(), 0, 'the word replaced is no longer offered');

      // The list, searched.
      await summary.click();
      const items = $(page, 'details.vocabulary .vocabulary-list li');
      await eventually(() => items.count(), known.length, 'every word kept whole listed');
      assert.deepEqual(await seriousViolations(page, tag), [], 'no serious accessibility violation');
      const search = $(page, 'details.vocabulary input[type="search"]');
      await search.fill('ing');
      await eventually(
        async () => {
          const shown = await items.allInnerTexts();
          return shown.length > 0 && shown.length < known.length && shown.every((w) => w.includes('ing'));
        },
        true,
        'the search keeps the words that hold "ing"',
      );
      await search.fill('zzzq');
      await eventually(() => items.count(), 0, 'nothing holds "zzzq"');
      assert.match(await shownText($(page, 'details.vocabulary .vocabulary-count')), /zzzq/);
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      assert.ok(fits, `nothing wider than ${width} px`);
      await search.fill('');
      await saveScreenshot(
        $(page, 'details.vocabulary'),
        path.join(ARTIFACTS, `lm-vocabulary-${lesson}-${lang}-${width}.png`),
      );

      // A Chinese sentence: the character model, its characters.
      const chars = modelChars(zh);
      await $(page, 'textarea').fill('我昨天在家读书');
      await eventually(
        async () => (await summary.innerText()).includes(number(chars.length)),
        true,
        `the character model's ${chars.length} characters`,
        { timeout: 60_000 },
      );
      await eventually(() => items.count(), chars.length, 'every character listed');
      await page.close();
      assertNothingWentWrong(session);
    });

test('teacher mode shows neither', async () => {
  for (const { lesson, tag } of LESSONS) {
    const page = await session.newPage();
    await page.goto(
      lessonUrl(session.origin, lesson, `?${lesson}.controls=none&${lesson}.sentence=my+cat+sleeps`),
    );
    await page.locator(`${tag} .splits`).waitFor({ timeout: 60_000 });
    await page.locator(`${tag} .splits[data-split]`).first().waitFor();
    assert.equal(await page.locator(`${tag} .nearest`).count(), 0, lesson);
    assert.equal(await page.locator(`${tag} details.vocabulary`).count(), 0, lesson);
    await page.close();
  }
});
