// The typed client components use. It runs the engine in a module worker, so a long forward
// never blocks typing, and keeps at most one forward in flight: while one computes, newer
// requests replace each other and only the newest is sent (latest wins). Latest wins per lane: a
// lesson that runs the original sentence and, next to it, the same sentence with the student's
// intervention asks on two lanes, so neither request replaces the other; the main lane goes first.
// A dead engine costs the student nothing: a WebAssembly trap (the worker reports it), an error
// event from the worker, or a request unanswered for `replyTimeoutMs` terminates the worker and
// starts a fresh one with the last model loaded into it, behind the same client object, so the
// lessons keep their text and settings; onRestart listeners hear why (lessons/shared/model-set.ts).

import { createEngineWorker, workerMayStart } from './create-worker';
import { takeEarlyWorker } from './early-worker';
import type {
  EngineErrorFields,
  Importance,
  Reply,
  Request,
  RequestType,
  Results,
  TestOnlyStats,
  WorkerMessage,
} from './protocol';
import type { ForwardRecord, ModelConfig, ModelInfo } from './records';
import { missingWasmFeatures, type WasmFeature } from './wasm-features';

/**
 * The engine refused a request (bad input, bad model file) or could not run it. `fields`: the
 * engine's code (and file, key) when it refused, for the page to say in its own words.
 */
export class EngineError extends Error {
  override name = 'EngineError';
  constructor(
    message: string,
    readonly fields: EngineErrorFields = {},
  ) {
    super(message);
  }
}

/** A forward that a newer forward replaced before it was computed. Not an error to show. */
export class SupersededError extends Error {
  override name = 'SupersededError';
  constructor() {
    super('replaced by a newer request');
  }
}

export const isSuperseded = (error: unknown): error is SupersededError => error instanceof SupersededError;

/** Why the client replaced its worker: a trap or error inside it, or no answer in time. */
export type RestartReason = 'crash' | 'timeout';

/**
 * The request was lost with a worker that crashed or stopped answering; a fresh worker with the
 * same model is being started (or already runs), so asking again works. Not a refusal of the input.
 */
export class EngineRestartedError extends Error {
  override name = 'EngineRestartedError';
  constructor(readonly reason: RestartReason) {
    super(
      reason === 'crash'
        ? 'the engine crashed and was restarted'
        : 'the engine stopped answering and was restarted',
    );
  }
}

export const isRestarted = (error: unknown): error is EngineRestartedError =>
  error instanceof EngineRestartedError;

/** One restart: why, and how long the fresh worker took to start and load the model again (ms). */
export interface Restart {
  reason: RestartReason;
  ms: number;
}

/** What the worker holds, for tests and the soak (scripts/soak.mjs): see protocol.ts TestOnlyStats. */
export type { TestOnlyStats } from './protocol';

/**
 * The browser refused to start the engine's worker because its script is on another origin than
 * the page: the element snippet used on another site (a worker script must come from the page's
 * own origin; the iframe snippet has no such limit). Told apart by the DOMException's name.
 */
export class CrossOriginWorkerError extends EngineError {
  override name = 'CrossOriginWorkerError';
}

/**
 * The browser lacks WebAssembly features every engine module needs (`missing`, wasm-features.ts):
 * no worker was started and no .wasm fetched. The page names them (lessons/shared/placeholders.ts).
 */
export class UnsupportedBrowserError extends EngineError {
  override name = 'UnsupportedBrowserError';
  constructor(readonly missing: WasmFeature[]) {
    super(`this browser lacks WebAssembly features the engine needs: ${missing.join(', ')}`);
  }
}

/** Starts a worker; a SecurityError (script on another origin) becomes a CrossOriginWorkerError. */
function startWorker(create: () => WorkerLike): WorkerLike {
  try {
    return create();
  } catch (error) {
    if (error instanceof Error && error.name === 'SecurityError')
      throw new CrossOriginWorkerError(error.message);
    throw error;
  }
}

/** Distributes Omit over a union, so each request type keeps its own fields. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Body = DistributiveOmit<Request, 'id'>;

interface Waiter {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface QueuedForward {
  lane: string;
  text: string;
  target?: string; // Seq2Seq: the sentence the decoder reads instead of its own guesses
  intervention?: string; // JSON {"edits": [...]}: applied inside the forward pass
  resolve(record: ForwardRecord): void;
  reject(error: Error): void;
}

/** The part of Worker the client uses (tests pass an in-process stand-in). */
export type WorkerLike = Pick<
  Worker,
  'postMessage' | 'terminate' | 'onmessage' | 'onerror' | 'onmessageerror'
>;

export interface EngineOptions {
  /**
   * How long a starting worker may stay silent (its script not yet running, or its thread stuck)
   * and how long a model may take to load. A slow network is not silence: the worker says it is
   * still starting every second while its WASM arrives, and each time restarts the bound.
   */
  startTimeoutMs?: number;
  /**
   * How long any other request may go unanswered before the worker counts as hung and is
   * replaced. A forward takes milliseconds (a 100,000-character paste, bisected, under a second).
   */
  replyTimeoutMs?: number;
  /** Starts the engine worker; the default is the module worker of ./worker.ts. */
  createWorker?: () => WorkerLike;
}

const START_TIMEOUT_MS = 30_000;
const REPLY_TIMEOUT_MS = 8_000;
/** More crashes than this within RESTART_WINDOW_MS: an input that kills every fresh worker; stop. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 30_000;

// The worker an embedded lesson started before its code arrived (early-worker.ts), else a new one.
const defaultWorker = (): WorkerLike => takeEarlyWorker() ?? createEngineWorker();
/** The lane of a forward that names none. */
export const MAIN_LANE = 'main';

export class EngineClient {
  private worker: WorkerLike;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter>();
  private forwardInFlight = false;
  /** The newest request not yet sent, per lane (insertion order: the order lanes asked first). */
  private readonly queuedForwards = new Map<string, QueuedForward>();
  private stopped: string | null = null;
  /** The last model loaded, sent again to a fresh worker after a restart. */
  private lastLoad: Body | null = null;
  /** A fresh worker is starting: requests wait for it. */
  private restarting: Promise<void> | null = null;
  private readonly listeners = new Set<(restart: Restart) => void>();
  /** Every restart so far (tests read how long each took). */
  readonly restarts: Restart[] = [];
  private recentCrashes: number[] = [];

  private constructor(
    worker: WorkerLike,
    private readonly options: EngineOptions,
  ) {
    this.worker = worker;
  }

  /**
   * Starts the worker and resolves once the WASM module inside it is ready. A browser without a
   * WebAssembly feature the module needs is told so first, and no worker starts
   * (UnsupportedBrowserError).
   */
  static async create(options: EngineOptions = {}): Promise<EngineClient> {
    const missing = await missingWasmFeatures();
    if (missing.length > 0) throw new UnsupportedBrowserError(missing);
    const worker = await startReady(options);
    const client = new EngineClient(worker, options);
    client.attach(worker);
    return client;
  }

  /**
   * What would stop the worker, found before anything is downloaded: missing WebAssembly features
   * (UnsupportedBrowserError) or the script on another site than the page (CrossOriginWorkerError).
   * A lesson asks before it fetches a model (load-model.ts), so such a page says it cannot run the
   * model without downloading it first (issue 52 B5: 449 KB, the model included).
   */
  static async preflight(): Promise<void> {
    const missing = await missingWasmFeatures();
    if (missing.length > 0) throw new UnsupportedBrowserError(missing);
    if (!workerMayStart())
      throw new CrossOriginWorkerError('the engine’s script is on another site than the page');
  }

  /** Calls `listener` after each restart of the worker; returns the unsubscribe function. */
  onRestart(listener: (restart: Restart) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private attach(worker: WorkerLike): void {
    worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
      if (worker === this.worker) this.onMessage(e.data);
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      if (worker === this.worker) this.crash('crash');
    };
    worker.onmessageerror = () => {
      if (worker === this.worker) this.stop('the engine sent a message that could not be read');
    };
  }

  /** Builds the model of `config` with random weights drawn from `seed`. */
  async loadRandom(config: ModelConfig | string, seed: number): Promise<void> {
    const text = typeof config === 'string' ? config : JSON.stringify(config);
    const body = { type: 'loadRandom', config: text, seed } as const;
    await this.call(body);
    this.lastLoad = body;
  }

  /** Loads a trained model folder: config.json text, model.safetensors bytes, card.json text. */
  async load(config: ModelConfig | string, weights: ArrayBuffer | Uint8Array, card: string): Promise<void> {
    const text = typeof config === 'string' ? config : JSON.stringify(config);
    // Always send a copy we own, so the transfer never detaches the caller's buffer.
    const bytes = weights instanceof Uint8Array ? weights.slice() : new Uint8Array(weights).slice();
    const kept = bytes.slice(); // what a fresh worker loads after a restart
    await this.call({ type: 'load', config: text, weights: bytes.buffer, card }, [bytes.buffer]);
    this.lastLoad = { type: 'load', config: text, weights: kept.buffer, card };
  }

  /**
   * Runs the model on `text` (a Seq2Seq model with `target`: decoding that sentence). Latest wins:
   * if another forward is asked for before this one was sent to the worker, this one rejects with
   * SupersededError and only the newer one is computed. `intervention` (engine/intervention.ts)
   * is applied inside the forward pass; `lane` keeps latest-wins apart for requests that must not
   * replace each other (the original and the edited forward of one sentence).
   */
  forward(text: string, target?: string, intervention?: string, lane = MAIN_LANE): Promise<ForwardRecord> {
    if (this.stopped) return Promise.reject(new EngineError(this.stopped));
    return new Promise<ForwardRecord>((resolve, reject) => {
      this.queuedForwards.get(lane)?.reject(new SupersededError());
      this.queuedForwards.delete(lane); // a new request goes to the back, behind the other lanes
      this.queuedForwards.set(lane, { lane, text, target, intervention, resolve, reject });
      this.pumpForward();
    });
  }

  /**
   * Gradient x input of log p(`word`) (an output vocabulary id) at output row `row` of the text
   * (a Seq2Seq reads `target`, teacher-forced). Not latest-wins: every request is answered.
   */
  importance(text: string, row: number, word: number, target = ''): Promise<Importance> {
    return this.call({ type: 'importance', text, target, row, word });
  }

  info(): Promise<ModelInfo> {
    return this.call({ type: 'info' });
  }

  /**
   * Test-only messages (tests/e2e/engine-crash.mjs, scripts/soak.mjs), never sent by the page:
   * "trap" runs a WebAssembly trap in the engine, "hang" keeps the worker busy until it is
   * replaced, "stats" answers the heap's size and the objects the worker holds. `replyTimeoutMs`
   * bounds this one request instead of the client's reply bound (a hang test need not wait 8 s).
   */
  testOnly(kind: 'trap' | 'hang', options?: { replyTimeoutMs?: number }): Promise<null>;
  testOnly(kind: 'stats'): Promise<TestOnlyStats>;
  testOnly(
    kind: 'trap' | 'hang' | 'stats',
    options: { replyTimeoutMs?: number } = {},
  ): Promise<null | TestOnlyStats> {
    if (kind === 'stats') return this.call({ type: 'testOnlyStats' });
    return this.call({ type: kind === 'trap' ? 'testOnlyTrap' : 'testOnlyHang' }, [], options.replyTimeoutMs);
  }

  /** Stops the worker; pending requests reject. The worker's module and Session go with it. */
  dispose(): void {
    this.stop('the engine was closed');
  }

  private pumpForward(): void {
    if (this.forwardInFlight || this.restarting || !this.queuedForwards.size) return;
    // The main lane first (what the student typed is redrawn before its edited twin).
    const next = this.queuedForwards.get(MAIN_LANE) ?? this.queuedForwards.values().next().value;
    if (!next) return;
    this.queuedForwards.delete(next.lane);
    const { text, target, intervention, resolve, reject } = next;
    this.forwardInFlight = true;
    this.call({
      type: 'forward',
      text,
      ...(target === undefined ? {} : { target }),
      ...(intervention === undefined ? {} : { intervention }),
    })
      .then(resolve, reject)
      .finally(() => {
        this.forwardInFlight = false;
        this.pumpForward();
      });
  }

  private call<T extends RequestType>(
    body: Body & { type: T },
    transfer: Transferable[] = [],
    replyTimeoutMs?: number,
  ): Promise<Results[T]> {
    if (this.stopped) return Promise.reject(new EngineError(this.stopped));
    if (this.restarting) return this.restarting.then(() => this.call<T>(body, transfer, replyTimeoutMs));
    return this.send<T>(body, transfer, replyTimeoutMs);
  }

  /** Posts one request to the current worker; no answer within the bound counts as a hang. */
  private send<T extends RequestType>(
    body: Body & { type: T },
    transfer: Transferable[] = [],
    replyTimeoutMs?: number,
  ): Promise<Results[T]> {
    const id = this.nextId++;
    const loads = body.type === 'load' || body.type === 'loadRandom';
    const bound = loads
      ? (this.options.startTimeoutMs ?? START_TIMEOUT_MS)
      : (replyTimeoutMs ?? this.options.replyTimeoutMs ?? REPLY_TIMEOUT_MS);
    return new Promise<Results[T]>((resolve, reject) => {
      const timer = setTimeout(() => this.crash('timeout'), bound);
      const settle = () => clearTimeout(timer);
      this.waiting.set(id, {
        resolve: (value) => (settle(), resolve(value as Results[T])),
        reject: (error) => (settle(), reject(error)),
      });
      try {
        this.worker.postMessage({ ...body, id } as Request, transfer);
      } catch (error) {
        this.waiting.delete(id);
        settle();
        reject(new EngineError(error instanceof Error ? error.message : String(error)));
      }
    });
  }

  /**
   * The worker trapped, failed or hung: terminate it, reject what it held with
   * EngineRestartedError and start a fresh one with the last model (queued forwards wait for it).
   */
  private crash(reason: RestartReason): void {
    if (this.stopped) return;
    // The fresh worker failed too, before it had the model back: nothing left to restart into.
    if (this.restarting) return this.stop('the engine could not be restarted');
    const now = Date.now();
    this.recentCrashes = [...this.recentCrashes.filter((t) => now - t < RESTART_WINDOW_MS), now];
    if (this.recentCrashes.length > MAX_RESTARTS) {
      this.stop('the engine crashed again after every restart');
      return;
    }
    const dead = this.worker;
    dead.onmessage = dead.onerror = dead.onmessageerror = null;
    dead.terminate();
    const started = performance.now();
    this.restarting = this.restart(reason, started);
    const lost = new EngineRestartedError(reason);
    for (const waiter of this.waiting.values()) waiter.reject(lost);
    this.waiting.clear();
  }

  private async restart(reason: RestartReason, started: number): Promise<void> {
    try {
      const worker = await startReady(this.options);
      if (this.stopped) {
        worker.terminate(); // disposed while the fresh worker started
        return;
      }
      this.worker = worker;
      this.attach(worker);
      if (this.lastLoad) await this.send<RequestType>(this.lastLoad);
      const restart = { reason, ms: Math.round(performance.now() - started) };
      this.restarts.push(restart);
      this.restarting = null;
      for (const listener of this.listeners) listener(restart);
    } catch (error) {
      this.restarting = null;
      this.stop(error instanceof Error ? error.message : String(error));
    } finally {
      this.restarting = null;
      this.pumpForward();
    }
  }

  private onMessage(message: WorkerMessage): void {
    if ('type' in message) {
      if (message.type === 'fatal') this.stop(message.error);
      return;
    }
    const reply = message as Reply;
    // A trap inside the engine: its module is unusable, whatever the request was.
    if (!reply.ok && reply.crashed) return this.crash('crash');
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (reply.ok) waiter.resolve(reply.result);
    else waiter.reject(new EngineError(reply.error, { code: reply.code, file: reply.file, key: reply.key }));
  }

  private stop(message: string): void {
    if (this.stopped) return;
    this.stopped = message;
    this.worker.terminate();
    this.listeners.clear();
    const error = new EngineError(message);
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
    for (const queued of this.queuedForwards.values()) queued.reject(error);
    this.queuedForwards.clear();
  }
}

/**
 * Starts a worker and resolves with it once the WASM module inside it is ready; the worker is
 * terminated if it fails to start or does not start within the bound.
 */
function startReady(options: EngineOptions): Promise<WorkerLike> {
  let worker: WorkerLike;
  try {
    worker = startWorker(options.createWorker ?? defaultWorker);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new EngineError(String(error)));
  }
  return new Promise<WorkerLike>((resolve, reject) => {
    const bound = options.startTimeoutMs ?? START_TIMEOUT_MS;
    let timer = setTimeout(() => fail('the engine did not start in time'), bound);
    function fail(message: string) {
      clearTimeout(timer);
      worker.onmessage = worker.onerror = worker.onmessageerror = null;
      worker.terminate();
      reject(new EngineError(message));
    }
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (!('type' in message)) return;
      if (message.type === 'loading') {
        // Still arriving (on slow 3G the WASM alone takes longer than the bound): not hung.
        clearTimeout(timer);
        timer = setTimeout(() => fail('the engine did not start in time'), bound);
        return;
      }
      if (message.type !== 'ready') return fail(message.error);
      clearTimeout(timer);
      resolve(worker);
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      fail(event.message ? `the engine could not load (${event.message})` : 'the engine could not load');
    };
    worker.onmessageerror = () => fail('the engine sent a message that could not be read');
  });
}
