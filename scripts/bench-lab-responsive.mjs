// Is the page still responsive while the training lab trains? Opens the built page's lab
// (`?embed=train`, build/web) in Debian's headless Chromium, starts a run (by default the reversal
// task side by side with the no-attention baseline: two workers), and for SECONDS seconds records
// the main thread's long tasks (PerformanceObserver "longtask": every task over 50 ms), how often
// the figures are redrawn (changes of the steps shown and of the map), and how long a click on the
// example chooser takes to show its answer (to the frame after the DOM change), CLICKS times.
// Not a test: it prints figures (issue 14: no main-thread task over 50 ms, figures at least 10
// times a second, a click answered within a frame).
//   npm run build && node scripts/bench-lab-responsive.mjs [SECONDS] [CLICKS] [QUERY]
import { openSession } from '../tests/e2e/browser.mjs';

const seconds = Number(process.argv[2] ?? 10);
const clicks = Number(process.argv[3] ?? 20);
const query = process.argv[4] ?? 'train.steps=20000&train.versus=none';

const session = await openSession('bench-lab-responsive');
const page = await session.newPage();
await page.goto(`${session.origin}/?embed=train&${query}`);
await page.waitForFunction(() =>
  document.querySelector('attnlab-train')?.shadowRoot?.querySelector('.run attnlab-attention-map'),
);
await page.evaluate(() => {
  const w = window;
  w.longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.longTasks.push(e.duration);
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
await page.locator('attnlab-train button[data-action="start"]').click();
await page.waitForFunction(() =>
  document.querySelector('attnlab-train').shadowRoot.querySelector('.running'),
);
const start = Date.now();
const latencies = [];
for (let i = 0; i < clicks && Date.now() - start < seconds * 1000; i++) {
  latencies.push(
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const root = document.querySelector('attnlab-train').shadowRoot;
          const input = root.querySelector('#example');
          const before = input.value;
          const t0 = performance.now();
          root.querySelector('.example-chooser button[aria-label="Next example"]').click();
          const check = () =>
            input.value !== before
              ? requestAnimationFrame(() => resolve(performance.now() - t0))
              : requestAnimationFrame(check);
          check();
        }),
    ),
  );
  await page.waitForTimeout((seconds * 1000) / clicks / 2);
}
const left = seconds * 1000 - (Date.now() - start);
if (left > 0) await page.waitForTimeout(left);
const { longTasks, redraws, steps } = await page.evaluate(() => ({
  longTasks: window.longTasks,
  redraws: window.redraws,
  steps: document.querySelector('attnlab-train').shadowRoot.querySelector('.progress')?.dataset.steps,
}));
await session.close();

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => (xs.length ? sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))] : NaN);
// Redraw moments one frame apart or more count once (a render touches several nodes).
const frames = redraws.filter((t, i) => i === 0 || t - redraws[i - 1] > 16);
const span = frames.length > 1 ? (frames.at(-1) - frames[0]) / 1000 : 0;
console.log(`lab: ${query}; ${seconds} s of training, ${steps} steps`);
console.log(
  `long tasks (> 50 ms) on the main thread: ${longTasks.length}${longTasks.length ? `, longest ${Math.max(...longTasks).toFixed(0)} ms` : ''}`,
);
console.log(
  `figure redraws: ${span ? (frames.length / span).toFixed(1) : 0} per second (${frames.length} in ${span.toFixed(1)} s)`,
);
console.log(
  `click on "Next example" to its frame: median ${pct(latencies, 0.5).toFixed(1)} ms, p95 ${pct(latencies, 0.95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms over ${latencies.length}; within one 16.7 ms frame: ${latencies.filter((l) => l <= 16.7).length}/${latencies.length}`,
);
