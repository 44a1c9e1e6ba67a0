// The module web/vite-plugin-models.ts provides (see web/src/engine/model-base.ts).
declare module 'virtual:attnlab-models' {
  /** Absolute URL of models/index.json, resolved against the importing script's own URL. */
  export const modelsIndexUrl: string;
  /** The single-file build's embedded files by URL (null in the normal build): text ones... */
  export const embeddedText: Record<string, string> | null;
  /** ...and the model files, gzip-compressed, as base64. */
  export const embeddedGzip: Record<string, string> | null;
}
