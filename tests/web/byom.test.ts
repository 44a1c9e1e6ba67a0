// Models written by scripts/export_pytorch.py through the real WebAssembly module: the tutorial's
// byom-transformer (a user's own PyTorch model trained for seconds, exported under its own names,
// with a "pe" buffer) and the PyTorch options of issue 16 (pre-norm, layer_norm_eps, final norm,
// ReLU RNNs). Each folder's expected.safetensors holds what PyTorch computed (scripts/
// make_byom_fixtures.py): the logits and every attention map must match within 1e-5.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toForwardRecord, type RawForward } from '../../web/src/engine/convert';
import type { ForwardRecord } from '../../web/src/engine/records';
import type { AttnlabModule, Session } from '../../web/src/engine/wasm-types';
import { loadWasm, repoRoot } from './support/wasm-node';

const TOLERANCE = 1e-5;
const FIXTURES = path.join(repoRoot, 'tests/fixtures');

/** The F32 tensors of a safetensors file (8-byte little-endian header length, JSON header, data). */
function readSafetensors(file: string): Map<string, { shape: number[]; data: Float32Array }> {
  const bytes = fs.readFileSync(file);
  const n = Number(bytes.readBigUInt64LE(0));
  const header = JSON.parse(bytes.subarray(8, 8 + n).toString('utf8')) as Record<
    string,
    { dtype: string; shape: number[]; data_offsets: [number, number] }
  >;
  const out = new Map<string, { shape: number[]; data: Float32Array }>();
  for (const [name, e] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    expect(e.dtype).toBe('F32');
    const [begin, end] = e.data_offsets;
    const copy = bytes.subarray(8 + n + begin, 8 + n + end);
    const data = new Float32Array(copy.buffer.slice(copy.byteOffset, copy.byteOffset + copy.byteLength));
    out.set(name, { shape: e.shape, data });
  }
  return out;
}

function maxDiff(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

const folders = [
  path.join(FIXTURES, 'byom-transformer'),
  ...fs
    .readdirSync(path.join(FIXTURES, 'options'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(FIXTURES, 'options', e.name))
    .sort(),
];

it('has the exporter fixtures (scripts/make_byom_fixtures.py)', () => {
  expect(folders.length).toBeGreaterThanOrEqual(6);
  for (const f of folders) expect(fs.existsSync(path.join(f, 'expected.safetensors')), f).toBe(true);
});

describe.each(folders.map((dir) => [path.basename(dir), dir]))('%s: WASM against PyTorch', (_name, dir) => {
  let module: AttnlabModule;
  let session: Session;
  let record: ForwardRecord;
  const expected = readSafetensors(path.join(dir, 'expected.safetensors'));

  beforeAll(async () => {
    module = await loadWasm();
    session = new module.Session();
    const loaded = session.load(
      fs.readFileSync(path.join(dir, 'config.json'), 'utf8'),
      new Uint8Array(fs.readFileSync(path.join(dir, 'model.safetensors'))),
      fs.readFileSync(path.join(dir, 'card.json'), 'utf8'),
    );
    expect(loaded.error ?? '').toBe('');
    const text = fs.readFileSync(path.join(dir, 'input.txt'), 'utf8').replace(/\n+$/, '');
    const targetFile = path.join(dir, 'target.txt');
    const result = fs.existsSync(targetFile)
      ? session.forwardForced(text, fs.readFileSync(targetFile, 'utf8').replace(/\n+$/, ''))
      : session.forward(text);
    expect(result.error ?? '').toBe('');
    record = toForwardRecord(result as unknown as RawForward);
  });
  afterAll(() => session?.delete());

  it('reads the same token ids as PyTorch did', () => {
    expect(Array.from(record.ids)).toEqual(Array.from(expected.get('ids')!.data, (v) => Math.round(v)));
  });

  it('gives PyTorch logits within 1e-5', () => {
    const logits = record.tensors.find((t) => t.name === 'logits');
    expect(logits).toBeDefined();
    const want = expected.get('logits')!;
    expect([logits!.rows, logits!.cols]).toEqual(want.shape);
    expect(maxDiff(logits!.data, want.data)).toBeLessThanOrEqual(TOLERANCE);
  });

  it("gives PyTorch's attention maps within 1e-5", () => {
    const n = [...expected.keys()].filter((k) => k.endsWith('.weights')).length;
    expect(record.maps.length).toBe(n);
    record.maps.forEach((m, i) => {
      expect(maxDiff(m.scores, expected.get(`map.${i}.scores`)!.data)).toBeLessThanOrEqual(TOLERANCE);
      expect(maxDiff(m.weights, expected.get(`map.${i}.weights`)!.data)).toBeLessThanOrEqual(TOLERANCE);
    });
  });
});
