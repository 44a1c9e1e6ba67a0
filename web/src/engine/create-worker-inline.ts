// The single-file build's engine worker: Vite inlines the worker bundle (with the WASM inside it as a
// data: URL) and starts it from a blob: URL, so the page needs no file beside it.
import EngineWorker from './worker.ts?worker&inline';

export const createEngineWorker = (): Worker => new EngineWorker({ name: 'attnlab-engine' });
