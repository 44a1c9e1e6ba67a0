// What a newcomer meets (issue 52 B5), in the page: lesson 1 showing a model the student opened no
// longer highlights a language pair (the pair is the lesson's models', not the student's); the
// translation comes with the model's own probability of it; the element snippet used on another
// site says it cannot run there without downloading a model first.
//
//   npm run build && node tests/e2e/newcomer.mjs

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { ARTIFACTS, WEB_DIR, assertNothingWentWrong, openSession } from './browser.mjs';

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

test('the element on another site says it cannot run there before it downloads any model', async () => {
  // The same server under another name is another origin: the page on localhost, attnlab.js on 127.0.0.1.
  const dir = path.join(WEB_DIR, 'newcomer-test');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'cross.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>A course page</title>
<link rel="icon" href="data:," /><script type="module" src="${session.origin}/attnlab.js"></script></head><body>
<attnlab-seq2seq></attnlab-seq2seq>
<attnlab-lstmn></attnlab-lstmn>
<attnlab-transformer></attnlab-transformer>
</body></html>`,
  );
  const other = session.origin.replace('127.0.0.1', 'localhost');
  try {
    const page = await session.newPage({ width: 1280, height: 900 });
    const fetched = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${other}/newcomer-test/cross.html`);
    for (const tag of ['attnlab-seq2seq', 'attnlab-lstmn', 'attnlab-transformer'])
      await page.waitForFunction(
        (t) => document.querySelector(t)?.shadowRoot?.querySelector('.placeholder[data-key="cross-origin"]'),
        tag,
        { timeout: 60_000 },
      );
    // Every request the page was going to make has been made (the network is quiet).
    await page.waitForLoadState('networkidle');
    // models/index.json and the small cards may come; no model's weights or config, no engine.
    assert.deepEqual(
      fetched.filter(
        (p) => /\/models\/[^/]+\/(model\.safetensors|config\.json)$/.test(p) || p.endsWith('.wasm'),
      ),
      [],
      fetched.join(' '),
    );
    await page.screenshot({ path: path.join(ARTIFACTS, 'newcomer-cross-origin-1280.png') });
    await page.close();
  } finally {
    // This test went to the other origin on purpose.
    for (const list of [session.foreignRequests, session.consoleErrors, session.failedRequests])
      for (let i = list.length - 1; i >= 0; i--)
        if (list[i].includes(other) || /Worker/.test(list[i])) list.splice(i, 1);
  }
});

test('nothing went wrong meanwhile', () => assertNothingWentWrong(session));
