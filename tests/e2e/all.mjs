// Runs every browser test file with Node's own test runner (node:test's run(): each file in its
// own process, `--jobs` of them at a time), every file to its end even when another fails, and
// ends with the list of every failed test and each file's time. `npm run test:e2e` runs it.
//
//   node tests/e2e/all.mjs [--jobs N] [--cpu-throttle R] [FILE_PART ...]
//     --jobs N           files at a time (default: 2; each opens its own headless Chromium)
//     --cpu-throttle R   every page's main thread R times slower (CDP Emulation.setCPUThrottlingRate,
//                        browser.mjs); scripts/test-slow runs the tier so, and with a core kept busy
//     FILE_PART          only the files whose name contains one of these (e.g. `seq2seq train`)
//
// The files are listed longest first (as measured on a 2-core machine), so the long ones do not
// start last. A new test file must be added to FILES: the runner refuses to start while one is left out.

import fs from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every test file, longest first. */
export const FILES = [
  'train.mjs',
  'interventions-edit.mjs',
  'slow-network.mjs',
  'soak.mjs',
  'open-model.mjs',
  'interventions.mjs',
  'engine-crash.mjs',
  'train-tasks.mjs',
  'explain.mjs',
  'embed.mjs',
  'zh-lessons.mjs',
  'seq2seq-zh.mjs',
  'a11y.mjs',
  'single.mjs',
  'transformer-panels.mjs',
  'built-figure.mjs',
  'csp.mjs',
  'seq2seq.mjs',
  'run.mjs',
  'transformer.mjs',
  'hostile-url.mjs',
  'lstmn.mjs',
  'lstmn-models.mjs',
  'zh-captions.mjs',
  'head-start.mjs',
  'first-view.mjs',
  'keystrokes.mjs',
  'seq2seq-typing.mjs',
  'train-workers.mjs',
  'seq2seq-downloads.mjs',
  'transformer-downloads.mjs',
  'unsupported.mjs',
  'sizes.mjs',
];

/** Helpers the test files import: not test files themselves. */
const HELPERS = new Set([
  'all.mjs',
  'browser.mjs',
  'downloads.mjs',
  'lesson-driver.mjs',
  'lstmn-page.mjs',
  'seq2seq-page.mjs',
  'train-page.mjs',
  'transformer-page.mjs',
]);

function parseArgs(argv) {
  const options = { jobs: 2, throttle: 0, only: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--jobs') options.jobs = Number(argv[++i]);
    else if (arg === '--cpu-throttle') options.throttle = Number(argv[++i]);
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else options.only.push(arg);
  }
  if (!(options.jobs >= 1)) throw new Error('--jobs takes a whole number of at least 1');
  if (options.throttle && !(options.throttle >= 1))
    throw new Error('--cpu-throttle takes a rate of at least 1');
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const onDisk = fs.readdirSync(here).filter((f) => f.endsWith('.mjs') && !HELPERS.has(f));
  const unlisted = onDisk.filter((f) => !FILES.includes(f));
  const gone = FILES.filter((f) => !onDisk.includes(f));
  if (unlisted.length || gone.length)
    throw new Error(
      `tests/e2e/all.mjs lists the test files: add ${unlisted.join(', ') || '-'}; remove ${gone.join(', ') || '-'}`,
    );
  const files = FILES.filter(
    (f) => options.only.length === 0 || options.only.some((part) => f.includes(part)),
  );
  if (files.length === 0) throw new Error(`no test file matches ${options.only.join(' ')}`);
  if (options.throttle) process.env.ATTNLAB_CPU_THROTTLE = String(options.throttle);
  console.log(
    `== ${files.length} browser test files, ${options.jobs} at a time` +
      (options.throttle ? `, every page ${options.throttle}x slower (CPU throttling)` : ''),
  );

  // Each file's time: from its first event to its last, as this process saw them.
  const seen = new Map();
  const failed = [];
  const mark = (file) => {
    const name = path.basename(file ?? '?');
    const now = Date.now();
    const entry = seen.get(name) ?? { first: now, last: now, pass: 0, fail: 0 };
    entry.last = now;
    seen.set(name, entry);
    return entry;
  };
  const started = Date.now();
  const stream = run({ files: files.map((f) => path.join(here, f)), concurrency: options.jobs });
  stream.on('test:start', (event) => mark(event.file));
  stream.on('test:pass', (event) => {
    if (event.nesting === 0 && !event.skip) mark(event.file).pass += 1;
  });
  stream.on('test:fail', (event) => {
    const entry = mark(event.file);
    if (event.nesting !== 0) return;
    entry.fail += 1;
    failed.push(`${path.basename(event.file ?? '?')}: ${event.name}`);
  });
  stream.compose(spec).pipe(process.stdout);
  await new Promise((resolve) => stream.on('end', resolve));

  const seconds = (ms) => (ms / 1000).toFixed(0).padStart(5);
  console.log('\n== time per file (s, first to last event), passed / failed tests');
  for (const [name, e] of [...seen].sort((a, b) => b[1].last - b[1].first - (a[1].last - a[1].first)))
    console.log(`${seconds(e.last - e.first)}  ${name.padEnd(28)} ${e.pass} / ${e.fail}`);
  const missing = files.filter((f) => !seen.has(f));
  console.log(`== ${seconds(Date.now() - started).trim()} s in all`);
  if (failed.length || missing.length) {
    console.log(`\n== ${failed.length} failed:`);
    for (const f of failed) console.log(`  ${f}`);
    for (const f of missing) console.log(`  ${f}: reported nothing (did it start?)`);
    process.exitCode = 1;
  } else console.log('== every browser test passed');
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 2;
});
