// Runs a start function once, when a part of a lesson comes near the screen: the first element of
// the lesson's shadow root matching `selector` comes within `margin` of the viewport. Lesson 3's
// shuffle demonstration loads its second model this way (issue 17: an embedded lesson fetches its
// own default model and starts one worker; another model loads when it is needed), early enough
// that it is usually there when the student scrolls to it. A part that is never rendered (a
// teacher's `panels` attribute leaves it out) never starts anything.

import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How far outside the viewport a part counts as near: about a screen's height. */
export const NEAR_MARGIN = '800px 0px';

export class WhenNear implements ReactiveController {
  private observer: IntersectionObserver | null = null;
  private watched: Element | null = null;
  private done = false;

  constructor(
    private readonly host: ReactiveControllerHost & { renderRoot: ParentNode },
    private readonly selector: string,
    private readonly start: () => void,
    /** Whether the lesson's layout is settled enough to judge (its figure drawn); watched from then. */
    private readonly ready: () => boolean = () => true,
    private readonly margin = NEAR_MARGIN,
  ) {
    host.addController(this);
  }

  /** (Again) on the page: watch from the next render (what started went with the last visit). */
  hostConnected(): void {
    this.done = false;
    this.watched = null;
  }

  /** After each render: watch the part if it is (newly) there. */
  hostUpdated(): void {
    // Before the lesson's figure is drawn its parts sit close together, and everything looks near.
    if (this.done || !this.ready()) return;
    const part = this.host.renderRoot.querySelector(this.selector);
    if (part === this.watched) return;
    this.observer?.disconnect();
    this.watched = part;
    if (!part) return;
    if (typeof IntersectionObserver === 'undefined') return this.fire(); // no way to tell: start now
    this.observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) this.fire();
      },
      { rootMargin: this.margin },
    );
    this.observer.observe(part);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.watched = null;
  }

  /** Starts now, whatever is on screen (a student's action that needs the part). */
  fire(): void {
    if (this.done) return;
    this.done = true;
    this.observer?.disconnect();
    this.observer = null;
    this.start();
  }

  /** Whether the start function has run. */
  get started(): boolean {
    return this.done;
  }
}
