// End-to-end test of "Open your model…" in lessons 2 and 3 (lessons/shared/local-model.ts) in
// Debian's Chromium: the training lab's recall model (lesson 2's SimpleRNN + self-attention) and
// mirror model (a 2-layer Transformer), trained here for a few hundred steps by the native CLI as
// `attnlab train` trains them, are opened through the file picker. Each lesson shows its model with
// its card, types the card's example, says what the model was trained on, puts "local" in the URL
// (a link to it says the file is needed), refuses the other lesson's model naming the lesson that
// shows it (in both languages) and keeps its own, and closes back to its own model; a drop opens
// a model too; hostile files (truncated, a 2^40 header, wrong shapes, a zip bomb, 200 MB, no
// config) each get their message and lose nothing. The lab's
// "Show it in lesson 2 / 3" hands a trained run over on the app page.
// Screenshots: tests/e2e/artifacts/open-model-*.png. Lesson 1's side: tests/e2e/train.mjs.
//
//   npm run build && node tests/e2e/open-model.mjs   (needs build/native/attnlab: scripts/setup)

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { zipSync } from 'fflate';
import { ARTIFACTS, openSession, withoutIsolates } from './browser.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(repo, 'build/native/attnlab');
const EXAMPLE = 'c a b d e f g h';

let session;
let work;
/** Model folders: recall and mirror with the lab's card example, and mirror without one. */
const folders = {};

/** Trains the lab's default config of `name` for `steps` steps into work/dir, as the lab's download would be. */
function train(name, dir, steps, example) {
  const config = JSON.parse(fs.readFileSync(path.join(repo, `models/configs/lab_${name}.json`), 'utf8'));
  const file = path.join(work, `${dir}.json`);
  fs.writeFileSync(file, JSON.stringify({ ...config, steps }));
  const out = path.join(work, dir);
  execFileSync(CLI, ['train', file, '--out', out], { stdio: 'ignore' });
  if (example) {
    const card = JSON.parse(fs.readFileSync(path.join(out, 'card.json'), 'utf8'));
    fs.writeFileSync(path.join(out, 'card.json'), JSON.stringify({ ...card, example }));
  }
  return ['config.json', 'model.safetensors', 'card.json'].map((f) => path.join(out, f));
}

before(async () => {
  if (!fs.existsSync(CLI)) throw new Error(`no ${CLI}: run scripts/setup first`);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-open-'));
  folders.recall = train('recall', 'recall', 200, EXAMPLE);
  folders.mirror = train('mirror', 'mirror', 200, EXAMPLE);
  folders.bareMirror = train('mirror', 'bare-mirror', 20, null);
  session = await openSession('open-model');
});
after(async () => {
  await session?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** What a lesson shows about the opened model (or its refusal). */
const state = (page, tag) =>
  page.evaluate((tag) => {
    const root = document.querySelector(tag)?.shadowRoot ?? document.createDocumentFragment();
    const text = (sel) => root.querySelector(sel)?.textContent.replace(/\s+/g, ' ').trim() ?? null;
    return {
      local: text('.card[data-local="true"]'),
      card: text('.card'),
      error: text('.open-error'),
      text: root.querySelector('textarea')?.value ?? null,
      pill: root.querySelector('[data-model][aria-checked="true"]')?.dataset.model ?? null,
      messages: [...root.querySelectorAll('[data-key]')].map((m) => m.dataset.key),
      unknown: text('[data-key="unknown"]'),
    };
  }, tag);

async function openLesson(tag, query = '') {
  const page = await session.newPage();
  await page.goto(`${session.origin}/?embed=${tag.replace('attnlab-', '')}${query}`);
  await page.waitForFunction((tag) => document.querySelector(tag)?.shadowRoot?.querySelector('.card'), tag);
  return page;
}

const pick = (page, tag, files) => page.locator(`${tag} input.open-input`).setInputFiles(files);

/** Lesson 2's reading figure rows, once the figure is idle. */
const readingRows = (page) =>
  page
    .waitForFunction(() => {
      const root = document.querySelector('attnlab-lstmn')?.shadowRoot ?? document.createDocumentFragment();
      if (
        (root?.host?.answered === false
          ? 'true'
          : root?.querySelector('.figure')?.getAttribute('aria-busy')) !== 'false'
      )
        return null;
      const rows = root.querySelectorAll('.reading li.row');
      return rows.length ? [...rows].map((r) => r.dataset.word) : null;
    })
    .then((h) => h.jsonValue());

test('lesson 2 opens the lab’s recall model: its card, its example, the recall loss, "local" in the URL; Close goes back', async () => {
  const page = await openLesson('attnlab-lstmn');
  const own = await readingRows(page);
  await pick(page, 'attnlab-lstmn', folders.recall);
  await page.waitForFunction(() =>
    document.querySelector('attnlab-lstmn').shadowRoot?.querySelector('.card[data-local="true"]'),
  );
  const shown = await state(page, 'attnlab-lstmn');
  assert.match(shown.local, /Your model “model” · 4,539 parameters · held-out test \(200 examples\)/);
  assert.equal(shown.text, EXAMPLE, 'the lesson types the example its card gives');
  assert.equal(shown.pill, 'local');
  assert.deepEqual(await readingRows(page), EXAMPLE.split(' '), 'one row per word the model reads');
  assert.equal(
    await page.locator('attnlab-lstmn .formula').getAttribute('data-objective'),
    'recall',
    'the loss shown is the recall task’s, not a language model’s',
  );
  assert.match(
    withoutIsolates(await page.locator('attnlab-lstmn .next h4').innerText()),
    /c a b d e f g h/,
    'word tokens are written with spaces between them',
  );
  await page.waitForFunction(() => location.search.includes('lstmn.model=local'));
  await page.screenshot({ path: path.join(ARTIFACTS, 'open-model-lesson2.png'), fullPage: true });
  // A link cannot carry the file: the copy shows the lesson's own model and says why.
  const copy = await session.newPage();
  await copy.goto(page.url());
  await copy.waitForFunction(() =>
    document.querySelector('attnlab-lstmn').shadowRoot?.querySelector('[data-key="link-needs-file"]'),
  );
  assert.equal((await state(copy, 'attnlab-lstmn')).local, null);
  await copy.close();
  await page.locator('attnlab-lstmn button.close-local').click();
  await page.waitForFunction(
    () => !document.querySelector('attnlab-lstmn').shadowRoot?.querySelector('.card[data-local]'),
  );
  assert.notEqual((await state(page, 'attnlab-lstmn')).pill, 'local');
  assert.ok(own.length > 0);
  await page.close();
});

test('lesson 2 opens a model dropped on it (the three files in one drop), with the drop hint while dragging', async () => {
  const page = await openLesson('attnlab-lstmn');
  await readingRows(page);
  const files = folders.recall.map((f) => ({ name: path.basename(f), bytes: [...fs.readFileSync(f)] }));
  const hint = await page.evaluate((files) => {
    const lesson = document.querySelector('attnlab-lstmn');
    const data = new DataTransfer();
    for (const f of files) data.items.add(new File([new Uint8Array(f.bytes)], f.name));
    lesson.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    return new Promise((resolve) =>
      requestAnimationFrame(() => {
        const box = lesson.shadowRoot?.querySelector('.open-model');
        const shown = {
          dragging: box?.dataset.dragging,
          hint: box?.querySelector('.open-hint')?.textContent,
        };
        lesson.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        resolve(shown);
      }),
    );
  }, files);
  assert.equal(hint.dragging, 'true');
  assert.match(hint.hint, /Drop a model folder, its files or a \.zip here/);
  await page.waitForFunction(() =>
    document.querySelector('attnlab-lstmn').shadowRoot?.querySelector('.card[data-local="true"]'),
  );
  assert.deepEqual(await readingRows(page), EXAMPLE.split(' '));
  await page.close();
});

test('lesson 2 refuses a Transformer naming lesson 3, and keeps showing its own model', async () => {
  const page = await openLesson('attnlab-lstmn');
  const before = await readingRows(page);
  await pick(page, 'attnlab-lstmn', folders.mirror);
  await page.waitForFunction(() =>
    document.querySelector('attnlab-lstmn').shadowRoot?.querySelector('.open-error'),
  );
  const refused = await state(page, 'attnlab-lstmn');
  assert.match(refused.error, /architecture “transformer”\. Lesson 3 shows it/);
  assert.equal(refused.local, null);
  assert.deepEqual(await readingRows(page), before, 'nothing the student had is lost');
  await page.close();
});

test('lesson 3 opens the lab’s mirror model: every head, its outputs instead of masked words, "local" in the URL', async () => {
  const page = await openLesson('attnlab-transformer', '&transformer.view=all+model');
  await pick(page, 'attnlab-transformer', folders.mirror);
  await page.waitForFunction(() => {
    const root =
      document.querySelector('attnlab-transformer')?.shadowRoot ?? document.createDocumentFragment();
    return root.querySelector('.card[data-local="true"]') && root.querySelectorAll('.thumb').length > 0;
  });
  const shown = await state(page, 'attnlab-transformer');
  assert.match(shown.local, /Your model “model” · [\d,]+ parameters · held-out test \(200 examples\)/);
  assert.match(
    shown.local,
    /its best head: layer \d, head \d/,
    'the alignment miss rate says which head it is of',
  );
  assert.equal(shown.text, EXAMPLE);
  assert.equal(await page.locator('attnlab-transformer .thumb').count(), 4, '2 layers x 2 heads');
  assert.equal(
    await page.locator('attnlab-transformer .mask-panel').getAttribute('data-mode'),
    'output',
    'a model without <mask> is not said to fill in hidden words',
  );
  await page.waitForFunction(() => location.search.includes('transformer.model=local'));
  await page.screenshot({ path: path.join(ARTIFACTS, 'open-model-lesson3.png'), fullPage: true });
  // A refused folder replaces the student's model: the lesson goes back to its own, not to nothing.
  await pick(page, 'attnlab-transformer', folders.recall);
  await page.waitForFunction(() =>
    document.querySelector('attnlab-transformer').shadowRoot?.querySelector('.open-error'),
  );
  await page.waitForFunction(
    () => document.querySelector('attnlab-transformer').shadowRoot?.querySelectorAll('.thumb').length > 0,
  );
  const back = await state(page, 'attnlab-transformer');
  assert.equal(back.local, null);
  assert.notEqual(back.pill, 'local');
  await page.close();
  // A model with no example in its card reads the lesson's English as unknown words: said so.
  const bare = await openLesson('attnlab-transformer');
  await pick(bare, 'attnlab-transformer', folders.bareMirror);
  await bare.waitForFunction(() =>
    document.querySelector('attnlab-transformer').shadowRoot?.querySelector('[data-key="unknown"]'),
  );
  // The lab's symbols are the letters a-j, so of the default sentence only "a" is known.
  const unknown = withoutIsolates((await state(bare, 'attnlab-transformer')).unknown);
  assert.match(unknown, /does not know the words “The”, “FBI”, “is”, “chasing”, “criminal”/);
  assert.doesNotMatch(unknown, /“a”/);
  await bare.locator('attnlab-transformer textarea').fill('hello world');
  await bare.waitForFunction(() =>
    /knows none/.test(
      document.querySelector('attnlab-transformer').shadowRoot?.querySelector('[data-key="unknown"]')
        ?.textContent ?? '',
    ),
  );
  assert.match((await state(bare, 'attnlab-transformer')).unknown, /It reads 11 words, among them: a b c d/);
  await bare.close();
});

test('lesson 3 refuses the recall model naming lesson 2, in Chinese too', async () => {
  for (const [lang, pattern] of [
    ['en', /architecture “rnn_self_attention”\. Lesson 2 shows it/],
    ['zh-CN', /第 2 课可以显示它/],
  ]) {
    const page = await openLesson('attnlab-transformer', `&lang=${lang}`);
    await pick(page, 'attnlab-transformer', folders.recall);
    await page.waitForFunction(() =>
      document.querySelector('attnlab-transformer').shadowRoot?.querySelector('.open-error'),
    );
    const refused = await state(page, 'attnlab-transformer');
    assert.match(refused.error, pattern);
    assert.equal(refused.local, null);
    await page.close();
  }
});

test('the lab’s "Show it in lesson 2" and "Show it in lesson 3" hand a trained run to the lesson on the app page', async () => {
  for (const [task, tag, n] of [
    ['recall', 'attnlab-lstmn', 2],
    ['mirror', 'attnlab-transformer', 3],
  ]) {
    const page = await session.newPage();
    await page.goto(`${session.origin}/?train.task=${task}&train.steps=60`);
    const button = page.locator('attnlab-train .run button[data-action="open-in-lesson"]').first();
    await button.waitFor();
    assert.equal((await button.textContent()).trim(), `Show it in lesson ${n}`);
    await page.locator('attnlab-train button[data-action="start"]').click();
    await page.waitForFunction(
      () => document.querySelector('attnlab-train').shadowRoot?.querySelector('[data-key="done"]'),
      null,
      { timeout: 120_000 },
    );
    await button.click();
    await page.waitForFunction(
      (tag) => document.querySelector(tag).shadowRoot?.querySelector('.card[data-local="true"]'),
      tag,
    );
    const shown = await state(page, tag);
    assert.match(shown.local, new RegExp(`attnlab-${task}-\\w+-60-steps`));
    assert.match(shown.text, /^[a-j]( [a-j])+$/, 'the lesson types the watched example');
    await page.close();
  }
});

test('the exporter’s model (tests/fixtures/byom-transformer, from PyTorch) opens in lesson 3 with its next-token guesses; lesson 2 refuses it', async () => {
  const dir = path.join(repo, 'tests/fixtures/byom-transformer');
  const files = ['config.json', 'model.safetensors', 'card.json'].map((f) => path.join(dir, f));
  const sentence = fs.readFileSync(path.join(dir, 'input.txt'), 'utf8').trim();
  const page = await openLesson('attnlab-transformer', `&transformer.view=all+model`);
  await pick(page, 'attnlab-transformer', files);
  await page.waitForFunction(() =>
    document.querySelector('attnlab-transformer').shadowRoot?.querySelector('.card[data-local="true"]'),
  );
  await page.locator('attnlab-transformer textarea').fill(sentence);
  await page.waitForFunction(
    (n) =>
      document.querySelector('attnlab-transformer').shadowRoot?.querySelectorAll('.chips [data-token]')
        .length === n,
    sentence.split(' ').length,
  );
  const shown = await state(page, 'attnlab-transformer');
  assert.match(shown.local, /Your model “model” · 18,387 parameters/);
  assert.deepEqual(
    shown.messages.filter((k) => k === 'unknown'),
    [],
    'every word of its grammar is known',
  );
  assert.equal(await page.locator('attnlab-transformer .thumb').count(), 4, '2 layers x 2 heads');
  assert.equal(
    await page.locator('attnlab-transformer .mask-panel').getAttribute('data-mode'),
    'next',
    'a causal LM',
  );
  await page.close();
  const two = await openLesson('attnlab-lstmn');
  await pick(two, 'attnlab-lstmn', files);
  await two.waitForFunction(() =>
    document.querySelector('attnlab-lstmn').shadowRoot?.querySelector('.open-error'),
  );
  assert.match((await state(two, 'attnlab-lstmn')).error, /Lesson 3 shows it/);
  await two.close();
});

test('hostile files through the picker each get their message; the lesson keeps its model and then opens a good one', async () => {
  const [config, weights, card] = folders.mirror.map((f) => fs.readFileSync(f));
  const file = (name, buffer, mimeType = 'application/octet-stream') => ({ name, mimeType, buffer });
  const headerTooBig = Buffer.from(weights);
  headerTooBig.writeBigUInt64LE(1n << 40n, 0);
  const otherShapes = Buffer.from(JSON.stringify({ ...JSON.parse(config), d_ff: 48 }));
  // A zip bomb: 70 MB of zeros compress to a few kB; the limit is 64 MB.
  const bomb = Buffer.from(
    zipSync({ 'config.json': config, 'model.safetensors': new Uint8Array(70 * 1024 * 1024) }, { level: 9 }),
  );
  // A 200 MB file (sparse on disk): refused by its size before a byte is read.
  const big = path.join(work, 'big', 'model.safetensors');
  fs.mkdirSync(path.dirname(big));
  fs.writeFileSync(path.join(work, 'big', 'config.json'), config);
  fs.closeSync(fs.openSync(big, 'w'));
  fs.truncateSync(big, 200 * 1024 * 1024);
  const cases = [
    [
      'a truncated safetensors',
      [file('config.json', config), file('model.safetensors', weights.subarray(0, 20000))],
      // the plain words first, the engine's own message after them (behind a closed disclosure)
      /cannot be read: the file is cut short[\s\S]*reach past the end of the \d+-byte data buffer/,
    ],
    [
      'a header length of 2^40',
      [file('config.json', config), file('model.safetensors', headerTooBig)],
      /cannot be read: the file is cut short[\s\S]*header length 1099511627776 is larger than the limit/,
    ],
    [
      'weights of other shapes than the config',
      [file('config.json', otherShapes), file('model.safetensors', weights)],
      /do not fit config\.json[\s\S]*"layers\.0\.linear1\.bias" has shape \[64\], but the config .* needs \[48\]/,
    ],
    [
      'a zip bomb',
      [file('bomb.zip', bomb, 'application/zip')],
      /The model is 70\.0 MB; this page opens models of at most 64\.0 MB/,
    ],
    ['a 200 MB file', [path.join(work, 'big', 'config.json'), big], /The model is 200\.0 MB/],
    [
      'a folder without config.json',
      [file('model.safetensors', weights), file('card.json', card)],
      /There is no config\.json among the files/,
    ],
  ];
  const page = await openLesson('attnlab-transformer');
  const own = await state(page, 'attnlab-transformer');
  for (const [what, files, message] of cases) {
    await pick(page, 'attnlab-transformer', files);
    await page.waitForFunction(
      (source) =>
        new RegExp(source).test(
          document.querySelector('attnlab-transformer').shadowRoot?.querySelector('.open-error')
            ?.textContent ?? '',
        ),
      message.source,
      { timeout: 60_000 },
    );
    const after = await state(page, 'attnlab-transformer');
    assert.equal(after.local, null, `${what}: no model of the student's is shown`);
    assert.equal(after.card, own.card, `${what}: the lesson keeps its own model`);
    console.log(`# ${what}: ${withoutIsolates(after.error)}`);
  }
  await pick(page, 'attnlab-transformer', folders.mirror);
  await page.waitForFunction(() =>
    document.querySelector('attnlab-transformer').shadowRoot?.querySelector('.card[data-local="true"]'),
  );
  assert.equal((await state(page, 'attnlab-transformer')).error, null, 'the refusal goes once a model opens');
  await page.close();
});

test('nothing went wrong meanwhile', () => {
  assert.deepEqual(session.consoleErrors, []);
  assert.deepEqual(session.dialogs, []);
  assert.deepEqual(session.foreignRequests, []);
});
