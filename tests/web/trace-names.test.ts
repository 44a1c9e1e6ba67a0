// The page's copy of the trace's tensor names (web/src/engine/trace-names.ts) is the engine's
// (cpp/models/trace_names.h, exported by the module as traceNames()), and every name the shipped
// models' traces carry is one of them.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { TRACE } from '../../web/src/engine/trace-names';
import type { AttnlabModule } from '../../web/src/engine/wasm-types';
import { loadWasm, repoRoot } from './support/wasm-node';

let module: AttnlabModule;
beforeAll(async () => {
  module = await loadWasm();
});

it('the page knows exactly the names the engine declares', () => {
  expect(Object.values(TRACE).sort()).toEqual([...module.traceNames()].sort());
});

it('every tensor of every shipped model is a declared name (or a Transformer layer of one)', () => {
  const declared = new Set(module.traceNames());
  const models = path.join(repoRoot, 'models');
  let checked = 0;
  for (const name of fs.readdirSync(models).sort()) {
    const dir = path.join(models, name);
    if (!fs.existsSync(path.join(dir, 'config.json'))) continue;
    const session = new module.Session();
    try {
      const loaded = session.load(
        fs.readFileSync(path.join(dir, 'config.json'), 'utf8'),
        new Uint8Array(fs.readFileSync(path.join(dir, 'model.safetensors'))),
        fs.readFileSync(path.join(dir, 'card.json'), 'utf8'),
      );
      expect(loaded.ok, `${name}: ${loaded.error}`).toBe(true);
      const result = session.forward('the red car is fast .');
      expect(result.ok, `${name}: ${result.error}`).toBe(true);
      for (const t of result.tensors)
        expect(declared, `${name}: ${t.name}`).toContain(t.name.replace(/^layer\d+\./, ''));
      checked += 1;
    } finally {
      session.delete();
    }
  }
  expect(checked).toBeGreaterThanOrEqual(13);
});
