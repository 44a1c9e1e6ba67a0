// What a lesson drawing its first figure from the build starts at once, when its code runs: its
// worker (which fetches the WebAssembly) and its model's folder, both without waiting for the model
// manifest (the build computed the figure from that folder, so the page serves it). Each is the one
// the lesson then takes: the worker its first EngineClient (engine/early-worker.ts), the download
// its first fetch of the folder (fetchModelFolderAhead). On slow 3G each wait saved is a 2 s round
// trip (docs/performance-first-view.md).

import { startEngineWorkerEarly, workerMayStart } from '../../engine/early-worker';
import { defaultModelBase } from '../../engine/model-base';
import { fetchModelFolderAhead } from '../../engine/model-folder';
import { missingWasmFeatures } from '../../engine/wasm-features';

export function startEngineFor(folder: string): void {
  // A page the engine cannot run on (the element on another site) fetches no model: it says so.
  if (!workerMayStart()) return;
  // A browser the engine cannot run in starts no worker and fetches no model: the lesson says what
  // is missing (the check is a few microtasks, no download).
  void missingWasmFeatures()
    .then((missing) => {
      if (missing.length) return;
      fetchModelFolderAhead(defaultModelBase(), folder);
      startEngineWorkerEarly();
    })
    .catch(() => {});
}
