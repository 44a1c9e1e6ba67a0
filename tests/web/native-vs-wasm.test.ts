// The same model folder through the native CLI and through the WebAssembly module must give the
// same trace: tokens, ids, every attention map (scores and weights) and every tensor, to 1e-5.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toForwardRecord, type RawForward } from '../../web/src/engine/convert';
import { maxAbsDiff, type ForwardRecord } from '../../web/src/engine/records';
import type { AttnlabModule, Session } from '../../web/src/engine/wasm-types';
import { MODELS_DIR, loadFolder, loadWasm, nativeForward, repoRoot } from './support/wasm-node';

const TOLERANCE = 1e-5;

const modelDirs = fs.existsSync(MODELS_DIR)
  ? fs
      .readdirSync(MODELS_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => path.join(MODELS_DIR, e.name))
      .sort()
  : [];

it('has model fixtures to compare', () => {
  expect(
    modelDirs.length,
    `no model folders under ${path.relative(repoRoot, MODELS_DIR)} (scripts/make_fixtures.py writes them)`,
  ).toBeGreaterThan(0);
});

describe.each(modelDirs.map((dir) => [path.basename(dir), dir]))('%s: native CLI vs WASM', (_name, dir) => {
  let module: AttnlabModule;
  let session: Session;
  let native: ForwardRecord;
  let wasm: ForwardRecord;
  let setupError: unknown = null;

  beforeAll(async () => {
    try {
      await setup();
    } catch (error) {
      setupError = error; // reported by every test below, never a silent skip
    }
  });
  beforeEach(() => {
    if (setupError) throw setupError;
  });

  async function setup(): Promise<void> {
    // As the shell's "$(cat input.txt)" would pass it: trailing newlines dropped.
    const text = fs.readFileSync(path.join(dir, 'input.txt'), 'utf8').replace(/\n+$/, '');
    const cli = nativeForward(dir, text) as RawForward & { ok?: boolean };
    expect(cli.ok ?? true).toBe(true);
    native = toForwardRecord(cli);

    module = await loadWasm();
    session = new module.Session();
    const loaded = loadFolder(session, dir);
    expect(loaded.error ?? '').toBe('');
    expect(loaded.ok).toBe(true);
    const result = session.forward(text);
    expect(result.error ?? '').toBe('');
    wasm = toForwardRecord(result);
  }

  afterAll(() => session?.delete());

  it('tokenizes the same way', () => {
    expect(wasm.tokens).toEqual(native.tokens);
    expect(Array.from(wasm.ids)).toEqual(Array.from(native.ids));
    expect(wasm.unknown).toEqual(native.unknown);
    expect(wasm.words).toEqual(native.words);
    expect(Array.from(wasm.wordOf)).toEqual(Array.from(native.wordOf));
  });

  it('gives the same attention maps (scores and weights within 1e-5)', () => {
    expect(wasm.maps.length).toBeGreaterThan(0);
    expect(wasm.maps.map((m) => [m.name, m.layer, m.head, m.rows, m.cols])).toEqual(
      native.maps.map((m) => [m.name, m.layer, m.head, m.rows, m.cols]),
    );
    wasm.maps.forEach((m, i) => {
      const n = native.maps[i];
      const where = `${m.name} layer ${m.layer} head ${m.head}`;
      expect(m.rowLabels, where).toEqual(n.rowLabels);
      expect(m.colLabels, where).toEqual(n.colLabels);
      expect(maxAbsDiff(m.weights, n.weights), `${where} weights`).toBeLessThanOrEqual(TOLERANCE);
      expect(maxAbsDiff(m.scores, n.scores), `${where} scores`).toBeLessThanOrEqual(TOLERANCE);
    });
  });

  it('gives the same tensors within 1e-5', () => {
    expect(wasm.tensors.map((t) => [t.name, t.rows, t.cols])).toEqual(
      native.tensors.map((t) => [t.name, t.rows, t.cols]),
    );
    wasm.tensors.forEach((t, i) => {
      expect(maxAbsDiff(t.data, native.tensors[i].data), t.name).toBeLessThanOrEqual(TOLERANCE);
    });
  });
});
