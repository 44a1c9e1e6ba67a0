// Base64 text to bytes, for the single-file build's embedded weights and WASM.
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const bytes = atob(text);
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
  return out;
}
