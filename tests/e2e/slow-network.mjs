// A slow network (issue 17, cold start on slow 3G): a lesson whose engine takes longer to arrive
// than the page's 30 s start bound still starts (it failed with "the engine did not start in time"),
// and while its model downloads the lesson says how much of it has arrived.
//
//   npm run build && node tests/e2e/slow-network.mjs

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { assertNothingWentWrong, openSession, throttleNetwork, WEB_DIR } from './browser.mjs';

let session;
before(async () => {
  // No validators: every page of this file downloads the engine and the model as on a first visit.
  session = await openSession('slow-network', { validators: false });
});
after(() => session?.close());

const lessonMap = (page) => page.locator('attnlab-seq2seq attnlab-attention-map rect[data-weight]').first();
/** The engine's own answer: the lesson's first figure may be the build's before it (built-figure.mjs). */
const engineAnswered = (page) =>
  page.waitForFunction(() => document.querySelector('attnlab-seq2seq')?.record != null, null, {
    timeout: 90_000,
    polling: 100,
  });

test('an engine that arrives 35 s late (past the 30 s start bound): the lesson waits and draws', async () => {
  const page = await session.newPage();
  let held = 0;
  // The worker's WASM, held back: its request is the worker's, so the context's route sees it.
  await session.context.route('**/*.wasm', async (route) => {
    held++;
    await new Promise((resolve) => setTimeout(resolve, 35_000));
    await route.continue().catch(() => {});
  });
  try {
    await page.goto(`${session.origin}/index.html?embed=seq2seq`);
    await engineAnswered(page);
    await lessonMap(page).waitFor({ timeout: 90_000 });
    assert.ok(held >= 1, 'the WASM was held back');
    const text = await page.locator('attnlab-seq2seq').evaluate((el) => el.shadowRoot.textContent);
    assert.doesNotMatch(text, /did not start in time/);
  } finally {
    await session.context.unroute('**/*.wasm');
    await page.close();
  }
});

test('on a slow network the lesson says how much of its model has arrived', async () => {
  const page = await session.newPage();
  // 150 kB/s: the 0.9 MB model takes about six seconds, long enough to be seen arriving.
  await throttleNetwork(page, { latencyMs: 100, bytesPerSecond: 150_000 });
  await page.goto(`${session.origin}/index.html?embed=seq2seq`);
  // Under the first figure from the build (the lesson as it opens), or in the figure's place.
  const placeholder = page.locator('attnlab-seq2seq .progress');
  await placeholder.waitFor({ timeout: 60_000 });
  const shown = await placeholder.innerText();
  const match = shown.match(/^([\d,]+) of ([\d,]+) KB$/);
  assert.ok(match, `"${shown}" says how much has arrived`);
  const [received, total] = [match[1], match[2]].map((n) => Number(n.replace(/,/g, '')));
  const bytes = fs.statSync(path.join(WEB_DIR, 'models/seq2seq-additive/model.safetensors')).size;
  assert.equal(total, Math.round(bytes / 1024), 'of the model’s own size');
  assert.ok(received > 0 && received <= total, `${received} of ${total}`);
  await engineAnswered(page);
  await lessonMap(page).waitFor({ timeout: 90_000 });
  assert.equal(await placeholder.count(), 0, 'the progress is gone once the engine has answered');
  await page.close();
});

test('every request stayed on the page origin; no dialog, console error or failed request', () => {
  assertNothingWentWrong(session);
});
