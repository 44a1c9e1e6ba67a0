// The single-file build's engine worker: Vite inlines the worker bundle (worker-single.ts, which
// carries the engine's WASM) and starts it from a blob: URL, so the page needs no file beside it.
import SingleWorker from './worker-single.ts?worker&inline';

export const createEngineWorker = (): Worker => new SingleWorker({ name: 'attnlab-engine' });

/** A worker from a blob: URL starts on any page. */
export const workerMayStart = (): boolean => true;
