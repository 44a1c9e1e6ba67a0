#!/usr/bin/env node
// Soak (issue 18): types N keystrokes per lesson into the built page in Debian's Chromium, each one
// answered (the figure shows the engine's record for that text, drawn, before the next key), and
// reports per lesson: the worker's WebAssembly heap and the engine objects alive in it (Sessions,
// Embind `val` handles, the worker's own handles) at the start, after warm-up and at the end; the
// page's JS heap after a full GC; keystroke latency (key to drawn answer, measured in the page) p50/p95 over the
// first and the last WINDOW keys after warm-up; and any figure that went blank (no answer drawn
// within 60 s). Not part of CI (10,000 keys per lesson take a while); tests/e2e/soak.mjs runs a
// short one.
//
//   npm run build && node scripts/soak.mjs [--keys 10000] [--warmup 500] [--lessons seq2seq,lstmn,transformer]
//                                          [--max-seconds S (per lesson)] [--out soak.json]

import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { openSession, scrollIntoRenderedView } from '../tests/e2e/browser.mjs';
import { answered, engineStats, typeInPage } from '../tests/e2e/lesson-driver.mjs';

/** What is typed, over and over: words typed, then taken back, so the text stays near its length. */
const PHRASES = ['the cat sat', ' and the dog ran', ' on the red mat'];
const WINDOW = 500;

/** The first `count` keys: each phrase typed, then as many deletions ("\b"); every key changes the text. */
function keys(count) {
  const cycle = PHRASES.flatMap((phrase) => [...phrase, ...Array(phrase.length).fill('\b')]);
  return Array.from({ length: count }, (_, i) => cycle[i % cycle.length]);
}
/** Keys typed per page.evaluate (progress is logged between batches). */
const BATCH = 500;

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};

/** The engine's stats and the page's JS heap after a full garbage collection (through CDP). */
async function snapshot(page, tag) {
  const engine = await engineStats(page, tag);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return { ...engine, jsHeap: usedSize };
}

/**
 * Types `count` keys into lesson `tag` (warm-up: the first `warmup` of them) and measures. `log`
 * hears progress. Throws if a key is not answered with a drawn figure within 60 s.
 */
export async function soakLesson(
  page,
  tag,
  { count, warmup, window = WINDOW, maxSeconds = Infinity, log = () => {} },
) {
  await scrollIntoRenderedView(page, page.locator(`${tag} textarea`));
  await answered(page, tag);
  await page.locator(`${tag} textarea`).press('End');
  const start = await snapshot(page, tag);
  const all = keys(count);
  const latencies = [];
  let afterWarmup = null;
  const t0 = Date.now();
  // Warm-up first, then batches, so the snapshot after warm-up falls exactly between them.
  for (let at = 0; at < count;) {
    const end = at < warmup ? warmup : Math.min(count, at + BATCH);
    latencies.push(...(await typeInPage(page, tag, all.slice(at, end))));
    at = end;
    if (at === warmup) afterWarmup = await snapshot(page, tag);
    if (at < count && (Date.now() - t0) / 1000 > maxSeconds) {
      log(`${tag}: stopped after ${at} keys (--max-seconds ${maxSeconds})`);
      break;
    }
    log(`${tag}: ${at}/${count} keys, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  const done = latencies.length;
  const end = await snapshot(page, tag);
  const measured = latencies.slice(warmup);
  const w = Math.min(window, Math.floor(measured.length / 2));
  const first = measured.slice(0, w);
  const last = measured.slice(measured.length - w);
  const stat = (xs) => ({ p50: +percentile(xs, 50).toFixed(1), p95: +percentile(xs, 95).toFixed(1) });
  return {
    tag,
    keys: done,
    warmup,
    seconds: Math.round((Date.now() - t0) / 1000),
    start,
    afterWarmup,
    end,
    latencyFirst: stat(first),
    latencyLast: stat(last),
    window: w,
    restarts: await page.evaluate((tag) => {
      const el = document.querySelector(tag);
      return el.models.ready(el.shownKey)?.engine.restarts.length ?? null;
    }, tag),
  };
}

async function main() {
  const args = process.argv.slice(2);
  const arg = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const count = Number(arg('keys', '10000'));
  const warmup = Number(arg('warmup', String(Math.min(500, Math.floor(count / 10)))));
  const lessons = arg('lessons', 'seq2seq,lstmn,transformer').split(',');
  const out = arg('out', null);
  const maxSeconds = Number(arg('max-seconds', 'Infinity'));
  const session = await openSession('soak');
  const results = [];
  try {
    for (const lesson of lessons) {
      const tag = `attnlab-${lesson}`;
      const page = await session.newPage();
      await page.goto(`${session.origin}/index.html`);
      console.log(`== ${tag}: ${count} keys (${warmup} warm-up)`);
      const result = await soakLesson(page, tag, {
        count,
        warmup,
        maxSeconds,
        log: (line) => console.log(line),
      });
      results.push(result);
      console.log(JSON.stringify(result));
      if (out) fs.writeFileSync(out, JSON.stringify(results, null, 2));
      await page.close();
    }
    if (session.consoleErrors.length) console.log('console errors:', session.consoleErrors);
  } finally {
    await session.close();
  }
  const mb = (b) => (b / 2 ** 20).toFixed(1);
  for (const r of results)
    console.log(
      `${r.tag}: ${r.keys} keys in ${r.seconds} s; wasm heap ${mb(r.start.heapBytes)} -> ${mb(r.afterWarmup.heapBytes)} -> ${mb(r.end.heapBytes)} MiB; ` +
        `sessions ${r.start.sessions}/${r.afterWarmup.sessions}/${r.end.sessions}, val handles ${r.start.emvalHandles}/${r.afterWarmup.emvalHandles}/${r.end.emvalHandles}; ` +
        `latency p50/p95 first ${r.latencyFirst.p50}/${r.latencyFirst.p95} ms, last ${r.latencyLast.p50}/${r.latencyLast.p95} ms`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
