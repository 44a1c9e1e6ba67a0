// The lessons' engine (attnlab-infer.wasm, what a page showing a lesson runs) is built from the
// same sources as the whole engine but with its per-model code compiled for size
// (CMakeLists.txt, ATTNLAB_COLD_OPTIMIZE). It must compute the same bits: for every shipped model,
// the forward pass, an edited forward pass and the gradient x input importance agree exactly with
// the whole engine's (build/wasm/attnlab_node), tested through its Node build (attnlab_node_lessons).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttnlabModule, Session } from '../../web/src/engine/wasm-types';
import { loadFolder, loadWasm, repoRoot } from './support/wasm-node';

const SHIPPED = path.join(repoRoot, 'models');
const modelDirs = fs
  .readdirSync(SHIPPED, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(SHIPPED, e.name, 'model.safetensors')))
  .map((e) => e.name)
  .sort();

// One sentence in each language the models read; a model that cannot read one must refuse it the
// same way in both engines.
const SENTENCES = [
  'the cat saw a dog near the old house .',
  '我 昨天 在 家 读 的 书 很 好 。',
  '床前明月光，疑是地上霜。',
];
const EDIT = JSON.stringify({ edits: [{ op: 'uniform', layer: 0, head: 0, row: 1 }] });

/** Every number of a result, as bits: typed arrays by their bytes, the rest as JSON. */
function bits(value: unknown): unknown {
  if (ArrayBuffer.isView(value))
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
  if (Array.isArray(value)) return value.map(bits);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, bits(v)]));
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  return value;
}

function open(module: AttnlabModule, name: string): Session {
  const session = new module.Session();
  const loaded = loadFolder(session, path.join(SHIPPED, name));
  expect(loaded.error ?? '', name).toBe('');
  return session;
}

/** What a lesson asks of a model, each answer reduced to its bits. */
function answers(session: Session): unknown[] {
  const out: unknown[] = [];
  for (const text of SENTENCES) {
    const forward = session.forward(text);
    out.push(bits(forward));
    out.push(bits(session.forwardEdited(text, EDIT)));
    if (forward.ok) out.push(bits(session.importance(text, '', 1, 0)));
  }
  return out;
}

let lessons: AttnlabModule;
let whole: AttnlabModule;
beforeAll(async () => {
  lessons = await loadWasm({}, 'attnlab_node_lessons');
  whole = await loadWasm();
});

it('ships models to compare, and the lessons module has no training lab', () => {
  expect(modelDirs.length).toBeGreaterThan(20);
  expect((lessons as unknown as Record<string, unknown>).Lab).toBeUndefined();
  expect((whole as unknown as Record<string, unknown>).Lab).toBeDefined();
});

describe.each(modelDirs)('%s', (name) => {
  it('gives the same bits in the lessons module as in the whole engine', () => {
    const [a, b] = [open(lessons, name), open(whole, name)];
    try {
      const [fromLessons, fromWhole] = [answers(a), answers(b)];
      expect(fromLessons.some((r) => (r as { ok?: boolean }).ok === true)).toBe(true);
      expect(fromLessons).toEqual(fromWhole);
    } finally {
      a.delete();
      b.delete();
    }
  });
});
