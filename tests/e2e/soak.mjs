// A short soak (issue 18; the long one is scripts/soak.mjs): 300 keystrokes per lesson in Debian's
// Chromium on the built page, each answered with a drawn figure, and after a 100-key warm-up the
// engine holds no more than before: the same WebAssembly heap, one Session, no Embind `val`
// handle and no handle of the worker's left behind, and no restart.
//
//   npm run build && node tests/e2e/soak.mjs        (npm run test:e2e runs it too)

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { lessonUrl, openSession } from './browser.mjs';
import { LESSON_TAGS } from './lesson-driver.mjs';
import { soakLesson } from '../../scripts/soak.mjs';

const KEYS = 300;
const WARMUP = 100;

let session;
before(async () => {
  session = await openSession('soak');
});
after(() => session?.close());

for (const tag of LESSON_TAGS) {
  test(`${tag}: ${KEYS} keys answered, and the engine's heap and live objects flat after warm-up`, async () => {
    const page = await session.newPage();
    await page.goto(lessonUrl(session.origin, tag.replace('attnlab-', '')));
    const r = await soakLesson(page, tag, { count: KEYS, warmup: WARMUP, window: 50 });
    console.log(
      `# ${tag}: heap ${r.start.heapBytes} -> ${r.afterWarmup.heapBytes} -> ${r.end.heapBytes} bytes; ` +
        `latency p50 ${r.latencyFirst.p50} -> ${r.latencyLast.p50} ms`,
    );
    assert.equal(r.keys, KEYS);
    assert.equal(r.end.heapBytes, r.afterWarmup.heapBytes, 'the WebAssembly heap did not grow after warm-up');
    for (const field of ['sessions', 'labs', 'emvalHandles', 'workerHandles'])
      assert.equal(r.end[field], r.afterWarmup[field], `${field} flat after warm-up`);
    assert.equal(r.end.sessions, 1);
    assert.equal(r.end.emvalHandles, 0);
    assert.equal(r.restarts, 0);
    await page.close();
  });
}

test('nothing else went wrong', () => {
  assert.deepEqual(session.foreignRequests, []);
  assert.deepEqual(session.consoleErrors, []);
});
