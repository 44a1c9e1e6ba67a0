// Which WebAssembly features the engine's modules need that this browser lacks, asked before any
// worker starts or any .wasm is fetched. Every module is built with SIMD128 (the kernels,
// -msimd128) and WebAssembly's own exception handling (-fwasm-exceptions, CMakeLists.txt); a
// browser without one cannot compile the module at all, and without this check the student read
// the browser's compile error ("the engine could not start: CompileError …") after the download.
// The probes are wasm-feature-detect's (a tiny module per feature, checked with
// WebAssembly.validate): `exceptions` is the proposal Emscripten 3.1.6 emits (try/catch/rethrow),
// not the later exnref one.

import { exceptions, simd } from 'wasm-feature-detect';

/** A feature the engine needs: WebAssembly itself, SIMD128, exception handling. */
export type WasmFeature = 'webassembly' | 'simd' | 'exceptions';

/**
 * The features this browser lacks, in that order ([] when it has them all). Without WebAssembly at
 * all (Safari's Lockdown Mode turns it off, as some school and company policies do) the answer is
 * ['webassembly'] alone. Cheap (two validations of a few dozen bytes): not cached, so a test can
 * change what the browser reports.
 */
export async function missingWasmFeatures(): Promise<WasmFeature[]> {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.validate !== 'function') return ['webassembly'];
  const probes: [WasmFeature, () => Promise<boolean>][] = [
    ['simd', simd],
    ['exceptions', exceptions],
  ];
  const missing: WasmFeature[] = [];
  for (const [feature, probe] of probes) {
    let has = false;
    try {
      has = await probe();
    } catch {
      has = false; // a probe that throws has not found the feature
    }
    if (!has) missing.push(feature);
  }
  return missing;
}
