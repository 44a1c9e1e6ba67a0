// Stands in for the 'virtual:attnlab-models' module web/vite-plugin-models.ts provides in a page:
// the tests pass their own base URLs and fetch functions, so only the shape is needed.
export const modelsIndexUrl = 'http://localhost/models/index.json';
export const embeddedText: Record<string, string> | null = null;
export const embeddedGzip: Record<string, string> | null = null;
