// Turns what the engine answers (the Embind module, or the CLI's JSON) into JS-owned records.
// Pure: the worker uses it on every forward, the tests use it on the Node build and the CLI.

import type { AttentionMap, ForwardRecord, ModelInfo, Tensor } from './records';

/** A list as Embind may hand it over: a JS array, or a registered std::vector (size/get/delete). */
type ListLike<T> = ArrayLike<T> | { size(): number; get(i: number): T; delete?(): void };

/** The ForwardResult shape of docs/engine-contract.md, loose enough to take the CLI JSON too. */
export interface RawForward {
  tokens: ListLike<string>;
  ids: ListLike<number>;
  unknown?: ListLike<boolean>;
  word_of?: ListLike<number>;
  words?: ListLike<string>;
  output_tokens?: ListLike<string>;
  output_limit?: number;
  stopped_for_length?: boolean;
  maps: ListLike<RawMap>;
  tensors?: ListLike<RawTensor>;
}
export interface RawMap {
  name: string;
  layer: number;
  head: number;
  rows: number;
  cols: number;
  row_labels: ListLike<string>;
  col_labels: ListLike<string>;
  scores: ListLike<number>;
  weights: ListLike<number>;
  edited_rows?: ListLike<number>;
}
export interface RawTensor {
  name: string;
  rows: number;
  cols: number;
  data: ListLike<number>;
}

function toArray<T>(list: ListLike<T> | undefined | null): T[] {
  if (list == null) return [];
  if (typeof (list as { size?: unknown }).size === 'function') {
    const v = list as { size(): number; get(i: number): T };
    return Array.from({ length: v.size() }, (_, i) => v.get(i));
  }
  return Array.from(list as ArrayLike<T>);
}

/**
 * An array that owns its whole buffer is taken as it is: the engine's results cross the boundary
 * as copies (one `slice()` each, cpp/wasm/bindings.cpp), and copying each again cost a lesson 3
 * keystroke 22 more arrays. Anything else (a view of a larger buffer, such as the WebAssembly
 * heap, which growth would invalidate) is copied into a fresh array of its own. Either way the
 * record owns each buffer once, to transfer.
 */
function owned(a: Float32Array | Int32Array): boolean {
  return a.byteOffset === 0 && a.byteLength === a.buffer.byteLength && a.buffer instanceof ArrayBuffer;
}

function floats(list: ListLike<number>): Float32Array {
  if (list instanceof Float32Array) return owned(list) ? list : list.slice();
  return Float32Array.from(toArray(list));
}

function ints(list: ListLike<number>): Int32Array {
  if (list instanceof Int32Array) return owned(list) ? list : list.slice();
  return Int32Array.from(toArray(list));
}

export function toAttentionMap(raw: RawMap): AttentionMap {
  return {
    name: String(raw.name),
    layer: Number(raw.layer),
    head: Number(raw.head),
    rows: Number(raw.rows),
    cols: Number(raw.cols),
    rowLabels: toArray(raw.row_labels).map(String),
    colLabels: toArray(raw.col_labels).map(String),
    scores: floats(raw.scores),
    weights: floats(raw.weights),
    editedRows: toArray(raw.edited_rows).map(Number),
  };
}

export function toTensor(raw: RawTensor): Tensor {
  return { name: String(raw.name), rows: Number(raw.rows), cols: Number(raw.cols), data: floats(raw.data) };
}

export function toForwardRecord(raw: RawForward): ForwardRecord {
  return {
    tokens: toArray(raw.tokens).map(String),
    ids: ints(raw.ids),
    unknown: toArray(raw.unknown).map(Boolean),
    wordOf: raw.word_of == null ? new Int32Array(0) : ints(raw.word_of),
    words: toArray(raw.words).map(String),
    outputTokens: toArray(raw.output_tokens).map(String),
    outputLimit: Number(raw.output_limit ?? 0),
    stoppedForLength: raw.stopped_for_length === true,
    maps: toArray(raw.maps).map(toAttentionMap),
    tensors: toArray(raw.tensors).map(toTensor),
    truncated: null,
  };
}

/** The buffers a record owns, each once: post them as transferables instead of copying. */
export function transferablesOf(record: ForwardRecord): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (a: { buffer: ArrayBufferLike }) => {
    if (a.buffer instanceof ArrayBuffer) buffers.add(a.buffer);
  };
  add(record.ids);
  add(record.wordOf);
  for (const m of record.maps) {
    add(m.scores);
    add(m.weights);
  }
  for (const t of record.tensors) add(t.data);
  return [...buffers];
}

function parseObject(text: string | undefined, what: string): Record<string, unknown> {
  if (text == null || text === '') return {};
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

export function toModelInfo(raw: { config?: string; card?: string; parameters?: number }): ModelInfo {
  return {
    config: parseObject(raw.config, 'config'),
    card: parseObject(raw.card, 'card'),
    parameters: Number(raw.parameters ?? 0),
  };
}
