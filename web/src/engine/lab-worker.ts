// The training lab's module worker (the normal build): the whole engine, attnlab.wasm, fetched by
// the glue from beside the script. The code is in lab-worker-host.ts.
import createModule from './generated/attnlab.js';
import { runLabWorker } from './lab-worker-host';

runLabWorker(createModule);
