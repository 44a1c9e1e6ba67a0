// The page's side of interventions (issue 15) without a browser: the transitions a click or a
// toggle makes to the list of edits (lessons/shared/intervention-state.ts), the controller that
// holds them, runs the edited forward next to the original and reads and writes the `intervene`
// attribute (a fake Lit host, a fake engine), the engine client's lanes (an edited forward never
// replaces the original), the attribute in the URL and the snippets, and the lessons' pure
// before/after helpers on the real WASM module (forced picks, the changed words of a free
// translation, how far each output vector moved).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { formatEdits, interventionJson, type Edit } from '../../web/src/engine/intervention';
import { EngineClient, SupersededError, type WorkerLike } from '../../web/src/engine/engine';
import type { ForwardRecord } from '../../web/src/engine/records';
import type { ForwardEngine } from '../../web/src/lessons/shared/latest-forward';
import {
  isHeadOff,
  isUniform,
  maskedTokens,
  pinsOf,
  scaleOn,
  setScale,
  setTemperature,
  temperatureOf,
  toggleHeadOff,
  toggleMask,
  togglePin,
  toggleUniform,
  withoutPositional,
} from '../../web/src/lessons/shared/intervention-state';
import { InterventionController, sameTokens } from '../../web/src/lessons/shared/intervention-controller';
import { elementSnippet, formatAppState, parseAppState } from '../../web/src/embed/state';
import { changedWords, forcedPicks } from '../../web/src/lessons/seq2seq/view-model';
import { outputChange } from '../../web/src/lessons/transformer/view-model';
import { workerClientForSuite } from './support/in-process-worker';
import { repoRoot } from './support/wasm-node';

describe('what a click or a toggle does to the edits', () => {
  it('a click pins a cell; the same click unpins it; another key of the row replaces the pin', () => {
    let edits = togglePin([], { row: 2, key: 1 });
    expect(edits).toEqual<Edit[]>([{ op: 'pin', row: 2, key: 1 }]);
    expect(togglePin(edits, { row: 2, key: 1 })).toEqual([]);
    edits = togglePin(edits, { row: 2, key: 3 });
    expect(edits).toEqual<Edit[]>([{ op: 'pin', row: 2, key: 3 }]);
    // Another row keeps its own pin; another weight on the same cell replaces it.
    edits = togglePin(edits, { row: 4, key: 0, weight: 0.5 });
    expect(pinsOf(edits)).toEqual([
      { op: 'pin', row: 2, key: 3 },
      { op: 'pin', row: 4, key: 0, weight: 0.5 },
    ]);
    expect(togglePin(edits, { row: 4, key: 0 })).toEqual<Edit[]>([
      { op: 'pin', row: 2, key: 3 },
      { op: 'pin', row: 4, key: 0 },
    ]);
    // Pins of another head are another map's.
    const heads = togglePin(edits, { layer: 1, head: 0, row: 2, key: 0 });
    expect(pinsOf(heads, { layer: 1, head: 0 })).toEqual([{ op: 'pin', layer: 1, head: 0, row: 2, key: 0 }]);
    expect(pinsOf(heads)).toHaveLength(2);
    expect(formatEdits(heads)).toBe('pin_R3K4 pin_R5K1_0.5 pin_L2H1R3K1');
  });

  it('uniform attention per scope, heads off, hidden tokens, temperature and sqrt(d_k)', () => {
    let edits = toggleUniform([], { layer: 1 });
    expect(isUniform(edits, { layer: 1 })).toBe(true);
    expect(isUniform(edits)).toBe(false);
    expect(isUniform(edits, { layer: 1, head: 0 })).toBe(false);
    edits = toggleUniform(edits);
    expect(formatEdits(edits)).toBe('uniform_L2 uniform');
    edits = toggleUniform(edits, { layer: 1 });
    expect(formatEdits(edits)).toBe('uniform');

    edits = toggleHeadOff([], 1, 0);
    expect(isHeadOff(edits, 1, 0)).toBe(true);
    expect(isHeadOff(edits, 0, 1)).toBe(false);
    expect(toggleHeadOff(edits, 1, 0)).toEqual([]);

    // Hiding a token drops the pins on it (a masked key cannot be pinned).
    edits = toggleMask(togglePin([], { row: 3, key: 2 }), 2);
    expect(edits).toEqual<Edit[]>([{ op: 'mask', token: 2 }]);
    expect(maskedTokens(edits)).toEqual([2]);
    expect(toggleMask(edits, 2)).toEqual([]);

    edits = setTemperature([], 2);
    expect(temperatureOf(edits)).toBe(2);
    expect(setTemperature(edits, 1)).toEqual([]);
    expect(setTemperature(edits, 0.5)).toEqual<Edit[]>([{ op: 'temperature', value: 0.5 }]);

    expect(scaleOn([])).toBe(true);
    edits = setScale([], false);
    expect(scaleOn(edits)).toBe(false);
    expect(formatEdits(edits)).toBe('scale_off');
    expect(setScale(edits, true)).toEqual([]);
  });

  it('a new sentence keeps the edits of whole maps and drops those that name its words', () => {
    const edits: Edit[] = [
      { op: 'pin', row: 1, key: 0 },
      { op: 'uniform', layer: 0 },
      { op: 'mask', token: 3 },
      { op: 'uniform', row: 2 },
      { op: 'ablate_head', layer: 1, head: 1 },
      { op: 'temperature', value: 2 },
    ];
    expect(withoutPositional(edits)).toEqual({
      edits: [
        { op: 'uniform', layer: 0 },
        { op: 'ablate_head', layer: 1, head: 1 },
        { op: 'temperature', value: 2 },
      ],
      dropped: 3,
    });
  });
});

class FakeHost implements ReactiveControllerHost {
  controllers: ReactiveController[] = [];
  updates = 0;
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {
    this.updates++;
  }
  get updateComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

/** An engine that answers every forward at once with the tokens of its text, and records the call. */
class RecordingEngine implements ForwardEngine {
  calls: { input: string; target?: string; intervention?: string; lane?: string }[] = [];
  fail: string | null = null;
  forward(input: string, target?: string, intervention?: string, lane?: string): Promise<ForwardRecord> {
    this.calls.push({ input, target, intervention, lane });
    if (this.fail) return Promise.reject(new Error(this.fail));
    return Promise.resolve({ tokens: input.split(' '), lane } as unknown as ForwardRecord);
  }
}
const settle = () => new Promise((r) => setTimeout(r, 0));
const recordOf = (text: string) => ({ tokens: text.split(' ') }) as unknown as ForwardRecord;

describe('InterventionController', () => {
  function controller(rowBase = 1) {
    const host = new FakeHost();
    let reruns = 0;
    const ctrl = new InterventionController(host, { rowBase, rerun: () => reruns++ });
    return { host, ctrl, reruns: () => reruns };
  }

  it('without edits it asks the engine nothing; with edits it runs the edited lane with their JSON', async () => {
    const { ctrl, reruns } = controller();
    const engine = new RecordingEngine();
    ctrl.run(engine, 'the cat sat', () => true);
    expect(engine.calls).toEqual([]);
    expect(ctrl.edited.record).toBeNull();

    ctrl.change((edits) => toggleUniform(edits));
    expect(reruns()).toBe(1);
    expect(ctrl.active).toBe(true);
    expect(ctrl.text).toBe('uniform');
    ctrl.run(engine, 'the cat sat', () => true, 'le chat');
    await settle();
    expect(engine.calls).toEqual([
      {
        input: 'the cat sat',
        target: 'le chat',
        intervention: interventionJson([{ op: 'uniform' }]),
        lane: 'edited',
      },
    ]);
    const original = recordOf('the cat sat');
    expect(ctrl.editedFor(original)?.tokens).toEqual(['the', 'cat', 'sat']);
    expect(ctrl.shown(original)).toBe(ctrl.edited.record);
    ctrl.after = false;
    expect(ctrl.shown(original)).toBe(original);
    // An edited record of another text is never drawn in the original's place.
    ctrl.after = true;
    expect(ctrl.shown(recordOf('the dog'))).toEqual(recordOf('the dog'));

    // A second lane (lesson 1's free decoding) runs apart from the first.
    const free = ctrl.addForward('edited-free');
    ctrl.run(engine, 'the cat sat', () => true, undefined, free);
    await settle();
    expect(engine.calls[1].lane).toBe('edited-free');

    // Reset: no edits, nothing shown, no rerun needed afterwards.
    ctrl.reset();
    expect(ctrl.active).toBe(false);
    expect(ctrl.edited.record).toBeNull();
    expect(free.record).toBeNull();
    expect(ctrl.shown(original)).toBe(original);
  });

  it('keeps the engine’s refusal as its message, and forgets it with the edits', async () => {
    const { ctrl } = controller();
    const engine = new RecordingEngine();
    engine.fail = 'layer 2 head 1, row 9 is outside 0..4';
    ctrl.set([{ op: 'pin', row: 9, key: 0 }]);
    ctrl.run(engine, 'a b c d e', () => true);
    await settle();
    expect(ctrl.error).toBe('layer 2 head 1, row 9 is outside 0..4');
    expect(ctrl.shown(recordOf('a b c d e'))).toEqual(recordOf('a b c d e'));
    ctrl.reset();
    expect(ctrl.error).toBeNull();
  });

  it('reads the intervene attribute, lists what it ignored, and writes back the same text', () => {
    const { ctrl, reruns } = controller();
    ctrl.follow('off_L2H1 juggle pin_R3K1_0.5');
    expect(ctrl.edits).toEqual<Edit[]>([
      { op: 'ablate_head', layer: 1, head: 0 },
      { op: 'pin', row: 2, key: 0, weight: 0.5 },
    ]);
    expect(ctrl.ignored).toEqual(['juggle']);
    expect(reruns()).toBe(1);
    expect(ctrl.reflected()).toEqual({ value: 'off_L2H1 pin_R3K1_0.5', isDefault: false });
    // Its own text coming back from the attribute changes nothing.
    ctrl.follow('off_L2H1 pin_R3K1_0.5');
    expect(reruns()).toBe(1);
    // No attribute, no edits: nothing to write.
    const empty = controller().ctrl;
    empty.follow(null);
    expect(empty.reflected()).toEqual({ value: '', isDefault: true });
    // Lesson 1 counts rows from the start step s_0.
    const lesson1 = controller(0).ctrl;
    lesson1.follow('pin_R0K2');
    expect(lesson1.edits).toEqual([{ op: 'pin', row: 0, key: 1 }]);
    expect(lesson1.reflected().value).toBe('pin_R0K2');
  });

  it('a sentence typed anew clears pins and hidden words and says how many', () => {
    const { ctrl } = controller();
    ctrl.set([
      { op: 'pin', row: 1, key: 0 },
      { op: 'ablate_head', layer: 0, head: 0 },
      { op: 'mask', token: 2 },
    ]);
    ctrl.sentenceChanged();
    expect(ctrl.text).toBe('off_L1H1');
    expect(ctrl.cleared).toBe(2);
    ctrl.change((edits) => toggleHeadOff(edits, 0, 0));
    expect(ctrl.cleared).toBe(0);
  });

  it('sameTokens compares what the two records read', () => {
    expect(sameTokens(recordOf('a b'), recordOf('a b'))).toBe(true);
    expect(sameTokens(recordOf('a b'), recordOf('a c'))).toBe(false);
    expect(sameTokens(recordOf('a b'), recordOf('a b c'))).toBe(false);
  });
});

/** A worker that says "ready" and answers each forward only when the test says so. */
class HeldWorker implements WorkerLike {
  onmessage: WorkerLike['onmessage'] = null;
  onerror: WorkerLike['onerror'] = null;
  onmessageerror: WorkerLike['onmessageerror'] = null;
  sent: { id: number; text: string; intervention?: string }[] = [];
  constructor() {
    setTimeout(() => this.emit({ type: 'ready' }));
  }
  postMessage(message: unknown): void {
    this.sent.push(message as { id: number; text: string; intervention?: string });
  }
  terminate(): void {}
  emit(data: unknown): void {
    this.onmessage?.call(this as unknown as Worker, { data } as MessageEvent);
  }
  answer(index: number): void {
    const m = this.sent[index];
    this.emit({ id: m.id, ok: true, result: { tokens: [m.text] } });
  }
}

describe('EngineClient lanes', () => {
  it('an edited forward never replaces the original one, and the main lane goes first', async () => {
    const worker = new HeldWorker();
    const client = await EngineClient.create({ createWorker: () => worker });
    const first = client.forward('a'); // sent at once
    const second = client.forward('ab'); // waits
    const edited = client.forward('ab', undefined, '{"edits":[]}', 'edited'); // waits on its own lane
    const third = client.forward('abc'); // replaces "ab" on the main lane only
    await expect(second).rejects.toBeInstanceOf(SupersededError);
    expect(worker.sent.map((m) => m.text)).toEqual(['a']);
    worker.answer(0);
    expect((await first).tokens).toEqual(['a']);
    await settle();
    // The main lane's newest request goes before the edited one, which was asked earlier.
    expect(worker.sent.map((m) => m.text)).toEqual(['a', 'abc']);
    worker.answer(1);
    expect((await third).tokens).toEqual(['abc']);
    await settle();
    expect(worker.sent[2]).toMatchObject({ text: 'ab', intervention: '{"edits":[]}' });
    worker.answer(2);
    expect((await edited).tokens).toEqual(['ab']);
    client.dispose();
  });
});

describe('the intervene attribute in the URL and the snippets', () => {
  it('round-trips through the app page’s query and the element snippet', () => {
    const query = '?transformer.intervene=off_L1H1+pin_L2H1R3K1_0.5&seq2seq.intervene=pin_R0K2';
    const state = parseAppState(query);
    expect(state.lessons.transformer).toEqual({ intervene: 'off_L1H1 pin_L2H1R3K1_0.5' });
    expect(state.lessons.seq2seq).toEqual({ intervene: 'pin_R0K2' });
    expect(formatAppState(state)).toBe(
      '?seq2seq.intervene=pin_R0K2&transformer.intervene=off_L1H1+pin_L2H1R3K1_0.5',
    );
    const snippet = elementSnippet(
      'lstmn',
      { intervene: 'uniform', sentence: 'She was happy.' },
      'x.js',
      null,
    );
    expect(snippet).toContain('<attnlab-lstmn sentence="She was happy." intervene="uniform">');
    // A garbled value still reaches the element, which says what it ignored.
    expect(parseAppState('?lstmn.intervene=%3Cscript%3E').lessons.lstmn).toEqual({ intervene: '<script>' });
  });
});

describe('before and after, on the real engine', () => {
  const client = workerClientForSuite();
  const folder = (name: string) => {
    const dir = path.join(repoRoot, 'models', name);
    return [
      fs.readFileSync(path.join(dir, 'config.json'), 'utf8'),
      fs.readFileSync(path.join(dir, 'model.safetensors')),
      fs.readFileSync(path.join(dir, 'card.json'), 'utf8'),
    ] as const;
  };

  it('lesson 1: forced picks keep the French words and name the steps whose word changed', async () => {
    const engine = client();
    const [config, weights, card] = folder('seq2seq-additive');
    await engine.load(config, weights, card);
    const vocabulary = (JSON.parse(config) as { target_vocab: string[] }).target_vocab;
    const text = 'the european economic area does not see the red car .';
    const before = await engine.forward(text);
    const target = before.outputTokens.join(' ');
    const same = forcedPicks(before, before, vocabulary);
    expect(same.map((p) => p.forced)).toEqual([...before.outputTokens, '<eos>']);
    expect(same.map((p) => p.before.word)).toEqual([...before.outputTokens, '<eos>']); // greedy: picks are the words
    expect(same.some((p) => p.changed)).toBe(false);
    // Step 3 ("économique") reads only "the": what the changed model would write changes.
    const edits = interventionJson([{ op: 'pin', row: 3, key: 0 }]);
    const after = await engine.forward(text, target, edits);
    expect(after.outputTokens.join(' ')).toBe(target);
    const picks = forcedPicks(before, after, vocabulary);
    expect(picks).toHaveLength(same.length);
    expect(picks.filter((p) => p.changed).length).toBeGreaterThan(0);
  });

  it('lesson 1: only the words outside a common subsequence count as changed', () => {
    const before = 'la zone économique européenne ne voit pas'.split(' ');
    const after = 'la les zone économiques européennes ne voit pas'.split(' ');
    expect(changedWords(after, before)).toEqual([false, true, false, true, true, false, false, false]);
    expect(changedWords(before, before).some(Boolean)).toBe(false);
    expect(changedWords(['a'], [])).toEqual([true]);
  });

  it('lesson 3: a head switched off moves the output vectors; no change moves none', async () => {
    const engine = client();
    const [config, weights, card] = folder('tf-mlm');
    await engine.load(config, weights, card);
    const text = 'The FBI is chasing a criminal on the run.';
    const before = await engine.forward(text);
    const none = outputChange(before, before, 2);
    expect(none && Math.max(...none)).toBe(0);
    const off = await engine.forward(
      text,
      undefined,
      interventionJson([{ op: 'ablate_head', layer: 0, head: 0 }]),
    );
    const change = outputChange(before, off, 2);
    expect(change).not.toBeNull();
    expect(change!.length).toBe(before.tokens.length);
    expect(Math.min(...change!)).toBeGreaterThan(0); // every token reads layer 1's heads
  });
});
