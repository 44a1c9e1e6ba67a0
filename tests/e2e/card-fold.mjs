// The model card above every figure is one line (issue 52 B1): the model, its accuracy and its
// size, and a closed "More about this model" that opens everything else the card says (how it was
// trained, 8-bit and 4-bit weights, tied tables, seeds, targets, what the measures are). Each
// lesson's card at 375 px, in English and Chinese: a few lines high closed, the same facts as
// before once opened. Screenshots: tests/e2e/artifacts/card-fold-*.png.
//
//   npm run build && node tests/e2e/card-fold.mjs

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  ARTIFACTS,
  assertNothingWentWrong,
  openSession,
  scrollIntoRenderedView,
  openDetails,
} from './browser.mjs';

let session;
before(async () => {
  session = await openSession('card-fold');
});
after(async () => {
  await session?.close();
});

/** Each lesson as embedded, and what its card says once opened (keys of its lines, a phrase). */
const LESSONS = [
  {
    tag: 'attnlab-seq2seq',
    query: '?embed=seq2seq',
    keys: ['weights-i8', 'weights-i4'],
    says: /BLEU|exact match|完全匹配率/,
  },
  {
    tag: 'attnlab-seq2seq',
    query: '?embed=seq2seq&seq2seq.pair=zh-en',
    keys: ['weights-i8', 'weights-i4'],
    says: /Targets|目标/,
  },
  {
    tag: 'attnlab-lstmn',
    query: '?embed=lstmn',
    keys: ['weights-i8', 'tied-output'],
    says: /Plain SimpleRNN|普通 SimpleRNN/,
  },
  { tag: 'attnlab-transformer', query: '?embed=transformer', keys: ['weights-i4'], says: /layers ×|层/ },
];

for (const lang of ['en', 'zh-CN'])
  for (const { tag, query, keys, says } of LESSONS)
    test(`${query} (${lang}): the card is one line and “More about this model” opens the rest`, async () => {
      const page = await session.newPage({ width: 375, height: 800 });
      await page.goto(`${session.origin}/index.html${query}${lang === 'en' ? '' : '&lang=zh-CN'}`);
      const card = page.locator(`${tag} .card`).first();
      await card.waitFor({ timeout: 60_000 });
      await scrollIntoRenderedView(page, card);
      const closed = await card.boundingBox();
      // One line of figures and the disclosure's own line: at most four lines of the card's text.
      const lineHeight = await card.evaluate((e) => parseFloat(getComputedStyle(e).fontSize) * 1.6);
      assert.ok(
        closed.height <= 4 * lineHeight,
        `closed card ${closed.height} px high (${4 * lineHeight} allowed)`,
      );
      const more = card.locator('details.card-more');
      assert.equal(await more.count(), 1, 'a “More about this model” disclosure');
      assert.equal(await more.getAttribute('open'), null, 'closed at first');
      assert.match(await more.locator('summary').innerText(), /More about this model|关于这个模型的更多信息/);
      const name = path.join(
        ARTIFACTS,
        `card-fold-${tag.slice(8)}${query.includes('zh-en') ? '-zh-en' : ''}-${lang}`,
      );
      await card.screenshot({ path: `${name}-closed.png` });
      await openDetails(more.locator('summary'), `${tag} ${lang}: More about this model opened`);
      for (const key of keys)
        assert.ok(await card.locator(`[data-key="${key}"]`).isVisible(), `${key} line shown`);
      assert.match(await card.innerText(), says);
      assert.ok((await card.boundingBox()).height > closed.height, 'opened, it is taller');
      await card.screenshot({ path: `${name}-open.png` });
      await page.close();
    });

test('nothing went wrong meanwhile', () => assertNothingWentWrong(session));
