// Hostile URLs (issue 18) in Debian's Chromium on the built page: each crafted value gives a working
// page (every lesson answers what is typed) and a clear message, never a thrown error: a sentence of
// 100,000 characters, HTML, broken UTF-8 and a lone surrogate, a layer and head past the model's,
// unknown model names, an unknown lesson and names nothing reads, a garbage intervention; the
// notice in Chinese too. The link's notices are #url-notices (web/src/embed/url-check.ts).
//
//   npm run build && node tests/e2e/hostile-url.mjs        (npm run test:e2e runs it too)

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { WEB_DIR, openSession, scrollIntoRenderedView } from './browser.mjs';
import { LESSON_TAGS, answered, keystroke } from './lesson-driver.mjs';

let session;
before(async () => {
  session = await openSession('hostile-url');
});
after(() => session?.close());

/**
 * Opens the page at `query`; every lesson (or only `tags`) must answer a key typed into it. The
 * page itself is answered by the test (a static server refuses a 100,000-character URL with 431
 * before the page could see it; the page's own reading of it is what is tested here).
 */
async function working(query, tags = LESSON_TAGS) {
  const page = await session.newPage();
  await page.route(/\/index\.html\?/, (route) =>
    route.fulfill({ path: path.join(WEB_DIR, 'index.html'), contentType: 'text/html; charset=utf-8' }),
  );
  await page.goto(`${session.origin}/index.html?${query}`);
  for (const tag of tags) {
    await scrollIntoRenderedView(page, page.locator(`${tag} textarea`));
    await answered(page, tag);
    await page.locator(`${tag} textarea`).press('End');
    await keystroke(page, tag, 'x');
  }
  return page;
}

const notices = (page) =>
  page
    .locator('#url-notices .url-notice')
    .evaluateAll((ps) => ps.map((p) => `${p.dataset.key} ${p.dataset.name}`));
const message = (page, tag, key) => page.locator(`${tag} .message[data-key="${key}"]`);

test('a sentence of 100,000 characters: each lesson reads its beginning and says how much it cut', async () => {
  const long = encodeURIComponent('the cat sat on the mat . '.repeat(4000));
  const page = await working(`seq2seq.sentence=${long}&lstmn.sentence=${long}&transformer.sentence=${long}`, [
    'attnlab-lstmn',
    'attnlab-transformer',
  ]);
  // textContent: a lesson off screen is not rendered (content-visibility), so it has no innerText.
  for (const tag of LESSON_TAGS) assert.match(await message(page, tag, 'chars').textContent(), /100,00[01] /);
  // Lesson 1 translates at most 50 words: it says so in the figure's place instead of a map.
  await scrollIntoRenderedView(page, page.locator('attnlab-seq2seq textarea'));
  assert.match(await message(page, 'attnlab-seq2seq', 'too-long').textContent(), /at most 50/);
  assert.deepEqual(await notices(page), []);
  await page.close();
});

test('HTML in a sentence is text: shown as typed, never run, and the map reads it', async () => {
  const html = '<img src=x onerror=alert(1)><script>alert(2)</script>';
  const page = await working(
    `lstmn.sentence=${encodeURIComponent(html)}&transformer.sentence=${encodeURIComponent(html)}`,
    ['attnlab-lstmn', 'attnlab-transformer'],
  );
  for (const tag of ['attnlab-lstmn', 'attnlab-transformer']) {
    assert.equal(await page.locator(`${tag} textarea`).inputValue(), `${html}x`);
    const injected = await page.evaluate((tag) => {
      const find = (root) =>
        root.querySelectorAll('img, script').length +
        [...root.querySelectorAll('*')].reduce((n, e) => n + (e.shadowRoot ? find(e.shadowRoot) : 0), 0);
      return find(document.querySelector(tag).shadowRoot);
    }, tag);
    assert.equal(injected, 0, `${tag}: no element made of the text`);
  }
  assert.deepEqual(session.dialogs, []);
  await page.close();
});

test('broken UTF-8 (%ED%A0%80) and a lone surrogate: shown as U+FFFD, said once, and the lessons still answer', async () => {
  const page = await working('transformer.sentence=the%20%ED%A0%80%20cat&lstmn.sentence=a%ED%A0%80b', [
    'attnlab-lstmn',
    'attnlab-transformer',
  ]);
  assert.deepEqual(await notices(page), ['notText lstmn.sentence', 'notText transformer.sentence']);
  assert.match(await page.locator('#url-notices').innerText(), /not text/);
  // A lone surrogate can only come as an attribute (a URL cannot carry one): the lesson reads on.
  await page.evaluate(() =>
    document.querySelector('attnlab-seq2seq').setAttribute('sentence', 'the \uD800 car'),
  );
  await scrollIntoRenderedView(page, page.locator('attnlab-seq2seq textarea'));
  await answered(page, 'attnlab-seq2seq');
  await page.locator('attnlab-seq2seq textarea').press('End');
  await keystroke(page, 'attnlab-seq2seq', 's');
  await page.close();
});

test('a layer and head past the model: layer 1 and head 1 shown, and the lesson says why', async () => {
  const page = await working('transformer.layer=99&transformer.head=1000000', ['attnlab-transformer']);
  const note = message(page, 'attnlab-transformer', 'out-of-range');
  assert.match(await note.innerText(), /no layer 99 \(its layers go up to \d+\); layer 1 is shown/);
  const el = page.locator('attnlab-transformer');
  assert.equal(await el.getAttribute('layer'), '1');
  // Not numbers at all: the link's notice; the page still works.
  const other = await working('transformer.layer=-3&transformer.head=two', ['attnlab-transformer']);
  assert.deepEqual(await notices(other), ['notIndex transformer.layer', 'notIndex transformer.head']);
  await page.close();
  await other.close();
});

test('unknown model names, lesson and names: each said once, the lessons show their own models', async () => {
  const page = await working(
    `embed=lesson4&seq2seq.model=gpt-5&lstmn.model=${encodeURIComponent('<b>x</b>')}&transformer.model=${'z'.repeat(5000)}&colour=red&seq2seq.colour=blue`,
  );
  assert.deepEqual(await notices(page), [
    'unknownLesson embed',
    'unknownName colour',
    'unknownName seq2seq.colour',
    'unknownModel seq2seq.model',
    'unknownModel lstmn.model',
    'unknownModel transformer.model',
  ]);
  const text = await page.locator('#url-notices').innerText();
  assert.match(text, /“gpt-5” is not one of the lesson’s models \(additive, dot\)/);
  assert.match(text, /“<b>x<\/b>”/, 'HTML in a value is shown as text');
  assert.ok(text.length < 2000, 'a 5,000-character value is not repeated whole');
  assert.equal(await page.locator('body').getAttribute('data-embed'), null, 'the whole page is shown');
  for (const tag of LESSON_TAGS) assert.notEqual(await page.locator(tag).getAttribute('model'), 'gpt-5');
  await page.close();
});

test('a garbage intervention: the bar says what it ignored, the lesson computes the model as it is', async () => {
  const page = await working(`lstmn.intervene=${encodeURIComponent('%%%{"edits":[garbage!~')}`, [
    'attnlab-lstmn',
  ]);
  await message(page, 'attnlab-lstmn', 'ignored').waitFor();
  await page.close();
});

test('the notices in Chinese', async () => {
  const page = await working('lang=zh-CN&seq2seq.model=gpt-5', ['attnlab-seq2seq']);
  assert.match(await page.locator('#url-notices').innerText(), /不是这一课的模型/);
  await page.close();
});

test('nothing else went wrong', () => {
  assert.deepEqual(session.dialogs, []);
  assert.deepEqual(session.foreignRequests, []);
  assert.deepEqual(session.consoleErrors, []);
});
