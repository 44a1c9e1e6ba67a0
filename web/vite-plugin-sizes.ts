// What each view's first visit downloads (issue 17), printed by every build and written to
// build/web/sizes.json for tests/e2e/sizes.mjs: the page's entry with everything it imports
// statically, the view's own chunk with its static imports, its worker and its engine module (the
// lessons' inference-only WASM, the lab's whole one), each gzip -9 as a static host sends it.
// What a view fetches later (KaTeX on the first formula, the Chinese strings, other models) is
// not in it. Bytes are deterministic for a commit, so the budget check is a test, not a benchmark.
// A lesson whose first figure the build computed (vite-plugin-first-view.ts) draws it from its own
// JavaScript and starts its worker, WebAssembly and model after: its first figure needs the JS only.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { builtFirstViews } from './vite-plugin-first-view.ts';

/** The views an embedding page can show alone, by the module that defines each element. */
export const VIEWS: { name: string; module: string; worker: RegExp; wasm: RegExp }[] = [
  {
    name: 'seq2seq',
    module: 'lessons/seq2seq/element.ts',
    worker: /^worker-(?!full)/,
    wasm: /^attnlab-infer-/,
  },
  { name: 'lstmn', module: 'lessons/lstmn/element.ts', worker: /^worker-(?!full)/, wasm: /^attnlab-infer-/ },
  {
    name: 'transformer',
    module: 'lessons/transformer/element.ts',
    worker: /^worker-/,
    wasm: /^attnlab-infer-/,
  },
  { name: 'train', module: 'lessons/train/element.ts', worker: /^lab-worker-/, wasm: /^attnlab-(?!infer)/ },
];

export interface ViewSize {
  name: string;
  /** gzip -9 bytes: the page's JavaScript, the worker's, the WASM, and their sum. */
  js: number;
  worker: number;
  wasm: number;
  total: number;
  /** gzip -9 bytes before the first figure: the JS alone with a first view from the build, else total. */
  firstFigure: number;
  /** The first figure is drawn from the build's record, before the worker and WASM are fetched. */
  builtFirstView: boolean;
  files: string[];
}

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  imports?: string[];
  facadeModuleId?: string | null;
  isEntry?: boolean;
  name?: string;
}

export function sizesPlugin(): Plugin {
  return {
    name: 'attnlab-sizes',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      const items = Object.values(bundle) as unknown as ChunkLike[];
      const gz = (fileName: string) =>
        zlib.gzipSync(fs.readFileSync(path.join(dir, fileName)), { level: 9 }).length;
      const byName = new Map(items.map((c) => [c.fileName, c]));
      const closure = (start: ChunkLike, into: Set<string>) => {
        if (into.has(start.fileName)) return;
        into.add(start.fileName);
        for (const name of start.imports ?? []) {
          const next = byName.get(name);
          if (next) closure(next, into);
        }
      };
      const entry = items.find((c) => c.type === 'chunk' && c.isEntry && c.name === 'index');
      if (!entry) return;
      const base = (f: string) => path.basename(f);
      const assets = fs.readdirSync(path.join(dir, 'assets')).map((f) => `assets/${f}`);
      const sizes: ViewSize[] = [];
      for (const view of VIEWS) {
        const chunk = items.find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(view.module));
        // Workers and their WASM come from the worker build: looked up among the written files.
        const worker = assets.find((f) => f.endsWith('.js') && view.worker.test(base(f)));
        const wasm = assets.find((f) => f.endsWith('.wasm') && view.wasm.test(base(f)));
        if (!chunk || !worker || !wasm) {
          this.warn(`sizes: no chunk, worker or WASM found for ${view.name}`);
          continue;
        }
        const files = new Set<string>();
        closure(entry, files);
        closure(chunk, files);
        const js = [...files].reduce((s, f) => s + gz(f), 0);
        const total = js + gz(worker) + gz(wasm);
        const built = builtFirstViews.has(view.name);
        sizes.push({
          name: view.name,
          js,
          worker: gz(worker),
          wasm: gz(wasm),
          total,
          firstFigure: built ? js : total,
          builtFirstView: built,
          files: [...files, worker, wasm].sort(),
        });
      }
      fs.writeFileSync(path.join(dir, 'sizes.json'), `${JSON.stringify(sizes, null, 2)}\n`);
      const kb = (n: number) => (n / 1024).toFixed(0).padStart(4);
      console.log('each embedded view, KB gzip -9 (JS + worker + WASM = total; first figure after):');
      for (const s of sizes)
        console.log(
          `  ${s.name.padEnd(12)} ${kb(s.js)} + ${kb(s.worker)} + ${kb(s.wasm)} = ${kb(s.total)}; first figure ${kb(s.firstFigure)}` +
            (s.builtFirstView ? ' (drawn from the build, the engine after)' : ''),
        );
    },
  };
}
