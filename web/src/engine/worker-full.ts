// The lessons' engine worker on a page that also shows the training lab: the whole engine
// (attnlab.wasm), the module the lab's worker loads anyway, so the page downloads one engine, not
// two. The code is in worker-host.ts.
import createModule from './generated/attnlab.js';
import { runEngineWorker } from './worker-host';

runEngineWorker(createModule);
