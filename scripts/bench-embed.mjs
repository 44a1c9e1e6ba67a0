// What a page costs its reader (issue 17), in Debian's Chromium on the built page (build/web): for
// the whole app and for each lesson embedded alone (`?embed=<lesson>`, the iframe snippet), every
// byte fetched by kind (JavaScript, WebAssembly, model files, the rest; raw and gzip -9, as a static
// host would send it), the workers running, the renderer's memory (resident set of the Chromium
// renderer processes, which hold the page and its workers) and the time from navigation to the
// first drawn figure (for a view that draws its first figure from the build, lesson 1 as it opens,
// also the time its engine's own answer replaced it; for the lab, the time its run was ready). Not a test: it prints figures.
//   npm run build && node scripts/bench-embed.mjs [--slow3g] [--http2] [--only=NAME]
// --only=train (or app, seq2seq, lstmn, transformer) measures that page alone.
// --slow3g throttles the page's network as Chrome's "Slow 3G" preset does (2 s latency, 50 kB/s)
// through the DevTools protocol. --http2 serves over TLS with HTTP/2, as GitHub Pages and most
// static hosts do (HTTP/1.1, the default, answers six requests at a time). Files are served as a
// static host sends them: JavaScript, WASM and JSON gzip -9, model weights as they are. The whole
// app's first figure is its first view's map.
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { openSession, rendererMegabytes, throttleNetwork, WEB_DIR } from '../tests/e2e/browser.mjs';

const slow = process.argv.includes('--slow3g');
const useHttp2 = process.argv.includes('--http2');

/** Each page, and what shows that its first figure is drawn. */
const TARGETS = [
  // The app page's first figure: the first view's map (the three models' sentence, at the top).
  { name: 'whole app', query: '', tag: 'attnlab-first-view', figure: 'attnlab-attention-map' },
  {
    name: 'lesson 1 alone',
    query: '?embed=seq2seq',
    tag: 'attnlab-seq2seq',
    figure: 'attnlab-attention-map',
  },
  {
    name: 'lesson 2 alone',
    query: '?embed=lstmn',
    tag: 'attnlab-lstmn',
    figure: '.reading, attnlab-attention-map',
  },
  {
    name: 'lesson 3 alone',
    query: '?embed=transformer',
    tag: 'attnlab-transformer',
    // The shown view's figure (the head view by default), not the shuffle's maps below it.
    figure: '.view svg.head-view, .view attnlab-attention-map',
  },
  {
    name: 'training lab alone',
    query: '?embed=train',
    tag: 'attnlab-train',
    figure: 'attnlab-attention-map',
  },
];

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const targets = TARGETS.filter((t) => !only || (t.query.replace('?embed=', '') || 'app') === only);
if (!targets.length) throw new Error(`--only=${only}: no such page`);

/** What kind of file a URL is. */
function kindOf(url) {
  const p = new URL(url).pathname;
  if (p.includes('/models/')) return 'models';
  if (p.endsWith('.wasm')) return 'wasm';
  if (p.endsWith('.js') || p.endsWith('.mjs')) return 'js';
  return 'other';
}

const rows = [];
for (const target of targets) {
  const name = `bench-embed-${target.query.replace(/\W/g, '') || 'app'}`;
  const session = await openSession(name, { gzip: true, http2: useHttp2, validators: false });
  const page = await session.newPage();
  const files = new Map();
  // Sizes from the served files themselves: under throttling Chromium reports the streamed WASM of
  // a worker as aborted once compiled (the worker has all its bytes), so its body cannot be read.
  const arrived = (request) => {
    const url = request.url();
    if (!url.startsWith(session.origin) || files.has(url)) return;
    const file = path.join(WEB_DIR, decodeURIComponent(new URL(url).pathname));
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return;
    const body = fs.readFileSync(file);
    files.set(url, {
      kind: kindOf(url),
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
      at: Date.now(),
    });
  };
  session.context.on('requestfinished', arrived);
  session.context.on('requestfailed', arrived);
  const inFlight = new Set();
  session.context.on('request', (r) => inFlight.add(r));
  session.context.on('requestfinished', (r) => inFlight.delete(r));
  session.context.on('requestfailed', (r) => inFlight.delete(r));
  if (slow) await throttleNetwork(page, { latencyMs: 2000, bytesPerSecond: 50_000 });
  const t0 = Date.now();
  await page.goto(`${session.origin}/index.html${target.query}`);
  await page.waitForFunction(
    ({ tag, figure }) => document.querySelector(tag)?.shadowRoot?.querySelector(figure) != null,
    target,
    { timeout: slow ? 600_000 : 120_000, polling: 50 },
  );
  const figureAt = Date.now();
  const firstFigure = figureAt - t0;
  // A lesson's engine's own answer (its record), which may come after a first figure from the build.
  let engineFigure = NaN;
  if (/^attnlab-(seq2seq|lstmn|transformer)$/.test(target.tag)) {
    await page.waitForFunction((tag) => document.querySelector(tag)?.record != null, target.tag, {
      timeout: slow ? 600_000 : 120_000,
      polling: 50,
    });
    engineFigure = Date.now() - t0;
  }
  // The lab's engine: its run ready to train (its "before training" figure may be the build's).
  if (target.tag === 'attnlab-train') {
    await page.waitForFunction(
      () =>
        document.querySelector('attnlab-train')?.shadowRoot?.querySelector('.run[data-status="ready"]') !=
        null,
      null,
      { timeout: slow ? 600_000 : 120_000, polling: 50 },
    );
    engineFigure = Date.now() - t0;
  }
  // Then what else the page fetches without the reader doing anything (the other models of the
  // lesson, the rest of the app page): all of it, or what arrived in 10 minutes on slow 3G.
  // Playwright never reports a worker's own script as finished once that worker has ended (the
  // first view disposes its worker), so networkidle never came on the app page: wait for the rest.
  const pending = () => [...inFlight].filter((r) => !/\/assets\/[\w-]*worker[\w-]*\.js$/.test(r.url()));
  const deadline = Date.now() + (slow ? 600_000 : 60_000);
  let quiet = 0;
  while (quiet < 4 && Date.now() < deadline) {
    await page.waitForTimeout(500);
    quiet = pending().length === 0 ? quiet + 1 : 0;
  }
  if (quiet < 4)
    console.error(
      `${target.name}: still fetching ${pending()
        .map((r) => r.url())
        .join(', ')}`,
    );
  console.error(`${target.name}: first figure at ${firstFigure} ms, the engine's at ${engineFigure} ms`);
  await page.waitForTimeout(2000);
  const workers = page.workers().length;
  const dirPart = fs
    .readdirSync('/tmp')
    .filter((d) => d.startsWith(`attnlab-e2e-${name}-`))
    .map((d) => `/tmp/${d}`)
    .filter((d) => fs.existsSync(d))
    // the newest: a killed earlier run leaves its profile folder behind
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  const memory = dirPart ? rendererMegabytes(dirPart) : NaN;
  const sum = (kind, key) =>
    [...files.values()].filter((f) => !kind || f.kind === kind).reduce((s, f) => s + f[key], 0);
  rows.push({
    name: target.name,
    js: [sum('js', 'raw'), sum('js', 'gzip')],
    wasm: [sum('wasm', 'raw'), sum('wasm', 'gzip')],
    models: [sum('models', 'raw'), sum('models', 'gzip')],
    other: [sum('other', 'raw'), sum('other', 'gzip')],
    total: [sum(null, 'raw'), sum(null, 'gzip')],
    // What the first figure waited for: JavaScript and WASM that had arrived when it was drawn.
    codeFirst: [...files.values()]
      .filter((f) => (f.kind === 'js' || f.kind === 'wasm') && f.at <= figureAt)
      .reduce((s, f) => s + f.gzip, 0),
    // Model files that had arrived when the first figure was drawn, and all the page fetched.
    modelsFirst: [...files.values()]
      .filter((f) => f.kind === 'models' && f.at <= figureAt)
      .reduce((s, f) => s + f.raw, 0),
    workers,
    memory,
    firstFigure,
    engineFigure,
  });
  await session.close();
}

const kb = ([raw, gzip]) => `${(raw / 1024).toFixed(0)} / ${(gzip / 1024).toFixed(0)}`;
console.log(
  `network: ${slow ? 'Slow 3G (2 s latency, 50 kB/s)' : 'not throttled (127.0.0.1)'}, ${useHttp2 ? 'HTTP/2 over TLS' : 'HTTP/1.1'}; served gzip -9 (JavaScript, WASM, JSON), model weights as they are`,
);
console.log(
  '| page | JS KB (raw / gzip) | WASM KB | models KB | other KB | total KB | JS + WASM gzip KB | of it before the first figure | models KB before the first figure | workers | renderer MB | first figure ms | the engine’s answer ms |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${kb(r.js)} | ${kb(r.wasm)} | ${kb(r.models)} | ${kb(r.other)} | ${kb(r.total)} | ${((r.js[1] + r.wasm[1]) / 1024).toFixed(0)} | ${(r.codeFirst / 1024).toFixed(0)} | ${(r.modelsFirst / 1024).toFixed(0)} of ${(r.models[0] / 1024).toFixed(0)} | ${r.workers} | ${r.memory.toFixed(0)} | ${r.firstFigure} | ${Number.isNaN(r.engineFigure) ? '—' : r.engineFigure} |`,
  );
