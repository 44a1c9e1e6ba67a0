// Time to alignment in Chromium: opens the built page's training lab (`?embed=train`, build/web)
// in Debian's headless Chromium, starts a run of each task with the lab's default recipe and reads
// the snapshots (held-out exact match and alignment error on 30 pairs, several times a second)
// until exact match >= 95% with alignment error <= 0.10, or the budget is spent. Wall-clock seconds
// from the click on Start, as a student would wait. Not a test: it prints a table.
//   npm run build && node scripts/bench-lab-page.mjs [SECONDS_PER_RUN]     default 60
import { openSession } from '../tests/e2e/browser.mjs';

const budget = Number(process.argv[2] ?? 60);
const runs = [
  ['reverse', 'additive'],
  ['reverse', 'none'],
  ['shift', 'additive'],
  ['sort', 'additive'],
  ['date', 'additive'],
];
const session = await openSession('bench-lab-page');
console.log(
  `Chromium, budget ${budget} s per run, lab defaults (hidden 64, batch 16, lr 0.01, lengths 5-12)`,
);
console.log('task     attention  reached  seconds  steps  exact  align.err');
for (const [task, attention] of runs) {
  const page = await session.newPage({ width: 1280, height: 900 });
  await page.goto(
    `${session.origin}/?embed=train&train.task=${task}&train.attention=${attention}&train.steps=20000`,
  );
  const lab = (selector) => page.locator(`attnlab-train ${selector}`);
  await lab('[data-action="start"]').waitFor();
  await lab('.metrics').waitFor(); // the "before training" snapshot
  const start = Date.now();
  await lab('[data-action="start"]').click();
  let last = { steps: 0, exact: 0, error: null };
  let reached = false;
  while ((Date.now() - start) / 1000 < budget) {
    await page.waitForTimeout(100);
    last = await page.evaluate(() => {
      const m = document.querySelector('attnlab-train').shadowRoot.querySelector('.run .metrics');
      const error = m?.getAttribute('data-alignment-error');
      return {
        steps: Number(m?.dataset.steps ?? 0),
        exact: Number(m?.dataset.exact ?? 0),
        error: error ? Number(error) : null,
      };
    });
    if (last.exact >= 0.95 && (attention === 'none' || (last.error ?? 1) <= 0.1)) {
      reached = true;
      break;
    }
  }
  const seconds = (Date.now() - start) / 1000;
  console.log(
    task.padEnd(8),
    attention.padEnd(10),
    (reached ? 'yes' : 'no').padEnd(8),
    seconds.toFixed(1).padStart(7),
    String(last.steps).padStart(6),
    last.exact.toFixed(2).padStart(6),
    (last.error === null ? '–' : last.error.toFixed(3)).padStart(10),
  );
  await page.close();
}
await session.context.close();
process.exit(0);
