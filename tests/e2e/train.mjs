// End-to-end test of the training lab (<attnlab-train>, web/src/lessons/train/) in Debian's
// Chromium: before training the map is the random initial state; Start trains in a worker while
// the loss curve grows and the map changes; a click answers during training; Pause stops; the
// timeline scrubs back to "before training"; the model downloads as a .zip model folder; bad
// settings get plain messages; a hidden tab pauses; side by side trains two variants; the URL
// carries the settings; the model opens in lesson 1 (handed over on the app page, and as the
// downloaded .zip through "Open your model…"). The recall and mirror tasks and 375 px are in
// train-tasks.mjs; the helpers both use in train-page.mjs.
// Screenshots: tests/e2e/artifacts/train-*.png.
//
//   npm run build && node tests/e2e/train.mjs

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import {
  ARTIFACTS,
  assertNothingWentWrong,
  openSession,
  saveScreenshot,
  scrollIntoRenderedView,
} from './browser.mjs';
import { downloadFrom } from './downloads.mjs';
import { PAUSABLE, QUICK, labHelpers, newTrainPage } from './train-page.mjs';

/** The first page trains longer: the tests watch it train, scrub it and open it once it is done. */
const LONGER = QUICK.replace('steps=400', 'steps=1500');
let session;
let page;
/** The watched example's words before training ("Input: ... → correct output: ..."). */
let firstWords = '';
/** The .zip the download test received, which the lesson-1 test opens through the file picker. */
let downloaded = null;

before(async () => {
  session = await openSession('train');
});
after(async () => {
  await session?.close();
});

const { lab, mapState, stepsShown, pause, waitFor } = labHelpers(() => page);
const newPage = (options) => newTrainPage(session, options);

test('before training: the random initial map, the gold alignment outlined, labelled "before training"', async () => {
  page = await newPage();
  await page.goto(`${session.origin}/?embed=train&${LONGER}`);
  await waitFor(() => {
    const map = document
      .querySelector('attnlab-train')
      .shadowRoot?.querySelector('.run attnlab-attention-map');
    return map?.shadowRoot?.querySelectorAll('rect[data-weight]').length > 0;
  });
  const before = await mapState();
  assert.equal(before.steps, 0);
  firstWords = (await lab('.example-words').textContent()).trim();
  const words = (await lab('.example-words').innerText()).match(/correct output: (.*)$/)[1].split(' ');
  assert.equal(before.marks, words.length, 'one outlined cell per output symbol');
  // Rows are output symbols and <eos>; a random softmax spreads every row out.
  assert.ok(Math.max(...before.weights) < 0.5, `random weights are flat, max ${Math.max(...before.weights)}`);
  assert.match(await lab('.timeline-value').innerText(), /before training/);
  assert.equal(await lab('button[data-action="start"]').innerText(), 'Start');
  await page.screenshot({ path: path.join(ARTIFACTS, 'train-before.png'), fullPage: true });
});

test('Start trains in the worker: the loss curve grows, the map changes, and a click answers meanwhile', async () => {
  const before = await mapState();
  await lab('button[data-action="start"]').click();
  await waitFor(() => trainRoot().querySelector('.running') !== null);
  // While it trains: frames keep coming and a click on the example chooser answers at once.
  const frames = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const gaps = [];
        let last = performance.now();
        const start = last;
        const tick = (now) => {
          gaps.push(now - last);
          last = now;
          if (now - start < 1000) requestAnimationFrame(tick);
          else resolve({ count: gaps.length, worst: Math.max(...gaps) });
        };
        requestAnimationFrame(tick);
      }),
  );
  // The click is answered in the first frame after it: the page does not wait for the worker
  // (how long that frame takes is the benchmark's, scripts/bench-lab-responsive.mjs).
  const answer = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const root = trainRoot();
        const t0 = performance.now();
        root.querySelector('.example-chooser button[aria-label="Next example"]').click();
        requestAnimationFrame(() =>
          resolve({ value: root.querySelector('#example').value, ms: Math.round(performance.now() - t0) }),
        );
      }),
  );
  console.log(
    `# while training: ${frames.count} frames in 1 s (worst gap ${frames.worst.toFixed(0)} ms); the click's first frame came after ${answer.ms} ms`,
  );
  assert.equal(answer.value, '2', 'the first frame after the click shows the next example');
  assert.ok(frames.count > 1, 'frames keep coming while the worker trains');
  await lab('.example-chooser button[aria-label="Previous example"]').click();
  await waitFor(() => trainRoot().querySelector('#example').value === '1');
  // The worker answers with a snapshot of example 1 again (until then the map shows example 2).
  await waitFor(
    (words) => trainRoot().querySelector('.example-words').textContent.trim() === words,
    firstWords,
  );
  // The loss curve has points, and it falls.
  await waitFor(() => {
    const chart = trainRoot().querySelector('[data-chart="loss"] attnlab-line-chart');
    const d = chart?.shadowRoot?.querySelector('path[data-series="loss-additive"]')?.getAttribute('d') ?? '';
    return d.split('L').length > 20;
  });
  const after = await mapState();
  assert.ok(after.steps > 0, 'the map shows a trained step');
  assert.equal(after.weights.length, before.weights.length, 'the same example (rows x cols)');
  assert.ok(
    after.weights.some((w, i) => Math.abs(w - before.weights[i]) > 0.01),
    'the map changed from the random initial state',
  );
  await page.screenshot({ path: path.join(ARTIFACTS, 'train-running.png'), fullPage: true });
});

test('Pause stops the steps; Step once takes one; Resume goes on', async () => {
  const main = page;
  page = await newPage();
  await page.goto(`${session.origin}/?embed=train&${PAUSABLE}`);
  await waitFor(() => trainRoot().querySelector('.run attnlab-attention-map') !== null);
  await lab('button[data-action="start"]').click();
  await waitFor(() => Number(trainRoot().querySelector('.progress').dataset.steps) > 0);
  await pause();
  await waitFor(() => trainRoot().querySelector('.running') === null);
  const paused = await stepsShown();
  await page.waitForTimeout(600);
  assert.equal(await stepsShown(), paused, 'no step after Pause');
  assert.equal(await lab('button[data-action="start"]').innerText(), 'Resume');
  // Step once takes exactly one step.
  await lab('button[data-action="step"]').click();
  await waitFor((n) => Number(trainRoot().querySelector('.progress').dataset.steps) === n + 1, paused);
  await lab('button[data-action="start"]').click();
  await waitFor((n) => Number(trainRoot().querySelector('.progress').dataset.steps) > n + 1, paused);
  await page.close();
  page = main;
});

test('the run finishes at its steps', async () => {
  await waitFor(() => trainRoot().querySelector('[data-key="done"]') !== null, null, 180_000);
  assert.equal(await stepsShown(), 1500);
  const hits = await lab('.gold-note').innerText();
  console.log(`# after 1500 steps: ${await lab('.metrics').innerText()} ${hits}`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'train-done.png'), fullPage: true });
});

test('the timeline scrubs back to "before training" and shows that map again', async () => {
  const first = await page.evaluate(() => {
    const input = document.querySelector('attnlab-train').shadowRoot?.querySelector('#timeline');
    return Number(input.max);
  });
  assert.ok(first >= 3, `${first + 1} snapshots kept`);
  await lab('#timeline').fill('0');
  await waitFor(() => /before training/.test(trainRoot().querySelector('.timeline-value').textContent));
  const back = await mapState();
  assert.equal(back.steps, 0);
  // The marker on both curves stands at step 0.
  const marker = await page.evaluate(
    () =>
      trainRoot()
        .querySelector('[data-chart="loss"] attnlab-line-chart')
        .shadowRoot?.querySelectorAll('g.marker line').length,
  );
  assert.equal(marker, 1);
  await lab('button[data-action="live"]').click();
  await waitFor(() => !/before training/.test(trainRoot().querySelector('.timeline-value').textContent));
  assert.equal((await mapState()).steps, 1500);
});

test('Download gives a .zip model folder: config, safetensors, card with the steps', async () => {
  const { name, bytes } = await downloadFrom(page, lab('button[data-action="download"]'));
  assert.equal(name, 'attnlab-reverse-additive-1500-steps.zip');
  downloaded = { name, bytes };
  const files = unzipSync(new Uint8Array(bytes));
  assert.deepEqual(Object.keys(files).sort(), ['card.json', 'config.json', 'model.safetensors']);
  const config = JSON.parse(strFromU8(files['config.json']));
  assert.equal(config.architecture, 'seq2seq');
  assert.equal(config.attention, 'additive');
  assert.equal(config.hidden_size, 32);
  const st = files['model.safetensors'];
  const headerLength = Number(new DataView(st.buffer, st.byteOffset, 8).getBigUint64(0, true));
  const header = JSON.parse(strFromU8(st.subarray(8, 8 + headerLength)));
  const tensors = Object.entries(header).filter(([k]) => k !== '__metadata__');
  assert.ok(tensors.length > 5, `${tensors.length} tensors`);
  let end = 0;
  for (const [, t] of tensors) {
    assert.equal(t.dtype, 'F32');
    end = Math.max(end, t.data_offsets[1]);
  }
  assert.equal(st.length, 8 + headerLength + end, 'the header accounts for every byte');
  const card = JSON.parse(strFromU8(files['card.json']));
  assert.equal(card.training.steps, 1500);
  assert.equal(card.metrics.valid.steps, 1500);
  assert.equal(card.data.kind, 'reverse');
  assert.equal(card.seed, 1);
  assert.match(card.example, /^[a-j]( [a-j])+$/, 'an input of the task, for the lesson that opens it');
  console.log(`# card: ${JSON.stringify(card).slice(0, 300)}`);
});

test('bad settings get plain messages and no figure; fixing them trains again', async () => {
  await lab('input[name="steps"]').fill('abc');
  await lab('input[name="steps"]').press('Enter');
  await waitFor(() => trainRoot().querySelector('[data-key="problem-steps-notNumber"]') !== null);
  assert.match(await lab('[data-key="problem-steps-notNumber"]').innerText(), /Steps: “abc” is not a number/);
  assert.equal(await lab('input[name="steps"]').getAttribute('aria-invalid'), 'true');
  assert.equal(await lab('.run').count(), 0, 'no run, no blank figure');
  assert.match(await lab('.placeholder').innerText(), /Nothing is trained/);
  await lab('input[name="steps"]').fill('999999999');
  await lab('input[name="steps"]').press('Enter');
  await waitFor(() => trainRoot().querySelector('[data-key="problem-steps-range"]') !== null);
  await lab('input[name="steps"]').fill('20000'); // the next test pauses this run: it must not finish first
  await lab('input[name="min-len"]').fill('9');
  await lab('input[name="min-len"]').press('Enter');
  await waitFor(() => trainRoot().querySelector('[data-key="problem-minLen-minAboveMax"]') !== null);
  assert.match(
    await lab('[data-key="problem-minLen-minAboveMax"]').innerText(),
    /shortest input \(9\) is longer than the longest \(8\)/,
  );
  await lab('input[name="min-len"]').fill('4');
  await lab('input[name="min-len"]').press('Enter');
  await waitFor(() => trainRoot().querySelector('.run attnlab-attention-map') !== null);
  assert.equal(await lab('[data-kind="error"]').count(), 0);
});

test('a hidden tab pauses the training', async () => {
  await lab('button[data-action="start"]').click();
  await waitFor(() => trainRoot().querySelector('.running') !== null);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await waitFor(() => trainRoot().querySelector('[data-key="hidden-pause"]') !== null);
  await waitFor(() => trainRoot().querySelector('.running') === null);
  const steps = await stepsShown();
  await page.waitForTimeout(500);
  assert.equal(await stepsShown(), steps);
  assert.ok(steps < 20000);
  await page.close();
});

test('side by side: additive and no attention train together, and the URL carries the settings', async () => {
  page = await newPage();
  await page.goto(`${session.origin}/?${QUICK}&train.task=shift`);
  await lab('select[name="versus"]').selectOption('none');
  await waitFor(() => trainRoot().querySelectorAll('.run').length === 2);
  await page.waitForFunction(() => location.search.includes('train.versus=none'));
  assert.match(page.url(), /train\.task=shift/);
  assert.match(page.url(), /train\.steps=400/);
  await waitFor(() => trainRoot().querySelector('.run[data-variant="none"] .no-attention') !== null);
  await lab('button[data-action="start"]').click();
  await waitFor(() => trainRoot().querySelector('[data-key="done"]') !== null, null, 240_000);
  const series = await page.evaluate(() =>
    [...trainRoot().querySelectorAll('attnlab-line-chart')].flatMap((c) =>
      [...c.shadowRoot?.querySelectorAll('path[data-series]')].map((p) => p.dataset.series),
    ),
  );
  assert.deepEqual(series.sort(), [
    'aer-additive',
    'exact-additive',
    'exact-none',
    'loss-additive',
    'loss-none',
  ]);
  const exact = await page.evaluate(() =>
    [...trainRoot().querySelectorAll('.run .metrics')].map((m) => Number(m.dataset.exact)),
  );
  console.log(`# shift, 400 steps: exact match additive ${exact[0]}, none ${exact[1]}`);
  await scrollIntoRenderedView(page, page.locator('section[aria-labelledby="lesson-train"]'));
  await saveScreenshot(
    page.locator('section[aria-labelledby="lesson-train"]'),
    path.join(ARTIFACTS, 'train-compare.png'),
  );
  // The link restores the same settings in a new page, in Chinese.
  const url = new URL(page.url());
  url.searchParams.set('lang', 'zh-CN');
  const copy = await session.newPage();
  await copy.goto(url.href);
  await copy.waitForFunction(
    () => document.querySelector('attnlab-train').shadowRoot?.querySelectorAll('.run').length === 2,
  );
  assert.equal(await copy.locator('attnlab-train select[name="task"]').inputValue(), 'shift');
  assert.match(await copy.locator('attnlab-train button[data-action="start"]').textContent(), /开始/);
  await copy.waitForFunction(() =>
    document.querySelector('attnlab-train').shadowRoot?.querySelector('.run attnlab-attention-map'),
  );
  await scrollIntoRenderedView(copy, copy.locator('section[aria-labelledby="lesson-train"]'));
  await saveScreenshot(
    copy.locator('section[aria-labelledby="lesson-train"]'),
    path.join(ARTIFACTS, 'train-zh-1280.png'),
  );
  await copy.close();
});

/** Lesson 1's state while it shows a model: the pill checked, the card, the words, output and map. */
const lessonOne = (tab) =>
  tab.evaluate(() => {
    const root = document.querySelector('attnlab-seq2seq')?.shadowRoot ?? document.createDocumentFragment();
    const map = root.querySelector('attnlab-attention-map');
    return {
      pill: root.querySelector('[data-variant][aria-checked="true"]')?.dataset.variant ?? null,
      local: root.querySelector('.card[data-local="true"]')?.textContent.replace(/\s+/g, ' ').trim() ?? null,
      text: root.querySelector('textarea')?.value,
      output: root.querySelector('.translation')?.dataset.translation ?? null,
      cells: map?.shadowRoot?.querySelectorAll('rect[data-weight]').length ?? 0,
      noAttention: root.querySelector('[data-key="no-attention"]') !== null,
      error: root.querySelector('.open-error')?.textContent ?? null,
      tokensLabel: root.querySelector('.tokens-label')?.textContent ?? null,
    };
  });

test('"Show it in lesson 1" hands the trained model to lesson 1 on the app page; the one without attention says it has no map', async () => {
  await page
    .locator('attnlab-train .run[data-variant="additive"] button[data-action="open-in-lesson"]')
    .click();
  await page.waitForFunction(() => {
    const root = document.querySelector('attnlab-seq2seq')?.shadowRoot ?? document.createDocumentFragment();
    return root.querySelector('.card[data-local="true"]') && root.querySelector('.translation');
  });
  await page.waitForFunction(() =>
    document
      .querySelector('attnlab-seq2seq')
      .shadowRoot?.querySelector('attnlab-attention-map')
      ?.shadowRoot?.querySelector('rect[data-weight]'),
  );
  const shown = await lessonOne(page);
  assert.match(shown.local, /Your model “attnlab-shift-additive-400-steps”/);
  assert.match(shown.local, /held-out validation/);
  assert.match(shown.text, /^[a-j]( [a-j])+$/, 'the lesson types the example input the card gives');
  assert.equal(shown.pill, 'local', 'the "Your model" pill is chosen');
  assert.equal(shown.tokensLabel, 'Input words', 'the lesson no longer calls the input English');
  const n = shown.text.split(' ').length;
  assert.equal(
    shown.cells,
    n * (shown.output.split(' ').length + 2),
    'm x (t + 1) cells, <eos> and s0 rows included',
  );
  await page.waitForFunction(() => location.search.includes('seq2seq.model=local'));
  await scrollIntoRenderedView(page, page.locator('section[aria-labelledby="lesson-seq2seq"]'));
  await saveScreenshot(
    page.locator('section[aria-labelledby="lesson-seq2seq"]'),
    path.join(ARTIFACTS, 'train-in-lesson1.png'),
  );
  // The link cannot carry the file: opened again, the lesson shows its own model and says why.
  const copy = await session.newPage();
  await copy.goto(page.url());
  await copy.waitForFunction(() =>
    document.querySelector('attnlab-seq2seq').shadowRoot?.querySelector('[data-key="link-needs-file"]'),
  );
  await copy.close();
  // The baseline without attention: shown too, with its reason instead of a blank map.
  await page.locator('attnlab-train .run[data-variant="none"] button[data-action="open-in-lesson"]').click();
  await page.waitForFunction(() =>
    document.querySelector('attnlab-seq2seq').shadowRoot?.querySelector('[data-key="no-attention"]'),
  );
  assert.match((await lessonOne(page)).local, /attnlab-shift-none-400-steps/);
  // Closing it goes back to the lesson's own model.
  await page.locator('attnlab-seq2seq button.close-local').click();
  await page.waitForFunction(
    () => !document.querySelector('attnlab-seq2seq').shadowRoot?.querySelector('.card[data-local]'),
  );
  await page.close();
});

test('the downloaded .zip opens in lesson 1 through "Open your model…"; a file that is not a model is refused and nothing is lost', async () => {
  assert.ok(downloaded, 'the download test ran first');
  page = await newPage();
  await page.goto(`${session.origin}/?embed=seq2seq`);
  // The lesson shows its own model: its map drawn (cells), not only the map's element.
  await page.waitForFunction(() =>
    document
      .querySelector('attnlab-seq2seq')
      .shadowRoot?.querySelector('attnlab-attention-map')
      ?.shadowRoot?.querySelector('rect[data-weight]'),
  );
  const input = page.locator('attnlab-seq2seq input.open-input');
  await input.setInputFiles({
    name: 'notes.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('not a zip'),
  });
  await page.waitForFunction(() =>
    document.querySelector('attnlab-seq2seq').shadowRoot?.querySelector('.open-error'),
  );
  // Still its own model: the map drawn again once the refusal is shown (waited for, not read once).
  await page
    .waitForFunction(
      () =>
        document
          .querySelector('attnlab-seq2seq')
          .shadowRoot?.querySelector('attnlab-attention-map')
          ?.shadowRoot?.querySelector('rect[data-weight]'),
      null,
      { timeout: 60_000 },
    )
    .catch(() => {});
  const refused = await lessonOne(page);
  assert.match(refused.error, /notes\.zip is not a \.zip this page can read/);
  assert.equal(refused.local, null);
  assert.ok(refused.cells > 0, 'the lesson still shows its own model');
  await input.setInputFiles({ name: downloaded.name, mimeType: 'application/zip', buffer: downloaded.bytes });
  await page.waitForFunction(() =>
    document.querySelector('attnlab-seq2seq').shadowRoot?.querySelector('.card[data-local="true"]'),
  );
  await page.waitForFunction(() =>
    document
      .querySelector('attnlab-seq2seq')
      .shadowRoot?.querySelector('attnlab-attention-map')
      ?.shadowRoot?.querySelector('rect[data-weight]'),
  );
  const opened = await lessonOne(page);
  assert.equal(opened.error, null);
  assert.match(opened.local, /attnlab-reverse-additive-1500-steps/);
  // A reversal model trained 1,500 steps: the example's output is its input reversed.
  console.log(`# lesson 1 with the lab's model: "${opened.text}" -> "${opened.output}"`);
  assert.equal(opened.output, opened.text.split(' ').reverse().join(' '));
  await page.screenshot({ path: path.join(ARTIFACTS, 'train-open-zip.png'), fullPage: true });
  await page.close();
});

test('nothing went wrong: no foreign request, failed request, dialog or console error', () => {
  assertNothingWentWrong(session);
});
