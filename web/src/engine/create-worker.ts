// Starts the engine's module worker from its own file beside the script (the normal build). The
// single-file build swaps this module for ./create-worker-inline.ts (web/vite.single.config.ts).
export const createEngineWorker = (): Worker =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'attnlab-engine' });
