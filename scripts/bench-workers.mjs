// Workers and memory as a student tries each model of a lesson (not a test): each lesson embedded
// alone (`?embed=<lesson>`), its model pills clicked in turn, and after each model has drawn, the
// page's workers and the renderer processes' resident memory (as bench-embed reads it). Each model
// a lesson has loaded keeps a worker of its own (docs/performance-downloads.md, "One worker per model").
//   npm run build && node scripts/bench-workers.mjs        (ATTNLAB_WEB_DIR=... for another build)
import { openSession, rendererMegabytes } from '../tests/e2e/browser.mjs';

const LESSONS = [
  {
    embed: 'seq2seq',
    tag: 'attnlab-seq2seq',
    group: 'variants',
    pill: 'data-variant',
    drawn: '.translation[data-translation]',
  },
  { embed: 'lstmn', tag: 'attnlab-lstmn', group: 'models', pill: 'data-model', drawn: '.reading li.row' },
  { embed: 'transformer', tag: 'attnlab-transformer', group: 'models', pill: 'data-model', drawn: '.chips' },
];

const session = await openSession('bench-workers', { validators: false });
try {
  for (const lesson of LESSONS) {
    const page = await session.newPage();
    await page.goto(`${session.origin}/index.html?embed=${lesson.embed}`);
    const settled = () =>
      page.waitForFunction(
        ({ tag, drawn }) => {
          const root = document.querySelector(tag)?.shadowRoot;
          return (
            root?.querySelector(drawn) && root.querySelector('.figure')?.getAttribute('aria-busy') === 'false'
          );
        },
        lesson,
        { timeout: 60_000 },
      );
    await settled();
    await page.waitForTimeout(1500);
    const start = rendererMegabytes(session.userDataDir);
    console.log(
      `${lesson.embed}: opened: ${page.workers().length} worker(s), renderer ${start.toFixed(0)} MB`,
    );
    const keys = await page
      .locator(`${lesson.tag} .${lesson.group} [${lesson.pill}]`)
      .evaluateAll((els, pill) => [...new Set(els.map((e) => e.getAttribute(pill)))], lesson.pill);
    for (const key of keys) {
      await page.locator(`${lesson.tag} .${lesson.group} [${lesson.pill}="${key}"]`).first().click();
      await settled();
      await page.waitForTimeout(1500);
      const now = rendererMegabytes(session.userDataDir);
      console.log(
        `${lesson.embed}: after ${key}: ${page.workers().length} worker(s), renderer ${now.toFixed(0)} MB (+${(now - start).toFixed(0)})`,
      );
    }
    await page.close();
  }
} finally {
  await session.close();
}
