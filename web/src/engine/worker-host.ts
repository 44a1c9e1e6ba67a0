// The engine worker: owns the WASM module and one Session, answers the page's requests with plain
// records. It never throws at the page: every failure becomes an { id, ok: false, error } reply; a
// trap inside the engine (not a refusal) is marked `crashed`, and the page replaces the whole
// worker (engine.ts), which frees everything the dead module held.

import { toForwardRecord, toModelInfo, transferablesOf } from './convert';
import {
  STARTING_EVERY_MS,
  type Announcement,
  type EngineErrorFields,
  type Reply,
  type Request,
} from './protocol';
import type { Truncation } from './records';
import type { AttnlabFactory, AttnlabModule, ForwardResult, Session, Status } from './wasm-types';
import { wellFormed, wellFormedOrUndefined } from './well-formed';

/** The parts of DedicatedWorkerGlobalScope used here (the app's tsconfig has the DOM lib only). */
interface WorkerScope {
  postMessage(message: Reply | Announcement, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Request>) => void): void;
}
const scope = self as unknown as WorkerScope;

/** Forwards run after a load so the engine's code is optimized before the first keystroke. */
const WARM_UP_RUNS = 64;
const WARM_UP_TEXT = 'the small green car does not see the big red house .';

type LoadRequest = Extract<Request, { type: 'loadRandom' | 'load' }>;

/** How long a test's "hang" keeps the worker busy at most, if nobody terminates it first. */
const TEST_HANG_MS = 120_000;

class EngineHost {
  private module: AttnlabModule | null = null;
  private session: Session | null = null;
  /** Embind objects this worker created and has not deleted (the soak checks it stays flat). */
  private handles = 0;
  /** A trap happened: the module is unusable and the page is replacing this worker. */
  private dead = false;

  constructor(
    private readonly createModule: unknown,
    private readonly wasmBinary?: Promise<Uint8Array<ArrayBuffer>>,
  ) {}

  async start(): Promise<void> {
    const factory = this.createModule as AttnlabFactory;
    const binary = await this.wasmBinary;
    this.module = await factory({
      // The glue finds the .wasm itself (new URL('attnlab.wasm', import.meta.url), which Vite hashes
      // into the build), unless the single-file build hands it the bytes (worker-single.ts).
      ...(binary ? { wasmBinary: binary } : {}),
      print: () => {},
      printErr: (text) => console.warn('[attnlab]', text),
    });
    this.session = new this.module.Session();
    this.handles++;
  }

  private load(request: LoadRequest): void {
    const session = this.ensureSession();
    const status: Status =
      request.type === 'loadRandom'
        ? session.loadRandom(request.config, request.seed)
        : session.load(request.config, new Uint8Array(request.weights), request.card);
    check(status);
    this.warmUp(WARM_UP_RUNS);
  }

  /**
   * V8 first runs WebAssembly from its quick baseline compiler and optimizes the hot functions
   * only after they have run a while: the first dozen forwards in a fresh worker took 7-14 ms
   * instead of 1.5 ms. A few forwards of a short text after loading, one per task so a request
   * that arrives meanwhile waits for one of them at most, do that before the student types.
   */
  private warmUp(runs: number): void {
    const session = this.session;
    if (runs <= 0 || !session) return;
    setTimeout(() => {
      if (this.session !== session) return; // restarted meanwhile
      try {
        release(session.forward(WARM_UP_TEXT));
      } catch {
        return; // not worth an error: the real forward will say what is wrong
      }
      this.warmUp(runs - 1);
    }, 0);
  }

  private ensureSession(): Session {
    if (!this.session) throw new Error('the engine is not running');
    return this.session;
  }

  /**
   * Runs the model on `text`; if the text has more tokens than the model reads, runs it on the
   * longest prefix that fits instead (found by bisection over code points, cut at a space when
   * there is one), so a long paste shows its beginning rather than only an error.
   */
  private forwardFitting(
    session: Session,
    text: string,
    intervention?: string,
  ): { raw: ForwardResult; truncated: Truncation | null } {
    const forward = (t: string) =>
      intervention === undefined ? session.forward(t) : session.forwardEdited(t, intervention);
    const raw = forward(text);
    const limit = tokenLimitOf(raw);
    if (!limit) return { raw, truncated: null };
    const chars = Array.from(text);
    let lo = 0; // longest prefix known to fit (0 always does)
    let hi = chars.length; // shortest prefix known not to
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      const probe = forward(chars.slice(0, mid).join(''));
      if (probe.ok) lo = mid;
      else hi = mid;
      release(probe);
    }
    const prefix = chars.slice(0, lo).join('');
    const space = prefix.search(/\s\S*$/);
    const cut = space > 0 ? prefix.slice(0, space) : prefix;
    const fitted = forward(cut);
    if (!fitted.ok) {
      release(fitted);
      return { raw, truncated: null };
    }
    release(raw);
    return {
      raw: fitted,
      truncated: { tokens: limit.tokens, maxTokens: limit.max, chars: Array.from(cut).length },
    };
  }

  handle(request: Request): void {
    if (this.dead) {
      scope.postMessage({ id: request.id, ok: false, error: 'the engine crashed', crashed: true });
      return;
    }
    try {
      this.answer(request);
    } catch (error) {
      // Not an answer from the engine (those come back as EngineError) but a trap or abort inside
      // it: its heap may be corrupt, so nothing more runs here and the page starts a fresh worker.
      const crashed = !(error instanceof EngineError);
      if (crashed) {
        this.dead = true;
        this.session = null;
      }
      scope.postMessage({
        id: request.id,
        ok: false,
        error: messageOf(error),
        ...(crashed ? { crashed } : {}),
        ...(error instanceof EngineError ? error.fields : {}),
      });
    }
  }

  /** The test-only requests (protocol.ts): never sent by the page. */
  private testOnly(request: Extract<Request, { type: `testOnly${string}` }>): void {
    const module = this.module;
    if (!module) throw new Error('the engine is not running');
    switch (request.type) {
      case 'testOnlyTrap':
        module.testOnlyTrap(); // a WebAssembly `unreachable`: throws a RuntimeError
        return;
      case 'testOnlyHang': {
        const until = Date.now() + TEST_HANG_MS;
        while (Date.now() < until); // busy: no message is read until the page terminates the worker
        return;
      }
      case 'testOnlyStats': {
        const live = module.testOnlyLiveObjects();
        const result = {
          heapBytes: module.HEAPU8.length,
          sessions: live.sessions,
          labs: live.labs,
          emvalHandles: module.count_emval_handles(),
          workerHandles: this.handles,
        };
        scope.postMessage({ id: request.id, ok: true, result });
      }
    }
  }

  private answer(request: Request): void {
    const session = this.ensureSession();
    switch (request.type) {
      case 'loadRandom':
      case 'load':
        this.load(request);
        scope.postMessage({ id: request.id, ok: true, result: null });
        return;
      case 'forward': {
        const { intervention } = request;
        const [text, target] = [wellFormed(request.text), wellFormedOrUndefined(request.target)];
        const { raw, truncated } =
          target === undefined
            ? this.forwardFitting(session, text, intervention)
            : {
                raw:
                  intervention === undefined
                    ? session.forwardForced(text, target)
                    : session.forwardForcedEdited(text, target, intervention),
                truncated: null,
              };
        try {
          check(raw);
          const record = toForwardRecord(raw);
          record.truncated = truncated;
          scope.postMessage({ id: request.id, ok: true, result: record }, transferablesOf(record));
        } finally {
          release(raw);
        }
        return;
      }
      case 'importance': {
        const raw = session.importance(
          wellFormed(request.text),
          wellFormed(request.target),
          request.row,
          request.word,
        );
        try {
          check(raw);
          const result = { perToken: Array.from(raw.importance ?? []), logP: Number(raw.log_p) };
          scope.postMessage({ id: request.id, ok: true, result });
        } finally {
          release(raw);
        }
        return;
      }
      case 'info': {
        const raw = session.info();
        try {
          check(raw);
          scope.postMessage({ id: request.id, ok: true, result: toModelInfo(raw) });
        } finally {
          release(raw);
        }
        return;
      }
      case 'testOnlyTrap':
      case 'testOnlyHang':
      case 'testOnlyStats':
        this.testOnly(request);
        return;
      default: {
        const unknown = request as { id: number; type: unknown };
        scope.postMessage({
          id: unknown.id,
          ok: false,
          error: `unknown request type ${String(unknown.type)}`,
        });
      }
    }
  }
}

/** The token count and limit of a "too_many_tokens" answer, or null. */
function tokenLimitOf(status: Status): { tokens: number; max: number } | null {
  if (status.ok || status.code !== 'too_many_tokens') return null;
  return { tokens: status.token_count ?? 0, max: status.max_tokens ?? 0 };
}

/** An error the engine reported itself (ok: false): the module is fine, the input was not. */
class EngineError extends Error {
  constructor(readonly status: Status) {
    super(status.error || 'the engine reported an error');
  }
  /** What the page decides by (docs/engine-contract.md): the code and the fields that go with it. */
  get fields(): EngineErrorFields {
    const { code, file, key } = this.status;
    return { ...(code ? { code } : {}), ...(file ? { file } : {}), ...(key ? { key } : {}) };
  }
}

function check(status: Status | null | undefined): void {
  if (!status || typeof status !== 'object') throw new Error('the engine gave no answer');
  if (!status.ok) throw new EngineError(status);
}

/** Deletes an Embind handle (class instance or registered vector) if that is what we were given. */
function release(value: unknown): void {
  const handle = value as { delete?: () => void; isDeleted?: () => boolean } | null;
  if (handle && typeof handle.delete === 'function' && !(handle.isDeleted?.() ?? false)) handle.delete();
}

/** A one-line message for the page: never a stack trace. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0] || error.name;
  if (typeof error === 'number') return `the engine stopped on an internal error (code ${error})`;
  if (typeof error === 'string') return error.split('\n')[0];
  return 'unknown engine error';
}

/**
 * Starts the worker on an Emscripten factory (worker.ts: the lessons' module; worker-full.ts: the
 * whole one; worker-single.ts: the single-file build's, which passes the module's bytes).
 */

export function runEngineWorker(createModule: unknown, wasmBinary?: Promise<Uint8Array<ArrayBuffer>>): void {
  const host = new EngineHost(createModule, wasmBinary);
  // While the glue fetches and compiles the .wasm (on slow 3G, longer than the page's start bound)
  // the worker says it is alive; a worker whose thread is stuck says nothing and is replaced.
  const starting = () => scope.postMessage({ type: 'loading' });
  starting();
  const beat = setInterval(starting, STARTING_EVERY_MS);
  // Requests run one after another, in the order they came, once the module has started.
  let queue: Promise<void> = host.start().then(
    () => (clearInterval(beat), scope.postMessage({ type: 'ready' })),
    (error: unknown) => (clearInterval(beat), scope.postMessage({ type: 'fatal', error: messageOf(error) })),
  );

  scope.addEventListener('message', (event) => {
    const request = event.data;
    if (!request || typeof request !== 'object' || typeof request.id !== 'number') return;
    queue = queue.then(() => host.handle(request));
  });
}
