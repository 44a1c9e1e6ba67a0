// End-to-end test of embedding and sharing (docs/embedding.md) in the built page (build/web) in
// Debian's Chromium: a plain HTML page in another folder with one script tag (attnlab.js) and the
// three lesson tags configured by attributes; teacher mode and lang; the app page's state in its URL
// (restored by a fresh page); the "Copy link" / "Copy embed code" buttons, whose snippets reproduce
// what is on screen; and no request leaving the origin. Screenshots: tests/e2e/artifacts/embed-*.png.
//
//   npm run build && node tests/e2e/embed.mjs        (npm run test:e2e runs it too)
//   ATTNLAB_WEB_DIR=/some/other/build node tests/e2e/embed.mjs

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, WEB_DIR, openSession } from './browser.mjs';

const webDir = WEB_DIR;
const artifacts = ARTIFACTS;
/** The course pages live one folder below the build, so a URL taken from the page's base would miss models/. */
const pagesDir = path.join(webDir, 'embed-test');

const SEQ_SENTENCE = 'the red car is fast .';
const LM_SENTENCE = 'She was very happy.';
const TF_SENTENCE = 'The cat sat on the mat.';
const CJK = /[\u4e00-\u9fff]/;
const LESSON_TAGS = {
  seq2seq: 'attnlab-seq2seq',
  lstmn: 'attnlab-lstmn',
  transformer: 'attnlab-transformer',
};

let session;
let origin;
let consoleErrors;
let foreignRequests;
let failedRequests;
let badResponses;

const page = (body, lang = 'en') => `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8" />
    <title>A course page</title>
    <link rel="icon" href="data:," />
    <script type="module" src="../attnlab.js"></script>
  </head>
  <body>
    <h1>Week 3: attention</h1>
${body}
  </body>
</html>
`;

before(async () => {
  assert.ok(
    fs.existsSync(path.join(webDir, 'attnlab.js')),
    `no attnlab.js in ${webDir}: run \`npm run build\` first`,
  );
  fs.mkdirSync(pagesDir, { recursive: true });
  fs.writeFileSync(
    path.join(pagesDir, 'three.html'),
    page(`    <attnlab-seq2seq sentence="${SEQ_SENTENCE}" controls="none" view="map"></attnlab-seq2seq>
    <attnlab-lstmn sentence="${LM_SENTENCE}" model="lm-rnn-selfattn" view="words map"></attnlab-lstmn>
    <attnlab-transformer sentence="${TF_SENTENCE}" controls="none" view="model"></attnlab-transformer>`),
  );
  fs.writeFileSync(
    path.join(pagesDir, 'chinese.html'),
    page(`    <attnlab-seq2seq sentence="${SEQ_SENTENCE}" lang="zh-CN" view="map step"></attnlab-seq2seq>`),
  );
  session = await openSession('embed');
  ({ origin, consoleErrors, foreignRequests, failedRequests, badResponses } = session);
});

after(async () => {
  await session?.close();
  fs.rmSync(pagesDir, { recursive: true, force: true });
});

async function open(url) {
  const tab = await session.newPage();
  const requested = [];
  tab.on('request', (r) => requested.push(new URL(r.url()).pathname)); // the workers' requests too
  tab.requested = requested;
  await tab.goto(url);
  return tab;
}

const seq = (tab, selector) => tab.locator(`attnlab-seq2seq ${selector}`);
const lm = (tab, selector) => tab.locator(`attnlab-lstmn ${selector}`);
const tf = (tab, selector) => tab.locator(`attnlab-transformer ${selector}`);

/** Waits until the Seq2Seq lesson is idle with a translation, and returns it. */
async function translation(tab) {
  await tab.waitForFunction(
    () => {
      const root = document.querySelector('attnlab-seq2seq')?.shadowRoot;
      return (
        (root?.host?.answered === false
          ? 'true'
          : root?.querySelector('.figure')?.getAttribute('aria-busy')) === 'false' &&
        root.querySelector('.translation[data-translation]') !== null
      );
    },
    null,
    { timeout: 30_000 },
  );
  return seq(tab, '.translation').getAttribute('data-translation');
}

/** The Seq2Seq source tokens on screen. */
const seqTokens = (tab) =>
  seq(tab, '.tokens li').evaluateAll((lis) =>
    lis.map((li) =>
      [...li.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('')
        .trim(),
    ),
  );

async function lmRows(tab) {
  await tab.waitForFunction(
    () => {
      const root = document.querySelector('attnlab-lstmn')?.shadowRoot;
      return (
        (root?.host?.answered === false
          ? 'true'
          : root?.querySelector('.figure')?.getAttribute('aria-busy')) === 'false' &&
        root.querySelectorAll('.reading li.row').length > 0
      );
    },
    null,
    { timeout: 30_000 },
  );
  return lm(tab, '.reading li.row').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-word')));
}

async function tfTokens(tab) {
  await tab.waitForFunction(
    () => {
      const root = document.querySelector('attnlab-transformer')?.shadowRoot;
      return (
        (root?.host?.answered === false
          ? 'true'
          : root?.querySelector('.figure')?.getAttribute('aria-busy')) === 'false' &&
        root.querySelectorAll('.view[data-view]').length > 0
      );
    },
    null,
    { timeout: 30_000 },
  );
  return tf(tab, '.view').getAttribute('data-view');
}

test('a plain page in another folder: one script tag, three lesson tags configured by attributes', async () => {
  const tab = await open(`${origin}/embed-test/three.html`);
  // Seq2Seq in teacher mode, map only: the sentence as text, its translation and map, no controls.
  assert.ok((await translation(tab)).length > 0);
  assert.deepEqual(await seqTokens(tab), SEQ_SENTENCE.split(' '));
  assert.equal(await seq(tab, 'textarea').count(), 0, 'no text box in teacher mode');
  assert.equal(await seq(tab, '.sentence-readonly').innerText(), SEQ_SENTENCE);
  assert.equal(await seq(tab, '.compare-toggle').count(), 0);
  assert.equal(await seq(tab, '.variants').count(), 0);
  assert.equal(await seq(tab, 'attnlab-attention-map').count(), 1);
  assert.equal(await seq(tab, '.step').count(), 0, 'view="map": no step panel');
  assert.equal(await seq(tab, '.length').count(), 0, 'view="map": no chart');
  // Lesson 2 with its controls, the model given by its folder name, reading figure and map only.
  const rows = await lmRows(tab);
  assert.deepEqual(rows, ['She', 'was', 'very', 'happy', '.']);
  assert.equal(await lm(tab, 'textarea').inputValue(), LM_SENTENCE);
  assert.equal(await lm(tab, 'attnlab-attention-map').count(), 1);
  assert.equal(await lm(tab, '.recall').count(), 0, 'view="words map": no recall chart');
  assert.equal(await tab.locator('attnlab-lstmn').getAttribute('model'), 'rnn-selfattn');
  // Lesson 3 in teacher mode on the model view: every layer and head, no switches.
  assert.equal(await tfTokens(tab), 'model');
  assert.equal(await tf(tab, 'textarea').count(), 0);
  assert.equal(await tf(tab, '.sentence-readonly').innerText(), TF_SENTENCE);
  assert.equal(await tf(tab, '.views').isVisible(), false, 'the view switch is hidden');
  assert.equal(await tf(tab, '.mask-panel').count(), 0);
  // Teacher mode names the query instead of offering chips; the big map's columns are the words.
  assert.equal(await tf(tab, '.chips').count(), 0, 'no token chips to press');
  const words = await tf(tab, 'attnlab-attention-map').evaluate((map) =>
    [...map.shadowRoot.querySelectorAll('g.col-labels g.label text')].map((l) => l.textContent.trim()),
  );
  assert.ok(words.includes('cat'), `the map's words: ${words}`);
  // English everywhere, KaTeX fonts declared on the page.
  const text = await tab.evaluate(() =>
    [...document.querySelectorAll('attnlab-seq2seq, attnlab-lstmn, attnlab-transformer')]
      .map((e) => e.shadowRoot.textContent)
      .join(' '),
  );
  assert.doesNotMatch(text, CJK);
  assert.equal(await tab.locator('style#attnlab-katex-fonts').count(), 1);
  await tab.screenshot({ path: path.join(artifacts, 'embed-three-1280.png'), fullPage: true });
  await tab.close();
});

test('lang="zh-CN" on an element shows the lesson in Chinese', async () => {
  const tab = await open(`${origin}/embed-test/chinese.html`);
  await translation(tab);
  assert.match(await seq(tab, '.translation-label').innerText(), CJK);
  assert.match(await seq(tab, 'label[for="sentence"]').innerText(), CJK);
  assert.equal(await seq(tab, '.step').count(), 1, 'view="map step": the step panel is there');
  assert.equal(await seq(tab, '.length').count(), 0);
  await tab.locator('attnlab-seq2seq').screenshot({ path: path.join(artifacts, 'embed-zh-1280.png') });
  await tab.close();
});

test('the app page keeps its state in the URL, and a fresh page opened at that URL shows the same', async () => {
  const tab = await open(`${origin}/index.html`);
  await translation(tab);
  await tab.waitForTimeout(500);
  assert.equal(new URL(tab.url()).search, '', 'nothing changed yet: no query');
  // The lang="zh-CN" course page before did not change the reader's own choice.
  assert.equal(await tab.evaluate(() => document.documentElement.lang), 'en');
  // Lesson 1: a new sentence, the dot-product model, the second decoder step.
  await seq(tab, 'textarea').fill(SEQ_SENTENCE);
  await tab.waitForFunction(
    (s) => document.querySelector('attnlab-seq2seq').getAttribute('sentence') === s,
    SEQ_SENTENCE,
  );
  await translation(tab);
  await seq(tab, '.variants [data-variant="dot"]').click();
  const french = await translation(tab);
  // The second French word: data-step counts rows of the map, row 0 being the start s_0, so it
  // matches the URL's step (the n-th word, as before the s_0 row was drawn).
  await seq(tab, '.step-words [data-step="2"]').click();
  // Lesson 3: the model view, and the language.
  await tf(tab, '.views [data-value="model"]').click();
  await tfTokens(tab);
  await tab.locator('#language-toggle').click();
  await tab.waitForFunction(() => new URLSearchParams(location.search).get('lang') === 'zh-CN');
  await tab.waitForFunction(
    () => new URLSearchParams(location.search).get('transformer.view') === 'all model',
  );
  const params = new URL(tab.url()).searchParams;
  assert.equal(params.get('seq2seq.sentence'), SEQ_SENTENCE);
  assert.equal(params.get('seq2seq.model'), 'dot');
  assert.equal(params.get('seq2seq.step'), '2');
  const url = tab.url();

  const fresh = await open(url);
  assert.equal(await translation(fresh), french);
  assert.equal(await seq(fresh, 'textarea').inputValue(), SEQ_SENTENCE);
  assert.equal(await seq(fresh, '.variants [data-variant="dot"]').getAttribute('aria-checked'), 'true');
  assert.equal(await seq(fresh, '.step-words [data-step="2"]').getAttribute('aria-checked'), 'true');
  assert.equal(await tfTokens(fresh), 'model');
  assert.equal(await fresh.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.match(await seq(fresh, '.translation-label').innerText(), CJK);
  await fresh.waitForTimeout(600);
  assert.equal(fresh.url(), url, 'restoring the state does not change the URL');
  await fresh.locator('section.lesson:has(attnlab-seq2seq)').screenshot({
    path: path.join(artifacts, 'embed-restored-1280.png'),
  });
  await fresh.close();
  await tab.close();
});

/** Clicks a copy button of the lesson and returns the text it copied (shown in the read-only box). */
async function copied(tab, lesson, kind) {
  const share = tab.locator(`attnlab-share[lesson="${lesson}"]`);
  await share.locator(`button[data-copy="${kind}"]`).focus();
  await tab.keyboard.press('Enter');
  const box = share.locator(`textarea[data-kind="${kind}"]`);
  await box.waitFor();
  assert.ok((await share.locator('.status').innerText()).length > 0, 'a visible confirmation');
  return box.inputValue();
}

test('"Copy link" and "Copy embed code" give snippets with the attributes that reproduce the lesson', async () => {
  // In English (the test before chose Chinese with the page's switch, which is remembered).
  const tab = await open(`${origin}/index.html?lang=en`);
  await translation(tab);
  await seq(tab, 'textarea').fill(SEQ_SENTENCE);
  await seq(tab, '.variants [data-variant="dot"]').click();
  await seq(tab, '.compare-toggle').click();
  const french = await translation(tab);

  const element = await copied(tab, 'seq2seq', 'element');
  assert.match(element, /^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/attnlab\.js"><\/script>\n/);
  assert.match(element, /<attnlab-seq2seq [^>]*><\/attnlab-seq2seq>$/);
  assert.ok(element.includes(`sentence="${SEQ_SENTENCE}"`), element);
  assert.ok(element.includes('model="dot"'), element);
  assert.ok(element.includes('view="all compare"'), element);
  assert.ok(element.includes('lang="en"'), element);
  await tab.locator('attnlab-share[lesson="seq2seq"]').screenshot({
    path: path.join(artifacts, 'embed-share-1280.png'),
  });

  const iframe = await copied(tab, 'seq2seq', 'iframe');
  const src = /<iframe src="([^"]+)"/.exec(iframe)?.[1]?.replaceAll('&amp;', '&');
  assert.ok(src, iframe);
  const query = new URL(src).searchParams;
  assert.equal(query.get('embed'), 'seq2seq');
  assert.equal(query.get('seq2seq.model'), 'dot');
  assert.equal(query.get('seq2seq.sentence'), SEQ_SENTENCE);
  assert.match(iframe, /title="AttnLab: 1\. Seq2Seq with attention"/);

  const link = await copied(tab, 'seq2seq', 'link');
  assert.equal(new URL(link).hash, '#lesson-seq2seq');
  assert.equal(new URL(link).searchParams.get('seq2seq.model'), 'dot');

  // The element snippet, pasted into a course page, shows the same translation and side by side.
  fs.mkdirSync(pagesDir, { recursive: true });
  fs.writeFileSync(path.join(pagesDir, 'pasted.html'), page(element));
  const pasted = await open(`${origin}/embed-test/pasted.html`);
  assert.equal(await translation(pasted), french);
  assert.equal(await seq(pasted, '.compare-toggle').getAttribute('aria-pressed'), 'true');
  await pasted.waitForFunction(
    () =>
      document
        .querySelector('attnlab-seq2seq')
        .shadowRoot?.querySelectorAll('.compare-panel attnlab-attention-map').length === 3,
    null,
    { timeout: 30_000 },
  );
  await pasted.close();

  // The iframe's page shows that lesson alone, in the same state.
  const framed = await open(src);
  assert.equal(await translation(framed), french);
  assert.equal(await framed.locator('attnlab-seq2seq').isVisible(), true);
  for (const hidden of [
    'attnlab-lstmn',
    'attnlab-transformer',
    'attnlab-playground',
    '.site-header',
    'attnlab-share',
  ])
    assert.equal(await framed.locator(hidden).first().isVisible(), false, `${hidden} is hidden`);
  // The other lessons are not on the page at all: they load no code, model or worker.
  for (const absent of [
    'attnlab-lstmn',
    'attnlab-transformer',
    'attnlab-train',
    'attnlab-first-view',
    'attnlab-playground',
  ])
    assert.equal(await framed.locator(absent).count(), 0, `${absent} is not on the embedded page`);
  const fetched = await framed.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
  );
  assert.deepEqual(
    fetched.filter((p) => /\/models\/(lm-|tf-|recall-curve)/.test(p)),
    [],
    'no model of another lesson was fetched',
  );
  // Nor their code: each element's code is a chunk of its own (main.ts), fetched only if shown.
  assert.deepEqual(
    await framed.evaluate(() =>
      [
        'attnlab-lstmn',
        'attnlab-transformer',
        'attnlab-train',
        'attnlab-first-view',
        'attnlab-playground',
      ].filter((tag) => customElements.get(tag)),
    ),
    [],
    'no other lesson or view was defined (its code never ran)',
  );
  // The lesson's workers load the engine without the training lab (attnlab-infer), never the whole one.
  const wasm = framed.requested.filter((p) => p.endsWith('.wasm'));
  assert.ok(wasm.length > 0 && wasm.every((p) => /attnlab-infer-[^/]*\.wasm$/.test(p)), wasm.join(' '));
  // One engine worker per Seq2Seq model the side-by-side view shows (additive, dot, none).
  assert.ok(framed.workers().length <= 3, `${framed.workers().length} workers`);
  await framed.screenshot({ path: path.join(artifacts, 'embed-iframe-page-1280.png') });
  await framed.close();
  await tab.close();
});

test('"Take the guided tour" near the top of each lesson opens its guide and goes there, also in the iframe page', async () => {
  for (const query of ['?lang=en', '?lang=en&embed=transformer']) {
    const tab = await open(`${origin}/index.html${query}`);
    const lessons = query.includes('embed') ? ['transformer'] : ['seq2seq', 'lstmn', 'transformer'];
    for (const key of lessons) {
      const link = tab.locator(`a[data-tour="${key}"]`);
      await link.scrollIntoViewIfNeeded();
      assert.equal(await link.isVisible(), true, `${key}: the link is visible`);
      assert.match(await link.innerText(), /guided tour/);
      // It sits above the lesson, near its heading.
      const linkBox = await link.boundingBox();
      const lessonBox = await tab.locator(LESSON_TAGS[key]).boundingBox();
      assert.ok(linkBox.y < lessonBox.y, `${key}: the link comes before the lesson`);
      await link.click();
      const details = tab.locator(`#guide-${key}`).locator('details');
      await tab.waitForFunction(
        (id) => document.getElementById(id)?.shadowRoot?.querySelector('details')?.open === true,
        `guide-${key}`,
      );
      const box = await details.boundingBox();
      const viewport = tab.viewportSize();
      assert.ok(box.y >= -1 && box.y < viewport.height, `${key}: the guide is in view (${box.y})`);
    }
    await tab.close();
  }
});

test('the element snippet on another site says to use the iframe code, and the share bar says it first', async () => {
  // The same server under another name is another origin: the page is on localhost, attnlab.js on 127.0.0.1.
  const other = origin.replace('127.0.0.1', 'localhost');
  fs.writeFileSync(
    path.join(pagesDir, 'cross.html'),
    page(`    <attnlab-transformer sentence="${TF_SENTENCE}"></attnlab-transformer>`).replace(
      '../attnlab.js',
      `${origin}/attnlab.js`,
    ),
  );
  const tab = await open(`${other}/embed-test/cross.html`);
  const message = tf(tab, '.placeholder[data-key="cross-origin"]');
  await message.waitFor({ timeout: 30_000 });
  const text = await message.innerText();
  assert.match(text, /another website/);
  assert.match(text, /iframe/);
  assert.ok(!/Failed to construct|SecurityError|cannot be accessed/.test(text), text);
  await tab.screenshot({ path: path.join(artifacts, 'embed-cross-origin-1280.png') });
  await tab.close();
  // This test went to the other origin on purpose.
  for (const list of [foreignRequests, consoleErrors, failedRequests])
    for (let i = list.length - 1; i >= 0; i--)
      if (list[i].includes(other) || /Worker/.test(list[i])) list.splice(i, 1);

  const app = await open(`${origin}/index.html?lang=en`);
  const note = app.locator('attnlab-share[lesson="seq2seq"] [data-key="element-note"]');
  await note.waitFor({ timeout: 30_000 }); // the share bar's code arrives as a chunk of its own
  assert.equal(await note.isVisible(), true);
  assert.match(await note.innerText(), /other site.*iframe/);
  await app.close();
});

test('the copy buttons fall back to a selected read-only box when the clipboard is refused', async () => {
  const tab = await open(`${origin}/index.html`);
  await tab.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });
  const share = tab.locator('attnlab-share[lesson="lstmn"]');
  await share.locator('button[data-copy="element"]').click();
  const box = share.locator('textarea[data-kind="element"]');
  await box.waitFor();
  assert.match(await share.locator('.status').innerText(), /Ctrl\+C/);
  assert.equal(await box.getAttribute('readonly'), '');
  const selected = await share.evaluate((el) => {
    const area = el.shadowRoot?.querySelector('textarea');
    return (
      el.shadowRoot.activeElement === area && area.selectionEnd - area.selectionStart === area.value.length
    );
  });
  assert.ok(selected, 'the whole snippet is selected and focused');
  assert.match(await box.inputValue(), /<attnlab-lstmn[^>]*><\/attnlab-lstmn>$/);
  await tab.close();
});

test('nothing left the origin, nothing was missing, no errors', () => {
  assert.deepEqual(foreignRequests, []);
  assert.deepEqual(badResponses, []);
  assert.deepEqual(
    failedRequests.filter((r) => !/ERR_ABORTED/.test(r)),
    [],
  );
  assert.deepEqual(consoleErrors, []);
});
