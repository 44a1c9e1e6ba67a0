// The module web/vite-plugin-models.ts provides (see web/src/engine/model-base.ts).
declare module 'virtual:attnlab-models' {
  /** Absolute URL of models/index.json, resolved against the importing script's own URL. */
  export const modelsIndexUrl: string;
}
