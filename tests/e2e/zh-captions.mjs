// The Chinese page says what each attention map is in Chinese (issue 12 §6): the screen-reader
// caption of every map in every lesson (both models and their difference in lesson 1, lesson 2's
// heat map, lesson 3's large map and the shuffle test's two maps), the first view and the
// playground, every aria-label and tooltip inside the lessons, and a downloaded map's title never
// carry the engine's English map name (AttentionMap.name: "layer 1 head 1", "additive attention:
// decoder steps x source words", "self-attention while reading", ...).
//
//   npm run build && node tests/e2e/zh-captions.mjs

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import {
  ARTIFACTS,
  assertNothingWentWrong,
  openSession,
  scrollIntoRenderedView,
  withoutIsolates,
} from './browser.mjs';
import { downloadFrom, readSvg } from './downloads.mjs';

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The string literals the engine builds map names from (m.name = ... in cpp/models/*.cpp). */
function engineMapNames() {
  const dir = path.join(repoRoot, 'cpp/models');
  const names = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpp')))
    for (const [, rhs] of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/\bm\.name\s*=\s*([^;]+);/g))
      for (const [, literal] of rhs.matchAll(/"([^"]*)"/g))
        if (literal.trim().length >= 4) names.push(literal.trim());
  return names;
}
const NAMES = engineMapNames();

/** What in `text` looks like an engine map name (empty: nothing). */
function englishMapNames(text) {
  const lower = withoutIsolates(text).toLowerCase();
  const found = NAMES.filter((name) => lower.includes(name.toLowerCase()));
  if (/layer \d+ head \d+|additive - dot/i.test(text)) found.push(text);
  return found;
}

const QUERY =
  '?lang=zh-CN&seq2seq.view=all+compare&transformer.view=all+model&transformer.sentence=The+cat+sat+on+the+mat.';

let session;
before(async () => {
  session = await openSession('zh-captions');
});
after(() => session?.close());

/** Every attention map's caption, and every aria-label and title, under `root` (shadow roots included). */
function collect(root) {
  return root.evaluate((host) => {
    const out = { captions: [], labels: [] };
    const walk = (node, inMap) => {
      for (const el of node.querySelectorAll('*')) {
        if (inMap && el.tagName === 'CAPTION') out.captions.push(el.textContent.trim());
        for (const attr of ['aria-label', 'title'])
          if (el.hasAttribute(attr)) out.labels.push(el.getAttribute(attr));
        if (el.tagName === 'TITLE') out.labels.push(el.textContent);
        if (el.shadowRoot) walk(el.shadowRoot, el.tagName === 'ATTNLAB-ATTENTION-MAP');
      }
    };
    walk(host.shadowRoot ?? host, false);
    return out;
  });
}

test('in Chinese, every lesson’s attention-map captions and labels are free of English engine map names', async () => {
  const page = await session.newPage({ width: 1280, height: 900 });
  await page.goto(`${session.origin}/index.html${QUERY}`);
  const expected = {
    // lesson 1 side by side: the additive map, the dot map and their difference
    'attnlab-seq2seq': 3,
    'attnlab-lstmn': 1, // the heat map panel
    'attnlab-transformer': 3, // the model view's large map and the shuffle test's two maps
    'attnlab-first-view': 3,
    'attnlab-playground': 1,
  };
  for (const [tag, count] of Object.entries(expected)) {
    const host = page.locator(tag);
    await scrollIntoRenderedView(page, host);
    // Lesson 3's shuffle maps come with their model, which loads when the panel comes near.
    if (tag === 'attnlab-transformer')
      await host.locator('.shuffle').evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.waitForFunction(
      ([tag, count]) => {
        const found = [];
        const walk = (node) => {
          for (const el of node.querySelectorAll('*')) {
            if (el.tagName === 'ATTNLAB-ATTENTION-MAP' && el.shadowRoot?.querySelector('caption'))
              found.push(el);
            if (el.shadowRoot) walk(el.shadowRoot);
          }
        };
        walk(document.querySelector(tag).shadowRoot);
        return found.length >= count;
      },
      [tag, count],
      { timeout: 60_000 },
    );
    const { captions, labels } = await collect(host);
    assert.ok(captions.length >= count, `${tag}: ${captions.length} map captions`);
    for (const caption of captions) {
      assert.match(caption, /^注意力权重（/, `${tag}: ${caption}`);
      assert.match(caption, /[^\x00-\x7f]/);
      assert.deepEqual(englishMapNames(caption), [], `${tag} caption: ${caption}`);
    }
    for (const label of labels) assert.deepEqual(englishMapNames(label), [], `${tag} label: ${label}`);
  }
  await page.screenshot({ path: path.join(ARTIFACTS, 'zh-captions.png') });
  await page.close();
});

test('in Chinese, a downloaded map (lesson 3, layer 1 head 1) is titled in Chinese', async () => {
  const page = await session.newPage({ width: 1280, height: 900 });
  await page.goto(`${session.origin}/index.html${QUERY}`);
  const map = page.locator('attnlab-transformer .view attnlab-attention-map');
  await scrollIntoRenderedView(page, map);
  await map.locator('rect[data-weight]').first().waitFor({ timeout: 60_000 });
  const file = await downloadFrom(page, map.locator('.export button[data-format="svg"]'));
  const svg = await readSvg(page, file.bytes);
  const title = withoutIsolates(svg.texts.find((text) => text.includes('Transformer')) ?? '');
  assert.match(title, /^3\. Transformer 自注意力 · 掩码语言模型 · 第 1 层，头 1$/, title);
  for (const text of svg.texts) assert.deepEqual(englishMapNames(text), [], text);
  await page.close();
});

test('every request stayed on the page origin; no dialog, console error or failed request', () => {
  assertNothingWentWrong(session);
});
