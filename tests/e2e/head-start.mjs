// An embedded lesson's head start (issue 17, cold start; web/src/embed/head-start.ts): with a
// setting in its link or in Chinese, the page asks for the engine's WebAssembly before the lesson's
// own code has arrived; as it opens, the lesson draws its first figure from the build and asks for
// its engine and model only then, both at once (lessons/shared/first-view-engine.ts). Either way the
// lesson runs on that worker and that download (one worker, each file once), and a link that
// chooses another model fetches that one only.
//
//   npm run build && node tests/e2e/head-start.mjs

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { assertNothingWentWrong, eventually, openSession } from './browser.mjs';

let session;
before(async () => {
  session = await openSession('head-start');
});
after(() => session?.close());

/**
 * Opens `query` with the lessons' element chunks held back, and records every request (with when
 * it was sent and, in `finished`, when its response ended) until the lesson's figure is there and
 * each of `expected` (path patterns) has been asked for. The chunks are held `holdMs` (to see what
 * the page asks for without them), or, with `holdUntil`, until a request matching it was sent: on a
 * slow machine the page's head start may take longer than any fixed time, and that is not a failure.
 */
async function open(
  query,
  {
    holdMs = 1500,
    holdUntil = null,
    expected = [],
    tag = 'attnlab-seq2seq',
    figure = 'attnlab-attention-map',
  } = {},
) {
  const page = await session.newPage();
  const requests = [];
  const finished = [];
  const onRequest = (r) => requests.push({ path: new URL(r.url()).pathname, at: Date.now() });
  const onFinished = (r) => finished.push({ path: new URL(r.url()).pathname, at: Date.now() });
  session.context.on('request', onRequest);
  session.context.on('requestfinished', onFinished);
  const asked = (pattern) => requests.some((r) => pattern.test(r.path));
  let elementArrived = Infinity;
  // Each lesson's element module is a chunk named element-<hash>.js (web/src/main.ts imports it).
  await session.context.route(/\/assets\/element-[\w-]+\.js$/, async (route) => {
    // A page that never asks lets the chunk through after 30 s (the figure still has time to be
    // drawn before the 60 s below), and the test's 'before' fails, saying what was late.
    if (holdUntil)
      await eventually(() => asked(holdUntil), true, `${query}: ${holdUntil} asked for`, {
        timeout: 30_000,
      }).catch(() => {});
    else await new Promise((resolve) => setTimeout(resolve, holdMs));
    elementArrived = Math.min(elementArrived, Date.now());
    await route.continue().catch(() => {});
  });
  try {
    await page.goto(`${session.origin}/index.html${query}`);
    await page.waitForFunction(
      ({ tag, figure }) => document.querySelector(tag)?.shadowRoot?.querySelector(figure) != null,
      { tag, figure },
      { timeout: 60_000, polling: 50 },
    );
    for (const pattern of expected)
      await eventually(() => asked(pattern), true, `${query}: ${pattern} asked for`, { timeout: 60_000 });
    // What the page asks for once the figure is there arrives on the requests just made; the
    // counts below are of requests sent by now (a second copy would be sent with the first).
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  } finally {
    await session.context.unroute(/\/assets\/element-[\w-]+\.js$/);
    session.context.off('request', onRequest);
    session.context.off('requestfinished', onFinished);
  }
  const first = (pattern) => requests.find((r) => pattern.test(r.path))?.at ?? Infinity;
  const firstFinished = (pattern) => finished.find((r) => pattern.test(r.path))?.at ?? Infinity;
  const count = (pattern) => requests.filter((r) => pattern.test(r.path)).length;
  return { page, requests, elementArrived, first, firstFinished, count };
}

// Each lesson's first figure, as scripts/bench-embed.mjs waits for it.
const SHOWN = {
  seq2seq: { tag: 'attnlab-seq2seq', figure: 'attnlab-attention-map', folder: 'seq2seq-additive' },
  lstmn: { tag: 'attnlab-lstmn', figure: '.reading, attnlab-attention-map', folder: 'lm-rnn-selfattn' },
  transformer: {
    tag: 'attnlab-transformer',
    figure: '.view svg.head-view, .view attnlab-attention-map',
    folder: 'tf-mlm',
  },
};

test('each lesson embedded as it opens: its first figure is the build’s, so its WebAssembly and model come after its code, once each, one worker', async () => {
  for (const [lesson, shown] of Object.entries(SHOWN)) {
    const weights = new RegExp(`/models/${shown.folder}/model\\.safetensors$`);
    const { page, elementArrived, first, firstFinished, count } = await open(`?embed=${lesson}`, {
      ...shown,
      expected: [/\.wasm$/, weights],
    });
    assert.ok(first(/\.wasm$/) > elementArrived, `${lesson}: the engine waited for the lesson’s code`);
    assert.ok(first(weights) > elementArrived, `${lesson}: so did its first model`);
    // The lesson asked for both at once: the model did not wait for the manifest's answer.
    assert.ok(
      first(weights) <= firstFinished(/\/models\/index\.json$/),
      `${lesson}: the model was asked for with the manifest, before its answer`,
    );
    assert.equal(count(/\.wasm$/), 1, `${lesson}: the engine was fetched once`);
    assert.equal(count(weights), 1, `${lesson}: the weights once`);
    assert.equal(count(/\/models\/[^/]+\/model\.safetensors$/), 1, `${lesson}: no other model`);
    assert.equal(page.workers().length, 1, `${lesson}: one worker`);
    await page.close();
  }
});

test('a link that chooses another model: that model only, the worker early', async () => {
  const { page, elementArrived, first, count } = await open('?embed=seq2seq&seq2seq.model=dot', {
    holdUntil: /\.wasm$/,
    expected: [/\/models\/seq2seq-dot\/model\.safetensors$/],
  });
  // The hold ends when the engine is asked for, so both can fall in one millisecond (on a busy
  // machine Node hears of the request and the held chunk together): 'before' is <=. A page without
  // the head start asks only after the chunk is let through (30 s on).
  assert.ok(first(/\.wasm$/) <= elementArrived, 'the engine was on its way before the lesson’s code arrived');
  assert.equal(
    count(/\/models\/seq2seq-additive\/model\.safetensors$/),
    0,
    'the default model was not fetched',
  );
  assert.equal(count(/\/models\/seq2seq-dot\/model\.safetensors$/), 1, 'the chosen one, once');
  assert.equal(page.workers().length, 1);
  await page.close();
});

test('in Chinese the worker is early and the lesson chooses its one model', async () => {
  const { page, elementArrived, first, count, requests } = await open('?embed=lstmn&lang=zh-CN', {
    ...SHOWN.lstmn,
    holdUntil: /\.wasm$/,
    expected: [/model\.safetensors$/],
  });
  // The hold ends when the engine is asked for, so both can fall in one millisecond (on a busy
  // machine Node hears of the request and the held chunk together): 'before' is <=. A page without
  // the head start asks only after the chunk is let through (30 s on).
  assert.ok(first(/\.wasm$/) <= elementArrived, 'the engine was on its way before the lesson’s code arrived');
  const weights = requests.filter((r) => /model\.safetensors$/.test(r.path)).map((r) => r.path);
  assert.equal(weights.length, 1, `one model, the lesson's choice: ${weights.join(', ')}`);
  assert.equal(count(/\.wasm$/), 1);
  assert.equal(page.workers().length, 1);
  await page.close();
});

test('every request stayed on the page origin; no dialog, console error or failed request', () => {
  assertNothingWentWrong(session);
});
