// A crashed engine costs the student nothing (issue 18), in Debian's Chromium on the built page: in
// each lesson, with settings changed from the defaults and a sentence typed, a WebAssembly trap in
// the engine (EngineClient.testOnly('trap'), a `__builtin_trap` in cpp/wasm/bindings.cpp) and a
// worker that never answers (testOnly('hang'), a busy loop: the client's reply bound runs out)
// each make the page replace the worker, keep the text and the settings, say what happened in one
// line (English and Chinese), and answer the next keystroke. How long the restart took is printed.
//
//   npm run build && node tests/e2e/engine-crash.mjs        (npm run test:e2e runs it too)

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { expectCount, lessonUrl, openSession, scrollIntoRenderedView } from './browser.mjs';
import { answered, engineCall, keystroke } from './lesson-driver.mjs';

/** Each lesson with settings that are not its defaults (the URL sets them) and the text typed after. */
const CASES = [
  {
    tag: 'attnlab-seq2seq',
    query: 'seq2seq.model=dot&seq2seq.view=map+step',
    attributes: { model: 'dot', view: 'map step' },
    typed: ' the car',
  },
  {
    tag: 'attnlab-lstmn',
    query: 'lstmn.model=lstmn&lstmn.view=pieces',
    attributes: { model: 'lstmn', view: 'pieces' },
    typed: ' the dog',
  },
  {
    tag: 'attnlab-transformer',
    query: 'transformer.layer=2&transformer.head=2',
    attributes: { layer: '2', head: '2' },
    typed: ' and kind',
  },
];

let session;
before(async () => {
  session = await openSession('engine-crash');
});
after(() => session?.close());

const note = (page, tag) => page.locator(`${tag} .message[data-key="engine-restarted"]`);

/** Opens the page with the case's settings and types its text, each key answered. */
async function prepared(c, lang = '') {
  const page = await session.newPage();
  await page.goto(lessonUrl(session.origin, c.tag.replace('attnlab-', ''), `${c.query}${lang}`));
  await scrollIntoRenderedView(page, page.locator(`${c.tag} textarea`));
  await answered(page, c.tag);
  await page.locator(`${c.tag} textarea`).press('End');
  for (const key of c.typed) await keystroke(page, c.tag, key === ' ' ? 'Space' : key);
  return page;
}

/** What must survive a restart: the text box, the element's attributes, and the model shown. */
const kept = (page, tag) =>
  page.evaluate((tag) => {
    const el = document.querySelector(tag);
    const attributes = Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]));
    return { text: el.shadowRoot?.querySelector('textarea').value, attributes, model: el.shownKey };
  }, tag);

for (const kind of ['trap', 'hang']) {
  for (const c of CASES) {
    test(`${c.tag}: a ${kind} in the engine restarts the worker, keeps text and settings, says so, answers`, async () => {
      const page = await prepared(c);
      const before = await kept(page, c.tag);
      for (const [name, value] of Object.entries(c.attributes)) assert.equal(before.attributes[name], value);
      assert.ok(before.text.endsWith(c.typed), `typed text in the box: ${before.text}`);
      // The test-only request rejects (its worker died with it); the client restarts meanwhile.
      const outcome = await page.evaluate(
        async ({ tag, kind }) => {
          const el = document.querySelector(tag);
          const engine = el.models.ready(el.shownKey).engine;
          const t0 = performance.now();
          // The hang's reply bound is 1 s for this request (the client's own is 8 s): the same
          // timer and restart, without waiting 8 s per lesson.
          const error = await engine.testOnly(kind, { replyTimeoutMs: 1000 }).then(
            () => null,
            (e) => e.name,
          );
          await new Promise((resolve) => {
            const check = () => (engine.restarts.length ? resolve() : setTimeout(check, 5));
            check();
          });
          return { error, restart: engine.restarts[0], total: Math.round(performance.now() - t0) };
        },
        { tag: c.tag, kind },
      );
      // How long the fresh worker took to have the model back is a figure, not a test (issue 18's
      // "within 1 s" depends on the machine): printed here.
      console.log(
        `# ${c.tag} ${kind}: restart took ${outcome.restart.ms} ms (${outcome.total} ms from the request, the reply bound included)`,
      );
      assert.equal(outcome.error, 'EngineRestartedError');
      assert.equal(outcome.restart.reason, kind === 'trap' ? 'crash' : 'timeout');
      await answered(page, c.tag);
      // One line, the reason in it; everything the student had is still there.
      await note(page, c.tag).waitFor();
      assert.equal(await note(page, c.tag).count(), 1);
      assert.match(await note(page, c.tag).innerText(), kind === 'trap' ? /crashed/ : /stopped answering/);
      assert.deepEqual(await kept(page, c.tag), before);
      // The next keystroke is answered by the fresh worker; the note goes with the changed text.
      await keystroke(page, c.tag, 'Backspace');
      await expectCount(note(page, c.tag), 0, 'the note goes with the changed text');
      assert.equal((await engineCall(page, c.tag, 'restarts')).length, 1);
      await page.close();
    });
  }
}

test('the note in Chinese', async () => {
  const c = CASES[0];
  const page = await prepared(c, '&lang=zh-CN');
  await page.evaluate(async (tag) => {
    const el = document.querySelector(tag);
    await el.models
      .ready(el.shownKey)
      .engine.testOnly('trap')
      .catch(() => {});
  }, c.tag);
  await note(page, c.tag).waitFor();
  assert.match(await note(page, c.tag).innerText(), /引擎崩溃了，已重新启动/);
  await page.close();
});

test('nothing else went wrong', () => {
  assert.deepEqual(session.foreignRequests, []);
  assert.deepEqual(session.dialogs, []);
  // The trap's RuntimeError is caught in the worker and answered; nothing reaches the page's console.
  assert.deepEqual(session.consoleErrors, []);
});
