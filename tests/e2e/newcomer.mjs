// What a newcomer meets (issue 52 B5), in the page: lesson 1 showing a model the student opened no
// longer highlights a language pair (the pair is the lesson's models', not the student's); the
// translation comes with the model's own probability of it.
//
//   npm run build && node tests/e2e/newcomer.mjs

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, assertNothingWentWrong, openSession } from './browser.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDER = path.join(repoRoot, 'tests/fixtures/options/seq2seq_relu');

let session;
before(async () => {
  session = await openSession('newcomer');
});
after(async () => {
  await session?.close();
});

/** The pair pills of lesson 1 and which is checked. */
const pairs = (page) =>
  page.evaluate(() =>
    [
      ...(document.querySelector('attnlab-seq2seq')?.shadowRoot?.querySelectorAll('.pairs [role="radio"]') ??
        []),
    ].map((b) => ({ value: b.dataset.value, checked: b.getAttribute('aria-checked'), tab: b.tabIndex })),
  );

test('lesson 1 with the student’s model: no language pair is highlighted, and a pair goes back to the lesson’s', async () => {
  const page = await session.newPage({ width: 1280, height: 900 });
  await page.goto(`${session.origin}/index.html?embed=seq2seq`);
  await page.locator('attnlab-seq2seq .pairs [role="radio"]').first().waitFor({ timeout: 60_000 });
  assert.deepEqual(
    (await pairs(page)).filter((p) => p.checked === 'true').map((p) => p.value),
    ['en-fr'],
  );
  await page
    .locator('attnlab-seq2seq input.open-input')
    .setInputFiles(['config.json', 'model.safetensors', 'card.json'].map((f) => path.join(FOLDER, f)));
  await page.waitForFunction(() =>
    document.querySelector('attnlab-seq2seq')?.shadowRoot?.querySelector('.card[data-local="true"]'),
  );
  const shown = await pairs(page);
  assert.deepEqual(
    shown.filter((p) => p.checked === 'true'),
    [],
    `no pair highlighted while the student’s model is shown: ${JSON.stringify(shown)}`,
  );
  assert.equal(shown.filter((p) => p.tab === 0).length, 1, 'the group stays reachable with Tab');
  await page
    .locator('attnlab-seq2seq .card')
    .screenshot({ path: path.join(ARTIFACTS, 'newcomer-local-pairs.png') });
  await page.locator('attnlab-seq2seq .pairs [data-value="en-fr"]').click();
  await page.waitForFunction(
    () => !document.querySelector('attnlab-seq2seq')?.shadowRoot?.querySelector('.card[data-local="true"]'),
  );
  assert.deepEqual(
    (await pairs(page)).filter((p) => p.checked === 'true').map((p) => p.value),
    ['en-fr'],
  );
  await page.close();
});

test('lesson 1 says how sure the model is of the translation it wrote, in both languages', async () => {
  for (const lang of ['en', 'zh-CN']) {
    const page = await session.newPage({ width: 375, height: 800 });
    await page.goto(`${session.origin}/index.html?embed=seq2seq&lang=${lang}`);
    const line = page.locator('attnlab-seq2seq .translation-confidence');
    await line.waitFor({ timeout: 60_000 });
    const p = Number(await line.getAttribute('data-p'));
    assert.ok(p > 0 && p <= 1, `a probability: ${p}`);
    const text = await line.innerText();
    assert.match(text, lang === 'en' ? /own probability of this output/ : /模型自己给这个输出的概率/);
    assert.ok(text.includes(await line.getAttribute('data-weakest')), text);
    await page
      .locator('attnlab-seq2seq .translation-box')
      .screenshot({ path: path.join(ARTIFACTS, `newcomer-confidence-${lang}-375.png`) });
    await page.close();
  }
});

test('nothing went wrong meanwhile', () => assertNothingWentWrong(session));
