// The module web/vite.single.config.ts provides to the single-file build's worker (worker-single.ts).
declare module 'virtual:attnlab-wasm' {
  /** attnlab.wasm, gzip-compressed, as base64. */
  export const wasmGzip: string;
}
