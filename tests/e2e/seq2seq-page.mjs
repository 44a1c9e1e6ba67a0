// Lesson 1's page helpers shared by seq2seq.mjs, seq2seq-downloads.mjs and seq2seq-zh.mjs: the
// lesson's elements, the app page opened on it, its settled translation, and its map as numbers.

import { lessonUrl, scrollIntoRenderedView } from './browser.mjs';

/** A locator inside <attnlab-seq2seq>. */
export const seq = (page, selector) => page.locator(`attnlab-seq2seq ${selector}`);
/** The app page's section holding lesson 1. */
export const seqSection = (page) => page.locator('section.lesson:has(#lesson-seq2seq)');

/**
 * Opens lesson 1 alone in `session` (openSession), or in the app page with `app`, and waits until
 * it has translated its sentence.
 */
export async function openSeqLesson(session, { width = 1280, height = 900, query = '', app = false } = {}) {
  const page = await session.newPage({ width, height });
  await page.goto(app ? `${session.origin}/index.html${query}` : lessonUrl(session.origin, 'seq2seq', query));
  await scrollIntoRenderedView(page, seq(page, 'textarea'));
  await settledTranslation(page);
  return page;
}

/** Waits until the lesson shows a translation (the `expected` one, if given) with nothing pending. */
export async function settledTranslation(page, expected, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Not yet answered (a keystroke's render is held for its answer: the figure still reads as before).
    const answered = await page.evaluate(() => document.querySelector('attnlab-seq2seq')?.answered !== false);
    const busy = answered ? await seq(page, '.figure').getAttribute('aria-busy') : 'true';
    const box = seq(page, '.translation');
    const text = (await box.count()) ? await box.getAttribute('data-translation') : null;
    if (busy === 'false' && text !== null && (expected === undefined || text === expected)) return text;
    if (Date.now() > deadline) throw new Error(`no settled translation: "${text}", expected "${expected}"`);
    await page.waitForTimeout(50);
  }
}

/** The lesson's map as { rows: labels, cols: labels, weights[r][c], cells }. */
export async function readSeqMap(page) {
  return page.evaluate(() => {
    const root = document
      .querySelector('attnlab-seq2seq')
      .shadowRoot.querySelector('attnlab-attention-map').shadowRoot;
    const labels = (group) =>
      [...root.querySelectorAll(`g.${group} g.label title`)].map((e) => e.textContent);
    const weights = [];
    const rects = root.querySelectorAll('rect[data-weight]');
    for (const r of rects)
      (weights[Number(r.getAttribute('data-row'))] ??= [])[Number(r.getAttribute('data-col'))] = Number(
        r.getAttribute('data-weight'),
      );
    return { rows: labels('row-labels'), cols: labels('col-labels'), weights, cells: rects.length };
  });
}
