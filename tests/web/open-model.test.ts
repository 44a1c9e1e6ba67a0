// Opening a model from the student's files (web/src/lessons/shared/open-model.ts): the three files,
// a folder, the lab's .zip; and each refusal before the engine sees anything, by its reason.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import {
  MAX_MODEL_BYTES,
  OpenModelError,
  openModelFiles,
  type PickedFile,
} from '../../web/src/lessons/shared/open-model';

const file = (path: string, content: Uint8Array | string, size?: number): PickedFile => {
  const bytes = typeof content === 'string' ? strToU8(content) : content;
  return { path, size: size ?? bytes.length, bytes: () => Promise.resolve(bytes.slice().buffer) };
};
const weights = new Uint8Array([8, 0, 0, 0, 0, 0, 0, 0, 123, 125, 32, 32, 32, 32, 32, 32]);
const folderFiles = (prefix = '') => [
  file(`${prefix}config.json`, '{"architecture":"seq2seq"}'),
  file(`${prefix}model.safetensors`, weights),
  file(`${prefix}card.json`, '{"example":"a b c"}'),
];

async function refusal(picked: PickedFile[]): Promise<OpenModelError> {
  try {
    await openModelFiles(picked);
  } catch (error) {
    if (error instanceof OpenModelError) return error;
    throw error;
  }
  throw new Error('the files were accepted');
}

describe('openModelFiles', () => {
  it('reads the three files picked together, and a folder dropped (named after it)', async () => {
    const picked = await openModelFiles(folderFiles());
    expect(picked.name).toBe('model');
    expect(picked.folder.config).toBe('{"architecture":"seq2seq"}');
    expect(new Uint8Array(picked.folder.weights)).toEqual(weights);
    expect(JSON.parse(picked.folder.card)).toEqual({ example: 'a b c' });
    const dropped = await openModelFiles([
      ...folderFiles('reverse-run/'),
      file('reverse-run/notes.txt', 'hi'),
    ]);
    expect(dropped.name).toBe('reverse-run');
    expect(new Uint8Array(dropped.folder.weights)).toEqual(weights);
  });

  it('reads the .zip the lab downloads, at its top or one folder down, and without a card', async () => {
    const zip = zipSync({
      'config.json': strToU8('{"a":1}'),
      'model.safetensors': weights,
      'card.json': strToU8('{}'),
    });
    const opened = await openModelFiles([file('attnlab-reverse-additive-300-steps.zip', zip)]);
    expect(opened.name).toBe('attnlab-reverse-additive-300-steps');
    expect(opened.folder.config).toBe('{"a":1}');
    expect(new Uint8Array(opened.folder.weights)).toEqual(weights);
    const nested = zipSync({ 'm/config.json': strToU8('{"b":2}'), 'm/model.safetensors': weights });
    const inner = await openModelFiles([file('x.zip', nested)]);
    expect(inner.name).toBe('m');
    expect(inner.folder.card).toBe('{}');
  });

  it('refuses, by reason: nothing, no config, no weights, two folders, not UTF-8, not a zip', async () => {
    expect((await refusal([])).key).toBe('none');
    expect(await refusal([file('model.safetensors', weights)])).toMatchObject({
      key: 'missing',
      params: { file: 'config.json' },
    });
    expect(await refusal([file('config.json', '{}')])).toMatchObject({
      key: 'missing',
      params: { file: 'model.safetensors' },
    });
    expect((await refusal([...folderFiles('a/'), ...folderFiles('b/')])).key).toBe('twoFolders');
    const latin1 = new Uint8Array([0x7b, 0xe9, 0x7d]);
    expect(await refusal([file('config.json', latin1), file('model.safetensors', weights)])).toMatchObject({
      key: 'notText',
      params: { file: 'config.json' },
    });
    expect((await refusal([file('model.zip', 'this is not a zip')])).key).toBe('badZip');
  });

  it('refuses what is too big before reading it, and a zip whose files would inflate past the limit', async () => {
    const huge = file('model.zip', 'x', MAX_MODEL_BYTES + 1);
    expect((await refusal([huge])).key).toBe('tooBig');
    const bigWeights = file('model.safetensors', weights, MAX_MODEL_BYTES);
    expect((await refusal([file('config.json', '{}'), bigWeights])).key).toBe('tooBig');
    // A zip bomb: 65 MB of zeros compress to about 64 KB; the declared size is refused before inflating.
    const bomb = zipSync({
      'config.json': strToU8('{}'),
      'model.safetensors': new Uint8Array(MAX_MODEL_BYTES + 1024),
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await refusal([file('bomb.zip', bomb)])).key).toBe('tooBig');
  });
});

describe('the unzipper is fetched with the first .zip', () => {
  it('a .zip when the unzipper cannot be fetched (offline) is refused as that, not as a broken zip', async () => {
    vi.resetModules();
    vi.doMock('../../web/src/lessons/shared/unzip', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    try {
      const { openModelFiles: open, OpenModelError: Refusal } =
        await import('../../web/src/lessons/shared/open-model');
      const zip = file('lab-model.zip', zipSync({ 'config.json': strToU8('{}') }));
      const error = await open([zip]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Refusal);
      expect((error as OpenModelError).key).toBe('noUnzip');
      expect((error as OpenModelError).params.detail).toMatch(/\S/); // why, as the browser said it
      // The three files themselves need no unzipper.
      expect((await open(folderFiles())).name).toBe('model');
    } finally {
      vi.doUnmock('../../web/src/lessons/shared/unzip');
      vi.resetModules();
    }
  });
});
