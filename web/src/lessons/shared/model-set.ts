// A lesson's models as a Lit reactive controller: which ones the page serves (models/index.json),
// and each one's load state. One rule for every lesson: a model is loaded once (again only after a
// failure), every engine the set made is disposed when the element leaves the page, and an engine
// whose load finishes after that is disposed at once instead of being kept.
// The loading itself is passed in (lessons/shared/load-model.ts for the page, fakes in tests).

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { servedModels, type LessonModels } from './models';
import {
  CrossOriginWorkerError,
  EngineError,
  UnsupportedBrowserError,
  type Restart,
  type RestartReason,
} from '../../engine/engine';
import type { EngineErrorFields } from '../../engine/protocol';
import type { WasmFeature } from '../../engine/wasm-features';
import { unsupportedText } from './unsupported-text';
import type { DownloadProgress, ModelFolder } from '../../engine/model-folder';

/** The key of the model the student opened from their own files (open-model.ts), in every lesson. */
export const LOCAL = 'local';
export type WithLocal<K extends string> = K | typeof LOCAL;

/** What a loaded model must offer the set: a worker to dispose (and, for the page's, its restarts). */
export interface Disposable {
  engine: { dispose(): void; onRestart?(listener: (restart: Restart) => void): () => void };
}

/** The last time a model's worker was replaced (engine.ts): which model, why, and a running count. */
export interface Restarted {
  key: string;
  reason: RestartReason;
  count: number;
}

export type LoadState<M> =
  /** `received` / `total`: how much of the weights has arrived (total null: not said). */
  | { status: 'loading'; received?: number; total?: number | null }
  | { status: 'ready'; model: M }
  | {
      status: 'failed';
      error: string;
      crossOrigin?: boolean;
      unsupported?: WasmFeature[];
      /** The engine's code (and file, key) when it refused the model, for the page's own words. */
      engine?: EngineErrorFields;
    };

export interface ModelSetOptions<K extends string, M extends Disposable> {
  lesson: LessonModels<K>;
  /** Loads the model folder `folder` (disposing what it made if it fails), telling how far it is. */
  load: (folder: string, onProgress?: DownloadProgress) => Promise<M>;
  /** The folder names models/index.json lists ([] when there is no manifest). */
  manifest: () => Promise<string[]>;
  /** Loads a folder the student opened (lessons without it offer no "Open your model"). */
  loadLocal?: (folder: ModelFolder) => Promise<M>;
  /** A model became ready (the lesson usually runs its forward). */
  onReady?: (key: WithLocal<K>, model: M) => void;
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export type FailedLoad = Extract<LoadState<never>, { status: 'failed' }>;

/** A load that failed with `error`, marked when the page says it in its own words (placeholders.ts). */
export const failedLoad = (error: unknown): FailedLoad => ({
  status: 'failed',
  // Panels that show only the message (a second model, the guide) name the missing features too.
  error: error instanceof UnsupportedBrowserError ? unsupportedText(error.missing) : errorText(error),
  ...(error instanceof CrossOriginWorkerError ? { crossOrigin: true } : {}),
  ...(error instanceof UnsupportedBrowserError ? { unsupported: error.missing } : {}),
  ...(error instanceof EngineError && error.fields.code ? { engine: error.fields } : {}),
});

export class ModelSet<K extends string, M extends Disposable> implements ReactiveController {
  /** Models whose folder the page serves, in switch order (see servedModels for the fallback). */
  available: K[] = [];
  /** The manifest has been read (until then, `available` is empty because nothing is known yet). */
  manifestRead = false;
  /** Folder names listed by the manifest. */
  served: string[] = [];
  private loads: Partial<Record<K, LoadState<M>>> = {};
  /** The model opened from the student's files: its name and load state (null: none opened). */
  local: { name: string; state: LoadState<M> } | null = null;
  /** Bumped when the host leaves the page: loads started before belong to a disposed set. */
  private generation = 0;
  /** The newest restart of one of the set's workers (null: none yet). */
  restarted: Restarted | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: ModelSetOptions<K, M>,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.generation++;
    for (const load of Object.values(this.loads) as (LoadState<M> | undefined)[])
      if (load?.status === 'ready') load.model.engine.dispose();
    this.loads = {};
    this.dropLocal();
    this.host.requestUpdate();
  }

  /** Reads the manifest; returns the served folder names. */
  async readManifest(): Promise<string[]> {
    const served = await this.options.manifest();
    this.served = served;
    this.available = servedModels(this.options.lesson, served);
    this.manifestRead = true;
    this.host.requestUpdate();
    return served;
  }

  /**
   * Puts another set of models in place of the lesson's (lesson 1's language pair): every engine
   * of the old set is disposed, a load still on its way is disposed when it arrives, and the
   * served models are read from the manifest already read. The student's opened model stays.
   */
  setLesson(lesson: LessonModels<K>): void {
    if (lesson === this.options.lesson) return;
    this.generation++;
    for (const load of Object.values(this.loads) as (LoadState<M> | undefined)[])
      if (load?.status === 'ready') load.model.engine.dispose();
    this.loads = {};
    (this.options as { lesson: LessonModels<K> }).lesson = lesson;
    if (this.manifestRead) this.available = servedModels(lesson, this.served);
    this.host.requestUpdate();
  }

  /** The load state of `key` (undefined: never asked for). */
  state(key: WithLocal<K>): LoadState<M> | undefined {
    return key === LOCAL ? this.local?.state : this.loads[key as K];
  }

  /** The model `key` if it is ready. */
  ready(key: WithLocal<K>): M | null {
    const load = this.state(key);
    return load?.status === 'ready' ? load.model : null;
  }

  /**
   * Loads a model folder the student opened, replacing the one opened before (its worker is
   * disposed). Resolves when the load settles; a refusal is the local state's error.
   */
  async openLocal(name: string, folder: ModelFolder): Promise<void> {
    const load = this.options.loadLocal;
    if (!load) return;
    this.dropLocal();
    const generation = this.generation;
    const slot = { name, state: { status: 'loading' } as LoadState<M> };
    this.local = slot;
    this.host.requestUpdate();
    try {
      const model = await load(folder);
      if (generation !== this.generation || this.local !== slot) {
        model.engine.dispose(); // the element left the page, or another model was opened meanwhile
        return;
      }
      slot.state = { status: 'ready', model };
      this.local = { ...slot };
      this.watch(LOCAL, model);
      this.host.requestUpdate();
      this.options.onReady?.(LOCAL, model);
    } catch (error) {
      if (generation !== this.generation || this.local !== slot) return;
      this.local = { name, state: failedLoad(error) };
      this.host.requestUpdate();
    }
  }

  /** Forgets the opened model and stops its worker. */
  dropLocal(): void {
    if (this.local?.state.status === 'ready') this.local.state.model.engine.dispose();
    this.local = null;
    this.host.requestUpdate();
  }

  /** Starts loading `key` unless it is loading or loaded; resolves when that load settles. */
  async ensure(key: K): Promise<void> {
    const known = this.loads[key];
    if (known && known.status !== 'failed') return;
    // An element taken out of the page loads nothing more (its disconnect disposed what it had).
    if ((this.host as { isConnected?: boolean }).isConnected === false) return;
    const folder = this.options.lesson.models.find((m) => m.key === key)?.folder;
    if (!folder) return;
    const generation = this.generation;
    this.set(key, { status: 'loading' });
    let model: M;
    try {
      model = await this.options.load(folder, (received, total) => {
        if (generation === this.generation && this.loads[key]?.status === 'loading')
          this.set(key, { status: 'loading', received, total });
      });
    } catch (error) {
      if (generation === this.generation) this.set(key, failedLoad(error));
      return;
    }
    if (generation !== this.generation) {
      model.engine.dispose(); // the element left the page while this model loaded
      return;
    }
    this.set(key, { status: 'ready', model });
    this.watch(key, model);
    this.options.onReady?.(key, model);
  }

  /** Hears the restarts of `model`'s worker (the subscription ends when the engine is disposed). */
  private watch(key: WithLocal<K>, model: M): void {
    model.engine.onRestart?.((restart) => {
      this.restarted = { key, reason: restart.reason, count: (this.restarted?.count ?? 0) + 1 };
      this.host.requestUpdate();
    });
  }

  private set(key: K, state: LoadState<M>): void {
    this.loads = { ...this.loads, [key]: state };
    this.host.requestUpdate();
  }
}
