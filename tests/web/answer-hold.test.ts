// AnswerHold (lessons/shared/answer-hold.ts) with a host that updates as Lit does: a requested
// update runs in a microtask, shouldUpdate() decides whether it renders, and a refused update's
// changed properties are dropped. A keystroke's own changes must wait for its answer and render
// with it, once, with every change and its oldest previous value; an answer that does not come
// within HOLD_MS must not keep them off the page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PropertyValues, ReactiveController, ReactiveControllerHost } from 'lit';
import { AnswerHold, HOLD_MS } from '../../web/src/lessons/shared/answer-hold';

class LitLikeHost implements ReactiveControllerHost {
  controllers: ReactiveController[] = [];
  waiting = false;
  readonly hold = new AnswerHold(this, () => this.waiting);
  /** What each update that rendered saw changed (name -> previous value). */
  renders: Array<Record<string, unknown>> = [];
  private changed = new Map<PropertyKey, unknown>();
  private pending = false;
  private values: Record<string, unknown> = {};

  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  get updateComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }
  set(name: string, value: unknown): void {
    if (!this.changed.has(name)) this.changed.set(name, this.values[name]);
    this.values[name] = value;
    this.requestUpdate();
  }
  requestUpdate(): void {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      const changed = this.changed as PropertyValues;
      this.changed = new Map();
      if (this.hold.pass(changed)) this.renders.push(Object.fromEntries(changed as Map<string, unknown>));
    });
  }
}

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('AnswerHold', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders a keystroke with its answer, once, with the oldest previous values', async () => {
    const host = new LitLikeHost();
    host.set('text', 'the');
    await settle();
    expect(host.renders).toEqual([{ text: undefined }]);

    // Two keystrokes before the answer: each asks, and holds.
    host.hold.begin();
    host.waiting = true;
    host.set('text', 'the c');
    host.set('busy', true);
    await settle();
    host.hold.begin();
    host.set('text', 'the ca');
    await settle();
    expect(host.renders).toHaveLength(1);

    // The answer: one render with everything the keystrokes changed.
    host.waiting = false;
    host.set('record', 'answer');
    await settle();
    expect(host.renders).toHaveLength(2);
    expect(host.renders[1]).toEqual({ text: 'the', busy: undefined, record: undefined });
  });

  it('renders without the answer once HOLD_MS has passed', async () => {
    const host = new LitLikeHost();
    host.hold.begin();
    host.waiting = true;
    host.set('text', 'a long sentence');
    await settle();
    vi.advanceTimersByTime(HOLD_MS - 1);
    await settle();
    expect(host.renders).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await settle();
    expect(host.renders).toEqual([{ text: undefined }]);
    // Still waiting, but no longer held: the next change renders at once.
    host.set('busy', true);
    await settle();
    expect(host.renders).toHaveLength(2);
  });

  it('holds nothing without a keystroke, or with no answer on its way', async () => {
    const host = new LitLikeHost();
    host.waiting = true;
    host.set('model', 'dot');
    await settle();
    expect(host.renders).toHaveLength(1);
    host.waiting = false;
    host.hold.begin(); // a keystroke that asked nothing (empty text, no model yet)
    host.set('text', '');
    await settle();
    expect(host.renders).toHaveLength(2);
  });

  it('forgets a hold when the element leaves the page', async () => {
    const host = new LitLikeHost();
    host.hold.begin();
    host.waiting = true;
    for (const c of host.controllers) c.hostDisconnected?.();
    host.set('text', 'x');
    await settle();
    expect(host.renders).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
