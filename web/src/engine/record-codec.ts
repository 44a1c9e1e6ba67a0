// A ForwardRecord as plain JSON and back, bit for bit: the first figure a lesson draws before its
// engine has arrived is a record the build computed with the same engine and model
// (web/vite-plugin-first-view.ts, lessons/shared/first-views.ts). Float and int arrays travel as
// base64 of their little-endian bytes: exact, and a third the size of their decimal digits. Only the
// trace tensors the first figure reads are kept (the whole record is 63-241 KB of arrays).

import type { AttentionMap, ForwardRecord, Tensor } from './records';

export interface EncodedMap {
  name: string;
  layer: number;
  head: number;
  rows: number;
  cols: number;
  rowLabels: string[];
  colLabels: string[];
  scores: string;
  weights: string;
}

export interface EncodedRecord {
  tokens: string[];
  ids: string;
  unknown: boolean[];
  wordOf: string;
  words: string[];
  outputTokens: string[];
  outputLimit: number;
  stoppedForLength: boolean;
  maps: EncodedMap[];
  tensors: { name: string; rows: number; cols: number; data: string }[];
}

/** Base64 of an array's bytes, little-endian whatever the machine. */
function toBase64(values: Float32Array | Int32Array): string {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  const float = values instanceof Float32Array;
  values.forEach((v, i) => (float ? view.setFloat32(i * 4, v, true) : view.setInt32(i * 4, v, true)));
  let binary = '';
  const bytes = new Uint8Array(view.buffer);
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64<T extends Float32Array | Int32Array>(text: string, make: (n: number) => T): T {
  const binary = atob(text);
  if (binary.length % 4 !== 0) throw new Error('a first-view array is not whole 4-byte values');
  const view = new DataView(Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer);
  const out = make(binary.length / 4);
  const float = out instanceof Float32Array;
  for (let i = 0; i < out.length; i++)
    out[i] = float ? view.getFloat32(i * 4, true) : view.getInt32(i * 4, true);
  return out;
}

const floats = (text: string) => fromBase64(text, (n) => new Float32Array(n));
const ints = (text: string) => fromBase64(text, (n) => new Int32Array(n));

/** The record with only the trace tensors named in `keep` (a record with an intervention is refused). */
export function encodeRecord(record: ForwardRecord, keep: readonly string[]): EncodedRecord {
  if (record.truncated) throw new Error('a first view must be a whole text, not a truncated one');
  if (record.maps.some((m) => m.editedRows?.length))
    throw new Error('a first view must be the model as trained');
  const missing = keep.filter((name) => !record.tensors.some((t) => t.name === name));
  if (missing.length) throw new Error(`the trace has no tensor ${missing.join(', ')}`);
  return {
    tokens: record.tokens,
    ids: toBase64(record.ids),
    unknown: record.unknown,
    wordOf: toBase64(record.wordOf),
    words: record.words,
    outputTokens: record.outputTokens,
    outputLimit: record.outputLimit,
    stoppedForLength: record.stoppedForLength,
    maps: record.maps.map((m) => ({
      name: m.name,
      layer: m.layer,
      head: m.head,
      rows: m.rows,
      cols: m.cols,
      rowLabels: m.rowLabels,
      colLabels: m.colLabels,
      scores: toBase64(m.scores),
      weights: toBase64(m.weights),
    })),
    tensors: record.tensors
      .filter((t) => keep.includes(t.name))
      .map((t) => ({ name: t.name, rows: t.rows, cols: t.cols, data: toBase64(t.data) })),
  };
}

/** Refuses an array whose length is not its shape's: a figure must never draw a torn record. */
function sized(values: Float32Array, rows: number, cols: number, what: string): Float32Array {
  if (values.length !== rows * cols)
    throw new Error(`the first view's ${what} holds ${values.length} values, not ${rows} x ${cols}`);
  return values;
}

export function decodeRecord(encoded: EncodedRecord): ForwardRecord {
  const map = (m: EncodedMap): AttentionMap => ({
    ...m,
    scores: sized(floats(m.scores), m.rows, m.cols, `map ${m.name}`),
    weights: sized(floats(m.weights), m.rows, m.cols, `map ${m.name}`),
    editedRows: [],
  });
  const tensor = (t: EncodedRecord['tensors'][number]): Tensor => ({
    ...t,
    data: sized(floats(t.data), t.rows, t.cols, `tensor ${t.name}`),
  });
  return {
    tokens: encoded.tokens,
    ids: ints(encoded.ids),
    unknown: encoded.unknown,
    wordOf: ints(encoded.wordOf),
    words: encoded.words,
    outputTokens: encoded.outputTokens,
    outputLimit: encoded.outputLimit,
    stoppedForLength: encoded.stoppedForLength,
    maps: encoded.maps.map(map),
    tensors: encoded.tensors.map(tensor),
    truncated: null,
  };
}
