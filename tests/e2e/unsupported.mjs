// End-to-end test of a browser that cannot run the engine (web/src/engine/wasm-features.ts): every
// engine module needs WebAssembly SIMD and exception handling, and a browser without them (Chrome
// 91-94, Firefox 89-99, Safari before 16.4), or with WebAssembly turned off (Safari's Lockdown
// Mode), is told which, in the page's language, in every view's place, before any worker starts or
// any .wasm is fetched. Chromium has both features; a page plays the older browser by making
// WebAssembly.validate refuse every module (as such a browser refuses the feature probes), or by
// removing WebAssembly. Screenshots: tests/e2e/artifacts/unsupported-*.png.
//
//   npm run build && node tests/e2e/unsupported.mjs

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ARTIFACTS, WEB_DIR, assertNothingWentWrong, openSession } from './browser.mjs';

let session;
before(async () => {
  session = await openSession('unsupported');
});
after(async () => {
  await session?.close();
});

/** A tab of a browser without the features (`how`: 'features' or 'webassembly'). */
async function olderBrowser(how, options) {
  const tab = await session.newPage(options);
  await tab.addInitScript((mode) => {
    if (mode === 'webassembly') delete globalThis.WebAssembly;
    else WebAssembly.validate = () => false;
  }, how);
  return tab;
}

/** The text of every element matching `selector` inside `tag`'s shadow root ([] when none). */
const shownIn = (tab, tag, selector) =>
  tab.evaluate(
    ([t, s]) =>
      [...(document.querySelector(t)?.shadowRoot?.querySelectorAll(s) ?? [])].map((e) =>
        e.textContent.replace(/\s+/g, ' ').trim(),
      ),
    [tag, selector],
  );

const wasmRequested = () => [...session.requestedPaths].filter((p) => p.endsWith('.wasm'));

test('an embedded lesson names the missing features in its figure’s place, with no worker and no .wasm', async () => {
  const tab = await olderBrowser('features');
  await tab.goto(`${session.origin}/?embed=seq2seq`);
  await tab.waitForFunction(() =>
    document.querySelector('attnlab-seq2seq')?.shadowRoot?.querySelector('[data-key="unsupported"]'),
  );
  const [text] = await shownIn(tab, 'attnlab-seq2seq', '[data-key="unsupported"]');
  assert.match(text, /lacks WebAssembly SIMD and WebAssembly exception handling/);
  assert.match(text, /Safari 16\.4/);
  // Nothing was started on the way: no figure, no worker, no module fetched.
  assert.equal((await shownIn(tab, 'attnlab-seq2seq', 'attnlab-attention-map')).length, 0);
  await tab.waitForTimeout(500);
  assert.equal(tab.workers().length, 0, 'no worker started');
  assert.deepEqual(wasmRequested(), []);
  await tab.screenshot({ path: path.join(ARTIFACTS, 'unsupported-embed.png') });
  await tab.close();
});

test('the whole app in Chinese without WebAssembly: every lesson, the playground, the first view and the lab say so', async () => {
  const tab = await olderBrowser('webassembly', { width: 375, height: 800 });
  await tab.goto(`${session.origin}/?lang=zh-CN`);
  for (const tag of ['attnlab-seq2seq', 'attnlab-lstmn', 'attnlab-transformer', 'attnlab-playground'])
    await tab.waitForFunction(
      (t) => document.querySelector(t)?.shadowRoot?.querySelector('[data-key="unsupported"]'),
      tag,
      { timeout: 60_000 },
    );
  for (const tag of ['attnlab-seq2seq', 'attnlab-lstmn', 'attnlab-transformer', 'attnlab-playground']) {
    const [text] = await shownIn(tab, tag, '[data-key="unsupported"]');
    assert.match(text, /无法运行 AttnLab 的引擎/, tag);
    assert.match(text, /Safari 的锁定模式/, tag);
  }
  await tab.waitForFunction(() =>
    document.querySelector('attnlab-train')?.shadowRoot?.querySelector('[data-key="engine-wasm_features"]'),
  );
  // Once for the lab, not once per run.
  const lab = await shownIn(tab, 'attnlab-train', '[data-key="engine-wasm_features"]');
  assert.equal(lab.length, 1);
  assert.match(lab[0], /无法运行 AttnLab 的引擎/);
  const cards = await shownIn(tab, 'attnlab-first-view', '.placeholder.failed');
  assert.ok(cards.length > 0, 'the first view shows its cards failed');
  for (const card of cards) assert.match(card, /无法运行 AttnLab 的引擎/);
  await tab.waitForTimeout(500);
  assert.equal(tab.workers().length, 0, 'no worker started');
  assert.deepEqual(wasmRequested(), []);
  assert.equal(
    await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    0,
    'nothing past the right edge at 375 px',
  );
  await tab.screenshot({ path: path.join(ARTIFACTS, 'unsupported-zh-375.png') });
  await tab.close();
});

test('the same page in a browser with the features starts its engine (the check does not refuse Chromium)', async () => {
  const tab = await session.newPage();
  await tab.goto(`${session.origin}/?embed=seq2seq`);
  // The engine's own answer (the first figure is the build's, drawn before the worker starts).
  await tab.waitForFunction(
    () =>
      document.querySelector('attnlab-seq2seq')?.record != null &&
      document
        .querySelector('attnlab-seq2seq')
        ?.shadowRoot?.querySelector('attnlab-attention-map')
        ?.shadowRoot?.querySelector('rect[data-weight]'),
  );
  assert.equal((await shownIn(tab, 'attnlab-seq2seq', '[data-key="unsupported"]')).length, 0);
  assert.ok(tab.workers().length >= 1);
  await tab.close();
});

test('the elements on a course page say so before any model is downloaded (issue 52 B5)', async () => {
  // A course page with attnlab.js and the three lessons, as docs/embedding.md shows it.
  const dir = path.join(WEB_DIR, 'unsupported-test');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'page.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>A course page</title>
<link rel="icon" href="data:," /><script type="module" src="../attnlab.js"></script></head><body>
<attnlab-seq2seq sentence="the red car is fast ."></attnlab-seq2seq>
<attnlab-lstmn></attnlab-lstmn>
<attnlab-transformer model="lm"></attnlab-transformer>
</body></html>`,
  );
  const tab = await olderBrowser('features');
  const fetched = [];
  tab.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await tab.goto(`${session.origin}/unsupported-test/page.html`);
  for (const tag of ['attnlab-seq2seq', 'attnlab-lstmn', 'attnlab-transformer'])
    await tab.waitForFunction(
      (t) => document.querySelector(t)?.shadowRoot?.querySelector('[data-key="unsupported"]'),
      tag,
      { timeout: 60_000 },
    );
  // Every request the page was going to make has been made (the network is quiet).
  await tab.waitForLoadState('networkidle');
  // The manifest (models/index.json) and the cards the length chart reads may come; no model's
  // weights or config, the bulk of the 449 KB the lesson fetched before saying it could not run.
  assert.deepEqual(
    fetched.filter((p) => /\/models\/[^/]+\/(model\.safetensors|config\.json)$/.test(p)),
    [],
    fetched.join(' '),
  );
  assert.deepEqual(
    fetched.filter((p) => p.endsWith('.wasm')),
    [],
  );
  await tab.close();
});

test('nothing went wrong: no foreign request, failed request, dialog or console error', () => {
  assertNothingWentWrong(session);
});
