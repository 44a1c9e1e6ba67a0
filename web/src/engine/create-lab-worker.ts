// Starts the training lab's module worker from its own file beside the script (the normal build).
// The single-file build swaps this module for ./create-lab-worker-inline.ts (web/vite.single.config.ts).
export const createLabWorker = (): Worker =>
  new Worker(new URL('./lab-worker.ts', import.meta.url), { type: 'module', name: 'attnlab-lab' });
