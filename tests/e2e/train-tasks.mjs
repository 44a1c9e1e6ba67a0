// End-to-end test of the training lab's other tasks (<attnlab-train>, web/src/lessons/train/) in
// Debian's Chromium: the recall task (lesson 2's SimpleRNN with and without self-attention: a
// T x T map with one gold cell, both loss curves grow, the map changes, Pause stops) and the mirror
// task (a Transformer, one layer/head map chosen, positions vs none side by side, back to the best
// head); at 375 px every control is at least 24 x 24 px, driven by touch taps, in English and
// Chinese and for the Transformer. The reversal task, downloads and lesson 1 are in train.mjs.
// Each test opens its own page and trains its own run: none needs a page or run of train.mjs.
// Screenshots: tests/e2e/artifacts/train-*.png.
//
//   npm run build && node tests/e2e/train-tasks.mjs

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ARTIFACTS, assertNothingWentWrong, openSession } from './browser.mjs';
import { PAUSABLE, labHelpers, newTrainPage } from './train-page.mjs';

let session;
let page;

before(async () => {
  session = await openSession('train-tasks');
});
after(async () => {
  await session?.close();
});

const { lab, mapState, stepsShown, pause, waitFor } = labHelpers(() => page);
const newPage = (options) => newTrainPage(session, options);

/**
 * A finger's tap on `locator` (touch events through the DevTools protocol, as a phone sends them;
 * the page gets touchstart/touchend and the click Chromium derives from them).
 */
async function tap(tab, locator) {
  const cdp = await tab.context().newCDPSession(tab);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  // Visible, enabled and in view. Not click({ trial: true }): its "stable" check waits for two
  // animation frames with the same box, which a training page on a loaded machine may not give in time.
  await locator.waitFor();
  await locator.scrollIntoViewIfNeeded();
  assert.ok(await locator.isEnabled(), 'the control can be tapped');
  const box = await locator.boundingBox();
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The first run's loss curve: how many points it has drawn. */
const lossPoints = (series) =>
  page.evaluate((key) => {
    const chart = trainRoot().querySelector('[data-chart="loss"] attnlab-line-chart');
    const d = chart?.shadowRoot?.querySelector(`path[data-series="${key}"]`)?.getAttribute('d') ?? '';
    return d ? d.split('L').length : 0;
  }, series);

/** Picks a task in the form, as a reader does, and waits for its first "before training" map. */
async function pickTask(task) {
  await lab('select[name="task"]').selectOption(task);
  await waitFor(
    (t) => trainRoot().querySelector('.run')?.dataset.family === t,
    task === 'recall' ? 'rnn' : 'transformer',
  );
  await waitFor(() => trainRoot().querySelector('.run attnlab-attention-map') !== null);
}

test("recall: lesson 2's SimpleRNN with and without self-attention train; the map and curves change; Pause stops", async () => {
  page = await newPage();
  await page.goto(`${session.origin}/?embed=train&train.steps=20000`);
  await waitFor(() => trainRoot().querySelector('.run attnlab-attention-map') !== null);
  await pickTask('recall');
  await page.waitForFunction(() => location.search.includes('train.task=recall'));
  assert.doesNotMatch(page.url(), /min-len/, "the task's own default lengths are not written");
  assert.equal(await lab('input[name="min-len"]').inputValue(), '10');
  await lab('input[name="steps"]').fill('20000'); // still training at the Pause, on any machine
  await lab('input[name="steps"]').press('Enter');
  await page.waitForFunction(() => location.search.includes('train.steps=20000'));
  await lab('select[name="versus"]').selectOption('none');
  await waitFor(() => trainRoot().querySelectorAll('.run').length === 2);
  await waitFor(() => trainRoot().querySelector('.run[data-variant="none"] .no-attention') !== null);
  assert.match(await lab('.run[data-variant="none"] .no-attention').innerText(), /no self-attention/);
  await waitFor(
    () => trainRoot().querySelector('.run[data-variant="additive"] attnlab-attention-map') !== null,
  );
  const before = await mapState();
  const n = Math.sqrt(before.weights.length);
  assert.equal(n, Math.round(n), 'the causal T x T map of lesson 2');
  assert.equal(before.marks, 1, 'one gold cell: the last position reads the first');
  await lab('button[data-action="start"]').click();
  await waitFor(() => trainRoot().querySelector('.running') !== null);
  await page.waitForFunction(
    () =>
      Number(
        document.querySelector('attnlab-train').shadowRoot?.querySelector('.run .metrics')?.dataset.steps,
      ) >= 200,
    null,
    { timeout: 60_000 },
  );
  assert.ok((await lossPoints('loss-additive')) > 20, 'the loss curve grows');
  assert.ok((await lossPoints('loss-none')) > 20, "so does the plain RNN's");
  const after = await mapState();
  assert.ok(after.steps > 0);
  assert.ok(
    after.weights.some((w, i) => Math.abs(w - before.weights[i]) > 0.01),
    'the map changed from the random initial state',
  );
  await pause();
  await waitFor(() => trainRoot().querySelector('.running') === null);
  const paused = await stepsShown();
  await page.waitForTimeout(500);
  assert.equal(await stepsShown(), paused, 'no step after Pause');
  const series = await page.evaluate(() =>
    [...trainRoot().querySelectorAll('[data-chart="metrics"] attnlab-line-chart')].flatMap((c) =>
      [...c.shadowRoot?.querySelectorAll('path[data-series]')].map((p) => p.dataset.series),
    ),
  );
  assert.deepEqual(series.sort(), ['aer-additive', 'exact-additive', 'exact-none']);
  const exact = await page.evaluate(() =>
    [...trainRoot().querySelectorAll('.run .metrics')].map((m) => Number(m.dataset.exact)),
  );
  console.log(
    `# recall after ${paused} steps: exact match with self-attention ${exact[0]}, without ${exact[1]}`,
  );
  await page.screenshot({ path: path.join(ARTIFACTS, 'train-recall.png'), fullPage: true });
  await page.close();
});

test('mirror: a Transformer trains, the chosen layer/head map changes, positions vs none side by side', async () => {
  page = await newPage();
  await page.goto(`${session.origin}/?embed=train&train.steps=20000`);
  await waitFor(() => trainRoot().querySelector('.run attnlab-attention-map') !== null);
  await pickTask('mirror');
  assert.equal(await lab('select[name="attention"]').inputValue(), 'dot');
  assert.equal(await lab('input[name="lr"]').inputValue(), '0.003');
  // A new task starts from its defaults (1,500 steps): as many as the lab allows, so it is still training at the Pause.
  await lab('input[name="steps"]').fill('20000');
  await lab('input[name="steps"]').press('Enter');
  await page.waitForFunction(() => location.search.includes('train.steps=20000'));
  await lab('select[name="versus"]').selectOption('none');
  await waitFor(() => trainRoot().querySelectorAll('.run attnlab-attention-map').length === 2);
  // Layer 1, head 2 of 2 x 2: the panels say which map they show.
  await lab('select[name="map"]').selectOption('1.2');
  await waitFor(() => trainRoot().querySelector('.run .map-title')?.dataset.head === '2');
  await page.waitForFunction(() => location.search.includes('train.map=1.2'));
  const before = await mapState();
  const n = Math.sqrt(before.weights.length);
  assert.equal(n, Math.round(n), 'a T x T map');
  assert.equal(before.marks, n, 'every position outlined at its partner');
  await lab('button[data-action="start"]').click();
  await waitFor(() => trainRoot().querySelector('.running') !== null);
  await page.waitForFunction(
    () =>
      Number(
        document.querySelector('attnlab-train').shadowRoot?.querySelector('.run .metrics')?.dataset.steps,
      ) >= 300,
    null,
    { timeout: 90_000 },
  );
  assert.ok((await lossPoints('loss-sinusoidal')) > 20, 'the loss curve grows');
  const after = await mapState();
  assert.ok(
    after.weights.some((w, i) => Math.abs(w - before.weights[i]) > 0.01),
    'the map changed from the random initial state',
  );
  await pause();
  await waitFor(() => trainRoot().querySelector('.running') === null);
  const paused = await stepsShown();
  await page.waitForTimeout(500);
  assert.equal(await stepsShown(), paused, 'no step after Pause');
  // Back to the best head: the title says so, and the metrics line carries its alignment miss rate.
  await lab('select[name="map"]').selectOption('best');
  await waitFor(() =>
    /nearest the correct alignment/.test(trainRoot().querySelector('.run .map-title').textContent),
  );
  const errors = await page.evaluate(() =>
    [...trainRoot().querySelectorAll('.run .metrics')].map((m) => Number(m.dataset.alignmentError)),
  );
  console.log(
    `# mirror after ${paused} steps: alignment miss rate (best head) sinusoidal ${errors[0]}, none ${errors[1]}`,
  );
  await page.screenshot({ path: path.join(ARTIFACTS, 'train-mirror.png'), fullPage: true });
  await page.close();
});

test('375 px: every control is at least 24 x 24 px (touch targets), in English and Chinese, and for the Transformer', async () => {
  for (const [lang, task] of [
    ['en', 'reverse'],
    ['zh-CN', 'reverse'],
    ['en', 'mirror'],
  ]) {
    page = await newPage({ width: 375, height: 800 });
    await page.goto(
      `${session.origin}/?embed=train&lang=${lang}&${PAUSABLE}&train.versus=none&train.task=${task}`,
    );
    await waitFor(() => trainRoot().querySelector('.run attnlab-attention-map') !== null);
    // With a finger: Step once, then Start and Pause.
    await tap(page, lab('button[data-action="step"]'));
    await waitFor(() => Number(trainRoot().querySelector('.progress').dataset.steps) === 1);
    await tap(page, lab('button[data-action="start"]'));
    await waitFor(() => trainRoot().querySelector('.running') !== null);
    await tap(page, lab('button[data-action="pause"]'));
    await waitFor(() => trainRoot().querySelector('.running') === null);
    const small = await page.evaluate(() =>
      [...trainRoot().querySelectorAll('button, input, select')]
        .map((e) => ({ what: e.outerHTML.slice(0, 60), r: e.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && (r.width < 24 || r.height < 24))
        .map(({ what, r }) => `${what} ${r.width}x${r.height}`),
    );
    assert.deepEqual(small, []);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(overflow <= 375, `page is ${overflow} px wide at 375`);
    await page.screenshot({
      path: path.join(ARTIFACTS, `train-375-${task === 'mirror' ? task : lang}.png`),
      fullPage: true,
    });
    await page.close();
  }
});

test('nothing went wrong: no foreign request, failed request, dialog or console error', () => {
  assertNothingWentWrong(session);
});
