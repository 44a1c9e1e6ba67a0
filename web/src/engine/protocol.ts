// Messages between EngineClient (page) and the engine worker. Every request carries an id and gets
// exactly one reply with that id; the worker also announces once whether the module started.

import type { ForwardRecord, ModelInfo } from './records';

export type Request =
  | { id: number; type: 'loadRandom'; config: string; seed: number }
  | { id: number; type: 'load'; config: string; weights: ArrayBuffer; card: string }
  /** `intervention`: JSON text {"edits": [...]} (engine/intervention.ts builds it), applied inside the forward. */
  | { id: number; type: 'forward'; text: string; target?: string; intervention?: string }
  | { id: number; type: 'info' }
  /** Gradient x input of log p(word) at output row `row` (engine Session.importance). */
  | { id: number; type: 'importance'; text: string; target: string; row: number; word: number };

export type RequestType = Request['type'];

/** What a successful reply carries, per request type. */
export interface Results {
  loadRandom: null;
  load: null;
  forward: ForwardRecord;
  info: ModelInfo;
  importance: Importance;
}

/** One number per token: how much scaling its embedding moves log p(word) (gradient x input). */
export interface Importance {
  perToken: number[];
  logP: number;
}

export type Reply =
  { id: number; ok: true; result: Results[RequestType] } | { id: number; ok: false; error: string };

/** Sent once, without an id, when the WASM module has started (or could not). */
export type Announcement = { type: 'ready' } | { type: 'fatal'; error: string };

export type WorkerMessage = Reply | Announcement;
