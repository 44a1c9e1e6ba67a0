// Loads the real engine for Node tests: the CommonJS WASM build and the native CLI. A missing
// build is a failure with the command that makes it, never a skipped test.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  AttnlabFactory,
  AttnlabModule,
  ModuleOptions,
  Session,
  Status,
} from '../../../web/src/engine/wasm-types';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where the Node build is; ATTNLAB_NODE_WASM_DIR points the tests at another build. */
const wasmDir = path.resolve(repoRoot, process.env.ATTNLAB_NODE_WASM_DIR ?? 'build/wasm');
/** The Node builds: the whole engine, or the lessons' module (no training lab, built for size). */
export type NodeModuleName = 'attnlab_node' | 'attnlab_node_lessons';
export const NATIVE_CLI = path.join(repoRoot, 'build/native/attnlab');
export const MODELS_DIR = path.join(repoRoot, 'tests/fixtures/models');

function mustExist(file: string, how: string): void {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} does not exist: ${how}`);
}

/** Module options that make the Node build work (Node 20's fetch cannot read file paths). */
export function nodeModuleOptions(
  options: ModuleOptions = {},
  name: NodeModuleName = 'attnlab_node',
): ModuleOptions {
  const { js, wasm } = moduleFiles(name);
  for (const file of [js, wasm])
    mustExist(file, 'run scripts/build-wasm to build the WebAssembly module for Node');
  return { ...options, locateFile: undefined, wasmBinary: fs.readFileSync(wasm) };
}

function moduleFiles(name: NodeModuleName): { js: string; wasm: string } {
  return { js: path.join(wasmDir, `${name}.cjs`), wasm: path.join(wasmDir, `${name}.wasm`) };
}

/** A fresh instance of the WASM module (each has its own heap). */
export function loadWasm(
  options: ModuleOptions = {},
  name: NodeModuleName = 'attnlab_node',
): Promise<AttnlabModule> {
  const opts = nodeModuleOptions(options, name);
  const require = createRequire(import.meta.url);
  const factory = require(moduleFiles(name).js) as AttnlabFactory;
  return factory(opts);
}

/** Loads a model folder (config.json, model.safetensors, card.json) into `session`; its answer. */
export function loadFolder(session: Session, dir: string): Status {
  const read = (file: string) => fs.readFileSync(path.join(dir, file));
  return session.load(
    read('config.json').toString('utf8'),
    new Uint8Array(read('model.safetensors')),
    read('card.json').toString('utf8'),
  );
}

/** The native CLI's `forward --json` for a model folder, parsed. */
export function nativeForward(modelDir: string, text: string): unknown {
  mustExist(
    NATIVE_CLI,
    'build the native engine first (scripts/setup, or cmake --preset native && cmake --build build/native)',
  );
  const out = execFileSync(NATIVE_CLI, ['forward', modelDir, '--text', text, '--json'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(out) as unknown;
}

/** Embind bookkeeping the module exposes, to check that nothing leaks. */
export interface EmbindCounters {
  count_emval_handles(): number;
}
export const countersOf = (module: AttnlabModule): EmbindCounters => module as unknown as EmbindCounters;
