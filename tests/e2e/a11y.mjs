// Accessibility and guidance in the built page (build/web) in Debian's Chromium: an axe-core scan
// of each lesson after it has drawn its figures (no serious or critical violation allowed),
// keyboard focus that is visible, reduced motion respected, and each lesson's guided path with
// its predict-then-reveal questions answered by the live model. axe-core is injected from node_modules, so
// the scan makes no request. Prints every violation found (any impact) for the record.
//
//   npm run build && node tests/e2e/a11y.mjs

import fs from 'node:fs';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';

import {
  ARTIFACTS,
  eventually,
  expectCount,
  lessonsIdle,
  openSession,
  scrollIntoRenderedView,
  openDetails,
} from './browser.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let session;
let origin;

before(async () => {
  session = await openSession('a11y');
  ({ origin } = session);
});

after(() => session?.close());

/** Opens the page and waits until every lesson shows a drawn figure (not a loading placeholder). */
async function openSettled(options = {}) {
  const page = await session.newPage({ width: options.width ?? 1280 });
  if (options.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${origin}/${options.query ?? ''}`);
  await page.locator('attnlab-seq2seq .translation').waitFor({ timeout: 30_000 });
  await page
    .locator('attnlab-lstmn attnlab-attention-map rect[data-weight]')
    .first()
    .waitFor({ timeout: 30_000 });
  await page
    .locator('attnlab-transformer .chips .chip, attnlab-transformer .placeholder')
    .first()
    .waitFor({ timeout: 30_000 });
  await page
    .locator('attnlab-first-view .card[data-lesson="transformer"]:not([data-status="loading"])')
    .waitFor({ timeout: 30_000 });
  await lessonsIdle(page);
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy refuses inline scripts.
  await page.evaluate(fs.readFileSync(axePath, 'utf8'));
  return page;
}

/** axe-core on one element (shadow roots included): violations as {id, impact, nodes, help}. */
async function scan(page, selector) {
  return page.evaluate(async (sel) => {
    const result = await window.axe.run(document.querySelector(sel), {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.length,
      where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  }, selector);
}

const LESSONS = [
  ['the first view', 'attnlab-first-view'],
  ['the playground', 'attnlab-playground'],
  ['lesson 1, Seq2Seq', 'section.lesson:has(#lesson-seq2seq)'],
  ['lesson 2, RNN + self-attention', 'section.lesson:has(#lesson-lstmn)'],
  ['lesson 3, Transformer', 'section.lesson:has(#lesson-transformer)'],
  ['the training lab', 'section.lesson:has(#lesson-train)'],
];

for (const language of ['en', 'zh-CN']) {
  test(`axe-core: no serious or critical violation in any lesson (${language})`, async () => {
    const page = await openSettled({ query: `?lang=${language}` });
    const serious = [];
    for (const [name, selector] of LESSONS) {
      if ((await page.locator(selector).count()) === 0) continue;
      // A lesson off screen is not laid out (content-visibility: auto): its contents may lie over the
      // next lesson's box, and axe would measure colours against what is drawn there. Scan it in view.
      await scrollIntoRenderedView(page, page.locator(selector).first());
      const violations = await scan(page, selector);
      for (const v of violations) {
        console.log(
          `# axe ${language} ${name}: ${v.impact} ${v.id} (${v.nodes} nodes) ${v.help} @ ${v.where.join(' | ')}`,
        );
        if (v.impact === 'serious' || v.impact === 'critical') serious.push(`${name}: ${v.id} ${v.where[0]}`);
      }
    }
    assert.deepEqual(serious, [], 'serious or critical axe violations');
    await page.close();
  });
}

test('keyboard: tabbing reaches the lesson controls, and focus is visible on each', async () => {
  const page = await openSettled();
  const seen = new Set();
  let invisible = [];
  /** Presses Tab `times` times, recording the custom element that holds the focus and its ring. */
  const tabThrough = async (times) => {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        const shadow = style.boxShadow && style.boxShadow !== 'none';
        let host = el;
        while (host && !host.tagName?.startsWith('ATTNLAB-'))
          host = host.getRootNode()?.host ?? host.parentElement;
        return { tag: el.tagName, host: host?.tagName ?? 'page', visible: ring || shadow };
      });
      if (!info) continue;
      seen.add(info.host);
      if (!info.visible) invisible.push(`${info.host} ${info.tag}`);
    }
  };
  await tabThrough(60);
  assert.ok(seen.has('ATTNLAB-FIRST-VIEW'), `reached: ${[...seen]}`);
  assert.ok(seen.has('ATTNLAB-SEQ2SEQ'), `reached: ${[...seen]}`);
  // The random-weight playground comes after the lessons: tab on from its heading.
  await page.locator('#before-training').evaluate((h) => {
    h.tabIndex = -1;
    h.focus();
  });
  await tabThrough(6);
  assert.ok(seen.has('ATTNLAB-PLAYGROUND'), `reached: ${[...seen]}`);
  invisible = [...new Set(invisible)];
  assert.deepEqual(invisible, [], 'focused elements without a visible focus ring');
  await page.close();
});

test('375 px: every visible interactive target of each lesson is at least 24 x 24 px', async () => {
  const page = await openSettled({ width: 375 });
  // The lesson 3 views and panels that are not open by default, so their controls are measured too.
  const small = [];
  const measure = (selector) =>
    page.evaluate((sel) => {
      const INTERACTIVE =
        'button, a[href], input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role="button"], [role="radio"], [role="slider"], [role="checkbox"]';
      const found = [];
      const walk = (root) => {
        for (const el of root.querySelectorAll('*')) {
          if (el.matches(INTERACTIVE)) found.push(el);
          if (el.shadowRoot) walk(el.shadowRoot);
        }
      };
      const scope = document.querySelector(sel);
      if (!scope) return [];
      walk(scope);
      if (scope.shadowRoot) walk(scope.shadowRoot);
      return found
        .filter((el) => {
          if (el.disabled && el.tagName !== 'BUTTON') return false;
          const r = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          return (
            r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && el.closest('[hidden]') === null
          );
        })
        .map((el) => {
          const r = el.getBoundingClientRect();
          const host = el.getRootNode()?.host?.tagName?.toLowerCase() ?? 'page';
          const name = `${host} ${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''}`;
          return { name, text: (el.textContent ?? '').trim().slice(0, 20), w: r.width, h: r.height };
        });
    }, selector);
  const sections = ['attnlab-playground', ...LESSONS.slice(1).map(([, selector]) => selector)];
  const check = async (label) => {
    for (const selector of sections)
      for (const target of await measure(selector))
        if (target.w < 24 - 0.01 || target.h < 24 - 0.01)
          small.push(
            `${label}: ${target.name} "${target.text}" ${target.w.toFixed(1)} x ${target.h.toFixed(1)}`,
          );
  };
  await check('default');
  const tf = (sel) => page.locator(`attnlab-transformer ${sel}`);
  for (const view of ['model', 'step']) {
    await tf(`.views [data-value="${view}"]`).click();
    await tf(`.view[data-view="${view}"]`).waitFor();
    await check(`transformer ${view} view`);
  }
  await page.locator('attnlab-seq2seq .step-list').first().waitFor();
  const unique = [...new Set(small)];
  for (const line of unique) console.log(`# small target: ${line}`);
  assert.deepEqual(unique, [], 'interactive targets under 24 x 24 px at 375 px');
  await page.close();
});

test('prefers-reduced-motion: nothing on the page animates or transitions', async () => {
  const page = await openSettled({ reducedMotion: true });
  const moving = await page.evaluate(() => {
    const out = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        const s = getComputedStyle(el);
        const seconds = (v) =>
          Math.max(...v.split(',').map((x) => parseFloat(x) * (x.includes('ms') ? 0.001 : 1)));
        if (
          seconds(s.transitionDuration) > 0.01 ||
          (s.animationName !== 'none' && seconds(s.animationDuration) > 0.01)
        )
          out.push(`${el.tagName}.${el.className?.baseVal ?? el.className}`);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return [...new Set(out)].slice(0, 20);
  });
  assert.deepEqual(moving, [], 'elements that still move with reduced motion');
  await page.close();
});

test('guided paths: each lesson predicts, then reveals the live model’s answer, with the caveat', async () => {
  const page = await openSettled();
  for (const lesson of ['seq2seq', 'lstmn', 'transformer']) {
    const guide = page.locator(`attnlab-guide[lesson="${lesson}"]`);
    await openDetails(guide.locator('summary'), `${lesson}: the guide opened`);
    const questions = guide.locator('li.question');
    // The guide's questions arrive with its strings (a chunk of their own): wait for them.
    await eventually(() => questions.count(), { until: (n) => n >= 2 }, `${lesson}: at least two questions`);
    // The caveat as a reader sees it (innerText: '' until the opened guide is rendered with its
    // strings): waited for, not read once.
    await eventually(
      async () => /not why it decided/.test(await guide.locator('.caveat').innerText()),
      true,
      `${lesson}: the caveat shown`,
    );
    for (let i = 0; i < (await questions.count()); i++) {
      const q = questions.nth(i);
      assert.equal(await q.locator('button.reveal').isDisabled(), true, 'reveal waits for a guess');
      await q.locator('button[role="radio"]').first().click();
      await q.locator('button.reveal').click();
      const result = q.locator('.result[data-found]');
      await result.waitFor({ timeout: 30_000 });
      assert.notEqual(
        await result.getAttribute('data-found'),
        '',
        `${lesson} question ${i + 1} has an answer`,
      );
    }
  }
  // The Seq2Seq answers are the lesson's: rouge reads red, européenne reads european.
  const seq = page.locator('attnlab-guide[lesson="seq2seq"] li.question');
  assert.equal(await seq.nth(0).locator('.result').getAttribute('data-answer'), 'red');
  assert.equal(await seq.nth(1).locator('.result').getAttribute('data-answer'), 'european');
  await page
    .locator('attnlab-guide[lesson="seq2seq"]')
    .screenshot({ path: path.join(ARTIFACTS, 'guide-seq2seq.png') });
  await page.close();
});

test('predict by drawing, with the keyboard only: arrow keys set the row, Reveal draws the model’s over it with the gap', async () => {
  const page = await openSettled();
  for (const lesson of ['seq2seq', 'lstmn', 'transformer']) {
    const guide = page.locator(`attnlab-guide[lesson="${lesson}"]`);
    await openDetails(guide.locator('summary'), `${lesson}: the guide opened`);
    const draw = guide.locator('li.draw-question');
    await expectCount(draw, 1, `${lesson}: one drawing question`);
    const reveal = draw.locator('button.reveal');
    assert.equal(await reveal.isDisabled(), true, 'reveal waits for a drawing');
    const sliders = draw.locator('input[type="range"]');
    // All the weight on the last word the row reads: focus its slider, then End (100%).
    await sliders.last().press('End'); // focused, then the key
    await sliders.first().press('ArrowRight'); // 5 on the first word
    // The keys reached the sliders (each slider's value is the guide's state, drawn back into it).
    await eventually(
      async () => [await sliders.first().inputValue(), await sliders.last().inputValue()],
      ['5', '100'],
      `${lesson}: the first slider at 5 and the last at 100 after the keys`,
    );
    // Reveal is enabled once the drawing is in the guide's state: wait for that, then press it.
    await eventually(() => reveal.isEnabled(), true, `${lesson}: Reveal enabled by the drawing`);
    await reveal.focus();
    await page.keyboard.press('Enter');
    const result = draw.locator('.result[data-gap]');
    // The model answers in its worker (started by this question on a page that loads every
    // lesson): a busy machine takes its time, so the bound is there only to fail a broken page.
    await result.waitFor({ timeout: 60_000 }).catch(async (error) => {
      const shown = await draw.locator('.result').allInnerTexts();
      throw new Error(
        `${lesson}: no gap after Reveal; the result reads ${JSON.stringify(shown)}: ${error.message}`,
      );
    });
    const gap = Number(await result.getAttribute('data-gap'));
    const model = await draw
      .locator('.draw-values')
      .evaluateAll((els) => els.map((e) => Number(e.dataset.model)));
    // The gap is recomputed here from the model's row and the drawing (5 and 100 of 105).
    const mine = model.map((_, i) => (i === 0 ? 5 : i === model.length - 1 ? 100 : 0) / 105);
    const expected = model.reduce((s, w, i) => s + Math.abs(mine[i] - w), 0) / 2;
    assert.ok(Math.abs(gap - expected) < 1e-3, `${lesson}: gap ${gap}, expected ${expected}`);
    assert.ok(Math.abs(model.reduce((a, b) => a + b, 0) - 1) < 1e-3, 'the model row adds up to 1');
    assert.equal(
      await draw.locator('.draw-bars .model').count(),
      model.length,
      'the model row is drawn over the student’s',
    );
  }
  await page
    .locator('attnlab-guide[lesson="lstmn"] li.draw-question')
    .screenshot({ path: path.join(ARTIFACTS, 'guide-draw-lstmn.png') });
  await page.close();
});
