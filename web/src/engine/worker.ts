// The lessons' engine worker: the engine without the training lab (attnlab-infer.wasm), what a
// page showing lessons only downloads. The code is in worker-host.ts.
import createModule from './generated/attnlab-infer.js';
import { runEngineWorker } from './worker-host';

runEngineWorker(createModule);
