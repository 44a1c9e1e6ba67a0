// The single-file build's lab worker: Vite inlines the worker bundle (with the WASM inside it as a
// data: URL) and starts it from a blob: URL, so the page needs no file beside it.
import LabWorker from './lab-worker.ts?worker&inline';

export const createLabWorker = (): Worker => new LabWorker({ name: 'attnlab-lab' });
