// Runs every browser test file, each in its own Node process with node:test's spec reporter,
// `--jobs` of them at a time, every file to its end even when another fails; prints each file's
// output as a whole when it ends, then each file's time and the list of every failed test.
// `npm run test:e2e` runs it. (node:test's own run() reports a child file's tests only when the
// file ends and names helper modules as their files, so it cannot time files; a pool of processes
// is a few lines.)
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
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every test file, longest first. */
export const FILES = [
  'train.mjs',
  'interventions-edit.mjs',
  'slow-network.mjs',
  'soak.mjs',
  'open-model.mjs',
  'open-model-messages.mjs',
  'card-fold.mjs',
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
  'seq2seq-length.mjs',
  'seq2seq-vocabulary.mjs',
  'lm-vocabulary.mjs',
  'train-workers.mjs',
  'teacher-mode.mjs',
  'newcomer.mjs',
  'seq2seq-downloads.mjs',
  'transformer-downloads.mjs',
  'unsupported.mjs',
  'lesson-download.mjs',
  'sizes.mjs',
];

/** Helpers the test files import: not test files themselves. */
const HELPERS = new Set([
  'all.mjs',
  'axe.mjs',
  'browser.mjs',
  'card-more.mjs',
  'downloads.mjs',
  'lesson-driver.mjs',
  'lstmn-page.mjs',
  'seq2seq-page.mjs',
  'serve.mjs',
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

/**
 * Each file's processor time, where the machine lets this runner make cgroups (Linux cgroup v1
 * `cpuacct`, as root): the file's Node process starts in a group of its own, which Chromium and
 * every process it starts inherit, even the ones that are never waited for (a renderer's time is
 * not added to its parent's when Chromium's zygote leaves it to init). Elsewhere: not measured.
 */
const CPUACCT = '/sys/fs/cgroup/cpuacct';
function cpuGroup(file) {
  const dir = path.join(CPUACCT, `attnlab-e2e-${process.pid}-${file.replace(/\W/g, '-')}`);
  try {
    fs.mkdirSync(dir);
    fs.accessSync(path.join(dir, 'tasks'), fs.constants.W_OK);
  } catch {
    return null;
  }
  return {
    /** The command that runs `argv` inside the group. */
    wrap: (argv) => ['/bin/sh', ['-c', `echo $$ > '${dir}/tasks' && exec "$@"`, 'sh', ...argv]],
    /** Processor seconds used in the group; removes it. */
    close() {
      const seconds = Number(fs.readFileSync(path.join(dir, 'cpuacct.usage'), 'utf8')) / 1e9;
      try {
        fs.rmdirSync(dir); // fails while a process is left in it: then it stays, named by file
      } catch {
        console.log(`== ${file}: a process outlived it (${dir})`);
      }
      return seconds;
    },
  };
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
  const env = { ...process.env };
  if (options.throttle) env.ATTNLAB_CPU_THROTTLE = String(options.throttle);
  console.log(
    `== ${files.length} browser test files, ${options.jobs} at a time` +
      (options.throttle ? `, every page ${options.throttle}x slower (CPU throttling)` : ''),
  );

  const started = Date.now();
  const results = [];
  const queue = [...files];
  const runOne = (file) =>
    new Promise((resolve) => {
      const begin = Date.now();
      const group = cpuGroup(file);
      const argv = [process.execPath, '--test-reporter=spec', path.join(here, file)];
      const [command, args] = group ? group.wrap(argv) : [argv[0], argv.slice(1)];
      const child = spawn(command, args, {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code, signal) => {
        const seconds = (Date.now() - begin) / 1000;
        const cpu = group ? group.close() : NaN;
        // The spec reporter marks a failed test with ✖ and lists them again under "failing tests:".
        const body = output.split('\n✖ failing tests:')[0];
        const failed = body
          .split('\n')
          .filter((line) => /^\s*✖ /.test(line))
          .map((line) => line.replace(/^\s*✖ /, '').replace(/ \([\d.]+ms\)$/, ''));
        const passed = body.split('\n').filter((line) => /^\s*✔ /.test(line)).length;
        if (code !== 0 && failed.length === 0)
          failed.push(`exited with ${signal ?? code} (see its output above)`);
        process.stdout.write(`\n== ${file} (${seconds.toFixed(0)} s)\n${output}`);
        results.push({ file, seconds, cpu, passed, failed });
        resolve();
      });
    });
  const worker = async () => {
    while (queue.length) await runOne(queue.shift());
  };
  await Promise.all(Array.from({ length: Math.min(options.jobs, files.length) }, worker));

  const measured = results.every((r) => !Number.isNaN(r.cpu));
  console.log(
    `\n== time per file: wall-clock s, ${measured ? 'processor s (its Node, Chromium and workers), ' : ''}passed / failed tests`,
  );
  for (const r of [...results].sort((a, b) => (measured ? b.cpu - a.cpu : b.seconds - a.seconds)))
    console.log(
      `${r.seconds.toFixed(0).padStart(5)} ${measured ? r.cpu.toFixed(0).padStart(5) : ''}  ${r.file.padEnd(28)} ${r.passed} / ${r.failed.length}`,
    );
  const cpuAll = results.reduce((sum, r) => sum + r.cpu, 0);
  console.log(
    `== ${((Date.now() - started) / 1000).toFixed(0)} s in all${measured ? `, ${cpuAll.toFixed(0)} processor s` : ''}`,
  );
  const failed = results.flatMap((r) => r.failed.map((name) => `${r.file}: ${name}`));
  if (failed.length) {
    console.log(`\n== ${failed.length} failed:`);
    for (const f of failed) console.log(`  ${f}`);
    process.exitCode = 1;
  } else console.log(`== every browser test passed (${results.reduce((n, r) => n + r.passed, 0)})`);
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 2;
});
