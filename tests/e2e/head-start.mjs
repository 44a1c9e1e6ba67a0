// An embedded lesson's head start (issue 17, cold start; web/src/embed/head-start.ts): the page
// asks for the engine's WebAssembly and the lesson's first model before the lesson's own code has
// arrived, the lesson then runs on that worker and that download (one worker, each file once), and a
// link that chooses another model fetches that one only.
//
//   npm run build && node tests/e2e/head-start.mjs

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { assertNothingWentWrong, openSession } from './browser.mjs';

let session;
before(async () => {
  session = await openSession('head-start');
});
after(() => session?.close());

/** Opens `query` with the lessons' element chunks held back `holdMs`; records every request. */
async function open(
  query,
  { holdMs = 1500, tag = 'attnlab-seq2seq', figure = 'attnlab-attention-map' } = {},
) {
  const page = await session.newPage();
  const requests = [];
  const onRequest = (r) => requests.push({ path: new URL(r.url()).pathname, at: Date.now() });
  session.context.on('request', onRequest);
  let elementArrived = Infinity;
  // Each lesson's element module is a chunk named element-<hash>.js (web/src/main.ts imports it).
  await session.context.route(/\/assets\/element-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, holdMs));
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
    await page.waitForTimeout(500);
  } finally {
    await session.context.unroute(/\/assets\/element-[\w-]+\.js$/);
    session.context.off('request', onRequest);
  }
  const first = (pattern) => requests.find((r) => pattern.test(r.path))?.at ?? Infinity;
  const count = (pattern) => requests.filter((r) => pattern.test(r.path)).length;
  return { page, requests, elementArrived, first, count };
}

test('lesson 1 embedded: its WebAssembly and model are asked for before its code arrives; one worker, each file once', async () => {
  const { page, elementArrived, first, count } = await open('?embed=seq2seq');
  assert.ok(first(/\.wasm$/) < elementArrived, 'the engine was on its way before the lesson’s code arrived');
  assert.ok(
    first(/\/models\/seq2seq-additive\/model\.safetensors$/) < elementArrived,
    'so was the lesson’s first model',
  );
  assert.equal(count(/\.wasm$/), 1, 'the engine was fetched once');
  assert.equal(count(/\/models\/seq2seq-additive\/model\.safetensors$/), 1, 'the weights once');
  assert.equal(count(/\/models\/seq2seq-additive\/config\.json$/), 1, 'the config once');
  assert.equal(count(/\/models\/[^/]+\/model\.safetensors$/), 1, 'no other model');
  assert.equal(page.workers().length, 1, 'the worker started early is the lesson’s: no second one');
  await page.close();
});

test('a link that chooses another model: that model only, the worker still early', async () => {
  const { page, elementArrived, first, count } = await open('?embed=seq2seq&seq2seq.model=dot');
  assert.ok(first(/\.wasm$/) < elementArrived, 'the engine was on its way before the lesson’s code arrived');
  assert.equal(
    count(/\/models\/seq2seq-additive\/model\.safetensors$/),
    0,
    'the default model was not fetched',
  );
  assert.equal(count(/\/models\/seq2seq-dot\/model\.safetensors$/), 1, 'the chosen one, once');
  assert.equal(page.workers().length, 1);
  await page.close();
});

test('lessons 2 and 3 embedded: their first models ahead, once; in Chinese the lesson chooses', async () => {
  // Each lesson's first figure, as scripts/bench-embed.mjs waits for it.
  const lstmn = { tag: 'attnlab-lstmn', figure: '.reading, attnlab-attention-map' };
  const transformer = {
    tag: 'attnlab-transformer',
    figure: '.view svg.head-view, .view attnlab-attention-map',
  };
  for (const [query, shown, folder] of [
    ['?embed=lstmn', lstmn, 'lm-rnn-selfattn'],
    ['?embed=transformer', transformer, 'tf-mlm'],
  ]) {
    const { page, elementArrived, first, count } = await open(query, shown);
    const weights = new RegExp(`/models/${folder}/model\\.safetensors$`);
    assert.ok(first(weights) < elementArrived, `${folder} was on its way before the lesson’s code arrived`);
    assert.equal(count(weights), 1, `${folder} once`);
    assert.equal(count(/\/models\/[^/]+\/model\.safetensors$/), 1, `${query}: no other model`);
    assert.equal(page.workers().length, 1, `${query}: one worker`);
    await page.close();
  }
  const { page, count, requests } = await open('?embed=lstmn&lang=zh-CN', lstmn);
  const weights = requests.filter((r) => /model\.safetensors$/.test(r.path)).map((r) => r.path);
  assert.equal(weights.length, 1, `one model, the lesson's choice: ${weights.join(', ')}`);
  assert.equal(count(/\.wasm$/), 1);
  assert.equal(page.workers().length, 1);
  await page.close();
});

test('every request stayed on the page origin; no dialog, console error or failed request', () => {
  assertNothingWentWrong(session);
});
