// The single-file build's one worker script, for both roles: the lessons' engine and the training
// lab (chosen by the name the page starts it with). One script carries the whole engine once, as
// base64 gzip text it unpacks itself (virtual:attnlab-wasm, web/vite.single.config.ts), instead of
// two workers each carrying the module as a 1.1 MB data: URL.
import createModule from './generated/attnlab.js';
import { wasmGzip } from 'virtual:attnlab-wasm';
import { gunzipBase64Bytes } from './embedded-bytes';
import { runLabWorker } from './lab-worker-host';
import { runEngineWorker } from './worker-host';

/** The name create-lab-worker-inline.ts starts the lab's worker with. */
const LAB_WORKER_NAME = 'attnlab-lab';

const wasmBinary = gunzipBase64Bytes(wasmGzip);
if ((self as unknown as { name: string }).name === LAB_WORKER_NAME) runLabWorker(createModule, wasmBinary);
else runEngineWorker(createModule, wasmBinary);
