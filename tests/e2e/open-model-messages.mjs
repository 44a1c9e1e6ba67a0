// "Open your model…" (lessons/shared/open-model-control.ts) as a newcomer meets it (issue 52):
//  - B4: the picker opens a whole folder (webkitdirectory), not only its files; the folder of
//    tests/fixtures/byom-transformer types its card's example with no unknown word (C5);
//  - B3: a broken model file is said in plain words in the page's language, decided by the engine's
//    code, with the engine's own message behind a disclosure (corrupted safetensors header, a
//    19-digit header length, truncated file, bad JSON, a field the engine does not read, a key
//    given twice: C4), in English and Chinese;
//  - C3: a masked LM whose word vocabulary holds <mask> can be masked (the masked-word panel shows
//    the model's guesses), and an error the engine returns reaches that panel as a message instead
//    of "Computing…" forever.
// Models: random weights written by the native CLI (`attnlab init`), and tests/fixtures/byom-transformer.
// Screenshots: tests/e2e/artifacts/open-model-messages-*.png.
//
//   npm run build && node tests/e2e/open-model-messages.mjs   (needs build/native/attnlab: scripts/setup)

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { ARTIFACTS, assertNothingWentWrong, openSession, withoutIsolates, openDetails } from './browser.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(repo, 'build/native/attnlab');
const TAG = 'attnlab-transformer';

let session;
let work;

/** A masked LM with a word vocabulary (random weights from `attnlab init`) in work/name. */
function mlm(name, vocab, example) {
  const config = {
    architecture: 'transformer',
    vocab_size: vocab.length,
    d_model: 8,
    n_head: 2,
    n_layer: 1,
    d_ff: 16,
    causal: false,
    objective: 'mlm',
    max_len: 32,
    tokenizer: { kind: 'words', vocab },
  };
  const file = path.join(work, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(config));
  const dir = path.join(work, name);
  execFileSync(CLI, ['init', file, '--out', dir, '--seed', '3'], { stdio: 'ignore' });
  const card = JSON.parse(fs.readFileSync(path.join(dir, 'card.json'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'card.json'), JSON.stringify({ ...card, example }));
  return dir;
}

const filesOf = (dir) => ['config.json', 'model.safetensors', 'card.json'].map((f) => path.join(dir, f));
const WORDS = ['the', 'cat', 'dog', 'sat', 'on', 'mat', '.', 'a', 'saw'];
const folders = {};

before(async () => {
  if (!fs.existsSync(CLI)) throw new Error(`no ${CLI}: run scripts/setup first`);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-open-messages-'));
  folders.mlm = mlm('word-mlm', ['<unk>', '<mask>', ...WORDS], 'the cat sat on the mat .');
  // No <unk>: a word it does not know is an error of the engine's, not a guess.
  folders.noUnk = mlm('no-unk-mlm', ['<mask>', ...WORDS], 'the cat sat on the mat .');
  session = await openSession('open-model-messages');
});
after(async () => {
  await session?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

async function openLesson(query = '', width = 1280) {
  const page = await session.newPage({ width });
  await page.goto(`${session.origin}/?embed=transformer${query}`);
  await page.waitForFunction((tag) => document.querySelector(tag)?.shadowRoot?.querySelector('.card'), TAG);
  return page;
}

const root = (page, sel) => page.locator(`${TAG} ${sel}`);
const localCard = (page) =>
  page.waitForFunction(
    (tag) => document.querySelector(tag).shadowRoot?.querySelector('.card[data-local="true"]')?.textContent,
    TAG,
  );

test('B4: "Open a model folder…" takes a whole folder (webkitdirectory)', async () => {
  const page = await openLesson();
  const folder = path.join(repo, 'tests/fixtures/byom-transformer');
  assert.equal(await root(page, 'input.open-folder').getAttribute('webkitdirectory'), '');
  await root(page, 'input.open-folder').setInputFiles(folder);
  const card = await (await localCard(page)).jsonValue();
  assert.match(card, /Your model “byom-transformer” · 18,387 parameters/);
  assert.match(await root(page, '.open-hint').textContent(), /the folder that holds them/);
  // C5: its card's example is typed, every word of it known (before: the lesson's sentence, 7 unknown).
  assert.equal(
    await root(page, 'textarea').inputValue(),
    'the small cat that the dog sees chases the bird .',
  );
  await page.waitForFunction(
    (tag) => document.querySelector(tag).shadowRoot.querySelectorAll('.chips [data-token]').length === 11,
    TAG,
  );
  assert.equal(await root(page, '[data-key="unknown"]').count(), 0, 'no unknown word');
  await page.close();
});

test('C3: a word-vocabulary masked LM with <mask> is masked by a click and by typing; its guesses show', async () => {
  const page = await openLesson();
  await root(page, 'input.open-input').setInputFiles(filesOf(folders.mlm));
  await localCard(page);
  const panel = root(page, '.mask-panel[data-mode="mask"]');
  await panel.waitFor();
  await root(page, '.mask-panel button.word[data-word="cat"]').click();
  // Its guesses for the hidden word, not "Computing…" forever (the engine read < mask >: no mask token).
  await root(page, '.mask-panel .guesses li').first().waitFor({ timeout: 30_000 });
  assert.equal(await root(page, '.mask-panel .guesses li').count(), 5);
  await page.screenshot({ path: path.join(ARTIFACTS, 'open-model-messages-mask.png'), fullPage: true });
  // Typed: the engine reads <mask> as one token (the chips show it as the typed mask).
  await root(page, 'textarea').fill('the dog <mask> on a mat .');
  await page.waitForFunction(
    (tag) =>
      [...document.querySelector(tag).shadowRoot.querySelectorAll('.chips [data-token]')].some(
        (c) => c.textContent.trim() === '<mask>',
      ),
    TAG,
  );
  await root(page, '.mask-panel .guesses li').first().waitFor({ timeout: 30_000 });
  await page.close();
});

test('C3: an error the engine returns reaches the masked-word panel (no "Computing…" forever), en and zh-CN', async () => {
  for (const [lang, pattern] of [
    ['en', /could not read this text, so there are no guesses: .*unknown word "zebra"/],
    ['zh-CN', /模型读不了这段文字，所以没有猜测/],
  ]) {
    const page = await openLesson(`&lang=${lang}`);
    await root(page, 'input.open-input').setInputFiles(filesOf(folders.noUnk));
    await localCard(page);
    await root(page, 'textarea').fill('the zebra sat on the mat .');
    await root(page, '.mask-panel button.word[data-word="cat"], .mask-panel button.word[data-word="sat"]')
      .first()
      .click();
    const message = root(page, '.mask-panel [data-key="mask-error"]');
    await message.waitFor({ timeout: 30_000 });
    assert.match(withoutIsolates(await message.textContent()), pattern);
    await page.close();
  }
});

/** Opens `files` in a fresh lesson in `lang` and returns the opener's error: its words and its detail. */
async function refusal(files, lang, shot) {
  const page = await openLesson(`&lang=${lang}`, shot ? 375 : 1280);
  await root(page, 'input.open-input').setInputFiles(files);
  const error = root(page, '.open-error');
  await error.waitFor({ timeout: 60_000 });
  const text = withoutIsolates(await root(page, '.open-error p').textContent());
  const detail = await root(page, '.open-error details code').textContent();
  const open = await root(page, '.open-error details').getAttribute('open');
  if (shot) {
    await openDetails(root(page, '.open-error details summary'), 'the engine message opened');
    await page.screenshot({ path: path.join(ARTIFACTS, `open-model-messages-${shot}.png`), fullPage: true });
  }
  await page.close();
  return { text, detail, open };
}

test('B3 + C4: broken files are said in plain words in each language, the engine’s message behind a disclosure', async () => {
  const [config, weights, card] = filesOf(folders.mlm).map((f) => fs.readFileSync(f));
  const file = (name, buffer) => ({ name, mimeType: 'application/octet-stream', buffer });
  const corrupted = Buffer.from(weights);
  corrupted.write('{"x":', 8 + 2); // inside the header: no longer JSON
  const headerTooBig = Buffer.from(weights);
  headerTooBig.writeBigUInt64LE(0x7fffffffffffffffn, 0); // a 19-digit header length
  const twice = Buffer.from(config.toString().replace(/"n_head":\s*2/, '"n_head": 3, "n_head": 2'));
  assert.notEqual(twice.toString(), config.toString());
  const unknownField = Buffer.from(JSON.stringify({ ...JSON.parse(config.toString()), norm_firts: true }));
  const cases = [
    {
      what: 'a corrupted safetensors header',
      files: [file('config.json', config), file('model.safetensors', corrupted), file('card.json', card)],
      en: /model\.safetensors cannot be read: the file is cut short, damaged, or not a safetensors file/,
      zh: /无法读取 model\.safetensors：文件不完整、已损坏/,
      detail: /header is not valid JSON/,
    },
    {
      what: 'a 19-digit header length',
      files: [file('config.json', config), file('model.safetensors', headerTooBig)],
      en: /model\.safetensors cannot be read/,
      zh: /无法读取 model\.safetensors/,
      detail: /9223372036854775807/,
    },
    {
      what: 'a truncated file',
      files: [
        file('config.json', config),
        file('model.safetensors', weights.subarray(0, weights.length - 40)),
      ],
      en: /model\.safetensors cannot be read/,
      zh: /无法读取 model\.safetensors/,
      detail: /past the end/,
    },
    {
      what: 'a config.json that is not JSON',
      files: [file('config.json', config.subarray(0, 30)), file('model.safetensors', weights)],
      en: /config\.json is not valid JSON: a bracket, comma or quotation mark is missing/,
      zh: /config\.json 不是有效的 JSON/,
      detail: /config\.json: not valid JSON/,
    },
    {
      what: 'a config.json with a field the engine does not read',
      files: [file('config.json', unknownField), file('model.safetensors', weights)],
      en: /config\.json describes a model this page does not compute: a setting it does not know/,
      zh: /config\.json 描述的模型本页无法计算/,
      detail: /"norm_firts"/,
    },
    {
      what: 'a config.json that gives n_head twice',
      files: [file('config.json', twice), file('model.safetensors', weights)],
      en: /config\.json gives “n_head” twice/,
      zh: /config\.json 把“n_head”写了两次/,
      detail: /"n_head" appears twice/,
    },
  ];
  for (const c of cases)
    for (const lang of ['en', 'zh-CN']) {
      const shot = c.what === 'a 19-digit header length' ? `header-${lang}` : null;
      const got = await refusal(c.files, lang, shot);
      console.log(`# ${c.what} (${lang}): ${got.text}`);
      assert.match(got.text, lang === 'en' ? c.en : c.zh, `${c.what} (${lang})`);
      assert.doesNotMatch(
        got.text,
        /\d{12,}|parse error|nlohmann/,
        `${c.what} (${lang}): no engine internals`,
      );
      if (lang === 'zh-CN') assert.doesNotMatch(got.text, /\b(cannot|the file|header)\b/, 'no English words');
      assert.match(got.detail, c.detail, `${c.what}: the engine's message behind the disclosure`);
      assert.equal(got.open, null, 'the detail is closed until the student opens it');
    }
});

test('nothing went wrong meanwhile', () => assertNothingWentWrong(session));
