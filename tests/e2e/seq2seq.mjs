// End-to-end test of lesson 1, <attnlab-seq2seq>, on the built page (build/web) in Debian's
// Chromium: the translation and its map, messages for bad input, the variant switch, step-through,
// the length chart, side by side, 375 px in Chinese (downloads: seq2seq-downloads.mjs; typing and
// suggestions: seq2seq-typing.mjs).
// Screenshots go to tests/e2e/artifacts/.
//
//   npm run build && node tests/e2e/seq2seq.mjs
//   ATTNLAB_WEB_DIR=/some/other/build node tests/e2e/seq2seq.mjs   (serve another build)

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import {
  ARTIFACTS,
  WEB_DIR,
  drawnLefts,
  openSession,
  scrollIntoRenderedView,
  shownText,
  withoutIsolates,
} from './browser.mjs';
import { openSeqLesson, readSeqMap, seq, seqSection, settledTranslation } from './seq2seq-page.mjs';
import { openCardMore } from './card-more.mjs';

const webDir = WEB_DIR;
const artifacts = ARTIFACTS;

let session;
let origin;
let dialogs;
let consoleErrors;
let foreignRequests;
let failedRequests;
let requestedPaths;

before(async () => {
  session = await openSession('seq2seq');
  ({ origin, dialogs, consoleErrors, foreignRequests, failedRequests, requestedPaths } = session);
});

after(() => session?.close());

const SEQ2SEQ_DEFAULT = 'the european economic area does not see the red car .';
const seqCells = (page) => seq(page, 'attnlab-attention-map rect[data-weight]');

/** The model folders the build serves (models/index.json, written by the Vite plugin). */
function servedModels() {
  return JSON.parse(fs.readFileSync(path.join(webDir, 'models/index.json'), 'utf8')).models;
}

/** The English vocabulary of the served additive model. */
function sourceVocabulary() {
  const config = JSON.parse(
    fs.readFileSync(path.join(webDir, 'models/seq2seq-additive/config.json'), 'utf8'),
  );
  return new Set(config.tokenizer.vocab);
}

const openLesson = (options) => openSeqLesson(session, options);

test('Seq2Seq lesson: the default sentence is translated, with its heading, card and cost', async () => {
  const page = await openLesson();
  assert.match(await shownText(page.locator('#lesson-seq2seq')), /^1\. Seq2Seq with attention$/);
  assert.equal(await seq(page, 'textarea').inputValue(), SEQ2SEQ_DEFAULT);
  const translation = await settledTranslation(page);
  assert.ok(translation.split(' ').length >= 8, `translation: ${translation}`);
  await openCardMore(page, 'attnlab-seq2seq'); // what the card says beyond its line (issue 52 B1)
  assert.match(await seq(page, '.card').innerText(), /parameters.*exact match.*alignment error rate/);
  await seq(page, '.cost .katex').first().waitFor({ timeout: 30_000 }); // KaTeX is a chunk of its own
  assert.ok(await seq(page, '.cost .katex').first().isVisible(), 'cost formulas typeset by KaTeX');
  // Without a dot-product model the switch is not offered.
  const hasDot = servedModels().includes('seq2seq-dot');
  assert.equal(await seq(page, '.variants').count(), hasDot ? 1 : 0);
  await seqSection(page).screenshot({ path: path.join(artifacts, 'seq2seq-1280.png') });
  await page.close();
});

test('Seq2Seq lesson: typing a sentence with an adjective gives its translation and an m x (t + 1) map', async () => {
  const sentence = 'the red car is fast .';
  const vocabulary = sourceVocabulary();
  for (const word of sentence.split(' ')) assert.ok(vocabulary.has(word), `"${word}" is in the vocabulary`);
  const page = await openLesson();
  await seq(page, 'textarea').fill('');
  await seq(page, 'textarea').pressSequentially(sentence, { delay: 0 });
  const translation = await settledTranslation(page, 'la voiture rouge est rapide .');
  assert.equal((await seq(page, '.translation').innerText()).trim(), translation);
  const m = sentence.split(' ').length; // English words
  const t = translation.split(' ').length + 1; // French words and <eos>
  // One row for the start s_0 (alpha_0, giving c_0) and one per decoder step: m(t + 1) weights.
  assert.equal(await seqCells(page).count(), m * (t + 1), `${m} x ${t + 1} cells`);
  assert.equal(await seq(page, '.cost').getAttribute('data-m'), String(m));
  assert.equal(await seq(page, '.cost').getAttribute('data-t'), String(t));
  assert.equal(await seq(page, '.cost').getAttribute('data-weights'), String(m * (t + 1)));
  assert.match(await seq(page, '.cost-line').innerText(), new RegExp(`${m} × ${t + 1} = ${m * (t + 1)}`));
  const map = await readSeqMap(page);
  assert.deepEqual(map.cols, sentence.split(' '));
  assert.deepEqual(map.rows, ['s₀', ...translation.split(' '), '<eos>']);
  for (const row of map.weights) {
    const sum = row.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 1e-4, `row sums to ${sum}`);
  }
  // The French adjective is written from the English adjective.
  const rouge = map.weights[map.rows.indexOf('rouge')];
  assert.equal(map.cols[rouge.indexOf(Math.max(...rouge))], 'red');
  // Hovering a cell reads its weight.
  const cell = seq(page, `attnlab-attention-map rect[data-row="${map.rows.indexOf('rouge')}"][data-col="1"]`);
  await cell.hover();
  assert.match(
    withoutIsolates(await seq(page, 'attnlab-attention-map .tooltip').innerText()),
    /rouge → red: \d\.\d{3}/,
  );
  assert.equal(await seq(page, '.message').count(), 0, 'no message for a sentence the model knows');
  await seqSection(page).screenshot({ path: path.join(artifacts, 'seq2seq-typed-1280.png') });
  await page.close();
});

test('Seq2Seq lesson: unknown words, markup, punctuation, empty and too long each get a message', async () => {
  const page = await openLesson();
  const box = seq(page, 'textarea');

  // An unknown word is kept, marked, and explained.
  await box.fill('the zorblax car .');
  await settledTranslation(page);
  const unknownChip = seq(page, '.tokens li.unknown');
  assert.equal(await unknownChip.count(), 1);
  assert.match(await unknownChip.innerText(), /zorblax/);
  assert.equal(await seq(page, '.tokens li').count(), 4, 'no word is dropped');
  const unknown = seq(page, '.message[data-key="unknown"]');
  await unknown.waitFor({ state: 'visible' });
  assert.match(await unknown.innerText(), /zorblax.*only knows/);
  await seqSection(page).screenshot({ path: path.join(artifacts, 'seq2seq-unknown-1280.png') });

  // An unknown word with a right-to-left override in it is isolated: the rest of the message
  // still reads left to right.
  await box.fill('the \u202Ezorblax car .');
  await settledTranslation(page);
  const isolated = seq(page, '.message[data-key="unknown"]');
  await isolated.filter({ hasText: 'zorblax' }).waitFor();
  const [it, only, knows] = await drawnLefts(isolated, ['It only', 'only', 'knows']);
  assert.ok(it < only && only < knows, `"It only knows" drawn left to right (${it}, ${only}, ${knows})`);

  // Markup is text: a message, no element, no dialog.
  await box.fill('<img src=x onerror=alert(1)>');
  await seq(page, '.message[data-key="unknown"]')
    .filter({ hasText: /none of these words/ })
    .waitFor();
  assert.equal(await page.locator('img').count(), 0, 'no <img> element was created anywhere');
  assert.ok((await seq(page, '.tokens').innerText()).includes('<'), 'the markup is shown as text');

  // Punctuation only and empty: a hint in place of the figure, no engine error.
  await box.fill(' . , ! ');
  await seq(page, '.placeholder.hint')
    .filter({ hasText: /only punctuation/ })
    .waitFor();
  assert.equal(await seqCells(page).count(), 0);
  await box.fill('');
  await seq(page, '.placeholder.hint')
    .filter({ hasText: /Type an English sentence/ })
    .waitFor();
  assert.equal(await seqCells(page).count(), 0);

  // 2,000 characters pasted: cut to the limit, and too many words for the lesson.
  await box.fill('the red car is fast . '.repeat(91));
  await seq(page, '.message[data-key="chars"]').waitFor();
  await seq(page, '.message[data-key="too-long"]').waitFor();
  assert.match(await seq(page, '.message[data-key="too-long"]').innerText(), /at most 50/);
  assert.equal(await seqCells(page).count(), 0);

  // And back to a sentence.
  await box.fill('the red car .');
  await settledTranslation(page, 'la voiture rouge .');
  assert.equal(await seq(page, '.message[data-kind="error"]').count(), 0, 'no engine error');
  assert.deepEqual(dialogs, [], 'no dialog was opened');
  await page.close();
});

test('Seq2Seq lesson: the additive / dot-product switch, when the dot model is served', async (t) => {
  if (!servedModels().includes('seq2seq-dot')) {
    // Checked by the first lesson test: no dot model, no switch.
    t.skip('models/seq2seq-dot is not in this build');
    return;
  }
  const page = await openLesson();
  const dot = seq(page, '.variants [data-variant="dot"]');
  await dot.click();
  assert.equal(await dot.getAttribute('aria-checked'), 'true');
  assert.equal(await seq(page, '.variants [data-variant="additive"]').getAttribute('aria-checked'), 'false');
  // The dot-product model may translate differently: check the shape, not the words.
  await seq(page, 'textarea').fill('the red car is fast .');
  await seq(page, '.cost[data-m="6"]').waitFor();
  const translation = await settledTranslation(page);
  const steps = Number(await seq(page, '.cost').getAttribute('data-t'));
  assert.ok(translation.length > 0 && steps >= 2, `dot-product translation: ${translation}`);
  assert.equal(await seqCells(page).count(), 6 * (steps + 1));
  assert.ok(requestedPaths.has(new URL(`${origin}/models/seq2seq-dot/model.safetensors`).pathname));
  // The dot-product model was trained with a weight decay on W_K and W_Q: its card says so.
  const card = JSON.parse(fs.readFileSync(path.join(webDir, 'models/seq2seq-dot/card.json'), 'utf8'));
  const decay = card.training?.align_weight_decay;
  await openCardMore(page, 'attnlab-seq2seq'); // what the card says beyond its line (issue 52 B1)
  if (decay !== undefined) {
    const trick = seq(page, '.card [data-key="align-weight-decay"]');
    assert.equal(await trick.getAttribute('data-value'), String(decay));
    assert.match(await trick.innerText(), /weight decay of \d+ on W_K and W_Q/);
  }
  // Picked among runs that differ only in the seed: the card line lists every run's figure. A model
  // fine-tuned from the picked 8-bit run (training.init_from) lists the base's runs, and says so.
  const base = card.training?.init_from;
  const runs = card.training?.seed_runs ?? base?.training?.seed_runs ?? [];
  const seeds = seq(page, '.card [data-key="seed-runs"]');
  assert.equal(await seeds.count(), runs.length >= 2 ? 1 : 0, 'the seed line');
  if (runs.length >= 2) {
    const text = await seeds.innerText();
    assert.equal(await seeds.getAttribute('data-of-base'), !card.training?.seed_runs && base ? 'true' : null);
    if (base && !card.training?.seed_runs) assert.match(text, /fine-tuned from/, text);
    for (const run of runs) {
      const figure = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(
        run.exact_match,
      );
      const own = run.seed === card.seed ? ' \\(this model\\)' : '';
      assert.match(text, new RegExp(`seed ${run.seed}${own}: ${figure.replace('.', '\\.')}`), text);
    }
  }
  await seqSection(page).screenshot({ path: path.join(artifacts, 'seq2seq-dot-1280.png') });
  await page.close();
});

test('Seq2Seq lesson: a sentence typed without its full stop is read with one, and the page says so', async () => {
  const page = await openLesson();
  await seq(page, 'textarea').fill('the red car is fast');
  assert.equal(
    await settledTranslation(page, 'la voiture rouge est rapide .'),
    'la voiture rouge est rapide .',
  );
  assert.match(await seq(page, '.message[data-key="full-stop"]').innerText(), /full stop was added/);
  // The map reads the added full stop too: 6 English tokens; s_0, 6 French words and <eos>.
  assert.equal(await seq(page, 'attnlab-attention-map rect[data-weight]').count(), 6 * 8);
  await seq(page, 'textarea').fill('the red car is fast .');
  await settledTranslation(page, 'la voiture rouge est rapide .');
  assert.equal(await seq(page, '.message[data-key="full-stop"]').count(), 0);
  await page.close();
});

test('Seq2Seq lesson: the step panel’s strips are gradients, a hard stop per component, not canvases', async () => {
  // Each canvas was a compositing layer of its own (16 of lesson 1's 29), more for every frame to
  // update and commit after a keystroke (docs/performance-keystrokes.md, "Where a slow keystroke's time goes").
  const page = await openLesson();
  const strips = await page.evaluate(() =>
    [...document.querySelector('attnlab-seq2seq').shadowRoot.querySelectorAll('attnlab-vector-strip')].map(
      (strip) => ({
        canvases: strip.shadowRoot.querySelectorAll('canvas').length,
        components: strip.values.length,
        stops: (
          getComputedStyle(strip.shadowRoot.querySelector('.cells')).backgroundImage.match(/rgb\(/g) ?? []
        ).length,
      }),
    ),
  );
  assert.ok(strips.length > 0, 'the step panel has strips');
  for (const strip of strips) {
    assert.equal(strip.canvases, 0);
    // A hard stop ("c 0% 1.5625%") is two stops in the computed style.
    assert.equal(strip.stops, 2 * strip.components, 'one hard colour stop per component');
  }
  await page.close();
});

test('Seq2Seq lesson: step through one decoder step with the real numbers', async () => {
  const page = await openLesson();
  await seq(page, 'textarea').fill('the red car is fast .');
  await settledTranslation(page, 'la voiture rouge est rapide .');
  // Pick "rouge", step 3: the panel shows x'_3, s_2, c_2, s_3, m scores, m alphas summing to 1, c_3.
  await seq(page, '.step-words [data-step="3"]').click();
  assert.equal(await seq(page, '.step-words [data-step="3"]').getAttribute('aria-checked'), 'true');
  assert.equal(await seq(page, '.step-list').getAttribute('data-step'), '3');
  const rows = await seq(page, '.step-table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({ word: tr.children[1].textContent.trim(), alpha: Number(tr.dataset.alpha) })),
  );
  assert.deepEqual(
    rows.map((r) => r.word),
    ['the', 'red', 'car', 'is', 'fast', '.'],
  );
  const sum = rows.reduce((a, r) => a + r.alpha, 0);
  assert.ok(Math.abs(sum - 1) < 1e-4, `alphas sum to ${sum}`);
  const peak = rows.reduce((best, r) => (r.alpha > best.alpha ? r : best));
  assert.equal(peak.word, 'red', '"rouge" attends most to "red"');
  assert.match(await seq(page, '.step-table .sum').innerText(), /^1\.000$/);
  // The panel's context equals the alpha-weighted sum of the h_i it shows.
  assert.ok(Number(await seq(page, '.step-check').getAttribute('data-error')) < 1e-5);
  // Formulas are typeset and vectors are strips: the inputs x', s_{j-1}, c_{j-1}, the state s_j,
  // m keys and the context; the word is written from softmax(W_out [s_j; c_j] + b_out).
  assert.ok((await seq(page, '.step .katex').count()) >= 5);
  assert.equal(await seq(page, '.step li[data-part="inputs"] attnlab-vector-strip').count(), 4);
  // (the word is bidi-isolated: FSI and PDI around it)
  assert.match(await seq(page, '.step li[data-part="inputs"]').innerText(), /“\u2068?voiture\u2069?”/);
  assert.equal(await seq(page, '.step attnlab-vector-strip').count(), 4 + 6 + 1);
  const output = seq(page, '.step li[data-part="output"]');
  assert.equal(await output.getAttribute('data-word'), 'rouge');
  assert.ok(Number(await output.getAttribute('data-p')) > 0.5, 'rouge is written with p > 0.5');
  await output.locator('.katex').waitFor({ timeout: 30_000 });
  assert.ok(await output.locator('.katex').isVisible(), 'the output formula is typeset');
  // Hovering a strip reads one exact value; the arrow keys move along it.
  // (the second strip: s_{j-1}, 128 wide; the first is x'_j, 64 wide)
  const strip = seq(page, '.step attnlab-vector-strip').nth(1);
  await strip.locator('.strip').hover({ position: { x: 5, y: 5 } });
  assert.match(await strip.locator('.readout').innerText(), /component 2 of 128: -?\d\.\d{4}/);
  await strip.locator('.strip').focus();
  await page.keyboard.press('End');
  assert.match(await strip.locator('.readout').innerText(), /component 128 of 128/);
  // Arrow keys choose the step.
  await seq(page, '.step-words [data-step="3"]').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await seq(page, '.step-list').getAttribute('data-step'), '4');
  // The start step: s_0 = h_m reads the sentence once; its alphas sum to 1 and give c_0.
  await seq(page, '.step-words [data-step="0"]').click();
  assert.equal(await seq(page, '.step li[data-part="start"]').count(), 1);
  assert.equal(await seq(page, '.step li[data-part="output"]').count(), 0);
  const start = await seq(page, '.step-table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => Number(tr.dataset.alpha)),
  );
  assert.ok(Math.abs(start.reduce((a, b) => a + b, 0) - 1) < 1e-4, 'alpha_0 sums to 1');
  assert.ok(Number(await seq(page, '.step-check').getAttribute('data-error')) < 1e-5, 'c_0 = sum alpha_0 h');
  await seqSection(page).screenshot({ path: path.join(artifacts, 'seq2seq-step-1280.png') });
  await page.close();
});

test('Seq2Seq lesson: accuracy against length from the model cards', async () => {
  const page = await openLesson();
  const served = servedModels();
  const expected = ['additive', 'dot', 'none'].filter((k) => served.includes(`seq2seq-${k}`));
  const chart = seq(page, 'attnlab-line-chart');
  await chart.locator('path[data-series]').first().waitFor();
  const series = await chart.locator('path[data-series]').evaluateAll((p) => p.map((x) => x.dataset.series));
  assert.deepEqual(series.sort(), expected.sort());
  assert.ok((await chart.locator('circle').count()) >= 5 * expected.length);
  await page.close();
});

test('Seq2Seq lesson: side by side, with the difference of the two maps', async (t) => {
  if (!servedModels().includes('seq2seq-dot')) {
    t.skip('models/seq2seq-dot is not in this build');
    return;
  }
  const page = await openLesson();
  await seq(page, 'textarea').fill('the red car is fast .');
  const translation = await settledTranslation(page);
  const steps = translation.split(' ').length + 1;
  await seq(page, '.compare-toggle').click();
  assert.equal(await seq(page, '.compare-toggle').getAttribute('aria-pressed'), 'true');
  const panels = seq(page, '.compare-panel');
  await seq(page, '.compare-panel.difference attnlab-attention-map').waitFor();
  assert.equal(await panels.count(), 3);
  // Both maps have m = 6 columns; the difference map's rows are the agreeing decoder steps.
  for (const variant of ['additive', 'dot']) {
    const cells = seq(page, `.compare-panel[data-variant="${variant}"] rect[data-weight]`);
    await cells.first().waitFor();
    assert.equal((await cells.count()) % 6, 0);
  }
  const diff = await seq(page, '.compare-panel.difference rect[data-weight]').evaluateAll((rs) =>
    rs.map((r) => Number(r.dataset.weight)),
  );
  // The other model reads the same French sentence (teacher forcing): s_0 and every step compared.
  assert.equal(diff.length, 6 * (steps + 1));
  assert.ok(diff.every((d) => d >= -1 && d <= 1));
  // Each row of a difference of two distributions sums to 0.
  for (let r = 0; r < diff.length / 6; r++) {
    const sum = diff.slice(6 * r, 6 * r + 6).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum) < 1e-3, `difference row ${r} sums to ${sum}`);
  }
  // One colour scale for both maps (issue 52 A1): their legends read the same range, 0 to 1, for
  // this sentence and for the default one, whose two maps' largest weights differ.
  assert.deepEqual(await compareLegends(page), { additive: SCALE_TICKS, dot: SCALE_TICKS });
  await seq(page, 'textarea').fill(SEQ2SEQ_DEFAULT);
  await settledTranslation(page);
  await page.waitForFunction(
    (n) => {
      const root = document.querySelector('attnlab-seq2seq').shadowRoot;
      const maps = [...root.querySelectorAll('.compare-panel[data-variant] attnlab-attention-map')];
      return (
        maps.length === 2 && maps.every((m) => m.map?.cols === n && m.shadowRoot.querySelector('g.axis text'))
      );
    },
    SEQ2SEQ_DEFAULT.split(' ').length,
    { timeout: 30_000 },
  );
  assert.deepEqual(await compareLegends(page), { additive: SCALE_TICKS, dot: SCALE_TICKS });
  await seqSection(page).screenshot({ path: path.join(artifacts, 'seq2seq-compare-1280.png') });
  await page.close();
});

/** The ticks of the weight scale every map's legend shows. */
const SCALE_TICKS = ['0.00', '0.50', '1.00'];

/** The legend ticks of the two side-by-side maps, by variant. */
const compareLegends = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('attnlab-seq2seq').shadowRoot;
    const ticks = (variant) =>
      [
        ...root
          .querySelector(`.compare-panel[data-variant="${variant}"] attnlab-attention-map`)
          .shadowRoot.querySelectorAll('svg.legend-bar g.axis text'),
      ].map((t) => t.textContent);
    return { additive: ticks('additive'), dot: ticks('dot') };
  });

test('Seq2Seq lesson at 375 px: fits the width, Chinese strings', async () => {
  const page = await openLesson({ width: 375, height: 812, app: true }); // the app page's language toggle
  const widths = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  assert.ok(widths.doc <= widths.inner, `page is ${widths.doc}px wide in a ${widths.inner}px window`);
  const bars = seq(page, 'attnlab-export-buttons');
  assert.ok((await bars.count()) >= 2, 'the map and the length chart have download buttons');
  for (const bar of await bars.all()) {
    const box = await bar.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 375 + 0.5, `buttons fit: ${JSON.stringify(box)}`);
  }
  await seq(page, 'attnlab-line-chart').screenshot({
    path: path.join(artifacts, 'seq2seq-length-export-375.png'),
  });
  await seqSection(page).screenshot({ path: path.join(artifacts, 'seq2seq-375.png') });
  await page.locator('#language-toggle').click();
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  // The toggle is at the top; lesson 1, below the first view, is rendered again once in view.
  await scrollIntoRenderedView(page, seq(page, '.cost-line'));
  assert.match(await shownText(page.locator('#lesson-seq2seq')), /带注意力的 Seq2Seq/);
  assert.match(await seq(page, '.cost-line').innerText(), /注意力权重/);
  await seqSection(page).screenshot({ path: path.join(artifacts, 'seq2seq-zh-375.png') });
  await page.locator('#language-toggle').click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await page.close();
});

test('every request stayed on the page origin; no dialog, console error or failed request', () => {
  const paths = [...requestedPaths];
  assert.ok(
    paths.some((p) => p.endsWith('/models/seq2seq-additive/model.safetensors')),
    `trained model requested from the page origin: ${paths.join(' ')}`,
  );
  assert.deepEqual(foreignRequests, [], 'requests to other origins');
  assert.deepEqual(dialogs, [], 'dialogs');
  assert.deepEqual(consoleErrors, [], 'console errors');
  assert.deepEqual(failedRequests, [], 'failed requests');
});
