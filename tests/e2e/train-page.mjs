// The training lab's page helpers shared by train.mjs and train-tasks.mjs: the quick settings, a
// tab that can reach the lab's shadow root, and the lab's elements, map, steps and Pause button on
// the tab each file is testing.

import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS } from './browser.mjs';

/** Small enough to finish in seconds on a shared machine, large enough to learn the diagonal. */
export const QUICK = 'train.steps=400&train.hidden-size=32&train.min-len=4&train.max-len=8';
/**
 * Pages whose run the test pauses: as many steps as the lab allows, so no machine finishes them
 * before the Pause (at 1,500 steps a fast one did).
 */
export const PAUSABLE = QUICK.replace('steps=400', 'steps=20000');

/** A tab of `session` (openSession) where page functions can call trainRoot() (the lab's shadow root). */
export async function newTrainPage(session, options) {
  const tab = await session.newPage(options);
  await tab.addInitScript(() => {
    // Before the lab's chunk has arrived the element has no shadow root: an empty fragment finds nothing.
    window.trainRoot = () =>
      document.querySelector('attnlab-train')?.shadowRoot ?? document.createDocumentFragment();
  });
  return tab;
}

/**
 * The lab's helpers on the tab `current()` returns (a file's `page`, which its tests reassign):
 * lab(selector), mapState(), stepsShown(), pause() and waitFor(predicate, arg, timeout).
 */
export function labHelpers(current) {
  const lab = (selector) => current().locator(`attnlab-train ${selector}`);

  /** The weights of the first run's map as drawn (data-weight of every cell), and its step. */
  const mapState = () =>
    current().evaluate(() => {
      const root = document.querySelector('attnlab-train')?.shadowRoot ?? document.createDocumentFragment();
      const map = root.querySelector('.run attnlab-attention-map');
      const cells = [...(map?.shadowRoot?.querySelectorAll('rect[data-weight]') ?? [])];
      return {
        steps: Number(map?.dataset.steps ?? -1),
        weights: cells.map((r) => Number(r.dataset.weight)),
        marks: map?.shadowRoot?.querySelectorAll('rect.mark').length ?? 0,
      };
    });

  const stepsShown = async () => Number(await lab('.progress').getAttribute('data-steps'));

  /** Clicks Pause; if the run is not training (so there is no Pause), fails saying what the lab shows. */
  async function pause() {
    const page = current();
    const button = lab('button[data-action="pause"]');
    try {
      await button.waitFor({ timeout: 30_000 });
    } catch {
      const shown = await page.evaluate(() => {
        const root = trainRoot();
        return {
          visibility: document.visibilityState,
          progress: root.querySelector('.progress')?.textContent.replace(/\s+/g, ' ').trim(),
          runs: [...root.querySelectorAll('.run')].map((r) => r.dataset.status),
          messages: [...root.querySelectorAll('[data-key]')].map((m) => m.dataset.key),
          buttons: [...root.querySelectorAll('button[data-action]')].map((b) => {
            const r = b.getBoundingClientRect();
            return `${b.dataset.action}${b.disabled ? '(disabled)' : ''} ${Math.round(r.width)}x${Math.round(r.height)}`;
          }),
        };
      });
      await page.screenshot({ path: path.join(ARTIFACTS, 'train-no-pause.png'), fullPage: true });
      assert.fail(`no Pause button: the lab shows ${JSON.stringify(shown)}`);
    }
    // force: no wait for two equal animation frames (see tap in train-tasks.mjs); the button is
    // there and enabled.
    await button.click({ force: true });
  }

  async function waitFor(predicate, arg, timeout = 60_000) {
    await current().waitForFunction(predicate, arg, { timeout });
  }

  return { lab, mapState, stepsShown, pause, waitFor };
}
