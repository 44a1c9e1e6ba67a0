// WhenNear (web/src/lessons/shared/when-near.ts), which starts lesson 3's shuffle model when its
// panel comes near the screen: it watches the part once rendered, starts once when the part comes
// within its margin, never for a part that is not rendered, and again after the lesson leaves the
// page and comes back. A fake IntersectionObserver stands in for the browser's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactiveController } from 'lit';
import { NEAR_MARGIN, WhenNear } from '../../web/src/lessons/shared/when-near';

class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The browser reports the observed part as near (or not). */
  report(near: boolean) {
    if (!this.disconnected) this.callback([{ isIntersecting: near }]);
  }
}

/** A lesson stand-in: its rendered part (or none) and its controllers. */
function fakeHost() {
  const controllers: ReactiveController[] = [];
  const host = {
    part: null as Element | null,
    renderRoot: { querySelector: () => host.part } as unknown as ParentNode,
    addController: (c: ReactiveController) => controllers.push(c),
    removeController: () => {},
    requestUpdate: () => {},
    updateComplete: Promise.resolve(true),
    rendered: () => controllers.forEach((c) => c.hostUpdated?.()),
    connected: () => controllers.forEach((c) => c.hostConnected?.()),
    disconnected: () => controllers.forEach((c) => c.hostDisconnected?.()),
  };
  return host;
}

/** A connected lesson stand-in watched by a WhenNear (with `observer` as the browser's). */
function watched(observer: unknown, ready?: () => boolean) {
  vi.stubGlobal('IntersectionObserver', observer);
  const host = fakeHost();
  const start = vi.fn();
  const near = new WhenNear(host, '.shuffle', start, ready);
  host.connected();
  return { host, start, near };
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.all = [];
});

describe('WhenNear', () => {
  it('starts once, when the rendered part comes near, with the margin of about a screen', () => {
    const { host, start, near } = watched(FakeObserver);
    host.rendered(); // the part is not rendered yet: nothing watched
    expect(FakeObserver.all).toHaveLength(0);
    host.part = {} as Element;
    host.rendered();
    host.rendered(); // the same part: watched once
    expect(FakeObserver.all).toHaveLength(1);
    const [observer] = FakeObserver.all;
    expect(observer.options.rootMargin).toBe(NEAR_MARGIN);
    observer.report(false);
    expect(start).not.toHaveBeenCalled();
    observer.report(true);
    observer.report(true);
    expect(start).toHaveBeenCalledTimes(1);
    expect(near.started).toBe(true);
    expect(observer.disconnected).toBe(true);
  });

  it('waits for the lesson to be ready (its figure drawn) before judging what is near', () => {
    let drawn = false;
    const { host, start } = watched(FakeObserver, () => drawn);
    host.part = {} as Element;
    host.rendered();
    expect(FakeObserver.all).toHaveLength(0);
    drawn = true;
    host.rendered();
    expect(FakeObserver.all).toHaveLength(1);
    FakeObserver.all[0].report(true);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('never starts for a part that is never rendered', () => {
    const { host, start } = watched(FakeObserver);
    for (let i = 0; i < 3; i++) host.rendered();
    expect(start).not.toHaveBeenCalled();
  });

  it('watches again after the lesson leaves the page and comes back', () => {
    const { host, start } = watched(FakeObserver);
    host.part = {} as Element;
    host.rendered();
    FakeObserver.all[0].report(true);
    host.disconnected();
    host.connected();
    host.rendered();
    expect(FakeObserver.all).toHaveLength(2);
    FakeObserver.all[1].report(true);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('starts at once where the browser has no IntersectionObserver', () => {
    const { host, start } = watched(undefined);
    host.part = {} as Element;
    host.rendered();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
