// Where the page gets its model files. The normal build fetches them from models/ beside the
// script; the single-file build (web/vite.single.config.ts) carries them inside the bundle and
// answers their URLs (attnlab-embedded:/models/...) here, so the page works from file:// with no
// server and no network.

import { embeddedBase64, embeddedText } from 'virtual:attnlab-models';

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** Base64 text to bytes (the embedded weights). */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const bytes = atob(text);
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
  return out;
}

/** fetch, answered from the embedded files when the URL is one of them. */
export function embeddedFetch(
  text: Record<string, string> | null,
  base64: Record<string, string> | null,
  fallback: Fetch = (url, init) => fetch(url, init),
): Fetch {
  return async (url, init) => {
    if (text && Object.hasOwn(text, url))
      return new Response(text[url], { status: 200, headers: { 'content-type': 'application/json' } });
    if (base64 && Object.hasOwn(base64, url)) return new Response(decodeBase64(base64[url]), { status: 200 });
    if (text || base64) return new Response('not in this build', { status: 404 });
    return fallback(url, init);
  };
}

/** What the lessons call instead of fetch for anything under models/. */
export const fetchAsset: Fetch = embeddedFetch(embeddedText, embeddedBase64);

/** True in the single-file build, which carries its models inside and has no attnlab.js beside it. */
export const isSingleFile = embeddedText !== null;
