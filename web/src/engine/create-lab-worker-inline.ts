// The single-file build's lab worker: the same inlined worker bundle as the engine's
// (worker-single.ts, so the file holds the WASM once), started under the lab's name.
import SingleWorker from './worker-single.ts?worker&inline';

export const createLabWorker = (): Worker => new SingleWorker({ name: 'attnlab-lab' });
