// A lesson's models as a Lit reactive controller: which ones the page serves (models/index.json),
// and each one's load state. One rule for every lesson: a model is loaded once (again only after a
// failure), every engine the set made is disposed when the element leaves the page, and an engine
// whose load finishes after that is disposed at once instead of being kept.
// The loading itself is passed in (lessons/shared/load-model.ts for the page, fakes in tests).

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { servedModels, type LessonModels } from './models';
import { CrossOriginWorkerError } from '../../engine/engine';

/** What a loaded model must offer the set: a worker to dispose. */
export interface Disposable {
  engine: { dispose(): void };
}

export type LoadState<M> =
  | { status: 'loading' }
  | { status: 'ready'; model: M }
  | { status: 'failed'; error: string; crossOrigin?: boolean };

export interface ModelSetOptions<K extends string, M extends Disposable> {
  lesson: LessonModels<K>;
  /** Loads the model folder `folder` (disposing what it made if it fails). */
  load: (folder: string) => Promise<M>;
  /** The folder names models/index.json lists ([] when there is no manifest). */
  manifest: () => Promise<string[]>;
  /** A model became ready (the lesson usually runs its forward). */
  onReady?: (key: K, model: M) => void;
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class ModelSet<K extends string, M extends Disposable> implements ReactiveController {
  /** Models whose folder the page serves, in switch order (see servedModels for the fallback). */
  available: K[] = [];
  /** The manifest has been read (until then, `available` is empty because nothing is known yet). */
  manifestRead = false;
  /** Folder names listed by the manifest. */
  served: string[] = [];
  private loads: Partial<Record<K, LoadState<M>>> = {};
  /** Bumped when the host leaves the page: loads started before belong to a disposed set. */
  private generation = 0;

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

  /** The load state of `key` (undefined: never asked for). */
  state(key: K): LoadState<M> | undefined {
    return this.loads[key];
  }

  /** The model `key` if it is ready. */
  ready(key: K): M | null {
    const load = this.loads[key];
    return load?.status === 'ready' ? load.model : null;
  }

  /** Starts loading `key` unless it is loading or loaded; resolves when that load settles. */
  async ensure(key: K): Promise<void> {
    const known = this.loads[key];
    if (known && known.status !== 'failed') return;
    const folder = this.options.lesson.models.find((m) => m.key === key)?.folder;
    if (!folder) return;
    const generation = this.generation;
    this.set(key, { status: 'loading' });
    let model: M;
    try {
      model = await this.options.load(folder);
    } catch (error) {
      if (generation === this.generation)
        this.set(key, {
          status: 'failed',
          error: errorText(error),
          ...(error instanceof CrossOriginWorkerError ? { crossOrigin: true } : {}),
        });
      return;
    }
    if (generation !== this.generation) {
      model.engine.dispose(); // the element left the page while this model loaded
      return;
    }
    this.set(key, { status: 'ready', model });
    this.options.onReady?.(key, model);
  }

  private set(key: K, state: LoadState<M>): void {
    this.loads = { ...this.loads, [key]: state };
    this.host.requestUpdate();
  }
}
