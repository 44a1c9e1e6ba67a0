// What a lesson drawing its first figure from the build starts at once, when its code runs: its
// worker (which fetches the WebAssembly) and its model's folder, both without waiting for the model
// manifest (the build computed the figure from that folder, so the page serves it). Each is the one
// the lesson then takes: the worker its first EngineClient (engine/early-worker.ts), the download
// its first fetch of the folder (fetchModelFolderAhead). On slow 3G each wait saved is a 2 s round
// trip (docs/performance-first-view.md).

import { startEngineWorkerEarly } from '../../engine/early-worker';
import { defaultModelBase } from '../../engine/model-base';
import { fetchModelFolderAhead } from '../../engine/model-folder';
import { missingWasmFeatures } from '../../engine/wasm-features';

export function startEngineFor(folder: string): void {
  fetchModelFolderAhead(defaultModelBase(), folder);
  // A browser the engine cannot run in starts no worker: the lesson says what is missing.
  void missingWasmFeatures()
    .then((missing) => missing.length === 0 && startEngineWorkerEarly())
    .catch(() => {});
}
