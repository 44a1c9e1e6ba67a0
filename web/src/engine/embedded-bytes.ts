// Bytes the single-file build carries inside its scripts (web/vite.single.config.ts): base64 text of
// gzip-compressed files, unpacked by the browser's own DecompressionStream. A module of its own with
// no imports, so the worker can use it without pulling the page's embedded models into its bundle.

/** Base64 text to bytes. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const bytes = atob(text);
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
  return out;
}

/** The decompressed stream of base64 gzip text (an unreadable gzip errors the stream when read). */
export function gunzipBase64(text: string): ReadableStream<Uint8Array> {
  return new Blob([decodeBase64(text)]).stream().pipeThrough(new DecompressionStream('gzip'));
}

/** The decompressed bytes of base64 gzip text. */
export async function gunzipBase64Bytes(text: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(gunzipBase64(text)).arrayBuffer());
}
