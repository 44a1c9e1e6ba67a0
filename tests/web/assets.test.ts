// The single-file build answers model URLs from inside the bundle (web/src/engine/assets.ts): text
// as it is, model files unpacked from base64 gzip byte for byte, and anything else embedded-looking
// refused rather than sent to a network that is not there.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBase64, embeddedFetch } from '../../web/src/engine/assets';
import { gunzipBase64Bytes } from '../../web/src/engine/embedded-bytes';
import { fetchModelFolder, fetchManifest } from '../../web/src/engine/model-folder';

const BASE = 'attnlab-embedded:/';
const weights = Uint8Array.from({ length: 1000 }, (_, i) => (i * 37 + 11) % 256);

const gz = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).toString('base64');

const embedded = embeddedFetch(
  { [`${BASE}models/index.json`]: JSON.stringify({ models: ['tf-mlm'] }) },
  {
    [`${BASE}models/tf-mlm/config.json`]: gz('{"architecture":"transformer"}'),
    [`${BASE}models/tf-mlm/card.json`]: gz('{"parameters":12}'),
    [`${BASE}models/tf-mlm/model.safetensors`]: gz(weights),
    [`${BASE}models/tf-broken/config.json`]: gz('{"architecture":"transformer"}').slice(0, 12),
  },
  () => Promise.reject(new Error('the network was asked')),
);

describe('embedded model files (the single-file build)', () => {
  it('base64 decodes to the same bytes', () => {
    expect(Array.from(decodeBase64(Buffer.from(weights).toString('base64')))).toEqual(Array.from(weights));
    expect(decodeBase64('').length).toBe(0);
  });

  it('gzip text unpacks to the same bytes, and a cut one is an error, not fewer bytes', async () => {
    expect(Array.from(await gunzipBase64Bytes(gz(weights)))).toEqual(Array.from(weights));
    await expect(gunzipBase64Bytes(gz(weights).slice(0, 40))).rejects.toThrow();
  });

  it('a model folder and the manifest come from inside, byte for byte', async () => {
    expect(await fetchManifest(BASE, embedded)).toEqual({ models: ['tf-mlm'] });
    const folder = await fetchModelFolder(BASE, 'tf-mlm', embedded);
    expect(folder.config).toBe('{"architecture":"transformer"}');
    expect(folder.card).toBe('{"parameters":12}');
    expect(Array.from(new Uint8Array(folder.weights))).toEqual(Array.from(weights));
  });

  it('a damaged embedded file fails the load instead of giving a partial config', async () => {
    await expect(fetchModelFolder(BASE, 'tf-broken', embedded)).rejects.toThrow();
  });

  it('a file that is not inside is a clear 404, never a network request', async () => {
    await expect(fetchModelFolder(BASE, 'lm-rnn', embedded)).rejects.toThrow(
      'attnlab-embedded:/models/lm-rnn/config.json answered 404 (not in this file: it was built without this model)',
    );
  });

  it('without embedded files, requests go to the network as before', async () => {
    const asked: string[] = [];
    const plain = embeddedFetch(null, null, async (url) => {
      asked.push(url);
      return new Response('{"models":["seq2seq-additive"]}');
    });
    expect(await fetchManifest('http://example.test/app/', plain)).toEqual({ models: ['seq2seq-additive'] });
    expect(asked).toEqual(['http://example.test/app/models/index.json']);
  });
});
