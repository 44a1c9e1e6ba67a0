// End-to-end test of how many workers the training lab starts for a side-by-side comparison
// (web/src/lessons/train/run.ts sharesOneWorker): on a 2-core machine both runs share one worker,
// take turns, both finish, and the page says why each trains at about half speed; with 8 cores each
// run has its own worker and no such line. The machine's core count is set in the page
// (navigator.hardwareConcurrency) so both cases run on any machine.
//
//   npm run build && node tests/e2e/train-workers.mjs

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { assertNothingWentWrong, openSession } from './browser.mjs';

const QUICK = 'train.steps=300&train.hidden-size=32&train.min-len=4&train.max-len=8&train.versus=none';
let session;

before(async () => {
  session = await openSession('train-workers');
});
after(async () => {
  await session?.close();
});

/** A page of the lab whose navigator reports `cores` logical processors. */
async function labWith(cores, lang = 'en') {
  const page = await session.newPage();
  await page.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n, configurable: true });
  }, cores);
  await page.goto(`${session.origin}/?embed=train&lang=${lang}&${QUICK}`);
  // two runs, the one with attention drawn "before training" (the other has no map)
  await page.waitForFunction(() => {
    const root = document.querySelector('attnlab-train')?.shadowRoot;
    return (
      root?.querySelectorAll('.run').length === 2 && root.querySelector('.run attnlab-attention-map') !== null
    );
  });
  return page;
}

const labWorkers = (page) => page.workers().filter((w) => /lab-worker/.test(w.url()));
const oneWorkerLine = (page) =>
  page.evaluate(
    () =>
      document.querySelector('attnlab-train').shadowRoot.querySelector('[data-key="one-worker"]')
        ?.textContent ?? null,
  );

test('2 cores: one worker trains both runs, both finish, and the page says so', async () => {
  const page = await labWith(2);
  assert.equal(labWorkers(page).length, 1);
  assert.match(
    await oneWorkerLine(page),
    /2 processor cores.*one background worker.*half the steps per second/s,
  );
  await page.evaluate(() =>
    document.querySelector('attnlab-train').shadowRoot.querySelector('button[data-action="start"]').click(),
  );
  await page.waitForFunction(
    () => document.querySelector('attnlab-train').shadowRoot.querySelector('[data-key="done"]') !== null,
    null,
    { timeout: 240_000 },
  );
  // each run's last snapshot is at its last step
  const steps = await page.evaluate(() =>
    [...document.querySelector('attnlab-train').shadowRoot.querySelectorAll('.run .metrics')].map((m) =>
      Number(m.dataset.steps),
    ),
  );
  assert.deepEqual(steps, [300, 300]);
  assert.equal(labWorkers(page).length, 1);
  await page.close();
});

test('2 cores, in Chinese: the same line in Chinese', async () => {
  const page = await labWith(2, 'zh-CN');
  assert.match(await oneWorkerLine(page), /2 个处理器核心.*同一个后台线程/s);
  await page.close();
});

test('8 cores: a worker per run, and no such line', async () => {
  const page = await labWith(8);
  assert.equal(labWorkers(page).length, 2);
  assert.equal(await oneWorkerLine(page), null);
  await page.close();
});

test('nothing went wrong: no foreign request, failed request, dialog or console error', () => {
  assertNothingWentWrong(session);
});
