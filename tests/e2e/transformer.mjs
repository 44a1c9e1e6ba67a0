// End-to-end test of lesson 3, <attnlab-transformer> (Transformer self-attention), in the built
// page (build/web) in Debian's Chromium: the three views of the default sentence, typing, the
// step-by-step computation with its real numbers, the vector strips' keys, masking a word.
// transformer-panels.mjs tests the rest (comparison, positional encoding, sigmoid, downloads,
// every model, hostile input, 375 px and Chinese). Screenshots go to tests/e2e/artifacts/.
//
//   npm run build && node tests/e2e/transformer.mjs        (npm run test:e2e runs it too)
//   ATTNLAB_WEB_DIR=/some/other/build node tests/e2e/transformer.mjs

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { ARTIFACTS, scrollIntoRenderedView, shownText, withoutIsolates } from './browser.mjs';
import {
  DEFAULT_SENTENCE,
  checkModelView,
  chooseView,
  configOf,
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

useSession('transformer');

test('the lesson is on the page after lesson 2, or says clearly that no model is installed', async () => {
  const page = await openLesson({ app: true });
  assert.match(await shownText(page.locator('#lesson-transformer')), /^3\. Transformer self-attention$/);
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
  assert.match(await shownText(lesson(page, '.card')), /parameters/);
  const svg = lesson(page, 'svg.head-view');
  await svg.waitFor();
  // The head view in pieces, what the engine computes (whole words: the test below).
  await lesson(page, '.units [data-view="pieces"]').click();
  await lesson(page, 'svg.head-view[data-units="pieces"]').waitFor();
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
        while (count() === before && performance.now() - t0 < 60_000) {
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

test("typing a word changes the head view's lines in place: none is made again", async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  // Lit reuses a list's elements by position; a gap in the list (a line too faint to draw) that
  // moves as a word is typed would make every line after it again (performance-keystrokes.md).
  const kept = [];
  let text = 'Emma';
  await textbox(page).fill(text);
  let count = (await settled(page, (tk) => tk.join('') === 'Emma')).length;
  for (const word of ['was', 'happy', 'and', 'clever', ',', 'and', 'she']) {
    text += ` ${word}`;
    const before = await page.evaluate(() => {
      const ls = document
        .querySelector('attnlab-transformer')
        .shadowRoot.querySelectorAll('svg.head-view line.link');
      ls.forEach((l, i) => (l.dataset.mark = String(i)));
      return ls.length;
    });
    await textbox(page).fill(text);
    const tokens = await settled(page, (tk) => tk.length > count);
    const after = await page.evaluate(() =>
      [
        ...document
          .querySelector('attnlab-transformer')
          .shadowRoot.querySelectorAll('svg.head-view line.link'),
      ].map((l) => l.dataset.mark ?? null),
    );
    count = tokens.length;
    kept.push({ word, before, after: after.length, same: after.filter((m, i) => m === String(i)).length });
  }
  // Every position that had a line and still has one holds the same element.
  for (const k of kept)
    assert.equal(k.same, Math.min(k.before, k.after), `typing "${k.word}": ${JSON.stringify(k)}`);
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
  // The projections are typeset with the biases the trained model has (in_proj_bias), named β so
  // that b stays the output (issue 52 A9).
  const projection = await lesson(page, '.step .formula annotation').first().textContent();
  for (const part of ['\\beta^{q}', '\\beta^{k}', '\\beta^{v}'])
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
  await lesson(page, '.step').screenshot({ path: path.join(ARTIFACTS, 'transformer-step-1280.png') });
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
  await lesson(page, '.mask-panel').screenshot({ path: path.join(ARTIFACTS, 'transformer-mask-1280.png') });
  // Unmask.
  await lesson(page, '.mask-panel .word[data-word="criminal"]').click();
  await settled(page, (tk) => !tk.includes('<mask>'));
  await lesson(page, '.mask-panel [data-key="mask-hint"]').waitFor();
  await page.close();
});

test('whole words by default, as in lesson 2: the line names the pieces, a word weighs the sum of its pieces, Pieces in the URL', async (t) => {
  if (!servedModels().includes('mlm')) return t.skip('no tf-mlm served');
  const page = await openLesson();
  // The line lesson 2 has: which words the tokenizer split, and how a word's weight is made.
  const line = withoutIsolates(await shownText(lesson(page, '.splits')));
  assert.match(line, /FBI = F · B · I/);
  assert.match(line, /a word’s weight is the sum of its pieces’/);
  const words = ['The', 'FBI', 'is', 'chasing', 'a', 'criminal', 'on', 'the', 'run', '.'];
  const queries = () => lesson(page, 'svg.head-view g.q text').allTextContents();
  assert.deepEqual(await queries(), words);
  // The model view in words, then in pieces: each word cell is the sum over the key word's pieces
  // of the mean over the query word's pieces (this model reads both ways).
  await chooseView(page, 'model');
  const inWords = await thumbnails(page);
  assert.equal(inWords[0].rows, words.length);
  await lesson(page, '.units [data-view="pieces"]').click();
  await page.waitForFunction(
    () => new URL(location.href).searchParams.get('transformer.view') === 'all model pieces',
    null,
    { timeout: 30_000 },
  );
  // The grown vocabulary's pieces (issue 53): The · F·B·I · is · cha·sing · a · crim·inal · on · the · run · .
  await lesson(page, '.thumb[data-rows="14"]').first().waitFor();
  const inPieces = await thumbnails(page);
  const groups = [[0], [1, 2, 3], [4], [5, 6], [7], [8, 9], [10], [11], [12], [13]];
  assert.equal(inPieces[0].rows, 14);
  for (const [m, wordMap] of inWords.entries()) {
    const pieceMap = inPieces[m];
    groups.forEach((rows, r) =>
      groups.forEach((cols, c) => {
        let sum = 0;
        for (const p of rows) for (const q of cols) sum += pieceMap.cells[p][q];
        const expected = sum / rows.length;
        const got = wordMap.cells[r][c];
        assert.ok(Math.abs(got - expected) < 1e-5, `L${m} ${words[r]} -> ${words[c]}: ${got} vs ${expected}`);
      }),
    );
  }
  await chooseView(page, 'head');
  assert.equal((await queries()).length, 14, 'the head view in pieces: F, B, I each a query');
  // The link keeps Pieces (and an old link, without it, opens in whole words: the test above).
  await page.waitForFunction(
    () => new URL(location.href).searchParams.get('transformer.view') === 'all pieces',
    null,
    { timeout: 30_000 },
  );
  await page.reload();
  await scrollIntoRenderedView(page, textbox(page));
  await settled(page);
  assert.equal(await lesson(page, '.units [data-view="pieces"]').getAttribute('aria-checked'), 'true');
  assert.equal((await queries()).length, 14);
  await page.close();
});

test('the lesson opens on a whole word of the default sentence, not on the piece "F" of "FBI"', async (t) => {
  if (!servedModels().length) return t.skip('no tf-* model served');
  const page = await openLesson();
  await settled(page, (tk) => tk.length > 0); // the default sentence's chips are drawn
  // The lesson may draw a frame before it moves the pressed chip to its pick: wait for "is",
  // then read what is pressed, so a wrong pick fails with its own text.
  await page
    .waitForFunction(
      () =>
        document
          .querySelector('attnlab-transformer')
          .shadowRoot?.querySelector('.chips .chip[aria-pressed="true"]')
          ?.textContent.trim() === 'is',
      null,
      { timeout: 30_000 },
    )
    .catch(() => {});
  const pressed = lesson(page, '.chips .chip[aria-pressed="true"]');
  assert.equal((await shownText(pressed)).trim(), 'is');
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
    path: path.join(ARTIFACTS, 'transformer-typed-mask-1280.png'),
  });
  if (servedModels().includes('nopos')) {
    await lesson(page, '.shuffle').evaluate((e) => e.scrollIntoView({ block: 'center' })); // its model loads when near
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

originTest();
