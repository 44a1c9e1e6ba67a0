// The Content-Security-Policy (web/vite-plugin-csp.ts) in Debian's Chromium: the served page and the
// single file from file:// carry a strict policy (no inline script but the single file's hashed
// ones, no other origin, 'wasm-unsafe-eval' for the engine), and using every lesson and the training
// lab under it reports no violation (securitypolicyviolation events and console errors) while each
// lesson still answers what is typed.
//
//   npm run build && node tests/e2e/csp.mjs        (npm run test:e2e runs it too)

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { WEB_DIR, launchChromium, openSession, scrollIntoRenderedView } from './browser.mjs';
import { LESSON_TAGS, answered, cspViolations, keystroke, recordCspViolations } from './lesson-driver.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const singleFile = path.join(repoRoot, 'build/single/attnlab.html');

let session;
before(async () => {
  session = await openSession('csp');
  await recordCspViolations(session.context);
});
after(() => session?.close());

/** The policy of a page's <meta http-equiv>, as directive -> sources. */
function policyOf(html) {
  const content = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/)?.[1];
  assert.ok(content, 'the page carries a Content-Security-Policy meta element');
  return new Map(
    content.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

function assertStrict(policy) {
  const scripts = policy.get('script-src');
  assert.deepEqual(policy.get('default-src'), ["'none'"]);
  assert.ok(scripts.includes("'wasm-unsafe-eval'"), 'the engine may compile its WebAssembly');
  for (const loose of ["'unsafe-inline'", "'unsafe-eval'", '*', 'https:', 'http:', 'data:', 'blob:'])
    assert.ok(!scripts.includes(loose), `script-src has no ${loose}`);
  for (const [name, sources] of policy)
    for (const source of sources)
      assert.match(
        source,
        /^('[a-z-]+'|'sha256-[A-Za-z0-9+/=]+'|data:|blob:)$/,
        `${name}: ${source} names no other origin`,
      );
}

/** Console errors of `page` and of its workers (a violation inside a worker is reported there). */
function consoleErrorsOf(page) {
  const errors = [];
  const listen = (target, where) =>
    target.on('console', (m) => m.type() === 'error' && errors.push(`${where}: ${m.text()}`));
  listen(page, 'page');
  page.on('worker', (worker) => listen(worker, 'worker'));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

/** Uses the three lessons (a few keys each, every answer waited for) and the lab (Start, steps taken). */
async function useEverything(page) {
  for (const tag of LESSON_TAGS) {
    await scrollIntoRenderedView(page, page.locator(`${tag} textarea`));
    await answered(page, tag);
    await page.locator(`${tag} textarea`).press('End');
    for (const key of [' ', 'x', 'Backspace']) await keystroke(page, tag, key);
  }
  const lab = (selector) => page.locator(`attnlab-train ${selector}`);
  await scrollIntoRenderedView(page, lab('button[data-action="start"]'));
  await lab('button[data-action="start"]').click();
  // It trains in its worker (steps counted in the progress line), then Pause.
  await page.waitForFunction(
    () =>
      Number(document.querySelector('attnlab-train')?.shadowRoot?.querySelector('.progress')?.dataset.steps) >
      0,
    null,
    { timeout: 60_000 },
  );
}

test('the served page: a strict policy, and every lesson and the lab run without a violation', async () => {
  const html = fs.readFileSync(path.join(WEB_DIR, 'index.html'), 'utf8');
  const policy = policyOf(html);
  assertStrict(policy);
  assert.deepEqual(policy.get('script-src'), ["'self'", "'wasm-unsafe-eval'"], 'no inline script at all');
  assert.doesNotMatch(
    html.replace(/<script\b[^>]*src=[^>]*><\/script>/g, ''),
    /<script\b/,
    'no inline script element',
  );
  const page = await session.newPage();
  const errors = consoleErrorsOf(page);
  await page.goto(`${session.origin}/index.html`);
  await useEverything(page);
  assert.deepEqual(await cspViolations(page), []);
  assert.deepEqual(errors, []);
  assert.deepEqual(session.consoleErrors, []);
  assert.deepEqual(session.foreignRequests, []);
});

test('the single file from file://: its inline scripts hashed, and nothing violates the policy', async () => {
  assert.ok(fs.existsSync(singleFile), `no single-file build at ${singleFile}: run \`npm run build\``);
  const html = fs.readFileSync(singleFile, 'utf8');
  const policy = policyOf(html);
  assertStrict(policy);
  const hashes = policy.get('script-src').filter((s) => s.startsWith("'sha256-"));
  const inline = html.match(/<script\b(?![^>]*\bsrc=)[^>]*>/g) ?? [];
  assert.ok(inline.length >= 1 && hashes.length === inline.length, 'one hash per inline script');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-csp-'));
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-e2e-csp-single-'));
  const context = await launchChromium(userDataDir);
  try {
    await context.setOffline(true);
    await recordCspViolations(context);
    const copy = path.join(dir, 'attnlab.html');
    fs.copyFileSync(singleFile, copy);
    const page = await context.newPage();
    const errors = consoleErrorsOf(page);
    await page.goto(pathToFileURL(copy).href);
    await useEverything(page);
    assert.deepEqual(await cspViolations(page), []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
});
