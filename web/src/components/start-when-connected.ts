// Starting an element's work (workers, model fetches) only once the script that connected it is
// over, and only if it is still in the page then. An element is connected the moment its module
// defines it; an embedded lesson's page removes the other lessons right after, in the same script
// (embed/prune.ts), and those must start nothing.
//
// On the app page the first thing a reader sees is <attnlab-first-view>, and on a slow network
// (issue 17: slow 3G, 50 kB/s) every lesson, the playground and the training lab starting at once
// shared that bandwidth with it: the first figure waited for every model of every lesson. Everything
// else on a page that holds the first view starts once its first figure is drawn (or could not be).

/** Everything else starts anyway after this long, should the first view never finish. */
const FIRST_FIGURE_WAIT_MS = 120_000;

let firstFigureDrawn: () => void = () => {};
const firstFigure = new Promise<void>((resolve) => {
  firstFigureDrawn = resolve;
});

/** The first view's first figure is drawn, or it failed, or it left the page: the rest may start. */
export function firstFigureDone(): void {
  firstFigureDrawn();
}

/**
 * Runs `start` after the current script if `el` is still connected; on a page with the first view
 * (other than the first view itself), once its first figure is done.
 */
export function startWhenConnected(el: HTMLElement, start: () => void): void {
  queueMicrotask(() => {
    if (!el.isConnected) return;
    const first = el.ownerDocument.querySelector('attnlab-first-view');
    if (!first || first === el) return start();
    const timer = new Promise<void>((resolve) => setTimeout(resolve, FIRST_FIGURE_WAIT_MS));
    void Promise.race([firstFigure, timer]).then(() => {
      if (el.isConnected) start();
    });
  });
}
