// An embedded lesson (`?embed=<lesson>`, the iframe snippet) starts what its first figure waits for
// as soon as the page's entry script runs, not when the lesson's own code has arrived: the engine
// worker (which fetches and compiles the WebAssembly) and the model manifest. Before, the worker
// started only once the lesson's code had arrived, and its WebAssembly came last. Lesson 1 over
// HTTP/2 on slow 3G: first figure 24.0 -> 20.0 s (docs/performance-downloads.md, "A head start for
// an embedded lesson").
//
// A lesson that opens as it is (English, no setting in the link) draws its first figure from the
// build instead (lessons/shared/first-views.ts): its worker and model would only slow its own code
// down on a slow network, so it gets no head start here; it starts both itself, at once, as soon as
// its code runs (lessons/shared/first-view-engine.ts). What is started here is exactly what the
// lesson would start: the worker is the one its first EngineClient takes (engine/early-worker.ts),
// the manifest request the one every caller shares (fetchManifest).

import { startEngineWorkerEarly } from '../engine/early-worker';
import { defaultModelBase } from '../engine/model-base';
import { fetchManifest } from '../engine/model-folder';
import { missingWasmFeatures } from '../engine/wasm-features';
import { FIRST_VIEWS } from '../lessons/shared/first-views';
import type { AppState } from './state';

/** The lessons that run the engine worker. */
const ENGINE_LESSONS: readonly string[] = ['seq2seq', 'lstmn', 'transformer'];

/** The embedded lesson opens as it is (English, no setting in the link) and has a first view. */
export function opensOnFirstView(state: AppState, language: string): boolean {
  return !!state.embed && state.embed in FIRST_VIEWS && !state.lessons[state.embed] && language === 'en';
}

/**
 * Starts the manifest and the worker of the embedded lesson; resolves once the worker is started (a
 * few microtasks: the feature check), so the page asks for the lesson's code after these. Never
 * rejects.
 */
export async function headStart(state: AppState, language: string): Promise<void> {
  if (!state.embed || !ENGINE_LESSONS.includes(state.embed)) return;
  if (opensOnFirstView(state, language)) return;
  try {
    void fetchManifest(defaultModelBase());
    // A browser the engine cannot run in starts nothing: the lesson says what is missing.
    if ((await missingWasmFeatures()).length === 0) startEngineWorkerEarly();
  } catch {
    // nothing started early: the lesson starts it all itself, and says what failed
  }
}
