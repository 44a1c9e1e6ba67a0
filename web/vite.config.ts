// Vite serves and builds the page from web/ into build/web/ at the repository root. base './'
// makes every URL in the build relative, so build/web works from any path (or a file share).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { modelFoldersPlugin } from './vite-plugin-models.ts';

const webDir = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: webDir,
  base: './',
  publicDir: path.resolve(webDir, 'public'),
  // Trained model folders (models/seq2seq-*, models/lm-*) and models/recall-curve.json are served
  // and built under models/; ATTNLAB_MODELS_DIR points at another folder of model folders.
  plugins: [modelFoldersPlugin(path.resolve(webDir, '..', process.env.ATTNLAB_MODELS_DIR ?? 'models'))],
  build: {
    outDir: path.resolve(webDir, '../build/web'),
    emptyOutDir: true,
    target: 'es2022',
    // The engine's .wasm must stay a file (streamed and compiled by the browser), never a data: URL.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    chunkSizeWarningLimit: 1024,
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
