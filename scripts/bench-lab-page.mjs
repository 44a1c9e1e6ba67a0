// Time to alignment in Chromium: opens the built page's training lab (`?embed=train`, build/web)
// in Debian's headless Chromium, starts a run of each task with the lab's default recipe and reads
// the snapshots (held-out exact match and alignment miss rate on 30 examples, several times a second)
// until exact match >= 95% and, for a model with attention, alignment miss rate <= 0.10 ("aligned"), or
// the budget is spent. Wall-clock seconds from the click on Start, as a student would wait. Not a
// test: it prints a table.
//   npm run build && node scripts/bench-lab-page.mjs [SECONDS_PER_RUN] [TASK...]     default 60
import { openSession } from '../tests/e2e/browser.mjs';

const budget = Number(process.argv[2] ?? 60);
const only = process.argv.slice(3);
// [task, attention, extra URL settings, label]
const runs = [
  ['reverse', 'additive'],
  ['reverse', 'none'],
  ['shift', 'additive'],
  ['sort', 'additive'],
  ['date', 'additive'],
  ['recall', 'additive'],
  ['recall', 'none'],
  ['mirror', 'dot', '', 'sinusoidal-2'],
  ['mirror', 'dot', '&train.layers=1', 'sinusoidal-1'],
  ['mirror', 'dot', '&train.positions=none', 'none-2'],
].filter(([task]) => only.length === 0 || only.includes(task));
const session = await openSession('bench-lab-page', { validators: false });
console.log(
  `Chromium, budget ${budget} s per run, each task's lab defaults (web/src/lessons/train/state.ts)`,
);
console.log('task     model          exact>=95%        aligned (err<=0.10)  last: steps  exact  align.err');
const at = (r) =>
  r ? `${r.seconds.toFixed(1).padStart(6)} s ${String(r.steps).padStart(5)}` : '      –      ';
for (const [task, attention, extra = '', label = attention] of runs) {
  const page = await session.newPage({ width: 1280, height: 900 });
  await page.goto(
    `${session.origin}/?embed=train&train.task=${task}&train.attention=${attention}&train.steps=20000${extra}`,
  );
  const lab = (selector) => page.locator(`attnlab-train ${selector}`);
  await lab('[data-action="start"]').waitFor();
  await lab('.metrics').waitFor(); // the "before training" snapshot
  const start = Date.now();
  await lab('[data-action="start"]').click();
  let last = { steps: 0, exact: 0, error: null };
  let exact95 = null;
  let aligned = null;
  while ((Date.now() - start) / 1000 < budget) {
    await page.waitForTimeout(100);
    last = await page.evaluate(() => {
      const m = document.querySelector('attnlab-train').shadowRoot?.querySelector('.run .metrics');
      const error = m?.getAttribute('data-alignment-error');
      return {
        steps: Number(m?.dataset.steps ?? 0),
        exact: Number(m?.dataset.exact ?? 0),
        error: error ? Number(error) : null,
      };
    });
    const now = { seconds: (Date.now() - start) / 1000, steps: last.steps };
    if (!exact95 && last.exact >= 0.95) exact95 = now;
    if (!aligned && last.exact >= 0.95 && last.error !== null && last.error <= 0.1) aligned = now;
    if (exact95 && (aligned || last.error === null)) break;
  }
  console.log(
    task.padEnd(8),
    label.padEnd(14),
    at(exact95).padEnd(17),
    at(aligned).padEnd(20),
    String(last.steps).padStart(6),
    last.exact.toFixed(2).padStart(6),
    (last.error === null ? '–' : last.error.toFixed(3)).padStart(10),
  );
  await page.close();
}
await session.context.close();
process.exit(0);
