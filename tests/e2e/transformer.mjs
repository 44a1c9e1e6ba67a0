// End-to-end test of lesson 3, <attnlab-transformer> (Transformer self-attention), in the built
// page (build/web) in Debian's Chromium: the three views of the default sentence, typing, the
// step-by-step computation with its real numbers, masking a word, the positional encoding and the
// shuffle demonstration, the comparison with RNNs and CNNs, every model of the switch, hostile
// input, 375 px and Chinese. Screenshots go to tests/e2e/artifacts/ (transformer-*.png).
//
//   npm run build && node tests/e2e/transformer.mjs        (npm run test:e2e runs it too)
//   ATTNLAB_WEB_DIR=/some/other/build node tests/e2e/transformer.mjs

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
  withoutIsolates,
} from './browser.mjs';
import { assertSvgDocument, downloadFrom, readPng, readSvg } from './downloads.mjs';

const webDir = WEB_DIR;
const artifacts = ARTIFACTS;

const DEFAULT_SENTENCE = 'The FBI is chasing a criminal on the run.';
const FOLDERS = {
  mlm: 'tf-mlm',
  lm: 'tf-lm',
  additive: 'tf-mlm-additive',
  sigmoid: 'tf-mlm-sigmoid',
  nopos: 'tf-mlm-nopos',
  'mlm-zh': 'tf-mlm-zh', // Chinese, by characters (tests/e2e/zh-lessons.mjs reads Chinese with it)
};

let session;
let origin;
let dialogs;
let consoleErrors;
let foreignRequests;
let failedRequests;

before(async () => {
  session = await openSession('transformer');
  ({ origin, dialogs, consoleErrors, foreignRequests, failedRequests } = session);
});

after(() => session?.close());

/** The lesson's models the build serves (models/index.json), in the order of the switch. */
function servedModels() {
  const served = JSON.parse(fs.readFileSync(path.join(webDir, 'models/index.json'), 'utf8')).models;
  return Object.keys(FOLDERS).filter((m) => served.includes(FOLDERS[m]));
}
const configOf = (model) =>
  JSON.parse(fs.readFileSync(path.join(webDir, 'models', FOLDERS[model], 'config.json'), 'utf8'));

const lesson = (page, selector) => page.locator(`attnlab-transformer ${selector}`);
const textbox = (page) => lesson(page, 'textarea');

/** Opens the page and waits until the lesson shows the default sentence (or the no-model message). */
async function openLesson({ width = 1280, height = 900 } = {}) {
  const page = await session.newPage({ width, height });
  await page.goto(`${origin}/index.html`);
  await scrollIntoRenderedView(page, textbox(page));
  if (servedModels().length) await settled(page);
  return page;
}

/**
 * Waits until the lesson is idle with a figure for the current text, and returns its tokens
 * (the query chips). `expected`: a token count to wait for, or a predicate on the tokens.
 */
async function settled(page, expected) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const state = await page.evaluate(() => {
      const root = document.querySelector('attnlab-transformer')?.shadowRoot;
      return {
        busy: root?.querySelector('.figure')?.getAttribute('aria-busy'),
        tokens: [...(root?.querySelectorAll('.chips .chip') ?? [])].map((c) => c.textContent.trim()),
      };
    });
    const ok =
      expected === undefined
        ? true
        : typeof expected === 'number'
          ? state.tokens.length === expected
          : expected(state.tokens);
    if (state.busy === 'false' && state.tokens.length > 0 && ok) return state.tokens;
    if (Date.now() > deadline)
      throw new Error(`the figure never settled: ${state.tokens.length} tokens (busy ${state.busy})`);
    await page.waitForTimeout(50);
  }
}

async function chooseView(page, view) {
  await lesson(page, `.views [data-value="${view}"]`).click();
  await lesson(page, `.view[data-view="${view}"]`).waitFor();
}

/** Every thumbnail of the model view as { layer, head, rows, cols, cells: [[w]] }. */
async function thumbnails(page) {
  return page.evaluate(() => {
    const root =
      document.querySelector('attnlab-transformer')?.shadowRoot ?? document.createDocumentFragment();
    return [...root.querySelectorAll('.thumb')].map((b) => {
      const rows = Number(b.dataset.rows);
      const cols = Number(b.dataset.cols);
      const cells = Array.from({ length: rows }, () => new Array(cols).fill(null));
      let count = 0;
      for (const r of b.querySelectorAll('rect[data-weight]')) {
        cells[Number(r.dataset.row)][Number(r.dataset.col)] = Number(r.dataset.weight);
        count++;
      }
      return { layer: Number(b.dataset.layer), head: Number(b.dataset.head), rows, cols, count, cells };
    });
  });
}

/** Checks the model view: one n x n map per layer and head, rows summing to 1 for a softmax model. */
async function checkModelView(page, model, n) {
  const config = configOf(model);
  await chooseView(page, 'model');
  const maps = await thumbnails(page);
  assert.equal(maps.length, config.n_layer * config.n_head, `${model}: one map per layer and head`);
  for (const m of maps) {
    assert.equal(m.rows, n, `${model} L${m.layer} H${m.head}: ${n} rows`);
    assert.equal(m.cols, n);
    assert.equal(m.count, n * n, `${model} L${m.layer} H${m.head}: n x n cells`);
    m.cells.forEach((row, i) => {
      assert.ok(row.every((w) => Number.isFinite(w) && w >= 0 && w <= 1 + 1e-6));
      const sum = row.reduce((a, b) => a + b, 0);
      if (config.normalization === 'softmax')
        assert.ok(Math.abs(sum - 1) <= 1e-4, `${model} L${m.layer} H${m.head} row ${i} sums to ${sum}`);
      if (config.causal)
        row.forEach((w, j) => {
          if (j > i) assert.equal(w, 0, `causal: cell (${i}, ${j}) is 0`);
        });
    });
  }
  // The large map is the chosen one and has the same cells.
  const big = await page.evaluate(() => {
    const map = document
      .querySelector('attnlab-transformer')
      .shadowRoot?.querySelector('.view attnlab-attention-map');
    return map.shadowRoot?.querySelectorAll('rect[data-weight]').length;
  });
  assert.equal(big, n * n, 'the large map has n x n cells');
  return maps;
}

/** The numbers of the computation panel, as shown, and b recomputed from them. */
async function readStep(page) {
  return lesson(page, '.step').evaluate((step) => {
    const rows = [...step.querySelectorAll('table.scores tbody tr')].map((tr) => ({
      key: Number(tr.dataset.key),
      score: Number(tr.dataset.score),
      weight: Number(tr.dataset.weight),
      v: tr.dataset.v.split(' ').map(Number),
    }));
    const vector = (name) =>
      step.querySelector(`.vector[data-name="${name}"]`)?.dataset.values.split(' ').map(Number) ?? null;
    return {
      layer: Number(step.dataset.layer),
      head: Number(step.dataset.head),
      query: Number(step.dataset.query),
      error: Number(step.dataset.error),
      rows,
      b: vector('b'),
      q: vector('q'),
      heads: [vector('head-0'), vector('head-1')],
      concat: vector('concat'),
      out: vector('attn_out'),
      strips: step.querySelectorAll('attnlab-vector-strip').length,
      formulas: step.querySelectorAll('.formula .katex').length,
      checks: [...step.querySelectorAll('.check')].map((p) => ({
        key: p.dataset.key,
        error: Number(p.dataset.error),
      })),
    };
  });
}

const shotLesson = (page, name) =>
  page.locator('section.lesson:has(attnlab-transformer)').screenshot({ path: path.join(artifacts, name) });

test('the lesson is on the page after lesson 2, or says clearly that no model is installed', async () => {
  const page = await openLesson();
  assert.match(await page.locator('#lesson-transformer').innerText(), /^3\. Transformer self-attention$/);
  const order = await page.evaluate(() =>
    [...document.querySelectorAll('section.lesson h2')].map((h) => h.id),
  );
  // Lesson 3 follows lesson 2; the training lab comes after it.
  assert.deepEqual(order.slice(-3), ['lesson-lstmn', 'lesson-transformer', 'lesson-train']);
  if (!servedModels().length) {
    await lesson(page, '.placeholder[data-key="no-models"]').waitFor();
    assert.match(await lesson(page, '.placeholder').innerText(), /No trained Transformer/);
    await shotLesson(page, 'transformer-no-models.png');
  }
  await page.close();
});

test('the head view: lines from the query to every key, one colour per head, heads switch off', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  const model = servedModels()[0];
  const config = configOf(model);
  assert.equal(await textbox(page).inputValue(), DEFAULT_SENTENCE);
  const tokens = await settled(page);
  const n = tokens.length;
  assert.ok(n >= 9, `the default sentence has ${n} tokens`);
  assert.match(await lesson(page, '.card').innerText(), /parameters/);
  const svg = lesson(page, 'svg.head-view');
  await svg.waitFor();
  // Pick token 3 as the query: the lines start there.
  await lesson(page, '.chips .chip[data-token="2"]').click();
  await page.waitForFunction(
    () =>
      document.querySelector('attnlab-transformer').shadowRoot?.querySelector('svg.head-view')?.dataset
        .query === '2',
  );
  const lines = await lesson(page, 'svg.head-view line.link').evaluateAll((ls) =>
    ls.map((l) => ({
      head: Number(l.dataset.head),
      key: Number(l.dataset.key),
      w: Number(l.dataset.weight),
      color: l.getAttribute('stroke'),
    })),
  );
  const heads = [...new Set(lines.map((l) => l.head))].sort();
  assert.deepEqual(
    heads,
    Array.from({ length: config.n_head }, (_, h) => h),
    'lines of every head',
  );
  assert.equal(new Set(lines.map((l) => l.color)).size, config.n_head, 'one colour per head');
  for (const h of heads) {
    const total = lines.filter((l) => l.head === h).reduce((s, l) => s + l.w, 0);
    if (config.normalization === 'softmax')
      assert.ok(total <= 1 + 1e-4 && total > 0.9, `head ${h} lines sum to ${total}`);
  }
  assert.equal(await lesson(page, 'svg.head-view g.q').count(), n);
  await shotLesson(page, 'transformer-head-1280.png');
  // Hover another query: its lines; switch head 1 off: only head 2's lines remain.
  await lesson(page, 'svg.head-view g.q[data-token="5"]').hover();
  await page.waitForFunction(
    () =>
      document.querySelector('attnlab-transformer').shadowRoot?.querySelector('svg.head-view').dataset
        .query === '5',
  );
  await lesson(page, '.head-toggle[data-head="0"]').click();
  assert.equal(await lesson(page, '.head-toggle[data-head="0"]').getAttribute('aria-pressed'), 'false');
  const left = await lesson(page, 'svg.head-view line.link').evaluateAll((ls) => [
    ...new Set(ls.map((l) => l.dataset.head)),
  ]);
  assert.ok(!left.includes('0'), 'head 1 is hidden');
  // Keyboard: arrow down moves the query.
  await lesson(page, '.head-toggle[data-head="0"]').click();
  await lesson(page, 'svg.head-view g.q[data-token="2"]').focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(
    () =>
      document.querySelector('attnlab-transformer').shadowRoot?.querySelector('svg.head-view').dataset
        .query === '3',
  );
  // A second layer.
  if (config.n_layer > 1) {
    await lesson(page, '.layers [data-value="1"]').click();
    assert.equal(await svg.getAttribute('data-layer'), '1');
  }
  await page.close();
});

test('the model view: every map of a typed sentence has n x n cells whose rows sum to 1', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  const model = servedModels()[0];
  await textbox(page).fill('Emma was happy and clever');
  const tokens = await settled(page, (tk) => tk.join('').includes('clever'));
  await checkModelView(page, model, tokens.length);
  await lesson(page, '.thumb[data-layer="0"][data-head="1"]').click();
  assert.equal(
    await lesson(page, '.thumb[data-layer="0"][data-head="1"]').getAttribute('aria-pressed'),
    'true',
  );
  assert.match(await lesson(page, '.view h4.sub').innerText(), /Layer 1, head 2/);
  await shotLesson(page, 'transformer-model-1280.png');
  await page.close();
});

test('the figure follows typing (timing: scripts/bench-page.mjs)', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  await textbox(page).fill('Emma');
  const start = (await settled(page, (tk) => tk.join('') === 'Emma')).length;
  const frames = [];
  for (const text of ['Emma was', 'Emma was happy', 'Emma was happy and clever']) {
    frames.push(
      await page.evaluate(async (value) => {
        const root =
          document.querySelector('attnlab-transformer')?.shadowRoot ?? document.createDocumentFragment();
        const count = () => root.querySelectorAll('.chips .chip').length;
        const before = count();
        const area = root.querySelector('textarea');
        area.value = value;
        const t0 = performance.now();
        area.dispatchEvent(new Event('input', { bubbles: true }));
        let n = 0;
        while (count() === before && performance.now() - t0 < 3000) {
          await new Promise((r) => requestAnimationFrame(r));
          n++;
        }
        return { frames: n, ms: performance.now() - t0, tokens: count() };
      }, text),
    );
  }
  console.log(
    `# lesson 3 redraw after a keystroke: ${frames.map((f) => `${f.frames} frame(s) ${f.ms.toFixed(1)} ms`).join(', ')}`,
  );
  assert.ok(frames[0].tokens > start && frames[2].tokens > frames[1].tokens, 'more tokens as the text grows');
  await page.close();
});

test('the computation of one token: q, k, the scores, the weights, v, and b = the weighted sum of the v shown', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  const model = servedModels()[0];
  const config = configOf(model);
  const tokens = await settled(page);
  await chooseView(page, 'step');
  await lesson(page, '.chips .chip[data-token="3"]').click();
  if (config.n_layer > 1) await lesson(page, '.layers [data-value="1"]').click();
  await lesson(page, '.heads [data-value="1"]').click();
  await page.waitForFunction(() => {
    const s = document.querySelector('attnlab-transformer').shadowRoot?.querySelector('.step');
    return s && s.dataset.head === '1' && s.dataset.query === '3';
  });
  const step = await readStep(page);
  const dK = config.d_model / config.n_head;
  assert.equal(step.layer, config.n_layer > 1 ? 1 : 0);
  assert.equal(step.query, 3);
  assert.ok(step.formulas >= 5, `${step.formulas} typeset formulas`);
  // The projections are typeset with the biases the trained model has (in_proj_bias).
  const projection = await lesson(page, '.step .formula annotation').first().textContent();
  for (const part of ['b^{q}', 'b^{k}', 'b^{v}'])
    assert.ok(projection.includes(part), `${part} in ${projection}`);
  // Dot scores: one sentence says why they are divided by sqrt(d_k), with this model's d_k, and
  // that the course notes do not scale.
  if ((config.score ?? 'dot') === 'dot') {
    const scaling = lesson(page, '.step [data-key="scaling"]');
    assert.equal(await scaling.getAttribute('data-dk'), String(dK));
    assert.match(
      await scaling.innerText(),
      new RegExp(`√${dK} ≈ ${Math.sqrt(dK).toFixed(2)}.*notes leave this scaling out`),
    );
  }
  assert.equal(step.q.length, dK);
  assert.equal(step.rows.length, config.causal ? 4 : tokens.length, 'one row per key');
  // b = sum_j alpha'_j v_j, from the numbers in the table.
  const sum = new Array(dK).fill(0);
  for (const r of step.rows) {
    assert.equal(r.v.length, dK);
    r.v.forEach((x, c) => (sum[c] += r.weight * x));
  }
  const worst = Math.max(...sum.map((s, c) => Math.abs(s - step.b[c])));
  assert.ok(worst < 1e-5, `b differs from the weighted sum of the v shown by ${worst}`);
  assert.ok(step.error < 1e-5, `the panel's own check says ${step.error}`);
  // The weights are the softmax of the scores shown, and the scores are q.k / sqrt(d_k).
  if (config.normalization === 'softmax') {
    const max = Math.max(...step.rows.map((r) => r.score));
    const z = step.rows.reduce((s, r) => s + Math.exp(r.score - max), 0);
    for (const r of step.rows) assert.ok(Math.abs(Math.exp(r.score - max) / z - r.weight) < 1e-5);
  }
  for (const c of step.checks) assert.ok(c.error < 1e-4, `${c.key}: ${c.error}`);
  // Multi-head: b^{i,1}, b^{i,2} are the halves of the concatenation; b^i has d numbers.
  assert.deepEqual(step.concat, [...step.heads[0], ...step.heads[1]]);
  assert.deepEqual(step.heads[1], step.b);
  assert.equal(step.out.length, config.d_model);
  await lesson(page, '.step').screenshot({ path: path.join(artifacts, 'transformer-step-1280.png') });
  await page.close();
});

test('the vector strips are one Tab stop per group; the arrow keys move between them and read them', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  await textbox(page).fill(
    'It is a truth universally acknowledged that a single man in possession of a good fortune',
  );
  await settled(page, (tk) => tk.length > 12);
  await chooseView(page, 'step');
  const step = lesson(page, '.step');
  await step.locator('table.scores attnlab-vector-strip').first().waitFor();
  const stops = () =>
    step.evaluate((s) =>
      [...s.querySelectorAll('attnlab-vector-strip')].map(
        (strip) => strip.shadowRoot?.querySelector('.strip')?.tabIndex,
      ),
    );
  const tabIndexes = await stops();
  assert.ok(tabIndexes.length > 20, `many strips (${tabIndexes.length})`);
  assert.equal(
    tabIndexes.filter((i) => i === 0).length,
    2,
    'one Tab stop for the list of vectors, one for the table',
  );
  // In the table: ↓ goes to the next strip (same component), Tab leaves the table.
  const first = step.locator('table.scores attnlab-vector-strip').first();
  await first.locator('.strip').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const focused = () =>
    page.evaluate(() => {
      let el = document.activeElement;
      const path = [];
      while (el?.shadowRoot?.activeElement) {
        path.push(el.tagName);
        el = el.shadowRoot.activeElement;
      }
      const strip = el?.getRootNode()?.host;
      return {
        inStrip: strip?.tagName === 'ATTNLAB-VECTOR-STRIP',
        label: strip?.getAttribute?.('label') ?? '',
        readout: strip?.shadowRoot?.querySelector('.readout')?.textContent ?? '',
      };
    });
  const second = await focused();
  assert.ok(second.inStrip, 'the focus moved to another strip');
  assert.notEqual(second.label, await first.getAttribute('label'));
  assert.match(second.readout, /component 3 of \d+/);
  assert.equal((await stops()).filter((i) => i === 0).length, 2, 'still one Tab stop per group');
  await page.keyboard.press('Tab');
  const after = await focused();
  assert.ok(!after.inStrip || !/^[kv]\d/.test(after.label), `Tab left the table (${after.label})`);
  await page.close();
});

test('masking a word shows the top 5 guesses', async (t) => {
  const model = servedModels().find((m) => configOf(m).objective === 'mlm');
  if (!model) return t.skip('no masked-LM model served');
  const page = await openLesson();
  if (servedModels()[0] !== model) await lesson(page, `.models [data-model="${model}"]`).click();
  await settled(page);
  await lesson(page, '.mask-panel .word[data-word="criminal"]').click();
  await settled(page, (tk) => tk.includes('<mask>'));
  assert.equal(
    await lesson(page, '.mask-panel .word[data-word="criminal"]').getAttribute('aria-pressed'),
    'true',
  );
  assert.equal(await lesson(page, '.chips .chip.mask').count(), 1, 'the mask token is one token');
  const guesses = lesson(page, '.guesses[data-key="mask"] li');
  await guesses.first().waitFor();
  assert.equal(await guesses.count(), 5);
  const p = await guesses.evaluateAll((lis) => lis.map((li) => Number(li.dataset.p)));
  for (let k = 1; k < 5; k++) assert.ok(p[k] <= p[k - 1]);
  assert.ok(p.every((x) => x > 0 && x < 1));
  assert.match(
    withoutIsolates(await lesson(page, '[data-key="guesses-title"]').innerText()),
    /it was “criminal”/,
  );
  // The query follows the mask, so the figures show what the mask reads.
  const maskToken = await lesson(page, '.chips .chip.mask').getAttribute('data-token');
  assert.equal(
    await lesson(page, `.chips .chip[data-token="${maskToken}"]`).getAttribute('aria-pressed'),
    'true',
  );
  await lesson(page, '.mask-panel').screenshot({ path: path.join(artifacts, 'transformer-mask-1280.png') });
  // Unmask.
  await lesson(page, '.mask-panel .word[data-word="criminal"]').click();
  await settled(page, (tk) => !tk.includes('<mask>'));
  await lesson(page, '.mask-panel [data-key="mask-hint"]').waitFor();
  await page.close();
});

test('the lesson opens on a whole word of the default sentence, not on the piece "F" of "FBI"', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  await settled(page, (tk) => tk.length > 0); // the default sentence's chips are drawn
  // The lesson may draw a frame before it moves the pressed chip to its pick: wait (5 s) for "is",
  // then read what is pressed, so a wrong pick fails with its own text.
  await page
    .waitForFunction(
      () =>
        document
          .querySelector('attnlab-transformer')
          .shadowRoot?.querySelector('.chips .chip[aria-pressed="true"]')
          ?.textContent.trim() === 'is',
      null,
      { timeout: 5000 },
    )
    .catch(() => {});
  const pressed = lesson(page, '.chips .chip[aria-pressed="true"]');
  assert.equal((await pressed.innerText()).trim(), 'is');
  // Not written into the URL: the lesson picked it, the student did not.
  assert.ok(!/transformer\.token=/.test(page.url()), page.url());
  await page.close();
});

test('a <mask> typed in the text works as a clicked one: a pressed chip, guesses, one chunk when shuffled', async (t) => {
  const model = servedModels().find((m) => configOf(m).objective === 'mlm');
  if (!model) return t.skip('no masked-LM model served');
  const page = await openLesson();
  if (servedModels()[0] !== model) await lesson(page, `.models [data-model="${model}"]`).click();
  await textbox(page).fill('She was very <mask> to see him.');
  await settled(page, (tk) => tk.includes('<mask>'));
  const chip = lesson(page, '.mask-panel .word.typed[data-word="<mask>"]');
  assert.equal(await chip.count(), 1, 'the typed mask is a chip of the panel');
  assert.equal(await lesson(page, '.mask-panel [data-key="mask-hint"]').count(), 0, 'no "click a word" hint');
  const guesses = lesson(page, '.guesses[data-key="mask"] li');
  await guesses.first().waitFor();
  assert.equal(await guesses.count(), 5);
  assert.match(await lesson(page, '[data-key="guesses-title"]').innerText(), /<mask> you typed/);
  // Clicking another word as well: the guesses are for that word's mask.
  await lesson(page, '.mask-panel .word[data-word="see"]').click();
  await settled(page, (tk) => tk.filter((x) => x === '<mask>').length === 2);
  assert.match(await lesson(page, '[data-key="guesses-title"]').innerText(), /it was “\u2068see\u2069”/);
  await lesson(page, '.mask-panel').screenshot({
    path: path.join(artifacts, 'transformer-typed-mask-1280.png'),
  });
  if (servedModels().includes('nopos')) {
    await page.waitForFunction(() => {
      const s = document.querySelector('attnlab-transformer').shadowRoot?.querySelector('.shuffle');
      return s?.dataset.status === 'ready' && s.textContent.includes('very');
    });
    const texts = await lesson(page, '.shuffle-texts q').allInnerTexts();
    for (const text of texts) {
      assert.ok(text.includes('<mask>'), `the shuffled text keeps <mask> whole: ${text}`);
      assert.ok(!/< ?m ?as ?k ?>/.test(text.replace('<mask>', '')), text);
    }
    assert.equal(await lesson(page, '.shuffle').getAttribute('data-equal'), 'true');
  }
  await page.close();
});

test('the comparison with RNN and CNN follows the sentence length, and the receptive field its controls', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  const config = configOf(servedModels()[0]);
  const d = config.d_model;
  const panel = lesson(page, '.compare');
  const read = () =>
    panel.evaluate((p) => ({
      n: Number(p.dataset.n),
      cells: Object.fromEntries(
        [...p.querySelectorAll('td[data-metric]')].map((td) => [
          `${td.dataset.kind}.${td.dataset.metric}`,
          Number(td.dataset.value),
        ]),
      ),
      ratio: Number(p.querySelector('[data-key="cheaper"]').dataset.ratio),
      text: p.querySelector('table.costs').textContent.replace(/\s+/g, ' '),
      reached: [...p.querySelectorAll('.rf-row')].map((r) => ({
        kind: r.dataset.kind,
        layers: Number(r.dataset.layers),
        reached: Number(r.dataset.reached),
      })),
    }));
  const check = (s) => {
    assert.equal(s.cells['rnn.sequential'], s.n);
    assert.equal(s.cells['attention.sequential'], 1);
    assert.equal(s.cells['cnn.sequential'], 1);
    assert.equal(s.cells['attention.path'], 1);
    assert.equal(s.cells['rnn.path'], s.n - 1);
    // Exact counts recomputed from the config: projections 4nd^2, scores and sums d per pair.
    const pairs = config.causal ? (s.n * (s.n + 1)) / 2 : s.n * s.n;
    assert.equal(s.cells['attention.flops'], 4 * s.n * d * d + 2 * pairs * d);
    assert.equal(s.cells['rnn.flops'], 2 * s.n * d * d);
    assert.equal(s.cells['cnn.flops'], 3 * s.n * d * d);
    // The note gives the real ratio, and no cell equates a big-O class with a number.
    assert.ok(Math.abs(s.ratio - s.cells['attention.flops'] / s.cells['rnn.flops']) < 1e-9);
    assert.ok(s.ratio > 2, 'never cheaper than the SimpleRNN of the same width');
    assert.ok(!/O\([^)]*\)\s*=/.test(s.text), `no "O(...) =" in: ${s.text}`);
  };
  const tokens = await settled(page);
  const first = await read();
  assert.equal(first.n, tokens.length);
  check(first);
  await textbox(page).fill(`${DEFAULT_SENTENCE} The criminal was caught by the FBI in the end.`);
  const more = await settled(page, (tk) => tk.length > tokens.length);
  await page.waitForFunction(
    (n) =>
      Number(
        document.querySelector('attnlab-transformer').shadowRoot?.querySelector('.compare').dataset.n,
      ) === n,
    more.length,
  );
  const second = await read();
  assert.equal(second.n, more.length);
  assert.ok(second.n > first.n);
  check(second);
  // Receptive field: the attention row reaches every token (or every earlier one, causal).
  const att = second.reached.find((r) => r.kind === 'attention');
  if (!config.causal) assert.equal(att.reached, second.n);
  const conv = second.reached.filter((r) => r.kind === 'cnn');
  assert.equal(conv.length, 2, 'L = 2 convolution rows');
  for (let l = 1; l < conv.length; l++) assert.ok(conv[l].reached >= conv[l - 1].reached);
  await lesson(page, '.rf-controls select[data-key="k"]').selectOption('5');
  await lesson(page, '.rf-controls input[data-key="layers"]').fill('4');
  await page.waitForFunction(
    () =>
      document.querySelector('attnlab-transformer').shadowRoot?.querySelectorAll('.rf-row[data-kind="cnn"]')
        .length === 4,
  );
  const third = await read();
  assert.ok(
    third.reached.filter((r) => r.kind === 'cnn')[0].reached > conv[0].reached,
    'a wider kernel reaches more',
  );
  assert.equal(third.cells['cnn.flops'], 5 * second.n * d * d);
  await panel.screenshot({ path: path.join(artifacts, 'transformer-compare-1280.png') });
  await page.close();
});

test('the positional encoding: the table the model adds, and shuffled words without positions', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  const config = configOf(servedModels()[0]);
  await settled(page);
  const canvas = lesson(page, 'canvas.pe');
  await canvas.waitFor();
  assert.equal(await canvas.evaluate((c) => c.width), config.d_model);
  if (config.positional === 'sinusoidal') {
    const check = lesson(page, '.check[data-key="pe-check"]');
    assert.ok(Number(await check.getAttribute('data-error')) < 1e-5, 'the model adds exactly the table');
  }
  const shuffle = lesson(page, '.shuffle');
  if (!servedModels().includes('nopos')) {
    await lesson(page, '.shuffle [data-key="no-nopos"]').waitFor();
  } else {
    await page.waitForFunction(
      () =>
        document.querySelector('attnlab-transformer').shadowRoot?.querySelector('.shuffle')?.dataset
          .status === 'ready',
      undefined,
      { timeout: 30_000 },
    );
    assert.equal(await shuffle.getAttribute('data-equal'), 'true', await shuffle.innerText());
    assert.ok(Number(await shuffle.getAttribute('data-error')) <= 1e-5);
    assert.equal(await lesson(page, '.shuffle attnlab-attention-map').count(), 2);
    assert.match(await lesson(page, '[data-key="shuffle-verdict"]').innerText(), /^Yes/);
    const perm = await shuffle.getAttribute('data-perm');
    await lesson(page, '.shuffle [data-key="reshuffle"]').click();
    await page.waitForFunction((p) => {
      const s = document.querySelector('attnlab-transformer').shadowRoot?.querySelector('.shuffle');
      return s?.dataset.status === 'ready' && s.dataset.perm !== p;
    }, perm);
    assert.equal(await shuffle.getAttribute('data-equal'), 'true');
  }
  await lesson(page, '.positions').screenshot({
    path: path.join(artifacts, 'transformer-positions-1280.png'),
  });
  await page.close();
});

test('a sigmoid head view whose lines all weigh almost 0 says so instead of looking empty', async (t) => {
  if (!servedModels().includes('sigmoid')) return t.skip('no sigmoid model served');
  const page = await openLesson();
  await lesson(page, '.models [data-model="sigmoid"]').click();
  await settled(page);
  for (const layer of [0, 1]) {
    await lesson(page, `.layers [data-value="${layer}"]`).click();
    await page.waitForFunction(
      (l) =>
        document.querySelector('attnlab-transformer').shadowRoot?.querySelector('svg.head-view')?.dataset
          .layer === String(l),
      layer,
    );
    const weights = await lesson(page, 'svg.head-view line.link').evaluateAll((ls) =>
      ls.map((l) => Number(l.dataset.weight)),
    );
    const note = await lesson(page, '.note[data-key="reads-nothing"]').count();
    assert.equal(
      note,
      Math.max(0, ...weights) < 0.01 ? 1 : 0,
      `layer ${layer + 1}: largest ${Math.max(...weights)}`,
    );
  }
  await page.close();
});

test('sigmoid model: the thumbnails share one colour scale with a legend, and the tooltip names the sigmoid', async (t) => {
  if (!servedModels().includes('sigmoid')) return t.skip('no sigmoid model served');
  const page = await openLesson();
  await lesson(page, '.models [data-model="sigmoid"]').click();
  await settled(page);
  await chooseView(page, 'model');
  const seen = await page.evaluate(() => {
    const root =
      document.querySelector('attnlab-transformer')?.shadowRoot ?? document.createDocumentFragment();
    const thumbs = [...root.querySelectorAll('.thumb')].map((b) => {
      const rects = [...b.querySelectorAll('rect[data-weight]')];
      let top = rects[0];
      for (const r of rects) if (Number(r.dataset.weight) > Number(top.dataset.weight)) top = r;
      return { max: Number(top.dataset.weight), fill: top.getAttribute('fill') };
    });
    const legend = root.querySelector('[data-key="thumb-legend"]');
    return { thumbs, legendMax: Number(legend?.dataset.max), legend: legend?.textContent ?? '' };
  });
  const maxes = seen.thumbs.map((x) => x.max);
  const overall = Math.max(...maxes);
  assert.ok(
    Math.abs(seen.legendMax - overall) < 1e-6,
    `the legend's range is the largest weight (${seen.legendMax})`,
  );
  assert.match(seen.legend, /0.*\d/);
  const weakest = seen.thumbs[maxes.indexOf(Math.min(...maxes))];
  const strongest = seen.thumbs[maxes.indexOf(overall)];
  if (weakest.max < overall / 2)
    assert.notEqual(weakest.fill, strongest.fill, 'a weak map is not drawn as dark as the strongest');
  // The large map's tooltip: the score goes into a sigmoid, not a softmax.
  await lesson(page, '.view attnlab-attention-map rect[data-weight]').first().hover();
  const sub = await lesson(page, '.view attnlab-attention-map .tip-sub').innerText();
  assert.match(sub, /sigmoid/);
  assert.ok(!/softmax/.test(sub), sub);
  await lesson(page, '.view').screenshot({
    path: path.join(artifacts, 'transformer-sigmoid-model-1280.png'),
  });
  await page.close();
});

test('the head view downloads as SVG and PNG: the lines on screen, one key entry per head', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  const config = configOf(servedModels()[0]);
  await settled(page);
  await lesson(page, '.chips .chip[data-token="2"]').click();
  await page.waitForFunction(
    () =>
      document.querySelector('attnlab-transformer').shadowRoot?.querySelector('svg.head-view')?.dataset
        .query === '2',
  );
  const shown = await lesson(page, 'svg.head-view').evaluate((svg) => ({
    lines: [...svg.querySelectorAll('line.link')].map(
      (l) => `${l.dataset.head}:${l.dataset.key}:${l.dataset.weight}`,
    ),
    tokens: svg.querySelectorAll('g.q').length,
  }));
  assert.ok(shown.lines.length >= config.n_head, `lines on screen: ${shown.lines.length}`);
  const bar = lesson(page, 'attnlab-export-buttons.head-export');
  const buttons = bar.locator('button');
  assert.deepEqual(await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label'))), [
    'Download the head view of layer 1 as PNG',
    'Download the head view of layer 1 as SVG',
  ]);
  await lesson(page, '.view[data-view="head"]').screenshot({
    path: path.join(artifacts, 'transformer-head-export-1280.png'),
  });

  const svgFile = await downloadFrom(page, buttons.nth(1));
  assert.equal(svgFile.name, 'head-view-layer-1-token-3.svg');
  const svg = await readSvg(page, svgFile.bytes, ['line.link', 'g.q', 'g.legend line'], 'g.q rect');
  assertSvgDocument(svg, 'head view');
  assert.equal(svg.width, 340);
  const lines = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return [...doc.querySelectorAll('line.link')].map(
      (l) => `${l.dataset.head}:${l.dataset.key}:${l.dataset.weight}`,
    );
  }, svgFile.bytes.toString('utf8'));
  assert.deepEqual(lines, shown.lines, 'the same lines, heads and weights as on screen');
  assert.equal(svg.counts['g.q'], shown.tokens);
  assert.equal(svg.counts['g.legend line'], config.n_head, 'one key entry per head shown');
  for (let h = 1; h <= config.n_head; h++) assert.ok(svg.texts.includes(`Head ${h}`));
  // The boxes behind the query words are transparent through the page's stylesheet: inline in the
  // file (else another program fills them black), the chosen one tinted.
  const transparent = svg.styles.filter((style) => /fill:\s*(transparent|rgba\(0, 0, 0, 0\))/.test(style));
  assert.equal(transparent.length, shown.tokens - 1, `query boxes: ${svg.styles.join(' | ')}`);

  const png = await readPng(page, (await downloadFrom(page, buttons.first())).bytes);
  assert.deepEqual([png.width, png.height], [2 * svg.width, 2 * svg.height], 'twice the SVG size');
  assert.ok(png.inked > 0.01 && png.inked < 0.5, `lines and words drawn on white: ${png.inked}`);
  await page.close();
});

test('the positional-encoding table downloads as PNG and SVG with the colours of the canvas', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  const config = configOf(servedModels()[0]);
  await settled(page);
  const box = lesson(page, '.pe-box');
  await lesson(page, 'canvas.pe').waitFor();
  const rows = Number(await box.getAttribute('data-rows'));
  const cols = Number(await box.getAttribute('data-cols'));
  assert.equal(cols, config.d_model);
  const bar = lesson(page, 'attnlab-export-buttons.pe-export');
  const buttons = bar.locator('button');
  assert.deepEqual(await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label'))), [
    'Download the positional-encoding table as PNG',
    'Download the positional-encoding table as SVG',
  ]);
  await bar.scrollIntoViewIfNeeded();
  await lesson(page, '.pe-figure').screenshot({
    path: path.join(artifacts, 'transformer-pe-export-1280.png'),
  });
  await bar.screenshot({ path: path.join(artifacts, 'transformer-pe-buttons-1280.png') });

  const svgFile = await downloadFrom(page, buttons.nth(1));
  assert.equal(svgFile.name, `positional-encoding-${rows}x${cols}.svg`);
  const svg = await readSvg(page, svgFile.bytes, ['rect[x]']);
  assertSvgDocument(svg, 'positional encoding');
  assert.equal(svg.counts['rect[x]'], rows * cols, 'one square per position and dimension');
  assert.deepEqual([svg.width, svg.height], [8 * cols, 8 * rows]);
  const pngFile = await downloadFrom(page, buttons.first());
  assert.equal(pngFile.name, `positional-encoding-${rows}x${cols}.png`);
  const png = await readPng(page, pngFile.bytes, 8);
  assert.deepEqual([png.width, png.height], [8 * cols, 8 * rows]);
  // Every square of the SVG, and the middle of every square of the PNG, has the colour of its
  // pixel in the canvas on screen.
  const screen = await page.evaluate(() => {
    const canvas = document.querySelector('attnlab-transformer').shadowRoot?.querySelector('canvas.pe');
    return {
      width: canvas.width,
      data: [...canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data],
    };
  });
  const differs = (rgb, r, c) =>
    rgb.some((v, k) => Math.abs(v - screen.data[4 * (r * screen.width + c) + k]) > 2);
  const mismatches = { svg: 0, png: 0 };
  for (const [, x, y, fill] of svgFile.bytes
    .toString('utf8')
    .matchAll(/<rect x="(\d+)" y="(\d+)"[^>]*fill="([^"]+)"/g))
    if (differs(fill.match(/\d+/g).map(Number), Number(y) / 8, Number(x) / 8)) mismatches.svg++;
  png.cells.forEach((row, r) => row.forEach((rgb, c) => differs(rgb, r, c) && mismatches.png++));
  assert.equal(
    [...svgFile.bytes.toString('utf8').matchAll(/<rect x="\d+" y="\d+"[^>]*fill=/g)].length,
    rows * cols,
    'every square read',
  );
  assert.deepEqual(mismatches, { svg: 0, png: 0 }, 'colours as on screen');
  await page.close();
});

test('every served model: maps, step check, and guesses (masked word or next token)', async (t) => {
  const served = servedModels();
  if (!served.length) return t.skip('no tf-* model served');
  const page = await openLesson();
  if (served.length < 2)
    assert.equal(await lesson(page, '.models [data-model]').count(), 0, 'no switch for one model');
  else assert.equal(await lesson(page, '.models [data-model]').count(), served.length);
  for (const model of served) {
    const config = configOf(model);
    if (served.length > 1) {
      await lesson(page, `.models [data-model="${model}"]`).click();
      assert.equal(
        await lesson(page, `.models [data-model="${model}"]`).getAttribute('aria-checked'),
        'true',
      );
    }
    await lesson(page, '.card').waitFor();
    await page.waitForFunction(
      (d) =>
        document
          .querySelector('attnlab-transformer')
          .shadowRoot?.querySelector('.card')
          ?.textContent.includes(`d = ${d}`),
      config.d_model,
    );
    const tokens = await settled(page);
    await checkModelView(page, model, tokens.length);
    await chooseView(page, 'step');
    const step = await readStep(page);
    assert.ok(step.error < 1e-5, `${model}: b is the weighted sum (${step.error})`);
    if (config.objective === 'lm') {
      await lesson(page, '.mask-panel[data-mode="next"] .guesses li').first().waitFor();
      assert.equal(await lesson(page, '.guesses[data-key="next"] li').count(), 5);
    } else {
      assert.equal(await lesson(page, '.mask-panel[data-mode="mask"]').count(), 1);
    }
    await chooseView(page, 'head');
    await shotLesson(page, `transformer-${model}-1280.png`);
  }
  await page.close();
});

test('hostile inputs: a clear message or a working figure, never blank, no script run', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  const box = textbox(page);
  const hint = async (pattern) => {
    const p = lesson(page, '.figure .placeholder').filter({ hasText: pattern });
    await p.waitFor();
    assert.equal(await lesson(page, '.chips .chip').count(), 0);
  };
  await box.fill('');
  await hint(/Type a sentence/);
  await box.fill('  \n ');
  await hint(/Type a sentence/);
  await box.fill('?!... ,;');
  await hint(/no letters or digits/);
  await box.fill('\u200B\u200B');
  await hint(/no letters or digits/);
  await box.fill('<script>alert(1)</script><img src=x onerror=alert(2)>');
  await settled(page, (tk) => tk.join('').includes('script'));
  assert.equal(await page.locator('img').count(), 0);
  assert.equal(
    await page.evaluate(
      () => document.querySelector('attnlab-transformer').shadowRoot?.querySelectorAll('script, img').length,
    ),
    0,
  );
  for (const text of ['I ❤️ 東京 and 😀 tea', 'שלום and مرحبا friends', 'zero\u200Bwidth and\u200Djoiners']) {
    await box.fill(text);
    await settled(page, (tk) => tk.length > 3);
    await chooseView(page, 'model');
    const maps = await thumbnails(page);
    assert.ok(maps.length > 0 && maps.every((m) => m.count === m.rows * m.cols || m.rows > 48));
    if (!text.startsWith('zero')) await lesson(page, '.message[data-key="foreign"]').waitFor();
    await chooseView(page, 'head');
  }
  await box.fill('It is a truth universally acknowledged. '.repeat(63));
  await lesson(page, '.message[data-key="chars"]').waitFor();
  assert.match(await lesson(page, '.message[data-key="chars"]').innerText(), /2,520 characters.*first 2,000/);
  await lesson(page, '.message[data-key="tokens"]').waitFor();
  const tokens = await settled(page, (tk) => tk.length > 40);
  await chooseView(page, 'model');
  await lesson(page, '.note[data-key="canvas"]').waitFor();
  await shotLesson(page, 'transformer-long-1280.png');
  await chooseView(page, 'step');
  assert.ok((await readStep(page)).error < 1e-5);
  assert.ok(tokens.length <= configOf(servedModels()[0]).max_len);
  await box.fill(DEFAULT_SENTENCE);
  await settled(page, (tk) => tk.join('').includes('run'));
  assert.equal(await lesson(page, '.message[data-kind="error"]').count(), 0);
  assert.equal(await lesson(page, '.message[data-key="chars"]').count(), 0);
  await page.close();
});

test('375 px wide and in Chinese: fits the width, every figure scrolls in its own box', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson({ width: 375, height: 812 });
  const fits = async (what) => {
    const w = await page.evaluate(() => ({
      doc: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    assert.ok(w.doc <= w.inner, `${what}: page is ${w.doc}px wide in a ${w.inner}px window`);
  };
  await fits('head view');
  for (const name of ['head-export', 'pe-export']) {
    const bar = await lesson(page, `attnlab-export-buttons.${name}`).boundingBox();
    assert.ok(bar && bar.x >= 0 && bar.x + bar.width <= 375 + 0.5, `${name} fits: ${JSON.stringify(bar)}`);
  }
  await lesson(page, 'attnlab-export-buttons.head-export').screenshot({
    path: path.join(artifacts, 'transformer-head-buttons-375.png'),
  });
  await shotLesson(page, 'transformer-head-375.png');
  await chooseView(page, 'model');
  await fits('model view');
  await chooseView(page, 'step');
  await fits('computation');
  await shotLesson(page, 'transformer-step-375.png');
  await page.locator('#language-toggle').click();
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  // The toggle sits at the top of the page: come back to the lesson (off screen it is not rendered).
  await scrollIntoRenderedView(page, page.locator('#lesson-transformer'));
  assert.match(await page.locator('#lesson-transformer').innerText(), /Transformer 自注意力/);
  assert.match(await lesson(page, '.step h4').first().innerText(), /第 \d+ 个词元/);
  await scrollIntoRenderedView(page, lesson(page, '.compare h3')); // below the map: drawn once scrolled to
  assert.match(await lesson(page, '.compare h3').innerText(), /自注意力/);
  await fits('Chinese');
  await shotLesson(page, 'transformer-zh-375.png');
  await page.locator('#language-toggle').click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await page.close();
});

test('lesson 3 stayed on the page origin; no dialog, console error or failed request', () => {
  assert.deepEqual(foreignRequests, [], 'requests to other origins');
  assert.deepEqual(dialogs, [], 'dialogs');
  assert.deepEqual(consoleErrors, [], 'console errors');
  assert.deepEqual(failedRequests, [], 'failed requests');
});
