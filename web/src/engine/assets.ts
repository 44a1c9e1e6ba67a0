// Where the page gets its model files. The normal build fetches them from models/ beside the
// script; the single-file build (web/vite.single.config.ts) carries them inside the bundle and
// answers their URLs (attnlab-embedded:/models/...) here, so the page works from file:// with no
// server and no network. The manifest is plain text; every model file is gzip-compressed (weights,
// and configs whose vocabularies repeat), unpacked only when a lesson asks for it.

import { embeddedGzip, embeddedText } from 'virtual:attnlab-models';
import { decodeBase64, gunzipBase64 } from './embedded-bytes';

export { decodeBase64 };

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** fetch, answered from the embedded files when the URL is one of them. */
export function embeddedFetch(
  text: Record<string, string> | null,
  gzip: Record<string, string> | null,
  fallback: Fetch = (url, init) => fetch(url, init),
): Fetch {
  return async (url, init) => {
    if (text && Object.hasOwn(text, url))
      return new Response(text[url], { status: 200, headers: { 'content-type': 'application/json' } });
    if (gzip && Object.hasOwn(gzip, url)) {
      const type = url.endsWith('.json') ? 'application/json' : 'application/octet-stream';
      return new Response(gunzipBase64(gzip[url]), { status: 200, headers: { 'content-type': type } });
    }
    // A single file built with ATTNLAB_SINGLE_MODELS holds only some models: the lesson's message says so.
    if (text || gzip)
      return new Response('not in this file', {
        status: 404,
        statusText: 'not in this file: it was built without this model',
      });
    return fallback(url, init);
  };
}

/** What the lessons call instead of fetch for anything under models/. */
export const fetchAsset: Fetch = embeddedFetch(embeddedText, embeddedGzip);

/** True in the single-file build, which carries its models inside and has no attnlab.js beside it. */
export const isSingleFile = embeddedText !== null;
