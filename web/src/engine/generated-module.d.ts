// ./generated/attnlab.js (and attnlab-infer.js, the same without the training lab) are the Emscripten ES6 factories that scripts/build-wasm writes (git-ignored,
// so it carries no .d.ts of its own). worker.ts gives it its type, AttnlabFactory (wasm-types.ts).
declare module '*/generated/attnlab.js' {
  const createModule: unknown;
  export default createModule;
}
declare module '*/generated/attnlab-infer.js' {
  const createModule: unknown;
  export default createModule;
}
