// "Open your model": a model folder from the student's own files, for a lesson to show next to its
// shipped models. It accepts the three files picked or dropped together, a dropped folder, or a .zip
// of them (what the training lab downloads). The bytes stay in the page: they go to a worker of the
// lesson's own like a served folder, and the engine checks them with the messages the CLI gives.
// What can go wrong before the engine sees anything (no config.json, too big, not UTF-8, a zip
// that is not one) is an OpenModelError with an i18n key, so the page names it in both languages.
// Pure apart from the DOM drop reading at the end; tests/web/open-model.test.ts covers it.

import type { Unzipped } from 'fflate';
import type { ModelFolder } from '../../engine/model-folder';

/**
 * Everything read for one model, compressed or not. The lab's largest model is about 2 MB of
 * weights and the shipped ones under 2 MB; 64 MB leaves room for a student's own model and still
 * refuses what would stall a phone.
 */
export const MAX_MODEL_BYTES = 64 * 1024 * 1024;

const FILES = ['config.json', 'model.safetensors', 'card.json'] as const;
type FolderFile = (typeof FILES)[number];

/** A refusal the page shows as t(`open.${key}`, params). */
export class OpenModelError extends Error {
  constructor(
    readonly key: 'none' | 'tooBig' | 'missing' | 'badZip' | 'noUnzip' | 'notText' | 'twoFolders',
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'OpenModelError';
  }
}

/** One file as the picker, a drop or a test hands it over: its path inside what was chosen. */
export interface PickedFile {
  /** "config.json", or "my-model/config.json" inside a dropped folder. */
  path: string;
  size: number;
  bytes(): Promise<ArrayBuffer>;
}

/** A model folder read from files, with the name the page shows for it. */
export interface OpenedModel {
  name: string;
  folder: ModelFolder;
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const dirName = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const megabytes = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1);

function decode(bytes: Uint8Array, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new OpenModelError('notText', { file });
  }
}

/**
 * The folder's files among `found` (path -> bytes): the directory holding config.json decides,
 * so a zip or folder with the files one level down works, and two model folders are refused.
 */
function pickFolder(found: Map<string, Uint8Array>, fallbackName: string): OpenedModel {
  const configs = [...found.keys()].filter((p) => baseName(p) === 'config.json');
  if (!configs.length) throw new OpenModelError('missing', { file: 'config.json' });
  const dirs = new Set(configs.map(dirName));
  if (dirs.size > 1) throw new OpenModelError('twoFolders', { folders: [...dirs].join(', ') });
  const dir = configs[0] ? dirName(configs[0]) : '';
  const file = (name: FolderFile) => found.get(dir ? `${dir}/${name}` : name);
  const weights = file('model.safetensors');
  if (!weights) throw new OpenModelError('missing', { file: 'model.safetensors' });
  const card = file('card.json');
  const config = file('config.json') as Uint8Array;
  return {
    name: baseName(dir) || fallbackName,
    folder: {
      config: decode(config, 'config.json'),
      // A copy that owns exactly its bytes (a view into an unzipped buffer would carry the rest).
      weights: weights.slice().buffer,
      card: card ? decode(card, 'card.json') : '{}',
    },
  };
}

/**
 * Unzips only the folder's three files, refusing before inflating when they would be too big.
 * fflate's asynchronous unzip inflates in workers of its own, so a large zip does not hold up the page.
 */
async function unzipFolder(zip: Uint8Array, zipName: string): Promise<OpenedModel> {
  // fflate's unzip (unzip.ts) comes with the first .zip: most students never open one.
  let unzip: typeof import('./unzip').unzip;
  try {
    unzip = (await import('./unzip')).unzip;
  } catch (error) {
    throw new OpenModelError('noUnzip', { detail: error instanceof Error ? error.message : '' });
  }
  let declared = 0;
  let files: Unzipped;
  try {
    files = await new Promise<Unzipped>((resolve, reject) => {
      try {
        unzip(
          zip,
          {
            filter: (entry) => {
              if (!(FILES as readonly string[]).includes(baseName(entry.name))) return false;
              declared += entry.originalSize;
              if (declared > MAX_MODEL_BYTES)
                throw new OpenModelError('tooBig', {
                  size: megabytes(declared),
                  limit: megabytes(MAX_MODEL_BYTES),
                });
              return true;
            },
          },
          (error, unzipped) => (error ? reject(error) : resolve(unzipped)),
        );
      } catch (error) {
        reject(error); // the filter's refusal, or a zip whose directory cannot be read
      }
    });
  } catch (error) {
    if (error instanceof OpenModelError) throw error;
    throw new OpenModelError('badZip', {
      file: zipName,
      detail: error instanceof Error ? error.message : '',
    });
  }
  let inflated = 0;
  for (const bytes of Object.values(files)) inflated += bytes.length;
  if (inflated > MAX_MODEL_BYTES)
    throw new OpenModelError('tooBig', { size: megabytes(inflated), limit: megabytes(MAX_MODEL_BYTES) });
  return pickFolder(new Map(Object.entries(files)), zipName.replace(/\.zip$/i, ''));
}

/** Reads what the student chose: one .zip, or the folder's files (with or without card.json). */
export async function openModelFiles(picked: readonly PickedFile[]): Promise<OpenedModel> {
  if (!picked.length) throw new OpenModelError('none');
  const zips = picked.filter((f) => /\.zip$/i.test(f.path));
  if (zips.length === 1 && picked.length === 1) {
    const zip = zips[0] as PickedFile;
    if (zip.size > MAX_MODEL_BYTES)
      throw new OpenModelError('tooBig', { size: megabytes(zip.size), limit: megabytes(MAX_MODEL_BYTES) });
    return await unzipFolder(new Uint8Array(await zip.bytes()), baseName(zip.path));
  }
  const wanted = picked.filter((f) => (FILES as readonly string[]).includes(baseName(f.path)));
  const wantedBytes = wanted.reduce((sum, f) => sum + f.size, 0);
  if (wantedBytes > MAX_MODEL_BYTES)
    throw new OpenModelError('tooBig', { size: megabytes(wantedBytes), limit: megabytes(MAX_MODEL_BYTES) });
  if (!wanted.length && zips.length)
    throw new OpenModelError('badZip', { file: zips.map((z) => z.path).join(', ') });
  const found = new Map<string, Uint8Array>();
  for (const f of wanted) found.set(f.path, new Uint8Array(await f.bytes()));
  return pickFolder(found, dirName((picked[0] as PickedFile).path) || 'model');
}

/** The picker's files (a folder picker sets webkitRelativePath, the path inside the folder). */
export function pickedFromFileList(files: FileList | readonly File[]): PickedFile[] {
  return Array.from(files as ArrayLike<File>).map((file) => ({
    path: file.webkitRelativePath || file.name,
    size: file.size,
    bytes: () => file.arrayBuffer(),
  }));
}

/** What was dropped: files, a folder (read one level of its entries and their subfolders), or a zip. */
export async function pickedFromDrop(data: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(data.items as ArrayLike<DataTransferItem>)
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null))
    .filter((e): e is FileSystemEntry => !!e);
  if (!entries.length) return pickedFromFileList(data.files);
  const out: PickedFile[] = [];
  const visit = async (entry: FileSystemEntry, prefix: string, depth: number): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) =>
        (entry as FileSystemFileEntry).file(resolve, reject),
      );
      out.push({ path: prefix + file.name, size: file.size, bytes: () => file.arrayBuffer() });
    } else if (entry.isDirectory && depth < 2) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      const children = await new Promise<FileSystemEntry[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      );
      for (const child of children) await visit(child, `${prefix}${entry.name}/`, depth + 1);
    }
  };
  for (const entry of entries) await visit(entry, '', 0);
  return out;
}
