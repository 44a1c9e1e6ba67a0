// Serves the trained model folders of models/ from the page's own origin: in dev from disk (so a
// retrained model shows up on reload), in the build as files under models/. Only the three files a
// model folder is made of are exposed, and models/index.json lists the folders found, so the page
// knows which lessons can offer which variants without probing for missing files. A few results
// that are not model folders (the recall-versus-distance curve of lesson 2) are served alongside.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const FILES: Record<string, string> = {
  'config.json': 'application/json',
  'card.json': 'application/json',
  'model.safetensors': 'application/octet-stream',
};

/** Folders the lessons load: seq2seq-* (lesson 1), lm-* (lesson 2) and tf-* (lesson 3). */
export const MODEL_FOLDER_PATTERN = /^(?:seq2seq|lm|tf)-[a-z0-9-]+$/;

/** JSON results at the top of models/ that a lesson reads (served only when the file exists). */
export const RESULT_FILES = ['recall-curve.json'];

/** Folders of modelsDir whose name matches `pattern` and that hold all three files. */
function modelFolders(modelsDir: string, pattern: RegExp): string[] {
  if (!fs.existsSync(modelsDir)) return [];
  return fs
    .readdirSync(modelsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && pattern.test(entry.name))
    .map((entry) => entry.name)
    .filter((name) => Object.keys(FILES).every((file) => fs.existsSync(path.join(modelsDir, name, file))))
    .sort();
}

/** The result files of RESULT_FILES that exist in modelsDir. */
function resultFiles(modelsDir: string): string[] {
  return RESULT_FILES.filter((name) => fs.existsSync(path.join(modelsDir, name)));
}

const manifest = (models: string[]) => JSON.stringify({ models }, null, 2) + '\n';

/**
 * `import { modelsIndexUrl } from 'virtual:attnlab-models'`: the URL of models/index.json resolved
 * against the importing script's own URL (import.meta.url), not the page's, so the lessons find
 * their models wherever the page that loads attnlab.js lives.
 */
export const MODELS_MODULE = 'virtual:attnlab-models';
const RESOLVED_MODELS_MODULE = '\0' + MODELS_MODULE;

/** The scheme of the URLs the single-file build answers from inside the page (web/src/engine/assets.ts). */
export const EMBEDDED_BASE = 'attnlab-embedded:/';

/** Base64 of the gzip-compressed bytes (level 9; zlib writes no time stamp, so builds are equal). */
const gzipBase64 = (bytes: Buffer): string => zlib.gzipSync(bytes, { level: 9 }).toString('base64');

/**
 * The module body of the single-file build: every file of models/ is inside it, keyed by the URL the
 * page asks for (attnlab-embedded:/models/...). The manifest and the small result files are text;
 * each model folder's three files are gzip-compressed and base64-encoded: the weights shrink by about
 * a tenth (4-bit codes are close to random), the configs, which repeat their tokenizer's vocabulary
 * in indented JSON, by nine tenths.
 */
function embeddedModule(modelsDir: string, models: string[]): string {
  const text: Record<string, string> = {};
  const gzip: Record<string, string> = {};
  const url = (rel: string) => `${EMBEDDED_BASE}models/${rel}`;
  text[url('index.json')] = manifest(models);
  for (const name of resultFiles(modelsDir))
    text[url(name)] = fs.readFileSync(path.join(modelsDir, name), 'utf8');
  for (const name of models)
    for (const file of Object.keys(FILES))
      gzip[url(`${name}/${file}`)] = gzipBase64(fs.readFileSync(path.join(modelsDir, name, file)));
  return [
    `export const modelsIndexUrl = ${JSON.stringify(url('index.json'))};`,
    `export const embeddedText = ${JSON.stringify(text)};`,
    `export const embeddedGzip = ${JSON.stringify(gzip)};`,
  ].join('\n');
}

export interface ModelFoldersOptions {
  /** Put the models inside the bundle instead of beside it (the single-file build). */
  embed?: boolean;
  /** Only these folders (all matching ones when absent). */
  only?: string[];
}

export function modelFoldersPlugin(
  modelsDir: string,
  pattern = MODEL_FOLDER_PATTERN,
  options: ModelFoldersOptions = {},
): Plugin {
  const folders = () =>
    modelFolders(modelsDir, pattern).filter((name) => !options.only || options.only.includes(name));
  let serving = false;
  let indexEmitted = false;
  return {
    name: 'attnlab-model-folders',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    buildStart() {
      indexEmitted = false;
    },
    resolveId(id) {
      return id === MODELS_MODULE ? RESOLVED_MODELS_MODULE : null;
    },
    load(id) {
      if (id !== RESOLVED_MODELS_MODULE) return null;
      if (options.embed) return embeddedModule(modelsDir, folders());
      const none = 'export const embeddedText = null; export const embeddedGzip = null;';
      // The dev server answers /models/ at its root (configureServer below).
      // (Not new URL(..., import.meta.url) here: Vite's dev server would take it for a project file.)
      if (serving)
        return `export const modelsIndexUrl = new URL('/models/index.json', location.href).href; ${none}`;
      const ref = this.emitFile({
        type: 'asset',
        fileName: 'models/index.json',
        source: manifest(folders()),
      });
      indexEmitted = true;
      return `export const modelsIndexUrl = new URL(import.meta.ROLLUP_FILE_URL_${ref}, import.meta.url).href; ${none}`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
        if (!pathname.startsWith('/models/')) return next();
        const match = /^\/models\/(?:index\.json|([^/]+)\/([^/]+)|([^/]+))$/.exec(pathname);
        const notFound = () => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) return notFound();
        const models = modelFolders(modelsDir, pattern);
        let body: Buffer;
        let type = 'application/json';
        if (match[3] !== undefined) {
          if (!resultFiles(modelsDir).includes(match[3])) return notFound();
          body = fs.readFileSync(path.join(modelsDir, match[3]));
        } else if (!match[1]) {
          body = Buffer.from(manifest(models));
        } else if (models.includes(match[1]) && match[2] in FILES) {
          body = fs.readFileSync(path.join(modelsDir, match[1], match[2]));
          type = FILES[match[2]];
        } else {
          return notFound();
        }
        res.setHeader('content-type', type);
        res.setHeader('content-length', body.length);
        res.setHeader('cache-control', 'no-store');
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    },
    generateBundle() {
      if (options.embed) return;
      const models = folders();
      if (!indexEmitted)
        this.emitFile({ type: 'asset', fileName: 'models/index.json', source: manifest(models) });
      for (const name of models) {
        for (const file of Object.keys(FILES)) {
          this.emitFile({
            type: 'asset',
            fileName: `models/${name}/${file}`,
            source: fs.readFileSync(path.join(modelsDir, name, file)),
          });
        }
      }
      for (const name of resultFiles(modelsDir)) {
        this.emitFile({
          type: 'asset',
          fileName: `models/${name}`,
          source: fs.readFileSync(path.join(modelsDir, name)),
        });
      }
    },
  };
}
