// The training lab's first figure before its worker arrives (issue 17; web/vite-plugin-first-view.ts,
// web/src/lessons/train/first-view.ts): computed for exactly the lab's default settings and
// example, carried bit for bit, and what the worker's own loop reports first (the browser check of
// the drawn figure is tests/e2e/built-figure.mjs).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import runs from 'virtual:attnlab-lab-first-view';
import { builtMessages } from '../../web/src/lessons/train/first-view';
import { LabDriver } from '../../web/src/engine/lab-driver';
import type { LabMessage } from '../../web/src/engine/lab-protocol';
import type { AttnlabModule } from '../../web/src/engine/wasm-types';
import {
  changeTask,
  defaultText,
  trainConfig,
  validate,
  variantsOf,
} from '../../web/src/lessons/train/state';
import { loadWasm } from './support/wasm-node';

vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});

const bits = (a: Float32Array) => Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length));

let module: AttnlabModule;
beforeAll(async () => {
  module = await loadWasm();
});

const defaults = validate(defaultText()).settings!;
const example = defaults.numbers.example - 1;

/** What a fresh worker loop on this process's engine sends for `config`, watching `index`. */
function workerSends(config: string, index: number): LabMessage[] {
  const sent: LabMessage[] = [];
  const driver = new LabDriver(module, (m) => sent.push(m), { now: () => 0, later: () => {} });
  driver.handle({ type: 'create', config });
  driver.handle({ type: 'example', index });
  driver.dispose();
  return sent;
}

describe('the training lab’s first figure from the build', () => {
  it('is computed for each run of the default settings, watching the default example', () => {
    expect(runs.map((r) => r.config)).toEqual(variantsOf(defaults).map((v) => trainConfig(defaults, v)));
    expect(runs.every((r) => r.example === example)).toBe(true);
  });

  it('is what the worker’s loop reports first, bit for bit', () => {
    for (const run of runs) {
      const built = builtMessages(run.config, example)!;
      const sent = workerSends(run.config, example);
      const created = sent.find((m) => m.type === 'created');
      const snapshot = sent.filter((m) => m.type === 'snapshot').at(-1);
      expect(built[0]).toEqual(created);
      if (built[1].type !== 'snapshot' || snapshot?.type !== 'snapshot') throw new Error('no snapshot');
      expect(built[1].steps).toBe(0);
      expect(built[1].metrics).toEqual(snapshot.metrics);
      const [mine, theirs] = [built[1].example!, snapshot.example!];
      expect([mine.index, mine.source, mine.target, mine.gold]).toEqual([
        theirs.index,
        theirs.source,
        theirs.target,
        theirs.gold,
      ]);
      expect(mine.record.tokens).toEqual(theirs.record.tokens);
      expect(mine.record.maps.length).toBeGreaterThan(0);
      expect(mine.record.maps.map((m) => [m.rows, m.cols, bits(m.weights), bits(m.scores)])).toEqual(
        theirs.record.maps.map((m) => [m.rows, m.cols, bits(m.weights), bits(m.scores)]),
      );
    }
  });

  it('is drawn for nothing else: another example, another task, another seed', () => {
    const config = runs[0].config;
    expect(builtMessages(config, example + 1)).toBeNull();
    const sort = validate(changeTask(defaultText(), 'sort')).settings!;
    expect(builtMessages(trainConfig(sort, variantsOf(sort)[0]), example)).toBeNull();
    const seeded = JSON.stringify({ ...JSON.parse(config), seed: JSON.parse(config).seed + 1 });
    expect(builtMessages(seeded, example)).toBeNull();
  });
});
