// Starting an element's work (workers, model fetches) only once the script that connected it is
// over, and only if it is still in the page then. An element is connected the moment its module
// defines it; an embedded lesson's page removes the other lessons right after, in the same script
// (embed/prune.ts), and those must start nothing.

/** Runs `start` after the current script if `el` is still connected. */
export function startWhenConnected(el: HTMLElement, start: () => void): void {
  queueMicrotask(() => {
    if (el.isConnected) start();
  });
}
