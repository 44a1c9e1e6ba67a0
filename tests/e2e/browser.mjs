// What the browser tests and the page benchmark share: the static server for a build folder (serve.mjs),
// Debian's Chromium launched headless with the flags that keep it off the network, and the session
// every page test file opens (openSession).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

export { serve };

/**
 * ATTNLAB_CPU_THROTTLE=R (tests/e2e/all.mjs --cpu-throttle, scripts/test-slow): every page's main
 * thread runs R times slower, through the DevTools protocol, as on a slow machine.
 */
const CPU_THROTTLE = Number(process.env.ATTNLAB_CPU_THROTTLE || 1);

async function throttleCpu(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
}

/** Headless Chromium with a fresh profile in userDataDir (see shared/TOOLCHAIN.md for the flags). */
export async function launchChromium(
  userDataDir,
  executablePath = '/usr/bin/chromium',
  { acceptSelfSigned = false } = {},
) {
  const context = await launchContext(userDataDir, executablePath, acceptSelfSigned);
  if (CPU_THROTTLE > 1) {
    for (const page of context.pages()) await throttleCpu(page);
    // A page closed before its session starts has nothing left to throttle.
    context.on('page', (page) => throttleCpu(page).catch(() => {}));
  }
  return context;
}

function launchContext(userDataDir, executablePath, acceptSelfSigned) {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    ignoreHTTPSErrors: acceptSelfSigned,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(process.env.ATTNLAB_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean),
    ],
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
  });
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The build the page tests open (ATTNLAB_WEB_DIR for another one). */
export const WEB_DIR = path.resolve(process.env.ATTNLAB_WEB_DIR ?? path.join(repoRoot, 'build/web'));
/** Where the page tests save their screenshots. */
export const ARTIFACTS = path.join(repoRoot, 'tests/e2e/artifacts');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What every page test file sets up: the build served on 127.0.0.1, a fresh headless Chromium, and
 * a record of what went wrong meanwhile (requests to another origin, failed requests, responses of
 * 400 and up, dialogs, console errors) for the file's last test to check. session.newPage() opens
 * a tab that records its dialogs (dismissed) and console errors; session.close() ends it all.
 */
export async function openSession(name, { gzip = false, http2: useHttp2 = false, validators = true } = {}) {
  if (!fs.existsSync(path.join(WEB_DIR, 'index.html')))
    throw new Error(
      `no build at ${WEB_DIR}: run \`npm run build\` first (it needs the WASM from scripts/build-wasm)`,
    );
  if (!fs.existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium)`);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const server = await serve(WEB_DIR, { gzip, http2: useHttp2, validators });
  const origin = `${useHttp2 ? 'https' : 'http'}://127.0.0.1:${server.address().port}`;
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), `attnlab-e2e-${name}-`));
  const context = await launchChromium(userDataDir, CHROMIUM_PATH, { acceptSelfSigned: useHttp2 });
  const session = {
    origin,
    context,
    userDataDir,
    foreignRequests: [],
    failedRequests: [],
    badResponses: [],
    dialogs: [],
    consoleErrors: [],
    requestedPaths: new Set(),
    async newPage({ width = 1280, height = 900 } = {}) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height });
      page.on('dialog', async (dialog) => {
        session.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        await dialog.dismiss();
      });
      page.on('console', (message) => {
        if (message.type() === 'error') session.consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => session.consoleErrors.push(`pageerror: ${error.message}`));
      return page;
    },
    async close() {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
  // Every request of every page and worker: the page may only talk to its own origin.
  context.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) session.foreignRequests.push(url);
    else session.requestedPaths.add(new URL(url).pathname);
  });
  context.on('requestfailed', (request) =>
    session.failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  context.on('response', (response) => {
    if (response.status() >= 400) session.badResponses.push(`${response.status()} ${response.url()}`);
  });
  return session;
}

/** Resident memory (MB) of the renderer processes of the Chromium whose profile path contains `dirPart` (the benchmarks' memory). */
export function rendererMegabytes(dirPart) {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
    .filter(Boolean)
    .map(([, pid, ppid, rss, args]) => ({ pid, ppid, rss: Number(rss), args }));
  const browser = rows.find((r) => r.args.includes(dirPart) && !r.args.includes('--type='));
  if (!browser) return NaN;
  const tree = new Set([browser.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows)
      if (tree.has(r.ppid) && !tree.has(r.pid)) {
        tree.add(r.pid);
        grew = true;
      }
  }
  const renderers = rows.filter((r) => tree.has(r.pid) && r.args.includes('--type=renderer'));
  return renderers.reduce((sum, r) => sum + r.rss, 0) / 1024;
}

/** Throttles `page`'s network (and its workers') through the DevTools protocol: latency, bytes/s. */
export async function throttleNetwork(page, { latencyMs, bytesPerSecond }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * Scrolls `locator` into view on a page whose lessons off screen are not rendered
 * (content-visibility: auto): the first scroll lands by a lesson's estimated height, and once the
 * lesson is rendered it has its real one, so scroll again after two frames.
 */
export async function scrollIntoRenderedView(page, locator) {
  await locator.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await locator.scrollIntoViewIfNeeded();
}

/**
 * The text of `locator` as a student reads it, brought into view first: a lesson off screen is not
 * rendered (content-visibility), and innerText reads nothing there. After the page opens, lessons
 * above take their real heights and can move the one a test scrolled to out of view again.
 */
export async function shownText(locator) {
  await scrollIntoRenderedView(locator.page(), locator);
  return locator.innerText();
}

/**
 * Where each of `texts` is drawn inside the element of `locator`: the left edge (px) of its first
 * occurrence in one text node (its last with `last`), or null. Bidi tests compare these: text in
 * reading order must be drawn left to right, whatever a student typed before it.
 */
export function drawnLefts(locator, texts, { last = false } = {}) {
  return locator.evaluate(
    (element, [wanted, fromEnd]) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const nodes = [];
      while (walker.nextNode()) nodes.push(walker.currentNode);
      if (fromEnd) nodes.reverse();
      return wanted.map((text) => {
        for (const node of nodes) {
          const at = fromEnd ? node.data.lastIndexOf(text) : node.data.indexOf(text);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + text.length);
          return range.getBoundingClientRect().left;
        }
        return null;
      });
    },
    [texts, last],
  );
}

/** Text as read, without the invisible bidi isolates (U+2066..U+2069) that set user text apart. */
export const withoutIsolates = (text) => text.replace(/[\u2066-\u2069]/g, '');

/**
 * A file's last check: every request stayed on the page's origin and succeeded (no 400 and up), no
 * dialog opened and nothing reached the console as an error, in any tab of the session.
 */
export function assertNothingWentWrong(session) {
  assert.deepEqual(session.foreignRequests, [], 'requests to other origins');
  assert.deepEqual(session.failedRequests, [], 'failed requests');
  assert.deepEqual(session.badResponses, [], 'responses of 400 and up');
  assert.deepEqual(session.dialogs, [], 'dialogs');
  assert.deepEqual(session.consoleErrors, [], 'console errors');
}

/**
 * Saves a screenshot of the element of `locator` to `file`, a test artifact. Playwright first waits
 * for the element to keep its box for two frames; once, in CI (train.mjs, a second tab, 2026-11-27),
 * that wait ran out after 30 s, which 10 runs here did not reproduce. When it runs out (10 s here),
 * this measures the page for a second: an element that moves in every frame fails the test (a page
 * that never settles is a bug a student would see); a still element saves the viewport instead; a
 * tab that draws no frame while its scripts answer (the browser is not drawing it, which no page
 * script can cause) saves nothing. Either way it logs what it saw.
 */
export async function saveScreenshot(locator, file) {
  try {
    await locator.screenshot({ path: file, timeout: 10_000 });
    return;
  } catch (error) {
    if (error?.name !== 'TimeoutError') throw error;
  }
  const seen = await locator.evaluate(
    (element) =>
      new Promise((resolve) => {
        const boxes = new Set();
        let frames = 0;
        const start = performance.now();
        const tick = () => {
          frames += 1;
          const r = element.getBoundingClientRect();
          boxes.add(`${r.x},${r.y},${r.width},${r.height}`);
          if (performance.now() - start < 1000) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        setTimeout(() => resolve({ frames, boxes: boxes.size }), 1100);
      }),
  );
  const name = path.basename(file);
  assert.ok(
    seen.boxes <= 1 || seen.boxes < seen.frames / 2,
    `${name}: the element moved in every frame (${seen.boxes} boxes in ${seen.frames} frames)`,
  );
  if (seen.frames === 0) {
    console.log(`# ${name}: not saved: the browser drew no frame of this tab for 11 s`);
    return;
  }
  console.log(
    `# ${name}: the element's screenshot timed out; ${seen.frames} frames in 1 s, element still; saved the viewport`,
  );
  await locator.page().screenshot({ path: file, timeout: 10_000 });
}

/**
 * A model trained with 8-bit weights says so on its card line (lessons/shared/card-int8.ts), and
 * only such a model: `cardLine` is the lesson's `.card`, `card` the folder's card.json. Returns
 * whether it was.
 */
export async function assertInt8Line(cardLine, card, what) {
  const int8 = card.training?.weights_dtype === 'I8';
  assert.equal(
    await cardLine.locator('[data-key="weights-i8"]').count(),
    int8 ? 1 : 0,
    `${what}: 8-bit line`,
  );
  // The tensors kept in 4 bits beside the 8-bit ones (recipe "weights_i4") are named on the line;
  // a model whose every 2-D weight is 4-bit ("weights_dtype": "I4") has the line without names.
  const all = card.training?.weights_dtype === 'I4';
  const four = int8 && Array.isArray(card.training?.weights_i4) ? card.training.weights_i4 : [];
  const line = cardLine.locator('[data-key="weights-i4"]');
  assert.equal(await line.count(), four.length > 0 || all ? 1 : 0, `${what}: 4-bit line`);
  // Fine-tuned in 4 bits from an 8-bit model (recipe "init_from"): the line says so.
  if (four.length > 0 || all)
    assert.equal(
      await line.getAttribute('data-tuned'),
      card.training?.init_from ? 'true' : null,
      `${what}: fine-tuned`,
    );
  if (four.length > 0 || all) {
    assert.equal(
      await line.getAttribute('data-value'),
      all ? null : four.join(','),
      `${what}: 4-bit tensors`,
    );
    // A scale per group of weights (recipe "weights_i4_group") is named, else one per row.
    const group = card.training?.weights_i4_group ?? null;
    assert.equal(
      await line.getAttribute('data-group'),
      group === null ? null : String(group),
      `${what}: group`,
    );
    assert.match(
      await line.innerText(),
      group === null
        ? /one scale per row|每行一个缩放系数/
        : new RegExp(`one scale per ${group} weights|每 ${group} 个权重`),
      `${what}: scales`,
    );
    for (const name of four) assert.ok((await line.innerText()).includes(name), `${what}: names ${name}`);
  }
  return int8;
}

/**
 * A model whose output layer reads its embedding table (config.json "tie_embeddings": true) says so
 * on its card line (lessons/shared/card-int8.ts, renderTied), and only such a model: `folder` is the
 * served model folder. Returns whether it was tied.
 */
export async function assertTiedLine(cardLine, folder) {
  const config = JSON.parse(fs.readFileSync(path.join(WEB_DIR, 'models', folder, 'config.json'), 'utf8'));
  const tied = config.tie_embeddings === true;
  const line = cardLine.locator('[data-key="tied-output"]');
  assert.equal(await line.count(), tied ? 1 : 0, `${folder}: tied-output line`);
  if (tied) assert.match(await line.innerText(), /reuses its embedding table|复用词嵌入表/, folder);
  return tied;
}

/**
 * Opens the <details> that `summary` (a locator of its <summary>) heads, clicking it only while it
 * is closed, and waits until it is open: a click that a layout shift sent elsewhere (lessons above
 * taking their real heights) is made again, and one that landed is never undone by a second.
 */
export async function openDetails(summary, message = 'the details opened') {
  const isOpen = () => summary.evaluate((s) => s.parentElement.open === true);
  await eventually(
    async () => {
      if (!(await isOpen())) await summary.click();
      return isOpen();
    },
    true,
    message,
  );
}

/**
 * Reads `read()` until it returns `expected` (deep equality) and returns it; after `timeout` ms
 * fails with the last value read. What the page shows after an action (a count, an attribute, a
 * text) may be drawn in a later frame or after a timer, later still on a slow or busy machine: a
 * test waits for the state it checks, never reads it at one moment. `read` may also be a
 * predicate's subject: pass `{ until: (value) => boolean }` instead of `expected`.
 */
export async function eventually(read, expected, message = 'never reached', { timeout = 30_000 } = {}) {
  const holds =
    expected && typeof expected === 'object' && typeof expected.until === 'function'
      ? expected.until
      : (value) => isDeepStrictEqual(value, expected);
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) {
      if (holds === expected?.until) assert.fail(`${message}: last read ${JSON.stringify(value)}`);
      assert.deepEqual(value, expected, message);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until `locator` matches `n` elements (see eventually). */
export const expectCount = (locator, n, message = `${locator} count`) =>
  eventually(() => locator.count(), n, message);

/**
 * Waits until the attention map of `locator` shows its current map: a large map draws once typing
 * pauses and is aria-busy until then (figures/attention-map.ts).
 */
export async function mapDrawn(locator) {
  const handle = await locator.elementHandle();
  await locator
    .page()
    .waitForFunction((element) => !element.hasAttribute('aria-busy'), handle, { timeout: 30_000 });
  await handle.dispose();
}

/** Waits until each lesson element of `tags` on `page` has its figure drawn for its current text (aria-busy false). */
export async function lessonsIdle(page, tags = ['attnlab-seq2seq', 'attnlab-lstmn', 'attnlab-transformer']) {
  await page.waitForFunction(
    (tags) =>
      tags.every(
        (tag) =>
          document.querySelector(tag)?.answered !== false &&
          document.querySelector(tag)?.shadowRoot?.querySelector('.figure')?.getAttribute('aria-busy') ===
            'false',
      ),
    tags,
    { timeout: 60_000 },
  );
}

/**
 * The URL of `lesson` (seq2seq, lstmn, transformer, train) shown alone, as an iframe embeds it
 * (`?embed=`), with the rest of `query` ("?a=b&c=d" or "a=b&c=d"). A test about one lesson opens it
 * so: the app page would also start the other lessons, the first view and the playground, several
 * times the work, for nothing the test reads (the app page has tests of its own: run.mjs,
 * first-view.mjs, a11y.mjs, embed.mjs, zh-captions.mjs, csp.mjs, hostile-url.mjs).
 */
export function lessonUrl(origin, lesson, query = '') {
  const rest = query.replace(/^\?/, '');
  return `${origin}/index.html?embed=${lesson}${rest ? `&${rest}` : ''}`;
}
