// End-to-end test of lesson 3, <attnlab-transformer>, continued from transformer.mjs: the
// comparison with RNNs and CNNs, the positional encoding and the shuffle demonstration, sigmoid
// models, every served model, hostile input, 375 px and Chinese (the head view's and the encoding
// table's downloads: transformer-downloads.mjs). Screenshots go to tests/e2e/artifacts/.
//
//   npm run build && node tests/e2e/transformer-panels.mjs   (npm run test:e2e runs it too)

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, assertInt8Line, assertTiedLine, scrollIntoRenderedView, shownText } from './browser.mjs';
import {
  DEFAULT_SENTENCE,
  FOLDERS,
  checkModelView,
  chooseView,
  cardOf,
  configOf,
  currentSession,
  lesson,
  openLesson,
  originTest,
  readStep,
  servedModels,
  settled,
  shotLesson,
  textbox,
  thumbnails,
  useSession,
} from './transformer-page.mjs';
import { openCardMore } from './card-more.mjs';

useSession('transformer-panels');

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
  await panel.screenshot({ path: path.join(ARTIFACTS, 'transformer-compare-1280.png') });
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
    await shuffle.evaluate((e) => e.scrollIntoView({ block: 'center' })); // its model loads when near
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
    path: path.join(ARTIFACTS, 'transformer-positions-1280.png'),
  });
  await page.close();
});

test('embedded alone, the lesson opens with its own model and one worker; the shuffle’s model loads when its panel comes near', async (t) => {
  if (!servedModels().includes('nopos')) return t.skip('tf-mlm-nopos not served');
  const page = await currentSession().newPage({ width: 1280, height: 900 });
  const folders = new Set();
  page.on('request', (r) => {
    const m = new URL(r.url()).pathname.match(/\/models\/([^/]+)\//);
    if (m) folders.add(m[1]);
  });
  await page.goto(`${currentSession().origin}/?embed=transformer`);
  await settled(page);
  await page.waitForTimeout(1500); // time enough for a model to be asked for, were it eager
  const status = () => lesson(page, '.shuffle').getAttribute('data-status');
  assert.equal(await status(), 'idle');
  assert.deepEqual([...folders], [FOLDERS[servedModels()[0]]], 'only the default model fetched');
  assert.equal(page.workers().length, 1, 'one worker');
  await lesson(page, '.shuffle').evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await page.waitForFunction(
    () =>
      document.querySelector('attnlab-transformer').shadowRoot?.querySelector('.shuffle')?.dataset.status ===
      'ready',
    undefined,
    { timeout: 30_000 },
  );
  assert.ok(folders.has(FOLDERS.nopos), 'the no-position model fetched once near');
  assert.equal(page.workers().length, 2, 'its worker started');
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

test('sigmoid model: the thumbnails share the large map’s colour scale, 0 to 1, and the tooltip names the sigmoid', async (t) => {
  if (!servedModels().includes('sigmoid')) return t.skip('no sigmoid model served');
  const page = await openLesson();
  await lesson(page, '.models [data-model="sigmoid"]').click();
  await settled(page);
  await chooseView(page, 'model');
  await lesson(page, '.view attnlab-attention-map rect[data-weight]').first().waitFor();
  const seen = await page.evaluate(() => {
    const root =
      document.querySelector('attnlab-transformer')?.shadowRoot ?? document.createDocumentFragment();
    const thumbs = [...root.querySelectorAll('.thumb')].map((b) => {
      const rects = [...b.querySelectorAll('rect[data-weight]')];
      let top = rects[0];
      for (const r of rects) if (Number(r.dataset.weight) > Number(top.dataset.weight)) top = r;
      return { max: Number(top.dataset.weight), fill: top.getAttribute('fill') };
    });
    const fills = (cells) =>
      Object.fromEntries(
        [...cells].map((r) => [`${r.dataset.row},${r.dataset.col}`, r.getAttribute('fill')]),
      );
    const big = root.querySelector('.view attnlab-attention-map').shadowRoot;
    const legend = root.querySelector('[data-key="thumb-legend"]');
    return {
      thumbs,
      chosen: fills(root.querySelectorAll('.thumb[aria-pressed="true"] rect[data-weight]')),
      large: fills(big.querySelectorAll('g.cells rect[data-weight]')),
      largeTicks: [...big.querySelectorAll('svg.legend-bar g.axis text')].map((x) => x.textContent),
      legendMax: Number(legend?.dataset.max),
      legend: legend?.textContent ?? '',
    };
  });
  // One scale for every map of the lesson (issue 52 A1): the small maps' legend runs 0 to 1 as the
  // large map's does, and the chosen small map has exactly the large map's colours, cell by cell.
  assert.equal(seen.legendMax, 1, "the small maps' scale ends at 1");
  assert.deepEqual(seen.largeTicks, ['0.00', '0.50', '1.00']);
  assert.match(seen.legend, /0.*1/);
  assert.ok(Object.keys(seen.chosen).length > 0);
  assert.deepEqual(seen.chosen, seen.large, 'the chosen small map is coloured as the large map');
  const maxes = seen.thumbs.map((x) => x.max);
  const overall = Math.max(...maxes);
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
    path: path.join(ARTIFACTS, 'transformer-sigmoid-model-1280.png'),
  });
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
    await openCardMore(page, 'attnlab-transformer'); // what the card says beyond its line (issue 52 B1)
    await page.waitForFunction(
      (d) =>
        document
          .querySelector('attnlab-transformer')
          .shadowRoot?.querySelector('.card')
          ?.textContent.includes(`d = ${d}`),
      config.d_model,
    );
    // A model trained with 8-bit weights says so on its card line, and only such a model.
    const card = cardOf(model);
    await assertInt8Line(lesson(page, '.card'), card, model);
    await assertTiedLine(lesson(page, '.card'), FOLDERS[model]);
    // The best constant guess, where the card has one, in the units the model reads.
    if (card.metrics.constant_guess) {
      const text = await lesson(page, '.card .constant-guess').innerText();
      assert.match(text, card.data.tokenizer === 'chars' ? /character/ : /piece/, `${model}: ${text}`);
      if (card.data.tokenizer !== 'chars') assert.doesNotMatch(text, /character/, `${model}: ${text}`);
    }
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
  const page = await openLesson({ width: 375, height: 812, app: true }); // the app page's language toggle
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
    path: path.join(ARTIFACTS, 'transformer-head-buttons-375.png'),
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
  assert.match(await shownText(page.locator('#lesson-transformer')), /Transformer 自注意力/);
  assert.match(await lesson(page, '.step h4').first().innerText(), /第 \d+ 个词元/);
  await scrollIntoRenderedView(page, lesson(page, '.compare h3')); // below the map: drawn once scrolled to
  assert.match(await lesson(page, '.compare h3').innerText(), /自注意力/);
  await fits('Chinese');
  await shotLesson(page, 'transformer-zh-375.png');
  await page.locator('#language-toggle').click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await page.close();
});

originTest();
