// Stands in for web/src/engine/generated/attnlab.js (the browser build) when worker.ts runs in
// Node under Vitest: same factory signature, backed by the CommonJS build. The module it made
// last is kept for tests that inspect Embind's counters.
import type { AttnlabModule, ModuleOptions } from '../../../web/src/engine/wasm-types';
import { loadWasm } from './wasm-node';

export const shimState: { module: AttnlabModule | null; created: number } = { module: null, created: 0 };

export default async function createModule(options: ModuleOptions = {}): Promise<AttnlabModule> {
  const module = await loadWasm(options);
  shimState.module = module;
  shimState.created++;
  return module;
}
