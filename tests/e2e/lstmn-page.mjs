// Lesson 2's page helpers shared by lstmn.mjs and lstmn-models.mjs: one browser session per file,
// the lesson's elements and served models, its settled reading figure and its placeholders.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, WEB_DIR, lessonUrl, openSession, scrollIntoRenderedView } from './browser.mjs';

export const DEFAULT_SENTENCE = 'The FBI is chasing a criminal on the run.';
export const DEFAULT_WORDS = ['The', 'FBI', 'is', 'chasing', 'a', 'criminal', 'on', 'the', 'run', '.'];

/**
 * Opens one browser session for the test file that calls it (named `name`) and, as the file's last
 * test, checks it stayed on the page origin with no dialog, console error or failed request.
 */
let session;
export function useSession(name) {
  before(async () => {
    session = await openSession(name);
  });
  after(() => session?.close());
}
/** The dialogs the page has opened so far in this file's session. */
export const dialogs = () => session.dialogs;
export function originTest() {
  test('lesson 2 stayed on the page origin; no dialog, console error or failed request', () => {
    assert.deepEqual(session.foreignRequests, [], 'requests to other origins');
    assert.deepEqual(session.dialogs, [], 'dialogs');
    assert.deepEqual(session.consoleErrors, [], 'console errors');
    assert.deepEqual(session.failedRequests, [], 'failed requests');
  });
}

/** The model folders the build serves (models/index.json, written by the Vite plugin). */
export function servedModels() {
  return JSON.parse(fs.readFileSync(path.join(WEB_DIR, 'models/index.json'), 'utf8')).models;
}

export const lesson = (page, selector) => page.locator(`attnlab-lstmn ${selector}`);
export const textbox = (page) => lesson(page, 'textarea');
export const rows = (page) => lesson(page, '.reading li.row');

/** Opens the lesson alone (the app page with `app`) and waits until it has read its default sentence. */
export async function openLesson({ width = 1280, height = 900, query = '', app = false } = {}) {
  const page = await session.newPage({ width, height });
  await page.goto(app ? `${session.origin}/index.html${query}` : lessonUrl(session.origin, 'lstmn', query));
  await scrollIntoRenderedView(page, textbox(page));
  await settled(page, DEFAULT_WORDS.length);
  return page;
}

/**
 * Waits until the lesson is idle and its reading figure has `expected` rows (or any number of
 * rows), and returns the rows as { word, alphas: number[] }.
 */
export async function settled(page, expected) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await page.evaluate(() => {
      const root = document.querySelector('attnlab-lstmn')?.shadowRoot;
      const busy =
        root?.host?.answered === false ? 'true' : root?.querySelector('.figure')?.getAttribute('aria-busy');
      const list = root?.querySelector('.reading');
      const items = [...(root?.querySelectorAll('.reading li.row') ?? [])].map((li) => ({
        word: li.getAttribute('data-word'),
        alphas: [...li.querySelectorAll('.w[data-alpha]')].map((w) => Number(w.getAttribute('data-alpha'))),
        chips: li.querySelectorAll('.w').length,
      }));
      return { busy, total: Number(list?.getAttribute('data-rows') ?? -1), items };
    });
    const n = state.items.length;
    if (state.busy === 'false' && n > 0 && (expected === undefined || state.total === expected))
      return state.items;
    if (Date.now() > deadline)
      throw new Error(
        `the reading figure never settled: ${n} rows (busy ${state.busy}), expected ${expected}`,
      );
    await page.waitForTimeout(50);
  }
}

/** Waits until the figure shows a hint or message matching `pattern` instead of rows. */
export async function placeholder(page, pattern) {
  const box = lesson(page, '.figure .placeholder').filter({ hasText: pattern });
  await box.waitFor({ state: 'visible' });
  assert.equal(await rows(page).count(), 0, 'no rows next to the hint');
  return box.innerText();
}

export const shotLesson = (page, name) =>
  page.locator('section.lesson:has(attnlab-lstmn)').screenshot({ path: path.join(ARTIFACTS, name) });
