// An embedded lesson (`?embed=<lesson>`, the iframe snippet) starts what its first figure waits for
// as soon as the page's entry script runs, not when the lesson's own code has arrived: the engine
// worker (which fetches and compiles the WebAssembly), the model manifest and, when the link shows
// the lesson as it opens, its first model. Before, the worker started only once the lesson's code had
// arrived, and its WebAssembly came last. Lesson 1 over HTTP/2 on slow 3G: first figure 24.0 -> 20.0 s;
// fast 3G 7.2-7.5 -> 6.1-6.2 s (docs/performance-downloads.md, "A head start for an embedded lesson").
//
// What is started is exactly what the lesson would start: the worker is the one its first
// EngineClient takes (engine/early-worker.ts), the manifest request is the one every caller shares
// (fetchManifest), and the model is fetched ahead only when the lesson's choice is known without
// its code: no setting of the lesson in the link and the English interface, where every lesson
// opens on its first served model (a Chinese interface or sentence can choose another). The lesson
// then takes that download (fetchModelFolderAhead) instead of fetching the folder again.

import { startEngineWorkerEarly } from '../engine/early-worker';
import { defaultModelBase } from '../engine/model-base';
import { fetchManifest, fetchModelFolderAhead } from '../engine/model-folder';
import { missingWasmFeatures } from '../engine/wasm-features';
import {
  DEFAULT_SEQ2SEQ_PAIR,
  LSTMN_MODELS,
  SEQ2SEQ_PAIR_MODELS,
  TRANSFORMER_MODELS,
  servedModels,
  type LessonModels,
} from '../lessons/shared/models';
import type { AppState } from './state';

/** The lessons that run the engine worker, with the models their switch offers as they open. */
const OPENING_MODELS: Partial<Record<NonNullable<AppState['embed']>, LessonModels>> = {
  seq2seq: SEQ2SEQ_PAIR_MODELS[DEFAULT_SEQ2SEQ_PAIR],
  lstmn: LSTMN_MODELS,
  transformer: TRANSFORMER_MODELS,
};

/**
 * The folder a lesson opened by `state` in `language` shows first, given the served folders; null
 * when that is not known without the lesson's code (a setting in the link, another language).
 */
export function openingFolder(state: AppState, language: string, served: readonly string[]): string | null {
  if (!state.embed) return null;
  const lesson = OPENING_MODELS[state.embed];
  if (!lesson || state.lessons[state.embed] || language !== 'en') return null;
  // Every lesson's default model is its first; one not served gives way to the first served.
  const key = servedModels(lesson, served)[0];
  return lesson.models.find((m) => m.key === key)?.folder ?? null;
}

/**
 * Starts the manifest, the worker and (once the manifest says it is served) the first model of the
 * embedded lesson; resolves once the worker is started (a few microtasks: the feature check), so the
 * page asks for the lesson's code after these. Never rejects.
 */
export async function headStart(state: AppState, language: string): Promise<void> {
  if (!state.embed || !OPENING_MODELS[state.embed]) return;
  try {
    const base = defaultModelBase();
    const manifest = fetchManifest(base);
    void manifest.then(({ models }) => {
      const folder = openingFolder(state, language, models);
      if (folder) fetchModelFolderAhead(base, folder);
    });
    // A browser the engine cannot run in starts nothing: the lesson says what is missing.
    if ((await missingWasmFeatures()).length === 0) startEngineWorkerEarly();
  } catch {
    // nothing started early: the lesson starts it all itself, and says what failed
  }
}
