// Messages between EngineClient (page) and the engine worker. Every request carries an id and gets
// exactly one reply with that id; the worker also announces once whether the module started.

import type { ForwardRecord, ModelInfo } from './records';
import type { ErrorCode } from './wasm-types';

export type Request =
  | { id: number; type: 'loadRandom'; config: string; seed: number }
  | { id: number; type: 'load'; config: string; weights: ArrayBuffer; card: string }
  /** `intervention`: JSON text {"edits": [...]} (engine/intervention.ts builds it), applied inside the forward. */
  | { id: number; type: 'forward'; text: string; target?: string; intervention?: string }
  | { id: number; type: 'info' }
  /** Gradient x input of log p(word) at output row `row` (engine Session.importance). */
  | { id: number; type: 'importance'; text: string; target: string; row: number; word: number }
  /**
   * Test-only, never sent by the page (EngineClient.testOnly): a WebAssembly trap inside the engine;
   * a worker that never answers (busy until it is terminated); what the worker holds.
   */
  | { id: number; type: 'testOnlyTrap' }
  | { id: number; type: 'testOnlyHang' }
  | { id: number; type: 'testOnlyStats' };

export type RequestType = Request['type'];

/** What a successful reply carries, per request type. */
export interface Results {
  loadRandom: null;
  load: null;
  forward: ForwardRecord;
  info: ModelInfo;
  importance: Importance;
  testOnlyTrap: null;
  testOnlyHang: null;
  testOnlyStats: TestOnlyStats;
}

/** The worker's memory and the engine objects alive in it (scripts/soak.mjs checks they stay flat). */
export interface TestOnlyStats {
  /** The WebAssembly memory's size (HEAPU8.length): it grows and never shrinks. */
  heapBytes: number;
  /** Embind class instances alive in the module (C++ counters): Sessions and Labs. */
  sessions: number;
  labs: number;
  /** Embind `val` handles alive (values the engine keeps a JS object of). */
  emvalHandles: number;
  /** Embind objects the worker created and has not deleted yet (results, the Session). */
  workerHandles: number;
}

/** One number per token: how much scaling its embedding moves log p(word) (gradient x input). */
export interface Importance {
  perToken: number[];
  logP: number;
}

/**
 * What the page decides by when the engine refuses (docs/engine-contract.md): the code, and for
 * JSON text the file and the key given twice. The message (`error`) is only shown, never parsed.
 */
export interface EngineErrorFields {
  code?: ErrorCode;
  file?: string;
  key?: string;
}

/** `crashed`: not a refusal but a trap inside the engine; the module is unusable from then on. */
export type Reply =
  | { id: number; ok: true; result: Results[RequestType] }
  | ({ id: number; ok: false; error: string; crashed?: boolean } & EngineErrorFields);

/** How often a starting worker says `loading`. */
export const STARTING_EVERY_MS = 1_000;

/**
 * Sent without an id: `loading` when the worker's script runs and every second while its WASM
 * module is fetched and compiled, then once `ready` when the module has started, or `fatal` when it
 * could not.
 */
export type Announcement = { type: 'loading' } | { type: 'ready' } | { type: 'fatal'; error: string };

export type WorkerMessage = Reply | Announcement;
