// ./generated/attnlab.js is the Emscripten ES6 factory that scripts/build-wasm writes (git-ignored,
// so it carries no .d.ts of its own). worker.ts gives it its type, AttnlabFactory (wasm-types.ts).
declare module '*/generated/attnlab.js' {
  const createModule: unknown;
  export default createModule;
}
