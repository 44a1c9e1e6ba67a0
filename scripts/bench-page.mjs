// Page benchmark (not a test): how soon a keystroke shows in each figure, in Debian's Chromium.
// For the playground and each lesson it types sentences growing word by word. Each keystroke is
// sent in a task of its own at a moment spread evenly over a frame (0-16 ms after a
// requestAnimationFrame callback, the same sequence every run), as a person's key arrives: the
// browser dispatches a key's input event as a task (a discrete event, not aligned to frames), at
// whatever point of the frame the key was pressed. `--raf` sends every keystroke inside the
// callback itself, as this script did before 2026-11-29: always at the start of a frame's
// rendering, which then runs before the keystroke's answer can (docs/performance-keystrokes.md).
// Three things are timed:
//   - ms: from the keystroke to the DOM change that shows its result (a MutationObserver on the
//     figure: the map's cells, the translation, the reading rows, the token chips);
//   - drawn: from the keystroke to the end of the main thread's rendering of the frame that shows
//     that change (style, layout, paint, the commit to the compositor; rasterizing and putting it on
//     the screen come after, on other threads): what the student waits for. A frame starts at the
//     display's beat, so this includes the wait for the next beat; printed with which frame after
//     the keystroke drew the result (the next one at best);
//   - frames: how many animation frames later the result was in the DOM (1 = before the very next
//     frame was drawn: "within one animation frame"; a key sent late in a frame cannot make it, so
//     this count means most with --raf).
// Prints, per figure, the median, 90th and 95th percentile of ms against one frame (16.7 ms at 60 Hz;
// issue 17's target: p95 within it)
// and the share of keystrokes that made it within one frame. ROUNDS (default 6) is how many times
// each sentence is typed: 6 gives 54-84 keystrokes per figure, so a p95 is not one or two outliers
// (with 2 rounds, 18-28 keystrokes, it was the second slowest and moved by 5-10 ms between runs).
// `--parts` also prints where each keystroke's time went (docs/performance-keystrokes.md): the
// keystroke's own task, when the engine's answer was handled, any frame rendered before it, the
// figure's Lit updates from the answer to the DOM change, and the rendering of the frame that then
// draws it. The hooks that measure them cost a little, so a --parts run is a little slower.
//   npm run build && node scripts/bench-page.mjs [ROUNDS] [--raf] [--parts]   (ATTNLAB_WEB_DIR=... for another build)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serve } from '../tests/e2e/browser.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const inRaf = args.includes('--raf');
const parts = args.includes('--parts');
const rounds = Number(args.find((a) => !a.startsWith('--')) ?? 6);

/** The p-quantile of `xs`, sorted ascending, in ms with one decimal. */
const quantile = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ms1 = (xs, p) => quantile(xs, p).toFixed(1);

/** What each figure reads, and the attribute of its root that changes when a result is shown. */
const FIGURES = [
  {
    name: 'playground (random encoder)',
    tag: 'attnlab-playground',
    words: 'the fbi is chasing a criminal on the run because he stole the red car',
    // The map's cells: n x n rects once the new sentence is drawn.
    shown: 'cells',
    figure: 'attnlab-attention-map',
  },
  {
    name: 'lesson 1: Seq2Seq translation',
    tag: 'attnlab-seq2seq',
    words: 'the small green car does not see the big red house .',
    shown: '.translation[data-translation]',
    figure: 'attnlab-attention-map',
  },
  {
    name: 'lesson 2: RNN + self-attention',
    tag: 'attnlab-lstmn',
    words: 'The FBI is chasing a criminal on the run .',
    shown: '.reading li.row:last-child',
    figure: '.reading',
  },
  {
    name: 'lesson 3: Transformer',
    tag: 'attnlab-transformer',
    words: 'Emma was happy and clever , and she had a very good house .',
    shown: '.chips',
    figure: 'svg.head-view',
  },
];

const server = await serve(path.resolve(process.env.ATTNLAB_WEB_DIR ?? path.join(repoRoot, 'build/web')), {
  validators: false, // every page downloads and compiles as on a first visit, as measured before
});
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-bench-'));
const context = await launchChromium(userDataDir);
try {
  const page = await context.newPage();
  // --parts: when each answer of an engine worker is handled (a worker's `onmessage`, or its
  // 'message' listener: the first view's early worker forwards its messages from one).
  if (parts)
    await page.addInitScript(() => {
      const answers = (window.__benchAnswers = []);
      const seen = new WeakSet();
      const note = (event) => seen.has(event) || (seen.add(event), answers.push(performance.now()));
      const onmessage = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
      Object.defineProperty(Worker.prototype, 'onmessage', {
        get() {
          return onmessage.get.call(this);
        },
        set(handler) {
          onmessage.set.call(this, handler && ((event) => (note(event), handler.call(this, event))));
        },
      });
      const listen = Worker.prototype.addEventListener;
      Worker.prototype.addEventListener = function (type, listener, options) {
        if (type === 'message') listen.call(this, type, note);
        return listen.call(this, type, listener, options);
      };
    });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.locator('attnlab-attention-map rect[data-weight]').first().waitFor({ timeout: 30_000 });
  console.log(
    `keystroke -> result in the DOM, ${rounds} rounds of sentences growing word by word; ` +
      `each keystroke sent ${inRaf ? 'inside a requestAnimationFrame callback (--raf)' : 'in its own task, at a moment spread over the frame'}`,
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
    // Type where a student types: the text box at the top of the screen, the figure below it. Until
    // 2026-11-30 this script scrolled the lesson element into view instead, which for a lesson
    // taller than the screen showed its middle: the text box and often the figure were off screen,
    // where their rendering is skipped (content-visibility: auto). Lessons above take their real
    // heights once rendered, so scroll until the box stays put.
    const place = await page.evaluate(
      async ({ tag, selector }) => {
        const root = document.querySelector(tag).shadowRoot;
        const area = root.querySelector('textarea');
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        let top = NaN;
        for (let i = 0; i < 20; i++) {
          area.scrollIntoView({ block: 'start' });
          await frame();
          await frame();
          const now = area.getBoundingClientRect().top;
          if (Math.abs(now - top) < 1) break;
          top = now;
        }
        const box = area.getBoundingClientRect();
        const shown = root.querySelector(selector)?.getBoundingClientRect();
        return {
          box: Math.round(box.top),
          boxOnScreen: box.top > -1 && box.bottom < innerHeight + 1,
          from: Math.round(shown?.top ?? NaN),
          to: Math.round(shown?.bottom ?? NaN),
          visible: Math.round(
            Math.max(0, Math.min(innerHeight, shown?.bottom ?? 0) - Math.max(0, shown?.top ?? 0)),
          ),
          height: innerHeight,
        };
      },
      { tag: figure.tag, selector: figure.figure },
    );
    if (!place.boxOnScreen)
      throw new Error(`${figure.name}: the text box is not on screen (${JSON.stringify(place)})`);
    await page.waitForTimeout(300);
    const samples = await page.evaluate(
      async ({ figure, rounds, inRaf, parts }) => {
        const host = document.querySelector(figure.tag);
        const root = host.shadowRoot;
        const area = root.querySelector('textarea');
        const words = figure.words.split(' ');
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        // Every frame's start (its requestAnimationFrame callback) and end: a user-blocking task
        // posted in the callback runs as soon as the frame's rendering is done, ahead of the page's
        // own tasks (an engine's answer waiting meanwhile). --parts: also every Lit update of the
        // figure and of its attention map.
        const frames = [];
        const updates = [];
        let measuring = true;
        const restore = [];
        const everyFrame = () => {
          const f = { start: performance.now() };
          frames.push(f);
          void scheduler.postTask(() => (f.end = performance.now()), { priority: 'user-blocking' });
          if (measuring) requestAnimationFrame(everyFrame);
        };
        requestAnimationFrame(everyFrame);
        if (parts) {
          const timeUpdates = (element) => {
            let proto = element && Object.getPrototypeOf(element);
            while (proto && !Object.prototype.hasOwnProperty.call(proto, 'performUpdate'))
              proto = Object.getPrototypeOf(proto);
            if (!proto || restore.some((r) => r.proto === proto)) return;
            const original = proto.performUpdate;
            proto.performUpdate = function () {
              const start = performance.now();
              const out = original.call(this);
              updates.push({ start, end: performance.now() });
              return out;
            };
            restore.push({ proto, original });
          };
          timeUpdates(host);
          timeUpdates(root.querySelector('attnlab-attention-map'));
        }
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
            const handled = performance.now();
            let framesWaited = 0;
            let done = false;
            void changed.then(() => (done = true));
            while (!done && performance.now() - t0 < 3000) {
              await frame();
              framesWaited++;
            }
            // A keystroke that does not change the result (lesson 1 adds a missing full stop itself,
            // so typing it changes nothing) is not a sample.
            if (!t1) continue;
            await frame(); // the frame that draws the result has started
            await new Promise((resolve) => setTimeout(resolve, 30));
            const during = (a, b) => frames.filter((f) => f.start >= a && f.start < b && f.end);
            const drawing = during(t1, Infinity)[0];
            const sample = {
              ms: t1 - t0,
              frames: t1 - t0 <= 0 ? 0 : framesWaited,
              drawn: drawing ? drawing.end - t0 : NaN,
              // Which frame after the keystroke drew it: 1 = the very next one began with it.
              drawnIn: drawing ? frames.filter((f) => f.start > t0 && f.start <= drawing.start).length : NaN,
            };
            if (parts) {
              const answer = window.__benchAnswers.find((t) => t > t0) ?? t1;
              sample.parts = {
                key: handled - t0,
                answer: answer - t0,
                frameBefore: during(t0, answer).reduce((sum, f) => sum + (f.end - f.start), 0),
                update: updates
                  .filter((u) => u.start >= answer && u.start <= t1)
                  .reduce((sum, u) => sum + (u.end - u.start), 0),
                answerFrame: drawing ? drawing.end - drawing.start : NaN,
              };
            }
            out.push(sample);
            // Let the figure settle (lesson 1 also draws the other variant's map when comparing).
            await new Promise((resolve) => setTimeout(resolve, 120));
          }
        }
        measuring = false;
        for (const { proto, original } of restore) proto.performUpdate = original;
        return out;
      },
      { figure, rounds, inRaf, parts },
    );
    const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
    const q = (p) => ms1(ms, p);
    const withinOne = samples.filter((s) => s.frames <= 1).length;
    console.log(
      `${figure.name}: ${ms.length} keystrokes, median ${q(0.5)} ms, p90 ${q(0.9)} ms, ` +
        `p95 ${q(0.95)} ms, max ${ms.at(-1).toFixed(1)} ms; median / frame = ${(quantile(ms, 0.5) / 16.7).toFixed(2)}; ` +
        `${inRaf ? 'within one frame' : 'in the DOM before the next frame (a key late in a frame cannot be)'}: ${withinOne}/${samples.length}; ms within 16.7: ${ms.filter((x) => x <= 16.7).length}/${ms.length}`,
    );
    const drawn = samples
      .map((s) => s.drawn)
      .filter((x) => Number.isFinite(x))
      .sort((a, b) => a - b);
    const d = (p) => ms1(drawn, p);
    console.log(
      `  keystroke -> the frame that draws the result rendered: median ${d(0.5)} ms, p90 ${d(0.9)} ms, p95 ${d(0.95)} ms; ` +
        `drawn by the next frame after the keystroke: ${samples.filter((s) => s.drawnIn === 1).length}/${samples.length}, ` +
        `by the one after: ${samples.filter((s) => s.drawnIn === 2).length}, later: ${samples.filter((s) => s.drawnIn > 2).length}`,
    );
    console.log(
      `  on a ${place.height} px screen: the text box at y = ${place.box}, the figure (${figure.figure}) ` +
        `from y = ${place.from} to ${place.to}, ${place.visible} px of it on screen`,
    );
    if (parts) {
      const part = (name) => {
        const xs = samples.map((s) => s.parts[name]).filter((x) => Number.isFinite(x));
        xs.sort((a, b) => a - b);
        return `${ms1(xs, 0.5)} / ${ms1(xs, 0.9)}`;
      };
      const waited = samples.filter((s) => s.parts.frameBefore > 0).length;
      console.log(
        `  parts, median / p90 ms: the keystroke's task ${part('key')}; its answer handled at ${part('answer')}; ` +
          `a frame rendered before it in ${waited}/${samples.length} (${part('frameBefore')}); ` +
          `the figure's updates from the answer to the DOM ${part('update')}; the frame drawing the answer ${part('answerFrame')}`,
      );
    }
  }
} finally {
  await context.close();
  server.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
