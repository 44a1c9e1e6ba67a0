// Lesson 3's page helpers shared by transformer.mjs and transformer-panels.mjs: one browser
// session per file, the lesson's elements and models, its settled figure, its maps and its
// computation panel as numbers.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { ARTIFACTS, WEB_DIR, lessonUrl, openSession, scrollIntoRenderedView } from './browser.mjs';
export const DEFAULT_SENTENCE = 'The FBI is chasing a criminal on the run.';
export const FOLDERS = {
  mlm: 'tf-mlm',
  lm: 'tf-lm',
  additive: 'tf-mlm-additive',
  sigmoid: 'tf-mlm-sigmoid',
  nopos: 'tf-mlm-nopos',
  'mlm-zh': 'tf-mlm-zh', // Chinese, by characters (tests/e2e/zh-lessons.mjs reads Chinese with it)
};

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
/** The file's session (openSession in browser.mjs), once its `before` has run. */
export const currentSession = () => session;

export function originTest() {
  test('lesson 3 stayed on the page origin; no dialog, console error or failed request', () => {
    assert.deepEqual(session.foreignRequests, [], 'requests to other origins');
    assert.deepEqual(session.dialogs, [], 'dialogs');
    assert.deepEqual(session.consoleErrors, [], 'console errors');
    assert.deepEqual(session.failedRequests, [], 'failed requests');
  });
}

/** The lesson's models the build serves (models/index.json), in the order of the switch. */
export function servedModels() {
  const served = JSON.parse(fs.readFileSync(path.join(WEB_DIR, 'models/index.json'), 'utf8')).models;
  return Object.keys(FOLDERS).filter((m) => served.includes(FOLDERS[m]));
}
export const configOf = (model) =>
  JSON.parse(fs.readFileSync(path.join(WEB_DIR, 'models', FOLDERS[model], 'config.json'), 'utf8'));
export const cardOf = (model) =>
  JSON.parse(fs.readFileSync(path.join(WEB_DIR, 'models', FOLDERS[model], 'card.json'), 'utf8'));

export const lesson = (page, selector) => page.locator(`attnlab-transformer ${selector}`);
export const textbox = (page) => lesson(page, 'textarea');

/**
 * Opens the lesson alone (the app page with `app`) and waits until it shows the default sentence (or
 * the no-model message).
 */
export async function openLesson({ width = 1280, height = 900, app = false } = {}) {
  const page = await session.newPage({ width, height });
  await page.goto(app ? `${session.origin}/index.html` : lessonUrl(session.origin, 'transformer'));
  await scrollIntoRenderedView(page, textbox(page));
  if (servedModels().length) await settled(page);
  return page;
}

/**
 * Waits until the lesson is idle with a figure for the current text, and returns its tokens
 * (the query chips). `expected`: a token count to wait for, or a predicate on the tokens.
 */
export async function settled(page, expected) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await page.evaluate(() => {
      const root = document.querySelector('attnlab-transformer')?.shadowRoot;
      return {
        busy:
          root?.host?.answered === false ? 'true' : root?.querySelector('.figure')?.getAttribute('aria-busy'),
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

export async function chooseView(page, view) {
  await lesson(page, `.views [data-value="${view}"]`).click();
  await lesson(page, `.view[data-view="${view}"]`).waitFor();
}

/** The head and model views in the tokenizer's pieces (whole words are the default). */
export async function choosePieces(page) {
  await lesson(page, '.units [data-view="pieces"]').click();
  await page.waitForFunction(() =>
    document
      .querySelector('attnlab-transformer')
      ?.shadowRoot?.querySelector('.units [data-view="pieces"][aria-checked="true"]'),
  );
}

/** Every thumbnail of the model view as { layer, head, rows, cols, cells: [[w]] }. */
export async function thumbnails(page) {
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

/**
 * Checks the model view in pieces (what the engine computes): one n x n map per layer and head, rows
 * summing to 1 for a softmax model.
 */
export async function checkModelView(page, model, n) {
  const config = configOf(model);
  await choosePieces(page);
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
export async function readStep(page) {
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

export const shotLesson = (page, name) =>
  page.locator('section.lesson:has(attnlab-transformer)').screenshot({ path: path.join(ARTIFACTS, name) });
