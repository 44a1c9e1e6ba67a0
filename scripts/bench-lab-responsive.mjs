// Is the page still responsive while the training lab trains? Opens the built page's lab
// (`?embed=train`, build/web) in Debian's headless Chromium, starts a run (by default the reversal
// task side by side with the no-attention baseline: two workers), and for SECONDS seconds records
// the main thread's long tasks (PerformanceObserver "longtask": every task over 50 ms), how often
// the figures are redrawn (changes of the steps shown and of the map), and how long a click on the
// example chooser takes to show its answer (to the frame after the DOM change), CLICKS times.
// Not a test: it prints figures (issue 14: no main-thread task over 50 ms, figures at least 10
// times a second, a click answered within a frame).
//   npm run build && [START_AFTER_MS=2000] node scripts/bench-lab-responsive.mjs [SECONDS] [CLICKS] [QUERY]
import os from 'node:os';
import { openSession } from '../tests/e2e/browser.mjs';

const seconds = Number(process.argv[2] ?? 10);
const clicks = Number(process.argv[3] ?? 20);
const query = process.argv[4] ?? 'train.steps=20000&train.versus=none';

const session = await openSession('bench-lab-responsive', { validators: false });
const page = await session.newPage();
await page.goto(`${session.origin}/?embed=train&${query}`);
await page.waitForFunction(() =>
  document.querySelector('attnlab-train')?.shadowRoot?.querySelector('.run attnlab-attention-map'),
);
await page.evaluate(() => {
  const w = window;
  w.longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.longTasks.push({ at: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: false });
  const root = document.querySelector('attnlab-train').shadowRoot;
  w.redraws = [];
  new MutationObserver(() => w.redraws.push(performance.now())).observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-steps'],
  });
});
// START_AFTER_MS: how long the "student" looks at the page before pressing Start (default 0: at once,
// before the worker's warm-up is over; a person reading the page first gives it a few seconds).
const startAfter = Number(process.env.START_AFTER_MS ?? 0);
if (startAfter > 0) await page.waitForTimeout(startAfter);
const clickedAt = await page.evaluate(() => performance.now());
// Clicked from the page's own script: Playwright's locator.click() first injects its own script
// into the page, a main-thread task of about 20 ms that is the harness's, not the lab's.
await page.evaluate(() =>
  document.querySelector('attnlab-train').shadowRoot.querySelector('button[data-action="start"]').click(),
);
await page.waitForFunction(() =>
  document.querySelector('attnlab-train').shadowRoot?.querySelector('.running'),
);
// Training counts from the first progress the page shows; before it the workers start up.
await page.waitForFunction(
  () =>
    Number(document.querySelector('attnlab-train').shadowRoot?.querySelector('.progress')?.dataset.steps) > 0,
);
const trainingAt = await page.evaluate(() => performance.now());
// The main thread's tasks as the browser's trace times them: wall time, and CPU time (tdur), which
// a loaded machine (other processes on the same cores) does not stretch.
const cdp = await page.context().newCDPSession(page);
const events = [];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
const tracing = process.env.TRACE !== '0'; // TRACE=0: no trace (tracing itself costs the page time)
if (tracing)
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
const start = Date.now();
const answers = [];
for (let i = 0; i < clicks && Date.now() - start < seconds * 1000; i++) {
  // A click, then the first frame after it: was the answer (the next example) already in it, and
  // how long did that frame's own work (style, layout, paint) take?
  answers.push(
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const root = document.querySelector('attnlab-train').shadowRoot;
          const input = root.querySelector('#example');
          const before = input.value;
          const t0 = performance.now();
          root.querySelector('.example-chooser button[aria-label="Next example"]').click();
          requestAnimationFrame(() => {
            const shown = input.value !== before;
            const f0 = performance.now();
            setTimeout(() => {
              const now = performance.now();
              resolve({ shown, toPaint: now - t0, frame: now - f0 });
            }, 0);
          });
        }),
    ),
  );
  await page.waitForTimeout((seconds * 1000) / clicks / 2);
}
const left = seconds * 1000 - (Date.now() - start);
if (left > 0) await page.waitForTimeout(left);
if (tracing) {
  await cdp.send('Tracing.end');
  await traced;
}
const { longTasks, redraws, steps } = await page.evaluate(() => ({
  longTasks: window.longTasks,
  redraws: window.redraws,
  steps: document.querySelector('attnlab-train').shadowRoot?.querySelector('.progress')?.dataset.steps,
}));
await session.close();

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => (xs.length ? sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))] : NaN);
// Redraw moments one frame apart or more count once (a render touches several nodes); only those
// while training count.
const training = redraws.filter((t) => t >= trainingAt);
const frames = training.filter((t, i) => i === 0 || t - training[i - 1] > 16);
const span = frames.length > 1 ? (frames.at(-1) - frames[0]) / 1000 : 0;
console.log(
  `lab: ${query}; Start pressed ${startAfter} ms after the page showed; ${seconds} s of training, ${steps} steps`,
);
const describe = (list) =>
  `${list.length}${list.length ? ` (${list.map((t) => `${t.ms.toFixed(0)} ms at +${(t.at - clickedAt).toFixed(0)} ms`).join(', ')})` : ''}`;
console.log(
  `long tasks (> 50 ms) on the main thread: while the workers start (Start clicked, no step shown yet, ${(trainingAt - clickedAt).toFixed(0)} ms) ` +
    `${describe(longTasks.filter((t) => t.at < trainingAt))}; while training ${describe(longTasks.filter((t) => t.at >= trainingAt))}`,
);
console.log(
  `figure redraws: ${span ? (frames.length / span).toFixed(1) : 0} per second (${frames.length} in ${span.toFixed(1)} s)`,
);
const latencies = answers.map((a) => a.toPaint);
const inFrame = answers.filter((a) => a.shown && a.frame <= 16.7).length;
console.log(
  `click on "Next example": shown in the first frame after it ${answers.filter((a) => a.shown).length}/${answers.length}, ` +
    `that frame's work within 16.7 ms ${inFrame}/${answers.length}; click to painted: median ${pct(latencies, 0.5).toFixed(1)} ms, p95 ${pct(latencies, 0.95).toFixed(1)} ms`,
);
const main = new Set(
  events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`),
);
const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`));
const cpu = tasks.map((e) => (e.tdur ?? 0) / 1000);
const busy = cpu.reduce((a, b) => a + b, 0);
console.log(
  `main-thread tasks (trace): ${tasks.length}; over 50 ms of wall time ${tasks.filter((e) => e.dur > 50_000).length}, ` +
    `over 50 ms of CPU time ${cpu.filter((c) => c > 50).length}; longest ${Math.max(...cpu).toFixed(1)} ms CPU; ` +
    `main thread busy ${((100 * busy) / (seconds * 1000)).toFixed(0)}% of one core`,
);
if (tasks.length) {
  const t0 = Math.min(...tasks.map((e) => e.ts));
  const top = [...tasks].sort((a, b) => b.dur - a.dur).slice(0, 3);
  console.log(
    `longest main-thread tasks (wall / CPU, from the trace's start): ${top
      .map(
        (e) =>
          `${(e.dur / 1000).toFixed(0)} / ${((e.tdur ?? 0) / 1000).toFixed(0)} ms at +${((e.ts - t0) / 1000).toFixed(0)} ms`,
      )
      .join(', ')}`,
  );
}
console.log(`load average while measured: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
