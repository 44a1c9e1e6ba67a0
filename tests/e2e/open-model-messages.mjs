// Lesson 3's masked-word panel with a model opened from the student's files (issue 52 C3): a
// masked LM whose word vocabulary holds <mask> can be masked (the panel shows the model's guesses),
// and an error the engine returns reaches that panel as a message instead of "Computing…" forever.
// Models: random weights written by the native CLI (`attnlab init`).
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
import { ARTIFACTS, assertNothingWentWrong, openSession, withoutIsolates } from './browser.mjs';

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

test('nothing went wrong meanwhile', () => assertNothingWentWrong(session));
