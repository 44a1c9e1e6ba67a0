// The single-file build: build/single/attnlab.html holds the whole app (scripts, styles, KaTeX
// fonts, the engine worker with its WASM, and the trained models), so a teacher can upload one file
// to a learning platform and it opens from file:// with no server and no network. What can be is
// gzip-compressed inside it and unpacked by the browser: each model file, the WASM, the code.
//   npm run build:single                                     every model folder of models/
//   ATTNLAB_SINGLE_MODELS=seq2seq-additive,tf-mlm npm run build:single    a smaller file
// scripts/build-single runs it and reports the file's size.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { modelFoldersPlugin } from './vite-plugin-models.ts';
import { firstViewPlugin } from './vite-plugin-first-view.ts';
import { hashInlinePolicy } from './vite-plugin-csp.ts';
import { packModuleScript } from './vite-single-pack.ts';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const only = process.env.ATTNLAB_SINGLE_MODELS?.split(',').filter(Boolean);

/**
 * The workers go inside the page instead of beside it: the engine's (./create-worker-inline.ts) and
 * the training lab's (./create-lab-worker-inline.ts). Import -> importer -> replacement.
 */
const INLINE_WORKERS: [string, string, string][] = [
  ['./create-worker', 'engine.ts', 'create-worker-inline.ts'],
  ['./create-worker', 'early-worker.ts', 'create-worker-inline.ts'],
  ['./create-lab-worker', 'lab-client.ts', 'create-lab-worker-inline.ts'],
];
const inlineWorker: Plugin = {
  name: 'attnlab-inline-worker',
  enforce: 'pre',
  async resolveId(source, importer) {
    const swap = INLINE_WORKERS.find(
      ([from, by]) => source === from && importer?.endsWith(path.join('engine', by)),
    );
    return swap ? path.join(webDir, 'src/engine', swap[2]) : null;
  },
};

/**
 * One engine in the file, stored once and compressed: both workers are the same inlined script
 * (worker-single.ts), which gets attnlab.wasm as base64 gzip text from `virtual:attnlab-wasm` and
 * hands the unpacked bytes to the glue (wasmBinary). The glue's own reference to the file
 * (new URL("attnlab.wasm", import.meta.url)) is taken out, or Vite would inline the module a second
 * time as an uncompressed data: URL; a glue without that exact text fails the build.
 */
const GLUE_WASM_URL = 'new URL("attnlab.wasm",import.meta.url).toString()';
const oneCompressedEngine: Plugin = {
  name: 'attnlab-one-compressed-engine',
  enforce: 'pre',
  resolveId: (source) => (source === 'virtual:attnlab-wasm' ? '\0virtual:attnlab-wasm' : null),
  load(id) {
    if (id !== '\0virtual:attnlab-wasm') return null;
    const wasm = fs.readFileSync(path.join(webDir, 'src/engine/generated/attnlab.wasm'));
    const gzip = zlib.gzipSync(wasm, { level: 9 }).toString('base64');
    return `export const wasmGzip = ${JSON.stringify(gzip)};`;
  },
  transform(code, id) {
    if (!id.endsWith(path.join('engine', 'generated', 'attnlab.js'))) return null;
    if (!code.includes(GLUE_WASM_URL)) throw new Error(`attnlab.js no longer holds ${GLUE_WASM_URL}`);
    return code.replace(GLUE_WASM_URL, '"attnlab.wasm"');
  },
};

/** The favicon as a data: URL, so the page asks for no file at all. */
const inlineFavicon: Plugin = {
  name: 'attnlab-inline-favicon',
  transformIndexHtml(html) {
    const svg = fs.readFileSync(path.join(webDir, 'public/favicon.svg'));
    return html.replace('href="/favicon.svg"', `href="data:image/svg+xml;base64,${svg.toString('base64')}"`);
  },
};

/**
 * KaTeX's fonts in WOFF2 only: every browser that runs the engine's WebAssembly SIMD reads WOFF2,
 * and the WOFF and TrueType copies would add about 2.2 MB to the file.
 */
const woff2FontsOnly: Plugin = {
  name: 'attnlab-woff2-only',
  enforce: 'pre',
  transform(code, id) {
    if (!/katex(\.min)?\.css(\?|$)/.test(id)) return null;
    return code.replace(/,url\([^)]*\.woff\) format\("woff"\),url\([^)]*\.ttf\) format\("truetype"\)/g, '');
  },
};

/** The file is build/single/attnlab.html (Vite names it after index.html). */
const namedAttnlabHtml: Plugin = {
  name: 'attnlab-single-name',
  writeBundle(options) {
    const dir = options.dir ?? path.resolve(webDir, '../build/single');
    const file = path.join(dir, 'attnlab.html');
    fs.renameSync(path.join(dir, 'index.html'), file);
    fs.writeFileSync(file, packModuleScript(fs.readFileSync(file, 'utf8')));
    hashInlinePolicy(file); // every script is inline: the policy names each one's SHA-256
    // The size a teacher uploads, reported by every build.
    const mb = (fs.statSync(file).size / 1e6).toFixed(1);
    const models = only ? only.join(', ') : 'every model folder';
    console.log(`single-file build: ${path.relative(process.cwd(), file)}, ${mb} MB (${models})`);
  },
};

export default defineConfig({
  root: webDir,
  base: './',
  publicDir: false,
  plugins: [
    inlineWorker,
    inlineFavicon,
    woff2FontsOnly,
    modelFoldersPlugin(path.resolve(webDir, '..', process.env.ATTNLAB_MODELS_DIR ?? 'models'), undefined, {
      embed: true,
      ...(only ? { only } : {}),
    }),
    firstViewPlugin(
      path.resolve(webDir, '..', process.env.ATTNLAB_MODELS_DIR ?? 'models'),
      only ? { only } : {},
    ),
    viteSingleFile(),
    namedAttnlabHtml,
  ],
  build: {
    outDir: path.resolve(webDir, '../build/single'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    rolldownOptions: { input: { attnlab: path.resolve(webDir, 'index.html') } },
  },
  // Chromium refuses module workers from blob: URLs in a file:// page (opaque origin); a classic one starts.
  worker: { format: 'iife', plugins: () => [oneCompressedEngine] },
});
