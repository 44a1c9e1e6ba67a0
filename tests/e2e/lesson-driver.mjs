// What the robustness tests (csp.mjs, engine-crash.mjs, hostile-url.mjs) and the soak
// (scripts/soak.mjs) do to a lesson: type into its text box and wait until the figure shows the
// engine's answer to that text, read what the figure drew, and reach the lesson's engine client
// (EngineClient.testOnly: a trap, a hang, the worker's heap and live objects).

/** The three lessons' elements. */
export const LESSON_TAGS = ['attnlab-seq2seq', 'attnlab-lstmn', 'attnlab-transformer'];

/** Waits until `tag` shows a record for its current text, the figure idle and drawn. */
export function answered(page, tag, { timeout = 60_000 } = {}) {
  return page.waitForFunction(
    (tag) => {
      const el = document.querySelector(tag);
      const figure = el?.shadowRoot?.querySelector('.figure');
      if (!el?.record || el.busy || el.answered === false) return false;
      return figure?.getAttribute('aria-busy') === 'false' && drawn(figure);
      // Cells of a map or table, inside the figure's shadow roots too (attnlab-attention-map's).
      function drawn(root) {
        if (root.querySelector('rect, canvas, td, path, li.row')) return true;
        return [...root.querySelectorAll('*')].some((e) => e.shadowRoot && drawn(e.shadowRoot));
      }
    },
    tag,
    { timeout },
  );
}

/**
 * Presses one key in the lesson's text box and waits for the answer to it: a new record, the
 * figure idle and drawn. Returns the milliseconds from the key to that answer, measured in the page.
 */
export async function keystroke(page, tag, key) {
  await page.evaluate((tag) => {
    const el = document.querySelector(tag);
    window.__attnlabBefore = el.record;
  }, tag);
  const t0 = await page.evaluate(() => performance.now());
  await page.locator(`${tag} textarea`).press(key);
  const handle = await page.waitForFunction(
    (tag) => {
      const el = document.querySelector(tag);
      const figure = el?.shadowRoot?.querySelector('.figure');
      if (!el?.record || el.busy || el.record === window.__attnlabBefore) return false;
      if (figure?.getAttribute('aria-busy') !== 'false') return false;
      return drawn(figure) ? performance.now() : false;
      function drawn(root) {
        if (root.querySelector('rect, canvas, td, path, li.row')) return true;
        return [...root.querySelectorAll('*')].some((e) => e.shadowRoot && drawn(e.shadowRoot));
      }
    },
    tag,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) - t0;
}

/** The engine client of the model the lesson shows (EngineClient, web/src/engine/engine.ts). */
export function engineCall(page, tag, method, ...args) {
  return page.evaluate(
    async ({ tag, method, args }) => {
      const el = document.querySelector(tag);
      const engine = el.models.ready(el.shownKey)?.engine;
      if (!engine) throw new Error(`${tag}: no engine for ${el.shownKey}`);
      if (method === 'restarts') return engine.restarts;
      return engine[method](...args);
    },
    { tag, method, args },
  );
}

/** The worker's heap bytes and live objects (EngineClient.testOnly('stats')). */
export const engineStats = (page, tag) => engineCall(page, tag, 'testOnly', 'stats');

/** Starts recording Content-Security-Policy violations of every document the context opens. */
export async function recordCspViolations(context) {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
}

/** The violations recorded in `page` so far. */
export const cspViolations = (page) => page.evaluate(() => window.__cspViolations ?? []);

/**
 * Types `keys` into the lesson's text box from inside the page (no round trip per key: the soak's
 * 10,000 keys): each key ("\b" deletes the last character, anything else is appended) sets the
 * text and fires `input` as typing does, then waits for the answer to it (a new record, the figure
 * idle and drawn) before the next. Returns each key's latency (ms); throws on a key not answered in
 * `timeoutMs` (a figure that went blank or an engine that stopped).
 */
export function typeInPage(page, tag, keys, { timeoutMs = 60_000 } = {}) {
  return page.evaluate(
    async ({ tag, keys, timeoutMs }) => {
      const el = document.querySelector(tag);
      const box = el.shadowRoot?.querySelector('textarea');
      const drawn = (root) =>
        !!root.querySelector('rect, canvas, td, path, li.row') ||
        [...root.querySelectorAll('*')].some((e) => e.shadowRoot && drawn(e.shadowRoot));
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const latencies = [];
      for (const [i, key] of keys.entries()) {
        const before = el.record;
        box.value = key === '\b' ? box.value.slice(0, -1) : box.value + key;
        const t0 = performance.now();
        box.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
        for (;;) {
          await frame();
          const figure = el.shadowRoot?.querySelector('.figure');
          if (
            el.record &&
            el.record !== before &&
            !el.busy &&
            figure?.getAttribute('aria-busy') === 'false'
          ) {
            if (drawn(figure)) break;
            throw new Error(`${tag}: key ${i} answered but the figure is blank`);
          }
          if (performance.now() - t0 > timeoutMs)
            throw new Error(`${tag}: key ${i} not answered in ${timeoutMs} ms`);
        }
        latencies.push(performance.now() - t0);
      }
      return latencies;
    },
    { tag, keys, timeoutMs },
  );
}
