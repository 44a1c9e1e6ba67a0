// Each lesson's first figure from the build (issue 17, first view; web/vite-plugin-first-view.ts):
// an embedded lesson draws its opening figure from its own JavaScript while its WebAssembly and
// model are held back, the figure is the engine's own (what the engine draws once it has loaded is
// the same, to the last bit of every weight the figure holds), and a changed text never shows it:
// the lesson waits for its model instead. The training lab's "before training" figure likewise.
//
//   npm run build && node tests/e2e/built-figure.mjs

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, assertNothingWentWrong, openSession } from './browser.mjs';
import { answered } from './lesson-driver.mjs';

let session;
before(async () => {
  session = await openSession('built-figure');
});
after(() => session?.close());

/**
 * What each lesson's first figure draws, read from the page: every number behind it (each weight
 * as the engine gave it, as a string or a number, never rounded) and the words around it.
 */
const LESSONS = [
  {
    lesson: 'seq2seq',
    tag: 'attnlab-seq2seq',
    folder: 'seq2seq-additive',
    figure: 'attnlab-attention-map',
    read: (tag) => {
      const root = document.querySelector(tag).shadowRoot.querySelector('.figure');
      const map = root.querySelector('attnlab-attention-map')?.map ?? null;
      return {
        map: map && {
          rows: map.rows,
          cols: map.cols,
          rowLabels: map.rowLabels,
          colLabels: map.colLabels,
          weights: Array.from(map.weights),
          scores: Array.from(map.scores),
        },
        words: [...root.querySelectorAll('.tokens li')].map((li) => li.textContent.trim()),
        translation: root.querySelector('.translation')?.getAttribute('data-translation') ?? null,
        cost: root.querySelector('.cost')?.getAttribute('data-weights') ?? null,
      };
    },
  },
  {
    lesson: 'lstmn',
    tag: 'attnlab-lstmn',
    folder: 'lm-rnn-selfattn',
    figure: '.reading',
    read: (tag) => {
      const root = document.querySelector(tag).shadowRoot.querySelector('.figure');
      const map = root.querySelector('attnlab-attention-map')?.map ?? null;
      return {
        // Each row of the reading: its word, and each chip's weight as the figure holds it.
        rows: [...root.querySelectorAll('.reading li.row')].map((li) => [
          li.dataset.word,
          ...[...li.querySelectorAll('.w')].map((w) => `${w.textContent}:${w.dataset.alpha ?? ''}`),
        ]),
        map: map && { rows: map.rows, cols: map.cols, weights: Array.from(map.weights) },
      };
    },
  },
  {
    lesson: 'transformer',
    tag: 'attnlab-transformer',
    folder: 'tf-mlm',
    figure: '.view svg.head-view',
    read: (tag) => {
      const root = document.querySelector(tag).shadowRoot.querySelector('.figure');
      const svg = root.querySelector('.view svg.head-view');
      return {
        words: [...root.querySelectorAll('.tokens li, .tokens button')].map((c) => c.textContent.trim()),
        // The layer pills, the view switch and the head toggles: which exist and which is chosen.
        pills: [...root.querySelectorAll('[role="radio"], .head-toggle')].map(
          (p) =>
            `${p.textContent.trim()}:${p.getAttribute('aria-checked') ?? p.getAttribute('aria-pressed')}`,
        ),
        query: svg?.getAttribute('data-query') ?? null,
        // Every line of the head view: its head, the key it reaches and its weight.
        lines: [...(svg?.querySelectorAll('line.link') ?? [])].map(
          (l) => `${l.dataset.head}/${l.dataset.key}:${l.dataset.weight}:${l.getAttribute('stroke-opacity')}`,
        ),
        top: [...root.querySelectorAll('.head-top li')].map((li) =>
          li.textContent.replace(/\s+/g, ' ').trim(),
        ),
      };
    },
  },
];

/** What `lesson`'s figure draws now, and whether the first-view note is shown. */
const drawn = async (page, { tag, read }) => ({
  data: await page.evaluate(read, tag),
  note: await page.evaluate(
    (tag) => document.querySelector(tag)?.shadowRoot?.querySelector('[data-key="first-view"]') != null,
    tag,
  ),
});

/** Whether the figure's own element is on the page (the map, the reading, the head view). */
const hasFigure = (page, { tag, figure }) =>
  page.evaluate(
    ({ tag, figure }) => document.querySelector(tag)?.shadowRoot?.querySelector(`.figure ${figure}`) != null,
    { tag, figure },
  );

for (const lesson of LESSONS)
  test(`embedded ${lesson.lesson}: its first figure is drawn with its engine and model held back, and is the engine’s own`, async () => {
    const held = [];
    const hold = async (route) => held.push(route);
    const engineFiles = new RegExp(`\\.wasm$|/models/${lesson.folder}/model\\.safetensors$`);
    const answeredEngine = [];
    const finished = (r) => {
      if (engineFiles.test(new URL(r.url()).pathname)) answeredEngine.push(r.url());
    };
    session.context.on('requestfinished', finished);
    await session.context.route(engineFiles, hold);
    const page = await session.newPage({ width: 375, height: 900 });
    await page.goto(`${session.origin}/index.html?embed=${lesson.lesson}`);
    await page.waitForFunction(
      ({ tag, figure }) =>
        document.querySelector(tag)?.shadowRoot?.querySelector(`.figure ${figure}`) != null,
      { tag: lesson.tag, figure: lesson.figure },
      { timeout: 60_000, polling: 50 },
    );
    const first = await drawn(page, lesson);
    assert.deepEqual(answeredEngine, [], 'no WebAssembly or weights had arrived');
    assert.ok(first.note, 'the page says where the figure comes from');
    assert.ok(JSON.stringify(first.data).length > 200, JSON.stringify(first.data));
    await page.screenshot({
      path: path.join(ARTIFACTS, `built-figure-${lesson.lesson}-375.png`),
      fullPage: true,
    });

    // A changed text is not the build's sentence: the lesson waits for its model, then comes back.
    const box = page.locator(`${lesson.tag} textarea`);
    await box.press('End');
    await box.type(' x');
    assert.equal(await hasFigure(page, lesson), false, 'no figure for a text the build did not compute');
    assert.equal((await drawn(page, lesson)).note, false);
    await box.press('Backspace');
    await box.press('Backspace');
    assert.deepEqual(await drawn(page, lesson), first, 'the same sentence again: the same first figure');

    // Let the engine in: its answer replaces the build's, with the same numbers.
    await session.context.unroute(engineFiles, hold);
    for (const route of held) await route.continue().catch(() => {});
    await answered(page, lesson.tag);
    const engine = await drawn(page, lesson);
    session.context.off('requestfinished', finished);
    assert.equal(engine.note, false, 'the note is gone once the model is ready');
    assert.deepEqual(engine.data, first.data, 'the engine draws the same figure, bit for bit');
    await page.close();
  });

/** What the training lab's run panels draw: every number of the snapshot, the words, the map's weights. */
const readLab = () =>
  [...document.querySelector('attnlab-train').shadowRoot.querySelectorAll('.run')].map((run) => {
    const map = run.querySelector('attnlab-attention-map')?.map ?? null;
    const metrics = run.querySelector('.metrics');
    return {
      variant: run.dataset.variant,
      card: run.querySelector('.card')?.textContent.replace(/\s+/g, ' ').trim() ?? null,
      metrics: metrics && { ...metrics.dataset, text: metrics.textContent.replace(/\s+/g, ' ').trim() },
      words: run.querySelector('.example-words')?.textContent.trim() ?? null,
      gold: run.querySelector('.gold-note')?.textContent.replace(/\s+/g, ' ').trim() ?? null,
      map: map && {
        rows: map.rows,
        cols: map.cols,
        rowLabels: map.rowLabels,
        colLabels: map.colLabels,
        weights: Array.from(map.weights),
        scores: Array.from(map.scores),
      },
    };
  });

test('embedded training lab: its “before training” figure is drawn with its engine held back, and is the engine’s own', async () => {
  const held = [];
  const hold = async (route) => held.push(route);
  const wasm = /\.wasm$/;
  const answeredWasm = [];
  const finished = (r) => {
    if (wasm.test(new URL(r.url()).pathname)) answeredWasm.push(r.url());
  };
  session.context.on('requestfinished', finished);
  await session.context.route(wasm, hold);
  const page = await session.newPage({ width: 375, height: 900 });
  await page.goto(`${session.origin}/index.html?embed=train`);
  const state = () =>
    page.evaluate(() => {
      const root = document.querySelector('attnlab-train')?.shadowRoot;
      return {
        note: root?.querySelector('[data-key="first-view"]') != null,
        busy: root?.querySelector('.runs')?.getAttribute('aria-busy') ?? null,
        status: root?.querySelector('.run')?.dataset.status ?? null,
        start: root?.querySelector('button[data-action="start"]')?.disabled ?? null,
      };
    });
  await page.waitForFunction(
    () =>
      document.querySelector('attnlab-train')?.shadowRoot?.querySelector('.run attnlab-attention-map')?.map !=
      null,
    null,
    { timeout: 60_000, polling: 50 },
  );
  const first = await page.evaluate(readLab);
  assert.deepEqual(answeredWasm, [], 'no WebAssembly had arrived');
  assert.deepEqual(await state(), { note: true, busy: 'true', status: 'starting', start: true });
  assert.equal(first.length, 1);
  assert.ok(first[0].map && first[0].map.weights.length > 10 && first[0].metrics, JSON.stringify(first));
  assert.equal(first[0].metrics.steps, '0');
  await page.screenshot({ path: path.join(ARTIFACTS, 'built-figure-train-375.png'), fullPage: true });

  // Another example is not what the build computed: its figure waits for the engine.
  const exampleBox = page.locator('attnlab-train input[name="example"]');
  await exampleBox.fill('2');
  await exampleBox.dispatchEvent('change');
  await page.waitForFunction(
    () => document.querySelector('attnlab-train').shadowRoot.querySelector('[data-key="first-view"]') == null,
    null,
    { timeout: 60_000, polling: 50 },
  );
  assert.equal((await page.evaluate(readLab))[0].map, null, 'no map of an example the build did not compute');

  await session.context.unroute(wasm, hold);
  for (const route of held) await route.continue().catch(() => {});
  // The worker answers each example asked for, in turn (the first, then the second): wait for its
  // map of the second, the last it was asked for, then go back to the first, the build's.
  const shows = (words, same) =>
    page.waitForFunction(
      ({ words, same }) => {
        const root = document.querySelector('attnlab-train').shadowRoot;
        const shown = root.querySelector('.run .example-words')?.textContent.trim();
        return (
          root.querySelector('.run')?.dataset.status === 'ready' &&
          root.querySelector('[data-key="first-view"]') == null &&
          root.querySelector('.run attnlab-attention-map')?.map != null &&
          shown !== undefined &&
          (shown === words) === same
        );
      },
      { words, same },
      { timeout: 60_000, polling: 50 },
    );
  await shows(first[0].words, false);
  await exampleBox.fill('1');
  await exampleBox.dispatchEvent('change');
  await shows(first[0].words, true);
  session.context.off('requestfinished', finished);
  const engine = await page.evaluate(readLab);
  assert.equal((await state()).busy, 'false');
  assert.deepEqual(engine, first, 'the worker draws the same figure, bit for bit');
  await page.close();
});

test('lesson 1 with a setting in its link (another model) has no first figure from the build', async () => {
  const TAG = LESSONS[0].tag;
  const wasm = /\.wasm$/;
  const held = [];
  const hold = async (route) => held.push(route);
  await session.context.route(wasm, hold);
  const page = await session.newPage();
  await page.goto(`${session.origin}/index.html?embed=seq2seq&seq2seq.model=dot`);
  // Its engine is held back: the figure's place says the model is loading, and shows no map.
  await page.waitForFunction(
    (tag) => document.querySelector(tag)?.shadowRoot?.querySelector('.figure .placeholder') != null,
    TAG,
    { timeout: 60_000, polling: 50 },
  );
  const waiting = await drawn(page, LESSONS[0]);
  assert.equal(waiting.data.map, null);
  assert.equal(waiting.note, false);
  await session.context.unroute(wasm, hold);
  for (const route of held) await route.continue().catch(() => {});
  await answered(page, TAG);
  assert.notEqual((await drawn(page, LESSONS[0])).data.map, null, 'its own model answers');
  await page.close();
});

test('every request stayed on the page origin; no dialog, console error or failed request', () => {
  assertNothingWentWrong(session);
});
