// Starts the engine's module worker from its own file beside the script (the normal build). The
// single-file build swaps this module for ./create-worker-inline.ts (web/vite.single.config.ts).
// A page without the training lab gets the inference-only engine; with the lab (the app page) the
// lessons share the lab's whole engine, which the browser then fetches and compiles once.
export const createEngineWorker = (): Worker =>
  document.querySelector('attnlab-train')
    ? new Worker(new URL('./worker-full.ts', import.meta.url), { type: 'module', name: 'attnlab-engine' })
    : new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'attnlab-engine' });

/**
 * Whether this page may start the worker: a module worker's script must come from the page's own
 * origin, and it sits beside this module (the element snippet used on another site cannot).
 */
export const workerMayStart = (): boolean =>
  typeof location === 'undefined' || new URL(import.meta.url).origin === location.origin;
