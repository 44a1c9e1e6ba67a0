// Teacher mode (controls="none", issue 52 B2): docs/embedding.md promises "no text box (the
// sentence is shown as text), no model switch, no mode switches or pickers ... Export buttons
// stay". Each lesson embedded with `<lesson>.controls=none` and every panel shown: nothing a reader
// could press or type into is on the screen but the export buttons and the disclosures that fold
// text away (<summary>). The figures' own reading aids (a map's cells, a strip's values) are
// figures, not controls. A change to the attention given in the link is shown read-only: what was
// changed and its consequence, no Reset. Screenshots: tests/e2e/artifacts/teacher-*.png.
//
//   npm run build && node tests/e2e/teacher-mode.mjs

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ARTIFACTS, assertNothingWentWrong, openSession, scrollIntoRenderedView } from './browser.mjs';

let session;
before(async () => {
  session = await openSession('teacher-mode');
});
after(async () => {
  await session?.close();
});

/** Every control a reader sees in `tag`: buttons, fields, radios, sliders (the figures' insides and export buttons left out). */
const visibleControls = (page, tag) =>
  page.evaluate((t) => {
    const found = [];
    const FIGURES = new Set(['ATTNLAB-ATTENTION-MAP', 'ATTNLAB-VECTOR-STRIP', 'ATTNLAB-EXPORT-BUTTONS']);
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot && !FIGURES.has(el.tagName)) walk(el.shadowRoot);
        const control =
          el.matches('button, select, input, textarea') ||
          ['radio', 'switch', 'slider', 'checkbox', 'button'].includes(el.getAttribute('role') ?? '');
        if (!control || el.closest('.export')) continue;
        if (!el.checkVisibility({ checkVisibilityCSS: true })) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        found.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} “${(el.textContent ?? '').trim().slice(0, 30)}”`,
        );
      }
    };
    walk(document.querySelector(t).shadowRoot);
    return found;
  }, tag);

/**
 * The visible notes of `tag` that ask the reader to click, pick or drag (en, zh-CN); hovering to
 * read a value is a figure's reading aid and stays.
 */
const invitations = (page, tag) =>
  page.evaluate((t) => {
    const found = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        if (!el.matches('p.note, p.hint, .note p')) continue;
        if (!el.checkVisibility({ checkVisibilityCSS: true })) continue;
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (/\b(click|pick|drag)\b|点选|点一|点上面|拖/i.test(text)) found.push(text.slice(0, 90));
      }
    };
    walk(document.querySelector(t).shadowRoot);
    return found;
  }, tag);

const CASES = [
  { tag: 'attnlab-seq2seq', query: 'seq2seq.view=all&seq2seq.step=2', ready: 'attnlab-attention-map' },
  { tag: 'attnlab-seq2seq', query: 'seq2seq.view=compare', ready: '.compare attnlab-attention-map' },
  { tag: 'attnlab-lstmn', query: 'lstmn.view=all&lstmn.step=3', ready: '.reading' },
  { tag: 'attnlab-transformer', query: 'transformer.view=all+head', ready: 'svg.head-view' },
  { tag: 'attnlab-transformer', query: 'transformer.view=all+model', ready: '.thumb' },
  { tag: 'attnlab-transformer', query: 'transformer.view=all+step', ready: 'section.step' },
];

for (const { tag, query, ready } of CASES)
  test(`${query} with controls=none: no control but the export buttons`, async () => {
    const lesson = tag.slice(8);
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.goto(`${session.origin}/index.html?embed=${lesson}&${lesson}.controls=none&${query}`);
    const figure = page.locator(`${tag} ${ready}`).first();
    await figure.waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      (t) =>
        document.querySelector(t)?.shadowRoot?.querySelector('.figure')?.getAttribute('aria-busy') ===
        'false',
      tag,
      { timeout: 60_000 },
    );
    await scrollIntoRenderedView(page, figure);
    assert.equal(await page.locator(`${tag} textarea`).count(), 0, 'no text box');
    assert.deepEqual(await visibleControls(page, tag), []);
    // Nor does the lesson's text ask the reader to press what is not there.
    assert.deepEqual(await invitations(page, tag), [], 'no sentence asks to click, pick or drag');
    await page.screenshot({
      path: path.join(ARTIFACTS, `teacher-${query.replace(/[^a-z0-9]+/gi, '-')}.png`),
      fullPage: true,
    });
    await page.close();
  });

test('a change given in the link is shown read-only: the change and its consequence, no Reset', async () => {
  const page = await session.newPage({ width: 1280, height: 900 });
  await page.goto(
    `${session.origin}/index.html?embed=seq2seq&seq2seq.controls=none&seq2seq.intervene=pin_R3K1`,
  );
  const bar = page.locator('attnlab-seq2seq section.intervene[data-active="true"]');
  await bar.waitFor({ timeout: 60_000 });
  await page.locator('attnlab-seq2seq .edits .edit').first().waitFor();
  assert.ok(await page.locator('attnlab-seq2seq .edits .edit').first().isVisible(), 'the change is listed');
  assert.deepEqual(await visibleControls(page, 'attnlab-seq2seq'), []);
  await page.close();
});

test('nothing went wrong meanwhile', () => assertNothingWentWrong(session));
