// What each embedded view downloads before its first figure and before it answers (issue 17), from
// the build's own account (build/web/sizes.json, web/vite-plugin-sizes.ts): checked against the
// budgets in web/size-budget.json, which hold what has been reached, so a change that makes a first
// view bigger fails here. (That a first figure from the build is drawn before the engine is fetched
// is checked in a browser: tests/e2e/first-view.mjs.) Bytes are the same on every machine for a commit: this is a test, not a
// benchmark. It also checks the account itself: every file it names exists, the lessons use the
// inference-only engine, and no lesson's first view holds another lesson's code or English strings.
//   npm run build && node tests/e2e/sizes.mjs

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const web = path.resolve(process.env.ATTNLAB_WEB_DIR ?? path.join(repoRoot, 'build/web'));
const sizes = JSON.parse(fs.readFileSync(path.join(web, 'sizes.json'), 'utf8'));
const { budget, totalBudget, target } = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'web/size-budget.json'), 'utf8'),
);
const kb = (n) => n / 1024;

test('every embeddable view is accounted for', () => {
  assert.deepEqual(sizes.map((s) => s.name).sort(), Object.keys(budget).sort());
});

for (const view of sizes) {
  test(`${view.name}: first view within its budget (target ${target} KB)`, () => {
    // The account is right: its files exist and their gzip sizes add up to it.
    const gz = (f) => zlib.gzipSync(fs.readFileSync(path.join(web, f)), { level: 9 }).length;
    const total = view.files.reduce((s, f) => s + gz(f), 0);
    assert.equal(total, view.total, 'the files named add up to the total');
    // Before the first figure: the JS alone when the build computed it, else everything.
    assert.equal(view.firstFigure, view.builtFirstView ? view.js : view.total);
    const first = kb(view.firstFigure);
    console.log(
      `# ${view.name}: first figure after ${first.toFixed(1)} KB gzip` +
        (view.builtFirstView ? ' (drawn from the build)' : '') +
        `; JS ${kb(view.js).toFixed(1)} + worker ${kb(view.worker).toFixed(1)} + WASM ${kb(view.wasm).toFixed(1)} = ` +
        `${kb(view.total).toFixed(1)} KB; budgets ${budget[view.name]} / ${totalBudget[view.name]} KB; ` +
        `target ${target} KB: ` +
        (first <= target ? 'met' : `missed by ${(first - target).toFixed(0)} KB`),
    );
    assert.ok(
      first <= budget[view.name],
      `first figure ${first.toFixed(1)} KB > budget ${budget[view.name]} KB`,
    );
    assert.ok(
      kb(view.total) <= totalBudget[view.name],
      `${kb(view.total).toFixed(1)} KB > budget ${totalBudget[view.name]} KB`,
    );
    const wasm = view.files.filter((f) => f.endsWith('.wasm'));
    assert.equal(wasm.length, 1);
    if (view.name === 'train')
      assert.doesNotMatch(wasm[0], /attnlab-infer-/, 'the lab trains: the whole engine');
    else assert.match(wasm[0], /attnlab-infer-/, 'a lesson loads the inference-only engine');
  });
}

test("no view's first download holds another view's element code", () => {
  const own = new Map(sizes.map((s) => [s.name, new Set(s.files)]));
  for (const view of sizes) {
    const mine = own.get(view.name);
    for (const other of sizes) {
      if (other === view) continue;
      // A file only the other view has is its own code: it must not be in this view's list.
      const theirs = [...own.get(other.name)].filter(
        (f) => !sizes.some((s) => s !== other && own.get(s.name).has(f)),
      );
      for (const f of theirs)
        assert.ok(!mine.has(f), `${view.name} downloads ${f}, which only ${other.name} needs`);
    }
  }
  // And each lesson's own code is somewhere: a view's file list is not a subset of another's.
  for (const view of sizes)
    for (const other of sizes)
      if (other !== view) assert.ok([...own.get(view.name)].some((f) => !own.get(other.name).has(f)));
});

test("no view's first download holds another view's English strings, and each holds its own", () => {
  // A sentence of each view's own strings (web/src/i18n/en-<view>.ts), as it appears in the bundle.
  const sentence = (view) => {
    const source = fs.readFileSync(path.join(repoRoot, `web/src/i18n/en-${view}.ts`), 'utf8');
    const found = source.match(/'([A-Za-z ,.()]{60,})'/);
    assert.ok(found, `en-${view}.ts has a plain sentence to look for`);
    return found[1];
  };
  const text = (view) => view.files.map((f) => fs.readFileSync(path.join(web, f), 'utf8')).join('\n');
  for (const view of sizes) {
    const downloaded = text(view);
    for (const other of sizes) {
      const words = sentence(other.name);
      if (other === view)
        assert.ok(downloaded.includes(words), `${view.name} has its own strings ("${words}")`);
      else
        assert.ok(!downloaded.includes(words), `${view.name} downloads ${other.name}'s strings ("${words}")`);
    }
  }
});
