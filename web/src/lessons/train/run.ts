// One training run of the lab: a worker (engine/lab-client.ts) training one model variant (an
// attention, or a Transformer's positions: state.ts variantsOf), and everything the page shows of it (steps, losses, speed, the snapshot timeline, an error). The
// element holds one run, or two side by side; each calls `changed` when there is something new.

import './strings';
import { zipSync, strToU8 } from 'fflate';
import { CrossOriginWorkerError } from '../../engine/engine';
import { LabClient, type LabClientOptions, type LabExport, type LabHost } from '../../engine/lab-client';
import type { LabMessage } from '../../engine/lab-protocol';
import type { WasmFeature } from '../../engine/wasm-features';
import { unsupportedText } from '../shared/unsupported-text';
import { addSnapshot, type Snapshot } from './timeline';
import type { Family } from './state';
import { t } from '../../i18n';

export type RunStatus = 'starting' | 'ready' | 'running' | 'paused' | 'done' | 'failed';

/** What went wrong, by code (engine codes of docs/engine-contract.md, plus the worker's own). */
export interface RunError {
  code: string;
  detail: string;
  /** code 'wasm_features': the WebAssembly features this browser lacks (no worker was started). */
  missing?: WasmFeature[];
}

/** What the lab starts a run with besides the worker's: the browser's missing WebAssembly features. */
export interface TrainRunOptions extends LabClientOptions {
  missing?: WasmFeature[];
  /**
   * What the build computed this run's worker reports first (first-view.ts), drawn while the
   * worker and its engine download; null or absent: the run waits for its worker.
   */
  built?: LabMessage[] | null;
}

export class TrainRun {
  status: RunStatus = 'starting';
  steps = 0;
  totalSteps = 0;
  parameters = 0;
  /** The mean loss of each step's batch: losses[i] is step i + 1. */
  readonly losses: number[] = [];
  timeline: Snapshot[] = [];
  stepsPerSecond = 0;
  /** Start came while the worker was still warming up; the first steps follow when it ends. */
  warming = false;
  examplesPerSecond = 0;
  tokensPerSecond = 0;
  error: RunError | null = null;
  /** The snapshot on the timeline is the build's (TrainRunOptions.built), not yet the worker's. */
  fromBuild = false;
  private client: LabClient | null = null;

  constructor(
    /** The model the task trains (state.ts FAMILY), which names the variant. */
    readonly family: Family,
    /** This run's value of the compared setting: additive, dot, none; or sinusoidal, none (Transformer). */
    readonly variant: string,
    readonly config: string,
    example: number,
    private readonly changed: (kind: 'progress' | 'snapshot' | 'state') => void,
    options: TrainRunOptions = {},
  ) {
    if (options.missing?.length) {
      this.status = 'failed';
      this.error = { code: 'wasm_features', detail: options.missing.join(', '), missing: options.missing };
      return;
    }
    try {
      this.client = LabClient.start((message) => this.receive(message), options);
    } catch (error) {
      this.status = 'failed';
      this.error =
        error instanceof CrossOriginWorkerError
          ? { code: 'cross_origin', detail: error.message }
          : { code: 'worker', detail: error instanceof Error ? error.message : String(error) };
      return;
    }
    this.client.send({ type: 'create', config });
    this.client.send({ type: 'example', index: example });
    if (options.built) {
      for (const message of options.built) this.receive(message);
      this.fromBuild = this.timeline.length > 0;
    }
  }

  /** The worker this run trains on, to give a second run (null when it could not start). */
  get host(): LabHost | null {
    return this.client?.host ?? null;
  }

  get finished(): boolean {
    return this.totalSteps > 0 && this.steps >= this.totalSteps;
  }

  run(): void {
    if (this.status === 'ready' || this.status === 'paused') this.client?.send({ type: 'run' });
  }

  pause(): void {
    if (this.status === 'running') this.client?.send({ type: 'pause' });
  }

  step(n = 1): void {
    if (this.status === 'ready' || this.status === 'paused') this.client?.send({ type: 'step', n });
  }

  /** Which held-out example (0-based) the snapshots draw; the worker sends a snapshot of it now. */
  watch(index: number): void {
    if (this.fromBuild && this.timeline[0]?.example?.index !== index) {
      this.dropBuilt(); // another example: the worker draws it
      this.changed('snapshot');
    }
    this.client?.send({ type: 'example', index });
  }

  exportModel(): Promise<LabExport> {
    return this.client ? this.client.exportModel() : Promise.reject(new Error('no run'));
  }

  private receive(message: LabMessage): void {
    switch (message.type) {
      case 'ready':
        return;
      case 'fatal':
        this.dropBuilt();
        this.status = 'failed';
        this.error = { code: 'worker', detail: message.error };
        return this.changed('state');
      case 'error':
        this.error = { code: message.code, detail: message.error };
        if (this.status === 'starting') {
          this.status = 'failed';
          this.dropBuilt();
        }
        return this.changed('state');
      case 'created':
        this.totalSteps = message.totalSteps;
        this.parameters = message.parameters;
        return;
      case 'state':
        this.steps = message.steps;
        this.warming = message.running && message.warming === true;
        this.status = message.running
          ? 'running'
          : this.finished
            ? 'done'
            : this.status === 'failed'
              ? 'failed'
              : message.steps
                ? 'paused'
                : 'ready';
        if (message.running) this.error = null;
        return this.changed('state');
      case 'progress':
        this.losses.push(...message.losses);
        this.steps = message.steps;
        this.stepsPerSecond = message.stepsPerSecond;
        this.examplesPerSecond = message.examplesPerSecond;
        this.tokensPerSecond = message.tokensPerSecond;
        return this.changed('progress');
      case 'snapshot':
        this.dropBuilt(); // the worker's own "before training" replaces the build's
        this.timeline = addSnapshot(this.timeline, {
          steps: message.steps,
          metrics: message.metrics,
          example: message.example,
        });
        return this.changed('snapshot');
      case 'exported':
        return;
    }
  }

  /**
   * Takes the build's snapshot off the timeline: when the worker's own arrives, and when the worker
   * failed (no figure then, not even the build's: this browser could not run its engine).
   */
  private dropBuilt(): void {
    if (!this.fromBuild) return;
    this.fromBuild = false;
    this.timeline = [];
  }

  dispose(): void {
    this.client?.dispose();
    this.client = null;
  }
}

/**
 * Whether `runs` busy runs should share one worker on a machine with `cores` logical cores: each
 * worker keeps a core busy, and the page's own thread (drawing, answering clicks) needs one free, so
 * a 2-core machine trains a side-by-side comparison in one worker, the runs taking turns (half the
 * steps per second each; the page says so). Measured in docs/performance-training.md: two workers on 2 cores
 * gave 4-5 main-thread tasks over 50 ms in a 10 s run, one worker 0-1.
 */
export const sharesOneWorker = (runs: number, cores: number): boolean => runs > 1 && cores <= runs;

/** This device's logical cores, as the browser reports them (2 when it does not say). */
export const deviceCores = (): number => navigator.hardwareConcurrency || 2;

/**
 * The card with "example": an input of the task (the watched held-out example), which a lesson
 * that opens the model types for the student (lessons/shared/lesson-element.ts, openLocal).
 */
export function cardWithExample(card: string, source: readonly string[] | undefined): string {
  if (!source?.length) return card;
  return JSON.stringify(
    { ...(JSON.parse(card) as Record<string, unknown>), example: source.join(' ') },
    null,
    2,
  );
}

/** The model folder as one .zip: config.json, model.safetensors and card.json at its top. */
export function modelZip(model: LabExport): Uint8Array {
  return zipSync(
    {
      'config.json': strToU8(model.config),
      'model.safetensors': new Uint8Array(model.weights),
      'card.json': strToU8(model.card),
    },
    { level: 6 },
  );
}

/** The zip's file name: what was trained, how long ("attnlab-reverse-additive-1500-steps.zip"). */
export const zipName = (task: string, variant: string, steps: number): string =>
  `attnlab-${task}-${variant}-${steps}-steps.zip`;

/** A run's error in plain words: the engine's code decides the sentence, its message is the detail. */
export function runErrorText(error: RunError): string {
  if (error.code === 'cross_origin') return t('embed.crossOrigin');
  if (error.code === 'wasm_features') return unsupportedText(error.missing ?? []);
  if (error.code === 'config' || error.code === 'worker')
    return t(`train.error.${error.code}`, { detail: error.detail });
  return t('train.error.other', { code: error.code, detail: error.detail });
}
