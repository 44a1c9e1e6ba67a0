// Interventions on the page's side (web/src/engine/intervention.ts): the text form an attribute
// and the URL carry, read back to the same edits, with what it cannot read reported; and the
// boundary round trip through the real WASM module and worker.ts: the edits reach the engine, the
// record comes back with the changed rows marked, and a bad intervention is refused with its reason.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_EDITS,
  formatEdits,
  interventionJson,
  parseEdits,
  type Edit,
} from '../../web/src/engine/intervention';
import { workerClientForSuite } from './support/in-process-worker';
import { repoRoot } from './support/wasm-node';

describe('the text form', () => {
  it('reads every kind of edit, 1-based, and writes it back the same', () => {
    const text =
      'uniform uniform_L1 uniform_L1H2 uniform_R3 pin_R3K1 pin_L2H1R3K1_0.5 row_R2_0.2-0.8-0 mask_K2 temp_2 temp_L1_0.5 scale_off off_L2H1 off_L2';
    const { edits, ignored } = parseEdits(text);
    expect(ignored).toEqual([]);
    expect(edits).toEqual<Edit[]>([
      { op: 'uniform' },
      { op: 'uniform', layer: 0 },
      { op: 'uniform', layer: 0, head: 1 },
      { op: 'uniform', row: 2 },
      { op: 'pin', row: 2, key: 0 },
      { op: 'pin', layer: 1, head: 0, row: 2, key: 0, weight: 0.5 },
      { op: 'row', row: 1, weights: [0.2, 0.8, 0] },
      { op: 'mask', token: 1 },
      { op: 'temperature', value: 2 },
      { op: 'temperature', value: 0.5, layer: 0 },
      { op: 'scale', on: false },
      { op: 'ablate_head', layer: 1, head: 0 },
      { op: 'ablate_layer', layer: 1 },
    ]);
    expect(formatEdits(edits)).toBe(text);
    // Lesson 1 counts rows from the start step: R0 is s_0, R1 the first word.
    expect(parseEdits('pin_R0K2 uniform_R1', 0).edits).toEqual([
      { op: 'pin', row: 0, key: 1 },
      { op: 'uniform', row: 1 },
    ]);
    expect(formatEdits([{ op: 'pin', row: 0, key: 1 }], 0)).toBe('pin_R0K2');
    // URLSearchParams leaves the text readable: only the spaces change.
    expect(new URLSearchParams({ i: 'off_L2H1 pin_R3K1_0.5' }).toString()).toBe('i=off_L2H1+pin_R3K1_0.5');
  });

  it('reports what it cannot read instead of throwing, and keeps at most MAX_EDITS', () => {
    const { edits, ignored } = parseEdits(
      'off_L0H1 pin_R3 juggle temp_0 temp_-1 row_R2 pin_R3K1_1.5 <script> mask_L1K2 off_L2H1 ' +
        'x'.repeat(60),
    );
    expect(edits).toEqual([{ op: 'ablate_head', layer: 1, head: 0 }]);
    expect(ignored).toEqual([
      'off_L0H1',
      'pin_R3',
      'juggle',
      'temp_0',
      'temp_-1',
      'row_R2',
      'pin_R3K1_1.5',
      '<script>',
      'mask_L1K2',
      `${'x'.repeat(40)}…`,
    ]);
    expect(parseEdits('pin_R0K1').ignored).toEqual(['pin_R0K1']); // rows count from 1 in lessons 2 and 3
    const many = parseEdits(Array.from({ length: MAX_EDITS + 5 }, () => 'uniform').join(' '));
    expect(many.edits).toHaveLength(MAX_EDITS);
    expect(many.ignored).toHaveLength(5);
    expect(parseEdits(null)).toEqual({ edits: [], ignored: [] });
  });
});

describe('the engine applies it (real WASM through worker.ts)', () => {
  const client = workerClientForSuite();
  const folder = (name: string) => {
    const dir = path.join(repoRoot, 'models', name);
    return {
      config: fs.readFileSync(path.join(dir, 'config.json'), 'utf8'),
      weights: fs.readFileSync(path.join(dir, 'model.safetensors')),
      card: fs.readFileSync(path.join(dir, 'card.json'), 'utf8'),
    };
  };

  it('Seq2Seq: a pinned row and a uniform start come back marked, the rest recomputed', async () => {
    const engine = client();
    const { config, weights, card } = folder('seq2seq-additive');
    await engine.load(config, weights, card);
    const text = 'the red car is fast .';
    const plain = await engine.forward(text);
    const target = plain.outputTokens.join(' ');
    const edits: Edit[] = [
      { op: 'uniform', row: 0 },
      { op: 'pin', row: 2, key: 4 },
    ];
    const forced = await engine.forward(text, target, interventionJson(edits));
    const map = forced.maps[0];
    expect(map.editedRows).toEqual([0, 2]);
    expect(Array.from(map.weights.subarray(map.cols, 2 * map.cols))).toEqual([0, 0, 0, 0, 1, 0]);
    expect(forced.outputTokens.join(' ')).toBe(target); // forced: the rows stay the same words
    expect(plain.maps[0].editedRows).toEqual([]);
    // Free decoding: the same edits change what the model writes.
    const free = await engine.forward(text, undefined, interventionJson(edits));
    expect(free.maps[0].editedRows).toEqual([0, 2]);
    expect(free.outputTokens.join(' ')).not.toBe(target);
  });

  it("refuses a bad intervention with the engine's reason, and then answers as before", async () => {
    const engine = client();
    await expect(
      engine.forward('the red car .', undefined, interventionJson([{ op: 'pin', row: 40, key: 0 }])),
    ).rejects.toThrow(/row 40 is outside/);
    await expect(engine.forward('the red car .', undefined, '{not json')).rejects.toThrow(/not valid JSON/);
    await expect(
      engine.forward('the red car .', undefined, interventionJson([{ op: 'ablate_layer', layer: 0 }])),
    ).rejects.toThrow(/no attention heads/);
    const after = await engine.forward('the red car .');
    expect(after.outputTokens.length).toBeGreaterThan(0);
  });

  it('Transformer: a head switched off, and uniform attention in a layer', async () => {
    const engine = client();
    const { config, weights, card } = folder('tf-mlm');
    await engine.load(config, weights, card);
    const text = 'She was very happy to see him.';
    const off = await engine.forward(
      text,
      undefined,
      interventionJson([{ op: 'uniform', layer: 0, head: 1 }]),
    );
    const head = off.maps.find((m) => m.layer === 0 && m.head === 1);
    expect(head?.editedRows).toEqual(Array.from({ length: head?.rows ?? 0 }, (_, i) => i));
    const n = head?.cols ?? 1;
    for (const w of head?.weights ?? []) expect(w).toBeCloseTo(1 / n, 6);
    expect(off.maps.find((m) => m.layer === 1 && m.head === 0)?.editedRows).toEqual([]);
  });
});

describe('gradient x input through the boundary (real WASM through worker.ts)', () => {
  const client = workerClientForSuite();
  it('one number per token for the word the model guesses, and log p of that word; bad rows refused', async () => {
    const engine = client();
    const dir = path.join(repoRoot, 'models', 'tf-mlm');
    await engine.load(
      fs.readFileSync(path.join(dir, 'config.json'), 'utf8'),
      fs.readFileSync(path.join(dir, 'model.safetensors')),
      fs.readFileSync(path.join(dir, 'card.json'), 'utf8'),
    );
    const text = 'The FBI is chasing a <mask> on the run.';
    const record = await engine.forward(text);
    const at = record.tokens.indexOf('<mask>');
    const logits = record.tensors.find((t) => t.name === 'logits');
    const row = Array.from(
      logits?.data.subarray(at * (logits?.cols ?? 0), (at + 1) * (logits?.cols ?? 0)) ?? [],
    );
    const word = row.indexOf(Math.max(...row));
    const imp = await engine.importance(text, at, word);
    expect(imp.perToken).toHaveLength(record.tokens.length);
    const max = Math.max(...row);
    const logSumExp = max + Math.log(row.reduce((s, z) => s + Math.exp(z - max), 0));
    expect(imp.logP).toBeCloseTo(row[word] - logSumExp, 4);
    expect(imp.perToken.some((x) => x !== 0)).toBe(true);
    await expect(engine.importance(text, 99, word)).rejects.toThrow(/row 99 is outside/);
  });
});
