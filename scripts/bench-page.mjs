// Page benchmark (not a test): how soon a keystroke shows in each figure, in Debian's Chromium.
// For the playground and each lesson it types sentences growing word by word. Each keystroke is
// sent in a task of its own at a moment spread evenly over a frame (0-16 ms after a
// requestAnimationFrame callback, the same sequence every run), as a person's key arrives: the
// browser dispatches a key's input event as a task (a discrete event, not aligned to frames), at
// whatever point of the frame the key was pressed. `--raf` sends every keystroke inside the
// callback itself, as this script did before 2026-11-29: always at the start of a frame's
// rendering, which then runs before the keystroke's answer can (docs/performance-keystrokes.md).
// Two things are timed:
//   - ms: from the keystroke to the DOM change that shows its result (a MutationObserver on the
//     figure: the map's cells, the translation, the reading rows, the token chips);
//   - frames: how many animation frames later the result was in the DOM (1 = before the very next
//     frame was drawn: "within one animation frame"; a key sent late in a frame cannot make it, so
//     this count means most with --raf).
// Prints, per figure, the median, 90th and 95th percentile of ms against one frame (16.7 ms at 60 Hz;
// issue 17's target: p95 within it)
// and the share of keystrokes that made it within one frame. ROUNDS (default 6) is how many times
// each sentence is typed: 6 gives 54-84 keystrokes per figure, so a p95 is not one or two outliers
// (with 2 rounds, 18-28 keystrokes, it was the second slowest and moved by 5-10 ms between runs).
//   npm run build && node scripts/bench-page.mjs [ROUNDS] [--raf]        (ATTNLAB_WEB_DIR=... for another build)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serve } from '../tests/e2e/browser.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const inRaf = args.includes('--raf');
const rounds = Number(args.find((a) => a !== '--raf') ?? 6);

/** What each figure reads, and the attribute of its root that changes when a result is shown. */
const FIGURES = [
  {
    name: 'playground (random encoder)',
    tag: 'attnlab-playground',
    words: 'the fbi is chasing a criminal on the run because he stole the red car',
    // The map's cells: n x n rects once the new sentence is drawn.
    shown: 'cells',
  },
  {
    name: 'lesson 1: Seq2Seq translation',
    tag: 'attnlab-seq2seq',
    words: 'the small green car does not see the big red house .',
    shown: '.translation[data-translation]',
  },
  {
    name: 'lesson 2: RNN + self-attention',
    tag: 'attnlab-lstmn',
    words: 'The FBI is chasing a criminal on the run .',
    shown: '.reading li.row:last-child',
  },
  {
    name: 'lesson 3: Transformer',
    tag: 'attnlab-transformer',
    words: 'Emma was happy and clever , and she had a very good house .',
    shown: '.chips',
  },
];

const server = await serve(path.resolve(process.env.ATTNLAB_WEB_DIR ?? path.join(repoRoot, 'build/web')));
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-bench-'));
const context = await launchChromium(userDataDir);
try {
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.locator('attnlab-attention-map rect[data-weight]').first().waitFor({ timeout: 30_000 });
  console.log(
    `keystroke -> result in the DOM, ${rounds} rounds of sentences growing word by word; ` +
      `each keystroke sent ${inRaf ? 'inside a requestAnimationFrame callback (--raf)' : 'in its own task at the start of a frame'}`,
  );
  console.log('one animation frame at 60 Hz: 16.7 ms');
  for (const figure of FIGURES) {
    await page.locator(figure.tag).scrollIntoViewIfNeeded();
    // The lesson's model is loaded once the figure is idle with a result.
    await page.waitForFunction(
      (tag) => {
        const root = document.querySelector(tag)?.shadowRoot;
        return root && root.querySelector('textarea') && !root.querySelector('[aria-busy="true"]');
      },
      figure.tag,
      { timeout: 60_000 },
    );
    await page.waitForTimeout(500);
    const samples = await page.evaluate(
      async ({ figure, rounds, inRaf }) => {
        const root = document.querySelector(figure.tag).shadowRoot;
        const area = root.querySelector('textarea');
        const words = figure.words.split(' ');
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        // The moment of the frame the key arrives at: a task that long after the frame's callback
        // (a Weyl sequence over 0-16 ms: evenly spread, the same every run).
        let phase = 0;
        const task = () => {
          phase = (phase + 0.6180339887) % 1;
          return new Promise((resolve) => setTimeout(resolve, phase * 16));
        };
        /** A fingerprint of what the figure shows now; it changes when a new result is drawn. */
        const fingerprint = () => {
          if (figure.shown === 'cells') {
            const map = root.querySelector('attnlab-attention-map')?.shadowRoot;
            const rects = map?.querySelectorAll('rect[data-weight]') ?? [];
            return `${rects.length}:${rects[rects.length - 1]?.getAttribute('data-weight')}`;
          }
          const el = root.querySelector(figure.shown);
          return el ? `${el.outerHTML.length}:${el.textContent}:${el.getAttribute('data-translation')}` : '';
        };
        const out = [];
        for (let r = 0; r < rounds; r++) {
          for (let n = 2; n <= words.length; n++) {
            const before = fingerprint();
            await frame(); // start of a frame
            if (!inRaf) await task();
            const t0 = performance.now();
            let t1 = 0;
            const changed = new Promise((resolve) => {
              const observer = new MutationObserver(() => {
                if (fingerprint() === before) return;
                t1 = performance.now();
                observer.disconnect();
                resolve();
              });
              observer.observe(root, {
                childList: true,
                subtree: true,
                attributes: true,
                characterData: true,
              });
              const map = root.querySelector('attnlab-attention-map')?.shadowRoot;
              if (map) observer.observe(map, { childList: true, subtree: true, attributes: true });
            });
            area.value = words.slice(0, n).join(' ');
            area.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
            let frames = 0;
            let done = false;
            void changed.then(() => (done = true));
            while (!done && performance.now() - t0 < 3000) {
              await frame();
              frames++;
            }
            // A keystroke that does not change the result (lesson 1 adds a missing full stop itself,
            // so typing it changes nothing) is not a sample.
            if (!t1) continue;
            out.push({ ms: t1 - t0, frames: t1 - t0 <= 0 ? 0 : frames });
            // Let the figure settle (lesson 1 also draws the other variant's map when comparing).
            await new Promise((resolve) => setTimeout(resolve, 120));
          }
        }
        return out;
      },
      { figure, rounds, inRaf },
    );
    const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
    const q = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
    const withinOne = samples.filter((s) => s.frames <= 1).length;
    console.log(
      `${figure.name}: ${ms.length} keystrokes, median ${q(0.5).toFixed(1)} ms, p90 ${q(0.9).toFixed(1)} ms, ` +
        `p95 ${q(0.95).toFixed(1)} ms, max ${ms.at(-1).toFixed(1)} ms; median / frame = ${(q(0.5) / 16.7).toFixed(2)}; ` +
        `${inRaf ? 'within one frame' : 'in the DOM before the next frame (a key late in a frame cannot be)'}: ${withinOne}/${samples.length}; ms within 16.7: ${ms.filter((x) => x <= 16.7).length}/${ms.length}`,
    );
  }
} finally {
  await context.close();
  server.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
