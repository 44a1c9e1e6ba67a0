// Vite serves and builds the page from web/ into build/web/ at the repository root. base './'
// makes every URL in the build relative, so build/web works from any path (or a file share).
// A second entry, build/web/attnlab.js (stable name, no hash), registers the lesson elements for a
// course page with one script tag (docs/embedding.md); it finds its worker, WASM and models from
// its own URL.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { modelFoldersPlugin } from './vite-plugin-models.ts';
import { contentSecurityPolicy, cspMeta } from './vite-plugin-csp.ts';
import { sizesPlugin } from './vite-plugin-sizes.ts';
import { firstViewPlugin } from './vite-plugin-first-view.ts';

const webDir = path.dirname(fileURLToPath(import.meta.url));

/** The dev server answers /attnlab.js (the embedding entry) with its source, as the build names it. */
const embedEntryInDev: Plugin = {
  name: 'attnlab-embed-entry-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url === '/attnlab.js' || req.url?.startsWith('/attnlab.js?')) req.url = '/src/attnlab.ts';
      next();
    });
  },
};

export default defineConfig({
  root: webDir,
  base: './',
  publicDir: path.resolve(webDir, 'public'),
  // Trained model folders (models/seq2seq-*, models/lm-*) and models/recall-curve.json are served
  // and built under models/; ATTNLAB_MODELS_DIR points at another folder of model folders.
  plugins: [
    modelFoldersPlugin(path.resolve(webDir, '..', process.env.ATTNLAB_MODELS_DIR ?? 'models')),
    firstViewPlugin(path.resolve(webDir, '..', process.env.ATTNLAB_MODELS_DIR ?? 'models')),
    embedEntryInDev,
    cspMeta(),
    sizesPlugin(),
  ],
  build: {
    outDir: path.resolve(webDir, '../build/web'),
    emptyOutDir: true,
    target: 'es2022',
    // The engine's .wasm must stay a file (streamed and compiled by the browser), never a data: URL.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      input: { index: path.resolve(webDir, 'index.html'), attnlab: path.resolve(webDir, 'src/attnlab.ts') },
      // d3-scale-chromatic builds each of its ~40 colour schemes with top-level calls (colors(),
      // ramp()) that a bundler must keep unless told they are pure: every view carried all of
      // them (15.8 KB raw) for the two it uses (PuOr, Blues). These names are only that
      // library's (its dist names them ramp$1 and ramp$2 too); a call whose result is unused is
      // dropped, so no code of ours may name a function with side effects so.
      treeshake: { manualPureFunctions: ['colors', 'ramp', 'ramp$1', 'ramp$2'] },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'attnlab' ? 'attnlab.js' : 'assets/[name]-[hash].js'),
        // What the page's entry needs to start an embedded lesson's engine early (embed/head-start.ts)
        // in one chunk, not three: on a server that answers six requests at a time (HTTP/1.1) the
        // entry's first round then still fits in one (its other imports are four).
        codeSplitting: {
          groups: [
            {
              name: 'engine-start',
              test: /web\/src\/(engine\/(wasm-features|assets|embedded-bytes|model-folder|model-base|early-worker|create-worker)\.ts|embed\/head-start\.ts)|wasm-feature-detect/,
            },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173 },
  // The preview (scripts/demo) sends the page's policy as a header as well (vite-plugin-csp.ts).
  preview: { host: '127.0.0.1', port: 4173, headers: { 'Content-Security-Policy': contentSecurityPolicy() } },
});
