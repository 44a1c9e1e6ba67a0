// `import firstView from 'virtual:attnlab-first-view/<lesson>'`: the record a lesson's first figure
// is drawn from while its engine is still on its way (issue 17), computed here, when the page is
// built or served, by the lessons' own engine (the Node build of the same C++, no libm, the same
// bits as the page's WebAssembly) on the model folder the page serves. null when that folder is not
// served (another models directory, a single-file build without it): the lesson then waits for its
// engine as before. What each lesson computes is in web/src/lessons/shared/first-views.ts.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import {
  FIRST_VIEWS,
  type BuiltFirstView,
  type BuiltLabRun,
  type FirstViewLesson,
} from './src/lessons/shared/first-views.ts';
import { toForwardRecord, type RawForward } from './src/engine/convert.ts';
import { encodeRecord } from './src/engine/record-codec.ts';
import { LabDriver } from './src/engine/lab-driver.ts';
import type { LabMessage } from './src/engine/lab-protocol.ts';
import type { AttnlabModule } from './src/engine/wasm-types.ts';
import { defaultText, trainConfig, validate, variantsOf } from './src/lessons/train/state.ts';

export const FIRST_VIEW_PREFIX = 'virtual:attnlab-first-view/';
export const LAB_FIRST_VIEW = 'virtual:attnlab-lab-first-view';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const scalars = (config: Record<string, unknown>): BuiltFirstView['config'] =>
  Object.fromEntries(
    Object.entries(config).filter((entry): entry is [string, number | string | boolean] =>
      ['number', 'string', 'boolean'].includes(typeof entry[1]),
    ),
  );

interface NodeSession {
  load(config: string, weights: Uint8Array, card: string): { ok: boolean; error?: string; delete?(): void };
  forward(text: string): RawForward & { ok: boolean; error?: string; delete?(): void };
  delete(): void;
}

/**
 * A Node build of the engine (scripts/build-wasm builds both), started once per build: the lessons'
 * (`attnlab_node_lessons`, the C++ of the page's attnlab-infer.wasm) and the whole engine
 * (`attnlab_node`, with the training code the lab's worker runs from attnlab.wasm).
 */
const started = new Map<string, Promise<unknown>>();
function nodeModule<T>(name: 'attnlab_node_lessons' | 'attnlab_node'): Promise<T> {
  const dir = path.resolve(repoRoot, process.env.ATTNLAB_NODE_WASM_DIR ?? 'build/wasm');
  const [js, wasm] = ['cjs', 'wasm'].map((ext) => path.join(dir, `${name}.${ext}`));
  for (const file of [js, wasm])
    if (!fs.existsSync(file))
      throw new Error(`first views: ${path.relative(repoRoot, file)} does not exist: run scripts/build-wasm`);
  if (!started.has(name))
    started.set(
      name,
      (createRequire(import.meta.url)(js) as (options: object) => Promise<unknown>)({
        wasmBinary: fs.readFileSync(wasm),
      }),
    );
  return started.get(name) as Promise<T>;
}

/**
 * The training lab's first figure: each run of its default settings as its worker first reports
 * it (created, then the "before training" snapshot of the watched example), from the worker's own
 * loop (LabDriver) on the whole engine. An engine error stops the build.
 */
export async function computeLabFirstView(): Promise<BuiltLabRun[]> {
  const settings = validate(defaultText()).settings;
  if (!settings) throw new Error('first views: the default settings of the lab do not validate');
  const module = await nodeModule<AttnlabModule>('attnlab_node');
  const example = settings.numbers.example - 1;
  return variantsOf(settings).map((variant) => {
    const config = trainConfig(settings, variant);
    const sent: LabMessage[] = [];
    const driver = new LabDriver(module, (m) => sent.push(m), { now: () => 0, later: () => {} });
    try {
      driver.handle({ type: 'create', config });
      driver.handle({ type: 'example', index: example });
    } finally {
      driver.dispose();
    }
    const failed = sent.find((m) => m.type === 'error' || m.type === 'fatal');
    if (failed) throw new Error(`first view of the lab: ${JSON.stringify(failed)}`);
    const created = sent.find((m) => m.type === 'created');
    const snapshot = sent.filter((m) => m.type === 'snapshot').at(-1);
    if (created?.type !== 'created' || snapshot?.type !== 'snapshot')
      throw new Error('first view of the lab: the loop of its worker sent no snapshot');
    const { metrics } = snapshot;
    // JSON keeps every finite double exactly; a NaN would come back as null.
    if (![metrics.exactMatch, metrics.tokenAccuracy, metrics.loss].every(Number.isFinite))
      throw new Error(`first view of the lab: metrics that JSON cannot keep: ${JSON.stringify(metrics)}`);
    const ex = snapshot.example;
    return {
      config,
      example,
      created: {
        parameters: created.parameters,
        totalSteps: created.totalSteps,
        batchSize: created.batchSize,
      },
      snapshot: {
        steps: snapshot.steps,
        metrics,
        example: ex && { ...ex, record: encodeRecord(ex.record, []) },
      },
    };
  });
}

/** Runs the engine as the page's worker does (worker-host.ts: load, forward, toForwardRecord). */
export async function computeFirstView(
  modelsDir: string,
  lesson: FirstViewLesson,
): Promise<BuiltFirstView | null> {
  const spec = FIRST_VIEWS[lesson];
  const dir = path.join(modelsDir, spec.folder);
  const files = ['config.json', 'model.safetensors', 'card.json'].map((f) => path.join(dir, f));
  if (!files.every((f) => fs.existsSync(f))) return null;
  const { Session } = await nodeModule<{ Session: new () => NodeSession }>('attnlab_node_lessons');
  const session = new Session();
  try {
    const [config, weights, card] = files.map((f) => fs.readFileSync(f));
    const loaded = session.load(config.toString('utf8'), new Uint8Array(weights), card.toString('utf8'));
    loaded.delete?.();
    if (!loaded.ok) throw new Error(`first view of ${lesson}: ${spec.folder} does not load: ${loaded.error}`);
    const raw = session.forward(spec.text);
    try {
      if (!raw.ok) throw new Error(`first view of ${lesson}: the forward failed: ${raw.error}`);
      const record = encodeRecord(toForwardRecord(raw), spec.tensors);
      const shape = scalars(JSON.parse(config.toString('utf8')) as Record<string, unknown>);
      return { folder: spec.folder, text: spec.text, config: shape, record };
    } finally {
      raw.delete?.();
    }
  } finally {
    session.delete();
  }
}

/** The lessons this process's build gave a first view (vite-plugin-sizes.ts reports them). */
export const builtFirstViews = new Set<string>();

export function firstViewPlugin(modelsDir: string, options: { only?: string[] } = {}): Plugin {
  return {
    name: 'attnlab-first-view',
    resolveId(id) {
      return id.startsWith(FIRST_VIEW_PREFIX) || id === LAB_FIRST_VIEW ? '\0' + id : null;
    },
    async load(id) {
      if (id === '\0' + LAB_FIRST_VIEW) {
        const runs = await computeLabFirstView();
        builtFirstViews.add('train');
        return `export default ${JSON.stringify(runs)};\n`;
      }
      if (!id.startsWith('\0' + FIRST_VIEW_PREFIX)) return null;
      const lesson = id.slice(FIRST_VIEW_PREFIX.length + 1);
      if (!(lesson in FIRST_VIEWS)) throw new Error(`first views: no lesson ${lesson}`);
      const folder = FIRST_VIEWS[lesson as FirstViewLesson].folder;
      // A build that leaves the folder out (the single file of one lesson's other models) has none.
      const view =
        options.only && !options.only.includes(folder)
          ? null
          : await computeFirstView(modelsDir, lesson as FirstViewLesson);
      if (view) builtFirstViews.add(lesson);
      return `export default ${JSON.stringify(view)};\n`;
    },
  };
}
