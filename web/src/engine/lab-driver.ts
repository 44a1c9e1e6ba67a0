// The training lab's loop, apart from the worker glue so Vitest can run it on the real WASM: it
// trains in slices of about SLICE_MS, so pause requests get in between, reports progress after
// every slice and a snapshot (held-out metrics and one example's map) every SNAPSHOT_MS, and more
// often while the loss falls fast (SNAPSHOT_DROP), when the map changes most.

import { toForwardRecord } from './convert.ts'; // with its extension: the Vite config imports this module in Node
import type { LabExample, LabMessage, LabMetrics, LabRequest } from './lab-protocol';
import type { AttnlabModule, Lab, LabExampleResult, Status } from './wasm-types';

/** A slice of training between two looks at the message queue: short enough to pause at once. */
export const SLICE_MS = 30;
/** Snapshots several times a second: the map and the accuracy move while the loss curve does. */
export const SNAPSHOT_MS = 200;
/**
 * While the loss falls fast, a snapshot each time its moving average has fallen by this fraction
 * since the last one (at most one per SNAPSHOT_MIN_MS): the map goes from noise to the alignment
 * in those steps, and the timeline has frames there instead of one or two (issue 52 B5).
 */
export const SNAPSHOT_DROP = 0.05;
export const SNAPSHOT_MIN_MS = 40;
/** The loss's moving average: each step's loss weighs this much (batches are small and noisy). */
const LOSS_SMOOTHING = 0.2;
/** Held-out pairs each snapshot scores (the run's evaluation sample is larger, for the card). */
export const SNAPSHOT_PAIRS = 30;
/**
 * The worker's warm-up (LabDriver's `warmUpMs`): after "before training" is drawn, a scratch copy of
 * the run trains for this long and is thrown away, so the browser compiles the hot WebAssembly
 * functions to optimized code before the student presses Start. Without it that compilation ran
 * on the renderer's thread pool in the first second of training and, on a 2-core machine, held
 * the page's main thread off a core (docs/performance-training.md, "Is the page responsive while it
 * trains?"). Start pressed during the warm-up waits for its end (the state message says
 * `warming`), so that compilation never overlaps training. The run itself is untouched: its own
 * Lab, seed and steps.
 */
export const WARM_UP_MS = 800;

type Post = (message: LabMessage, transfer?: Transferable[]) => void;

interface Clock {
  now(): number;
  /** Runs `task` after the messages already queued (setTimeout 0 in the worker). */
  later(task: () => void): void;
}

const numberOr = (value: unknown, fallback: number): number => (typeof value === 'number' ? value : fallback);

export function toLabMetrics(json: string): LabMetrics {
  const m = JSON.parse(json) as Record<string, unknown>;
  return {
    steps: numberOr(m.steps, 0),
    exactMatch: numberOr(m.exact_match, 0),
    tokenAccuracy: numberOr(m.token_accuracy, 0),
    loss: numberOr(m.loss, Number.NaN),
    alignmentError: typeof m.alignment_error === 'number' ? m.alignment_error : null,
    bestMap: typeof m.best_map === 'number' ? m.best_map : null,
  };
}

export function toLabExample(index: number, raw: LabExampleResult): LabExample {
  const gold: [number, number][] = [];
  for (let k = 0; k + 1 < raw.gold.length; k += 2) gold.push([raw.gold[k], raw.gold[k + 1]]);
  return { index, record: toForwardRecord(raw), source: [...raw.source], target: [...raw.target], gold };
}

export class LabDriver {
  private lab: Lab | null = null;
  private running = false;
  private totalSteps = 0;
  private batchSize = 1;
  private steps = 0;
  /** Tokens trained on so far, as the engine counts them (LabStepResult.tokens). */
  private tokens = 0;
  private exampleIndex = 0;
  private lastSnapshot = -Infinity;
  /** The loss's moving average now, and when the last snapshot was taken (NaN: no step yet). */
  private loss = Number.NaN;
  private lossAtSnapshot = Number.NaN;
  private scheduled = false;
  /**
   * Where the speed's window starts: the end of the previous slice while running, so the speed is
   * steps per second of the page's clock, including the snapshots and, in a worker shared by two
   * runs, the other run's turns (what the student gets, not the speed inside one slice).
   */
  private windowStart = 0;
  /** The scratch copy trained while warming up, and how much warm-up time is left. */
  private warm: { lab: Lab; left: number } | null = null;

  constructor(
    private readonly module: AttnlabModule,
    private readonly post: Post,
    private readonly clock: Clock,
    /** Warm-up time after each create (the worker: WARM_UP_MS; tests: 0, none). */
    private readonly warmUpMs = 0,
  ) {}

  handle(request: LabRequest): void {
    switch (request.type) {
      case 'create':
        return this.create(request.config);
      case 'run':
        return this.setRunning(true);
      case 'pause':
        return this.setRunning(false);
      case 'step':
        return this.stepNow(request.n);
      case 'example':
        this.exampleIndex = Math.max(0, Math.floor(request.index));
        return this.snapshot();
      case 'export':
        return this.export();
      case 'close':
        return this.dispose();
    }
  }

  private fail(status: Status): boolean {
    if (status.ok) return false;
    this.setRunning(false);
    this.post({ type: 'error', code: status.code ?? 'input', error: status.error ?? 'the engine refused' });
    return true;
  }

  private create(config: string): void {
    this.running = false;
    this.stopWarmUp();
    this.lab?.delete();
    this.lab = new this.module.Lab();
    if (this.fail(this.lab.create(config))) return;
    const parsed = JSON.parse(config) as Record<string, unknown>;
    this.totalSteps = numberOr(parsed.steps, 1500);
    this.batchSize = numberOr(parsed.batch_size, 16);
    this.steps = 0;
    this.tokens = 0;
    this.loss = Number.NaN;
    this.lossAtSnapshot = Number.NaN;
    const exported = this.lab.exportModel(1);
    const card = exported.ok && exported.card ? (JSON.parse(exported.card) as { parameters?: number }) : {};
    this.post({
      type: 'created',
      parameters: card.parameters ?? 0,
      totalSteps: this.totalSteps,
      batchSize: this.batchSize,
    });
    this.post({ type: 'state', running: false, steps: 0 });
    this.snapshot(); // "before training": the random initial state
    if (this.warmUpMs > 0) this.startWarmUp(config);
  }

  private startWarmUp(config: string): void {
    const lab = new this.module.Lab();
    if (!lab.create(config).ok) return lab.delete();
    this.warm = { lab, left: this.warmUpMs };
    this.clock.later(() => this.warmSlice());
  }

  /**
   * One slice of warm-up, between looks at the message queue. A new run, reset or close ends it;
   * Start during it starts the run when it ends.
   */
  private warmSlice(): void {
    const warm = this.warm;
    if (!warm) return;
    const start = this.clock.now();
    while (this.clock.now() - start < Math.min(SLICE_MS, warm.left)) if (!warm.lab.step(1).ok) break;
    warm.lab.evaluate(SNAPSHOT_PAIRS); // what each snapshot runs, warmed up too
    warm.left -= this.clock.now() - start;
    if (warm.left > 0) return this.clock.later(() => this.warmSlice());
    this.stopWarmUp();
    if (!this.running) return;
    this.post({ type: 'state', running: true, steps: this.steps });
    this.windowStart = this.clock.now();
    this.schedule();
  }

  private stopWarmUp(): void {
    this.warm?.lab.delete();
    this.warm = null;
  }

  private setRunning(running: boolean): void {
    if (!this.lab) return;
    if (running && this.steps >= this.totalSteps) running = false;
    if (this.running === running) return;
    this.running = running;
    const warming = running && this.warm !== null; // the warm-up's last slice starts the run
    this.post({ type: 'state', running, steps: this.steps, ...(warming ? { warming } : {}) });
    this.windowStart = this.clock.now();
    if (warming) return;
    if (running) this.schedule();
    else this.snapshot();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.clock.later(() => {
      this.scheduled = false;
      if (this.running) this.slice();
    });
  }

  /** Steps until the slice's time is up (at least one), then reports and yields. */
  private slice(): void {
    const lab = this.lab;
    if (!lab) return;
    const start = this.clock.now();
    const tokensBefore = this.tokens;
    const losses: number[] = [];
    while (this.steps < this.totalSteps) {
      const r = lab.step(1);
      if (this.fail(r)) return;
      losses.push(r.losses?.[0] ?? Number.NaN);
      this.steps = r.steps ?? this.steps + 1;
      this.tokens = r.tokens ?? this.tokens;
      if (this.clock.now() - start >= SLICE_MS) break;
    }
    const end = this.clock.now();
    this.progress(losses, this.tokens - tokensBefore, end - Math.min(start, this.windowStart));
    this.windowStart = end;
    this.track(losses);
    const since = this.clock.now() - this.lastSnapshot;
    const falling = this.lossAtSnapshot - this.loss >= SNAPSHOT_DROP * this.lossAtSnapshot;
    if (since >= SNAPSHOT_MS || (falling && since >= SNAPSHOT_MIN_MS) || this.steps >= this.totalSteps)
      this.snapshot();
    if (this.steps >= this.totalSteps) this.setRunning(false);
    else this.schedule();
  }

  private stepNow(n: number): void {
    const lab = this.lab;
    if (!lab || this.running) return;
    const count = Math.max(0, Math.min(Math.floor(n), this.totalSteps - this.steps));
    if (count === 0) return;
    const start = this.clock.now();
    const tokensBefore = this.tokens;
    const r = lab.step(count);
    if (this.fail(r)) return;
    this.steps = r.steps ?? this.steps + count;
    this.tokens = r.tokens ?? this.tokens;
    this.progress(Array.from(r.losses ?? []), this.tokens - tokensBefore, this.clock.now() - start);
    this.track(Array.from(r.losses ?? []));
    this.post({ type: 'state', running: false, steps: this.steps });
    this.snapshot();
  }

  private progress(losses: number[], tokens: number, ms: number): void {
    const perSecond = ms > 0 ? (losses.length * 1000) / ms : 0;
    this.post({
      type: 'progress',
      steps: this.steps,
      losses,
      stepsPerSecond: perSecond,
      examplesPerSecond: perSecond * this.batchSize,
      tokensPerSecond: ms > 0 ? (tokens * 1000) / ms : 0,
    });
  }

  /** The loss's moving average over these steps' losses (SNAPSHOT_DROP compares it). */
  private track(losses: readonly number[]): void {
    for (const l of losses) {
      if (!Number.isFinite(l)) continue;
      this.loss = Number.isNaN(this.loss) ? l : this.loss + LOSS_SMOOTHING * (l - this.loss);
    }
    if (Number.isNaN(this.lossAtSnapshot)) this.lossAtSnapshot = this.loss;
  }

  private snapshot(): void {
    const lab = this.lab;
    if (!lab) return;
    this.lastSnapshot = this.clock.now();
    this.lossAtSnapshot = this.loss;
    const evaluated = lab.evaluate(SNAPSHOT_PAIRS);
    if (this.fail(evaluated) || !evaluated.metrics) return;
    const raw = lab.example(this.exampleIndex);
    const example = raw.ok ? toLabExample(this.exampleIndex, raw) : null;
    this.post({ type: 'snapshot', steps: this.steps, metrics: toLabMetrics(evaluated.metrics), example });
  }

  private export(): void {
    const lab = this.lab;
    if (!lab) return;
    const r = lab.exportModel(100);
    if (this.fail(r) || !r.weights || !r.config || !r.card) return;
    const weights = r.weights.buffer.slice(
      r.weights.byteOffset,
      r.weights.byteOffset + r.weights.byteLength,
    ) as ArrayBuffer;
    this.post({ type: 'exported', config: r.config, card: r.card, weights }, [weights]);
  }

  dispose(): void {
    this.stopWarmUp();
    this.running = false;
    this.lab?.delete();
    this.lab = null;
  }
}
