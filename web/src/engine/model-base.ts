// Where the page's models/ folder is, found from the script's own URL rather than the page's: the
// Vite plugin (web/vite-plugin-models.ts) gives the URL of models/index.json as the build wrote it,
// relative to the chunk that asks. So a course page in another folder that loads attnlab.js from
// https://site/attnlab/ fetches https://site/attnlab/models/..., and the app page works as before.

import { modelsIndexUrl } from 'virtual:attnlab-models';

/** The folder that holds models/ (the base that modelUrl and fetchModelFolder take). */
export function defaultModelBase(): string {
  return new URL('../', modelsIndexUrl).href;
}
