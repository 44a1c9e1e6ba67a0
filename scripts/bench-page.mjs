// Page benchmark (not a test): the time from a keystroke to the redrawn attention map in Debian's
// Chromium (the DOM change, timed by a MutationObserver), for sentences growing word by word. Prints the median and the 90th percentile against
// one animation frame (16.7 ms at 60 Hz).
//   npm run build && node scripts/bench-page.mjs [ROUNDS]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serve } from '../tests/e2e/browser.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.argv[2] ?? 3);
const words = 'the fbi is chasing a criminal on the run because he stole the red car'.split(' ');

const server = await serve(path.join(repoRoot, 'build/web'));
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-bench-'));
const context = await launchChromium(userDataDir);
try {
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.locator('attnlab-attention-map rect[data-weight]').first().waitFor({ timeout: 30_000 });
  const samples = await page.evaluate(
    async ({ words, rounds }) => {
      const playground = document.querySelector('attnlab-playground');
      const area = playground.shadowRoot.querySelector('textarea');
      const cellCount = () =>
        playground.shadowRoot
          .querySelector('attnlab-attention-map')
          ?.shadowRoot?.querySelectorAll('rect[data-weight]').length ?? 0;
      const out = [];
      for (let r = 0; r < rounds; r++) {
        for (let n = 1; n <= words.length; n++) {
          area.value = words.slice(0, n).join(' ') + (r % 2 ? ' ' : '');
          const t0 = performance.now();
          area.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
          // Timestamp the DOM change itself: an observer on the map fires as soon as the cells change.
          let t1 = 0;
          await new Promise((resolve) => {
            const done = () => {
              if (cellCount() !== n * n) return false;
              t1 = performance.now();
              resolve();
              return true;
            };
            const observer = new MutationObserver(() => done() && observer.disconnect());
            const map = playground.shadowRoot.querySelector('attnlab-attention-map');
            observer.observe(map.shadowRoot, { childList: true, subtree: true, attributes: true });
            observer.observe(playground.shadowRoot, { childList: true, subtree: true });
            if (done()) observer.disconnect();
          });
          out.push({ n, ms: t1 - t0 });
        }
      }
      return out;
    },
    { words, rounds },
  );
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const q = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
  console.log(`keystroke -> redrawn map, ${ms.length} keystrokes, sentences of 1..${words.length} words`);
  console.log(`median ${q(0.5).toFixed(1)} ms, p90 ${q(0.9).toFixed(1)} ms, max ${ms.at(-1).toFixed(1)} ms`);
  console.log(`one animation frame at 60 Hz: 16.7 ms; median / frame = ${(q(0.5) / 16.7).toFixed(2)}`);
} finally {
  await context.close();
  server.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
