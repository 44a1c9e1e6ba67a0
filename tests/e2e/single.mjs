// End-to-end test of the single-file build (build/single/attnlab.html, web/vite.single.config.ts) in
// Debian's Chromium, opened from file:// with the network switched off and every request that is
// not the file itself (or a data:/blob: URL made inside it) refused: the three lessons work on
// their trained models, an intervention applies (a pinned cell changes the translation, Reset
// restores it), the URL restores a state, the training lab trains in its inlined worker,
// and nothing was asked of any server.
// Screenshot: tests/e2e/artifacts/single-file.png.
//
//   npm run build && node tests/e2e/single.mjs        (npm run test:e2e runs it too)
//   ATTNLAB_SINGLE_FILE=/some/attnlab.html node tests/e2e/single.mjs

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

import { launchChromium } from './browser.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = path.resolve(
  process.env.ATTNLAB_SINGLE_FILE ?? path.join(repoRoot, 'build/single/attnlab.html'),
);
const artifacts = path.join(repoRoot, 'tests/e2e/artifacts');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const fileUrl = pathToFileURL(file).href;
/** The file, copied into a folder of its own: nothing it could reach for lies beside it. */
let alone;

const SEQ_SENTENCE = 'the red car is fast .';
const TF_SENTENCE = 'Emma was happy and clever';
const CJK = /[\u4e00-\u9fff]/;

let context;
let userDataDir;
const consoleErrors = [];
const refused = [];

before(async () => {
  assert.ok(fs.existsSync(file), `no single-file build at ${file}: run \`npm run build\` first`);
  assert.ok(fs.existsSync(chromiumPath), `Chromium not found at ${chromiumPath} (apt-get install chromium)`);
  fs.mkdirSync(artifacts, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-single-'));
  alone = pathToFileURL(path.join(dir, 'attnlab.html')).href;
  fs.copyFileSync(file, fileURLToPath(alone));
  userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-e2e-single-'));
  context = await launchChromium(userDataDir, chromiumPath);
  await context.setOffline(true);
  // Only the page's own file; whatever else is asked for is refused and recorded.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.split('?')[0] === alone.split('?')[0]) return route.continue();
    refused.push(url);
    return route.abort();
  });
  // And anything the routing does not see (other file:// URLs), except what the page made itself.
  context.on('request', (request) => {
    const url = request.url();
    if (!/^(data|blob):/.test(url) && url.split('?')[0] !== alone.split('?')[0] && !refused.includes(url))
      refused.push(url);
  });
});

after(async () => {
  await context?.close();
  if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
  if (alone) fs.rmSync(path.dirname(fileURLToPath(alone)), { recursive: true, force: true });
});

async function open(url) {
  const tab = await context.newPage();
  tab.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  tab.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  tab.on('dialog', (dialog) => {
    consoleErrors.push(`dialog: ${dialog.message()}`);
    return dialog.dismiss();
  });
  await tab.goto(url);
  return tab;
}

const seq = (tab, selector) => tab.locator(`attnlab-seq2seq ${selector}`);
const tf = (tab, selector) => tab.locator(`attnlab-transformer ${selector}`);

/** Waits until the lesson `tag` is idle with `selector` in its shadow root (their texts joined holding `text`). */
function idle(tab, tag, selector, text = '') {
  return tab.waitForFunction(
    ({ tag, selector, text }) => {
      const root = document.querySelector(tag)?.shadowRoot;
      if (
        (root?.host?.answered === false
          ? 'true'
          : root?.querySelector('.figure')?.getAttribute('aria-busy')) !== 'false'
      )
        return false;
      const found = [...root.querySelectorAll(selector)];
      return (
        found.length > 0 &&
        found
          .map((e) => e.textContent.trim())
          .join('')
          .includes(text)
      );
    },
    { tag, selector, text },
    { timeout: 60_000 },
  );
}

async function translation(tab) {
  await idle(tab, 'attnlab-seq2seq', '.translation[data-translation]');
  return seq(tab, '.translation').getAttribute('data-translation');
}

/** The app's code the file's loader unpacks (web/vite-single-pack.ts): its one base64 gzip string. */
function unpackedCode(html) {
  const loaders = html.match(/<script type="module">[\s\S]*?<\/script>/g) ?? [];
  assert.equal(loaders.length, 1, 'one packed module script');
  const packed = loaders[0].match(/atob\("([A-Za-z0-9+/=]+)"\)/);
  assert.ok(packed, 'the loader holds the code as base64');
  return zlib.gunzipSync(Buffer.from(packed[1], 'base64')).toString('utf8');
}

const count = (text, part) => text.split(part).length - 1;

test('the build wrote one file within its bound (12 MB target), the engine inside once and compressed', () => {
  const bytes = fs.statSync(file).size;
  console.log(`# ${path.relative(repoRoot, file)}: ${(bytes / 1e6).toFixed(2)} MB`);
  const html = fs.readFileSync(file, 'utf8');
  // Scripts, styles and the icon are inside it: no <script src> or <link href> naming another file
  // (looking at the tags only, not at the code inside the scripts).
  const tags = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1</script>');
  assert.ok(/<script\b/i.test(tags), 'the app is a script in the page');
  assert.doesNotMatch(tags, /<script[^>]*\ssrc=/i, 'no external script');
  assert.doesNotMatch(tags, /<link[^>]*\shref="(?!data:)/i, 'no external stylesheet or icon');
  assert.ok(html.includes('data:font/woff2;base64,'), 'the formula fonts are inside');
  const code = unpackedCode(html);
  assert.ok(code.includes('attnlab-embedded:/models/index.json'), 'the models are inside');
  // The whole engine, gzip-compressed as the build does it, exactly once (both workers share it),
  // and no uncompressed copy as a data: URL.
  const wasm = fs.readFileSync(path.join(repoRoot, 'web/src/engine/generated/attnlab.wasm'));
  const wasmGzip = zlib.gzipSync(wasm, { level: 9 }).toString('base64');
  assert.equal(count(code, wasmGzip), 1, 'the engine is inside, once');
  assert.equal(count(code, 'data:application/wasm'), 0, 'no uncompressed copy of the engine');
  // Issue 53 (part 7; was issue 17's 8 MB): the single file with every model at most 12 MB. Since
  // lessons 2 and 3's vocabulary grew to 8,192 pieces it is 13.29 MB, the target missed by 1.29 MB
  // (docs/models.md, "Everyday English"): the bound guards what was reached, so a change that grows
  // the file fails here, and the target is reported (bytes are deterministic).
  const target = 12e6;
  console.log(
    `# target 12 MB: ${bytes <= target ? 'met' : `missed by ${((bytes - target) / 1e6).toFixed(2)} MB`}`,
  );
  assert.ok(bytes <= 13.3e6, `${bytes} bytes: the single file is over its 13.3 MB bound`);
});

test('a browser without DecompressionStream is told so, in English and Chinese, not shown a blank page', async () => {
  const tab = await context.newPage();
  await tab.addInitScript(() => delete globalThis.DecompressionStream);
  await tab.goto(alone);
  const alert = tab.locator('p[role="alert"]');
  await alert.waitFor({ timeout: 20_000 });
  const text = await alert.innerText();
  assert.match(text, /DecompressionStream: Chrome 80, Firefox 113, Safari 16\.4/);
  assert.match(text, CJK);
  assert.equal(await tab.locator('attnlab-seq2seq').count(), 0, 'the app did not start');
  await tab.close();
});

test('from file:// with the network off: the three lessons run their trained models', async () => {
  const tab = await open(alone);
  // Lesson 1 translates and draws m(t + 1) weights (the start s_0 and t decoder steps).
  await seq(tab, 'textarea').fill(SEQ_SENTENCE);
  await tab.waitForFunction(
    (s) => document.querySelector('attnlab-seq2seq').getAttribute('sentence') === s,
    SEQ_SENTENCE,
  );
  const french = await translation(tab);
  assert.equal(french, 'la voiture rouge est rapide .');
  const m = SEQ_SENTENCE.split(' ').length; // English words
  const t = french.split(' ').length + 1; // French words and <eos>
  assert.equal(await seq(tab, 'attnlab-attention-map rect[data-weight]').count(), m * (t + 1));
  // Lesson 2 reads the default sentence word by word.
  await idle(tab, 'attnlab-lstmn', '.reading li.row');
  assert.ok((await tab.locator('attnlab-lstmn .reading li.row').count()) > 3);
  // Lesson 3: a typed sentence, one map per layer and head, every row a softmax.
  await tf(tab, 'textarea').fill(TF_SENTENCE);
  await idle(tab, 'attnlab-transformer', '.chips .chip', 'clever');
  await tf(tab, '.views [data-value="model"]').click();
  await idle(tab, 'attnlab-transformer', '.thumb');
  const maps = await tab.evaluate(() => {
    const root =
      document.querySelector('attnlab-transformer')?.shadowRoot ?? document.createDocumentFragment();
    const n = root.querySelectorAll('.chips .chip').length;
    return {
      n,
      thumbs: [...root.querySelectorAll('.thumb')].map((thumb) => {
        const rows = new Map();
        const rects = thumb.querySelectorAll('rect[data-weight]');
        for (const r of rects)
          rows.set(r.dataset.row, (rows.get(r.dataset.row) ?? 0) + Number(r.dataset.weight));
        return { cells: rects.length, rows: rows.size, sums: [...rows.values()] };
      }),
    };
  });
  assert.ok(maps.n >= 5, `${maps.n} tokens`);
  assert.equal(maps.thumbs.length, 4, 'two layers of two heads');
  for (const thumb of maps.thumbs) {
    // In whole words (the default) a map is words x words: fewer rows than the tokens the chips
    // list when a word is cut into pieces, never more.
    assert.ok(thumb.rows >= 5 && thumb.rows <= maps.n, `${thumb.rows} rows for ${maps.n} tokens`);
    assert.equal(thumb.cells, thumb.rows * thumb.rows);
    for (const sum of thumb.sums) assert.ok(Math.abs(sum - 1) < 1e-3, `a row sums to ${sum}`);
  }
  // Nothing lies beside the file to embed, so only "Copy link" is offered.
  assert.equal(await tab.locator('attnlab-share[lesson="seq2seq"] button').count(), 1);
  await tab.screenshot({ path: path.join(artifacts, 'single-file.png') });
  await tab.close();
});

test('from file:// an intervention applies: a pinned cell changes the translation, Reset restores it', async () => {
  const tab = await open(alone);
  // The lesson's own sentence ("the european economic area does not see the red car .").
  const before = await translation(tab);
  const row = () =>
    seq(tab, '.figure attnlab-attention-map rect[data-weight][data-row="3"]').evaluateAll((rects) =>
      rects.map((r) => Number(r.getAttribute('data-weight'))),
    );
  const original = await row();
  const barIdle = () =>
    tab.waitForFunction(() => {
      const root = document.querySelector('attnlab-seq2seq')?.shadowRoot ?? document.createDocumentFragment();
      return (
        (root?.host?.answered === false
          ? 'true'
          : root?.querySelector('.figure')?.getAttribute('aria-busy')) === 'false' &&
        root.querySelector('.intervene')?.getAttribute('data-busy') === 'false'
      );
    });
  await seq(tab, '.figure attnlab-attention-map rect[data-row="3"][data-col="0"]').click();
  await idle(tab, 'attnlab-seq2seq', '.translation-after[data-translation]');
  await barIdle();
  assert.equal(await seq(tab, '.intervene').getAttribute('data-edits'), 'pin_R3K1');
  const changed = await row();
  assert.ok(Math.abs(changed[0] - 1) < 1e-6, `the pinned cell reads ${changed[0]}`);
  const free = await seq(tab, '.translation-after').getAttribute('data-translation');
  assert.notEqual(free, before, 'the changed model writes another sentence');
  assert.equal(await seq(tab, '.translation-before').getAttribute('data-translation'), before);
  // The page writes its state to the URL after the update that shows it: wait for it, do not race it.
  await tab.waitForFunction(() => /seq2seq\.intervene=pin_R3K1/.test(location.href));
  await seq(tab, '.intervene-reset').click();
  await barIdle();
  assert.equal(await seq(tab, '.intervene').getAttribute('data-active'), 'false');
  assert.equal(await seq(tab, '.seq-consequence').count(), 0);
  assert.deepEqual(await row(), original);
  assert.equal(await seq(tab, '.translation').getAttribute('data-translation'), before);
  await tab.close();
});

test('a file:// URL with a state restores it, in Chinese', async () => {
  const query = new URLSearchParams({
    lang: 'zh-CN',
    'seq2seq.sentence': SEQ_SENTENCE,
    'seq2seq.model': 'dot',
  });
  const tab = await open(`${alone}?${query}`);
  assert.equal(await translation(tab), await translationOfDot());
  assert.equal(await seq(tab, '.variants [data-variant="dot"]').getAttribute('aria-checked'), 'true');
  assert.equal(await tab.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.match(await seq(tab, '.translation-label').innerText(), CJK);
  await tab.close();
});

/** The dot-product model's translation of SEQ_SENTENCE, read in a fresh English page. */
async function translationOfDot() {
  const tab = await open(alone);
  await seq(tab, 'textarea').fill(SEQ_SENTENCE);
  await seq(tab, '.variants [data-variant="dot"]').click();
  await tab.waitForFunction(
    () =>
      document
        .querySelector('attnlab-seq2seq')
        .shadowRoot?.querySelector('.variants [data-variant="dot"]')
        ?.getAttribute('aria-checked') === 'true',
  );
  // The dot model's own answer: a record computed after the switch (the first one's is dropped).
  await tab.waitForFunction(() => {
    const el = document.querySelector('attnlab-seq2seq');
    return el.shownKey === 'dot' && el.record != null && !el.busy;
  });
  const french = await translation(tab);
  await tab.close();
  return french;
}

test('from file:// the training lab trains in its inlined worker and downloads the model', async () => {
  const tab = await open(`${alone}?embed=train&train.steps=60&train.hidden-size=16&train.max-len=6`);
  await tab.waitForFunction(
    () => document.querySelector('attnlab-train').shadowRoot?.querySelector('.run attnlab-attention-map'),
    null,
    { timeout: 60_000 },
  );
  await tab.locator('attnlab-train button[data-action="start"]').click();
  await tab.waitForFunction(
    () => document.querySelector('attnlab-train').shadowRoot?.querySelector('[data-key="done"]'),
    null,
    { timeout: 120_000 },
  );
  assert.equal(await tab.locator('attnlab-train .progress').getAttribute('data-steps'), '60');
  assert.equal(
    await tab.locator('attnlab-train .run attnlab-attention-map').getAttribute('data-steps'),
    '60',
  );
  const [download] = await Promise.all([
    tab.waitForEvent('download'),
    tab.locator('attnlab-train button[data-action="download"]').click(),
  ]);
  assert.equal(download.suggestedFilename(), 'attnlab-reverse-additive-60-steps.zip');
  const bytes = fs.readFileSync(await download.path());
  assert.deepEqual([...bytes.subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04], 'a zip file');
  await tab.close();
});

test('nothing was asked of any server and nothing went wrong', () => {
  assert.deepEqual(refused, [], 'requests beyond the file itself');
  assert.deepEqual(consoleErrors, []);
});
