// The typed client components use. It runs the engine in a module worker, so a long forward
// never blocks typing, and keeps at most one forward in flight: while one computes, newer
// requests replace each other and only the newest is sent (latest wins). Latest wins per lane: a
// lesson that runs the original sentence and, next to it, the same sentence with the student's
// intervention asks on two lanes, so neither request replaces the other; the main lane goes first.

import { createEngineWorker } from './create-worker';
import type { Importance, Reply, Request, RequestType, Results, WorkerMessage } from './protocol';
import type { ForwardRecord, ModelConfig, ModelInfo } from './records';

/** The engine refused a request (bad input, bad model file) or could not run it. */
export class EngineError extends Error {
  override name = 'EngineError';
}

/** A forward that a newer forward replaced before it was computed. Not an error to show. */
export class SupersededError extends Error {
  override name = 'SupersededError';
  constructor() {
    super('replaced by a newer request');
  }
}

export const isSuperseded = (error: unknown): error is SupersededError => error instanceof SupersededError;

/**
 * The browser refused to start the engine's worker because its script is on another origin than
 * the page: the element snippet used on another site (a worker script must come from the page's
 * own origin; the iframe snippet has no such limit). Told apart by the DOMException's name.
 */
export class CrossOriginWorkerError extends EngineError {
  override name = 'CrossOriginWorkerError';
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
  /** How long to wait for the WASM module to start. */
  startTimeoutMs?: number;
  /** Starts the engine worker; the default is the module worker of ./worker.ts. */
  createWorker?: () => WorkerLike;
}

const defaultWorker = (): WorkerLike => createEngineWorker();
/** The lane of a forward that names none. */
export const MAIN_LANE = 'main';

export class EngineClient {
  private readonly worker: WorkerLike;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter>();
  private forwardInFlight = false;
  /** The newest request not yet sent, per lane (insertion order: the order lanes asked first). */
  private readonly queuedForwards = new Map<string, QueuedForward>();
  private stopped: string | null = null;

  private constructor(worker: WorkerLike) {
    this.worker = worker;
  }

  /** Starts the worker and resolves once the WASM module inside it is ready. */
  static create(options: EngineOptions = {}): Promise<EngineClient> {
    let worker: WorkerLike;
    try {
      worker = startWorker(options.createWorker ?? defaultWorker);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new EngineError(String(error)));
    }
    const client = new EngineClient(worker);
    return new Promise<EngineClient>((resolve, reject) => {
      const timer = setTimeout(
        () => fail('the engine did not start in time'),
        options.startTimeoutMs ?? 30_000,
      );
      function fail(message: string) {
        clearTimeout(timer);
        client.stop(message);
        reject(new EngineError(message));
      }
      worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
        const message = event.data;
        if ('type' in message) {
          if (message.type === 'ready') {
            clearTimeout(timer);
            worker.onmessage = (e: MessageEvent<WorkerMessage>) => client.onMessage(e.data);
            resolve(client);
          } else {
            fail(message.error);
          }
        }
      };
      worker.onerror = (event: ErrorEvent) => {
        event.preventDefault();
        const message = event.message
          ? `the engine could not load (${event.message})`
          : 'the engine could not load';
        if (client.waiting.size || client.forwardInFlight) client.stop(message);
        else fail(message);
      };
      worker.onmessageerror = () => client.stop('the engine sent a message that could not be read');
    });
  }

  /** Builds the model of `config` with random weights drawn from `seed`. */
  async loadRandom(config: ModelConfig | string, seed: number): Promise<void> {
    const text = typeof config === 'string' ? config : JSON.stringify(config);
    await this.call({ type: 'loadRandom', config: text, seed });
  }

  /** Loads a trained model folder: config.json text, model.safetensors bytes, card.json text. */
  async load(config: ModelConfig | string, weights: ArrayBuffer | Uint8Array, card: string): Promise<void> {
    const text = typeof config === 'string' ? config : JSON.stringify(config);
    // Always send a copy we own, so the transfer never detaches the caller's buffer.
    const bytes = weights instanceof Uint8Array ? weights.slice() : new Uint8Array(weights).slice();
    await this.call({ type: 'load', config: text, weights: bytes.buffer, card }, [bytes.buffer]);
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

  /** Stops the worker; pending requests reject. The worker's module and Session go with it. */
  dispose(): void {
    this.stop('the engine was closed');
  }

  private pumpForward(): void {
    if (this.forwardInFlight || !this.queuedForwards.size) return;
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
  ): Promise<Results[T]> {
    if (this.stopped) return Promise.reject(new EngineError(this.stopped));
    const id = this.nextId++;
    return new Promise<Results[T]>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.worker.postMessage({ ...body, id } as Request, transfer);
      } catch (error) {
        this.waiting.delete(id);
        reject(new EngineError(error instanceof Error ? error.message : String(error)));
      }
    });
  }

  private onMessage(message: WorkerMessage): void {
    if ('type' in message) {
      if (message.type === 'fatal') this.stop(message.error);
      return;
    }
    const reply = message as Reply;
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (reply.ok) waiter.resolve(reply.result);
    else waiter.reject(new EngineError(reply.error));
  }

  private stop(message: string): void {
    if (this.stopped) return;
    this.stopped = message;
    this.worker.terminate();
    const error = new EngineError(message);
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
    for (const queued of this.queuedForwards.values()) queued.reject(error);
    this.queuedForwards.clear();
  }
}
