// Trained model folders served from the page's own origin (web/vite-plugin-models.ts puts them
// under models/ in dev and in the build, with models/index.json listing them). Fetching happens on
// the page (or, in the single-file build, inside it: ./assets.ts); EngineClient.load then hands the
// three files to the worker. Pure apart from fetch, which tests replace.

import { fetchAsset } from './assets';

/** The three files of a model folder (docs/engine-contract.md, "Model folder"). */
export interface ModelFolder {
  config: string; // config.json text
  weights: ArrayBuffer; // model.safetensors bytes
  card: string; // card.json text
}

/** models/index.json: the folders the page can load. */
export interface ModelManifest {
  models: string[];
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** URL of a folder (or of the manifest) under models/, relative to the page. */
export function modelUrl(base: string | URL, ...parts: string[]): string {
  return new URL(`models/${parts.join('/')}`, base).href;
}

async function ok(response: Response, url: string): Promise<Response> {
  if (!response.ok) {
    const why = response.statusText && response.statusText !== 'Not Found' ? ` (${response.statusText})` : '';
    throw new Error(`${url} answered ${response.status}${why}`);
  }
  return response;
}

/** How much of a folder's weights has arrived: bytes so far, and of how many (null: not said). */
export type DownloadProgress = (received: number, total: number | null) => void;

/** A folder on its way: the download, and whoever wants to hear how far it is. */
interface Arriving {
  folder: Promise<ModelFolder>;
  listeners: Set<DownloadProgress>;
}

/**
 * Folders being fetched from the page's own models/: the app page's first view and lesson 1 ask for
 * the same folder at the same time, and on a slow network it came twice. A caller that asks while
 * it is on its way gets the same download (and its progress); once it arrived, the next ask fetches
 * again (the browser cache answers), so the page does not hold every model it ever showed. Nobody
 * changes a folder's bytes: EngineClient.load copies them.
 */
const arriving = new Map<string, Arriving>();

/**
 * Fetches config.json, model.safetensors and card.json of the folder `name`; `onProgress` hears how
 * much of the weights has arrived (on slow 3G a lesson's model takes half a minute).
 */
export function fetchModelFolder(
  base: string | URL,
  name: string,
  fetchImpl: Fetch = fetchAsset,
  onProgress?: DownloadProgress,
): Promise<ModelFolder> {
  if (fetchImpl !== fetchAsset) return fetchFolder(base, name, fetchImpl, onProgress ?? (() => {}));
  const key = modelUrl(base, name);
  // Fetched ahead (an embedded lesson's first model, embed/head-start.ts): the first ask takes it,
  // still arriving (then as any download on its way, with progress) or arrived.
  const kept = ahead.get(key);
  if (kept) {
    ahead.delete(key);
    if (!arriving.has(key)) return kept;
  }
  let entry = arriving.get(key);
  if (!entry) {
    const listeners = new Set<DownloadProgress>();
    const folder = fetchFolder(base, name, fetchImpl, (received, total) => {
      for (const listener of listeners) listener(received, total);
    });
    entry = { folder, listeners };
    arriving.set(key, entry);
    const forget = () => arriving.delete(key);
    folder.then(forget, forget);
  }
  if (onProgress) entry.listeners.add(onProgress);
  return entry.folder;
}

/** Folders fetched before their lesson asked, each kept until the first ask. */
const ahead = new Map<string, Promise<ModelFolder>>();

/**
 * Starts fetching the folder `name` before the lesson that shows it has asked (embed/head-start.ts);
 * the lesson's first fetchModelFolder takes the download. One that fails is forgotten, so the
 * lesson's own ask fetches again and says why it failed.
 */
export function fetchModelFolderAhead(base: string | URL, name: string): void {
  const key = modelUrl(base, name);
  if (ahead.has(key)) return;
  const folder = fetchModelFolder(base, name);
  ahead.set(key, folder);
  folder.catch(() => ahead.get(key) === folder && ahead.delete(key));
}

async function fetchFolder(
  base: string | URL,
  name: string,
  fetchImpl: Fetch,
  onProgress: DownloadProgress,
): Promise<ModelFolder> {
  const get = async (file: string) => {
    const url = modelUrl(base, name, file);
    return ok(await fetchImpl(url), url);
  };
  const [config, weights, card] = await Promise.all([
    get('config.json').then((r) => r.text()),
    get('model.safetensors').then((r) => readCounting(r, onProgress)),
    get('card.json').then((r) => r.text()),
  ]);
  return { config, weights, card };
}

/** The body's bytes, telling `onProgress` as they arrive (at most every PROGRESS_EVERY_MS). */
async function readCounting(response: Response, onProgress: DownloadProgress): Promise<ArrayBuffer> {
  if (!response.body) return response.arrayBuffer();
  // The length on the wire is the body's only when it is sent as it is (not gzip).
  const length = Number(response.headers.get('content-length'));
  const total = !response.headers.get('content-encoding') && length > 0 ? length : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let told = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (Date.now() - told >= PROGRESS_EVERY_MS) {
      told = Date.now();
      onProgress(received, total);
    }
  }
  onProgress(received, total);
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes.buffer;
}

const PROGRESS_EVERY_MS = 250;

/**
 * The folders listed in models/index.json; an empty list when there is no manifest. Asking the
 * manifest (always there) instead of probing each folder keeps 404s out of the console.
 */
export function fetchManifest(base: string | URL, fetchImpl: Fetch = fetchAsset): Promise<ModelManifest> {
  if (fetchImpl !== fetchAsset) return readManifest(base, fetchImpl);
  // One page asks for it six times at start (each lesson, the first view): once is enough.
  const key = modelUrl(base, 'index.json');
  let manifest = manifests.get(key);
  if (!manifest) {
    manifest = readManifest(base, fetchImpl);
    manifests.set(key, manifest);
    // No manifest (or none yet, offline): ask again next time.
    void manifest.then((m) => m.models.length === 0 && manifests.delete(key));
  }
  return manifest;
}

const manifests = new Map<string, Promise<ModelManifest>>();

async function readManifest(base: string | URL, fetchImpl: Fetch): Promise<ModelManifest> {
  try {
    const response = await fetchImpl(modelUrl(base, 'index.json'));
    if (!response.ok) return { models: [] };
    const value = (await response.json()) as { models?: unknown };
    const models = Array.isArray(value.models) ? value.models.filter((m) => typeof m === 'string') : [];
    return { models };
  } catch {
    return { models: [] };
  }
}

/** What the page shows of a model card: parameter count and held-out test metrics. */
export interface CardSummary {
  parameters: number | null;
  exactMatch: number | null; // fraction of test sentences translated exactly, 0..1
  /**
   * Alignment error rate (AER, card "aer"): each output word's strongest attention weight as one
   * link A against the gold links G, 1 - 2|A & G| / (|A| + |G|); 0..1 (cpp/train/translate.h).
   */
  aer: number | null;
  /**
   * Alignment miss rate (card "alignment_error", the training lab's measure): of the output words
   * with a gold link, the share whose strongest attention weight is on none of their gold words; 0..1.
   */
  alignmentMiss: number | null;
  testSentences: number | null;
  /** Which held-out split the metrics are of: the shipped cards have "test", the lab's "valid". */
  split: 'test' | 'valid';
  /** The weight decay the attention's own weights (W_K, W_Q) were trained with, when set apart. */
  alignWeightDecay: number | null;
  /** Trained with 8-bit weights (config "weights_dtype": "I8"): the weights it runs are those it was trained with. */
  trainedInt8: boolean;
  /** The card's seed, and the runs of the same recipe it was chosen among (empty: not chosen). */
  seed: number | null;
  seedRuns: SeedRun[];
  /**
   * The seed runs are those of the 8-bit model this one was fine-tuned from (card
   * training.init_from.training.seed_runs): the pick was made before the fine-tuning.
   */
  seedRunsOfBase: boolean;
}

/** One run of a recipe that differs from the shipped model's only in the seed, and its test exact match. */
export interface SeedRun {
  seed: number;
  exactMatch: number;
}

const numberOr = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * Reads card.json's `parameters` and `metrics.test` (or `metrics.valid` when a card has no test
 * split, as the training lab's cards); fields that are missing come back null.
 */
export function summarizeCard(card: Record<string, unknown>): CardSummary {
  const metrics = (card.metrics ?? {}) as Record<string, unknown>;
  const split = metrics.test === undefined && metrics.valid !== undefined ? 'valid' : 'test';
  const test = (metrics[split] ?? {}) as Record<string, unknown>;
  const training = (card.training ?? {}) as Record<string, unknown>;
  return {
    split,
    parameters: numberOr(card.parameters),
    exactMatch: numberOr(test.exact_match),
    aer: numberOr(test.aer),
    alignmentMiss: numberOr(test.alignment_error),
    testSentences: numberOr(test.n),
    alignWeightDecay: numberOr(training.align_weight_decay),
    trainedInt8: trainedInt8(card),
    seed: numberOr(card.seed),
    ...cardSeedRuns(training),
  };
}

/** The seed runs on the card, or those of the model it was fine-tuned from (fineTuned). */
function cardSeedRuns(training: Record<string, unknown>): { seedRuns: SeedRun[]; seedRunsOfBase: boolean } {
  const own = seedRuns(training.seed_runs);
  if (own.length > 0) return { seedRuns: own, seedRunsOfBase: false };
  const base = fineTuned({ training });
  return base
    ? { seedRuns: base.seedRuns, seedRunsOfBase: base.seedRuns.length > 0 }
    : { seedRuns: [], seedRunsOfBase: false };
}

/** A model fine-tuned from another folder's weights (train config "init_from", docs/models.md). */
export interface FineTuned {
  /** Steps of the model it started from, and its weights' dtype ("I8"). */
  baseSteps: number | null;
  baseDtype: string | null;
  /** Steps of the fine-tuning itself, and its learning rate. */
  steps: number | null;
  lr: number | null;
  seedRuns: SeedRun[];
  /** The tensors the base already kept in 4 bits beside its 8-bit weights (its weights_i4). */
  baseI4: string[];
}

/** A vocabulary grown by a fine-tuning run (card.training.vocabulary_grown, issue 53). */
export interface VocabularyGrown {
  /** Pieces before and after. */
  from: number;
  to: number;
  /** Steps and learning rate of the run that grew it. */
  steps: number | null;
  lr: number | null;
}

/**
 * card.training.vocabulary_grown, written by `attnlab train` for a recipe with
 * "extend_tokenizer_of" (lessons 2 and 3's English models, docs/models.md "Everyday English");
 * null for every other card, and for one whose sizes are not whole numbers.
 */
export function vocabularyGrown(card: Record<string, unknown>): VocabularyGrown | null {
  const training = (card.training ?? {}) as Record<string, unknown>;
  const grown = training.vocabulary_grown;
  if (grown === null || typeof grown !== 'object') return null;
  const g = grown as Record<string, unknown>;
  const from = numberOr(g.from),
    to = numberOr(g.to);
  if (from === null || to === null || !Number.isInteger(from) || !Number.isInteger(to)) return null;
  return { from, to, steps: numberOr(training.steps), lr: numberOr(training.lr) };
}

/**
 * card.training.init_from, written by `attnlab train` for a recipe with "init_from"; else null.
 * For a card whose last run grew the vocabulary (vocabularyGrown), the fine-tuning in 4 bits is
 * the run before it: its card is the one init_from holds.
 */
export function fineTuned(card: Record<string, unknown>): FineTuned | null {
  const outer = (card.training ?? {}) as Record<string, unknown>;
  const grownFrom =
    vocabularyGrown(card) && outer.init_from && typeof outer.init_from === 'object'
      ? (outer.init_from as Record<string, unknown>)
      : null;
  const training = grownFrom ? ((grownFrom.training ?? {}) as Record<string, unknown>) : outer;
  const from = training.init_from;
  if (from === null || typeof from !== 'object') return null;
  const base = ((from as Record<string, unknown>).training ?? {}) as Record<string, unknown>;
  return {
    baseSteps: numberOr(base.steps),
    baseDtype: typeof base.weights_dtype === 'string' ? base.weights_dtype : null,
    steps: numberOr(training.steps),
    lr: numberOr(training.lr),
    seedRuns: seedRuns(base.seed_runs),
    baseI4: Array.isArray(base.weights_i4)
      ? base.weights_i4.filter((n): n is string => typeof n === 'string')
      : [],
  };
}

/**
 * card.training.seed_runs, `[{"seed": 1, "exact_match": 0.86}, ...]`: written by hand when a shipped
 * model was picked among seeds (docs/models.md). An entry that is not a seed and a fraction makes
 * the whole list unreadable: the page then shows none rather than part of it.
 */
function seedRuns(value: unknown): SeedRun[] {
  if (!Array.isArray(value)) return [];
  const runs = value.map((run: unknown) => {
    const r = (run ?? {}) as Record<string, unknown>;
    const seed = numberOr(r.seed),
      exactMatch = numberOr(r.exact_match);
    return seed !== null &&
      Number.isInteger(seed) &&
      exactMatch !== null &&
      exactMatch >= 0 &&
      exactMatch <= 1
      ? { seed, exactMatch }
      : null;
  });
  return runs.every((r) => r !== null) ? (runs as SeedRun[]) : [];
}

/** The card's seed (`"seed": 2`), or null when it has none or it is not a whole number. */
export function cardSeed(card: Record<string, unknown>): number | null {
  const seed = numberOr(card.seed);
  return seed !== null && Number.isInteger(seed) ? seed : null;
}

/** Trained with 8-bit weights: `attnlab train` writes the config's weights_dtype under the card's training. */
export function trainedInt8(card: Record<string, unknown>): boolean {
  const training = (card.training ?? {}) as Record<string, unknown>;
  return training.weights_dtype === 'I8';
}

/**
 * The weights trained (and stored) in 4 bits: 'all' for a recipe with "weights_dtype": "I4", else
 * the tensors its "weights_i4" lists beside 8-bit ones (docs/weights-format.md, "4-bit weights").
 */
export function trainedInt4(card: Record<string, unknown>): 'all' | string[] {
  const training = (card.training ?? {}) as Record<string, unknown>;
  if (training.weights_dtype === 'I4') return 'all';
  const names = training.weights_i4;
  return training.weights_dtype === 'I8' && Array.isArray(names)
    ? names.filter((n): n is string => typeof n === 'string')
    : [];
}

/**
 * How many 4-bit weights share one scale: the recipe's "weights_i4_group" (columns per scale,
 * docs/weights-format.md "Scales per group"), or null for one scale per row.
 */
export function int4Group(card: Record<string, unknown>): number | null {
  const group = ((card.training ?? {}) as Record<string, unknown>).weights_i4_group;
  return typeof group === 'number' && Number.isInteger(group) && group > 0 ? group : null;
}
